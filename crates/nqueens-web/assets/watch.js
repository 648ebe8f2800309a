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

import { $, SVG_NS, h, plural, setText } from './dom.js';
import { api } from './api.js';
import { algorithmInfo, state } from './state.js';
import { refresh, render, setNote, setStatus } from './board.js';
import { prepare, traceBase, viewAt } from './trace.js';
import { buildTree, growTree, showTree } from './tree.js';
import { showStructure } from './structure.js';
import { loadAbout, showAbout, showCode, showTextLegend, showWatchLegend } from './about.js';
import { hideOtherMessages, restoreOtherMessages } from './solve.js';

export function watchMsg(text, kind) { setText($('w-msg'), text || '', kind); }

// Adds a page of the trace to what the page holds, and works it out again.
function addPage(w, t) {
  const events = Array.isArray(t.events) ? t.events : [];
  w.pages.events = w.pages.events.concat(events);
  // A later page knows more of a node (a queen found to be a dead end).
  for (const e of Array.isArray(t.tree) ? t.tree : []) w.pages.tree.set(e.id, e);
  if (w.pages.first === null) w.pages.first = t;
  const first = w.pages.first;
  w.nextOffset = Number.isInteger(t.next_offset) ? t.next_offset : null;
  const tree = [...w.pages.tree.values()].sort((a, b) => a.id - b.id);
  prepare(w, {
    events: w.pages.events,
    tree,
    truncated: t.truncated,
    stats: t.stats,
    about: first.about,
    pseudocode: first.pseudocode,
    legend: first.legend,
  });
  if (!(w.tree && growTree(w, tree))) buildTree(w, tree);
  w.base = traceBase(w);
}

// Loads the trace for the selected algorithm and board size (once).
function ensureTrace() {
  const algorithm = $('algo').value;
  const n = state.n;
  const w = state.watch;
  const bits = algorithm === 'bitwise' && state.bitsRight ? 'lsb-right' : null;
  if (w && w.algorithm === algorithm && w.n === n && w.bits === bits && !w.failed) return w.loading;
  stopWatch();
  const fresh = { algorithm, n, bits, events: [], truncated: false, k: 0, playing: false, active: false, failed: false, loading: null, base: '', nextOffset: null, more: null, pages: { events: [], tree: new Map(), first: null } };
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
  watchMsg(`Loading the steps after step ${w.events.length}…`);
  w.more = api('POST', '/api/trace', w.bits ? { n: w.n, algorithm: w.algorithm, offset: w.nextOffset, bits: w.bits } : { n: w.n, algorithm: w.algorithm, offset: w.nextOffset }).then((t) => {
    w.more = null;
    if (state.watch !== w) return false;
    addPage(w, t);
    showWatchLegend(w);
    return true;
  }, (e) => {
    w.more = null;
    if (state.watch === w) watchMsg(`Could not load the steps after step ${w.events.length}: ${e.message} Step on to try again.`, 'error');
    return false;
  });
  return w.more;
}

// The timeline under the board: a range over the steps loaded so far (it
// grows as pages come in), with ticks at solutions, backtracks and dead
// ends.
function showScrub(w, on) {
  const box = $('w-scrub-box');
  box.hidden = !on;
  if (!on) return;
  const N = w.events.length;
  const more = w.nextOffset !== null;
  const input = $('w-scrub');
  if (input.max !== String(N)) input.max = String(N);
  if (input.value !== String(w.k)) input.value = String(w.k);
  input.setAttribute('aria-valuetext', `step ${w.k} of ${N}${w.truncated ? ' or more' : ''}`);
  if (w.ticksFor !== N) {
    w.ticksFor = N;
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

export function showWatch() {
  const w = state.watch;
  const on = !!(w && w.active);
  const k = on ? w.k : 0;
  $('c-steps').textContent = k;
  $('c-nodes').textContent = on ? w.nodesAt[k] : 0;
  $('c-backtracks').textContent = on ? w.backAt[k] : 0;
  $('c-solutions').textContent = on ? w.solAt[k] : 0;
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
    evEl.replaceChildren(...h('span', {}, h('span', { class: 'ev-num', text: `Step ${k} of ${N}${w.truncated ? '+' : ''}` }), ': ',
      h('span', { class: 'ev-says', text: ev ? ev.says || ev.event : 'nothing done yet, the board is empty.' }),
      dead ? h('span', { class: 'ev-tag', text: '⊘ a dead end: nothing in the next row is free', title: 'the search backs up from here' }) : null).childNodes);
    evEl.className = 'event' + (ev ? ' ev-' + ev.event : '') + (dead ? ' ev-dead' : '');
    const log = $('w-log');
    const items = [];
    for (let i = k - 1; i >= Math.max(0, k - 6); i--) {
      const e = w.events[i];
      items.push(h('li', { class: 'ev-' + e.event }, h('span', { class: 'num', text: i + 1 }), h('span', { class: 'what', text: e.says || e.event })));
    }
    log.replaceChildren(...items);
    showStructure(w);
    showCode(w.pseudocode, ev ? ev.line : null);
    showTree(w);
    const v = viewAt(w, k);
    const q = v && Array.isArray(v.board) ? v.board.filter((c) => c !== null && c !== undefined).length : 0;
    setStatus(`${w.algorithm}: ${plural(q, 'queen')} on the board, step ${k}` +
      (k >= N ? (w.truncated ? ` (the first ${N} steps shown)` : ' — the search is over') : ''),
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
  $('w-back').disabled = !(on && w.k > 0);
  const ahead = (list) => on && (list.some((s) => s > w.k) || w.nextOffset !== null);
  $('w-next-solution').disabled = on && !ahead(w.solSteps);
  $('w-next-backtrack').disabled = on && !ahead(w.backSteps);
  $('w-next-deadend').disabled = on && !ahead(w.deadSteps);
  render();
}

function stepTo(k) {
  const w = state.watch;
  if (!w || !w.active) return;
  w.k = Math.max(0, Math.min(k, w.events.length));
}

export async function watchStep(delta) {
  pause();
  if (delta < 0) {
    const w = state.watch;
    if (!w || !w.active) return;
    stepTo(w.k - 1);
    watchMsg(w.base);
    showWatch();
    return;
  }
  if (!(await ensureTrace())) return;
  const w = state.watch;
  if (w.k >= w.events.length && w.nextOffset !== null && !(await loadMore(w))) return;
  if (state.watch !== w) return;
  if (w.k >= w.events.length) {
    watchMsg(w.truncated ? `That is the last of the first ${w.events.length} steps.` : 'The search is over.');
  } else {
    watchMsg(w.base);
  }
  stepTo(w.k + 1);
  showWatch();
}

export async function watchTo(k) {
  pause();
  if (!(await ensureTrace())) return;
  const w = state.watch;
  stepTo(k);
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
  const list = listOf();
  const next = list.find((s) => s > w.k);
  if (next === undefined) {
    watchMsg(`No ${what} after step ${w.k}` + (w.truncated ? ` in the first ${w.events.length} steps.` : ': the search has no more.'));
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
  if (w.k >= w.events.length) stepTo(0);
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
  const k = w ? w.k : 0;
  state.bitsRight = !state.bitsRight;
  if (!w || w.algorithm !== 'bitwise') return;
  if (!(await ensureTrace())) return;
  const now = state.watch;
  while (now.events.length < k && now.nextOffset !== null) {
    if (!(await loadMore(now)) || state.watch !== now) return;
  }
  stepTo(k);
  watchMsg(now.base);
  showWatch();
  const b = $('w-structure').querySelector('[data-act=bit-order]');
  if (b) b.focus();
}

// Keys: space play/pause, ← → a step, s b d the next solution, backtrack,
// dead end, Home End the first and last step. Not while typing, and not
// instead of the button or square the focus is on (but space on the
// playback buttons still plays and pauses).
// Space plays and pauses on the Watch panel's own buttons (and on the
// board while it shows the algorithm); elsewhere it is the focused button's.
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
    default: return;
  }
  e.preventDefault();
  if (!e.repeat || e.key !== ' ') act();
}
