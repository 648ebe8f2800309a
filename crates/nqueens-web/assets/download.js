// Saving the board shown as a picture (POST /api/render), SVG or PNG.

import { $, key, setText } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { boardBody } from './board.js';
import { viewAt } from './trace.js';

function shownQueens() {
  const w = state.watch;
  if (w && w.active) {
    const v = viewAt(w, w.k);
    const qs = new Set();
    ((v && v.board) || []).forEach((c, r) => { if (c !== null && c !== undefined) qs.add(key(r, c)); });
    return qs;
  }
  return state.preview ? state.preview.queens : state.queens;
}

export async function download(format) {
  const w = state.watch;
  const body = boardBody(shownQueens());
  if (w && w.active) body.blocked = [];
  body.format = format;
  const name = `nqueens-${state.n}.${format}`;
  setText($('dl-msg'), `Drawing ${name}…`);
  try {
    const blob = await api('POST', '/api/render', body, true);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    setText($('dl-msg'), `Saved ${name} (${(blob.size / 1024).toFixed(1)} KiB).`, 'ok');
  } catch (e) {
    setText($('dl-msg'), e.message, 'error');
  }
}
