// A trace as the page holds it: the steps loaded so far, and what is worked
// out from them once per page: the counters after each step, where each
// "next solution / backtrack / dead end" lands, the marks the board needs.
//
// The steps held are a window of the search: w.offset steps come before
// the first one held (0 when it starts at the beginning), so step index k
// is the search's step w.offset + k. The counts of the steps before the
// window come from the server (the reply's "before"), so that the counters
// shown are the whole search's.

import { plural } from './dom.js';

// Counters after k steps, for k = 0..N: boards stood on (tree nodes less
// the rejected squares), tree rows, rejected squares, backtracks,
// solutions, queens placed.
// In a window (w.offset > 0) they count the steps held: the nodes made
// before it (the ancestors of its nodes) count at k = 0.
export function stepCounters(w, events, tree) {
  const N = events.length;
  const offset = w.offset || 0;
  const stepOf = (e) => Math.max(0, Math.min((Number(e.step) || 0) - offset, N));
  w.nodesAt = new Uint32Array(N + 1);
  w.treeAt = new Uint32Array(N + 1);
  w.rejAt = new Uint32Array(N + 1);
  // brute-force counts its candidates only, the leaves of its tree of
  // prefixes: it never stands on the empty board or on a partial one (its
  // module docs, "nodes").
  w.rootCounts = w.algorithm !== 'brute-force';
  for (const e of tree) {
    w.treeAt[stepOf(e)]++;
    if (e.mark === 'rejected') w.rejAt[stepOf(e)]++;
    const counts = w.rootCounts || (e.mark !== 'root' && e.depth === w.n);
    if (e.mark !== 'rejected' && counts) w.nodesAt[stepOf(e)]++;
  }
  w.backAt = new Uint32Array(N + 1);
  w.solAt = new Uint32Array(N + 1);
  for (let k = 1; k <= N; k++) {
    const ev = events[k - 1].event;
    w.nodesAt[k] += w.nodesAt[k - 1];
    w.treeAt[k] += w.treeAt[k - 1];
    w.rejAt[k] += w.rejAt[k - 1];
    w.backAt[k] = w.backAt[k - 1] + (ev === 'backtrack' ? 1 : 0);
    w.solAt[k] = w.solAt[k - 1] + (ev === 'solution' ? 1 : 0);
  }
}

// The whole search's counters after step index k of the window: the
// server's counts of the steps before it, and the window's own.
export function countsAt(w, k) {
  const b = w.before || {};
  const boards = Number.isFinite(b.boards) ? b.boards : w.nodesAt[0];
  return {
    steps: (w.offset || 0) + k,
    nodes: boards + w.nodesAt[k] - w.nodesAt[0],
    backtracks: (Number(b.backtracks) || 0) + w.backAt[k],
    solutions: (Number(b.solutions) || 0) + w.solAt[k],
  };
}

// What the page works out once per trace: counters per step, where each
// jump lands (the tree's rows are tree.js's: watch.js grows them after).
export function prepare(w, t) {
  const events = Array.isArray(t.events) ? t.events : [];
  const N = events.length;
  w.events = events;
  w.offset = Number(t.offset) || 0;
  w.before = t.before || null;
  w.truncated = !!t.truncated;
  w.stats = t.stats || null;
  w.about = t.about || null;
  w.pseudocode = Array.isArray(t.pseudocode) ? t.pseudocode : [];
  w.legend = Array.isArray(t.legend) ? t.legend : [];
  const tree = Array.isArray(t.tree) ? t.tree : [];
  const nodes = new Map();
  for (const e of tree) nodes.set(e.id, e);
  w.nodes = nodes;
  w.root = tree.find((e) => e.parent === null || e.parent === undefined) || null;
  stepCounters(w, events, tree);

  // Where "next solution / backtrack / dead end" land.
  const stepsOf = (names) => {
    const out = [];
    events.forEach((e, i) => { if (names.includes(e.event)) out.push(i + 1); });
    return out;
  };
  w.solSteps = stepsOf(['solution']);
  w.backName = 'backtrack';
  w.backSteps = [];
  if (w.algorithm === 'bfs') {
    // bfs has no backtracking: its way back up is taking the next board
    // off the queue.
    w.backSteps = stepsOf(['dequeue']);
    if (w.backSteps.length) w.backName = 'dequeue';
  }
  if (!w.backSteps.length) w.backSteps = stepsOf(['backtrack']);
  // A dead end is left when the search moves to a node outside it: the
  // jump lands on the last step inside, every square of its next row
  // refused.
  const within = (x, id) => {
    for (let y = id, i = 0; y !== null && y !== undefined && i < 64; y = nodes.get(y)?.parent, i++) {
      if (y === x) return true;
    }
    return false;
  };
  w.deadLeft = new Map();
  const dead = new Set();
  for (let k = 1; k <= N; k++) {
    const a = events[k - 1].node;
    const b = k < N ? events[k].node : undefined;
    for (let x = a, i = 0; x !== null && x !== undefined && i < 64; x = nodes.get(x)?.parent, i++) {
      const e = nodes.get(x);
      if (!e) break;
      if (e.mark !== 'dead_end' || w.deadLeft.has(x)) continue;
      const left = k < N ? !within(x, b) : !w.truncated;
      if (left) { w.deadLeft.set(x, k); dead.add(k); }
    }
  }
  w.deadSteps = [...dead].sort((p, q) => p - q);

  // The marks this trace puts on the board, for the legend.
  w.marksUsed = new Set();
  for (const e of events) {
    const v = e.view;
    if (v && v.mark && v.mark.kind) w.marksUsed.add(v.mark.kind);
    if (v && v.structure && v.structure.kind) w.marksUsed.add('s:' + v.structure.kind);
    if (e.event === 'solution') w.marksUsed.add('solution');
    if ((e.event === 'reject' || e.event === 'check') && Array.isArray(e.by)) w.marksUsed.add('line-' + e.event);
  }
}

// bfs has no backtracks: its "next backtrack" jump goes to the dequeues
// (its way back up), and the button and the timeline's marks say so.
export function nameBack(button, scrub, w) {
  const what = w && w.backName === 'dequeue' ? 'dequeue' : 'backtrack';
  if (button.dataset.what === what) return button;
  button.dataset.what = what;
  button.setAttribute('aria-label', `Next ${what}`);
  button.title = what === 'dequeue' ? 'Step on to the next dequeue: bfs does not backtrack, it takes the next board off its queue (b)' : 'Step on to the next backtrack (b)';
  button.childNodes[1].textContent = ` ${what} `;
  scrub.title = scrub.title.replace(/↶ \w+ \(orange\)/, `↶ ${what}s (orange)`);
  return button;
}

// In a window, step index 0 (the step before the first held) is not shown.
export const nodeAt = (w, k) => (k <= 0 ? (w.root && !w.offset ? w.root.id : null) : w.events[k - 1].node);
export const viewAt = (w, k) => (k > 0 ? w.events[k - 1].view || null : null);

// What the message under the controls says of the steps loaded.
export function traceBase(w) {
  const total = w.events.length;
  const st = w.stats;
  if (w.offset > 0) {
    return `Showing steps ${w.offset + 1} to ${w.offset + total} of the search` +
      (w.truncated ? (w.nextOffset !== null ? ' (step on past the last for more' : ' (this server traces no further') : ' (its end') +
      `; step back past step ${w.offset + 1} for the ones before).`;
  }
  return w.truncated
    ? `The search is longer than this: showing its first ${total} steps` + (w.nextOffset !== null ? ' (step on past the last for more).' : '; this server traces no further.')
    : `The whole search: ${plural(total, 'step')}` + (st ? `; at its end ${plural(st.nodes, 'node')}, ${plural(st.backtracks, 'backtrack')}, ${plural(st.solutions, 'solution')}.` : '.');
}
