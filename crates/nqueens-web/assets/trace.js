// A trace as the page holds it: the steps loaded so far, and what is worked
// out from them once per page: the counters after each step, where each
// "next solution / backtrack / dead end" lands, the marks the board needs.

import { plural } from './dom.js';

// Counters after k steps, for k = 0..N: boards stood on (tree nodes less
// the rejected squares), tree rows, rejected squares, backtracks,
// solutions, queens placed, and the entries the conflict checks read
// (where the events say: the algorithms whose check is an event).
export function stepCounters(w, events, tree) {
  const N = events.length;
  const stepOf = (e) => Math.max(0, Math.min(Number(e.step) || 0, N));
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
  w.placeAt = new Uint32Array(N + 1);
  w.readAt = new Float64Array(N + 1);
  w.readsPerStep = false;
  for (let k = 1; k <= N; k++) {
    const ev = events[k - 1].event;
    w.nodesAt[k] += w.nodesAt[k - 1];
    w.treeAt[k] += w.treeAt[k - 1];
    w.rejAt[k] += w.rejAt[k - 1];
    w.backAt[k] = w.backAt[k - 1] + (ev === 'backtrack' ? 1 : 0);
    w.solAt[k] = w.solAt[k - 1] + (ev === 'solution' ? 1 : 0);
    w.placeAt[k] = w.placeAt[k - 1] + (ev === 'place' ? 1 : 0);
    w.readAt[k] = w.readAt[k - 1] + (ev === 'check' ? Number(events[k - 1].reads) || 0 : 0);
    if (ev === 'check') w.readsPerStep = true;
  }
}

// What the page works out once per trace: counters per step, where each
// jump lands (the tree's rows are tree.js's: watch.js grows them after).
export function prepare(w, t) {
  const events = Array.isArray(t.events) ? t.events : [];
  const N = events.length;
  w.events = events;
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

export const nodeAt = (w, k) => (k <= 0 ? (w.root ? w.root.id : null) : w.events[k - 1].node);
export const viewAt = (w, k) => (k > 0 ? w.events[k - 1].view || null : null);

// What the message under the controls says of the steps loaded.
export function traceBase(w) {
  const total = w.events.length;
  const st = w.stats;
  return w.truncated
    ? `The search is longer than this: showing its first ${total} steps` + (w.nextOffset !== null ? ' (step on past the last for more).' : '; this server traces no further.')
    : `The whole search: ${plural(total, 'step')}` + (st ? `; at its end ${plural(st.nodes, 'node')}, ${plural(st.backtracks, 'backtrack')}, ${plural(st.solutions, 'solution')}.` : '.');
}
