// Two algorithms side by side on the board size chosen on the page,
// stepping together: by steps (each does its next step) or by nodes (each
// goes on to the next board it stands on, so that both have stood on as
// many boards). Each side is a trace loaded from POST /api/trace a page at
// a time, like Watch's, drawn with Watch's own pieces (imported from the
// page's modules): its board, its step in the API's words, its
// data structure; the table between them puts their counters side by side,
// and once a search is over, its own counters (reads, writes, ...) from the
// API. The conflict tests, reads and writes after each step are the ones
// the API's step carries ("counters": what the algorithm had counted when
// it took that step, so that after the last step they are the search's own
// totals), and so are the placements (a place event is one for most, but
// brute force puts n queens a candidate and bfs one a child); the steps,
// boards, backtracks and solutions are the events counted here.

import { $, SVG_NS, h, key, setText } from './dom.js';
import { api } from './api.js';
import { hooks, state } from './state.js';
import { drawLines, model, paintSquare } from './board.js';
import { stepCounters, viewAt } from './trace.js';
import { STRUCTURE_NAME, structureWidget } from './structure.js';
import { HOLD, speed } from './watch.js';

const boardSize = () => state.n;

const cmp = {
  by: 'nodes',
  sides: [null, null], // {algorithm, n, events, tree: Map, k, nextOffset, truncated, stats, active, failed, loading, more}
  history: [], // the [k, k] of each earlier tick, for "back"
  timer: null,
  boards: [null, null], // {el, overlay, squares, n}
};
const CMP_IDS = ['cmp-a', 'cmp-b'];
const CMP_BOX = ['cmp-left', 'cmp-right'];

function cmpMsg(text, kind) { setText($('cmp-msg'), text || '', kind); }

// One side's board: squares like the main board's (not buttons: nothing
// to click), drawn from the same model.
function cmpBoard(i, n) {
  const have = cmp.boards[i];
  if (have && have.n === n) return have;
  const el = document.querySelector(`#${CMP_BOX[i]} .cmp-board`);
  el.style.setProperty('--n', n);
  el.replaceChildren();
  const list = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const sq = h('span', { 'data-row': r, 'data-col': c, role: 'img' });
      const g = h('span', { class: 'g' });
      const f = h('span', { class: 'f' });
      const cnt = h('span', { class: 'cnt' });
      sq.append(g, f, cnt);
      el.append(sq);
      list.push({ r, c, key: key(r, c), el: sq, g, f, cnt, shade: (r + c) % 2 === 0 ? 'light' : 'dark', cls: '', aria: '' });
    }
  }
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'overlay');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  el.append(svg);
  cmp.boards[i] = { el, overlay: svg, squares: list, n };
  return cmp.boards[i];
}

// Adds a page of a side's trace and works its counters out again.
function cmpAddPage(side, t) {
  side.events = side.events.concat(Array.isArray(t.events) ? t.events : []);
  for (const e of Array.isArray(t.tree) ? t.tree : []) side.tree.set(e.id, e);
  side.nextOffset = Number.isInteger(t.next_offset) ? t.next_offset : null;
  side.truncated = !!t.truncated;
  if (t.stats) side.stats = t.stats;
  stepCounters(side, side.events, [...side.tree.values()]);
}

function cmpLoad(side, offset) {
  const body = { n: side.n, algorithm: side.algorithm };
  if (offset) body.offset = offset;
  return api('POST', '/api/trace', body).then((t) => {
    if (!cmp.sides.includes(side)) return false;
    cmpAddPage(side, t);
    return true;
  }, (e) => {
    if (!cmp.sides.includes(side)) return false;
    // (A board too large for the algorithm: the server's message says its limit.)
    let msg = `${side.algorithm}: ${e.message}`;
    if (offset) msg = `${side.algorithm}: could not load the steps after step ${side.events.length}: ${e.message}`;
    else side.failed = true;
    cmpMsg(msg, 'error');
    return false;
  });
}

// Both traces, loaded once for the algorithms and board size chosen.
async function cmpEnsure() {
  const names = CMP_IDS.map((id) => $(id).value);
  const n = boardSize();
  const fresh = cmp.sides.every((s, i) => s && s.algorithm === names[i] && s.n === n && !s.failed);
  if (!fresh) {
    // (Playing goes on: the first tick of play loads the traces.)
    cmp.sides = names.map((algorithm) => ({ algorithm, n, events: [], tree: new Map(), k: 0, nextOffset: null, truncated: false, stats: null, active: false, failed: false, loading: null, more: null }));
    cmp.history = [];
    cmpMsg(`Loading ${names[0]} and ${names[1]} on the ${n}×${n} board…`);
    for (const s of cmp.sides) s.loading = cmpLoad(s, 0).then((ok) => { s.active = ok; return ok; });
  }
  const sides = cmp.sides;
  const ok = (await Promise.all(sides.map((s) => s.loading))).every(Boolean);
  if (cmp.sides !== sides) return false;
  if (ok && !fresh) cmpMsg(cmpBase());
  cmpShow();
  return ok;
}

// A side keeps every step it loads (Back goes back tick by tick), so it
// stops at Watch's HOLD steps (a few KB each on large boards).
const cmpHeld = (s) => s.nextOffset !== null && s.events.length >= HOLD;

// The next page of a side, when the side stands on the last step loaded.
function cmpMore(side) {
  if (side.k < side.events.length || side.nextOffset === null || cmpHeld(side)) return Promise.resolve(false);
  if (!side.more) side.more = cmpLoad(side, side.nextOffset).finally(() => { side.more = null; });
  return side.more;
}

function cmpBase() {
  const by = cmp.by === 'nodes' ? 'each goes on to the next board it stands on (a node)' : 'each does its next step';
  return `Both search the ${boardSize()}×${boardSize()} board; a step forward: ${by}.`;
}

const cmpOver = (s) => s.k >= s.events.length && (s.nextOffset === null || cmpHeld(s));

// One tick forward for both sides, drawn unless `draw` is false (Play's
// ticks but its last).
async function cmpStep(draw = true) {
  if (!(await cmpEnsure())) return false;
  const sides = cmp.sides;
  if (sides.every(cmpOver)) {
    const cut = sides.filter((s) => s.truncated);
    const held = cut.some(cmpHeld) ? `the comparison holds (${HOLD.toLocaleString('en-US')} steps a side; \`nqueens compare\` runs the whole searches)` : 'this server traces';
    cmpMsg(cut.length ? `As far as ${held}: ${cut.map((s) => `${s.algorithm} stops at step ${s.events.length}`).join(', ')}.` : 'Both searches are over.');
    cmpPause();
    cmpShow();
    return false;
  }
  const before = sides.map((s) => s.k);
  // Said first: a page that does not come says so after it.
  cmpMsg(cmpBase());
  if (cmp.by === 'steps') {
    for (const s of sides) {
      if (s.k >= s.events.length) await cmpMore(s);
      if (s.k < s.events.length) s.k++;
    }
  } else {
    // One node more than the side behind has (a side whose search is over
    // stays): the side ahead waits for it.
    const target = Math.min(...sides.filter((s) => !cmpOver(s)).map((s) => s.nodesAt[s.k])) + 1;
    for (const s of sides) {
      for (;;) {
        while (s.k < s.events.length && s.nodesAt[s.k] < target) s.k++;
        if (s.nodesAt[s.k] >= target || s.nextOffset === null) break;
        if (!(await cmpMore(s)) || cmp.sides !== sides) break;
      }
    }
  }
  if (cmp.sides !== sides) return false;
  cmp.history.push(before);
  if (draw) cmpShow();
  return true;
}

function cmpBack() {
  cmpPause();
  const prev = cmp.history.pop();
  if (!prev) return;
  cmp.sides.forEach((s, i) => { if (s) s.k = prev[i]; });
  cmpMsg(cmpBase());
  cmpShow();
}

// At the speed set in Watch: a timer fires at most about 60 times a
// second, so each does as many ticks as the time since the last asks for
// (up to 2,000), and the boards are drawn once.
function cmpPlay() {
  if (cmp.timer) return;
  let last = performance.now();
  let budget = 1; // the first tick at once
  const tick = async () => {
    if (!cmp.timer) return;
    const now = performance.now();
    budget += (Math.min(now - last, 250) / 1000) * speed();
    last = now;
    const ticks = Math.min(Math.floor(budget), 2000);
    budget -= ticks;
    for (let i = 0; i < ticks; i++) {
      const ok = await cmpStep(i === ticks - 1);
      if (!cmp.timer) return;
      if (!ok) { cmpShow(); cmpPause(); return; }
    }
    cmp.timer = setTimeout(tick, Math.max(16, 1000 / speed()));
  };
  cmp.timer = setTimeout(tick, 0);
  cmpControls();
}

function cmpPause() {
  if (cmp.timer) clearTimeout(cmp.timer);
  cmp.timer = null;
  cmpControls();
}

function cmpStop() {
  cmpPause();
  cmp.sides = [null, null];
  cmp.history = [];
}

// Back to step 0 of both; a new board size or algorithm starts again.
function cmpReset() {
  cmpStop();
  cmpMsg(`Choose two algorithms and step: both search the ${boardSize()}×${boardSize()} board.`);
  cmpShow();
}

function cmpControls() {
  const on = cmp.sides.every((s) => s && s.active);
  $('cmp-play').disabled = !!cmp.timer;
  $('cmp-pause').disabled = !cmp.timer;
  $('cmp-back').disabled = !(on && cmp.history.length);
  $('cmp-by-steps').setAttribute('aria-pressed', String(cmp.by === 'steps'));
  $('cmp-by-nodes').setAttribute('aria-pressed', String(cmp.by === 'nodes'));
}

// One of the algorithm's own counters after a side's step (0 before any).
const counted = (field) => (s) => {
  if (s.k === 0) return 0;
  const c = s.events[s.k - 1].counters;
  return c && Number.isFinite(c[field]) ? c[field] : null;
};

// The counters of both sides in one table, with the ratio.
const CMP_ROWS = [
  ['steps', 'steps of the trace done', (s) => s.k],
  ['nodes', 'boards stood on so far (the tree\'s nodes less its pruned squares)', (s) => s.nodesAt[s.k]],
  ['placements', 'queens put on the board so far, as the search itself counts them (brute force puts n a candidate)', counted('placements')],
  ['tests', 'conflict tests so far, as the search itself counts them', counted('conflict_tests')],
  ['reads', 'entries of its structure read so far, as the search itself counts them', counted('reads')],
  ['writes', 'entries of its structure written so far, as the search itself counts them', counted('writes')],
  ['backtracks', 'queens taken back so far', (s) => s.backAt[s.k]],
  ['solutions', 'solutions found so far', (s) => s.solAt[s.k]],
];
// The whole search's counters, once the server has sent both searches'
// stats (with a trace's last page: from the first where one page holds it).
const CMP_TOTALS = ['nodes', 'conflict_tests', 'reads', 'writes', 'peak_frontier'];

function ratio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === null || b === null) return '';
  if (a === b) return '=';
  if (b === 0 || a === 0) return '';
  // Within 5%, which "1.0×" would show, no side is named.
  if (Math.max(a, b) / Math.min(a, b) < 1.05) return '≈';
  return a > b ? `left ${(a / b).toFixed(1)}×` : `right ${(b / a).toFixed(1)}×`;
}

function cmpShow() {
  const sides = cmp.sides;
  const on = sides.every((s) => s && s.active);
  const n = boardSize();
  sides.forEach((s, i) => {
    const box = $(CMP_BOX[i]);
    const name = $(CMP_IDS[i]).value;
    box.querySelector('.cmp-name').textContent = name;
    box.querySelector('.cmp-st-name').textContent = `${name}: ${s && s.active && viewAt(s, s.k)?.structure?.kind ? STRUCTURE_NAME[viewAt(s, s.k).structure.kind] || 'its data' : 'its data'}`;
    const b = cmpBoard(i, n);
    const m = s && s.active ? model(s) : model({ active: true, k: 0, events: [] });
    for (const sq of b.squares) paintSquare(sq, m);
    drawLines(b.overlay, m.lines);
    b.el.setAttribute('aria-label', `${name}'s board, step ${s && s.active ? s.k : 0}`);
    const evEl = box.querySelector('.cmp-event');
    const st = box.querySelector('.cmp-structure');
    if (s && s.active) {
      const ev = s.k > 0 ? s.events[s.k - 1] : null;
      evEl.replaceChildren(h('span', { class: 'ev-num', text: `Step ${s.k} of ${s.events.length}${s.truncated ? '+' : ''}` }), ': ',
        h('span', { class: 'ev-says', text: ev ? ev.says || ev.event : 'nothing done yet, the board is empty.' }));
      evEl.className = 'cmp-event event' + (ev ? ' ev-' + ev.event : '');
      const v = viewAt(s, s.k);
      const w = v && v.structure && v.structure.kind ? structureWidget(v.structure, v, s.n, { turnsBits: false }) : null;
      st.replaceChildren(w || h('p', { class: 'hint', text: s.k === 0 ? 'Step 0: nothing done yet.' : 'This step leaves no structure to show.' }));
    } else {
      evEl.textContent = '';
      evEl.className = 'cmp-event event';
      st.replaceChildren(h('p', { class: 'hint', text: 'Step to see its data structure.' }));
    }
  });
  const names = CMP_IDS.map((id) => $(id).value);
  const head = h('tr', {}, h('th', { scope: 'col', text: '' }), ...names.map((x) => h('th', { scope: 'col', text: x })), h('th', { scope: 'col', text: 'ratio' }));
  const rows = CMP_ROWS.map(([label, title, f]) => {
    const vals = sides.map((s) => (on ? f(s) : null));
    return h('tr', { 'data-row': label }, h('th', { scope: 'row', title, text: label }),
      ...vals.map((x) => h('td', { text: x === null ? '—' : Number(x).toLocaleString('en-US') })),
      h('td', { class: 'ratio', text: vals.some((x) => x === null) ? '' : ratio(vals[0], vals[1]) }));
  });
  const done = on && sides.every((s) => s.stats);
  const totals = done ? CMP_TOTALS.map((f) => {
    const vals = sides.map((s) => Number(s.stats[f]));
    return h('tr', { class: 'total', 'data-row': 'total-' + f }, h('th', { scope: 'row', text: f.replace('_', ' ') }),
      ...vals.map((x) => h('td', { text: x.toLocaleString('en-US') })), h('td', { class: 'ratio', text: ratio(vals[0], vals[1]) }));
  }) : [];
  const table = $('cmp-table');
  table.replaceChildren(h('thead', {}, head), h('tbody', {}, rows),
    done ? h('tbody', { class: 'totals' }, h('tr', {}, h('th', { colspan: 4, class: 'sub', text: 'the whole search (its own counters)' })), totals) : '');
  cmpControls();
}

// The comparison's controls.
function wireCompare() {
  const fill = (id, value) => {
    const sel = $(id);
    sel.replaceChildren(...[...$('algo').options].map((o) => h('option', { value: o.value, text: o.textContent, title: o.title })));
    if ([...sel.options].some((o) => o.value === value)) sel.value = value;
  };
  fill('cmp-a', 'recursive-board');
  fill('cmp-b', 'recursive');
  for (const id of CMP_IDS) $(id).addEventListener('change', cmpReset);
  $('cmp-step').addEventListener('click', () => { cmpPause(); cmpStep(); });
  $('cmp-back').addEventListener('click', cmpBack);
  $('cmp-play').addEventListener('click', cmpPlay);
  $('cmp-pause').addEventListener('click', cmpPause);
  $('cmp-reset').addEventListener('click', cmpReset);
  const by = (what) => { cmp.by = what; if (cmp.sides.every((s) => s && s.active)) cmpMsg(cmpBase()); cmpControls(); };
  $('cmp-by-steps').addEventListener('click', () => by('steps'));
  $('cmp-by-nodes').addEventListener('click', () => by('nodes'));
  $('cmp-presets').addEventListener('click', (e) => {
    const p = e.target.closest('button[data-a]');
    if (!p) return;
    $('cmp-a').value = p.dataset.a;
    $('cmp-b').value = p.dataset.b;
    cmpReset();
  });
  cmpReset();
}

hooks.ready.push(wireCompare);
hooks.size.push(() => { if ($('cmp-a').options.length) cmpReset(); });
// Shown on a narrow screen's Compare tab: drawn for the board size now.
hooks.tab.push((name) => { if (name === 'compare' && !cmp.sides.every((s) => s && s.active)) cmpShow(); });
