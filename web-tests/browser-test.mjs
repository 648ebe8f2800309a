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

async function api(url, apiPath, body) {
  const res = await fetch(new URL(apiPath, url), {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${apiPath}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
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
  const trace = await api(url, '/api/trace', { n: 8, algorithm: 'recursive', limit: 5000 });
  const expected = new Set();
  for (const ev of trace.events.slice(0, 3)) {
    if (ev.event === 'place') expected.add(`${ev.row},${ev.col}`);
    if (ev.event === 'backtrack') expected.delete(`${ev.row},${ev.col}`);
    if (ev.event === 'visit') { expected.clear(); ev.columns.forEach((c, r) => expected.add(`${r},${c}`)); }
  }
  const watched = sortPairs(await queensOnBoard());
  ok(watched.join(' ') === [...expected].sort().join(' '),
    `the board shows the queens of the first 3 events (${[...expected].join(' ')}), not the user's (got ${watched.join(' ')})`);
  const third = trace.events[2];
  if (third.event === 'reject') {
    await waitText('#w-event', new RegExp(`reject \\(${third.row}, ${third.col}\\): the queen on \\(${third.by[0]}, ${third.by[1]}\\) attacks it along the ${third.attack}`),
      'the current event is described');
    await waitCount(`${square(third.row, third.col)}.rejected`, 1, 'the rejected square is marked');
  }
  await waitText('#c-nodes', new RegExp(`^${trace.events.slice(0, 3).filter((e) => e.event === 'place' || e.event === 'visit').length}$`), 'the node counter');
  ok(await page.isVisible('#banner.watching'), 'the banner says the algorithm\'s board is shown');
  await page.click('#w-back');
  await waitText('#c-steps', /^2$/, 'step back');
  await page.click('#w-step');
  await waitText('#c-steps', /^3$/, 'step forward again');
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-watch.png') });

  step = 'Watch bitwise masks';
  await page.selectOption('#algo', 'bitwise');
  await waitCount('#board .sq.queen', 8, 'changing the algorithm returns to the user\'s board');
  await page.click('#w-step');
  await waitText('#c-steps', /^1$/, 'one bitwise step');
  ok(await page.isVisible('#masks'), 'the bitwise masks are shown');
  await waitText('#m-free', /^[01]{8}$/, 'the free mask is a binary string');
  await page.click('#w-step');
  await page.click('#w-step');
  await waitText('#c-steps', /^3$/, 'three bitwise steps');
  await waitCount('#board .sq.free', 6, 'after (0,0) row 1 has 6 free squares, marked');
  await page.screenshot({ path: path.join(shots, 'nqueens-serve-bitwise.png') });
  await page.click('#w-play');
  await waitText('#c-steps', /^([2-9]|\d\d+)$/, 'play moves on');
  await page.click('#w-pause');
  await page.click('#w-reset');
  await waitCount('#board .sq.queen', 8, 'reset returns to the user\'s board (the completion)');
  await waitText('#c-steps', /^0$/, 'reset clears the counters');
  await waitText('#status', /^8 queens: a solution$/, 'the status line is the board\'s again');

  step = 'Count';
  await page.fill('#count-n', '8');
  await page.click('#count-start');
  await waitText('#count-msg', /Q\(8\) = 92, 12 unique/, 'Count for n = 8');
  const width = await page.$eval('#count-fill', (e) => e.style.width);
  ok(width === '100%', `the progress bar is full at the end (got ${width})`);

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

  step = 'errors are shown';
  await page.selectOption('#n', '10');
  await page.selectOption('#algo', 'brute-force');
  await page.click('#w-step');
  await waitText('#w-msg', /over this server's limit.*at most 9/, 'a 422 from trace is shown');

  ok(pageErrors.length === 0, `no errors in the page's console: ${pageErrors.join(' | ')}`);
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
