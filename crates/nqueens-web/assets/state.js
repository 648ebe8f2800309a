// What the page holds: the board the user builds, what the server last said
// of it, the trace being watched, the algorithms the server offers; and the
// hooks through which compare.js hears of the page's changes.

export const state = {
  info: null,
  n: 8,
  mode: 'queens',
  queens: new Set(), // the user's queens, "r,c"
  blocked: new Set(), // the user's blocked squares
  verify: null, // the last /api/verify answer for the board shown
  preview: null, // {kind: 'complete' | 'page', queens: Set, label}
  page: { index: -1, more: true },
  watch: null, // the trace being watched (watch.js)
  bitsRight: false, // bitwise masks with column 0 on the right (seed 004's order)
  seq: 0, // orders board refreshes; stale answers are dropped
};

export function algorithmInfo(name) {
  return state.info ? state.info.algorithms.find((a) => a.name === name) : null;
}

// The comparison of two algorithms (compare.js) draws with the same pieces
// as Watch; these hooks tell it when the page is ready (the algorithms are
// listed), when the board size changes and when a tab is shown.
export const hooks = { ready: [], size: [], tab: [] };
