// The algorithm's own data structure at a step (its array, stack, queue, bit
// masks, attack counters, ...), drawn from the trace's view of it.

import { $, h } from './dom.js';
import { viewAt } from './trace.js';

const sqName = (s) => (Array.isArray(s) ? `(${s[0]}, ${s[1]})` : '');

// A row of cells: name, then value over index.
function cells(name, values, { cls, field, idx = true, title } = {}) {
  const row = h('div', { class: 'arr', 'data-field': field });
  row.append(h('span', { class: 'arr-name', text: name, title }));
  const box = h('span', { class: 'arr-cells' });
  values.forEach((v, i) => {
    const empty = v === null || v === undefined;
    box.append(h('span', { class: 'cell' + (empty ? ' empty' : '') + (cls ? ' ' + (cls(v, i) || '') : ''), 'data-i': i, title: empty ? `${name}[${i}]: not on the current path (the array keeps an old value there, never read)` : `${name}[${i}] = ${v}` },
      h('span', { class: 'v', text: empty ? '·' : v }), idx ? h('span', { class: 'i', text: i }) : null));
  });
  row.append(box);
  return row;
}
const line = (...kids) => h('p', { class: 'st-line' }, ...kids);
const b = (field, value) => h('b', { 'data-field': field, text: value });

// `board`: the column of each row's queen at this step; a tag-1 node whose
// queen is not on it (the step that tags it, before the queen goes on, and
// the step that takes the queen back, before the node is popped) says so.
function stackList(entries, tagged, board = []) {
  const list = h('ol', { class: 'stack', 'data-field': 'entries', 'aria-label': 'the stack, top first' });
  const top = entries.slice().reverse();
  const SHOW = 16;
  top.slice(0, SHOW).forEach((en, i) => {
    const tag = tagged ? Number(en[2]) : null;
    list.append(h('li', { class: (i === 0 ? 'top ' : '') + (tagged ? 'tag' + tag : ''), 'data-entry': en.join(',') },
      h('span', { class: 'en', text: tagged ? `(${en[0]}, ${en[1]}, ${tag})` : `(${en[0]}, ${en[1]})` }),
      tagged ? h('span', { class: 'tagb', text: tag === 0 ? 'tag 0: to test' : board[en[0]] === en[1] ? 'tag 1: placed, undo on pop' : 'tag 1: its queen is off the board this step' }) : null,
      i === 0 ? h('span', { class: 'topb', text: 'top' }) : null));
  });
  if (top.length > SHOW) list.append(h('li', { class: 'more', text: `… ${top.length - SHOW} more below` }));
  if (!top.length) list.append(h('li', { class: 'more', text: 'empty' }));
  return list;
}

// ------------------- teaching: the generator's frames and the bit order

// A Python tuple: (1, 3), (2,), ().
const pyTuple = (t) => (t.length === 1 ? `(${t[0]},)` : `(${t.join(', ')})`);

// The generator's suspended queens() calls, the outermost first (the most
// recent call last, as Python prints them); at a yield each frame shows the
// tuple it hands up, so that read from the bottom up it grows by one pos
// per frame.
function generatorFrames(s, n, v) {
  const frames = Array.isArray(s.frames) ? s.frames : [];
  // The board's queens: the deepest frame's row holds one only at the last
  // row, whose queen is its pos (yielded as (pos,), in no state).
  const board = (v && Array.isArray(v.board)) ? v.board : [];
  const list = h('ol', { class: 'gframes', 'data-field': 'frames', 'aria-label': 'the suspended queens() calls, the most recent last' });
  const deepest = frames.length - 1;
  const args = [];
  frames.forEach((f, i) => {
    const pos = f.pos === null || f.pos === undefined ? null : Number(f.pos);
    const left = Array.isArray(f.left) ? f.left : [];
    const yields = Array.isArray(f.yields) ? f.yields : null;
    let what;
    if (pos === null) what = 'its loop has not begun';
    else if (yields) what = yields.length > 1 ? `yield (${pos},) + ${pyTuple(yields.slice(1))} = ${pyTuple(yields)}` : `yield (${pos},)`;
    else if (i < deepest) what = `waits in for result in queens(${n}, ${pyTuple(args.concat([pos]))})`;
    else if (board[i] === pos) what = `the last row: at yield (${pos},)`;
    else if (Array.isArray(s.square)) what = `testing conflict(state, ${pos})`;
    else if (left.length) what = 'on to its next pos';
    // No candidate left: its loop ends, and the call returns (the first
    // call's return ends the search).
    else what = i === 0 ? 'its loop is done: the search ends' : 'its loop is done: it returns to the call above';
    list.append(h('li', { class: 'gframe' + (i === deepest ? ' deepest' : '') + (yields ? ' yielding' : ''), 'data-row': f.row, 'data-pos': pos === null ? '' : pos, 'data-yields': yields ? yields.join(',') : '' },
      h('code', { class: 'gcall', text: `queens(${n}, ${pyTuple(args)})` }),
      h('span', { class: 'gpos', text: pos === null ? 'pos —' : `pos = ${pos}` }),
      h('span', { class: 'gleft', 'data-field': 'left', text: left.length ? `left ${left.join(' ')}` : 'no candidates left' }),
      h('span', { class: 'gwhat', text: what })));
    args.push(pos === null ? 0 : pos);
  });
  return list;
}

// Bits of a mask as spans; a bit past column n - 1 (off the board) is
// marked 'off' and dimmed. `right`: the string puts column 0 on the right.
function edgeBits(str, n, right) {
  const chars = [...String(str || '')];
  return chars.map((ch, i) => {
    const col = right ? chars.length - 1 - i : i;
    return h('span', { class: (ch === '1' ? 'b1' : 'b0') + (col >= n ? ' off' : ''), text: ch, title: col >= n ? `bit ${col}: past column ${n - 1}, off the board` : `column ${col}` });
  });
}

// The button that turns the bit order over (it reloads the trace); where
// nothing turns it (the comparison), the order in words.
function bitOrderButton(right, turns) {
  if (!turns) {
    return h('span', { class: 'bit-order-said', 'data-field': 'bit-order',
      text: right ? 'bits: column 0 on the right, as the tutorial writes' : 'bits: column 0 first, like the board (Watch an algorithm turns the order over)' });
  }
  return h('button', { type: 'button', class: 'bit-order', 'data-act': 'bit-order', 'aria-pressed': right ? 'true' : 'false',
    title: 'the same masks, written with column 0 on the left (like the board) or on the right (as binary numbers and seed 004 are written)',
    text: right ? 'bits: column 0 on the right, as the tutorial writes ⇄' : 'bits: column 0 first, like the board ⇄' });
}

// `turnsBits`: whether the panel has the bit-order button (the Watch
// panel's does; the comparison's traces are in one order).
export function structureWidget(s, v, n, { turnsBits = true } = {}) {
  const box = h('div', { class: 'st st-' + s.kind, 'data-kind': s.kind });
  switch (s.kind) {
    case 'candidate': {
      box.append(line('candidate ', b('number', s.number), ` of ${n}`, h('sup', { text: n }), ' boards with a queen per row'));
      box.append(cells('columns', s.columns || [], { field: 'columns', title: 'the column of each row\'s queen' }));
      box.append(line('the last test compared ', b('compared', s.compared), ` pair${s.compared === 1 ? '' : 's'} of queens`));
      break;
    }
    case 'board01': {
      const grid = h('div', { class: 'grid01', 'data-field': 'cells', style: `--n:${n}`, role: 'img', 'aria-label': 'the 0/1 board' });
      const read = Number(s.read) || 0;
      const sq = Array.isArray(s.square) ? s.square : null;
      (s.cells || []).forEach((row, r) => row.forEach((x, c) => {
        const i = r * n + c;
        grid.append(h('span', { class: 'g01' + (x ? ' one' : '') + (i < read ? ' read' : '') + (sq && sq[0] === r && sq[1] === c ? ' sq' : ''), text: x }));
      }));
      box.append(grid);
      box.append(line(sq ? ['checking ', b('square', sqName(sq)), ': read the first ', b('read', read), ' cells, row by row'] : ['no check this step (', b('read', read), ' cells read)']));
      break;
    }
    case 'array': {
      const cmp = Number(s.compared) || 0;
      box.append(cells('s', s.s || [], { field: 's', cls: (x, i) => (i < cmp ? 'cmp' : ''), title: 's[row] = the column of its queen' }));
      box.append(line(Array.isArray(s.square) ? ['checking ', b('square', sqName(s.square)), ': compared s[0..', b('compared', cmp), ')'] : ['no check this step']));
      break;
    }
    case 'stack': {
      const held = (s.entries || []).length;
      box.append(line(b('length', held), ` square${held === 1 ? '' : 's'} on the stack, top first`));
      box.append(stackList(s.entries || [], false));
      break;
    }
    case 'tagged_stack': {
      const flags = (name, arr, title) => cells(name, arr || [], { field: name, cls: (x) => (x ? 'on' : ''), title });
      box.append(line(b('length', (s.entries || []).length), ' nodes on the stack, top first'));
      box.append(stackList(s.entries || [], true, (v && v.board) || []));
      box.append(h('div', { class: 'flags' },
        flags('col', s.col, 'col[c] = 1: column c is taken'),
        flags('md', s.md, 'md[row − col + n − 1] = 1: that diagonal \\ is taken'),
        flags('sd', s.sd, 'sd[row + col] = 1: that anti-diagonal / is taken')));
      break;
    }
    case 'generator': {
      const cmp = Number(s.compared) || 0;
      box.append(line(h('span', { class: 'badge ' + (s.suspended ? 'susp' : 'run'), 'data-field': 'suspended', text: s.suspended ? 'suspended after a yield' : 'running' })));
      box.append(cells('state', s.state || [], { field: 'state', cls: (x, i) => (i < cmp ? 'cmp' : ''), title: 'the deepest call\'s state: the column of each row above its own' }));
      box.append(line(Array.isArray(s.square) ? ['checking ', b('square', sqName(s.square)), ': compared ', b('compared', cmp), ` entr${cmp === 1 ? 'y' : 'ies'}`] : ['no check this step']));
      box.append(line('one suspended ', h('code', { text: 'queens(n, state)' }), ' call per row, the most recent last:'));
      box.append(generatorFrames(s, n, v));
      break;
    }
    case 'counters': {
      const grid = h('div', { class: 'gridc', 'data-field': 'grid', style: `--n:${n}`, role: 'img', 'aria-label': 'attack counters' });
      const board = (v && v.board) || [];
      (s.grid || []).forEach((row, r) => row.forEach((x, c) => {
        grid.append(h('span', { class: 'gc' + (x ? ' hit' : '') + (board[r] === c ? ' q' : ''), text: x, title: `(${r}, ${c}): attacked ${x} time${x === 1 ? '' : 's'}` }));
      }));
      box.append(grid);
      box.append(line('a square is free while its counter is 0'));
      break;
    }
    case 'queue': {
      const front = s.front || [];
      box.append(line(b('length', s.length), ` board${s.length === 1 ? '' : 's'} in the queue; expanding a board with `, b('level', s.level), ` queen${s.level === 1 ? '' : 's'}`));
      const list = h('ol', { class: 'queue', 'data-field': 'front', 'aria-label': 'the queue, front first' });
      front.forEach((cols, i) => list.append(h('li', { class: i === 0 ? 'front' : '', text: cols.length ? cols.join(' ') : '∅', title: `columns [${cols.join(', ')}]` })));
      if (s.length > front.length) list.append(h('li', { class: 'more', text: `+${s.length - front.length}` }));
      if (!front.length) list.append(h('li', { class: 'more', text: 'empty' }));
      box.append(h('div', { class: 'queue-wrap' }, h('span', { class: 'qend', text: 'front' }), list, h('span', { class: 'qend', text: 'back' })));
      break;
    }
    case 'scores': {
      const cand = s.candidates || [];
      const next = Number(s.next) || 0;
      box.append(line('row ', b('row', s.row), ': free squares by f, best first (f = squares left free below if a queen goes there)'));
      const table = h('table', { class: 'scores', 'data-field': 'candidates' },
        h('thead', {}, h('tr', {}, h('th', { text: 'column' }), h('th', { text: 'f' }), h('th', { text: '' }))));
      const body = h('tbody');
      // The first `next` have been taken, the last of them is being tried,
      // unless this step takes its queen back (then it is done with too).
      const mk0 = v && v.mark;
      const takenBack = !!(mk0 && mk0.kind === 'removed' && mk0.row === s.row);
      const state = (i) => (i < next - 1 ? 'tried' : i === next - 1 ? (takenBack ? 'tried' : 'trying') : '');
      const label = (i) => (i === next - 1 ? (takenBack ? '← taken back' : '← trying') : state(i));
      cand.forEach(([c, f], i) => body.append(h('tr', { class: state(i) },
        h('td', { text: c }), h('td', { text: f }), h('td', { text: label(i) }))));
      // While the row is being entered its squares are tested before any is scored.
      const mk = v && v.mark;
      const entering = !cand.length && mk && mk.kind === 'rejected' && mk.row === s.row;
      if (!cand.length) body.append(h('tr', {}, h('td', { colspan: 3, text: entering ? 'testing its squares; the free ones are scored next' : 'no free square: a dead end' })));
      table.append(body);
      box.append(table);
      break;
    }
    case 'masks': {
      const rows = s.rows || [];
      const right = !!s.lsb_right;
      const bits = (str) => edgeBits(str, n, right);
      // Our names, with seed 004's beside them where they differ.
      const named = (ours, theirs) => h('th', {}, ours, theirs ? h('span', { class: 'tname', text: ` ${theirs}`, title: `the tutorial calls it ${theirs}` }) : null);
      box.append(h('p', { class: 'st-line' }, bitOrderButton(right, turnsBits)));
      const table = h('table', { class: 'maskt', 'data-field': 'rows', 'data-order': right ? 'lsb-right' : 'lsb-left' });
      // free and p, which the steps speak of, before the tutorial's ld (the
      // widest, twice the board at the last row): in a narrow panel it is
      // the one scrolled to.
      table.append(h('thead', {}, h('tr', {}, named('row'), named('cols', 'k'), named('ld'), named('rd'), named('free', 'pos'), named('p'), named('ld', 'tutorial'))));
      const body = h('tbody');
      rows.forEach((r, i) => body.append(h('tr', { class: i === rows.length - 1 ? 'last' : '' },
        h('td', { text: r.row }), ...['cols_bits', 'ld_bits', 'rd_bits', 'free_bits', 'p_bits', 'ld_tutorial_bits'].map((f) => h('td', { class: 'bits', 'data-field': f }, bits(r[f]))))));
      table.append(body);
      box.append(h('div', { class: 'scrollx' }, table));
      const r = rows[rows.length - 1];
      if (r) {
        const op = (name, theirs, str, note, cls, key = name) => h('tr', { class: cls || '' }, h('th', {}, name, theirs ? h('span', { class: 'tname', text: ` (${theirs})` }) : null), h('td', { class: 'bits', 'data-op': key }, bits(str)), h('td', { class: 'opn', text: note }));
        box.append(h('table', { class: 'ops', 'data-field': 'ops', 'aria-label': `the masks of row ${r.row}` },
          h('caption', { text: `row ${r.row}, ${right ? 'column 0 on the right' : 'column 0 first'}; in brackets the tutorial's names; dimmed bits are past the board's edge` }),
          h('tbody', {},
            op('cols', 'k', r.cols_bits, 'columns taken'),
            op('ld', '', r.ld_bits, '(ld | p) << 1: one bit more than the board, this row\'s shift past the edge', 'ld'),
            op('ld', 'tutorial', r.ld_tutorial_bits, 'the tutorial never masks ld: a diagonal that left the board keeps moving out, a bit a row. Those bits never come back, so ours drops them (& mask) when it stores ld', 'ldt', 'ld-tutorial'),
            op('rd', '', r.rd_bits, '(rd | p) >> 1'),
            op('mask', 'max', r.mask_bits, 'the n columns'),
            op('free', 'pos', r.free_bits, 'mask & ~(cols | ld | rd), less the bits taken: still to try', 'free'),
            op('p', '', r.p_bits, 'free & -free: the lowest bit, taken last', 'p'))));
      }
      break;
    }
    case 'items': {
      const sizes = s.sizes || [];
      const max = Math.max(1, ...sizes.map((x) => x[1]));
      // The item chosen last on this path, while it is still uncovered (the choosing step).
      const picked = (s.chosen || []).slice(-1)[0];
      const list = h('ul', { class: 'items', 'data-field': 'sizes', 'aria-label': 'uncovered primary items and their options' });
      sizes.forEach(([name, size]) => list.append(h('li', { class: (size === 0 ? 'zero ' : '') + (name === picked ? 'first' : ''), 'data-item': name },
        h('span', { class: 'iname', text: name }), h('span', { class: 'ibar', style: `--w:${size / max}` }), h('span', { class: 'isize', text: size }))));
      if (!sizes.length) list.append(h('li', { class: 'more', text: 'every primary item covered' }));
      // The choosing step shows the item before it is covered, as the algorithm holds it.
      // One with no options is a dead end: covered and uncovered at once.
      const pickedSize = (sizes.find(([name]) => name === picked) || [])[1];
      const pending = pickedSize === undefined ? '' : pickedSize === 0 ? ` (${picked} chosen: no options, covered and uncovered at the next step)` : ` (${picked} chosen, covered at the next step)`;
      box.append(line(`uncovered primary items (R row, C column)${pending} with their options:`));
      box.append(list);
      const chosen = s.chosen || [];
      box.append(line('chosen on this path: ', h('span', { class: 'chips', 'data-field': 'chosen' }, chosen.length ? chosen.map((c) => h('span', { class: 'chip', text: c })) : h('span', { class: 'none', text: 'none yet' }))));
      break;
    }
    default:
      return null;
  }
  return box;
}

export const STRUCTURE_NAME = {
  candidate: 'the candidate board', board01: 'the n×n 0/1 board', array: 'the array s[row] = col', stack: 'the stack',
  tagged_stack: 'the stack of (row, col, tag) nodes and the flag arrays', generator: 'the generator\'s state', counters: 'the attack counters',
  queue: 'the FIFO queue', heuristic: 'look-ahead scores', scores: 'the look-ahead scores f', masks: 'the bit masks', items: 'the exact cover items',
};

export function showStructure(w) {
  const v = viewAt(w, w.k);
  const box = $('w-structure');
  const s = v && v.structure;
  const text = v && Array.isArray(v.text) ? v.text.join('\n') : '';
  $('w-text').textContent = text || '(nothing yet)';
  let widget = null;
  if (s && s.kind) widget = structureWidget(s, v, w.n);
  $('w-structure-what').textContent = s && s.kind ? STRUCTURE_NAME[s.kind] || s.kind : '';
  if (widget) box.replaceChildren(widget);
  else if (text) box.replaceChildren(h('pre', { class: 'st-text', text }));
  else box.replaceChildren(h('p', { class: 'hint', text: w.k === 0 ? 'Step 0: nothing done yet. Step forward to see the algorithm\'s structure.' : 'This step leaves no structure to show.' }));
}
