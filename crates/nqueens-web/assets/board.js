// The board: its squares and the lines drawn over them, painted from a plain
// model of what is shown (the user's board, a preview, or the step of a
// trace being watched); the status line and the banner above it; and the
// user's moves on it, each checked by POST /api/verify.

import { $, QUEEN, SVG_NS, key, plural, setText, unkey } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { viewAt } from './trace.js';

export const board = $('board');
let squares = []; // {r, c, key, el, g, f, shade, cls, aria}
let overlay = null;

// The status line: the board's status, and maybe a remark after a dash.
export function setStatus(text, kind, extra) {
  const el = $('status');
  setText(el, text, kind);
  if (extra) {
    const span = document.createElement('span');
    span.className = 'extra';
    span.textContent = ' — ' + extra;
    el.append(span);
  }
}
export const setNote = (text, kind) => setText($('note'), text || '', kind);

export function buildBoard() {
  const n = state.n;
  board.style.setProperty('--n', n);
  $('board-wrap').style.setProperty('--n', n);
  board.replaceChildren();
  squares = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const el = document.createElement('button');
      el.type = 'button';
      el.dataset.row = r;
      el.dataset.col = c;
      el.dataset.testid = 'square';
      // One square in the Tab order (a "roving" tab stop): the arrow keys
      // move between squares (onBoardKey), so Tab crosses the board at once.
      el.tabIndex = r === 0 && c === 0 ? 0 : -1;
      const g = document.createElement('span');
      g.className = 'g';
      const f = document.createElement('span');
      f.className = 'f';
      const cnt = document.createElement('span');
      cnt.className = 'cnt';
      el.append(g, f, cnt);
      const shade = (r + c) % 2 === 0 ? 'light' : 'dark';
      board.append(el);
      squares.push({ r, c, key: key(r, c), el, g, f, cnt, shade, cls: '', aria: '' });
    }
  }
  overlay = document.createElementNS(SVG_NS, 'svg');
  overlay.setAttribute('class', 'overlay');
  overlay.setAttribute('viewBox', `0 0 ${n} ${n}`);
  overlay.setAttribute('preserveAspectRatio', 'none');
  overlay.setAttribute('aria-hidden', 'true');
  overlay.id = 'overlay';
  board.append(overlay);
  const labels = (id) => {
    const box = $(id);
    box.replaceChildren();
    for (let i = 0; i < n; i++) {
      const s = document.createElement('span');
      s.textContent = i;
      box.append(s);
    }
  };
  labels('col-labels');
  labels('row-labels');
}

// What the board shows now, as a plain model: the user's board, or the
// step of a trace being watched (`src`: the Watch panel's by default, or
// one side of the comparison).
export function model(src) {
  const m = {
    queens: new Map(), // key -> kind: user | added | conflict | algo
    blocked: state.blocked,
    attacked: new Set(),
    marks: new Map(), // key -> extra class
    scores: new Map(), // key -> f
    counts: new Map(), // key -> occupancy's attack counter
    lines: [], // {from: [r, c], to: [r, c], kind}
    row: -1,
  };
  const w = src || state.watch;
  if (w && w.active) {
    // The algorithm's board after the step, as the trace's view says.
    m.blocked = new Set();
    const ev = w.k > 0 ? w.events[w.k - 1] : null;
    const v = viewAt(w, w.k);
    const solved = !!ev && ev.event === 'solution';
    ((v && v.board) || []).forEach((c, r) => {
      if (c !== null && c !== undefined) m.queens.set(key(r, c), solved ? 'solved' : 'algo');
    });
    const mk = v && v.mark;
    if (mk && Number.isInteger(mk.row) && Number.isInteger(mk.col)) {
      const cls = { rejected: 'rejected', checked: 'checked', placed: 'just-placed', removed: 'ghost', candidate: 'candidate' }[mk.kind];
      if (cls) m.marks.set(key(mk.row, mk.col), cls);
      m.row = mk.row;
      if ((mk.kind === 'rejected' || mk.kind === 'checked') && ev && Array.isArray(ev.by)) {
        m.lines.push({ from: ev.by, to: [mk.row, mk.col], kind: mk.kind === 'rejected' ? 'reject' : 'check' });
      }
    }
    const s = v && v.structure;
    if (s && s.kind === 'masks' && Array.isArray(s.rows) && s.rows.length) {
      const last = s.rows[s.rows.length - 1];
      if (m.row < 0) m.row = last.row;
      const bits = String(last.free_bits || '');
      for (let c = 0; c < Math.min(bits.length, state.n); c++) {
        const k = key(last.row, c);
        const bit = s.lsb_right ? bits[bits.length - 1 - c] : bits[c];
        if (bit === '1' && !m.queens.has(k) && !m.marks.has(k)) m.marks.set(k, 'free');
      }
    }
    if (s && s.kind === 'scores' && Array.isArray(s.candidates)) {
      if (m.row < 0) m.row = s.row;
      for (const [c, f] of s.candidates) {
        const k = key(s.row, c);
        if (!m.queens.has(k)) m.scores.set(k, f);
      }
    }
    // Occupancy's counters, on the squares they count for.
    if (s && s.kind === 'counters' && Array.isArray(s.grid)) {
      s.grid.forEach((row, r) => (Array.isArray(row) ? row : []).forEach((x, c) => {
        const k = key(r, c);
        if (Number.isInteger(x) && !m.queens.has(k)) m.counts.set(k, x);
      }));
    }
    return m;
  }
  const shown = state.preview ? state.preview.queens : state.queens;
  // A completion's queens are the solver's but for the user's own; a
  // solution listed for an empty board is just a solution.
  const distinguish = !!state.preview &&
    (state.preview.kind === 'complete' || state.queens.size > 0 || state.blocked.size > 0);
  for (const k of shown) {
    m.queens.set(k, distinguish && !state.queens.has(k) ? 'added' : 'user');
  }
  const v = state.verify;
  if (v) {
    for (const [r, c] of v.attacked || []) m.attacked.add(key(r, c));
    for (const cf of v.conflicts || []) {
      const a = key(cf.first[0], cf.first[1]);
      const b = key(cf.second[0], cf.second[1]);
      if (!m.queens.has(a) || !m.queens.has(b)) continue; // a stale answer
      m.queens.set(a, 'conflict');
      m.queens.set(b, 'conflict');
      m.lines.push({ from: cf.first, to: cf.second, kind: 'conflict', attack: cf.attack });
    }
    for (const [r, c] of v.on_blocked || []) m.marks.set(key(r, c), 'on-blocked');
  }
  return m;
}

export function render() {
  const m = model();
  for (const sq of squares) paintSquare(sq, m);
  drawLines(overlay, m.lines);
  renderBanner();
  renderControls();
}

// One square as the model says: classes, glyph, f, counter, label.
export function paintSquare(sq, m) {
  const k = sq.key;
  const cls = ['sq', sq.shade];
  const q = m.queens.get(k);
  const mark = m.marks.get(k);
  let glyph = '';
  let aria = `row ${sq.r}, column ${sq.c}`;
  if (q) {
    cls.push('queen', 'q-' + q);
    glyph = QUEEN;
    aria += q === 'added' ? ', queen added by the solver' : q === 'conflict' ? ', queen in conflict' : ', queen';
  }
  if (m.blocked.has(k)) {
    cls.push('blocked');
    aria += ', blocked';
  }
  if (!q && m.attacked.has(k)) {
    cls.push('attacked');
    aria += ', attacked';
  }
  if (mark) {
    cls.push(mark);
    const said = { rejected: ', rejected by the search', checked: ', being checked', ghost: ', queen just taken back', free: ', free', candidate: ', tested', 'on-blocked': ', on a blocked square' }[mark];
    if (said) aria += said;
    if (mark === 'ghost') glyph = QUEEN;
    if (mark === 'rejected' && !q) glyph = '✕';
  }
  if (!glyph && m.blocked.has(k)) glyph = '×';
  if (m.row === sq.r) cls.push('cur-row');
  const f = m.scores.has(k) ? String(m.scores.get(k)) : '';
  if (f) aria += `, f = ${f}`;
  const count = m.counts.has(k) ? String(m.counts.get(k)) : '';
  if (count) {
    cls.push(count === '0' ? 'cnt0' : 'cnt-hit');
    aria += `, attacked by ${plural(Number(count), 'queen')} above`;
  }
  const c = cls.join(' ');
  if (sq.cls !== c) { sq.el.className = c; sq.cls = c; }
  if (sq.g.textContent !== glyph) sq.g.textContent = glyph;
  if (sq.f.textContent !== f) sq.f.textContent = f;
  if (sq.cnt && sq.cnt.textContent !== count) sq.cnt.textContent = count;
  if (sq.aria !== aria) { sq.el.setAttribute('aria-label', aria); sq.aria = aria; }
}

// The lines between squares (conflicts, the attacker of a rejected square).
export function drawLines(svg, list) {
  const lines = list.map((l) => {
    const line = document.createElementNS(SVG_NS, 'line');
    line.setAttribute('x1', l.from[1] + 0.5);
    line.setAttribute('y1', l.from[0] + 0.5);
    line.setAttribute('x2', l.to[1] + 0.5);
    line.setAttribute('y2', l.to[0] + 0.5);
    line.setAttribute('class', l.kind);
    line.dataset.testid = l.kind + '-line';
    if (l.attack) line.dataset.attack = l.attack;
    return line;
  });
  svg.replaceChildren(...lines);
}

function renderBanner() {
  const banner = $('banner');
  const w = state.watch;
  let text = '';
  if (w && w.active) {
    text = `Watching ${w.algorithm} on the ${w.n}×${w.n} board`;
    $('banner-keep').hidden = true;
    $('banner-back').textContent = 'Close';
  } else if (state.preview) {
    text = state.preview.label;
    $('banner-keep').hidden = false;
    $('banner-back').textContent = 'Back to my board';
  }
  banner.hidden = !text;
  banner.classList.toggle('watching', !!(w && w.active));
  $('banner-text').textContent = text;
}

export function renderControls() {
  const empty = state.queens.size === 0 && state.blocked.size === 0;
  const unique = $('unique');
  unique.disabled = !empty;
  if (!empty) unique.checked = false;
  unique.parentElement.classList.toggle('disabled', !empty);
  $('prev').disabled = state.page.index <= 0;
  $('next').disabled = state.page.index >= 0 && !state.page.more;
  $('mode-queens').setAttribute('aria-pressed', String(state.mode === 'queens'));
  $('mode-blocks').setAttribute('aria-pressed', String(state.mode === 'blocks'));
  board.classList.toggle('blocks-mode', state.mode === 'blocks');
}

export function boardBody(queens = state.queens) {
  return {
    n: state.n,
    queens: [...queens].map(unkey),
    blocked: [...state.blocked].map(unkey),
  };
}

// Asks the server about the board shown (the user's, or a preview), then,
// quietly, whether the user's board can still be completed.
export async function refresh() {
  const seq = ++state.seq;
  const preview = state.preview;
  const body = boardBody(preview ? preview.queens : state.queens);
  let v;
  try {
    v = await api('POST', '/api/verify', body);
  } catch (e) {
    if (seq === state.seq) { state.verify = null; render(); setStatus(e.message, 'error'); }
    return;
  }
  if (seq !== state.seq) return;
  state.verify = v;
  if (!(state.watch && state.watch.active)) {
    setStatus(v.status, v.solution ? 'ok' : v.conflict_count > 0 || v.on_blocked.length > 0 ? 'error' : undefined);
  }
  render();
  if (preview) return;
  let extra = '';
  try {
    const c = await api('POST', '/api/complete', { ...body, mode: 'first' });
    if (c.status === 'none') extra = c.message;
  } catch (e) {
    extra = e.status === 503 ? 'no quick answer on whether it can be completed' : e.message;
  }
  if (seq !== state.seq || (state.watch && state.watch.active)) return;
  if (extra) setStatus(v.status, 'error', extra);
}

// A change to the user's board.
export function boardChanged() {
  state.preview = null;
  state.page = { index: -1, more: true };
  setNote('');
  // What the Solve panel said was about the board before.
  setText($('solve-msg'), 'Finish your board, count its completions, or step through them.');
  refresh();
}

export function adoptPreview() {
  if (!state.preview) return;
  state.queens = new Set(state.preview.queens);
  boardChanged();
}

export function onSquare(r, c) {
  if (state.watch && state.watch.active) {
    setNote('The board shows the algorithm now: press Close (or reset) to edit yours.');
    return;
  }
  if (state.preview) {
    state.queens = new Set(state.preview.queens);
    state.preview = null;
  }
  const k = key(r, c);
  if (state.mode === 'queens') {
    if (state.queens.has(k)) state.queens.delete(k);
    else state.queens.add(k);
  } else if (state.blocked.has(k)) {
    state.blocked.delete(k);
  } else {
    state.blocked.add(k);
  }
  boardChanged();
  render();
}

// Arrow keys, Home and End on a square of the user's board move the focus
// between squares (one Tab stop for the whole board). While the board shows
// the algorithm they are left to the page's keys (a step of the search).
export function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || (state.watch && state.watch.active)) return;
  const el = e.target instanceof Element ? e.target.closest('button[data-row]') : null;
  if (!el) return;
  const n = state.n;
  let r = Number(el.dataset.row);
  let c = Number(el.dataset.col);
  switch (e.key) {
    case 'ArrowRight': c = Math.min(n - 1, c + 1); break;
    case 'ArrowLeft': c = Math.max(0, c - 1); break;
    case 'ArrowDown': r = Math.min(n - 1, r + 1); break;
    case 'ArrowUp': r = Math.max(0, r - 1); break;
    case 'Home': c = 0; break;
    case 'End': c = n - 1; break;
    default: return;
  }
  e.preventDefault();
  focusSquare(r, c);
}

// Makes square (r, c) the board's Tab stop and focuses it.
export function focusSquare(r, c) {
  const to = squares.find((q) => q.r === r && q.c === c);
  if (!to) return;
  for (const q of squares) if (q.el.tabIndex === 0 && q !== to) q.el.tabIndex = -1;
  to.el.tabIndex = 0;
  to.el.focus();
}
