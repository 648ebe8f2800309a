// Small pieces every module of the page uses: elements by id and a
// shorthand to build them, the text setter for messages, the "r,c" keys the
// board's squares go by, and a few words (plural, capital, durations).

export const $ = (id) => document.getElementById(id);
export const key = (r, c) => r + ',' + c;
export const unkey = (k) => k.split(',').map(Number);
export const QUEEN = '\u265B\uFE0E';
export const SVG_NS = 'http://www.w3.org/2000/svg';

// A message line: its text, and its colour ('error', 'ok' or neither).
export function setText(el, text, kind) {
  el.textContent = text;
  el.classList.toggle('error', kind === 'error');
  el.classList.toggle('ok', kind === 'ok');
}

// Words.
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export function fmtSeconds(s) {
  if (s < 0.001) return `${(s * 1e6).toFixed(0)} µs`;
  if (s < 1) return `${(s * 1e3).toFixed(1)} ms`;
  return `${s.toFixed(2)} s`;
}
// Numbers grouped by thousands, as the command line writes them.
export const plural = (k, one, many = one + 's') => `${typeof k === 'number' ? k.toLocaleString('en-US') : k} ${k === 1 ? one : many}`;

// A DOM element: h('p', {class: 'x', text: 'hi'}, child, ...).
export function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of kids.flat()) {
    if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  }
  return el;
}
