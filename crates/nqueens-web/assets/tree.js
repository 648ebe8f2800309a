// The search tree beside the board: one row per node, shown as the steps
// reach it, with the path down to the node the search stands on.

import { $, h, plural } from './dom.js';
import { nodeAt } from './trace.js';

const TREE_GLYPH = { root: '∅', queen: '♛', rejected: '✕', dead_end: '⊘', solution: '★' };
const TREE_WORD = { root: 'the empty board', queen: 'a queen placed', rejected: 'rejected', dead_end: 'a dead end', solution: 'a solution' };

function treeLabel(e, ev) {
  if (e.mark === 'root' || e.row === null || e.row === undefined) return 'empty board';
  // brute-force's leaves are whole candidate boards (its inner nodes, their prefixes).
  if (ev && ev.event === 'candidate' && Array.isArray(ev.columns) && e.row === ev.columns.length - 1) return `[${ev.columns.join(' ')}]`;
  return `(${e.row}, ${e.col})`;
}

// The event of the search's step `step`, when the window holds it.
const eventOf = (w, step) => (step > (w.offset || 0) ? w.events[step - (w.offset || 0) - 1] || null : null);

function treeRow(w, e, d) {
  const step = Number(e.step) || 0;
  const ev = eventOf(w, step);
  const glyph = h('span', { class: 'tg tg-' + e.mark, 'aria-hidden': 'true', text: e.mark === 'dead_end' ? TREE_GLYPH.queen : TREE_GLYPH[e.mark] || '•' });
  // One Tab stop in the tree: the row of the node the search stands on
  // (showTree); ↑ ↓ move between rows (main.js).
  const btn = h('button', {
    type: 'button',
    tabindex: -1,
    'data-step': step,
    title: `step ${step}: ${ev ? ev.says || ev.event : 'the empty board'}`,
    'aria-label': `${treeLabel(e, ev)}, ${TREE_WORD[e.mark] || e.mark}, step ${step}`,
  }, glyph, h('span', { class: 'tl', text: treeLabel(e, ev) }), h('span', { class: 'ts', text: step }));
  const li = h('li', { class: 'tn m-' + e.mark, 'data-id': e.id, 'data-mark': e.mark, 'data-step': step, style: `--d:${d}`, hidden: true }, btn);
  return { li, glyph, btn, e, d };
}

// A later page of the trace: its new nodes go at the end of the tree's
// rows (a depth-first search makes them under the path it stands on), and
// nodes it knows more of (a dead end) change. False where the new nodes do
// not go at the end (bfs): then the tree is built again.
export function growTree(w, tree) {
  const t = w.tree;
  const fresh = tree.filter((e) => !t.rows.has(e.id)).sort((a, b) => a.id - b.id);
  const byId = new Map(fresh.map((e) => [e.id, e]));
  let lastStep = t.order.length ? t.order[t.order.length - 1].step : 0;
  let last = t.last;
  for (const e of fresh) {
    if (e.parent === null || e.parent === undefined || !(t.rows.has(e.parent) || byId.has(e.parent))) return false;
    const step = (Number(e.step) || 0) - (w.offset || 0);
    if (step < lastStep) return false;
    lastStep = step;
    let on = false;
    for (let x = last, i = 0; x !== null && x !== undefined && i < 64; x = (t.rows.get(x)?.e || byId.get(x))?.parent, i++) {
      if (x === e.parent) { on = true; break; }
    }
    if (!on) return false;
    last = e.id;
  }
  for (const e of tree) {
    const r = t.rows.get(e.id);
    if (!r || r.e.mark === e.mark) continue;
    const step = Number(e.step) || 0;
    const ev = eventOf(w, step);
    r.li.classList.replace('m-' + r.e.mark, 'm-' + e.mark);
    r.li.dataset.mark = e.mark;
    r.glyph.className = 'tg tg-' + e.mark;
    r.glyph.textContent = e.mark === 'dead_end' ? TREE_GLYPH.queen : TREE_GLYPH[e.mark] || '•';
    r.btn.setAttribute('aria-label', `${treeLabel(e, ev)}, ${TREE_WORD[e.mark] || e.mark}, step ${step}`);
    r.e = e;
  }
  for (const e of fresh) {
    const row = treeRow(w, e, t.rows.get(e.parent).d + 1); // its parent is in by now (ids grow)
    t.list.append(row.li);
    t.rows.set(e.id, row);
    t.order.push({ step: (Number(e.step) || 0) - (w.offset || 0), li: row.li });
  }
  t.last = last;
  t.size = tree.length;
  // Dead ends as this page knows them: shown again by showTree.
  for (let i = 0; i < t.deadShown; i++) {
    const d = t.deadOrder[i];
    d.row.li.classList.remove('left');
    d.row.glyph.textContent = TREE_GLYPH.queen;
  }
  t.deadShown = 0;
  t.deadOrder = [];
  for (const [id, k] of w.deadLeft) t.deadOrder.push({ k, row: t.rows.get(id) });
  t.deadOrder.sort((a, b) => a.k - b.k);
  return true;
}

// One row per tree node, in depth-first order, all built at once and shown
// as the steps reach them.
export function buildTree(w, tree) {
  const children = new Map();
  for (const e of tree) {
    if (e.parent === null || e.parent === undefined) continue;
    if (!children.has(e.parent)) children.set(e.parent, []);
    children.get(e.parent).push(e);
  }
  for (const list of children.values()) list.sort((a, b) => a.id - b.id);
  const list = h('ul', { class: 'tree-list', 'aria-label': 'Nodes of the search tree' });
  const rows = new Map();
  const order = [];
  // Indented by the node's place in the tree (a rejected square sits under
  // the board it was tested on; its "depth", queens on the board, is its
  // parent's).
  const stack = tree.filter((e) => e.parent === null || e.parent === undefined).reverse().map((e) => [e, 0]);
  while (stack.length) {
    const [e, d] = stack.pop();
    // Shown from the step index that makes it (the ancestors of a window's
    // nodes, made before it, from its start).
    const step = (Number(e.step) || 0) - (w.offset || 0);
    const row = treeRow(w, e, d);
    list.append(row.li);
    rows.set(e.id, row);
    order.push({ step, li: row.li });
    const kids = children.get(e.id) || [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], d + 1]);
  }
  order.sort((a, b) => a.step - b.step);
  const lastRow = list.lastElementChild;
  w.tree = { list, rows, order, shown: 0, path: [], made: [], tab: null, deadOrder: [], deadShown: 0, size: tree.length, last: lastRow ? Number(lastRow.dataset.id) : null };
  for (const [id, k] of w.deadLeft) w.tree.deadOrder.push({ k, row: rows.get(id) });
  w.tree.deadOrder.sort((a, b) => a.k - b.k);
  $('w-tree').replaceChildren(list);
}

export function showTree(w) {
  const t = w.tree;
  const k = w.k;
  while (t.shown < t.order.length && t.order[t.shown].step <= k) t.order[t.shown++].li.hidden = false;
  while (t.shown > 0 && t.order[t.shown - 1].step > k) t.order[--t.shown].li.hidden = true;
  // A dead end shows as one once the search has left it.
  while (t.deadShown < t.deadOrder.length && t.deadOrder[t.deadShown].k <= k) {
    const d = t.deadOrder[t.deadShown++];
    d.row.li.classList.add('left');
    d.row.glyph.textContent = TREE_GLYPH.dead_end;
  }
  while (t.deadShown > 0 && t.deadOrder[t.deadShown - 1].k > k) {
    const d = t.deadOrder[--t.deadShown];
    d.row.li.classList.remove('left');
    d.row.glyph.textContent = TREE_GLYPH.queen;
  }
  for (const li of t.path) li.classList.remove('cur', 'path');
  t.path = [];
  const cur = nodeAt(w, k);
  for (let x = cur, i = 0; x !== null && x !== undefined && i < 64; x = w.nodes.get(x)?.parent, i++) {
    const r = t.rows.get(x);
    if (!r) break;
    r.li.classList.add(i === 0 ? 'cur' : 'path');
    t.path.push(r.li);
  }
  // The rows this step makes, outlined: a rejected square, a board bfs
  // puts on its queue, brute-force's candidate and its prefixes (the node
  // the search stands on may be another: the board the square was tested
  // on, the board bfs expands).
  for (const li of t.made) li.classList.remove('made');
  t.made = [];
  for (let i = t.shown - 1; i >= 0 && t.order[i].step === k && k > 0; i--) {
    t.order[i].li.classList.add('made');
    t.made.push(t.order[i].li);
  }
  const tab = (t.rows.get(cur) || {}).li || t.made[0] || t.order[0]?.li;
  if (t.tab !== tab) {
    if (t.tab) t.tab.firstElementChild.tabIndex = -1;
    if (tab) tab.firstElementChild.tabIndex = 0;
    t.tab = tab || null;
  }
  const boards = w.nodesAt[k];
  const shown = t.shown;
  const pruned = w.rejAt[k];
  // brute-force's tree also holds the prefixes of its candidates, which it
  // never stands on.
  const partial = shown - boards - pruned - (w.rootCounts || shown === 0 ? 0 : 1);
  // A window of a longer trace holds only its steps' nodes (and their
  // ancestors): say so, as the counters above count the whole search.
  const from = w.offset || 0;
  const held = from > 0 || w.truncated ? `, of steps ${from + 1} to ${from + w.events.length} held` : '';
  // brute-force prunes nothing: what it rejects are whole candidates.
  const rejected = w.algorithm === 'brute-force' ? 'rejected' : 'pruned';
  $('w-tree-count').textContent = `${shown} of ${t.size} shown: ${plural(boards, 'node')} + ${pruned} ${rejected}` +
    (w.rootCounts ? '' : ' + the empty board') + (partial > 0 ? ` + ${plural(partial, 'partial board')}` : '') + held;
  // Keep the current node in sight, scrolling the tree only.
  const r = t.rows.get(cur);
  const box = $('w-tree');
  if (r && !r.li.hidden && box.clientHeight > 0) {
    const top = r.li.offsetTop;
    const bottom = top + r.li.offsetHeight;
    if (top < box.scrollTop + 4) box.scrollTop = Math.max(0, top - 24);
    else if (bottom > box.scrollTop + box.clientHeight - 4) box.scrollTop = bottom - box.clientHeight + 24;
  }
}
