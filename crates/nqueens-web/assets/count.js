// The Count panel: starts a count on the server (POST /api/count), asks how
// it goes until it is done, and cancels it. Beside the progress it shows
// the library's rough projection of the count (its CPU time, and the wall
// time on 1, 2 and the job's cores), in the library's own words.

import { $, setText } from './dom.js';
import { api } from './api.js';

export let countJob = null;
let countTimer = null;

function countMsg(text, kind) { setText($('count-msg'), text, kind); }
function countPlan(text) { setText($('count-plan'), text); }

let countShownN = null; // the n whose count the message shows
const COUNT_HINT = 'Counts every solution of the n×n board on the server\'s cores.';
// A count's result stays only while the n beside it is its n.
export function countNChanged() {
  if (countJob !== null || countShownN === null) return;
  if (Number($('count-n').value) === countShownN) return;
  countShownN = null;
  $('count-fill').style.width = '0%';
  $('count-bar').setAttribute('aria-valuenow', '0');
  $('count-bar').classList.remove('done');
  countMsg(COUNT_HINT);
  countPlan('');
}

function showJob(j) {
  const pct = Math.round(j.fraction * 1000) / 10;
  $('count-fill').style.width = pct + '%';
  $('count-bar').setAttribute('aria-valuenow', String(pct));
  $('count-bar').classList.toggle('done', j.state === 'done');
  let text = j.message;
  if (j.state === 'running') text += ` — ${pct}%, ${Number(j.solutions_so_far).toLocaleString('en-US')} solutions so far`;
  if (j.state === 'done' && j.matches_oeis === true) text += ' ✓ matches the published value (OEIS)';
  if (j.state === 'done' && j.matches_oeis === false) text += ' ✗ differs from the published value (OEIS)!';
  countMsg(text, j.state === 'done' ? 'ok' : j.state === 'running' ? undefined : 'error');
  countPlan(j.projection_text ? 'Projected before it started:\n' + j.projection_text : '');
}

function countFinished() {
  countJob = null;
  clearTimeout(countTimer);
  $('count-start').disabled = false;
  $('count-cancel').disabled = true;
}

export async function startCount() {
  if (countJob !== null) return;
  // The field's own words: a whole number within this server's limit (the
  // API's answer to -1 or 1.5 spoke of JSON and usize).
  const field = $('count-n');
  const n = Number(field.value);
  const max = Number(field.max) || 18;
  if (field.value.trim() === '' || !Number.isInteger(n) || n < 1 || n > max) {
    countMsg(`Count which board? Type a whole number from 1 to ${max}.`, 'error');
    return;
  }
  const unique = $('count-unique').checked;
  $('count-start').disabled = true;
  $('count-fill').style.width = '0%';
  $('count-bar').classList.remove('done');
  countShownN = n;
  countMsg(`Starting a count for n = ${n}…`);
  countPlan('');
  try {
    const j = await api('POST', '/api/count', { n, unique });
    countJob = j.id;
    $('count-cancel').disabled = false;
    showJob(j);
    if (j.state === 'running') countTimer = setTimeout(pollCount, 200);
    else countFinished();
  } catch (e) {
    countFinished();
    countMsg(e.message, 'error');
  }
}

async function pollCount() {
  const id = countJob;
  if (id === null) return;
  try {
    const j = await api('GET', '/api/count/' + id);
    if (countJob !== id) return;
    showJob(j);
    if (j.state === 'running') countTimer = setTimeout(pollCount, 200);
    else countFinished();
  } catch (e) {
    if (countJob !== id) return;
    countFinished();
    countMsg(e.message, 'error');
  }
}

export async function cancelCount() {
  const id = countJob;
  if (id === null) return;
  clearTimeout(countTimer);
  $('count-cancel').disabled = true;
  countMsg('Cancelling…');
  try {
    const j = await api('DELETE', '/api/count/' + id);
    showJob(j);
    if (j.state === 'running') { countTimer = setTimeout(pollCount, 200); return; }
  } catch (e) {
    countMsg(e.message, 'error');
  }
  countFinished();
}
