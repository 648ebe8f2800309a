// The N-Queens playground. Every answer (conflicts, attacked squares,
// completions, counts, traces, pictures) comes from the nqueens server's
// JSON API; this script only draws it and replays trace events.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const key = (r, c) => r + ',' + c;
  const unkey = (k) => k.split(',').map(Number);
  const QUEEN = '\u265B\uFE0E';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  // A trace event as the API sends it ({"event": "masks", "cols": 5, ...}: the
  // same records as `nqueens trace --format json`), with the masks as binary
  // strings, column 0 first, like the board.
  function forDisplay(e, n) {
    const out = { ...e };
    if (e.event === 'masks') {
      for (const f of ['cols', 'diag', 'anti', 'free']) {
        let bits = '';
        for (let c = 0; c < n; c++) bits += Math.floor(e[f] / 2 ** c) % 2 === 1 ? '1' : '0';
        out[f] = bits;
      }
    }
    return out;
  }

  const TRACE_LIMIT = 5000;

  // ---------------------------------------------------------------- API

  class ApiError extends Error {
    constructor(message, status, code) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  async function api(method, path, body, blob = false) {
    let res;
    try {
      res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch (e) {
      throw new ApiError('cannot reach the nqueens server (' + e.message + '); is "nqueens serve" still running?', 0, 'network');
    }
    if (!res.ok) {
      let message = 'the server answered HTTP ' + res.status;
      let code = 'http';
      try {
        const j = await res.json();
        if (j && j.error && j.error.message) {
          message = j.error.message;
          code = j.error.code;
        }
      } catch (_) { /* not JSON: keep the HTTP status */ }
      throw new ApiError(message, res.status, code);
    }
    return blob ? res.blob() : res.json();
  }

  // -------------------------------------------------------------- state

  const state = {
    info: null,
    n: 8,
    mode: 'queens',
    queens: new Set(), // the user's queens, "r,c"
    blocked: new Set(), // the user's blocked squares
    verify: null, // the last /api/verify answer for the board shown
    preview: null, // {kind: 'complete' | 'page', queens: Set, label}
    page: { index: -1, more: true },
    watch: null, // see Watch below
    seq: 0, // orders board refreshes; stale answers are dropped
  };

  const board = $('board');
  let squares = []; // {r, c, key, el, g, f, shade, cls, aria}
  let overlay = null;

  // ---------------------------------------------------------- messages

  function setText(el, text, kind) {
    el.textContent = text;
    el.classList.toggle('error', kind === 'error');
    el.classList.toggle('ok', kind === 'ok');
  }
  // The status line: the board's status, and maybe a remark after a dash.
  function setStatus(text, kind, extra) {
    const el = $('status');
    setText(el, text, kind);
    if (extra) {
      const span = document.createElement('span');
      span.className = 'extra';
      span.textContent = ' — ' + extra;
      el.append(span);
    }
  }
  const setNote = (text, kind) => setText($('note'), text || '', kind);

  // ------------------------------------------------------------- board

  function buildBoard() {
    const n = state.n;
    board.style.setProperty('--n', n);
    $('board-wrap').style.setProperty('--n', n);
    board.replaceChildren();
    squares = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const el = document.createElement('button');
        el.type = 'button';
        el.dataset.row = r;
        el.dataset.col = c;
        el.dataset.testid = 'square';
        const g = document.createElement('span');
        g.className = 'g';
        const f = document.createElement('span');
        f.className = 'f';
        el.append(g, f);
        const shade = (r + c) % 2 === 0 ? 'light' : 'dark';
        board.append(el);
        squares.push({ r, c, key: key(r, c), el, g, f, shade, cls: '', aria: '' });
      }
    }
    overlay = document.createElementNS(SVG_NS, 'svg');
    overlay.setAttribute('class', 'overlay');
    overlay.setAttribute('viewBox', `0 0 ${n} ${n}`);
    overlay.setAttribute('preserveAspectRatio', 'none');
    overlay.setAttribute('aria-hidden', 'true');
    overlay.id = 'overlay';
    board.append(overlay);
    const labels = (id) => {
      const box = $(id);
      box.replaceChildren();
      for (let i = 0; i < n; i++) {
        const s = document.createElement('span');
        s.textContent = i;
        box.append(s);
      }
    };
    labels('col-labels');
    labels('row-labels');
  }

  // What the board shows now, as a plain model.
  function model() {
    const m = {
      queens: new Map(), // key -> kind: user | added | conflict | algo
      blocked: state.blocked,
      attacked: new Set(),
      marks: new Map(), // key -> extra class
      scores: new Map(), // key -> f
      lines: [], // {from: [r, c], to: [r, c], kind}
      row: -1,
    };
    const w = state.watch;
    if (w && w.active) {
      m.blocked = new Set();
      const s = w.replay;
      for (const k of s.queens) m.queens.set(k, 'algo');
      const ev = s.last;
      if (ev) {
        if (ev.event === 'place') m.marks.set(key(ev.row, ev.col), 'just-placed');
        if (ev.event === 'backtrack') m.marks.set(key(ev.row, ev.col), 'ghost');
        if (ev.event === 'reject') {
          m.marks.set(key(ev.row, ev.col), 'rejected');
          m.lines.push({ from: ev.by, to: [ev.row, ev.col], kind: 'reject' });
          m.row = ev.row;
        }
        if (ev.event === 'masks') {
          m.row = ev.row;
          for (let c = 0; c < ev.free.length; c++) {
            if (ev.free[c] === '1') m.marks.set(key(ev.row, c), 'free');
          }
        }
        if (ev.event === 'scores') m.row = ev.row;
        if (ev.event === 'solution') {
          for (const k of s.queens) m.queens.set(k, 'solved');
        }
      }
      for (const [row, list] of s.scores) {
        for (const [col, f] of list) {
          const k = key(row, col);
          if (!s.queens.has(k)) m.scores.set(k, f);
        }
      }
      return m;
    }
    const shown = state.preview ? state.preview.queens : state.queens;
    const distinguish = state.preview && state.queens.size > 0;
    for (const k of shown) {
      m.queens.set(k, distinguish && !state.queens.has(k) ? 'added' : 'user');
    }
    const v = state.verify;
    if (v) {
      for (const [r, c] of v.attacked || []) m.attacked.add(key(r, c));
      for (const cf of v.conflicts || []) {
        const a = key(cf.first[0], cf.first[1]);
        const b = key(cf.second[0], cf.second[1]);
        if (!m.queens.has(a) || !m.queens.has(b)) continue; // a stale answer
        m.queens.set(a, 'conflict');
        m.queens.set(b, 'conflict');
        m.lines.push({ from: cf.first, to: cf.second, kind: 'conflict', attack: cf.attack });
      }
      for (const [r, c] of v.on_blocked || []) m.marks.set(key(r, c), 'on-blocked');
    }
    return m;
  }

  function render() {
    const m = model();
    for (const sq of squares) {
      const k = sq.key;
      const cls = ['sq', sq.shade];
      const q = m.queens.get(k);
      const mark = m.marks.get(k);
      let glyph = '';
      let aria = `row ${sq.r}, column ${sq.c}`;
      if (q) {
        cls.push('queen', 'q-' + q);
        glyph = QUEEN;
        aria += q === 'added' ? ', queen added by the solver' : q === 'conflict' ? ', queen in conflict' : ', queen';
      }
      if (m.blocked.has(k)) {
        cls.push('blocked');
        aria += ', blocked';
      }
      if (!q && m.attacked.has(k)) {
        cls.push('attacked');
        aria += ', attacked';
      }
      if (mark) {
        cls.push(mark);
        if (mark === 'ghost') glyph = QUEEN;
        if (mark === 'rejected' && !q) glyph = '×';
      }
      if (!glyph && m.blocked.has(k)) glyph = '×';
      if (m.row === sq.r) cls.push('cur-row');
      const f = m.scores.has(k) ? String(m.scores.get(k)) : '';
      if (f) aria += `, f = ${f}`;
      const c = cls.join(' ');
      if (sq.cls !== c) { sq.el.className = c; sq.cls = c; }
      if (sq.g.textContent !== glyph) sq.g.textContent = glyph;
      if (sq.f.textContent !== f) sq.f.textContent = f;
      if (sq.aria !== aria) { sq.el.setAttribute('aria-label', aria); sq.aria = aria; }
    }
    const lines = m.lines.map((l) => {
      const line = document.createElementNS(SVG_NS, 'line');
      line.setAttribute('x1', l.from[1] + 0.5);
      line.setAttribute('y1', l.from[0] + 0.5);
      line.setAttribute('x2', l.to[1] + 0.5);
      line.setAttribute('y2', l.to[0] + 0.5);
      line.setAttribute('class', l.kind);
      line.dataset.testid = l.kind + '-line';
      if (l.attack) line.dataset.attack = l.attack;
      return line;
    });
    overlay.replaceChildren(...lines);
    renderBanner();
    renderControls();
  }

  function renderBanner() {
    const banner = $('banner');
    const w = state.watch;
    let text = '';
    if (w && w.active) {
      text = `Watching ${w.algorithm} on the ${w.n}×${w.n} board`;
      $('banner-keep').hidden = true;
      $('banner-back').textContent = 'Close';
    } else if (state.preview) {
      text = state.preview.label;
      $('banner-keep').hidden = false;
      $('banner-back').textContent = 'Back to my board';
    }
    banner.hidden = !text;
    banner.classList.toggle('watching', !!(w && w.active));
    $('banner-text').textContent = text;
  }

  function renderControls() {
    const empty = state.queens.size === 0 && state.blocked.size === 0;
    const unique = $('unique');
    unique.disabled = !empty;
    if (!empty) unique.checked = false;
    unique.parentElement.classList.toggle('disabled', !empty);
    $('prev').disabled = state.page.index <= 0;
    $('next').disabled = state.page.index >= 0 && !state.page.more;
    $('mode-queens').setAttribute('aria-pressed', String(state.mode === 'queens'));
    $('mode-blocks').setAttribute('aria-pressed', String(state.mode === 'blocks'));
    board.classList.toggle('blocks-mode', state.mode === 'blocks');
  }

  function boardBody(queens = state.queens) {
    return {
      n: state.n,
      queens: [...queens].map(unkey),
      blocked: [...state.blocked].map(unkey),
    };
  }

  // Asks the server about the board shown (the user's, or a preview), then,
  // quietly, whether the user's board can still be completed.
  async function refresh() {
    const seq = ++state.seq;
    const preview = state.preview;
    const body = boardBody(preview ? preview.queens : state.queens);
    let v;
    try {
      v = await api('POST', '/api/verify', body);
    } catch (e) {
      if (seq === state.seq) { state.verify = null; render(); setStatus(e.message, 'error'); }
      return;
    }
    if (seq !== state.seq) return;
    state.verify = v;
    if (!(state.watch && state.watch.active)) {
      setStatus(v.status, v.solution ? 'ok' : v.conflict_count > 0 || v.on_blocked.length > 0 ? 'error' : undefined);
    }
    render();
    if (preview) return;
    let extra = '';
    try {
      const c = await api('POST', '/api/complete', { ...body, mode: 'first' });
      if (c.status === 'none') extra = c.message;
    } catch (e) {
      extra = e.status === 503 ? 'no quick answer on whether it can be completed' : e.message;
    }
    if (seq !== state.seq || (state.watch && state.watch.active)) return;
    if (extra) setStatus(v.status, 'error', extra);
  }

  // A change to the user's board.
  function boardChanged() {
    state.preview = null;
    state.page = { index: -1, more: true };
    setNote('');
    refresh();
  }

  function adoptPreview() {
    if (!state.preview) return;
    state.queens = new Set(state.preview.queens);
    boardChanged();
  }

  function onSquare(r, c) {
    if (state.watch && state.watch.active) {
      setNote('The board shows the algorithm now: press Close (or reset) to edit yours.');
      return;
    }
    if (state.preview) {
      state.queens = new Set(state.preview.queens);
      state.preview = null;
    }
    const k = key(r, c);
    if (state.mode === 'queens') {
      if (state.queens.has(k)) state.queens.delete(k);
      else state.queens.add(k);
    } else if (state.blocked.has(k)) {
      state.blocked.delete(k);
    } else {
      state.blocked.add(k);
    }
    boardChanged();
    render();
  }

  function setN(n) {
    state.n = n;
    const inside = (s) => new Set([...s].filter((k) => unkey(k).every((x) => x < n)));
    state.queens = inside(state.queens);
    state.blocked = inside(state.blocked);
    stopWatch();
    state.verify = null;
    buildBoard();
    const countMax = state.info ? state.info.limits.count_max : 18;
    if (!countJob && n <= countMax) $('count-n').value = n;
    boardChanged();
    render();
  }

  // -------------------------------------------------------------- solve

  function solveMsg(text, kind) { setText($('solve-msg'), text, kind); }

  function showPreview(kind, columns, label) {
    const queens = new Set();
    columns.forEach((c, r) => { if (c !== null && c !== undefined) queens.add(key(r, c)); });
    stopWatch();
    state.preview = { kind, queens, label };
    state.verify = null;
    render();
    refresh();
  }

  async function finish() {
    solveMsg('Looking for a completion…');
    try {
      const c = await api('POST', '/api/complete', { ...boardBody(), mode: 'first' });
      if (c.status === 'found') {
        const added = c.columns.length - state.queens.size;
        const what = added === 0 ? 'it is already complete' : `added ${added} queen${added === 1 ? '' : 's'}`;
        showPreview('complete', c.columns, `Completion of your board: ${what}`);
        solveMsg(`Found a completion: ${what} (${c.nodes} nodes, ${fmtSeconds(c.seconds)}).`, 'ok');
      } else {
        solveMsg(c.message, 'error');
      }
    } catch (e) {
      solveMsg(e.message, 'error');
    }
  }

  async function howMany() {
    solveMsg('Counting…');
    try {
      const c = await api('POST', '/api/complete', { ...boardBody(), mode: 'count' });
      solveMsg(`${c.message} (${c.nodes} nodes, ${fmtSeconds(c.seconds)}).`, c.count > 0 ? 'ok' : 'error');
    } catch (e) {
      solveMsg(e.message, 'error');
    }
  }

  async function stepPage(delta) {
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

  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  function fmtSeconds(s) {
    if (s < 0.001) return `${(s * 1e6).toFixed(0)} µs`;
    if (s < 1) return `${(s * 1e3).toFixed(1)} ms`;
    return `${s.toFixed(2)} s`;
  }

  // -------------------------------------------------------------- watch

  function freshReplay() {
    return { queens: new Set(), steps: 0, nodes: 0, backtracks: 0, solutions: 0, masks: new Map(), scores: new Map(), last: null };
  }

  function applyEvent(s, ev) {
    s.steps++;
    s.last = ev;
    switch (ev.event) {
      case 'place':
        s.queens.add(key(ev.row, ev.col));
        s.nodes++;
        break;
      case 'visit':
        s.queens = new Set(ev.columns.map((c, r) => key(r, c)));
        s.nodes++;
        break;
      case 'backtrack':
        s.queens.delete(key(ev.row, ev.col));
        s.backtracks++;
        // What was worked out for the rows below no longer holds.
        for (const r of [...s.scores.keys()]) if (r > ev.row) s.scores.delete(r);
        for (const r of [...s.masks.keys()]) if (r > ev.row) s.masks.delete(r);
        break;
      case 'masks':
        for (const r of [...s.masks.keys()]) if (r >= ev.row) s.masks.delete(r);
        s.masks.set(ev.row, ev);
        break;
      case 'scores':
        for (const r of [...s.scores.keys()]) if (r >= ev.row) s.scores.delete(r);
        s.scores.set(ev.row, ev.scores);
        break;
      case 'solution':
        s.solutions++;
        break;
      default:
        break;
    }
  }

  const sq = (r, c) => `(${r}, ${c})`;
  function describe(ev) {
    switch (ev.event) {
      case 'place': return `place a queen on ${sq(ev.row, ev.col)}`;
      case 'reject': return `reject ${sq(ev.row, ev.col)}: the queen on ${sq(ev.by[0], ev.by[1])} attacks it along the ${ev.attack}`;
      case 'backtrack': return `backtrack from ${sq(ev.row, ev.col)}`;
      case 'visit': return ev.columns.length === 0
        ? 'visit the empty board'
        : `visit the board with queens in columns [${ev.columns.join(', ')}]`;
      case 'masks': return `row ${ev.row}: free squares ${ev.free} = not (cols ${ev.cols} or diag ${ev.diag} or anti ${ev.anti})`;
      case 'scores': return ev.scores.length === 0
        ? `row ${ev.row}: no free square left`
        : `row ${ev.row}: score the free squares, best first: ${ev.scores.map(([c, f]) => `column ${c} f=${f}`).join(', ')}`;
      case 'solution': return `a solution: columns [${ev.columns.join(', ')}]`;
      default: return ev.event;
    }
  }

  function algorithmInfo(name) {
    return state.info ? state.info.algorithms.find((a) => a.name === name) : null;
  }

  function watchMsg(text, kind) { setText($('w-msg'), text || '', kind); }

  // Loads the trace for the selected algorithm and board size (once).
  function ensureTrace() {
    const algorithm = $('algo').value;
    const n = state.n;
    const w = state.watch;
    if (w && w.algorithm === algorithm && w.n === n && !w.failed) return w.loading;
    stopWatch();
    const fresh = { algorithm, n, events: [], truncated: false, k: 0, replay: freshReplay(), playing: false, active: false, failed: false, loading: null };
    state.watch = fresh;
    const a = algorithmInfo(algorithm);
    watchMsg(`Loading the ${algorithm} search on ${n}×${n}…`);
    fresh.loading = api('POST', '/api/trace', { n, algorithm, limit: TRACE_LIMIT }).then((t) => {
      if (state.watch !== fresh) return false;
      fresh.events = t.events.map((e) => forDisplay(e, n));
      fresh.truncated = t.truncated;
      fresh.active = true;
      const total = t.events.length;
      watchMsg(t.truncated
        ? `The search is longer than this: showing the first ${TRACE_LIMIT} steps.`
        : `The whole search: ${total} step${total === 1 ? '' : 's'}` + (t.stats ? ` (${t.stats.nodes} nodes, ${t.stats.solutions} solutions by the algorithm's own count).` : '.'));
      showWatch();
      return true;
    }, (e) => {
      if (state.watch !== fresh) return false;
      fresh.failed = true;
      let msg = e.message;
      if (e.status === 422 && a) msg += ` (${algorithm} goes up to n = ${a.max_n}; pick a smaller board or another algorithm)`;
      watchMsg(msg, 'error');
      return false;
    });
    return fresh.loading;
  }

  function showWatch() {
    const w = state.watch;
    const s = w ? w.replay : freshReplay();
    $('c-steps').textContent = s.steps;
    $('c-nodes').textContent = s.nodes;
    $('c-backtracks').textContent = s.backtracks;
    $('c-solutions').textContent = s.solutions;
    const ev = s.last;
    if (w && w.active) {
      $('w-event').textContent = ev
        ? `Step ${s.steps}${w.events.length ? ' of ' + w.events.length : ''}: ${describe(ev)}.`
        : 'Step 0: the empty board.';
      $('w-event').classList.toggle('reject', !!ev && ev.event === 'reject');
      $('w-event').classList.toggle('solution', !!ev && ev.event === 'solution');
      // The masks of the deepest row the search is working on.
      const m = s.masks.size ? s.masks.get(Math.max(...s.masks.keys())) : null;
      $('masks').hidden = !m;
      if (m) {
        $('masks-row').textContent = m.row;
        for (const f of ['cols', 'diag', 'anti', 'free']) $('m-' + f).textContent = m[f];
      }
      const log = $('w-log');
      const from = Math.max(0, w.k - 6);
      const items = [];
      for (let i = w.k - 1; i >= from; i--) {
        const li = document.createElement('li');
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = i + 1;
        const what = document.createElement('span');
        what.className = 'what';
        what.textContent = describe(w.events[i]);
        li.append(num, what);
        li.className = 'ev-' + w.events[i].event;
        items.push(li);
      }
      log.replaceChildren(...items);
      setStatus(`${w.algorithm}: ${s.queens.size} queen${s.queens.size === 1 ? '' : 's'} on the board, step ${s.steps}` +
        (w.k >= w.events.length ? (w.truncated ? ' (the first ' + w.events.length + ' steps shown)' : ' — the search is over') : ''),
      ev && ev.event === 'solution' ? 'ok' : undefined);
    } else {
      $('masks').hidden = true;
      $('w-log').replaceChildren();
      $('w-event').textContent = 'Press play or step to watch the search on the current board size.';
      $('w-event').classList.remove('reject', 'solution');
    }
    $('w-play').disabled = !!(w && w.playing);
    $('w-pause').disabled = !(w && w.playing);
    $('w-back').disabled = !(w && w.active && w.k > 0);
    render();
  }

  function stepTo(k) {
    const w = state.watch;
    if (!w || !w.active) return;
    k = Math.max(0, Math.min(k, w.events.length));
    if (k < w.k) {
      w.replay = freshReplay();
      w.k = 0;
    }
    while (w.k < k) applyEvent(w.replay, w.events[w.k++]);
  }

  async function watchStep(delta) {
    pause();
    if (delta < 0) {
      const w = state.watch;
      if (!w || !w.active) return;
      stepTo(w.k - 1);
      showWatch();
      return;
    }
    if (!(await ensureTrace())) return;
    const w = state.watch;
    if (w.k >= w.events.length) {
      watchMsg(w.truncated ? `That is the last of the first ${TRACE_LIMIT} steps.` : 'The search is over.', undefined);
    }
    stepTo(w.k + 1);
    showWatch();
  }

  function speed() {
    return Math.round(Math.pow(2, Number($('speed').value) / 10));
  }

  let lastFrame = 0;
  let budget = 0;
  function frame(t) {
    const w = state.watch;
    if (!w || !w.playing) return;
    const dt = lastFrame ? Math.min(t - lastFrame, 250) : 0;
    lastFrame = t;
    budget += dt / 1000 * speed();
    const steps = Math.min(Math.floor(budget), 2000);
    if (steps > 0) {
      budget -= steps;
      stepTo(w.k + steps);
      if (w.k >= w.events.length) w.playing = false;
      showWatch();
    }
    if (w.playing) requestAnimationFrame(frame);
  }

  async function play() {
    if (!(await ensureTrace())) return;
    const w = state.watch;
    if (w.playing) return;
    if (w.k >= w.events.length) stepTo(0);
    w.playing = true;
    lastFrame = 0;
    budget = 1; // the first step at once
    showWatch();
    requestAnimationFrame(frame);
  }

  function pause() {
    const w = state.watch;
    if (w && w.playing) {
      w.playing = false;
      showWatch();
    }
  }

  function stopWatch() {
    const w = state.watch;
    state.watch = null;
    if (w) {
      w.playing = false;
      watchMsg('');
      showWatch();
      if (w.active) refresh();
    }
  }

  // -------------------------------------------------------------- count

  let countJob = null;
  let countTimer = null;

  function countMsg(text, kind) { setText($('count-msg'), text, kind); }

  function showJob(j) {
    const pct = Math.round(j.fraction * 1000) / 10;
    $('count-fill').style.width = pct + '%';
    $('count-bar').setAttribute('aria-valuenow', String(pct));
    $('count-bar').classList.toggle('done', j.state === 'done');
    let text = j.message;
    if (j.state === 'running') text += ` — ${pct}%, ${j.solutions_so_far} solutions so far`;
    if (j.state === 'done' && j.matches_oeis === true) text += ' ✓ matches the published value (OEIS)';
    if (j.state === 'done' && j.matches_oeis === false) text += ' ✗ differs from the published value (OEIS)!';
    countMsg(text, j.state === 'done' ? 'ok' : j.state === 'running' ? undefined : 'error');
  }

  function countFinished() {
    countJob = null;
    clearTimeout(countTimer);
    $('count-start').disabled = false;
    $('count-cancel').disabled = true;
  }

  async function startCount() {
    if (countJob !== null) return;
    const n = Number($('count-n').value);
    const unique = $('count-unique').checked;
    $('count-start').disabled = true;
    $('count-fill').style.width = '0%';
    $('count-bar').classList.remove('done');
    countMsg(`Starting a count for n = ${n}…`);
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

  async function cancelCount() {
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

  // ----------------------------------------------------------- download

  function shownQueens() {
    const w = state.watch;
    if (w && w.active) return w.replay.queens;
    return state.preview ? state.preview.queens : state.queens;
  }

  async function download(format) {
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

  // --------------------------------------------------------------- init

  function fillSizes(max) {
    const sel = $('n');
    sel.replaceChildren();
    for (let i = 1; i <= max; i++) {
      const o = document.createElement('option');
      o.value = i;
      o.textContent = `${i} × ${i}`;
      sel.append(o);
    }
    sel.value = String(Math.min(state.n, max));
  }

  function fillAlgorithms(list) {
    const sel = $('algo');
    sel.replaceChildren();
    for (const a of list) {
      const o = document.createElement('option');
      o.value = a.name;
      o.textContent = a.max_n < (state.info ? state.info.limits.play_max : 20) ? `${a.name} (n ≤ ${a.max_n})` : a.name;
      o.title = a.summary;
      sel.append(o);
    }
    if (list.some((a) => a.name === 'recursive')) sel.value = 'recursive';
    showSummary();
  }

  function showSummary() {
    const a = algorithmInfo($('algo').value);
    $('algo-summary').textContent = a ? cap(a.summary) + '.' : '';
  }

  function wire() {
    board.addEventListener('click', (e) => {
      const el = e.target.closest('button[data-row]');
      if (el) onSquare(Number(el.dataset.row), Number(el.dataset.col));
    });
    $('n').addEventListener('change', (e) => setN(Number(e.target.value)));
    $('mode-queens').addEventListener('click', () => { state.mode = 'queens'; renderControls(); });
    $('mode-blocks').addEventListener('click', () => { state.mode = 'blocks'; renderControls(); });
    $('clear').addEventListener('click', () => {
      stopWatch();
      state.queens = new Set();
      state.blocked = new Set();
      boardChanged();
      render();
    });
    $('banner-keep').addEventListener('click', adoptPreview);
    $('banner-back').addEventListener('click', () => {
      if (state.watch && state.watch.active) { stopWatch(); return; }
      state.preview = null;
      setNote('');
      refresh();
      render();
    });
    $('finish').addEventListener('click', finish);
    $('howmany').addEventListener('click', howMany);
    $('next').addEventListener('click', () => stepPage(1));
    $('prev').addEventListener('click', () => stepPage(-1));
    $('unique').addEventListener('change', () => {
      state.page = { index: -1, more: true };
      if (state.preview && state.preview.kind === 'page') { state.preview = null; refresh(); }
      solveMsg($('unique').checked ? 'Next steps through one solution per symmetry class.' : 'Next steps through every solution.');
      render();
    });
    $('algo').addEventListener('change', () => { stopWatch(); showSummary(); });
    $('w-step').addEventListener('click', () => watchStep(1));
    $('w-back').addEventListener('click', () => watchStep(-1));
    $('w-play').addEventListener('click', play);
    $('w-pause').addEventListener('click', pause);
    $('w-reset').addEventListener('click', stopWatch);
    const speedOut = () => { $('speed-out').textContent = `${speed()} steps/s`; };
    $('speed').addEventListener('input', speedOut);
    speedOut();
    $('count-start').addEventListener('click', startCount);
    $('count-cancel').addEventListener('click', cancelCount);
    $('dl-svg').addEventListener('click', () => download('svg'));
    $('dl-png').addEventListener('click', () => download('png'));
  }

  async function init() {
    wire();
    fillSizes(20);
    buildBoard();
    render();
    showWatch();
    try {
      const info = await api('GET', '/api/info');
      state.info = info;
      $('server-info').textContent = `${info.name} ${info.version}`;
      $('server-info').title = `limits: boards up to ${info.limits.play_max} to play, counts up to n = ${info.limits.count_max}, ${info.limits.request_seconds} s per request`;
      fillSizes(info.limits.play_max);
      fillAlgorithms(info.algorithms);
      $('count-n').max = info.limits.count_max;
    } catch (e) {
      $('server-info').textContent = 'server unreachable';
      setStatus(e.message, 'error');
      return;
    }
    document.body.dataset.ready = 'true';
    refresh();
  }

  init();
})();
