// What the Watch panel says of an algorithm: its description from the
// module docs, its pseudocode with the current line, and the legends.

import { $, cap, h } from './dom.js';
import { api } from './api.js';
import { algorithmInfo, state } from './state.js';

// Text from the module docs: `code`, **strong**, *emphasis*, bare URLs.
function richText(text) {
  const out = [];
  String(text || '').replace(/\s+/g, ' ').split(/(`[^`]*`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|https?:\/\/[^\s)]+)/).forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 0) out.push(part);
    else if (part.startsWith('`')) out.push(h('code', { text: part.slice(1, -1) }));
    else if (part.startsWith('**')) out.push(h('strong', {}, richText(part.slice(2, -2))));
    else if (part.startsWith('*')) out.push(h('em', {}, richText(part.slice(1, -1))));
    else out.push(h('a', { href: part, target: '_blank', rel: 'noopener noreferrer', text: part }));
  });
  return out;
}
// Paragraphs (blank lines between) and "- " lists, even run together on
// one line ("…; - next item").
function richBlocks(text) {
  return String(text || '').split(/\n\s*\n/).filter((p) => p.trim()).map((para) => {
    const t = para.trim();
    // A Markdown table: "| a | b |" rows, the second "|---|---:|".
    if (/^\|/.test(t)) {
      const cellsOf = (row) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
      const rows = t.split('\n').filter((r) => r.trim());
      const body = rows.slice(1).filter((r) => !/^\|?[\s:|-]+\|?$/.test(r.trim()));
      return h('table', { class: 'about-table' },
        h('thead', {}, h('tr', {}, cellsOf(rows[0]).map((c) => h('th', {}, richText(c))))),
        h('tbody', {}, body.map((r) => h('tr', {}, cellsOf(r).map((c) => h('td', {}, richText(c)))))));
    }
    if (!/^- /.test(t)) return h('p', {}, richText(t));
    const items = t.slice(2).split(/(?:\n|(?<=[;.:])\s+)- (?=\S)/);
    return h('ul', {}, items.map((it) => h('li', {}, richText(it))));
  });
}

export function showCode(code, line) {
  const ol = $('w-code');
  if (ol.dataset.src !== code.join('\n')) {
    ol.dataset.src = code.join('\n');
    // Indentation as padding, so that a wrapped line keeps it.
    ol.replaceChildren(...code.map((text, i) => {
      const ind = /^ */.exec(text)[0].length;
      return h('li', { 'data-line': i }, h('span', { class: 'ln', text: i + 1 }), h('code', { style: `padding-left:${ind}ch`, text: text.slice(ind) || ' ' }));
    }));
    if (!code.length) ol.append(h('li', { class: 'none', text: 'no pseudocode' }));
  }
  for (const li of ol.querySelectorAll('li.cur')) { li.classList.remove('cur'); li.removeAttribute('aria-current'); }
  if (line !== null && line !== undefined && ol.children[line]) {
    const li = ol.children[line];
    li.classList.add('cur');
    li.setAttribute('aria-current', 'step');
  }
}

export function showAbout(name, about) {
  $('w-about-name').textContent = name ? '— ' + name : '';
  const body = $('w-about-body');
  if (!about) { body.replaceChildren(h('p', { class: 'hint', text: 'Loading…' })); return; }
  const part = (title, text) => (text ? [h('h4', { text: title }), ...richBlocks(cap(String(text)))] : []);
  body.replaceChildren(
    about.summary ? h('p', { class: 'about-summary' }, richText(cap(about.summary))) : '',
    ...part('The idea', about.idea),
    ...part('Why it is taught', about.why),
    ...part('What it costs', about.cost),
    ...part('Source', about.source),
  );
}

export function showTextLegend(legend) {
  $('w-text-legend').replaceChildren(...legend.map(([mark, what]) => h('li', {}, h('code', { text: mark }), ' ' + what)));
}

// The legend under the board while watching: only the marks this trace uses.
export function showWatchLegend(w) {
  const u = w.marksUsed;
  const items = [[h('span', { class: 'swatch q-algo', text: '♛' }), 'the algorithm\'s queen']];
  if (u.has('solution')) items.push([h('span', { class: 'swatch q-solved', text: '♛' }), 'a solution']);
  if (u.has('placed')) items.push([h('span', { class: 'swatch sw-placed', text: '♛' }), 'just placed']);
  if (u.has('removed')) items.push([h('span', { class: 'swatch sw-ghost', text: '♛' }), 'just taken back']);
  if (u.has('rejected')) items.push([h('span', { class: 'swatch sw-rejected', text: '✕' }), 'rejected by the search' + (u.has('line-reject') ? ' (dashed: its attacker)' : '')]);
  if (u.has('checked')) items.push([h('span', { class: 'swatch sw-checked' }), 'being checked' + (u.has('line-check') ? ' (dotted: the attacker found)' : '')]);
  if (u.has('candidate')) items.push([h('span', { class: 'swatch sw-candidate' }), 'the pair the test stopped at']);
  if (u.has('s:masks')) items.push([h('span', { class: 'swatch sw-free' }), 'free: a 1 in free']);
  if (u.has('s:scores')) items.push([h('span', { class: 'swatch sw-f', text: 'f' }), 'f: squares left free below']);
  if (u.has('s:counters')) items.push([h('span', { class: 'swatch sw-cnt', text: '2' }), 'its counter: queens above attacking the square']);
  // brute-force fills no row: the row marked is that of the queen it tests.
  items.push([h('span', { class: 'swatch sw-row' }), w.algorithm === 'brute-force' ? 'the row of the queen tested' : 'the row being filled']);
  $('legend-watch').replaceChildren(...items.map(([sw, what]) => h('li', {}, sw, ' ' + what)));
}

// About and pseudocode of the algorithm selected, before any watching: a
// one-step trace on a small board answers them.
const aboutCache = new Map();
export async function loadAbout() {
  const name = $('algo').value;
  if (!name) return;
  const w = state.watch;
  if (w && w.algorithm === name && w.active) { showAbout(name, w.about); showCode(w.pseudocode, null); return; }
  if (!aboutCache.has(name)) {
    const a = algorithmInfo(name);
    const n = Math.min(4, a ? a.max_n : 4);
    aboutCache.set(name, api('POST', '/api/trace', { n, algorithm: name, limit: 1 }).then(
      (t) => ({ about: t.about || null, pseudocode: Array.isArray(t.pseudocode) ? t.pseudocode : [] }),
      () => { aboutCache.delete(name); return null; }));
  }
  showAbout(name, null);
  const got = await aboutCache.get(name);
  if ($('algo').value !== name || (state.watch && state.watch.active)) return;
  if (!got) { $('w-about-body').replaceChildren(h('p', { class: 'hint', text: 'The server did not answer.' })); return; }
  showAbout(name, got.about);
  showCode(got.pseudocode, null);
}
