// Drives the page of `nqueens serve` in real headless Chromium.
//
//   node web-tests/browser-test.mjs
//
// Environment: NQUEENS_BIN (the binary, default target/debug/nqueens),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default
// target/screenshots). Exits non-zero with a message on the first failed
// check; the server is stopped either way.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = process.env.NQUEENS_BIN
  ? path.resolve(process.env.NQUEENS_BIN)
  : path.join(root, 'target', 'debug', 'nqueens');
const shots = process.env.SCREENSHOT_DIR
  ? path.resolve(process.env.SCREENSHOT_DIR)
  : path.join(root, 'target', 'screenshots');
const WAIT = 8000; // ms for any one condition

const started = Date.now();
let server = null;
let browser = null;
let page = null;
let checks = 0;
let step = 'starting';

function log(msg) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}

class CheckFailed extends Error {}

function ok(cond, what) {
  if (!cond) throw new CheckFailed(what);
  checks++;
}

// Starts the server on a free port and reads its URL from the first line.
function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${bin} serve printed no URL within 10 s; stderr: ${err}`)), 10000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${bin}: ${e.message} (build it with: cargo build -p nqueens-cli, or set NQUEENS_BIN)`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (server === child) server = null;
      reject(new Error(`${bin} serve exited (${code ?? signal}) before printing its URL; stderr: ${err}`));
    });
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      const first = out.slice(0, nl);
      const m = /^nqueens serve: (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(first.trim());
      clearTimeout(timer);
      if (m) resolve(m[1]);
      else reject(new Error(`the first line of ${bin} serve is not "nqueens serve: URL": ${JSON.stringify(first)}`));
    });
  });
}

function stopServer() {
  if (server) {
    server.kill('SIGTERM');
    const s = server;
    setTimeout(() => { if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL'); }, 2000).unref();
    server = null;
  }
}

process.on('exit', () => { if (server) server.kill('SIGKILL'); });
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => { stopServer(); process.exit(130); });
}

// --------------------------------------------------------------- helpers

const text = (sel) => page.locator(sel).first().textContent({ timeout: WAIT });

// Waits until the text of `sel` matches `re`.
async function waitText(sel, re, what) {
  try {
    await page.waitForFunction(
      ([s, src, flags]) => new RegExp(src, flags).test(document.querySelector(s)?.textContent ?? ''),
      [sel, re.source, re.flags],
      { timeout: WAIT, polling: 50 },
    );
  } catch (e) {
    const now = await page.locator(sel).first().textContent().catch(() => '(missing)');
    throw new CheckFailed(`${what}: expected ${sel} to match ${re}, it says ${JSON.stringify(now)}`);
  }
  checks++;
  return text(sel);
}

// Waits until `sel` matches exactly `count` elements.
async function waitCount(sel, count, what) {
  try {
    await page.waitForFunction(
      ([s, k]) => document.querySelectorAll(s).length === k,
      [sel, count],
      { timeout: WAIT, polling: 50 },
    );
  } catch (e) {
    const now = await page.locator(sel).count();
    throw new CheckFailed(`${what}: expected ${count} of ${sel}, found ${now}`);
  }
  checks++;
}

const square = (r, c) => `#board button[data-row="${r}"][data-col="${c}"]`;

async function queensOnBoard() {
  return page.$$eval('#board .sq.queen', (els) => els.map((e) => [Number(e.dataset.row), Number(e.dataset.col)]));
}

const sortPairs = (ps) => ps.map((p) => p.join(',')).sort();
const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const queensOf = (view) => (view ? view.board : []).flatMap((c, r) => (c === null ? [] : [`${r},${c}`])).sort();

async function api(url, apiPath, body) {
  const res = await fetch(new URL(apiPath, url), {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${apiPath}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

// ------------- teaching (issue 36): the generator's frames, the bit order

// Sets the timeline to step k (the trace must be loaded).
const scrubStep = (k) => page.$eval('#w-scrub', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, k);

// The generator's frames as drawn, and as the API's view says they are,
// at a few steps of n = 4: a frame just called, a yield, a resume.
async function generatorFramesCheck(url) {
  step = 'the generator\'s frames';
  await page.selectOption('#algo', 'generator');
  const t = await api(url, '/api/trace', { n: 4, algorithm: 'generator', limit: 5000 });
  const evs = t.events;
  const pick = [
    evs.findIndex((e) => e.event === 'place' && e.row === 1),
    evs.findIndex((e) => e.event === 'check' && e.row === 2),
    evs.findIndex((e) => e.event === 'yield'),
    evs.findIndex((e) => e.event === 'resume' && e.step > 1),
    evs.findIndex((e) => e.event === 'place' && e.row === 3),
  ].map((i) => i + 1);
  ok(pick.every((k) => k > 0), `the generator's trace has a call, a test, a yield, a resume and a last-row queen (${pick})`);
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching the generator');
  const py = (a) => (a.length === 1 ? `(${a[0]},)` : `(${a.join(', ')})`);
  for (const k of pick) {
    await scrubStep(k);
    await waitText('#c-steps', new RegExp(`^${k}$`), `the generator at step ${k}`);
    const s = evs[k - 1].view.structure;
    const want = s.frames.map((f, r) => ({
      call: `queens(4, ${py(s.frames.slice(0, r).map((g) => g.pos))})`,
      row: String(f.row),
      pos: f.pos === null ? '' : String(f.pos),
      left: f.left.length ? `left ${f.left.join(' ')}` : 'no candidates left',
      yields: f.yields ? f.yields.join(',') : '',
    }));
    const got = await page.$$eval('#w-structure .gframe', (ls) => ls.map((l) => ({
      call: l.querySelector('.gcall').textContent,
      row: l.dataset.row,
      pos: l.dataset.pos,
      left: l.querySelector('.gleft').textContent,
      yields: l.dataset.yields,
    })));
    ok(JSON.stringify(got) === JSON.stringify(want), `step ${k} (${evs[k - 1].event}): the frames drawn are the API's (want ${JSON.stringify(want)}, got ${JSON.stringify(got)})`);
    if (evs[k - 1].event === 'place' && evs[k - 1].row === 3) {
      // The last row's queen is its frame's pos, yielded as (pos,): the
      // deepest call's state holds the three rows above it, not four.
      const state = await page.$$eval('#w-structure [data-field=state] .v', (ls) => ls.map((l) => l.textContent));
      const whats = await page.$$eval('#w-structure .gframe .gwhat', (ls) => ls.map((l) => l.textContent));
      const pos = evs[k - 1].col;
      ok(JSON.stringify(state) === JSON.stringify(s.state.map(String)) && state.length === 3 && whats[whats.length - 1] === `the last row: at yield (${pos},)`,
        `step ${k}: a queen on the last row leaves the state at three entries and its frame at the yield (got ${JSON.stringify(state)}, ${JSON.stringify(whats)})`);
    }
    if (evs[k - 1].event === 'yield') {
      const whats = await page.$$eval('#w-structure .gframe .gwhat', (ls) => ls.map((l) => l.textContent));
      const cols = evs[k - 1].columns;
      ok(whats[0].endsWith(`= ${py(cols)}`) && whats[whats.length - 1] === `yield (${cols[cols.length - 1]},)`,
        `at the yield the tuple grows from the deepest frame up to ${py(cols)} (got ${JSON.stringify(whats)})`);
      await page.$eval('#w-structure-box', (el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(shots, 'watch-generator-frames.png') });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }
  const code = await text('#w-code');
  ok(code.includes('for result in queens(n, state + (pos,))') && code.includes('yield (pos,) + result') && !code.includes('if len(state) == n: yield state'),
    'the generator\'s pseudocode is the tutorial\'s nesting of calls');
  await page.click('#w-reset');
}

// The bit-order toggle: seed 004's second walk-through, row 3, drawn in both
// orders, each equal to the API's view in that order; the tutorial's
// never-masked ld with its bits past the edge dimmed.
async function bitOrderCheck(url) {
  step = 'the bit order';
  await page.selectOption('#algo', 'bitwise');
  const right = await api(url, '/api/trace', { n: 4, algorithm: 'bitwise', bits: 'lsb-right', limit: 5000 });
  const left = await api(url, '/api/trace', { n: 4, algorithm: 'bitwise', limit: 5000 });
  const k = right.events.findIndex((e) => e.event === 'masks' && e.row === 3 && e.view.board[0] === 1 && e.view.board[2] === 0) + 1;
  ok(k > 0, 'bitwise reaches row 3 under (0, 1), (1, 3), (2, 0)');
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching bitwise');
  await scrubStep(k);
  await waitText('#c-steps', new RegExp(`^${k}$`), `bitwise at step ${k}`);
  const fields = ['cols_bits', 'ld_bits', 'ld_tutorial_bits', 'rd_bits', 'free_bits', 'p_bits'];
  const drawn = () => page.$eval('#w-structure', (box, fs) => ({
    order: box.querySelector('.maskt')?.dataset.order,
    rows: [...box.querySelectorAll('.maskt tbody tr')].map((tr) => fs.map((f) => tr.querySelector(`[data-field=${f}]`).textContent)),
    off: [...box.querySelectorAll('[data-op="ld-tutorial"] span')].map((e) => (e.classList.contains('off') ? 'x' : '.')).join(''),
    names: [...box.querySelectorAll('.maskt thead th, .ops th')].map((e) => e.textContent).join('|'),
  }), fields);
  const expect = (t, i) => t.events[i - 1].view.structure.rows.map((r) => fields.map((f) => r[f]));
  let d = await drawn();
  ok(d.order === 'lsb-left' && JSON.stringify(d.rows) === JSON.stringify(expect(left, k)), `column 0 first by default, the API's masks (want ${JSON.stringify(expect(left, k))}, got ${JSON.stringify(d.rows)})`);
  ok(d.off === '....xx', `the tutorial's ld 010011 has its two bits past the edge dimmed, at the end (got ${d.off})`);
  ok(/cols k/.test(d.names) && /free pos/.test(d.names) && /mask \(max\)/.test(d.names), `the tutorial's names are beside ours (${d.names})`);
  await page.click('#w-structure [data-act=bit-order]');
  await page.waitForFunction((kk) => document.querySelector('#w-structure .maskt')?.dataset.order === 'lsb-right' && document.querySelector('#c-steps').textContent === String(kk), k, { timeout: WAIT });
  checks++;
  d = await drawn();
  ok(JSON.stringify(d.rows) === JSON.stringify(expect(right, k)), `column 0 on the right: the API's masks with "bits": "lsb-right" (want ${JSON.stringify(expect(right, k))}, got ${JSON.stringify(d.rows)})`);
  ok(d.rows[3][2] === '110010' && d.rows[3][1] === '10010' && d.off === 'xx....', `row 3 reads ld 110010 as the tutorial does, ours 10010, the bits past the edge dimmed (got ${d.rows[3]}, ${d.off})`);
  const free = right.events[k - 1].view.structure.rows[3].free_bits;
  const freeCols = [...free].reverse().flatMap((b, c) => (b === '1' ? [c] : []));
  await waitCount('#board .sq.free', freeCols.length, `the free squares of row 3 (${free}, column 0 on the right) are marked on the board`);
  ok(await page.$$eval('#board .sq.free', (els) => els.map((e) => Number(e.dataset.col)).join(',')) === freeCols.join(','), `the free square is column ${freeCols}`);
  await page.$eval('#w-structure-box', (el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(shots, 'watch-bitwise-tutorial-order.png') });
  await page.setViewportSize({ width: 400, height: 860 });
  const wideBits = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  ok(wideBits <= 0, `the masks with the tutorial's ld stay within a 400-px window (${wideBits}px too wide)`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', new RegExp(`^${k + 1}$`), 'a step on in the tutorial\'s order');
  d = await drawn();
  ok(JSON.stringify(d.rows) === JSON.stringify(expect(right, k + 1)), `step ${k + 1} in the tutorial's order is the API's`);
  await page.click('#w-structure [data-act=bit-order]');
  await page.waitForFunction(() => document.querySelector('#w-structure .maskt')?.dataset.order === 'lsb-left', null, { timeout: WAIT });
  checks++;
  ok(await text('#c-steps') === String(k + 1), 'turning the order back keeps the step');
  await page.click('#w-reset');
}

// ------------------------------------------------------------------ test

async function run() {
  step = 'start the server';
  const url = await startServer();
  log(`server at ${url}`);

  step = 'launch Chromium';
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // The API's 4xx answers the test provokes are logged as "Failed to load
  // resource"; only script errors count.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
  });
  log(`Chromium ${browser.version()}`);

  step = 'open the page';
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: WAIT });
  ok((await page.title()).includes('N-Queens'), 'the page title names N-Queens');
  await waitText('#server-info', /^nqueens \d+\.\d+\.\d+/, 'the header shows the server version');

  step = 'board size 8';
  await page.selectOption('#n', '8');
  await waitCount('#board .sq', 64, 'an 8×8 board has 64 squares');
  const options = await page.$$eval('#n option', (os) => os.map((o) => o.value));
  ok(options.length === 20 && options[0] === '1' && options[19] === '20', `the size selector offers 1..20 (got ${options.join(',')})`);
  const label = await page.getAttribute(square(2, 5), 'aria-label');
  ok(label === 'row 2, column 5', `squares are labelled "row r, column c" (got ${JSON.stringify(label)})`);
  await waitText('#status', /^0 queens, no conflicts$/, 'the empty board');

  step = 'place two queens in conflict';
  await page.click(square(0, 0));
  await waitText('#status', /^1 queen, no conflicts$/, 'one queen');
  await waitCount('#board .sq.attacked', 21, 'a queen in the corner of 8×8 attacks 21 squares');
  await page.click(square(1, 1));
  await waitText('#status', /2 queens, 1 conflict/, 'the status line reports the conflict');
  await waitCount('#board .sq.queen.q-conflict', 2, 'both queens are drawn in conflict');
  await waitCount('#overlay line.conflict', 1, 'a line joins the queens in conflict');
  const line = await page.$eval('#overlay line.conflict', (l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))));
  ok(sortPairs([[line[1], line[0]], [line[3], line[2]]]).join(' ') === '0.5,0.5 1.5,1.5',
    `the conflict line runs centre to centre from (0,0) to (1,1) (got ${line})`);
  const color = await page.$eval(`${square(1, 1)} .g`, (g) => getComputedStyle(g).color);
  ok(color === 'rgb(220, 38, 38)', `a queen in conflict is red (got ${color})`);
  await waitText('#status', /no completion exists from here/, 'the quiet completion check says there is no way on');
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-conflict.png') });

  step = 'remove the conflict';
  await page.click(square(1, 1));
  await waitText('#status', /^1 queen, no conflicts$/, 'one queen again');
  await waitCount('#overlay line', 0, 'no conflict line left');
  await page.click(square(1, 2));
  await waitText('#status', /^2 queens, no conflicts — no completion exists from here/, '(0,0) and (1,2) cannot be completed on 8×8');
  await page.click(square(1, 2));
  await page.click(square(1, 4));
  await waitText('#status', /^2 queens, no conflicts$/, '(0,0) and (1,4): no conflicts, and a completion exists');
  await waitCount('#board .sq.q-conflict', 0, 'no queen in conflict');

  step = 'How many?';
  await page.click('#howmany');
  await waitText('#solve-msg', /^1 completion from here/, 'How many? reports the completions');

  step = 'Finish it';
  await page.click('#finish');
  await waitCount('#board .sq.queen', 8, 'Finish it fills the board with 8 queens');
  await waitText('#status', /^8 queens: a solution$/, 'the finished board is a solution');
  await waitCount('#board .sq.queen.q-added', 6, 'the 6 queens the solver added are drawn apart from the user\'s');
  await waitCount('#board .sq.queen.q-user', 2, 'the user\'s 2 queens stay as they were');
  await waitCount('#overlay line', 0, 'a solution has no conflict lines');
  ok(await page.isVisible('#banner'), 'a banner says a completion is shown');
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-finished.png') });

  step = 'Watch an algorithm';
  await page.selectOption('#algo', 'recursive');
  for (let i = 0; i < 3; i++) await page.click('#w-step');
  await waitText('#c-steps', /^3$/, 'the step counter after three steps');
  // The first page, as the page asks for it (no limit: as many steps as fit
  // a reply, up to 2,000); it pages on past its end.
  const trace = await api(url, '/api/trace', { n: 8, algorithm: 'recursive' });
  const expected = queensOf(trace.events[2].view);
  const watched = sortPairs(await queensOnBoard());
  ok(watched.join(' ') === expected.join(' '),
    `the board shows the queens of the trace's view after 3 steps (${expected.join(' ')}), not the user's (got ${watched.join(' ')})`);
  await waitText('#w-event', new RegExp(`^Step 3 of ${trace.events.length}\\+?: ${esc(trace.events[2].says)}$`), 'the current step is told in the API\'s words, whole');
  const rejectAt = trace.events.findIndex((e, i) => i >= 3 && e.view.mark && e.view.mark.kind === 'rejected') + 1;
  ok(rejectAt > 3, 'the trace of recursive rejects a square after step 3');
  const nodesUpTo = (t, k) => t.tree.filter((e) => e.step <= k && e.mark !== 'rejected').length;
  await waitText('#c-nodes', new RegExp(`^${nodesUpTo(trace, 3)}$`), 'the node counter');
  ok(await page.isVisible('#banner.watching'), 'the banner says the algorithm\'s board is shown');
  await page.click('#w-back');
  await waitText('#c-steps', /^2$/, 'step back');
  await page.click('#w-step');
  await waitText('#c-steps', /^3$/, 'step forward again');
  for (let i = 3; i < rejectAt; i++) await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', new RegExp(`^${rejectAt}$`), '→ steps on');
  const rej = trace.events[rejectAt - 1];
  await waitCount(`${square(rej.view.mark.row, rej.view.mark.col)}.rejected`, 1, 'the rejected square is marked');
  const glyph = await text(`${square(rej.view.mark.row, rej.view.mark.col)} .g`);
  ok(glyph === '✕', `a rejected square shows ✕, not the × of a blocked square (got ${JSON.stringify(glyph)})`);
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-watch.png') });

  step = 'the timeline';
  ok(await page.isVisible('#w-scrub'), 'the timeline is under the board while watching');
  const scrubMax = Number(await page.getAttribute('#w-scrub', 'max'));
  ok(scrubMax === trace.events.length, `the timeline spans the ${trace.events.length} steps loaded (max ${scrubMax})`);
  const ticks = await page.$$eval('#w-ticks path', (ps) => Object.fromEntries(ps.map((p) => [p.getAttribute('class'), Number(p.dataset.count)])));
  const countOf = (ev) => trace.events.filter((e) => e.event === ev).length;
  ok(ticks['t-solution'] === countOf('solution') && ticks['t-backtrack'] === countOf('backtrack') && ticks['t-dead'] >= 1,
    `the timeline marks the ${countOf('solution')} solutions and ${countOf('backtrack')} backtracks loaded, and dead ends (got ${JSON.stringify(ticks)})`);
  const scrubTo = (k) => page.$eval('#w-scrub', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, k);
  const sk = Math.min(trace.events.length, 150);
  await scrubTo(sk);
  await waitText('#c-steps', new RegExp(`^${sk}$`), 'setting the timeline sets the step');
  await waitText('#w-event', new RegExp(`^Step ${sk} of ${trace.events.length}\\+?: ${esc(trace.events[sk - 1].says)}$`), 'the step text follows the timeline');
  const scrubbed = sortPairs(await queensOnBoard());
  ok(scrubbed.join(' ') === queensOf(trace.events[sk - 1].view).join(' '), `the board follows the timeline to step ${sk} (want ${queensOf(trace.events[sk - 1].view)}, got ${scrubbed})`);
  await waitText('#c-nodes', new RegExp(`^${nodesUpTo(trace, sk)}$`), 'the node counter follows the timeline');
  await page.focus('#w-scrub');
  await page.keyboard.press('ArrowLeft');
  await waitText('#c-steps', new RegExp(`^${sk - 1}$`), '← on the timeline steps back');
  const firstSol = trace.events.findIndex((e) => e.event === 'solution') + 1;
  if (firstSol > 0) {
    await scrubTo(firstSol);
    await waitCount('#board .sq.q-solved', 8, 'the timeline at a solution shows it solved');
  }

  step = 'Watch bitwise masks';
  await page.selectOption('#algo', 'bitwise');
  await waitCount('#board .sq.queen', 8, 'changing the algorithm returns to the user\'s board');
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  ok(focused === 'board', `after choosing an algorithm the focus is on the board (got ${focused})`);
  for (const sel of ['#w-next-solution', '#w-next-backtrack', '#w-next-deadend', '#w-mini [data-act="solution"]', '#w-mini [data-act="backtrack"]', '#w-mini [data-act="dead"]']) {
    const al = await page.getAttribute(sel, 'aria-label');
    const ti = await page.getAttribute(sel, 'title');
    ok(/^Next (solution|backtrack|dead end)$/.test(al || '') && !!ti, `${sel} has an aria-label and a title (got ${al}, ${ti})`);
  }
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'one bitwise step, by → on the board');
  ok(await page.inputValue('#algo') === 'bitwise', '→ after choosing an algorithm steps, and leaves the algorithm as it is');
  ok(await page.isVisible('#w-structure [data-kind="masks"]'), 'the bitwise masks are shown');
  await waitText('#w-structure [data-op="free"]', /^[01]{8}$/, 'the free mask is a binary string');
  const bt = await api(url, '/api/trace', { n: 8, algorithm: 'bitwise', limit: 2000 });
  // The first step in row 1 below a queen on (0, 0).
  const row1 = bt.events.findIndex((e) => e.view.board[0] === 0 && e.view.structure.rows.length === 2) + 1;
  ok(row1 > 1, 'bitwise enters row 1 under the queen on (0, 0)');
  for (let i = 1; i < row1; i++) await page.click('#w-step');
  await waitText('#c-steps', new RegExp(`^${row1}$`), 'bitwise steps into row 1');
  const v1 = bt.events[row1 - 1].view;
  const free1 = v1.structure.rows[1].free_bits;
  ok(free1.replace(/0/g, '').length === 6, `after (0,0) row 1 has 6 free squares (free = ${free1})`);
  const marked = [...free1].filter((b, c) => b === '1' && v1.board[1] !== c && !(v1.mark && v1.mark.row === 1 && v1.mark.col === c)).length;
  await waitCount('#board .sq.free', marked, 'the free squares of row 1 are marked on the board');
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-bitwise.png') });
  await page.click('#w-play');
  await waitText('#c-steps', /^([2-9]|\d\d+)$/, 'play moves on');
  await page.click('#w-pause');
  await page.click('#w-reset');
  await waitCount('#board .sq.queen', 8, 'reset returns to the user\'s board (the completion)');
  await waitText('#c-steps', /^—$/, 'reset clears the counters: no search, no counts');
  ok(await text('#c-nodes') === '—', 'and no nodes (step 0 of a search has one, the empty board)');
  await waitText('#status', /^8 queens: a solution$/, 'the status line is the board\'s again');

  step = 'Count';
  await page.fill('#count-n', '8');
  await page.click('#count-start');
  await waitText('#count-msg', /Q\(8\) = 92, 12 unique/, 'Count for n = 8');
  const width = await page.$eval('#count-fill', (e) => e.style.width);
  ok(width === '100%', `the progress bar is full at the end (got ${width})`);
  // The library's rough projection of the count, as the server sent it.
  const plan = await text('#count-plan');
  const jobs = await page.evaluate(async () => (await (await fetch('/api/count')).json()).jobs);
  const sent = jobs[jobs.length - 1].projection_text;
  ok(plan === `Projected before it started:\n${sent}` && /CPU time: roughly /.test(plan) && /wall time: about .* on 1 core/.test(plan),
    `the count shows the library's projection, its CPU and wall time (got ${JSON.stringify(plan)})`);

  step = 'screenshots';
  await page.screenshot({ path: path.join(shots, 'nqueens-serve.png') });
  log(`screenshot ${path.join(shots, 'nqueens-serve.png')}`);
  await page.setViewportSize({ width: 400, height: 860 });
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-narrow.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  ok(overflow <= 0, `nothing sticks out sideways on a 400-px window (${overflow}px too wide)`);
  await page.setViewportSize({ width: 1280, height: 800 });

  step = 'Next through the solutions';
  await page.click('#banner-back');
  await waitCount('#board .sq.queen', 2, 'Back to my board shows the user\'s 2 queens');
  await page.click('#clear');
  await waitText('#status', /^0 queens, no conflicts$/, 'Clear empties the board');
  ok(await page.isEnabled('#unique'), 'unique only is allowed on an empty board');
  await page.check('#unique');
  await page.click('#next');
  await waitText('#solve-msg', /^Unique solution 1\b/, 'Next shows unique solution 1');
  await waitCount('#board .sq.queen', 8, 'a solution has 8 queens');
  await page.click('#next');
  await waitText('#solve-msg', /^Unique solution 2\b/, 'Next shows unique solution 2');
  await page.click('#prev');
  await waitText('#solve-msg', /^Unique solution 1\b/, 'Previous goes back');
  await page.click(square(0, 0)); // editing the solution makes it the user's board
  await waitText('#status', /^7 queens/, 'a click on a shown solution edits it');
  ok(await page.isDisabled('#unique'), 'unique only is disabled once the board has queens');

  step = 'Blocks';
  await page.click('#mode-blocks');
  await page.click(square(0, 0));
  await waitCount('#board .sq.blocked', 1, 'a click in Blocks mode blocks a square');
  await page.click('#mode-queens');

  step = 'stale messages';
  await page.selectOption('#n', '6');
  await waitCount('#board .sq', 36, 'a 6×6 board');
  const countNow = await text('#count-msg');
  ok(!/Q\(8\)/.test(countNow), `the count of n = 8 is not shown beside n = 6 (got ${JSON.stringify(countNow)})`);
  await page.click('#clear');
  await page.click('#mode-blocks');
  await page.click(square(0, 0));
  await page.click('#mode-queens');
  await page.click('#finish');
  await waitCount('#board .sq.queen', 6, 'Finish it on a board with only a block fills it');
  await waitCount('#board .sq.queen.q-added', 6, 'on a board with only blocks every queen is marked as the solver\'s');
  await page.click('#next');
  await waitText('#solve-msg', /^Completion 1\b/, 'Next shows completion 1');
  await page.selectOption('#algo', 'recursive');
  await page.click('#w-step');
  await waitText('#c-steps', /^1$/, 'watching on 6×6');
  const solveNow = await text('#solve-msg');
  ok(!/Completion|Unique solution|Solution \d/.test(solveNow), `while watching the Solve panel says nothing of a completion (got ${JSON.stringify(solveNow)})`);
  await page.click('#w-reset');
  await waitText('#solve-msg', /^Completion 1\b/, 'Close brings the Solve panel\'s message back');

  step = 'Watch each algorithm on 4×4';
  await page.click('#banner-back');
  await page.click('#clear');
  await page.selectOption('#n', '4');
  await waitCount('#board .sq', 16, 'a 4×4 board');
  await waitText('#w-msg', /4×4/, 'the Watch hint names the new board size');
  const trace4 = (algorithm) => page.evaluate(async (a) => {
    const r = await fetch('/api/trace', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ n: 4, algorithm: a, limit: 5000 }) });
    return r.json();
  }, algorithm);
  // The structure as the panel shows it, read back from the page.
  const shown = () => page.$eval('#w-structure', (box) => {
    const st = box.querySelector('.st');
    if (!st) return { kind: null };
    const all = (sel, f = (e) => e.textContent) => [...st.querySelectorAll(sel)].map(f);
    const one = (sel) => st.querySelector(sel)?.textContent ?? null;
    const v = (x) => (x === '·' ? null : Number(x));
    const kind = st.dataset.kind;
    switch (kind) {
      case 'candidate': return { kind, number: one('[data-field=number]'), columns: all('[data-field=columns] .v').map(v) };
      case 'board01': return { kind, cells: all('.g01').join(''), read: all('.g01.read').length };
      case 'array': return { kind, s: all('[data-field=s] .v').map(v), compared: all('[data-field=s] .cmp').length };
      case 'stack': return { kind, length: one('[data-field=length]'), entries: all('[data-entry]', (e) => e.dataset.entry), top: one('li.top .en') };
      case 'tagged_stack': return { kind, length: one('[data-field=length]'), entries: all('[data-entry]', (e) => e.dataset.entry), top: one('li.top .en'), col: all('[data-field=col] .v').join(''), md: all('[data-field=md] .v').join(''), sd: all('[data-field=sd] .v').join('') };
      case 'generator': return { kind, suspended: one('[data-field=suspended]'), state: all('[data-field=state] .v').map(v) };
      case 'counters': return { kind, grid: all('.gc').join(',') };
      case 'queue': return { kind, length: one('[data-field=length]'), level: one('[data-field=level]'), front: all('.queue li:not(.more)').length };
      case 'scores': return { kind, row: one('[data-field=row]'), candidates: all('.scores tbody tr', (tr) => [...tr.cells].slice(0, 2).map((c) => c.textContent).join(':')).filter((x) => !/free/.test(x)), next: all('.scores tbody tr', (tr) => tr.className).filter((c) => c === 'tried' || c === 'trying').length };
      case 'masks': return { kind, rows: all('.maskt tbody tr').length, p: one('[data-op=p]'), free: one('[data-op=free]'), ld: one('[data-op=ld]') };
      case 'items': return { kind, sizes: all('[data-item]', (e) => `${e.dataset.item}:${e.querySelector('.isize').textContent}`), chosen: all('[data-field=chosen] .chip') };
      default: return { kind };
    }
  });
  // The same from the API's view.structure.
  const want = (s) => {
    const kind = s.kind;
    switch (kind) {
      case 'candidate': return { kind, number: String(s.number), columns: s.columns };
      case 'board01': return { kind, cells: s.cells.flat().join(''), read: s.read };
      case 'array': return { kind, s: s.s, compared: s.compared };
      case 'stack': case 'tagged_stack': {
        const top = s.entries[s.entries.length - 1];
        const out = { kind, length: String(s.entries.length), entries: s.entries.slice().reverse().slice(0, 16).map((e) => e.join(',')), top: top ? `(${top.join(', ')})` : null };
        if (kind === 'tagged_stack') Object.assign(out, { col: s.col.join(''), md: s.md.join(''), sd: s.sd.join('') });
        return out;
      }
      case 'generator': return { kind, suspended: s.suspended ? 'suspended after a yield' : 'running', state: s.state };
      case 'counters': return { kind, grid: s.grid.flat().join(',') };
      case 'queue': return { kind, length: String(s.length), level: String(s.level), front: s.front.length };
      case 'scores': return { kind, row: String(s.row), candidates: s.candidates.map(([c, f]) => `${c}:${f}`), next: Math.min(s.next, s.candidates.length) };
      case 'masks': { const r = s.rows[s.rows.length - 1]; return { kind, rows: s.rows.length, p: r.p_bits, free: r.free_bits, ld: r.ld_bits }; }
      case 'items': return { kind, sizes: s.sizes.map(([i, k]) => `${i}:${k}`), chosen: s.chosen };
      default: return { kind };
    }
  };
  // A step worth looking at, per algorithm.
  const interesting = {
    'brute-force': (s) => s.number >= 3,
    'recursive-board': (s) => s.read > 0 && s.square,
    recursive: (s) => s.compared > 0 && s.s.filter((x) => x !== null).length >= 2,
    stack: (s) => s.entries.length >= 5,
    'tagged-stack': (s) => s.entries.length >= 5 && s.entries.some((e) => e[2] === 1) && s.entries[s.entries.length - 1][2] === 0,
    generator: (s) => s.suspended,
    occupancy: (s) => s.grid.flat().some((x) => x >= 2),
    bfs: (s) => s.length >= 3,
    heuristic: (s) => s.candidates.length >= 2 && s.next >= 1,
    bitwise: (s) => s.rows.length >= 2 && s.rows[s.rows.length - 2].p !== 0,
    'dancing-links': (s) => s.chosen.length >= 1,
  };
  const algos = await page.$$eval('#algo option', (os) => os.map((o) => o.value));
  ok(algos.length === 11, `the page offers the 11 algorithms (got ${algos.join(', ')})`);
  const within = (t, x, id) => { for (let y = id; y !== null && y !== undefined; y = t.tree.find((e) => e.id === y)?.parent) if (y === x) return true; return false; };
  for (const name of algos) {
    step = `Watch ${name} on 4×4`;
    log(step);
    await page.selectOption('#algo', name);
    const t = await trace4(name);
    const N = t.events.length;
    ok(N > 0 && t.pseudocode.length > 0 && t.about && t.about.idea && Array.isArray(t.tree), `${name}: the trace has steps, pseudocode, about and a tree`);
    let k = t.events.findIndex((e) => e.view.structure && interesting[name] && interesting[name](e.view.structure)) + 1;
    if (k === 0) k = Math.min(N, 12);
    await page.keyboard.press('ArrowRight');
    await waitText('#c-steps', /^1$/, `${name}: → starts watching`);
    for (let i = 1; i < k; i++) await page.keyboard.press('ArrowRight');
    await waitText('#c-steps', new RegExp(`^${k}$`), `${name}: → steps to step ${k}`);
    const ev = t.events[k - 1];
    await waitText('#w-event', new RegExp(`: ${esc(ev.says)}$`), `${name}: the step is told whole`);
    const got = await shown();
    const exp = want(ev.view.structure);
    ok(JSON.stringify(got) === JSON.stringify(exp), `${name}: step ${k} shows the structure of the API's view (want ${JSON.stringify(exp)}, got ${JSON.stringify(got)})`);
    const board = sortPairs(await queensOnBoard());
    ok(board.join(' ') === queensOf(ev.view).join(' '), `${name}: the board is the view's (want ${queensOf(ev.view)}, got ${board})`);
    const cur = await page.$$eval('#w-code li.cur', (ls) => ls.map((l) => Number(l.dataset.line)));
    ok(JSON.stringify(cur) === JSON.stringify(ev.line === null ? [] : [ev.line]), `${name}: the pseudocode line of step ${k} is highlighted (want ${ev.line}, got ${cur})`);
    const inTree = t.tree.filter((e) => e.step <= k).length;
    await waitCount('#w-tree .tn:not([hidden])', inTree, `${name}: the tree shows the ${inTree} nodes with step ≤ ${k}`);
    // The boards stood on: the tree less its rejected squares (and for
    // brute-force, which tests whole boards only, less the empty board).
    const rootCounts = name !== 'brute-force';
    // brute-force's candidates are its tree's whole boards (depth n); the
    // prefixes above them are partial boards it never stands on.
    const boards = t.tree.filter((e) => e.step <= k && e.mark !== 'rejected' && (rootCounts || (e.mark !== 'root' && e.depth === 4))).length;
    const pruned = t.tree.filter((e) => e.step <= k && e.mark === 'rejected').length;
    const partial = inTree - boards - pruned - (rootCounts ? 0 : 1);
    await waitText('#c-nodes', new RegExp(`^${boards}$`), `${name}: the node counter counts the boards in the tree`);
    // (brute-force prunes nothing: its rejected are whole candidates.)
    await waitText('#w-tree-count', new RegExp(`^${inTree} of ${t.tree.length} shown: ${boards} nodes? \\+ ${pruned} ${rootCounts ? 'pruned' : 'rejected'}${rootCounts ? '' : ' \\+ the empty board'}${partial > 0 ? ` \\+ ${partial} partial boards?` : ''}$`), `${name}: the tree's count agrees with the counter`);
    // The board stays in sight (sticky) while the panel scrolls to the structure.
    await page.$eval('#w-structure-box', (el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(shots, `watch-${name}.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    // The jumps, from the start.
    await page.keyboard.press('Home');
    await waitText('#c-steps', /^0$/, `${name}: Home goes back to step 0`);
    const stepNow = async () => Number(await text('#c-steps'));
    const sol = t.events.findIndex((e) => e.event === 'solution') + 1;
    if (sol > 0) {
      await page.click('#w-next-solution');
      await waitText('#c-steps', new RegExp(`^${sol}$`), `${name}: next solution lands on the first solution`);
      await waitCount('#board .sq.q-solved', 4, `${name}: the solution's queens are drawn as one`);
    } else {
      ok(await page.isDisabled('#w-next-solution'), `${name}: no solution in the trace, the button is off`);
    }
    await page.keyboard.press('Home');
    const backKinds = name === 'bfs' ? ['dequeue', 'backtrack'] : ['backtrack'];
    if (t.events.some((e) => backKinds.includes(e.event))) {
      await page.click('#w-next-backtrack');
      const bk = await stepNow();
      ok(bk > 0 && backKinds.includes(t.events[bk - 1].event) && !t.events.slice(0, bk - 1).some((e) => e.event === t.events[bk - 1].event),
        `${name}: next backtrack lands on the first ${backKinds[0]} (step ${bk}: ${t.events[bk - 1]?.event})`);
    } else {
      ok(await page.isDisabled('#w-next-backtrack'), `${name}: no backtrack in the trace, the button is off`);
    }
    await page.keyboard.press('Home');
    await page.keyboard.press('d');
    const dead = t.tree.filter((e) => e.mark === 'dead_end');
    if (dead.length) {
      await page.waitForFunction(() => /^[1-9]\d*$/.test(document.querySelector('#c-steps').textContent), null, { timeout: WAIT });
      const dk = await stepNow();
      const at = t.events[dk - 1].node;
      ok(dead.some((d) => within(t, d.id, at)), `${name}: d lands on a step standing on a dead end (step ${dk}, node ${at})`);
      // Why it is one, in the algorithm's own terms: dancing links is stuck
      // on a row or a column (it chooses either), the others on the next row.
      const why = name === 'dancing-links' ? 'a row or column left has no free square' : 'nothing in the next row is free';
      const tag = await text('#w-event .ev-tag');
      ok(tag === `⊘ a dead end: ${why}`, `${name}: the dead end's tag says why in its terms (got ${tag})`);
    } else {
      ok(await page.isDisabled('#w-next-deadend'), `${name}: no dead end in the trace, the button is off`);
    }
    // The end: the counters are the algorithm's own.
    await page.keyboard.press('End');
    await waitText('#c-steps', new RegExp(`^${N}$`), `${name}: End goes to the last step`);
    if (t.stats && !t.truncated) {
      const counters = [await text('#c-nodes'), await text('#c-backtracks'), await text('#c-solutions')].map(Number);
      ok(counters[2] === t.stats.solutions, `${name}: at the end the solution counter is the algorithm's (${t.stats.solutions}, got ${counters[2]})`);
      ok(counters[0] === t.stats.nodes && counters[1] === t.stats.backtracks,
        `${name}: at the end the node and backtrack counters are the search's own (${t.stats.nodes} nodes, ${t.stats.backtracks} backtracks; got ${counters[0]}, ${counters[1]})`);
    }
  }

  await generatorFramesCheck(url);
  await bitOrderCheck(url);

  step = 'click the tree, keys';
  await page.selectOption('#algo', 'tagged-stack');
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await page.keyboard.press('s');
  await page.waitForFunction(() => /^[1-9]\d*$/.test(document.querySelector('#c-steps').textContent), null, { timeout: WAIT });
  const target = await page.$eval('#w-tree .tn:not([hidden]) button[data-step]:not([data-step="0"])', (b) => b.dataset.step);
  await page.click(`#w-tree .tn:not([hidden]) button[data-step="${target}"]`);
  await waitText('#c-steps', new RegExp(`^${target}$`), 'a click on a tree node goes to its step');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => !document.querySelector('#w-pause').disabled, null, { timeout: WAIT });
  checks++;
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('#w-pause').disabled, null, { timeout: WAIT });
  checks++;
  const aboutText = await text('#w-about-body');
  ok(/The idea/.test(aboutText) && /Why it is taught/.test(aboutText) && /costs/.test(aboutText) && /Source/.test(aboutText), 'About tells the idea, why, cost and source');
  const legendText = await text('#legend-watch');
  ok(await page.isVisible('#legend-watch') && /rejected/.test(legendText) && !(await page.isVisible('#legend-board')), `the board's legend is Watch's while watching (${legendText})`);

  step = 'Watch on a narrow screen';
  await page.setViewportSize({ width: 400, height: 860 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const before = Number(await text('#c-steps'));
  await page.click('#w-mini [data-act="step"]');
  await waitText('#c-steps', new RegExp(`^${before + 1}$`), 'the playback row under the board steps on');
  const boardBox = await page.locator('#board').boundingBox();
  const eventBox = await page.locator('#w-event').boundingBox();
  const miniBox = await page.locator('#w-mini').boundingBox();
  ok(boardBox && eventBox && miniBox && boardBox.y >= 0 && eventBox.y + eventBox.height <= 860 && miniBox.y + miniBox.height <= 860,
    `on a 400-px screen the board, the step text and the playback row are seen together (board from ${boardBox?.y}, text to ${eventBox && eventBox.y + eventBox.height}, buttons to ${miniBox && miniBox.y + miniBox.height})`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  ok(wide <= 0, `watching, nothing sticks out sideways on a 400-px window (${wide}px too wide)`);
  await page.screenshot({ path: path.join(shots, 'watch-narrow.png') });
  await page.screenshot({ path: path.join(shots, 'watch-narrow-full.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');


  step = 'page past step 5,000';
  await page.selectOption('#n', '10');
  await page.selectOption('#algo', 'recursive');
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching recursive on 10×10');
  const scrubMaxNow = async () => Number(await page.getAttribute('#w-scrub', 'max'));
  for (let i = 0; i < 6 && (await scrubMaxNow()) <= 5000; i++) {
    const was = await scrubMaxNow();
    await page.focus('#w-scrub');
    await page.keyboard.press('End');
    try {
      await page.waitForFunction((m) => Number(document.querySelector('#w-scrub').max) > m, was, { timeout: WAIT });
    } catch (e) {
      throw new CheckFailed(`End on the timeline at step ${was} loads the next page (w-msg: ${await text('#w-msg')})`);
    }
    checks++;
  }
  const loaded = await scrubMaxNow();
  ok(loaded > 5000, `the timeline grows past 5,000 steps as pages load (${loaded})`);
  const far = loaded - 7;
  await page.$eval('#w-scrub', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, far);
  await waitText('#c-steps', new RegExp(`^${far}$`), `the timeline goes to step ${far}`);
  const farTrace = await api(url, '/api/trace', { n: 10, algorithm: 'recursive', offset: far - 1, limit: 1 });
  const farEv = farTrace.events[0];
  ok(farEv.step === far, `the API's step at offset ${far - 1} is step ${far} (got ${farEv.step})`);
  await waitText('#w-event', new RegExp(`^Step ${far} of ${loaded}\\+: ${esc(farEv.says)}$`), 'past 5,000 the step label says "Step k of N+" and the API\'s words');
  const farBoard = sortPairs(await queensOnBoard());
  ok(farBoard.join(' ') === queensOf(farEv.view).join(' '), `step ${far}: the board is the API's (want ${queensOf(farEv.view)}, got ${farBoard})`);
  // The tree grown page by page is the tree of the pages put together, in
  // depth-first order, shown up to this step.
  const merged = new Map();
  for (let off = 0; off !== undefined && off < loaded;) {
    const p = await api(url, '/api/trace', { n: 10, algorithm: 'recursive', offset: off });
    for (const e of p.tree) merged.set(e.id, e);
    off = p.next_offset;
  }
  const kids = new Map();
  for (const e of merged.values()) {
    if (e.parent === null) continue;
    if (!kids.has(e.parent)) kids.set(e.parent, []);
    kids.get(e.parent).push(e);
  }
  const pre = [];
  const stack = [...merged.values()].filter((e) => e.parent === null);
  while (stack.length) {
    const e = stack.pop();
    pre.push(e);
    stack.push(...(kids.get(e.id) || []).sort((x, y) => y.id - x.id));
  }
  const wantTree = pre.filter((e) => e.step <= far).map((e) => `${e.id}:${e.mark}`);
  const gotTree = await page.$$eval('#w-tree .tn:not([hidden])', (ls) => ls.map((l) => `${l.dataset.id}:${l.dataset.mark}`));
  ok(gotTree.length === wantTree.length && gotTree.join(' ') === wantTree.join(' '),
    `step ${far}: the tree grown page by page is the pages' tree (${wantTree.length} nodes; got ${gotTree.length}, first difference at ${gotTree.findIndex((x, i) => x !== wantTree[i])})`);
  await waitText('#c-nodes', new RegExp(`^${wantTree.filter((x) => !x.endsWith(':rejected')).length}$`), 'past 5,000 the node counter counts the boards in the tree');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, 'watch-timeline.png') });
  await page.setViewportSize({ width: 400, height: 860 });
  await page.evaluate(() => window.scrollTo(0, 0));
  ok(await page.isVisible('#w-scrub'), 'the timeline is shown on a 400-px screen');
  const wide2 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  ok(wide2 <= 0, `with the timeline nothing sticks out sideways on a 400-px window (${wide2}px too wide)`);
  await page.screenshot({ path: path.join(shots, 'watch-timeline-narrow.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // A page that does not come: a clear message, and the step stays.
  await page.route('**/api/trace', (r) => r.abort());
  const atEnd = await scrubMaxNow();
  await page.$eval('#w-scrub', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, atEnd);
  await waitText('#w-msg', /^Could not load the steps after step \d+: cannot reach the nqueens server/, 'a failed page is told');
  await waitText('#c-steps', new RegExp(`^${atEnd}$`), 'after a failed page the step is the last loaded');
  await page.unroute('**/api/trace');
  await page.click('#w-reset');

  step = 'errors are shown';
  await page.selectOption('#algo', 'brute-force');
  await page.click('#w-step');
  await waitText('#w-msg', /over this server's limit.*at most 9/, 'a 422 from trace is shown');

  await testGoToStep(url);
  await testOccupancyOnBoard(url);
  await testHeuristicTakenBack(url);
  await testCompare(url);
  await testComparePaging(url);
  await testTabs(url);
  await testMessagesFollowSize();
  await testPageAuditFindings(url);
  await testLookedAtFindings(url);
  await testLastStepHeldAndBfsJump(url);
  await testSecondPageAudit(url);
  await testPanelValues(url);
  await screenshotEveryAlgorithm(url);

  step = 'no keyboard hints on a touch screen';
  const touch = await browser.newContext({ viewport: { width: 400, height: 860 }, hasTouch: true, isMobile: true });
  const tp = await touch.newPage();
  await tp.goto(url, { waitUntil: 'domcontentloaded' });
  await tp.waitForSelector('body[data-ready="true"]', { timeout: WAIT });
  const hints = await tp.evaluate(() => [getComputedStyle(document.querySelector('#w-keys')).display, getComputedStyle(document.querySelector('#w-next-solution kbd')).display]);
  ok(hints.every((d) => d === 'none'), `a touch screen shows no keyboard hints (display: ${hints.join(', ')})`);
  await touch.close();

  ok(pageErrors.length === 0, `no errors in the page's console: ${pageErrors.join(' | ')}`);
}

// ------------------------------------------- issue 36: page3's checks
//
// Each in its own function, called at the end of run(): occupancy's
// counters on the squares, the side-by-side comparison, the tabs of a
// narrow screen, the messages after a new board size, and a screenshot of
// every algorithm at 1280 and 400 px.

// Every page of a trace up to `upto` steps (or its end).
async function traceUpTo(url, n, algorithm, upto = Infinity) {
  let t = null;
  for (let off = 0; ;) {
    const p = await api(url, '/api/trace', off ? { n, algorithm, offset: off } : { n, algorithm });
    if (!t) t = { ...p, tree: new Map() };
    else t.events = t.events.concat(p.events);
    for (const e of p.tree) t.tree.set(e.id, e);
    t.stats = p.stats;
    if (p.next_offset === undefined || p.next_offset === null || t.events.length >= upto) break;
    off = p.next_offset;
  }
  t.tree = [...t.tree.values()];
  return t;
}

// Boards stood on after k steps, from the API's tree (brute-force stands on
// its whole candidate boards only).
const boardsAt = (t, k, n) => t.tree.filter((e) => e.step <= k && e.mark !== 'rejected' &&
  (t.algorithm !== 'brute-force' || (e.mark !== 'root' && e.depth === n))).length;
const readsAt = (t, k) => t.events.slice(0, k).reduce((a, e) => a + (e.event === 'check' ? e.reads : 0), 0);
const setScrub = (k) => page.$eval('#w-scrub', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, k);

// ------------------------------------------- issue 36: go to any step
//
// "Go to step" far into a search loads a window of it; what the page shows
// there (the board, the step's words, the counters) is the API's, and the
// counters are the server's counts of the steps before ("before").

// What the page shows of the step it stands on.
async function shownStep() {
  return {
    steps: await text('#c-steps'),
    nodes: await text('#c-nodes'),
    backtracks: await text('#c-backtracks'),
    solutions: await text('#c-solutions'),
    board: sortPairs(await queensOnBoard()).join(' '),
    event: await text('#w-event'),
  };
}

// Goes to step k with the keyboard (type it, Enter) and waits for it.
async function goTo(k, what) {
  await page.fill('#w-goto-step', String(k));
  await page.focus('#w-goto-step');
  await page.keyboard.press('Enter');
  await waitText('#c-steps', new RegExp(`^${k}$`), what);
}

// The page at step k is the API's: the step's words and board from the
// reply at offset k - 1, the counters from the "before" of the reply at
// offset k (the counts of the first k steps).
async function checkStepIsApis(url, n, algorithm, k) {
  const at = await api(url, '/api/trace', { n, algorithm, offset: k - 1, limit: 1 });
  const after = await api(url, '/api/trace', { n, algorithm, offset: k, limit: 1 });
  const ev = at.events[0];
  ok(ev.step === k && after.before.steps === k, `the API's step at offset ${k - 1} is step ${k} (got ${ev.step}, before.steps ${after.before.steps})`);
  await waitText('#w-event', new RegExp(`^Step ${k} of \\d+\\+?: ${esc(ev.says)}`), `step ${k} of ${algorithm} ${n}: the step's words are the API's`);
  const got = await shownStep();
  ok(got.board === queensOf(ev.view).join(' '), `step ${k} of ${algorithm} ${n}: the board is the API's (want ${queensOf(ev.view)}, got ${got.board})`);
  const b = after.before;
  ok(got.nodes === String(b.boards) && got.backtracks === String(b.backtracks) && got.solutions === String(b.solutions),
    `step ${k} of ${algorithm} ${n}: the counters are the server's counts of the first ${k} steps (want ${b.boards}/${b.backtracks}/${b.solutions} nodes/backtracks/solutions, got ${got.nodes}/${got.backtracks}/${got.solutions})`);
  const logNum = await text('#w-log li .num');
  ok(logNum === String(k), `step ${k}: the log numbers the step ${k} (got ${logNum})`);
  return got;
}

async function testGoToStep(url) {
  step = 'go to any step';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.selectOption('#n', '10');
  await page.selectOption('#algo', 'bitwise');
  // Past 20,000 steps, straight from the empty board: a window.
  await goTo(54321, 'go to step 54,321 of bitwise on 10×10');
  await checkStepIsApis(url, 10, 'bitwise', 54321);
  // The tree's count is of the window's nodes, and says so (it said "80 of
  // 80 shown" beside a counter of thousands).
  await waitText('#w-tree-count', /, of steps \d+ to \d+ held$/, 'a window\'s tree says which steps it holds');
  const window = (await text('#w-tree-count')).match(/, of steps (\d+) to (\d+) held$/);
  ok(Number(window[1]) <= 54321 && 54321 <= Number(window[2]), `the window held holds step 54,321 (${window[0]})`);
  const scrubMin = Number(await page.getAttribute('#w-scrub', 'min'));
  const scrubMax = Number(await page.getAttribute('#w-scrub', 'max'));
  ok(scrubMin === 1 && scrubMax < 5000, `the timeline spans the window only (min ${scrubMin}, max ${scrubMax})`);
  // Stepping on and playing into the next page, from the window's last step.
  await scrubStep(scrubMax);
  const lastHeld = Number(await text('#c-steps'));
  await page.click('#w-step');
  await waitText('#c-steps', new RegExp(`^${lastHeld + 1}$`), 'stepping on past the window\'s last step loads the next page');
  await checkStepIsApis(url, 10, 'bitwise', lastHeld + 1);
  await page.click('#w-next-solution');
  await page.waitForFunction((k) => Number(document.querySelector('#c-steps').textContent) > k, lastHeld + 1, { timeout: WAIT });
  const sol = Number(await text('#c-steps'));
  await waitText('#w-event', /: solution \d+:/, `the next solution in the window (step ${sol})`);
  await checkStepIsApis(url, 10, 'bitwise', sol);
  // Below 20,000 by a window, then back before its first step.
  const k2 = 15000;
  await goTo(k2, 'go back to step 15,000: a window before the one held');
  const byWindow = await checkStepIsApis(url, 10, 'bitwise', k2);
  await scrubStep(0);
  const first = Number(await text('#c-steps'));
  ok(first > 0 && first <= k2, `the window's timeline starts at its first step (${first}), not before it`);
  await page.click('#w-back');
  await waitText('#c-steps', new RegExp(`^${first - 1}$`), `stepping back from the window's first step (${first}) loads the steps before it`);
  await checkStepIsApis(url, 10, 'bitwise', first - 1);
  // The same step reached from step 0, page by page: the same page.
  await page.click('#w-reset');
  await page.click('#w-step');
  await waitText('#c-steps', /^1$/, 'watching bitwise on 10×10 from the start');
  for (let i = 0; i < 12 && Number(await page.getAttribute('#w-scrub', 'max')) < k2; i++) {
    const was = Number(await page.getAttribute('#w-scrub', 'max'));
    await page.focus('#w-scrub');
    await page.keyboard.press('End');
    await page.waitForFunction((m) => Number(document.querySelector('#w-scrub').max) > m, was, { timeout: WAIT });
  }
  await scrubStep(k2);
  await waitText('#c-steps', new RegExp(`^${k2}$`), 'step 15,000 by paging from step 0');
  const byPaging = await shownStep();
  ok(JSON.stringify({ ...byPaging, event: '' }) === JSON.stringify({ ...byWindow, event: '' }) && byPaging.event.split(':').slice(1).join(':') === byWindow.event.split(':').slice(1).join(':'),
    `step ${k2} shows the same counters, board and words by a window and by paging from 0 (${JSON.stringify(byWindow)} vs ${JSON.stringify(byPaging)})`);
  // Steps already held: no window, the timeline keeps them.
  await goTo(300, 'go to step 300, held since step 0');
  ok(Number(await page.getAttribute('#w-scrub', 'min')) === 0, 'going to a step held keeps the steps from 0');
  // A deep step: a million steps into recursive on 12×12.
  await page.click('#w-reset');
  await page.selectOption('#n', '12');
  await page.selectOption('#algo', 'recursive');
  await goTo(1000000, 'go to step 1,000,000 of recursive on 12×12');
  await checkStepIsApis(url, 12, 'recursive', 1000000);
  await page.screenshot({ path: path.join(shots, 'watch-go-to-step.png') });
  // Paging on from a window: past 20,000 steps held (HOLD in watch.js)
  // the first pages go, and what is shown stays the API's.
  await page.selectOption('#n', '11');
  await goTo(200000, 'go to step 200,000 of recursive on 11×11');
  const heldEnd = async () => Number(/ of (\d+)/.exec(await text('#w-event'))[1]);
  const maxes = [];
  for (let i = 0; i < 20; i++) {
    const was = await heldEnd();
    await page.focus('#w-scrub');
    await page.keyboard.press('End');
    await page.waitForFunction((m) => Number((/ of (\d+)/.exec(document.querySelector('#w-event').textContent) || [])[1]) > m, was, { timeout: WAIT });
    maxes.push(Number(await page.getAttribute('#w-scrub', 'max')));
    if (maxes.length > 1 && maxes[maxes.length - 1] <= maxes[maxes.length - 2]) break;
  }
  const held = maxes[maxes.length - 1];
  ok(maxes.length > 2 && maxes.length < 20 && held <= 20000 && maxes[maxes.length - 2] > 20000 - 3000,
    `paging on past 20,000 steps held drops the first pages (steps held: ${maxes.join(', ')})`);
  const endNow = Number(await text('#c-steps'));
  await checkStepIsApis(url, 11, 'recursive', endNow);
  const lastNow = await heldEnd();
  await scrubStep(0);
  await page.waitForFunction((k) => document.querySelector('#c-steps').textContent !== String(k), endNow, { timeout: WAIT });
  const firstNow = Number(await text('#c-steps'));
  ok(firstNow > 200000 - 100 + 1 && firstNow === lastNow - held + 1, `after the drop the window starts later (step ${firstNow}, ${held} steps to ${lastNow})`);
  await checkStepIsApis(url, 11, 'recursive', firstNow);
  // A step the search does not reach: its last step, and the page says so
  // (as for a step just past the steps held; it used to stay put with an
  // error that broke off at "must be less").
  await page.selectOption('#n', '6');
  await page.click('#w-step');
  await waitText('#c-steps', /^1$/, 'watching recursive on 6×6');
  await page.fill('#w-goto-step', '3000000');
  await page.click('#w-goto-go');
  const told = await waitText('#w-msg', /^The search has \d+ steps: showing its last\.$/, 'a step past the end of the search is told');
  const last = /has (\d+) steps/.exec(told)[1];
  await waitText('#c-steps', new RegExp(`^${last}$`), 'a step out of reach shows the last');
  // On a narrow screen the control is there, and nothing sticks out.
  await page.setViewportSize({ width: 400, height: 860 });
  ok(await page.isVisible('#w-goto-step') && await page.isVisible('#w-goto-go'), '"go to step" is shown on a 400-px screen');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  ok(wide <= 0, `with "go to step" nothing sticks out sideways on a 400-px window (${wide}px too wide)`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');
}

// Watches `algorithm` on an n×n board from its first step, and returns its
// trace from the API up to step `upto`.
async function watchFor(url, n, algorithm, upto) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.selectOption('#n', String(n));
  await page.selectOption('#algo', algorithm);
  const t = await traceUpTo(url, n, algorithm, upto);
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, `watching ${algorithm}`);
  return t;
}

// Puts the timeline on step k and waits for the page to show it.
async function scrubAndWait(k, what) {
  await setScrub(k);
  await waitText('#c-steps', new RegExp(`^${k}$`), what);
}

// Occupancy: each empty square shows its attack counter, as the API's
// view of the step has it.
async function testOccupancyOnBoard(url) {
  step = 'occupancy counters on the squares';
  const t = await watchFor(url, 6, 'occupancy', 400);
  const k1 = t.events.findIndex((e) => e.view.structure.grid.flat().some((x) => x >= 2)) + 1;
  const k2 = t.events.findIndex((e, i) => i >= k1 && e.event === 'backtrack') + 1;
  ok(k1 > 0 && k2 > k1, `occupancy's trace has a square attacked twice (step ${k1}) and a backtrack after it (step ${k2})`);
  for (const k of [k1, k2]) {
    await scrubAndWait(k, `occupancy at step ${k}`);
    const v = t.events[k - 1].view;
    const drawn = await page.$$eval('#board .sq', (els) => els.map((e) => ({ r: Number(e.dataset.row), c: Number(e.dataset.col), cnt: e.querySelector('.cnt').textContent, queen: e.classList.contains('queen') })));
    const wrong = drawn.filter((d) => (d.queen ? d.cnt !== '' : d.cnt !== String(v.structure.grid[d.r][d.c])));
    ok(wrong.length === 0, `step ${k}: every empty square shows its counter from the API's grid, queens none (wrong: ${JSON.stringify(wrong.slice(0, 3))})`);
    ok(drawn.filter((d) => d.queen).length === v.board.filter((c) => c !== null).length, `step ${k}: the queens drawn are the view's`);
  }
  const shown = await page.$$eval('#board .sq.cnt-hit .cnt', (els) => els.filter((e) => getComputedStyle(e).display !== 'none').length);
  ok(shown > 0, `the non-zero counters are shown on the board (${shown})`);
  await page.screenshot({ path: path.join(shots, 'watch-occupancy-counters.png') });
  await page.click('#w-reset');
}

// The heuristic's scores table: on a step that takes a queen back, the
// candidate it was trying is taken back, not "trying" (steps 17, 18, 25 and
// 26 of 4×4 once pointed "← trying" at the queen just removed).
async function testHeuristicTakenBack(url) {
  step = 'heuristic: a candidate taken back';
  const t = await watchFor(url, 4, 'heuristic', 60);
  const backs = t.events.map((e, i) => [e, i + 1]).filter(([e]) => e.event === 'backtrack' && e.view.structure.kind === 'scores' && e.view.structure.row === e.row);
  ok(backs.length >= 2, `heuristic's 4×4 trace takes queens back within its scored rows (${backs.length})`);
  for (const [e, k] of backs.slice(0, 4)) {
    await scrubAndWait(k, `heuristic at step ${k}`);
    const rows = await page.$$eval('#w-structure .scores tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    const taken = rows.filter((r) => r[2] === '← taken back');
    ok(!rows.some((r) => r[2] === '← trying') && taken.length === 1 && Number(taken[0][0]) === e.col,
      `step ${k}: the queen taken back, column ${e.col}, is marked so and nothing is "trying" (got ${JSON.stringify(rows)})`);
  }
  await page.click('#w-reset');
}

// What one side of the comparison draws: its step, its queens, its
// structure (the kinds the pairs below use), and the table's counters.
async function compareSide(i) {
  const box = i === 0 ? '#cmp-left' : '#cmp-right';
  return page.$eval(box, (el) => {
    const st = el.querySelector('.st');
    const all = (sel) => (st ? [...st.querySelectorAll(sel)].map((e) => e.textContent) : []);
    const m = /^Step (\d+) of/.exec(el.querySelector('.cmp-event').textContent);
    return {
      step: m ? Number(m[1]) : null,
      says: el.querySelector('.ev-says')?.textContent ?? null,
      queens: [...el.querySelectorAll('.cmp-board .sq.queen')].map((s) => `${s.dataset.row},${s.dataset.col}`).sort(),
      kind: st ? st.dataset.kind : null,
      cells: all('.g01').join(''),
      s: all('[data-field=s] .v').join(' '),
      free: st && st.querySelector('[data-op=free]') ? st.querySelector('[data-op=free]').textContent : null,
      grid: all('.gc').join(','),
    };
  });
}
const tableCell = (row, i) => page.$eval(`#cmp-table tr[data-row="${row}"]`, (tr, j) => tr.cells[1 + j].textContent.replace(/,/g, ''), i);

async function checkCompareSide(t, i, k, what) {
  const got = await compareSide(i);
  ok(got.step === k, `${what}: ${t.algorithm} is at step ${k} (got ${got.step})`);
  const ev = t.events[k - 1];
  ok(got.says === ev.says, `${what}: ${t.algorithm}'s step is told in the API's words (want ${JSON.stringify(ev.says)}, got ${JSON.stringify(got.says)})`);
  ok(got.queens.join(' ') === queensOf(ev.view).join(' '), `${what}: ${t.algorithm}'s board is the view's (want ${queensOf(ev.view)}, got ${got.queens})`);
  const s = ev.view.structure;
  ok(got.kind === s.kind, `${what}: ${t.algorithm} shows its ${s.kind} (got ${got.kind})`);
  if (s.kind === 'board01') ok(got.cells === s.cells.flat().join(''), `${what}: the 0/1 board is the view's`);
  if (s.kind === 'array') ok(got.s === s.s.map((x) => (x === null ? '·' : x)).join(' '), `${what}: s is the view's (want ${s.s}, got ${got.s})`);
  if (s.kind === 'masks') ok(got.free === s.rows[s.rows.length - 1].free_bits, `${what}: the free mask is the view's`);
  if (s.kind === 'counters') ok(got.grid === s.grid.flat().join(','), `${what}: the counters are the view's`);
  const n = t.n;
  ok(Number(await tableCell('steps', i)) === k, `${what}: the table's steps for ${t.algorithm}`);
  ok(Number(await tableCell('nodes', i)) === boardsAt(t, k, n), `${what}: the table's nodes for ${t.algorithm} (${boardsAt(t, k, n)})`);
  // The algorithm's own counters, live: those the API's step carries (the
  // placements too: brute force and bfs have no place events, and the
  // table once said 0 for them).
  for (const [row, f] of [['placements', 'placements'], ['tests', 'conflict_tests'], ['reads', 'reads'], ['writes', 'writes']]) {
    const got = await tableCell(row, i);
    ok(Number(got) === ev.counters[f], `${what}: the table's ${row} for ${t.algorithm} are the API's at step ${k} (want ${ev.counters[f]}, got ${got})`);
  }
  // Where every read is a check's, they add up to the checks' own.
  if (t.events.some((e) => e.event === 'check') && t.algorithm !== 'brute-force') {
    ok(ev.counters.reads === readsAt(t, k), `${what}: ${t.algorithm}'s reads are its checks' (${readsAt(t, k)}, got ${ev.counters.reads})`);
  }
}

// Plays two algorithms to their end on the board size shown: the live
// tests, reads and writes reach each search's own totals.
async function compareToTheEnd(url, n, names) {
  await page.selectOption('#cmp-a', names[0]);
  await page.selectOption('#cmp-b', names[1]);
  await page.click('#cmp-reset');
  await page.click('#cmp-play');
  await waitText('#cmp-msg', /^Both searches are over\.$/, `playing ${names.join(' and ')} to their end`);
  for (const [i, name] of names.entries()) {
    const t = await traceUpTo(url, n, name);
    for (const f of ['nodes', 'conflict_tests', 'reads', 'writes', 'peak_frontier']) {
      const got = await tableCell(`total-${f}`, i);
      ok(Number(got) === t.stats[f], `${name}: the whole search's ${f} is the API's (${t.stats[f]}, got ${got})`);
    }
    for (const [row, f] of [['tests', 'conflict_tests'], ['reads', 'reads'], ['writes', 'writes']]) {
      const got = await tableCell(row, i);
      ok(Number(got) === t.stats[f], `${name}: the ${row} counted step by step reach the search's own ${f} (${t.stats[f]}, got ${got})`);
    }
    ok(Number(await tableCell('solutions', i)) === t.stats.solutions, `${name}: finds the ${t.stats.solutions} solutions`);
  }
}

// Two algorithms side by side, stepping together by nodes and by steps.
async function testCompare(url) {
  step = 'compare two algorithms';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.selectOption('#n', '6');
  await page.click('#cmp-presets button[data-a="recursive-board"][data-b="recursive"]');
  ok(await page.inputValue('#cmp-a') === 'recursive-board' && await page.inputValue('#cmp-b') === 'recursive', 'the preset picks the 2-D board and the 1-D array');
  await page.click('#cmp-by-nodes');
  const ticks = 6;
  for (let i = 0; i < ticks; i++) await page.click('#cmp-step');
  const [ta, tb] = [await traceUpTo(url, 6, 'recursive-board'), await traceUpTo(url, 6, 'recursive')];
  // By nodes: each stands on the step that made its (1 + ticks)th board.
  const firstWith = (t, b) => t.events.findIndex((e, i) => boardsAt(t, i + 1, 6) >= b) + 1;
  const [ka, kb] = [firstWith(ta, 1 + ticks), firstWith(tb, 1 + ticks)];
  await page.waitForFunction((k) => /^Step (\d+)/.exec(document.querySelector('#cmp-right .cmp-event').textContent)?.[1] === String(k), kb, { timeout: WAIT });
  await checkCompareSide(ta, 0, ka, `by nodes, ${ticks} steps`);
  await checkCompareSide(tb, 1, kb, `by nodes, ${ticks} steps`);
  const ra = readsAt(ta, ka);
  const rb = readsAt(tb, kb);
  ok(ra > rb, `on the same boards the 2-D board reads more than the 1-D array (${ra} > ${rb})`);
  await page.$eval('#compare', (el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(shots, 'compare.png') });
  await page.click('#cmp-by-steps');
  for (let i = 0; i < 3; i++) await page.click('#cmp-step');
  await page.waitForFunction((k) => /^Step (\d+)/.exec(document.querySelector('#cmp-right .cmp-event').textContent)?.[1] === String(k), kb + 3, { timeout: WAIT });
  await checkCompareSide(ta, 0, ka + 3, 'by steps, 3 more');
  await checkCompareSide(tb, 1, kb + 3, 'by steps, 3 more');
  // The whole comparison, for docs/images/serve-compare.png.
  await page.locator('#compare').screenshot({ path: path.join(shots, 'compare-section.png') });
  await page.click('#cmp-back');
  await checkCompareSide(tb, 1, kb + 2, 'both back');

  // The array against the bit masks: the same boards, fewer steps.
  await page.click('#cmp-presets button[data-a="recursive"][data-b="bitwise"]');
  await page.click('#cmp-by-nodes');
  for (let i = 0; i < 4; i++) await page.click('#cmp-step');
  const tc = await traceUpTo(url, 6, 'bitwise');
  const [kr, kc] = [firstWith(tb, 5), firstWith(tc, 5)];
  await page.waitForFunction((k) => /^Step (\d+)/.exec(document.querySelector('#cmp-right .cmp-event').textContent)?.[1] === String(k), kc, { timeout: WAIT });
  await checkCompareSide(tb, 0, kr, 'recursive vs bitwise by nodes');
  await checkCompareSide(tc, 1, kc, 'recursive vs bitwise by nodes');
  // Live counters of algorithms whose checks are not steps of their own.
  await page.selectOption('#cmp-a', 'stack');
  await page.selectOption('#cmp-b', 'dancing-links');
  await page.click('#cmp-reset');
  await page.click('#cmp-by-steps');
  for (let i = 0; i < 9; i++) await page.click('#cmp-step');
  await page.waitForFunction(() => /^Step 9 /.test(document.querySelector('#cmp-right .cmp-event').textContent), null, { timeout: WAIT });
  await checkCompareSide(await traceUpTo(url, 6, 'stack'), 0, 9, 'stack vs dancing-links by steps');
  await checkCompareSide(await traceUpTo(url, 6, 'dancing-links'), 1, 9, 'stack vs dancing-links by steps');

  // To the end on 4×4: the table's totals are the searches' own, and the
  // reads counted step by step add up to them.
  await page.selectOption('#n', '4');
  await waitText('#cmp-msg', /4×4/, 'a new board size restarts the comparison and says so');
  await page.click('#cmp-presets button[data-a="recursive-board"][data-b="recursive"]');
  await page.$eval('#speed', (el) => { el.value = '100'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await compareToTheEnd(url, 4, ['recursive-board', 'recursive']);
  await compareToTheEnd(url, 4, ['heuristic', 'bfs']);
  await compareToTheEnd(url, 4, ['tagged-stack', 'occupancy']);
  await page.$eval('#speed', (el) => { el.value = '30'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.evaluate(() => window.scrollTo(0, 0));
}

// The comparison goes on past the first reply of a trace (2,000 steps at
// most): recursive on 7×7 takes 7,759 steps, and is checked against the
// API's page at the step it stands on; a board too large is refused.
async function testComparePaging(url) {
  step = 'compare past the first page';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.selectOption('#n', '7');
  await page.click('#cmp-presets button[data-a="recursive"][data-b="bitwise"]');
  await page.click('#cmp-by-nodes');
  const first = await api(url, '/api/trace', { n: 7, algorithm: 'recursive' });
  ok(first.next_offset > 0, `the first reply of recursive on 7×7 ends at step ${first.next_offset}`);
  await page.$eval('#speed', (el) => { el.value = '100'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.click('#cmp-play');
  try {
    await page.waitForFunction((m) => Number(/^Step (\d+)/.exec(document.querySelector('#cmp-left .cmp-event').textContent)?.[1]) > m + 50, first.next_offset, { timeout: 30000 });
  } catch (e) {
    throw new CheckFailed(`playing both goes past step ${first.next_offset} of recursive (at ${await text('#cmp-left .cmp-event')}; ${await text('#cmp-msg')})`);
  }
  await page.click('#cmp-pause');
  // A step under way when paused (a page loading) still lands: wait till it has.
  let got = await compareSide(0);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250);
    const again = await compareSide(0);
    if (again.step === got.step) break;
    got = again;
  }
  const at = await api(url, '/api/trace', { n: 7, algorithm: 'recursive', offset: got.step - 1, limit: 1 });
  const ev = at.events[0];
  ok(ev.step === got.step && got.says === ev.says && got.queens.join(' ') === queensOf(ev.view).join(' '),
    `past the first page recursive's side is the API's step ${got.step} (${JSON.stringify(ev.says)}; got ${JSON.stringify(got.says)})`);
  const right = await compareSide(1);
  const tb = await traceUpTo(url, 7, 'bitwise');
  const nodes = Number(await tableCell('nodes', 0));
  ok(Number(await tableCell('nodes', 1)) === nodes && boardsAt(tb, right.step, 7) === nodes,
    `by nodes both have stood on ${nodes} boards (bitwise at step ${right.step}: ${boardsAt(tb, right.step, 7)})`);
  await page.$eval('#speed', (el) => { el.value = '30'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.selectOption('#n', '10');
  await page.selectOption('#cmp-a', 'brute-force');
  await page.click('#cmp-step');
  await waitText('#cmp-msg', /^brute-force: .*over this server's limit.*at most 9/, 'a board too large for one side is refused with the server\'s words');
  await page.click('#cmp-reset');
}

// A narrow screen: tabs put the data, the code, the tree and the
// comparison one tap from the board; a wide screen has no tabs.
async function testTabs(url) {
  step = 'tabs on a narrow screen';
  await page.setViewportSize({ width: 1280, height: 800 });
  ok(!(await page.isVisible('#tabs')), 'a wide screen shows no tabs');
  await page.selectOption('#n', '6');
  await page.selectOption('#algo', 'recursive');
  await page.setViewportSize({ width: 400, height: 860 });
  ok(await page.isVisible('#tabs'), 'a 400-px screen shows the tabs');
  const t = await traceUpTo(url, 6, 'recursive', 100);
  const k = t.events.findIndex((e) => e.view.structure.compared >= 2) + 1;
  await page.click('#tab-data');
  ok(await page.isVisible('#w-mini') && !(await page.isVisible('#board')), 'the Data tab shows the playback row, not the board');
  for (let i = 0; i < k; i++) await page.click('#w-mini [data-act="step"]');
  await waitText('#c-steps', new RegExp(`^${k}$`), `the Data tab's playback row steps to ${k}`);
  const box = await page.locator('#w-structure').boundingBox();
  ok(box && box.y >= 0 && box.y < 860 - 60, `the data structure is in sight under the tabs (top at ${box && box.y})`);
  const s = await page.$$eval('#w-structure [data-field=s] .v', (els) => els.map((e) => e.textContent).join(' '));
  const want = t.events[k - 1].view.structure.s.map((x) => (x === null ? '·' : x)).join(' ');
  ok(s === want, `the Data tab shows step ${k}'s array (want ${want}, got ${s})`);
  // A row off the current path is not "empty": the array keeps an old value there, never read.
  const off = await page.$$eval('#w-structure [data-field=s] .cell.empty', (els) => els.map((e) => e.title));
  ok(off.length > 0 && off.every((t) => /not on the current path/.test(t) && !/= empty/.test(t)), `the array's cells off the path say what they hold (got ${off.join(' | ')})`);
  await page.screenshot({ path: path.join(shots, 'tab-data-narrow.png') });
  await page.click('#tab-code');
  const cur = await page.$$eval('#w-code li.cur', (ls) => ls.map((l) => Number(l.dataset.line)));
  ok(await page.isVisible('#w-code') && !(await page.isVisible('#w-structure')) && JSON.stringify(cur) === JSON.stringify([t.events[k - 1].line]), `the Code tab shows the pseudocode, line ${t.events[k - 1].line} lit (got ${cur})`);
  await page.click('#tab-tree');
  ok(await page.isVisible('#w-tree') && !(await page.isVisible('#w-code')), 'the Tree tab shows the tree');
  // ← → on the tabs move between them and do not step the search.
  await page.focus('#tab-tree');
  await page.keyboard.press('ArrowRight');
  ok(await page.getAttribute('#tab-compare', 'aria-selected') === 'true', '→ on the tabs selects the next tab');
  await waitText('#c-steps', new RegExp(`^${k}$`), '→ on the tabs does not step');
  ok(await page.isVisible('#compare') && !(await page.isVisible('#panel-watch')), 'the Compare tab shows the comparison alone');
  const cbox = await page.locator('#compare').boundingBox();
  ok(cbox && cbox.y < 200, `the comparison starts under the tabs (at ${cbox && cbox.y})`);
  await page.click('#cmp-step');
  await page.waitForFunction(() => /^Step \d+/.test(document.querySelector('#cmp-left .cmp-event').textContent), null, { timeout: WAIT });
  checks++;
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  ok(wide <= 0, `the comparison fits a 400-px screen (${wide}px too wide)`);
  await page.screenshot({ path: path.join(shots, 'compare-narrow.png') });
  await page.click('#tab-board');
  ok(await page.isVisible('#board') && await page.isVisible('#panel-watch'), 'the Board tab shows the board and the panels again');
  await page.selectOption('#algo', 'stack');
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  ok(focused === 'board', `on a 400-px screen too, choosing an algorithm puts the focus on the board (got ${focused})`);
  await page.selectOption('#algo', 'recursive');
  await page.click('#tab-data');
  await page.setViewportSize({ width: 1280, height: 800 });
  ok(!(await page.isVisible('#tabs')) && await page.isVisible('#board') && await page.isVisible('#w-structure'), 'a wide screen shows everything whatever tab was chosen');
  await page.setViewportSize({ width: 400, height: 860 });
  await page.click('#tab-board');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');
}

// After a new board size nothing on the page still speaks of the old one.
async function testMessagesFollowSize() {
  step = 'messages follow the board size';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.selectOption('#n', '8');
  await page.selectOption('#algo', 'recursive');
  await page.click('#w-step');
  await waitText('#c-steps', /^1$/, 'watching on 8×8');
  await page.click('#cmp-step');
  await waitText('#cmp-msg', /8×8/, 'comparing on 8×8');
  await page.selectOption('#n', '6');
  await waitCount('#board .sq', 36, 'a 6×6 board');
  await waitText('#w-msg', /6×6/, 'the Watch hint names 6×6');
  await waitText('#cmp-msg', /6×6/, 'the comparison names 6×6');
  const said = await page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      // (About's text is the algorithm's documentation, not a message.)
      if (t.parentElement.closest('select, [hidden], script, #w-about')) continue;
      if (/\b8\s*[×x]\s*8\b|n = 8\b|Q\(8\)/.test(t.textContent)) out.push(t.textContent.trim());
    }
    return out;
  });
  ok(said.length === 0, `after switching to 6×6 no text speaks of 8×8 (found: ${JSON.stringify(said)})`);
}

// What an audit of the page in a browser found (2026-11-29), each fixed:
// "Go to step" past the end of a search, the Solve panel's answer about a
// board no longer shown, the Count field's words, the board's keys.
// What a look at the page in a browser found untrue or broken, each checked
// here: the tagged stack's label of a tag-1 node whose queen is not on the
// board, the generator's last frame, the comparison's bit order (a button
// that did nothing), the Solve panel's message after Back to my board, and
// the masks the steps speak of (free and p) out of view.
async function testLookedAtFindings(url) {
  step = 'the tagged stack\'s tag-1 label follows the board';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');
  await page.click('#clear');
  await page.selectOption('#n', '4');
  await page.selectOption('#algo', 'tagged-stack');
  const t = await api(url, '/api/trace', { n: 4, algorithm: 'tagged-stack', limit: 5000 });
  const tagK = t.events.findIndex((e) => e.event === 'tag') + 1;
  const backK = t.events.findIndex((e) => e.event === 'backtrack') + 1;
  ok(tagK > 0 && backK > 0 && t.events[tagK].event === 'place', `the tagged stack tags, places, and takes back (steps ${tagK}, ${backK})`);
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching the tagged stack');
  const off = 'tag 1: its queen is off the board this step';
  for (const [k, label] of [[tagK, off], [tagK + 1, 'tag 1: placed, undo on pop'], [backK, off]]) {
    await scrubStep(k);
    await waitText('#c-steps', new RegExp(`^${k}$`), `the tagged stack at step ${k}`);
    const top = await text('#w-structure .stack li.top .tagb');
    ok(top === label, `step ${k} (${t.events[k - 1].event}): the top node says ${JSON.stringify(label)} (got ${JSON.stringify(top)})`);
  }

  step = 'the generator\'s last step ends the search';
  await page.click('#w-reset');
  await page.selectOption('#algo', 'generator');
  const g = await api(url, '/api/trace', { n: 4, algorithm: 'generator', limit: 5000 });
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching the generator');
  await page.keyboard.press('End');
  await waitText('#c-steps', new RegExp(`^${g.events.length}$`), 'the generator\'s last step');
  const whats = await page.$$eval('#w-structure .gframe .gwhat', (ls) => ls.map((l) => l.textContent));
  ok(JSON.stringify(whats) === JSON.stringify(['its loop is done: the search ends']), `the last frame says its loop is done, not that it goes on (got ${JSON.stringify(whats)})`);

  step = 'dancing links: a dead end\'s item is covered and uncovered in one step';
  await page.click('#w-reset');
  await page.selectOption('#algo', 'dancing-links');
  const dl = await api(url, '/api/trace', { n: 4, algorithm: 'dancing-links', limit: 5000 });
  const deadK = dl.events.findIndex((e) => e.event === 'choose' && e.options === 0) + 1;
  const liveK = dl.events.findIndex((e) => e.event === 'choose' && e.options > 0) + 1;
  ok(deadK > 0 && liveK > 0 && dl.events[deadK].event === 'uncover', `dancing links on 4×4 chooses an item with no options, then uncovers it (step ${deadK})`);
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching dancing links');
  for (const [k, said] of [[deadK, 'chosen: no options, covered and uncovered at the next step'], [liveK, 'chosen, covered at the next step']]) {
    await scrubStep(k);
    await waitText('#c-steps', new RegExp(`^${k}$`), `dancing links at step ${k}`);
    const caption = await text('#w-structure');
    const item = dl.events[k - 1].item;
    ok(caption.includes(`(${item} ${said})`), `step ${k}: the items panel says ${JSON.stringify(`${item} ${said}`)} (got ${JSON.stringify(caption.slice(0, 200))})`);
  }

  step = 'the masks the steps speak of are in view';
  await page.click('#w-reset');
  await page.selectOption('#n', '8');
  await page.selectOption('#algo', 'bitwise');
  await page.keyboard.press('ArrowRight');
  await waitText('#c-steps', /^1$/, 'watching bitwise on 8×8');
  await page.keyboard.press('s');
  await waitText('#c-solutions', /^1$/, 'bitwise\'s first solution');
  const sticks = await page.$eval('#w-structure', (box) => {
    const wrap = box.querySelector('.scrollx').getBoundingClientRect();
    const cells = [...box.querySelectorAll('.maskt tbody tr:last-child [data-field=free_bits], .maskt tbody tr:last-child [data-field=p_bits]')];
    return cells.map((c) => Math.round(c.getBoundingClientRect().right - wrap.right));
  });
  ok(sticks.length === 2 && sticks.every((x) => x <= 0), `free and p are within the panel at 1280 px, n = 8 (px past its edge: ${sticks})`);

  step = 'the comparison says its bit order';
  await page.click('#w-reset');
  await page.selectOption('#n', '6');
  await page.click('#cmp-presets button[data-a="recursive"][data-b="bitwise"]');
  for (let i = 0; i < 3; i++) await page.click('#cmp-step');
  await waitCount('#cmp-right [data-field=bit-order]', 1, 'the comparison\'s masks say their order');
  ok(await page.$$eval('#cmp-right [data-act=bit-order]', (els) => els.length) === 0, 'and offer no button that would not turn it');
  await page.click('#cmp-reset');

  step = 'Back to my board leaves no word of the solution put away';
  await page.click('#clear');
  await page.check('#unique');
  await page.click('#next');
  await waitText('#solve-msg', /^Unique solution 1\b/, 'Next shows unique solution 1 of 6×6');
  await page.click('#banner-back');
  await waitText('#status', /^0 queens, no conflicts$/, 'Back to my board: the empty board again');
  await waitText('#solve-msg', /^$/, 'and the Solve panel no longer speaks of the solution');
  await page.uncheck('#unique');
}

async function testPageAuditFindings(url) {
  step = 'go to a step past the end of the search';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');
  await page.selectOption('#n', '5');
  await page.selectOption('#algo', 'recursive');
  // A short search, held whole: 10,000 went nowhere ("must be less").
  const short = await api(url, '/api/trace', { n: 5, algorithm: 'recursive' });
  ok(!short.more, 'the 5×5 recursive search fits one page');
  const steps5 = short.events.length;
  await page.fill('#w-goto-step', '10000');
  await page.click('#w-goto-go');
  await waitText('#w-msg', new RegExp(`^The search has ${steps5} steps: showing its last\\.$`), 'far past the end of a short search: its last step');
  await waitText('#c-steps', new RegExp(`^${steps5}$`), 'the last step is shown');
  // Past what the server traces, on a longer search: the API says how many
  // steps there are, and the page goes to the last.
  const past = await fetch(new URL('/api/trace', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ n: 8, algorithm: 'recursive', offset: 3999999 }),
  });
  const error = (await past.json()).error;
  ok(past.status === 400 && Number.isInteger(error.steps) && error.message.endsWith(`must be less than ${error.steps}`),
    `an offset past the end says how many steps there are (HTTP ${past.status}, ${JSON.stringify(error)})`);
  await page.click('#w-reset');
  await page.selectOption('#n', '8');
  await page.fill('#w-goto-step', '1000000000');
  await page.click('#w-goto-go');
  await waitText('#w-msg', new RegExp(`^The search has ${error.steps} steps: showing its last\\.$`), 'far past what the server traces: the last step');
  await waitText('#c-steps', new RegExp(`^${error.steps}$`), 'the last step of 8×8 is shown');
  // What the browser itself refuses is said in the page's words too (the
  // message of the step before stayed), and Escape closes the Watch.
  await page.fill('#w-goto-step', '2.5');
  await page.click('#w-goto-go');
  await waitText('#w-msg', /^Go to which step\? Type a whole number, 0 or more\.$/, 'a step the number field refuses');
  await page.focus('#w-step');
  await page.keyboard.press('Escape');
  await waitText('#status', /^0 queens, no conflicts$/, 'Escape closes the Watch: the user\'s board again');
  ok(await page.isHidden('#banner'), 'after Escape no banner says the board shows the algorithm');

  step = 'the Solve panel speaks of the board shown';
  await page.click('#clear');
  await page.click(square(0, 0));
  await page.click('#howmany');
  await waitText('#solve-msg', /^4 completions from here/, 'How many? with a queen on (0, 0) of 8×8');
  await page.click(square(1, 2));
  await waitText('#solve-msg', /^Finish your board, count its completions/, 'a changed board: the answer about the board before is gone');
  await waitText('#status', /no completion exists from here/, 'the status says there is none now');
  await page.click('#clear');

  step = 'the Count field says what it takes';
  for (const v of ['-1', '1.5', '', '99999999999999999999', '19']) {
    await page.fill('#count-n', v);
    await page.click('#count-start');
    await waitText('#count-msg', /^Count which board\? Type a whole number from 1 to 18\.$/, `Count with n = ${JSON.stringify(v)}`);
  }
  await page.fill('#count-n', '8');

  step = 'the board is one Tab stop, its squares crossed by the arrow keys';
  const stops = await page.$$eval('#board button[data-row]', (els) => els.filter((e) => e.tabIndex === 0).length);
  ok(stops === 1, `one square of the board is in the Tab order (found ${stops})`);
  await page.focus(square(0, 0));
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  const at = await page.evaluate(() => `${document.activeElement.dataset.row},${document.activeElement.dataset.col}`);
  ok(at === '1,2', `right, right, down from (0, 0) is (1, 2) (focus on ${at})`);
  ok(await page.isHidden('#banner'), 'arrow keys on the board do not start the Watch');
  await page.keyboard.press('Enter');
  await waitText('#status', /^1 queen, no conflicts$/, 'Enter on the focused square places a queen');
  ok(await page.isVisible(square(1, 2) + '.queen'), 'the queen is on (1, 2)');
  await page.click('#clear');
}

// From a second audit: a dead end at the last step the page held was
// shown without its tag (a dead end is known by the step that leaves it,
// not loaded yet), and bfs's "next backtrack" went to dequeues, named
// backtracks.
async function testLastStepHeldAndBfsJump(url) {
  step = 'a dead end at the last step of a page is shown as one';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');
  await page.selectOption('#n', '8');
  await page.selectOption('#algo', 'heuristic');
  // Step 4,000 of 8×8 heuristic ends the page's second page of 2,000 steps
  // and stands on a dead end that step 4,001 leaves (so the API's tree says).
  const at = await api(url, '/api/trace', { n: 8, algorithm: 'heuristic', offset: 3999, limit: 2 });
  const node = at.tree.find((e) => e.id === at.events[0].node);
  ok(at.events[0].step === 4000 && node && node.mark === 'dead_end' && at.events[1].node !== node.id,
    `step 4000 of 8×8 heuristic stands on a dead end, left at step 4001 (node ${JSON.stringify(node)})`);
  for (const how of ['go to', 'step on']) {
    await page.click('#w-reset');
    await goTo(1, 'the Watch at step 1');
    if (how === 'go to') {
      await goTo(4000, 'go to step 4000');
    } else {
      await goTo(3999, 'go to step 3999');
      await page.click('#w-step');
      await waitText('#c-steps', /^4000$/, 'step on to 4000');
    }
    await waitText('#w-event .ev-tag', /^⊘ a dead end: /, `${how} step 4000, the last of a page: its dead end is shown`);
  }

  step = "bfs's jump back up is named for what it goes to";
  await page.click('#w-reset');
  await page.selectOption('#n', '4');
  await page.selectOption('#algo', 'bfs');
  await goTo(1, 'bfs 4×4 at step 1');
  await page.click('#w-next-backtrack');
  await waitText('#w-event', /dequeue/, 'the jump lands on a dequeue');
  const named = await page.$eval('#w-next-backtrack', (b) => [b.textContent.trim(), b.getAttribute('aria-label'), b.title]);
  ok(named[0] === '↶ dequeue b' && named[1] === 'Next dequeue' && /does not backtrack/.test(named[2]),
    `the button says dequeue (got ${JSON.stringify(named)})`);
  ok(/↶ dequeues \(orange\)/.test(await page.getAttribute('#w-scrub', 'title')), "the timeline's orange marks are dequeues");
  await page.click('#w-reset');
  await page.selectOption('#algo', 'recursive');
  await goTo(1, 'recursive 4×4 at step 1');
  const back = await page.$eval('#w-next-backtrack', (b) => [b.textContent.trim(), b.getAttribute('aria-label')]);
  ok(back[0] === '↶ backtrack b' && back[1] === 'Next backtrack', `another algorithm: backtrack again (got ${JSON.stringify(back)})`);
  ok(/↶ backtracks \(orange\)/.test(await page.getAttribute('#w-scrub', 'title')), "the timeline's orange marks are backtracks again");

  step = 'a jump that has not found its step yet says so';
  // 8×8 bfs finds its first solution at step 14,981: one press looks five
  // pages on ("No solution after step 1" read as the answer).
  await page.click('#w-reset');
  await page.selectOption('#n', '8');
  await page.selectOption('#algo', 'bfs');
  await goTo(1, 'bfs 8×8 at step 1');
  await page.click('#w-next-solution');
  await waitText('#w-msg', /^No solution after step 1 up to step \d+, the step shown \(loaded so far\): press again to look further\.$/, 'the first press');
  const upTo = /up to step (\d+)/.exec(await text('#w-msg'))[1];
  await waitText('#c-steps', new RegExp(`^${upTo}$`), 'the view goes on to the last step looked at');
  await page.click('#w-next-solution');
  await waitText('#w-event', /^Step 14981 of \d+\+?: /, 'the second press reaches the first solution');
  await page.click('#w-reset');
}

// The second audit of the page: the comparison at the speed set, the keys
// left to it, the tree's rows made by a step and its one Tab stop, a long
// jump that holds at most HOLD steps, How many? beside "unique only".
async function testSecondPageAudit(url) {
  step = 'the comparison plays at the speed set in Watch';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#w-reset');
  await page.selectOption('#n', '8');
  await page.click('#cmp-presets button[data-a="recursive"][data-b="bitwise"]');
  await page.click('#cmp-by-steps');
  await page.click('#cmp-step');
  await waitText('#cmp-left .cmp-event', /^Step 1\b/, 'the comparison at step 1');
  await page.$eval('#speed', (el) => { el.value = '100'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.click('#cmp-play');
  await page.waitForTimeout(2000);
  await page.click('#cmp-pause');
  const played = Number(/^Step (\d+)/.exec(await text('#cmp-left .cmp-event'))[1]);
  // One tick a timer made about 55 a second whatever the speed.
  ok(played > 400, `2 s at 1,024 steps a second take the comparison past step 400 (it is at ${played})`);
  await page.$eval('#speed', (el) => { el.value = '30'; el.dispatchEvent(new Event('input', { bubbles: true })); });

  step = 'the keys do not step Watch from the comparison';
  const watching = await text('#c-steps');
  await page.focus('#cmp-step');
  for (const key of ['ArrowRight', 'ArrowRight', 's']) await page.keyboard.press(key);
  await page.waitForTimeout(300);
  ok(await text('#c-steps') === watching, `→ → s on the comparison's button leave Watch as it was (${JSON.stringify(watching)}, now ${JSON.stringify(await text('#c-steps'))})`);
  await page.click('#cmp-reset');

  step = "the tree outlines the rows a step makes, and is one Tab stop";
  await page.selectOption('#n', '4');
  await page.selectOption('#algo', 'recursive');
  const t = await api(url, '/api/trace', { n: 4, algorithm: 'recursive', limit: 5000 });
  const rejectK = t.events.findIndex((e) => e.event === 'reject') + 1;
  await goTo(rejectK, `recursive 4×4 at its first rejection, step ${rejectK}`);
  const rows = await page.$$eval('#w-tree li.made', (ls) => ls.map((l) => [l.dataset.mark, Number(l.dataset.step), l.classList.contains('cur')]));
  ok(JSON.stringify(rows) === JSON.stringify([['rejected', rejectK, false]]), `step ${rejectK} outlines the square it rejects, not the board it stands on (got ${JSON.stringify(rows)})`);
  await page.click(`#w-tree li.m-rejected[data-step="${rejectK}"] button`);
  ok(await page.$$eval('#w-tree li.made', (ls) => ls.length) === 1, 'clicking that row outlines it');
  ok(await page.$$eval('#w-tree button[tabindex="0"]', (bs) => bs.length) === 1, 'one row of the tree is a Tab stop');
  const focused = () => page.evaluate(() => document.activeElement?.closest('li')?.dataset.step);
  const before = await focused();
  await page.keyboard.press('ArrowUp');
  ok(await focused() !== before, `↑ moves to the row above (from step ${before} to ${await focused()})`);

  step = 'a long jump holds at most HOLD steps';
  await page.click('#w-reset');
  await page.selectOption('#n', '14');
  await page.selectOption('#algo', 'tagged-stack');
  await goTo(1, 'tagged-stack 14×14 at step 1');
  // Its first solution is step 85,155: nine presses of s, five pages each.
  let held = 0;
  for (let i = 0; i < 12 && !/^1$/.test(await text('#c-solutions')); i++) {
    const msg = await text('#w-msg');
    await page.click('#w-next-solution');
    await page.waitForFunction((m) => {
      const now = document.querySelector('#w-msg').textContent;
      return (now !== m && /^No solution after step/.test(now)) || document.querySelector('#c-solutions').textContent === '1';
    }, msg, { timeout: 60000 });
    const m = /of steps (\d+) to (\d+) held/.exec(await text('#w-tree-count'));
    if (m) held = Math.max(held, Number(m[2]) - Number(m[1]) + 1);
  }
  await waitText('#w-event', /^Step 85155 of \d+\+?: /, 'the presses reach the first solution');
  ok(held > 0 && held <= 24000, `the page held at most ${held} steps on the way (HOLD 20,000, a page at most over)`);
  await page.click('#w-reset');

  step = 'How many? beside a ticked "unique only"';
  await page.selectOption('#n', '12');
  await page.click('#clear');
  await page.check('#unique');
  await page.click('#howmany');
  await waitText('#solve-msg', /^14,200 solutions on the empty 12×12 board \(\d{1,3}(,\d{3})+ nodes, [^)]+\)\. \("unique only" is for Previous and Next: "Count all solutions" counts the classes\.\)$/,
    'the count says the box is for Previous and Next, its nodes grouped');
  await page.uncheck('#unique');
  await page.selectOption('#n', '8');
}

// ------------------------------------------- what the panels show, value by value
//
// "Watch <name> on 4×4" compares one step of each panel with the API's view
// through a summary (the queue's length, the masks' last row, the flags'
// digits); these read what a learner sees past it: the queue's boards and
// its "+N", the queens on the attack counters, which flags are lit, the mask
// table's columns under their headings and the row-by-row operations, the
// generator's compared entries, the square the 0/1 board checks, the top of
// the stack drawn as such, and a count of the largest n the field allows.
async function testPanelValues(url) {
  const panel = (f) => page.$eval('#w-structure', f);

  step = 'bfs: the queue panel lists its boards front first, and how many more';
  let t = await watchFor(url, 8, 'bfs', 400);
  let k = t.events.findIndex((e) => e.view.structure.length > e.view.structure.front.length && e.view.structure.front.some((c) => c.length >= 2)) + 1;
  ok(k > 0, 'bfs on 8×8 has a queue longer than the boards it lists, of two queens or more');
  await scrubAndWait(k, `bfs at step ${k}`);
  let s = t.events[k - 1].view.structure;
  const queue = await panel((box) => ({ front: [...box.querySelectorAll('.queue li:not(.more)')].map((li) => li.textContent), more: box.querySelector('.queue li.more')?.textContent ?? null }));
  const wantQueue = { front: s.front.map((c) => (c.length ? c.join(' ') : '∅')), more: `+${s.length - s.front.length}` };
  ok(JSON.stringify(queue) === JSON.stringify(wantQueue), `step ${k}: the queue shows the API's boards, each row's column in order, and the count past them (want ${JSON.stringify(wantQueue)}, got ${JSON.stringify(queue)})`);
  await page.click('#w-reset');

  step = 'occupancy: the counters grid marks the step\'s queens';
  t = await watchFor(url, 6, 'occupancy', 400);
  k = t.events.findIndex((e) => e.view.board.filter((c) => c !== null).length >= 2) + 1;
  ok(k > 0, 'occupancy on 6×6 places two queens');
  await scrubAndWait(k, `occupancy at step ${k}`);
  const marked = await page.$$eval('#w-structure .gc', (els) => { const n = Math.round(Math.sqrt(els.length)); return els.flatMap((e, i) => (e.classList.contains('q') ? [`${Math.floor(i / n)},${i % n}`] : [])).sort(); });
  ok(marked.join(' ') === queensOf(t.events[k - 1].view).join(' '), `step ${k}: the counters grid marks the queens of the view (want ${queensOf(t.events[k - 1].view)}, got ${marked})`);
  await page.click('#w-reset');

  step = 'tagged stack: the flags lit are the ones set, the top drawn as such';
  t = await watchFor(url, 5, 'tagged-stack', 400);
  k = t.events.findIndex((e) => e.view.board.filter((c) => c !== null).length >= 2 && e.view.structure.entries.length >= 2) + 1;
  ok(k > 0, 'the tagged stack on 5×5 holds two queens and two nodes');
  await scrubAndWait(k, `the tagged stack at step ${k}`);
  s = t.events[k - 1].view.structure;
  const lit = await panel((box) => Object.fromEntries(['col', 'md', 'sd'].map((f) => [f, [...box.querySelectorAll(`[data-field=${f}] .cell`)].map((c) => (c.classList.contains('on') ? '1' : '0')).join('')])));
  const wantLit = Object.fromEntries(['col', 'md', 'sd'].map((f) => [f, s[f].map((x) => (x ? '1' : '0')).join('')]));
  ok(JSON.stringify(lit) === JSON.stringify(wantLit), `step ${k}: the flags lit are those set to 1 (want ${JSON.stringify(wantLit)}, got ${JSON.stringify(lit)})`);
  const labels = await panel((box) => [...box.querySelectorAll('.stack li[data-entry]')].map((li) => li.querySelector('.tagb').textContent));
  const board = t.events[k - 1].view.board;
  const wantLabels = s.entries.slice().reverse().slice(0, 16).map(([r, c, tag]) => (Number(tag) === 0 ? 'tag 0: to test' : board[r] === c ? 'tag 1: placed, undo on pop' : 'tag 1: its queen is off the board this step'));
  ok(s.entries.some(([r, c, tag]) => Number(tag) === 1 && r !== c && board[r] === c) && JSON.stringify(labels) === JSON.stringify(wantLabels),
    `step ${k}: each node's label says whether its queen is on the board (want ${JSON.stringify(wantLabels)}, got ${JSON.stringify(labels)})`);
  const ring = await panel((box) => [...box.querySelectorAll('.stack li')].slice(0, 2).map((li) => getComputedStyle(li).boxShadow));
  ok(ring.length === 2 && ring[0] !== 'none' && ring[0] !== ring[1], `step ${k}: the top of the stack is drawn apart from the node below it (box-shadows ${JSON.stringify(ring)})`);
  await page.click('#w-reset');

  step = 'bitwise: the mask table\'s columns under their headings, and the row\'s operations';
  t = await watchFor(url, 5, 'bitwise', 400);
  k = t.events.findIndex((e) => e.view.structure.rows.length >= 3) + 1;
  ok(k > 0, 'bitwise on 5×5 reaches a third row');
  await scrubAndWait(k, `bitwise at step ${k}`);
  s = t.events[k - 1].view.structure;
  const masks = await panel((box) => ({
    head: [...box.querySelectorAll('.maskt thead th')].map((th) => th.textContent),
    rows: [...box.querySelectorAll('.maskt tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent)),
    ops: Object.fromEntries([...box.querySelectorAll('.ops [data-op]')].map((td) => [td.dataset.op, td.textContent])),
  }));
  const last = s.rows[s.rows.length - 1];
  const wantMasks = {
    head: ['row', 'cols k', 'ld', 'rd', 'free pos', 'p', 'ld tutorial'],
    rows: s.rows.map((r) => [String(r.row), r.cols_bits, r.ld_bits, r.rd_bits, r.free_bits, r.p_bits, r.ld_tutorial_bits]),
    ops: { cols: last.cols_bits, ld: last.ld_bits, 'ld-tutorial': last.ld_tutorial_bits, rd: last.rd_bits, mask: last.mask_bits, free: last.free_bits, p: last.p_bits },
  };
  ok(JSON.stringify(masks) === JSON.stringify(wantMasks), `step ${k}: each mask is under its heading and each operation of row ${last.row} is the API's (want ${JSON.stringify(wantMasks)}, got ${JSON.stringify(masks)})`);
  await page.click('#w-reset');

  step = 'generator: the entries of state compared';
  t = await watchFor(url, 5, 'generator', 400);
  k = t.events.findIndex((e) => Array.isArray(e.view.structure.square) && e.view.structure.compared >= 1 && e.view.structure.compared < e.view.structure.state.length) + 1;
  ok(k > 0, 'the generator on 5×5 stops its comparison before the end of state');
  await scrubAndWait(k, `the generator at step ${k}`);
  s = t.events[k - 1].view.structure;
  const cmp = await page.$$eval('#w-structure [data-field=state] .cell', (cs) => cs.map((c) => (c.classList.contains('cmp') ? 'x' : '.')).join(''));
  const wantCmp = s.state.map((x, i) => (i < s.compared ? 'x' : '.')).join('');
  ok(cmp === wantCmp, `step ${k}: the ${s.compared} entries compared are marked, no more (want ${wantCmp}, got ${cmp})`);
  await page.click('#w-reset');

  step = 'recursive-board: the square checked on the 0/1 board';
  t = await watchFor(url, 4, 'recursive-board', 400);
  k = t.events.findIndex((e) => Array.isArray(e.view.structure.square) && e.view.structure.square[0] !== e.view.structure.square[1]) + 1;
  ok(k > 0, 'recursive-board on 4×4 checks a square off the diagonal');
  await scrubAndWait(k, `recursive-board at step ${k}`);
  s = t.events[k - 1].view.structure;
  const at = await page.$$eval('#w-structure .g01', (cs) => cs.flatMap((c, i) => (c.classList.contains('sq') ? [i] : [])));
  ok(JSON.stringify(at) === JSON.stringify([s.square[0] * 4 + s.square[1]]), `step ${k}: the 0/1 board outlines square (${s.square}) (want cell ${s.square[0] * 4 + s.square[1]}, got ${at})`);
  await page.click('#w-reset');

  step = 'heuristic: the board shows each free square\'s f, and the queen taken back';
  t = await watchFor(url, 5, 'heuristic', 400);
  k = t.events.findIndex((e) => e.view.structure.kind === 'scores' && e.view.structure.candidates.length >= 2) + 1;
  const kb = t.events.findIndex((e) => e.view.mark && e.view.mark.kind === 'removed') + 1;
  ok(k > 0 && kb > 0, `heuristic on 5×5 scores two free squares (step ${k}) and takes a queen back (step ${kb})`);
  await scrubAndWait(k, `heuristic at step ${k}`);
  s = t.events[k - 1].view.structure;
  const fs = await page.$$eval('#board .sq', (els) => els.flatMap((e) => (e.querySelector('.f').textContent ? [`${e.dataset.row},${e.dataset.col}:${e.querySelector('.f').textContent}`] : [])).sort());
  const wantFs = s.candidates.filter(([c]) => t.events[k - 1].view.board[s.row] !== c).map(([c, f]) => `${s.row},${c}:${f}`).sort();
  ok(JSON.stringify(fs) === JSON.stringify(wantFs), `step ${k}: each free square of row ${s.row} shows its f on the board (want ${wantFs}, got ${fs})`);
  await scrubAndWait(kb, `heuristic at step ${kb}`);
  const mk = t.events[kb - 1].view.mark;
  const ghost = await page.$eval(square(mk.row, mk.col), (e) => ({ ghost: e.classList.contains('ghost'), placed: e.classList.contains('just-placed'), said: /queen just taken back/.test(e.getAttribute('aria-label')) }));
  ok(ghost.ghost && !ghost.placed && ghost.said, `step ${kb}: the queen taken back at (${mk.row}, ${mk.col}) is drawn as taken back, not as just placed (got ${JSON.stringify(ghost)})`);
  await page.click('#w-reset');

  step = 'How many? with no completion says so as a failure';
  await page.selectOption('#n', '8');
  await waitCount('#board .sq', 64, 'an 8×8 board');
  await page.click('#clear');
  await page.click(square(0, 0));
  await page.click(square(1, 2));
  await waitText('#status', /no completion exists from here/, '(0,0) and (1,2) cannot be completed on 8×8');
  await page.click('#howmany');
  await waitText('#solve-msg', /^(?!Counting)./, 'How many? answers');
  const none = await page.$eval('#solve-msg', (e) => ({ text: e.textContent, error: e.classList.contains('error'), ok: e.classList.contains('ok') }));
  ok(none.error && !none.ok, `no completion from here is shown as an error, not a success (got ${JSON.stringify(none)})`);
  await page.click('#clear');

  step = 'a download the server refuses says why';
  await page.route('**/api/render', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'the render failed (a test)' } }) }));
  await page.click('#dl-svg');
  await waitText('#dl-msg', /^the render failed \(a test\)$/, 'the server\'s message on a failed download');
  ok(await page.$eval('#dl-msg', (e) => e.classList.contains('error')), 'a failed download is shown as an error');
  await page.unroute('**/api/render');

  step = 'Count takes the largest n its field names';
  const max = await page.getAttribute('#count-n', 'max');
  await page.fill('#count-n', max);
  await page.click('#count-start');
  await waitText('#count-msg', new RegExp(`n = ${max}\\b`), `a count of n = ${max} starts`);
  if (await page.isEnabled('#count-cancel')) {
    await page.click('#count-cancel');
    await page.waitForFunction(() => !document.querySelector('#count-start').disabled, null, { timeout: 30000 });
    checks++;
  }
  await page.fill('#count-n', '8');
}

// A screenshot of every algorithm at 1280 and 400 px (the board, and the
// Data tab), a few steps in; each board is checked against the API first.
async function screenshotEveryAlgorithm(url) {
  const algos = await page.$$eval('#algo option', (os) => os.map((o) => o.value));
  ok(algos.length === 11, `11 algorithms to photograph (got ${algos.length})`);
  await page.selectOption('#n', '6');
  for (const name of algos) {
    step = `screenshots of ${name}`;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.selectOption('#algo', name);
    const t = await traceUpTo(url, 6, name, 60);
    const k = Math.min(t.events.length, t.events.findIndex((e, i) => i >= 8 && (e.event === 'place' || e.event === 'candidate')) + 1 || 12);
    await page.keyboard.press('ArrowRight');
    await waitText('#c-steps', /^1$/, `${name}: watching`);
    await setScrub(k);
    await waitText('#c-steps', new RegExp(`^${k}$`), `${name}: at step ${k}`);
    const drawn = sortPairs(await queensOnBoard());
    ok(drawn.join(' ') === queensOf(t.events[k - 1].view).join(' '), `${name}: the board at step ${k} is the API's`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `algo-${name}-1280.png`) });
    await page.setViewportSize({ width: 400, height: 860 });
    await page.click('#tab-board');
    await page.screenshot({ path: path.join(shots, `algo-${name}-400.png`) });
    await page.click('#tab-data');
    await page.screenshot({ path: path.join(shots, `algo-${name}-400-data.png`) });
    await page.click('#tab-board');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click('#w-reset');
  }
}

let failed = false;
try {
  mkdirSync(shots, { recursive: true });
  await run();
} catch (e) {
  failed = true;
  const what = e instanceof CheckFailed ? 'check failed' : 'error';
  console.error(`browser test FAILED during "${step}": ${what}: ${e.message}`);
  if (page) {
    const shot = path.join(shots, 'nqueens-serve-failure.png');
    await page.screenshot({ path: shot }).then(() => console.error(`screenshot of the failure: ${shot}`), () => {});
  }
} finally {
  if (browser) await browser.close().catch(() => {});
  stopServer();
}
const secs = ((Date.now() - started) / 1000).toFixed(1);
if (failed) {
  console.log(`browser test: 0 passed, 1 failed (${checks} checks passed before the failure, ${secs} s)`);
  process.exit(1);
}
console.log(`browser test: ${checks} checks passed in ${secs} s`);
console.log('1 passed, 0 failed');
