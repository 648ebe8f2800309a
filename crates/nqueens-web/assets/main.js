// The N-Queens playground. Every answer (conflicts, attacked squares,
// completions, counts, traces, pictures) comes from the nqueens server's
// JSON API; the page only draws it and replays trace events.
//
// This module starts the page: it wires the controls to the modules that
// own them, fills the lists from GET /api/info and loads the comparison
// (compare.js). Each module is served as it is, with no build step; the
// browser follows the imports.

import { $, cap, setText, unkey } from './dom.js';
import { api } from './api.js';
import { algorithmInfo, hooks, state } from './state.js';
import { adoptPreview, board, boardChanged, buildBoard, focusSquare, onBoardKey, onSquare, refresh, render, renderControls, setNote, setStatus } from './board.js';
import { showTree } from './tree.js';
import { loadAbout } from './about.js';
import { finish, howMany, solveMsg, stepPage } from './solve.js';
import { goToStep, jump, onKey, pause, play, scrubTo, showWatch, spaceIsPlay, speed, stopWatch, toggleBits, watchMsg, watchStep, watchTo } from './watch.js';
import { wireTabs } from './tabs.js';
import { cancelCount, countJob, countNChanged, startCount } from './count.js';
import { download } from './download.js';
// The comparison of two algorithms: it hooks itself on the page (state.js's
// hooks) and wires its controls once the page is ready.
import './compare.js';

// A new board size: the board, Watch, Count and Solve start again on it.
function setN(n) {
  state.n = n;
  const inside = (s) => new Set([...s].filter((k) => unkey(k).every((x) => x < n)));
  state.queens = inside(state.queens);
  state.blocked = inside(state.blocked);
  stopWatch();
  state.verify = null;
  buildBoard();
  // The hint under Watch names the board size.
  if (!state.watch) { watchMsg(''); showWatch(); }
  const countMax = state.info ? state.info.limits.count_max : 18;
  if (!countJob && n <= countMax) $('count-n').value = n;
  countNChanged();
  // What the panels said was about the other size (the Solve panel's is
  // reset by boardChanged).
  setText($('dl-msg'), 'A picture of the board as shown.');
  for (const f of hooks.size) f(n);
  boardChanged();
  render();
}

function fillSizes(max) {
  const sel = $('n');
  sel.replaceChildren();
  for (let i = 1; i <= max; i++) {
    const o = document.createElement('option');
    o.value = i;
    o.textContent = `${i} × ${i}`;
    sel.append(o);
  }
  sel.value = String(Math.min(state.n, max));
}

function fillAlgorithms(list) {
  const sel = $('algo');
  sel.replaceChildren();
  for (const a of list) {
    const o = document.createElement('option');
    o.value = a.name;
    o.textContent = a.max_n < (state.info ? state.info.limits.play_max : 20) ? `${a.name} (n ≤ ${a.max_n})` : a.name;
    o.title = a.summary;
    sel.append(o);
  }
  if (list.some((a) => a.name === 'recursive')) sel.value = 'recursive';
  showSummary();
}

function showSummary() {
  const a = algorithmInfo($('algo').value);
  $('algo-summary').textContent = a ? cap(a.summary) + '.' : '';
}

function wire() {
  wireTabs();
  board.addEventListener('click', (e) => {
    const el = e.target.closest('button[data-row]');
    if (el) {
      onSquare(Number(el.dataset.row), Number(el.dataset.col));
      focusSquare(Number(el.dataset.row), Number(el.dataset.col));
    }
  });
  board.addEventListener('keydown', onBoardKey);
  $('n').addEventListener('change', (e) => setN(Number(e.target.value)));
  $('mode-queens').addEventListener('click', () => { state.mode = 'queens'; renderControls(); });
  $('mode-blocks').addEventListener('click', () => { state.mode = 'blocks'; renderControls(); });
  $('clear').addEventListener('click', () => {
    stopWatch();
    state.queens = new Set();
    state.blocked = new Set();
    boardChanged();
    render();
  });
  $('banner-keep').addEventListener('click', adoptPreview);
  $('banner-back').addEventListener('click', () => {
    if (state.watch && state.watch.active) { stopWatch(); return; }
    state.preview = null;
    setNote('');
    // What the Solve panel said was of the board shown, now put away.
    solveMsg('');
    refresh();
    render();
  });
  $('finish').addEventListener('click', finish);
  $('howmany').addEventListener('click', howMany);
  $('next').addEventListener('click', () => stepPage(1));
  $('prev').addEventListener('click', () => stepPage(-1));
  $('unique').addEventListener('change', () => {
    state.page = { index: -1, more: true };
    if (state.preview && state.preview.kind === 'page') { state.preview = null; refresh(); }
    solveMsg($('unique').checked ? 'Next steps through one solution per symmetry class.' : 'Next steps through every solution.');
    render();
  });
  // Back to the board, so that → steps (and does not change the algorithm).
  $('algo').addEventListener('change', () => { stopWatch(); showSummary(); loadAbout(); board.focus({ preventScroll: true }); });
  $('w-scrub').addEventListener('input', (e) => scrubTo(Number(e.target.value)));
  // Past the last step loaded the range does not move: step on (→) or
  // load the next page (End).
  $('w-scrub').addEventListener('keydown', (e) => {
    const w = state.watch;
    if (!w || !w.active || w.k < w.events.length || w.nextOffset === null) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') { e.preventDefault(); watchStep(1); }
    else if (e.key === 'End' || e.key === 'PageUp') { e.preventDefault(); scrubTo(w.events.length); }
  });
  $('w-step').addEventListener('click', () => watchStep(1));
  $('w-goto').addEventListener('submit', (e) => {
    e.preventDefault();
    goToStep($('w-goto-step').value);
  });
  // The browser refuses -5 or 2.5 itself, before any submit: say so here
  // too, not the message of the step before.
  $('w-goto-step').addEventListener('invalid', () => watchMsg('Go to which step? Type a whole number, 0 or more.', 'error'));
  $('w-next-solution').addEventListener('click', () => jump('solution'));
  $('w-next-backtrack').addEventListener('click', () => jump('backtrack'));
  $('w-next-deadend').addEventListener('click', () => jump('dead'));
  $('w-tree').addEventListener('click', (e) => {
    const el = e.target.closest('button[data-step]');
    if (el) watchTo(Number(el.dataset.step));
  });
  // ↑ ↓ move between the rows shown (the tree is one Tab stop).
  $('w-tree').addEventListener('keydown', (e) => {
    const el = e.target instanceof Element && e.target.closest('button[data-step]');
    if (!el || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    const rows = [...$('w-tree').querySelectorAll('li.tn > button')].filter((b) => b.offsetParent !== null);
    const to = rows[rows.indexOf(el) + (e.key === 'ArrowDown' ? 1 : -1)];
    e.preventDefault();
    if (to) to.focus();
  });
  // The small playback row under the board (narrow screens).
  $('w-mini').addEventListener('click', (e) => {
    const act = e.target.closest('button[data-act]')?.dataset.act;
    if (act === 'back') watchStep(-1);
    else if (act === 'step') watchStep(1);
    else if (act === 'play') (state.watch && state.watch.playing ? pause() : play());
    else if (act) jump(act);
  });
  $('w-pruned').addEventListener('change', (e) => {
    $('w-tree').classList.toggle('no-pruned', !e.target.checked);
    if (state.watch && state.watch.active) showTree(state.watch);
  });
  // The keys step Watch's search, not the comparison (it has none): not
  // from inside it, nor while a narrow screen shows its tab instead of Watch.
  document.addEventListener('keydown', (e) => {
    const t = e.target instanceof Element ? e.target : null;
    const comparing = (t && t.closest('#compare')) || (document.body.dataset.tab === 'compare' && getComputedStyle($('tabs')).display !== 'none');
    if (!comparing) onKey(e);
  });
  // Space on a playback button plays or pauses; the button's own click
  // (on key up) must not do it a second time.
  document.addEventListener('keyup', (e) => {
    if ((e.key === ' ' || e.key === 'Spacebar') && e.target instanceof Element && e.target.closest('button') && spaceIsPlay(e.target)) e.preventDefault();
  });
  // The bit-order button lives inside the structure panel, drawn anew each step.
  $('w-structure').addEventListener('click', (e) => {
    if (e.target.closest('[data-act=bit-order]')) toggleBits();
  });
  $('w-back').addEventListener('click', () => watchStep(-1));
  $('w-play').addEventListener('click', play);
  $('w-pause').addEventListener('click', pause);
  $('w-reset').addEventListener('click', stopWatch);
  const speedOut = () => { $('speed-out').textContent = `${speed()} steps/s`; };
  $('speed').addEventListener('input', speedOut);
  speedOut();
  $('count-start').addEventListener('click', startCount);
  $('count-n').addEventListener('input', countNChanged);
  $('count-cancel').addEventListener('click', cancelCount);
  $('dl-svg').addEventListener('click', () => download('svg'));
  $('dl-png').addEventListener('click', () => download('png'));
}

async function init() {
  wire();
  fillSizes(20);
  buildBoard();
  render();
  showWatch();
  try {
    const info = await api('GET', '/api/info');
    state.info = info;
    $('server-info').textContent = `${info.name} ${info.version}`;
    $('server-info').title = `limits: boards up to ${info.limits.play_max} to play, counts up to n = ${info.limits.count_max}, ${info.limits.request_seconds} s per request`;
    fillSizes(info.limits.play_max);
    fillAlgorithms(info.algorithms);
    for (const f of hooks.ready) f();
    loadAbout();
    $('count-n').max = info.limits.count_max;
  } catch (e) {
    $('server-info').textContent = 'server unreachable';
    setStatus(e.message, 'error');
    return;
  }
  document.body.dataset.ready = 'true';
  refresh();
}

init();
