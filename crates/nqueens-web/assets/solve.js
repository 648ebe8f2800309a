// The Solve panel: finish the user's board, count its completions or step
// through them (POST /api/complete), shown on the board as a preview.

import { $, cap, fmtSeconds, key, plural, setText } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { boardBody, refresh, render } from './board.js';
import { stopWatch } from './watch.js';

export function solveMsg(text, kind) { setText($('solve-msg'), text, kind); }

function showPreview(kind, columns, label) {
  const queens = new Set();
  columns.forEach((c, r) => { if (c !== null && c !== undefined) queens.add(key(r, c)); });
  stopWatch();
  state.preview = { kind, queens, label };
  state.verify = null;
  render();
  refresh();
}

export async function finish() {
  solveMsg('Looking for a completion…');
  try {
    const c = await api('POST', '/api/complete', { ...boardBody(), mode: 'first' });
    if (c.status === 'found') {
      const added = c.columns.length - state.queens.size;
      const what = added === 0 ? 'it is already complete' : `added ${added} queen${added === 1 ? '' : 's'}`;
      showPreview('complete', c.columns, `Completion of your board: ${what}`);
      solveMsg(`Found a completion: ${what} (${plural(c.nodes, 'node')}, ${fmtSeconds(c.seconds)}).`, 'ok');
    } else {
      solveMsg(c.message, 'error');
    }
  } catch (e) {
    solveMsg(e.message, 'error');
  }
}

export async function howMany() {
  solveMsg('Counting…');
  try {
    const c = await api('POST', '/api/complete', { ...boardBody(), mode: 'count' });
    // "unique only" is for ◀ ▶ (the server counts completions, not classes).
    const note = $('unique').checked ? ' ("unique only" is for Previous and Next: "Count all solutions" counts the classes.)' : '';
    solveMsg(`${c.message} (${plural(c.nodes, 'node')}, ${fmtSeconds(c.seconds)}).${note}`, c.count > 0 ? 'ok' : 'error');
  } catch (e) {
    solveMsg(e.message, 'error');
  }
}

export async function stepPage(delta) {
  const offset = state.page.index + delta;
  if (offset < 0) return;
  const empty = state.queens.size === 0 && state.blocked.size === 0;
  const body = { ...boardBody(), mode: 'page', offset, limit: 1 };
  if (empty && $('unique').checked) body.unique = true;
  solveMsg('Looking…');
  try {
    const p = await api('POST', '/api/complete', body);
    if (p.solutions.length === 0) {
      state.page = { index: state.page.index, more: false };
      solveMsg(p.message, 'error');
      render();
      return;
    }
    state.page = { index: offset, more: p.more };
    const kind = empty ? (body.unique ? 'Unique solution' : 'Solution') : 'Completion';
    const label = `${kind} ${offset + 1}${p.more ? '' : ' (the last)'}`;
    showPreview('page', p.solutions[0], label);
    solveMsg(p.more ? `${cap(p.message)}.` : `${cap(p.message)}: there are no more.`, 'ok');
  } catch (e) {
    solveMsg(e.message, 'error');
  }
}

// While the board shows the algorithm, what the Solve panel said about the
// user's board does not apply: it is put aside and comes back on Close.
let solveSaved = null;
export function hideOtherMessages() {
  const el = $('solve-msg');
  if (!solveSaved) solveSaved = { text: el.textContent, kind: el.classList.contains('error') ? 'error' : el.classList.contains('ok') ? 'ok' : undefined };
  solveMsg('The board shows the algorithm now: Close it (or reset) to solve from your board.');
}
export function restoreOtherMessages() {
  if (!solveSaved) return;
  solveMsg(solveSaved.text, solveSaved.kind);
  solveSaved = null;
}
