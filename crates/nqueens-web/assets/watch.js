// Watching an algorithm search: loading its trace a page at a time,
// stepping, playing, jumping to the next solution, backtrack or dead end,
// the timeline under the board and the keys.
//
// POST /api/trace answers the search a page at a time (as many steps as
// fit in one reply; `next_offset` asks for the next): per step the words
// (`says`), the pseudocode line, the tree node the search stands on and
// the state after the step (`view`: the board, a mark, the algorithm's own
// structure as data and as text), and the search tree. The page only moves
// a step index k (0 = nothing done yet) through it.
//
// "Go to step" reaches any step the server traces (the CLI's --max-steps)
// without loading every step before it: far from the steps held, the page
// loads a window, the page that starts a little before the step, and holds
// it as it would hold the trace from its start (w.offset steps before it;
// the server's "before" counts them, so the counters stay true). Stepping
// on appends pages, stepping back before the window's first step loads the
// page before it, and past HOLD steps the pages furthest from the step
// shown are dropped, so that the memory the page takes stays bounded.

import { $, SVG_NS, h, plural, setText } from './dom.js';
import { api } from './api.js';
import { algorithmInfo, state } from './state.js';
import { refresh, render, setNote, setStatus } from './board.js';
import { countsAt, nameBack, prepare, traceBase, viewAt } from './trace.js';
import { buildTree, growTree, showTree } from './tree.js';
import { showStructure } from './structure.js';
import { loadAbout, showAbout, showCode, showTextLegend, showWatchLegend } from './about.js';
import { hideOtherMessages, restoreOtherMessages } from './solve.js';

export function watchMsg(text, kind) { setText($('w-msg'), text || '', kind); }

// The most steps held at once: past it the pages furthest from the step
// shown are dropped. Each page added works the steps held out again and the
// tree holds a row per node, so this bounds the time a page takes as well as
// the memory (at 100,000 a page took seconds).
export const HOLD = 20000;
// Steps loaded before a step gone to far from those held, to see how the
// search came to it.
const CONTEXT = 100;

// The request for the page at `offset`.
function traceBody(w, offset, limit) {
  const body = { n: w.n, algorithm: w.algorithm };
  if (offset) body.offset = offset;
  if (limit) body.limit = limit;
  if (w.bits) body.bits = w.bits;
  return body;
}

// Adds a page of the trace to what the page holds (at the end, or at the
// start: the page before the window), drops the pages furthest from the
// step shown past HOLD steps, and works it out again.
function addPage(w, t, atStart = false) {
  const events = Array.isArray(t.events) ? t.events : [];
  const p = w.pages;
  if (p.first === null) p.first = t;
  if (atStart) {
    p.events = events.concat(p.events);
    p.sizes.unshift(events.length);
    p.offset = Number(t.offset) || 0;
    p.before = t.before || null;
    // The later pages know more of a node.
    for (const e of Array.isArray(t.tree) ? t.tree : []) if (!p.tree.has(e.id)) p.tree.set(e.id, e);
    w.k += events.length;
  } else {
    if (!p.events.length) {
      p.offset = Number(t.offset) || 0;
      p.before = t.before || null;
    }
    p.events = p.events.concat(events);
    p.sizes.push(events.length);
    // A later page knows more of a node (a queen found to be a dead end).
    for (const e of Array.isArray(t.tree) ? t.tree : []) p.tree.set(e.id, e);
    w.nextOffset = Number.isInteger(t.next_offset) ? t.next_offset : null;
    p.truncated = !!t.truncated;
    p.stats = t.stats || null;
  }
  const dropped = dropPages(w, atStart);
  const tree = [...p.tree.values()].sort((a, b) => a.id - b.id);
  const first = p.first;
  prepare(w, {
    events: p.events,
    tree,
    offset: p.offset,
    before: p.before,
    truncated: p.truncated,
    stats: p.stats,
    about: first.about,
    pseudocode: first.pseudocode,
    legend: first.legend,
  });
  if (atStart || dropped || !(w.tree && growTree(w, tree))) buildTree(w, tree);
  w.base = traceBase(w);
}

// Past HOLD steps, drops whole pages from the start (or, after a page added
// at the start, from the end), never the one of the step shown, keeping the
// counts of the steps dropped before the window in `before`; true if any went.
function dropPages(w, fromEnd) {
  const p = w.pages;
  if (p.events.length <= HOLD) return false;
  // Down to three quarters of HOLD, so that the tree is built again once
  // every few pages, not at each.
  const keep = (HOLD * 3) / 4;
  let gone = 0;
  if (fromEnd) {
    while (p.events.length - gone > keep && p.sizes.length > 1 && p.events.length - gone - p.sizes[p.sizes.length - 1] >= w.k) gone += p.sizes.pop();
    if (!gone) return false;
    p.events = p.events.slice(0, p.events.length - gone);
    p.truncated = true;
    p.stats = null;
    w.nextOffset = p.offset + p.events.length;
    w.k = Math.min(w.k, p.events.length);
  } else {
    // Never the page that holds the step shown.
    while (p.events.length - gone > keep && p.sizes.length > 1 && gone + p.sizes[0] < w.k) gone += p.sizes.shift();
    if (!gone) return false;
    // The counts of the steps dropped, as the window counted them.
    const c = countsAt(w, gone);
    const b = p.before || {};
    const deq = p.events.slice(0, gone).filter((e) => e.event === 'dequeue').length;
    p.before = { steps: c.steps, boards: c.nodes, backtracks: c.backtracks, dequeues: (Number(b.dequeues) || 0) + deq, solutions: c.solutions };
    p.events = p.events.slice(gone);
    p.offset += gone;
    w.k -= gone;
  }
  // The nodes of the steps still held, and their ancestors.
  const kept = new Set();
  const lo = p.offset;
  const hi = p.offset + p.events.length;
  for (const e of p.tree.values()) {
    const step = Number(e.step) || 0;
    if (step <= lo || step > hi) continue;
    for (let x = e.id; x !== null && x !== undefined && !kept.has(x); x = p.tree.get(x)?.parent) kept.add(x);
  }
  for (const e of p.events) {
    for (let x = e.node; x !== null && x !== undefined && !kept.has(x); x = p.tree.get(x)?.parent) kept.add(x);
  }
  for (const id of [...p.tree.keys()]) if (!kept.has(id)) p.tree.delete(id);
  return true;
}

const freshPages = () => ({ events: [], sizes: [], tree: new Map(), first: null, offset: 0, before: null, truncated: false, stats: null });

// Loads the trace for the selected algorithm and board size (once).
function ensureTrace() {
  const algorithm = $('algo').value;
  const n = state.n;
  const w = state.watch;
  const bits = algorithm === 'bitwise' && state.bitsRight ? 'lsb-right' : null;
  if (w && w.algorithm === algorithm && w.n === n && w.bits === bits && !w.failed) return w.loading;
  stopWatch();
  const fresh = { algorithm, n, bits, events: [], offset: 0, before: null, truncated: false, k: 0, playing: false, active: false, failed: false, loading: null, base: '', nextOffset: null, more: null, pages: freshPages() };
  state.watch = fresh;
  const a = algorithmInfo(algorithm);
  watchMsg(`Loading the ${algorithm} search on ${n}×${n}…`);
  fresh.loading = api('POST', '/api/trace', bits ? { n, algorithm, bits } : { n, algorithm }).then((t) => {
    if (state.watch !== fresh) return false;
    addPage(fresh, t);
    fresh.active = true;
    watchMsg(fresh.base);
    showAbout(algorithm, fresh.about);
    showTextLegend(fresh.legend);
    showWatchLegend(fresh);
    hideOtherMessages();
    showWatch();
    return true;
  }, (e) => {
    if (state.watch !== fresh) return false;
    fresh.failed = true;
    let msg = e.message;
    if (e.status === 422 && a) msg += ` (${algorithm} goes up to n = ${a.max_n}; pick a smaller board or another algorithm)`;
    watchMsg(msg, 'error');
    return false;
  });
  return fresh.loading;
}

// Loads the next page of the trace, when there is one: true once it is in.
function loadMore(w) {
  if (w.nextOffset === null) return Promise.resolve(false);
  if (w.more) return w.more;
  const last = w.offset + w.events.length;
  watchMsg(`Loading the steps after step ${last}…`);
  w.more = api('POST', '/api/trace', traceBody(w, w.nextOffset)).then((t) => {
    w.more = null;
    if (state.watch !== w) return false;
    addPage(w, t);
    showWatchLegend(w);
    return true;
  }, (e) => {
    w.more = null;
    if (state.watch === w) watchMsg(`Could not load the steps after step ${last}: ${e.message} Step on to try again.`, 'error');
    return false;
  });
  return w.more;
}

// Loads the steps before the window (up to a page of them): true once
// they are in. A page from the server that does not reach the window's
// first step (its replies are bounded in bytes) becomes the window.
function loadBefore(w) {
  if (!w.offset) return Promise.resolve(false);
  if (w.more) return w.more;
  const first = w.offset + 1;
  const from = Math.max(0, w.offset - 1000);
  const want = w.offset - from;
  watchMsg(`Loading the steps before step ${first}…`);
  w.more = api('POST', '/api/trace', traceBody(w, from)).then((t) => {
    w.more = null;
    if (state.watch !== w) return false;
    const events = Array.isArray(t.events) ? t.events : [];
    if (events.length >= want) {
      const upto = w.offset;
      const tree = (Array.isArray(t.tree) ? t.tree : []).filter((e) => (Number(e.step) || 0) <= upto);
      addPage(w, { ...t, events: events.slice(0, want), tree }, true);
    } else {
      w.pages = { ...freshPages(), first: w.pages.first };
      w.tree = null;
      addPage(w, t);
      // Its last step, the nearest to the one asked for.
      w.k = w.events.length + 1;
    }
    showWatchLegend(w);
    return true;
  }, (e) => {
    w.more = null;
    if (state.watch === w) watchMsg(`Could not load the steps before step ${first}: ${e.message} Step back to try again.`, 'error');
    return false;
  });
  return w.more;
}

// Loads the window that shows the search's step `step` (a little before
// it too), in place of the steps held: true once it is in.
function loadWindow(w, step) {
  const from = Math.max(0, step - CONTEXT);
  watchMsg(`Loading the steps from step ${from + 1}…`);
  w.more = api('POST', '/api/trace', traceBody(w, from)).then((t) => {
    w.more = null;
    if (state.watch !== w) return false;
    w.pages = { ...freshPages(), first: w.pages.first };
    w.tree = null;
    w.k = 0;
    addPage(w, t);
    showWatchLegend(w);
    return true;
  }, (e) => {
    w.more = null;
    // Past the last step (or what the server traces): the last one's window.
    if (state.watch === w && Number.isInteger(e.steps) && e.steps > 0 && step >= e.steps) return loadWindow(w, e.steps - 1);
    if (state.watch === w) watchMsg(`Could not go to step ${step}: ${e.message}`, 'error');
    return false;
  });
  return w.more;
}

// "Go to step": the search's step `step` (from 0), loaded if it is not
// held: the next pages when it is just past the steps held, else a window.
export async function goToStep(value) {
  pause();
  const step = Math.floor(Number(value));
  if (!Number.isFinite(step) || step < 0 || String(value).trim() === '') {
    watchMsg('Go to which step? Type a whole number, 0 or more.', 'error');
    return;
  }
  if (!(await ensureTrace())) return;
  const w = state.watch;
  const end = () => w.offset + w.events.length;
  // Far from the steps held (before them, or more than a few pages on):
  // a window (unless every step is held: nothing further to load).
  if (step < w.offset + minK(w) || (step > end() + 4000 && w.nextOffset !== null)) {
    if (w.more) await w.more;
    if (state.watch !== w) return;
    if (!(await loadWindow(w, step)) || state.watch !== w) return;
  }
  for (let i = 0; i < 4 && step >= end() && w.nextOffset !== null; i++) {
    if (!(await loadMore(w)) || state.watch !== w) return;
  }
  stepTo(step - w.offset);
  if (step > end()) {
    watchMsg(w.truncated ? `This server traces the search up to step ${end()}: showing the last of them.` : `The search has ${end()} steps: showing its last.`);
  } else {
    watchMsg(w.base);
  }
  showWatch();
}

// The timeline under the board: a range over the steps loaded so far (it
// grows as pages come in), ticked at solutions, backtracks, dead ends.
function showScrub(w, on) {
  const box = $('w-scrub-box');
  box.hidden = !on;
  if (!on) return;
  const N = w.events.length;
  const more = w.nextOffset !== null;
  const input = $('w-scrub');
  if (input.max !== String(N)) input.max = String(N);
  if (input.value !== String(w.k)) input.value = String(w.k);
  const min = String(minK(w));
  if (input.min !== min) input.min = min;
  input.setAttribute('aria-valuetext', `step ${w.offset + w.k} of ${w.offset + N}${w.truncated ? ' or more' : ''}`);
  if (w.ticksFor !== `${w.offset}:${N}`) {
    w.ticksFor = `${w.offset}:${N}`;
    const path = (list, cls, y0, y1) => {
      const xs = new Set();
      for (const k of list) xs.add(N > 0 ? Math.round((k / N) * 1000) : 0);
      const p = document.createElementNS(SVG_NS, 'path');
      p.setAttribute('class', cls);
      p.setAttribute('d', [...xs].map((x) => `M${x} ${y0}V${y1}`).join(''));
      p.dataset.count = String(list.length);
      return p;
    };
    $('w-ticks').replaceChildren(
      path(w.backSteps, 't-backtrack', 5, 10),
      path(w.deadSteps, 't-dead', 0, 5),
      path(w.solSteps, 't-solution', 0, 10));
  }
  box.classList.toggle('more', more);
}

// A step chosen on the timeline; past the last step loaded, the next page.
export async function scrubTo(k) {
  pause();
  const w = state.watch;
  if (!w || !w.active) return;
  stepTo(k);
  watchMsg(w.base);
  showWatch();
  if (w.k >= w.events.length && w.nextOffset !== null) {
    if ((await loadMore(w)) && state.watch === w) {
      watchMsg(w.base);
      showWatch();
    }
  }
}

// Why no queen fits on a dead end's board. The searches that fill the rows
// in order are stuck when the next row has no free square; dancing links
// chooses any row or column, and is stuck when one of them has none (the
// library's tree marks them so: algo/truth.rs checks both).
export function deadEndWhy(algorithm) {
  return algorithm === 'dancing-links'
    ? 'a row or column left has no free square'
    : 'nothing in the next row is free';
}

export function showWatch() {
  const w = state.watch;
  const on = !!(w && w.active);
  const k = on ? w.k : 0;
  const c = on ? countsAt(w, k) : { steps: '—', nodes: '—', backtracks: '—', solutions: '—' }; // none watched, none counted
  $('c-steps').textContent = c.steps;
  $('c-nodes').textContent = c.nodes;
  $('c-backtracks').textContent = c.backtracks;
  $('c-solutions').textContent = c.solutions;
  const evEl = $('w-event');
  evEl.hidden = !on;
  $('w-mini').hidden = !on;
  if (on) $('w-mini').querySelector('[data-act=play]').textContent = w.playing ? '❚❚ pause' : '▶ play';
  $('legend-board').hidden = on;
  $('legend-watch').hidden = !on;
  showScrub(w, on);
  document.body.classList.toggle('watching', on);
  if (on) {
    const N = w.events.length;
    const ev = k > 0 ? w.events[k - 1] : null;
    const dead = w.deadSteps.includes(k);
    evEl.replaceChildren(...h('span', {}, h('span', { class: 'ev-num', text: `Step ${w.offset + k} of ${w.offset + N}${w.truncated ? '+' : ''}` }), ': ',
      h('span', { class: 'ev-says', text: ev ? ev.says || ev.event : 'nothing done yet, the board is empty.' }),
      dead ? h('span', { class: 'ev-tag', text: '⊘ a dead end: ' + deadEndWhy(w.algorithm), title: 'the search backs up from here' }) : null).childNodes);
    evEl.className = 'event' + (ev ? ' ev-' + ev.event : '') + (dead ? ' ev-dead' : '');
    const log = $('w-log');
    const items = [];
    for (let i = k - 1; i >= Math.max(0, k - 6); i--) {
      const e = w.events[i];
      items.push(h('li', { class: 'ev-' + e.event }, h('span', { class: 'num', text: w.offset + i + 1 }), h('span', { class: 'what', text: e.says || e.event })));
    }
    log.replaceChildren(...items);
    showStructure(w);
    showCode(w.pseudocode, ev ? ev.line : null);
    showTree(w);
    const v = viewAt(w, k);
    const q = v && Array.isArray(v.board) ? v.board.filter((c) => c !== null && c !== undefined).length : 0;
    setStatus(`${w.algorithm}: ${plural(q, 'queen')} on the board, step ${w.offset + k}` +
      (k >= N ? (w.truncated ? ` (the last of the steps loaded)` : ' — the search is over') : ''),
    ev && ev.event === 'solution' ? 'ok' : undefined);
  } else {
    evEl.textContent = '';
    $('w-log').replaceChildren();
    $('w-tree-count').textContent = '';
    if (!w) {
      $('w-tree').replaceChildren(h('p', { class: 'hint', text: 'The tree grows as the search runs; click a node to go to its step.' }));
      $('w-structure').replaceChildren(h('p', { class: 'hint', text: 'Step or play to see the algorithm\'s own data structure at each step.' }));
      $('w-structure-what').textContent = '';
      $('w-text').textContent = '';
      for (const li of $('w-code').querySelectorAll('li.cur')) { li.classList.remove('cur'); li.removeAttribute('aria-current'); }
      if (!$('w-msg').textContent) watchMsg(`Press play or step to watch the search on the ${state.n}×${state.n} board.`);
    }
  }
  $('w-play').disabled = !!(w && w.playing);
  $('w-pause').disabled = !(w && w.playing);
  $('w-back').disabled = !(on && (w.k > 0 || w.offset > 0));
  const ahead = (list) => on && (list.some((s) => s > w.k) || w.nextOffset !== null);
  $('w-next-solution').disabled = on && !ahead(w.solSteps);
  nameBack($('w-next-backtrack'), $('w-scrub'), w).disabled = on && !ahead(w.backSteps);
  $('w-next-deadend').disabled = on && !ahead(w.deadSteps);
  render();
}

// The first step index shown: in a window, its first step (the state
// before it is not held).
const minK = (w) => (w.offset > 0 && w.events.length ? 1 : 0);

function stepTo(k) {
  const w = state.watch;
  if (!w || !w.active) return;
  w.k = Math.max(minK(w), Math.min(k, w.events.length));
}

export async function watchStep(delta) {
  pause();
  if (delta < 0) {
    const w = state.watch;
    if (!w || !w.active) return;
    if (w.k <= minK(w) && w.offset > 0) {
      if (!(await loadBefore(w)) || state.watch !== w) return;
    }
    stepTo(w.k - 1);
    watchMsg(w.base);
    showWatch();
    return;
  }
  if (!(await ensureTrace())) return;
  const w = state.watch;
  if (w.k + 1 >= w.events.length && w.nextOffset !== null && !(await loadMore(w))) return;
  if (state.watch !== w) return;
  if (w.k >= w.events.length) {
    watchMsg(w.truncated ? `That is step ${w.offset + w.events.length}, as far as this server traces the search.` : 'The search is over.');
  } else {
    watchMsg(w.base);
  }
  stepTo(w.k + 1);
  showWatch();
}

// The search's step `step` (a tree node's, Home's 0, End's Infinity: the
// last loaded).
export async function watchTo(step) {
  pause();
  if (!(await ensureTrace())) return;
  const w = state.watch;
  if (step !== Infinity && step < w.offset + minK(w)) return goToStep(step);
  stepTo(step - w.offset);
  watchMsg(w.base);
  showWatch();
}

// The next step of a kind: 'solution', 'backtrack', 'dead'.
export async function jump(kind) {
  pause();
  if (!(await ensureTrace())) return;
  const w = state.watch;
  const listOf = () => (kind === 'solution' ? w.solSteps : kind === 'backtrack' ? w.backSteps : w.deadSteps);
  const what = kind === 'solution' ? 'solution' : kind === 'backtrack' ? w.backName : 'dead end';
  // Not in the steps loaded: a few more pages, then say so.
  for (let i = 0; i < 5 && !listOf().some((s) => s > w.k) && w.nextOffset !== null; i++) {
    if (!(await loadMore(w)) || state.watch !== w) return;
  }
  const next = listOf().find((s) => s > w.k);
  if (next === undefined) {
    const from = w.offset + w.k;
    // Looking further goes on from the last step loaded, so that the pages
    // before it can go (HOLD): the view moves there.
    const further = w.truncated && w.nextOffset !== null;
    if (further) stepTo(w.events.length);
    watchMsg(`No ${what} after step ${from}` + (!w.truncated ? ': the search has no more.' : ` up to step ${w.offset + w.events.length}` + (further ? ', the step shown (loaded so far): press again to look further.' : ', as far as this server traces the search.')));
    showWatch();
    return;
  }
  stepTo(next);
  watchMsg(w.base);
  showWatch();
}

export function speed() {
  return Math.round(Math.pow(2, Number($('speed').value) / 10));
}

let lastFrame = 0;
let budget = 0;
function frame(t) {
  const w = state.watch;
  if (!w || !w.playing) return;
  const dt = lastFrame ? Math.min(t - lastFrame, 250) : 0;
  lastFrame = t;
  budget += dt / 1000 * speed();
  const steps = Math.min(Math.floor(budget), 2000);
  if (steps > 0) {
    budget -= steps;
    stepTo(w.k + steps);
    if (w.k >= w.events.length) {
      w.playing = false;
      // More steps on the server: fetch them and play on.
      if (w.nextOffset !== null) {
        loadMore(w).then((ok) => {
          if (!ok || state.watch !== w || w.playing) return;
          w.playing = true;
          lastFrame = 0;
          watchMsg(w.base);
          showWatch();
          requestAnimationFrame(frame);
        });
      }
    }
    showWatch();
  }
  if (w.playing) requestAnimationFrame(frame);
}

export async function play() {
  if (!(await ensureTrace())) return;
  const w = state.watch;
  if (w.playing) return;
  if (w.k >= w.events.length) stepTo(minK(w));
  w.playing = true;
  lastFrame = 0;
  budget = 1; // the first step at once
  watchMsg(w.base);
  showWatch();
  requestAnimationFrame(frame);
}

export function pause() {
  const w = state.watch;
  if (w && w.playing) {
    w.playing = false;
    showWatch();
  }
}

export function stopWatch() {
  const w = state.watch;
  state.watch = null;
  if (w) {
    w.playing = false;
    watchMsg('');
    showWatch();
    if (w.active) {
      restoreOtherMessages();
      setNote('');
      loadAbout();
      refresh();
    }
  }
}

// Turns the bit order over and comes back to the same step.
export async function toggleBits() {
  const w = state.watch;
  const step = w ? w.offset + w.k : 0;
  state.bitsRight = !state.bitsRight;
  if (!w || w.algorithm !== 'bitwise') return;
  if (!(await ensureTrace())) return;
  await goToStep(step);
  const b = $('w-structure').querySelector('[data-act=bit-order]');
  if (b) b.focus();
}

// Keys: space play/pause, ← → a step, s b d the next solution, backtrack,
// dead end, Home End the first and last step, Escape closes. Not while
// typing, nor instead of the focused button or square; space plays and
// pauses on Watch's own buttons (and the board while it shows the search).
export const spaceIsPlay = (t) => !!(t.closest('#panel-watch, #w-mini') || (state.watch && state.watch.active && t.closest('#board')));
export function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const t = e.target instanceof Element ? e.target : null;
  if (t && t.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"]')) return;
  const onButton = t && t.closest('button, a, summary');
  let act = null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      if (onButton && !spaceIsPlay(t)) return;
      act = () => (state.watch && state.watch.playing ? pause() : play());
      break;
    case 'ArrowRight': act = () => watchStep(1); break;
    case 'ArrowLeft': act = () => watchStep(-1); break;
    case 's': case 'S': act = () => jump('solution'); break;
    case 'b': case 'B': act = () => jump('backtrack'); break;
    case 'd': case 'D': act = () => jump('dead'); break;
    case 'Home': if (!(state.watch && state.watch.active)) return; act = () => watchTo(0); break;
    case 'End': if (!(state.watch && state.watch.active)) return; act = () => watchTo(Infinity); break;
    case 'Escape': if (!(state.watch && state.watch.active)) return; act = stopWatch; break;
    default: return;
  }
  e.preventDefault();
  if (!e.repeat || e.key !== ' ') act();
}
