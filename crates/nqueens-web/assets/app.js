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
    bitsRight: false, // bitwise masks with column 0 on the right (seed 004's order)
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
        const cnt = document.createElement('span');
        cnt.className = 'cnt';
        el.append(g, f, cnt);
        const shade = (r + c) % 2 === 0 ? 'light' : 'dark';
        board.append(el);
        squares.push({ r, c, key: key(r, c), el, g, f, cnt, shade, cls: '', aria: '' });
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

  // What the board shows now, as a plain model: the user's board, or the
  // step of a trace being watched (`src`: the Watch panel's by default, or
  // one side of the comparison).
  function model(src) {
    const m = {
      queens: new Map(), // key -> kind: user | added | conflict | algo
      blocked: state.blocked,
      attacked: new Set(),
      marks: new Map(), // key -> extra class
      scores: new Map(), // key -> f
      counts: new Map(), // key -> occupancy's attack counter
      lines: [], // {from: [r, c], to: [r, c], kind}
      row: -1,
    };
    const w = src || state.watch;
    if (w && w.active) {
      // The algorithm's board after the step, as the trace's view says.
      m.blocked = new Set();
      const ev = w.k > 0 ? w.events[w.k - 1] : null;
      const v = viewAt(w, w.k);
      const solved = !!ev && ev.event === 'solution';
      ((v && v.board) || []).forEach((c, r) => {
        if (c !== null && c !== undefined) m.queens.set(key(r, c), solved ? 'solved' : 'algo');
      });
      const mk = v && v.mark;
      if (mk && Number.isInteger(mk.row) && Number.isInteger(mk.col)) {
        const cls = { rejected: 'rejected', checked: 'checked', placed: 'just-placed', removed: 'ghost', candidate: 'candidate' }[mk.kind];
        if (cls) m.marks.set(key(mk.row, mk.col), cls);
        m.row = mk.row;
        if ((mk.kind === 'rejected' || mk.kind === 'checked') && ev && Array.isArray(ev.by)) {
          m.lines.push({ from: ev.by, to: [mk.row, mk.col], kind: mk.kind === 'rejected' ? 'reject' : 'check' });
        }
      }
      const s = v && v.structure;
      if (s && s.kind === 'masks' && Array.isArray(s.rows) && s.rows.length) {
        const last = s.rows[s.rows.length - 1];
        if (m.row < 0) m.row = last.row;
        const bits = String(last.free_bits || '');
        for (let c = 0; c < Math.min(bits.length, state.n); c++) {
          const k = key(last.row, c);
          const bit = s.lsb_right ? bits[bits.length - 1 - c] : bits[c];
          if (bit === '1' && !m.queens.has(k) && !m.marks.has(k)) m.marks.set(k, 'free');
        }
      }
      if (s && s.kind === 'scores' && Array.isArray(s.candidates)) {
        if (m.row < 0) m.row = s.row;
        for (const [c, f] of s.candidates) {
          const k = key(s.row, c);
          if (!m.queens.has(k)) m.scores.set(k, f);
        }
      }
      // Occupancy's counters, on the squares they count for.
      if (s && s.kind === 'counters' && Array.isArray(s.grid)) {
        s.grid.forEach((row, r) => (Array.isArray(row) ? row : []).forEach((x, c) => {
          const k = key(r, c);
          if (Number.isInteger(x) && !m.queens.has(k)) m.counts.set(k, x);
        }));
      }
      return m;
    }
    const shown = state.preview ? state.preview.queens : state.queens;
    // A completion's queens are the solver's but for the user's own; a
    // solution listed for an empty board is just a solution.
    const distinguish = !!state.preview &&
      (state.preview.kind === 'complete' || state.queens.size > 0 || state.blocked.size > 0);
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
    for (const sq of squares) paintSquare(sq, m);
    drawLines(overlay, m.lines);
    renderBanner();
    renderControls();
  }

  // One square as the model says: classes, glyph, f, counter, label.
  function paintSquare(sq, m) {
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
      const said = { rejected: ', rejected by the search', checked: ', being checked', ghost: ', queen just taken back', free: ', free', candidate: ', tested', 'on-blocked': ', on a blocked square' }[mark];
      if (said) aria += said;
      if (mark === 'ghost') glyph = QUEEN;
      if (mark === 'rejected' && !q) glyph = '✕';
    }
    if (!glyph && m.blocked.has(k)) glyph = '×';
    if (m.row === sq.r) cls.push('cur-row');
    const f = m.scores.has(k) ? String(m.scores.get(k)) : '';
    if (f) aria += `, f = ${f}`;
    const count = m.counts.has(k) ? String(m.counts.get(k)) : '';
    if (count) {
      cls.push(count === '0' ? 'cnt0' : 'cnt-hit');
      aria += `, attacked by ${plural(Number(count), 'queen')} above`;
    }
    const c = cls.join(' ');
    if (sq.cls !== c) { sq.el.className = c; sq.cls = c; }
    if (sq.g.textContent !== glyph) sq.g.textContent = glyph;
    if (sq.f.textContent !== f) sq.f.textContent = f;
    if (sq.cnt && sq.cnt.textContent !== count) sq.cnt.textContent = count;
    if (sq.aria !== aria) { sq.el.setAttribute('aria-label', aria); sq.aria = aria; }
  }

  // The lines between squares (conflicts, the attacker of a rejected square).
  function drawLines(svg, list) {
    const lines = list.map((l) => {
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
    svg.replaceChildren(...lines);
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
    // The hint under Watch names the board size.
    if (!state.watch) { watchMsg(''); showWatch(); }
    const countMax = state.info ? state.info.limits.count_max : 18;
    if (!countJob && n <= countMax) $('count-n').value = n;
    countNChanged();
    // What the panels said was about the other size.
    solveMsg('Finish your board, count its completions, or step through them.');
    setText($('dl-msg'), 'A picture of the board as shown.');
    for (const f of hooks.size) f(n);
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
  //
  // POST /api/trace answers the search a page at a time (as many steps as
  // fit in one reply; `next_offset` asks for the next): per step the words
  // (`says`), the pseudocode line, the tree node the search stands on and
  // the state after the step (`view`: the board, a mark, the algorithm's own
  // structure as data and as text), and the search tree. The page only moves
  // a step index k (0 = nothing done yet) through it.

  // A DOM element: h('p', {class: 'x', text: 'hi'}, child, ...).
  function h(tag, props, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'text') el.textContent = String(v);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of kids.flat()) {
      if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
    }
    return el;
  }
  const plural = (k, one, many = one + 's') => `${k} ${k === 1 ? one : many}`;
  const sqName = (s) => (Array.isArray(s) ? `(${s[0]}, ${s[1]})` : '');
  // Text from the module docs: `code`, **strong**, *emphasis*, bare URLs.
  function richText(text) {
    const out = [];
    String(text || '').replace(/\s+/g, ' ').split(/(`[^`]*`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|https?:\/\/[^\s)]+)/).forEach((part, i) => {
      if (!part) return;
      if (i % 2 === 0) out.push(part);
      else if (part.startsWith('`')) out.push(h('code', { text: part.slice(1, -1) }));
      else if (part.startsWith('**')) out.push(h('strong', {}, richText(part.slice(2, -2))));
      else if (part.startsWith('*')) out.push(h('em', {}, richText(part.slice(1, -1))));
      else out.push(h('a', { href: part, target: '_blank', rel: 'noopener noreferrer', text: part }));
    });
    return out;
  }
  // Paragraphs (blank lines between) and "- " lists, even run together on
  // one line ("…; - next item").
  function richBlocks(text) {
    return String(text || '').split(/\n\s*\n/).filter((p) => p.trim()).map((para) => {
      const t = para.trim();
      // A Markdown table: "| a | b |" rows, the second "|---|---:|".
      if (/^\|/.test(t)) {
        const cellsOf = (row) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
        const rows = t.split('\n').filter((r) => r.trim());
        const body = rows.slice(1).filter((r) => !/^\|?[\s:|-]+\|?$/.test(r.trim()));
        return h('table', { class: 'about-table' },
          h('thead', {}, h('tr', {}, cellsOf(rows[0]).map((c) => h('th', {}, richText(c))))),
          h('tbody', {}, body.map((r) => h('tr', {}, cellsOf(r).map((c) => h('td', {}, richText(c)))))));
      }
      if (!/^- /.test(t)) return h('p', {}, richText(t));
      const items = t.slice(2).split(/(?:\n|(?<=[;.:])\s+)- (?=\S)/);
      return h('ul', {}, items.map((it) => h('li', {}, richText(it))));
    });
  }

  // Counters after k steps, for k = 0..N: boards stood on (tree nodes less
  // the rejected squares), tree rows, rejected squares, backtracks,
  // solutions, queens placed, and the entries the conflict checks read
  // (where the events say: the algorithms whose check is an event).
  function stepCounters(w, events, tree) {
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
  // jump lands, and the tree's rows.
  function prepare(w, t) {
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
    if (!(w.tree && growTree(w, tree))) buildTree(w, tree);
  }

  const nodeAt = (w, k) => (k <= 0 ? (w.root ? w.root.id : null) : w.events[k - 1].node);
  const viewAt = (w, k) => (k > 0 ? w.events[k - 1].view || null : null);

  // ------------------------------------------------------ the search tree

  const TREE_GLYPH = { root: '∅', queen: '♛', rejected: '✕', dead_end: '⊘', solution: '★' };
  const TREE_WORD = { root: 'the empty board', queen: 'a queen placed', rejected: 'rejected', dead_end: 'a dead end', solution: 'a solution' };

  function treeLabel(e, ev) {
    if (e.mark === 'root' || e.row === null || e.row === undefined) return 'empty board';
    // brute-force's leaves are whole candidate boards (its inner nodes, their prefixes).
    if (ev && ev.event === 'candidate' && Array.isArray(ev.columns) && e.row === ev.columns.length - 1) return `[${ev.columns.join(' ')}]`;
    return `(${e.row}, ${e.col})`;
  }

  function treeRow(w, e, d) {
    const step = Number(e.step) || 0;
    const ev = step > 0 ? w.events[step - 1] : null;
    const glyph = h('span', { class: 'tg tg-' + e.mark, 'aria-hidden': 'true', text: e.mark === 'dead_end' ? TREE_GLYPH.queen : TREE_GLYPH[e.mark] || '•' });
    const btn = h('button', {
      type: 'button',
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
  function growTree(w, tree) {
    const t = w.tree;
    const fresh = tree.filter((e) => !t.rows.has(e.id)).sort((a, b) => a.id - b.id);
    const byId = new Map(fresh.map((e) => [e.id, e]));
    let lastStep = t.order.length ? t.order[t.order.length - 1].step : 0;
    let last = t.last;
    for (const e of fresh) {
      if (e.parent === null || e.parent === undefined || !(t.rows.has(e.parent) || byId.has(e.parent))) return false;
      const step = Number(e.step) || 0;
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
      const ev = step > 0 ? w.events[step - 1] : null;
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
      t.order.push({ step: Number(e.step) || 0, li: row.li });
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
  function buildTree(w, tree) {
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
      const step = Number(e.step) || 0;
      const row = treeRow(w, e, d);
      list.append(row.li);
      rows.set(e.id, row);
      order.push({ step, li: row.li });
      const kids = children.get(e.id) || [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], d + 1]);
    }
    order.sort((a, b) => a.step - b.step);
    const lastRow = list.lastElementChild;
    w.tree = { list, rows, order, shown: 0, path: [], deadOrder: [], deadShown: 0, size: tree.length, last: lastRow ? Number(lastRow.dataset.id) : null };
    for (const [id, k] of w.deadLeft) w.tree.deadOrder.push({ k, row: rows.get(id) });
    w.tree.deadOrder.sort((a, b) => a.k - b.k);
    $('w-tree').replaceChildren(list);
  }

  function showTree(w) {
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
    const boards = w.nodesAt[k];
    const shown = t.shown;
    const pruned = w.rejAt[k];
    // brute-force's tree also holds the prefixes of its candidates, which it
    // never stands on.
    const partial = shown - boards - pruned - (w.rootCounts || shown === 0 ? 0 : 1);
    $('w-tree-count').textContent = `${shown} of ${t.size} shown: ${plural(boards, 'node')} + ${pruned} pruned` +
      (w.rootCounts ? '' : ' + the empty board') + (partial > 0 ? ` + ${plural(partial, 'partial board')}` : '');
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

  // ----------------------------------------------- the algorithm's structure

  // A row of cells: name, then value over index.
  function cells(name, values, { cls, field, idx = true, title } = {}) {
    const row = h('div', { class: 'arr', 'data-field': field });
    row.append(h('span', { class: 'arr-name', text: name, title }));
    const box = h('span', { class: 'arr-cells' });
    values.forEach((v, i) => {
      const empty = v === null || v === undefined;
      box.append(h('span', { class: 'cell' + (empty ? ' empty' : '') + (cls ? ' ' + (cls(v, i) || '') : ''), 'data-i': i, title: `${name}[${i}] = ${empty ? 'empty' : v}` },
        h('span', { class: 'v', text: empty ? '·' : v }), idx ? h('span', { class: 'i', text: i }) : null));
    });
    row.append(box);
    return row;
  }
  const line = (...kids) => h('p', { class: 'st-line' }, ...kids);
  const b = (field, value) => h('b', { 'data-field': field, text: value });
  const bitsOf = (s) => [...String(s || '')].map((ch) => h('span', { class: ch === '1' ? 'b1' : 'b0', text: ch }));

  function stackList(entries, tagged) {
    const list = h('ol', { class: 'stack', 'data-field': 'entries', 'aria-label': 'the stack, top first' });
    const top = entries.slice().reverse();
    const SHOW = 16;
    top.slice(0, SHOW).forEach((en, i) => {
      const tag = tagged ? Number(en[2]) : null;
      list.append(h('li', { class: (i === 0 ? 'top ' : '') + (tagged ? 'tag' + tag : ''), 'data-entry': en.join(',') },
        h('span', { class: 'en', text: tagged ? `(${en[0]}, ${en[1]}, ${tag})` : `(${en[0]}, ${en[1]})` }),
        tagged ? h('span', { class: 'tagb', text: tag === 1 ? 'tag 1: placed, undo on pop' : 'tag 0: to test' }) : null,
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
  function generatorFrames(s, n) {
    const frames = Array.isArray(s.frames) ? s.frames : [];
    const state = Array.isArray(s.state) ? s.state : [];
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
      else if (i < state.length) what = `the last row: at yield (${pos},)`;
      else what = Array.isArray(s.square) ? `testing conflict(state, ${pos})` : 'on to its next pos';
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

  // The button that turns the bit order over (it reloads the trace).
  function bitOrderButton(right) {
    return h('button', { type: 'button', class: 'bit-order', 'data-act': 'bit-order', 'aria-pressed': right ? 'true' : 'false',
      title: 'the same masks, written with column 0 on the left (like the board) or on the right (as binary numbers and seed 004 are written)',
      text: right ? 'bits: column 0 on the right, as the tutorial writes ⇄' : 'bits: column 0 first, like the board ⇄' });
  }

  // Turns the bit order over and comes back to the same step.
  async function toggleBits() {
    const w = state.watch;
    const k = w ? w.k : 0;
    state.bitsRight = !state.bitsRight;
    if (!w || w.algorithm !== 'bitwise') return;
    if (!(await ensureTrace())) return;
    const now = state.watch;
    while (now.events.length < k && now.nextOffset !== null) {
      if (!(await loadMore(now)) || state.watch !== now) return;
    }
    stepTo(k);
    watchMsg(now.base);
    showWatch();
    const b = $('w-structure').querySelector('[data-act=bit-order]');
    if (b) b.focus();
  }

  function structureWidget(s, v, n) {
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
      case 'stack':
        box.append(line(b('length', (s.entries || []).length), ' squares on the stack, top first'));
        box.append(stackList(s.entries || [], false));
        break;
      case 'tagged_stack': {
        const flags = (name, arr, title) => cells(name, arr || [], { field: name, cls: (x) => (x ? 'on' : ''), title });
        box.append(line(b('length', (s.entries || []).length), ' nodes on the stack, top first'));
        box.append(stackList(s.entries || [], true));
        box.append(h('div', { class: 'flags' },
          flags('col', s.col, 'col[c] = 1: column c is taken'),
          flags('md', s.md, 'md[row − col + n − 1] = 1: that diagonal \\ is taken'),
          flags('sd', s.sd, 'sd[row + col] = 1: that anti-diagonal / is taken')));
        break;
      }
      case 'generator': {
        const cmp = Number(s.compared) || 0;
        box.append(line(h('span', { class: 'badge ' + (s.suspended ? 'susp' : 'run'), 'data-field': 'suspended', text: s.suspended ? 'suspended after a yield' : 'running' })));
        box.append(cells('state', s.state || [], { field: 'state', cls: (x, i) => (i < cmp ? 'cmp' : ''), title: 'the column of each row filled so far' }));
        box.append(line(Array.isArray(s.square) ? ['checking ', b('square', sqName(s.square)), ': compared ', b('compared', cmp), ' entries'] : ['no check this step']));
        box.append(line('one suspended ', h('code', { text: 'queens(n, state)' }), ' call per row, the most recent last:'));
        box.append(generatorFrames(s, n));
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
        // The first `next` have been taken, the last of them is being tried.
        const state = (i) => (i < next - 1 ? 'tried' : i === next - 1 ? 'trying' : '');
        cand.forEach(([c, f], i) => body.append(h('tr', { class: state(i) },
          h('td', { text: c }), h('td', { text: f }), h('td', { text: state(i) === 'trying' ? '← trying' : state(i) }))));
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
        box.append(h('p', { class: 'st-line' }, bitOrderButton(right)));
        const table = h('table', { class: 'maskt', 'data-field': 'rows', 'data-order': right ? 'lsb-right' : 'lsb-left' });
        table.append(h('thead', {}, h('tr', {}, named('row'), named('cols', 'k'), named('ld'), named('ld', 'tutorial'), named('rd'), named('free', 'pos'), named('p'))));
        const body = h('tbody');
        rows.forEach((r, i) => body.append(h('tr', { class: i === rows.length - 1 ? 'last' : '' },
          h('td', { text: r.row }), ...['cols_bits', 'ld_bits', 'ld_tutorial_bits', 'rd_bits', 'free_bits', 'p_bits'].map((f) => h('td', { class: 'bits', 'data-field': f }, bits(r[f]))))));
        table.append(body);
        box.append(table);
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
        box.append(line('uncovered primary items (R row, C column) with their options:'));
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

  const STRUCTURE_NAME = {
    candidate: 'the candidate board', board01: 'the n×n 0/1 board', array: 'the array s[row] = col', stack: 'the stack',
    tagged_stack: 'the stack of (row, col, tag) nodes and the flag arrays', generator: 'the generator\'s state', counters: 'the attack counters',
    queue: 'the FIFO queue', heuristic: 'look-ahead scores', scores: 'the look-ahead scores f', masks: 'the bit masks', items: 'the exact cover items',
  };

  function showStructure(w) {
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

  function showCode(code, line) {
    const ol = $('w-code');
    if (ol.dataset.src !== code.join('\n')) {
      ol.dataset.src = code.join('\n');
      // Indentation as padding, so that a wrapped line keeps it.
      ol.replaceChildren(...code.map((text, i) => {
        const ind = /^ */.exec(text)[0].length;
        return h('li', { 'data-line': i }, h('span', { class: 'ln', text: i + 1 }), h('code', { style: `padding-left:${ind}ch`, text: text.slice(ind) || ' ' }));
      }));
      if (!code.length) ol.append(h('li', { class: 'none', text: 'no pseudocode' }));
    }
    for (const li of ol.querySelectorAll('li.cur')) { li.classList.remove('cur'); li.removeAttribute('aria-current'); }
    if (line !== null && line !== undefined && ol.children[line]) {
      const li = ol.children[line];
      li.classList.add('cur');
      li.setAttribute('aria-current', 'step');
    }
  }

  function showAbout(name, about) {
    $('w-about-name').textContent = name ? '— ' + name : '';
    const body = $('w-about-body');
    if (!about) { body.replaceChildren(h('p', { class: 'hint', text: 'Loading…' })); return; }
    const part = (title, text) => (text ? [h('h4', { text: title }), ...richBlocks(cap(String(text)))] : []);
    body.replaceChildren(
      about.summary ? h('p', { class: 'about-summary' }, richText(cap(about.summary))) : '',
      ...part('The idea', about.idea),
      ...part('Why it is taught', about.why),
      ...part('What it costs', about.cost),
      ...part('Source', about.source),
    );
  }

  function showTextLegend(legend) {
    $('w-text-legend').replaceChildren(...legend.map(([mark, what]) => h('li', {}, h('code', { text: mark }), ' ' + what)));
  }

  // The legend under the board while watching: only the marks this trace uses.
  function showWatchLegend(w) {
    const u = w.marksUsed;
    const items = [[h('span', { class: 'swatch q-algo', text: '♛' }), 'the algorithm\'s queen']];
    if (u.has('solution')) items.push([h('span', { class: 'swatch q-solved', text: '♛' }), 'a solution']);
    if (u.has('placed')) items.push([h('span', { class: 'swatch sw-placed', text: '♛' }), 'just placed']);
    if (u.has('removed')) items.push([h('span', { class: 'swatch sw-ghost', text: '♛' }), 'just taken back']);
    if (u.has('rejected')) items.push([h('span', { class: 'swatch sw-rejected', text: '✕' }), 'rejected by the search' + (u.has('line-reject') ? ' (dashed: its attacker)' : '')]);
    if (u.has('checked')) items.push([h('span', { class: 'swatch sw-checked' }), 'being checked' + (u.has('line-check') ? ' (dotted: the attacker found)' : '')]);
    if (u.has('candidate')) items.push([h('span', { class: 'swatch sw-candidate' }), 'the pair the test stopped at']);
    if (u.has('s:masks')) items.push([h('span', { class: 'swatch sw-free' }), 'free: a 1 in free']);
    if (u.has('s:scores')) items.push([h('span', { class: 'swatch sw-f', text: 'f' }), 'f: squares left free below']);
    if (u.has('s:counters')) items.push([h('span', { class: 'swatch sw-cnt', text: '2' }), 'its counter: queens above attacking the square']);
    items.push([h('span', { class: 'swatch sw-row' }), 'the row being filled']);
    $('legend-watch').replaceChildren(...items.map(([sw, what]) => h('li', {}, sw, ' ' + what)));
  }

  function watchMsg(text, kind) { setText($('w-msg'), text || '', kind); }
  function algorithmInfo(name) {
    return state.info ? state.info.algorithms.find((a) => a.name === name) : null;
  }

  // About and pseudocode of the algorithm selected, before any watching: a
  // one-step trace on a small board answers them.
  const aboutCache = new Map();
  async function loadAbout() {
    const name = $('algo').value;
    if (!name) return;
    const w = state.watch;
    if (w && w.algorithm === name && w.active) { showAbout(name, w.about); showCode(w.pseudocode, null); return; }
    if (!aboutCache.has(name)) {
      const a = algorithmInfo(name);
      const n = Math.min(4, a ? a.max_n : 4);
      aboutCache.set(name, api('POST', '/api/trace', { n, algorithm: name, limit: 1 }).then(
        (t) => ({ about: t.about || null, pseudocode: Array.isArray(t.pseudocode) ? t.pseudocode : [] }),
        () => { aboutCache.delete(name); return null; }));
    }
    showAbout(name, null);
    const got = await aboutCache.get(name);
    if ($('algo').value !== name || (state.watch && state.watch.active)) return;
    if (!got) { $('w-about-body').replaceChildren(h('p', { class: 'hint', text: 'The server did not answer.' })); return; }
    showAbout(name, got.about);
    showCode(got.pseudocode, null);
  }

  // What the message under the controls says of the steps loaded.
  function traceBase(w) {
    const total = w.events.length;
    const st = w.stats;
    return w.truncated
      ? `The search is longer than this: showing its first ${total} steps` + (w.nextOffset !== null ? ' (step on past the last for more).' : '; this server traces no further.')
      : `The whole search: ${plural(total, 'step')}` + (st ? `; at its end ${plural(st.nodes, 'node')}, ${plural(st.backtracks, 'backtrack')}, ${plural(st.solutions, 'solution')}.` : '.');
  }

  // Adds a page of the trace to what the page holds, and works it out again.
  function addPage(w, t) {
    const events = Array.isArray(t.events) ? t.events : [];
    w.pages.events = w.pages.events.concat(events);
    // A later page knows more of a node (a queen found to be a dead end).
    for (const e of Array.isArray(t.tree) ? t.tree : []) w.pages.tree.set(e.id, e);
    if (w.pages.first === null) w.pages.first = t;
    const first = w.pages.first;
    w.nextOffset = Number.isInteger(t.next_offset) ? t.next_offset : null;
    prepare(w, {
      events: w.pages.events,
      tree: [...w.pages.tree.values()].sort((a, b) => a.id - b.id),
      truncated: t.truncated,
      stats: t.stats,
      about: first.about,
      pseudocode: first.pseudocode,
      legend: first.legend,
    });
    w.base = traceBase(w);
  }

  // Loads the trace for the selected algorithm and board size (once).
  function ensureTrace() {
    const algorithm = $('algo').value;
    const n = state.n;
    const w = state.watch;
    const bits = algorithm === 'bitwise' && state.bitsRight ? 'lsb-right' : null;
    if (w && w.algorithm === algorithm && w.n === n && w.bits === bits && !w.failed) return w.loading;
    stopWatch();
    const fresh = { algorithm, n, bits, events: [], truncated: false, k: 0, playing: false, active: false, failed: false, loading: null, base: '', nextOffset: null, more: null, pages: { events: [], tree: new Map(), first: null } };
    state.watch = fresh;
    const a = algorithmInfo(algorithm);
    watchMsg(`Loading the ${algorithm} search on ${n}×${n}…`);
    fresh.loading = api('POST', '/api/trace', bits ? { n, algorithm, bits } : { n, algorithm }).then((t) => {
      if (state.watch !== fresh) return false;
      addPage(fresh, t);
      fresh.active = true;
      watchMsg(fresh.base);
      showAbout(algorithm, fresh.about);
      showTextLegend(fresh.legend);
      showWatchLegend(fresh);
      hideOtherMessages();
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

  // Loads the next page of the trace, when there is one: true once it is in.
  function loadMore(w) {
    if (w.nextOffset === null) return Promise.resolve(false);
    if (w.more) return w.more;
    watchMsg(`Loading the steps after step ${w.events.length}…`);
    w.more = api('POST', '/api/trace', w.bits ? { n: w.n, algorithm: w.algorithm, offset: w.nextOffset, bits: w.bits } : { n: w.n, algorithm: w.algorithm, offset: w.nextOffset }).then((t) => {
      w.more = null;
      if (state.watch !== w) return false;
      addPage(w, t);
      showWatchLegend(w);
      return true;
    }, (e) => {
      w.more = null;
      if (state.watch === w) watchMsg(`Could not load the steps after step ${w.events.length}: ${e.message} Step on to try again.`, 'error');
      return false;
    });
    return w.more;
  }

  // While the board shows the algorithm, what the Solve panel said about the
  // user's board does not apply: it is put aside and comes back on Close.
  let solveSaved = null;
  function hideOtherMessages() {
    const el = $('solve-msg');
    if (!solveSaved) solveSaved = { text: el.textContent, kind: el.classList.contains('error') ? 'error' : el.classList.contains('ok') ? 'ok' : undefined };
    solveMsg('The board shows the algorithm now: Close it (or reset) to solve from your board.');
  }
  function restoreOtherMessages() {
    if (!solveSaved) return;
    solveMsg(solveSaved.text, solveSaved.kind);
    solveSaved = null;
  }

  // The timeline under the board: a range over the steps loaded so far (it
  // grows as pages come in), with ticks at solutions, backtracks and dead
  // ends.
  function showScrub(w, on) {
    const box = $('w-scrub-box');
    box.hidden = !on;
    if (!on) return;
    const N = w.events.length;
    const more = w.nextOffset !== null;
    const input = $('w-scrub');
    if (input.max !== String(N)) input.max = String(N);
    if (input.value !== String(w.k)) input.value = String(w.k);
    input.setAttribute('aria-valuetext', `step ${w.k} of ${N}${w.truncated ? ' or more' : ''}`);
    if (w.ticksFor !== N) {
      w.ticksFor = N;
      const path = (list, cls, y0, y1) => {
        const xs = new Set();
        for (const k of list) xs.add(N > 0 ? Math.round((k / N) * 1000) : 0);
        const p = document.createElementNS(SVG_NS, 'path');
        p.setAttribute('class', cls);
        p.setAttribute('d', [...xs].map((x) => `M${x} ${y0}V${y1}`).join(''));
        p.dataset.count = String(list.length);
        return p;
      };
      $('w-ticks').replaceChildren(
        path(w.backSteps, 't-backtrack', 5, 10),
        path(w.deadSteps, 't-dead', 0, 5),
        path(w.solSteps, 't-solution', 0, 10));
    }
    box.classList.toggle('more', more);
  }

  // A step chosen on the timeline; past the last step loaded, the next page.
  async function scrubTo(k) {
    pause();
    const w = state.watch;
    if (!w || !w.active) return;
    stepTo(k);
    watchMsg(w.base);
    showWatch();
    if (w.k >= w.events.length && w.nextOffset !== null) {
      if ((await loadMore(w)) && state.watch === w) {
        watchMsg(w.base);
        showWatch();
      }
    }
  }

  function showWatch() {
    const w = state.watch;
    const on = !!(w && w.active);
    const k = on ? w.k : 0;
    $('c-steps').textContent = k;
    $('c-nodes').textContent = on ? w.nodesAt[k] : 0;
    $('c-backtracks').textContent = on ? w.backAt[k] : 0;
    $('c-solutions').textContent = on ? w.solAt[k] : 0;
    const evEl = $('w-event');
    evEl.hidden = !on;
    $('w-mini').hidden = !on;
    if (on) $('w-mini').querySelector('[data-act=play]').textContent = w.playing ? '❚❚ pause' : '▶ play';
    $('legend-board').hidden = on;
    $('legend-watch').hidden = !on;
    showScrub(w, on);
    document.body.classList.toggle('watching', on);
    if (on) {
      const N = w.events.length;
      const ev = k > 0 ? w.events[k - 1] : null;
      const dead = w.deadSteps.includes(k);
      evEl.replaceChildren(...h('span', {}, h('span', { class: 'ev-num', text: `Step ${k} of ${N}${w.truncated ? '+' : ''}` }), ': ',
        h('span', { class: 'ev-says', text: ev ? ev.says || ev.event : 'nothing done yet, the board is empty.' }),
        dead ? h('span', { class: 'ev-tag', text: '⊘ a dead end: nothing in the next row is free', title: 'the search backs up from here' }) : null).childNodes);
      evEl.className = 'event' + (ev ? ' ev-' + ev.event : '') + (dead ? ' ev-dead' : '');
      const log = $('w-log');
      const items = [];
      for (let i = k - 1; i >= Math.max(0, k - 6); i--) {
        const e = w.events[i];
        items.push(h('li', { class: 'ev-' + e.event }, h('span', { class: 'num', text: i + 1 }), h('span', { class: 'what', text: e.says || e.event })));
      }
      log.replaceChildren(...items);
      showStructure(w);
      showCode(w.pseudocode, ev ? ev.line : null);
      showTree(w);
      const v = viewAt(w, k);
      const q = v && Array.isArray(v.board) ? v.board.filter((c) => c !== null && c !== undefined).length : 0;
      setStatus(`${w.algorithm}: ${plural(q, 'queen')} on the board, step ${k}` +
        (k >= N ? (w.truncated ? ` (the first ${N} steps shown)` : ' — the search is over') : ''),
      ev && ev.event === 'solution' ? 'ok' : undefined);
    } else {
      evEl.textContent = '';
      $('w-log').replaceChildren();
      $('w-tree-count').textContent = '';
      if (!w) {
        $('w-tree').replaceChildren(h('p', { class: 'hint', text: 'The tree grows as the search runs; click a node to go to its step.' }));
        $('w-structure').replaceChildren(h('p', { class: 'hint', text: 'Step or play to see the algorithm\'s own data structure at each step.' }));
        $('w-structure-what').textContent = '';
        $('w-text').textContent = '';
        for (const li of $('w-code').querySelectorAll('li.cur')) { li.classList.remove('cur'); li.removeAttribute('aria-current'); }
        if (!$('w-msg').textContent) watchMsg(`Press play or step to watch the search on the ${state.n}×${state.n} board.`);
      }
    }
    $('w-play').disabled = !!(w && w.playing);
    $('w-pause').disabled = !(w && w.playing);
    $('w-back').disabled = !(on && w.k > 0);
    const ahead = (list) => on && (list.some((s) => s > w.k) || w.nextOffset !== null);
    $('w-next-solution').disabled = on && !ahead(w.solSteps);
    $('w-next-backtrack').disabled = on && !ahead(w.backSteps);
    $('w-next-deadend').disabled = on && !ahead(w.deadSteps);
    render();
  }

  function stepTo(k) {
    const w = state.watch;
    if (!w || !w.active) return;
    w.k = Math.max(0, Math.min(k, w.events.length));
  }

  async function watchStep(delta) {
    pause();
    if (delta < 0) {
      const w = state.watch;
      if (!w || !w.active) return;
      stepTo(w.k - 1);
      watchMsg(w.base);
      showWatch();
      return;
    }
    if (!(await ensureTrace())) return;
    const w = state.watch;
    if (w.k >= w.events.length && w.nextOffset !== null && !(await loadMore(w))) return;
    if (state.watch !== w) return;
    if (w.k >= w.events.length) {
      watchMsg(w.truncated ? `That is the last of the first ${w.events.length} steps.` : 'The search is over.');
    } else {
      watchMsg(w.base);
    }
    stepTo(w.k + 1);
    showWatch();
  }

  async function watchTo(k) {
    pause();
    if (!(await ensureTrace())) return;
    const w = state.watch;
    stepTo(k);
    watchMsg(w.base);
    showWatch();
  }

  // The next step of a kind: 'solution', 'backtrack', 'dead'.
  async function jump(kind) {
    pause();
    if (!(await ensureTrace())) return;
    const w = state.watch;
    const listOf = () => (kind === 'solution' ? w.solSteps : kind === 'backtrack' ? w.backSteps : w.deadSteps);
    const what = kind === 'solution' ? 'solution' : kind === 'backtrack' ? w.backName : 'dead end';
    // Not in the steps loaded: a few more pages, then say so.
    for (let i = 0; i < 5 && !listOf().some((s) => s > w.k) && w.nextOffset !== null; i++) {
      if (!(await loadMore(w)) || state.watch !== w) return;
    }
    const list = listOf();
    const next = list.find((s) => s > w.k);
    if (next === undefined) {
      watchMsg(`No ${what} after step ${w.k}` + (w.truncated ? ` in the first ${w.events.length} steps.` : ': the search has no more.'));
      showWatch();
      return;
    }
    stepTo(next);
    watchMsg(w.base);
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
      if (w.k >= w.events.length) {
        w.playing = false;
        // More steps on the server: fetch them and play on.
        if (w.nextOffset !== null) {
          loadMore(w).then((ok) => {
            if (!ok || state.watch !== w || w.playing) return;
            w.playing = true;
            lastFrame = 0;
            watchMsg(w.base);
            showWatch();
            requestAnimationFrame(frame);
          });
        }
      }
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
    watchMsg(w.base);
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
      if (w.active) {
        restoreOtherMessages();
        setNote('');
        loadAbout();
        refresh();
      }
    }
  }

  // Keys: space play/pause, ← → a step, s b d the next solution, backtrack,
  // dead end, Home End the first and last step. Not while typing, and not
  // instead of the button or square the focus is on (but space on the
  // playback buttons still plays and pauses).
  // Space plays and pauses on the Watch panel's own buttons (and on the
  // board while it shows the algorithm); elsewhere it is the focused button's.
  const spaceIsPlay = (t) => !!(t.closest('#panel-watch, #w-mini') || (state.watch && state.watch.active && t.closest('#board')));
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.target instanceof Element ? e.target : null;
    if (t && t.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"]')) return;
    const onButton = t && t.closest('button, a, summary');
    let act = null;
    switch (e.key) {
      case ' ':
      case 'Spacebar':
        if (onButton && !spaceIsPlay(t)) return;
        act = () => (state.watch && state.watch.playing ? pause() : play());
        break;
      case 'ArrowRight': act = () => watchStep(1); break;
      case 'ArrowLeft': act = () => watchStep(-1); break;
      case 's': case 'S': act = () => jump('solution'); break;
      case 'b': case 'B': act = () => jump('backtrack'); break;
      case 'd': case 'D': act = () => jump('dead'); break;
      case 'Home': if (!(state.watch && state.watch.active)) return; act = () => watchTo(0); break;
      case 'End': if (!(state.watch && state.watch.active)) return; act = () => watchTo(Infinity); break;
      default: return;
    }
    e.preventDefault();
    if (!e.repeat || e.key !== ' ') act();
  }

  // --------------------------------------------------------------- tabs
  //
  // On a narrow screen (one column) the tabs show, right under them, the
  // board, or the watched algorithm's data, pseudocode or tree (with the
  // step and the playback row), or the comparison. On a wide screen they
  // are hidden and the page is laid out as before (app.css).

  function showTab(name, focus) {
    document.body.dataset.tab = name;
    for (const b of $('tabs').querySelectorAll('[role=tab]')) {
      const on = b.dataset.tab === name;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
      if (on && focus) b.focus();
    }
    for (const f of hooks.tab) f(name);
    window.scrollTo(0, 0);
  }

  function wireTabs() {
    const tabs = [...$('tabs').querySelectorAll('[role=tab]')];
    $('tabs').addEventListener('click', (e) => {
      const b = e.target.closest('[role=tab]');
      if (b) showTab(b.dataset.tab);
    });
    // ← → Home End move between the tabs (and do not step the search).
    $('tabs').addEventListener('keydown', (e) => {
      const i = tabs.indexOf(e.target);
      if (i < 0) return;
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      showTab(tabs[(to + tabs.length) % tabs.length].dataset.tab, true);
    });
    $('cmp-go').addEventListener('click', (e) => {
      if (getComputedStyle($('tabs')).display === 'none') return;
      e.preventDefault();
      showTab('compare', true);
    });
    document.body.dataset.tab = 'board';
  }

  // -------------------------------------------------------------- count

  let countJob = null;
  let countTimer = null;

  function countMsg(text, kind) { setText($('count-msg'), text, kind); }

  let countShownN = null; // the n whose count the message shows
  const COUNT_HINT = 'Counts every solution of the n×n board on the server\'s cores.';
  // A count's result stays only while the n beside it is its n.
  function countNChanged() {
    if (countJob !== null || countShownN === null) return;
    if (Number($('count-n').value) === countShownN) return;
    countShownN = null;
    $('count-fill').style.width = '0%';
    $('count-bar').setAttribute('aria-valuenow', '0');
    $('count-bar').classList.remove('done');
    countMsg(COUNT_HINT);
  }

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
    countShownN = n;
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
    if (w && w.active) {
      const v = viewAt(w, w.k);
      const qs = new Set();
      ((v && v.board) || []).forEach((c, r) => { if (c !== null && c !== undefined) qs.add(key(r, c)); });
      return qs;
    }
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
    wireTabs();
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
    // Back to the board, so that → steps (and does not change the algorithm).
    $('algo').addEventListener('change', () => { stopWatch(); showSummary(); loadAbout(); board.focus({ preventScroll: true }); });
    $('w-scrub').addEventListener('input', (e) => scrubTo(Number(e.target.value)));
    // Past the last step loaded the range does not move: step on (→) or
    // load the next page (End).
    $('w-scrub').addEventListener('keydown', (e) => {
      const w = state.watch;
      if (!w || !w.active || w.k < w.events.length || w.nextOffset === null) return;
      if (e.key === 'ArrowRight' || e.key === 'ArrowUp') { e.preventDefault(); watchStep(1); }
      else if (e.key === 'End' || e.key === 'PageUp') { e.preventDefault(); scrubTo(w.events.length); }
    });
    $('w-step').addEventListener('click', () => watchStep(1));
    $('w-next-solution').addEventListener('click', () => jump('solution'));
    $('w-next-backtrack').addEventListener('click', () => jump('backtrack'));
    $('w-next-deadend').addEventListener('click', () => jump('dead'));
    $('w-tree').addEventListener('click', (e) => {
      const el = e.target.closest('button[data-step]');
      if (el) watchTo(Number(el.dataset.step));
    });
    // The small playback row under the board (narrow screens).
    $('w-mini').addEventListener('click', (e) => {
      const act = e.target.closest('button[data-act]')?.dataset.act;
      if (act === 'back') watchStep(-1);
      else if (act === 'step') watchStep(1);
      else if (act === 'play') (state.watch && state.watch.playing ? pause() : play());
      else if (act) jump(act);
    });
    $('w-pruned').addEventListener('change', (e) => {
      $('w-tree').classList.toggle('no-pruned', !e.target.checked);
      if (state.watch && state.watch.active) showTree(state.watch);
    });
    document.addEventListener('keydown', onKey);
    // Space on a playback button plays or pauses; the button's own click
    // (on key up) must not do it a second time.
    document.addEventListener('keyup', (e) => {
      if ((e.key === ' ' || e.key === 'Spacebar') && e.target instanceof Element && e.target.closest('button') && spaceIsPlay(e.target)) e.preventDefault();
    });
    // The bit-order button lives inside the structure panel, drawn anew each step.
    $('w-structure').addEventListener('click', (e) => {
      if (e.target.closest('[data-act=bit-order]')) toggleBits();
    });
    $('w-back').addEventListener('click', () => watchStep(-1));
    $('w-play').addEventListener('click', play);
    $('w-pause').addEventListener('click', pause);
    $('w-reset').addEventListener('click', stopWatch);
    const speedOut = () => { $('speed-out').textContent = `${speed()} steps/s`; };
    $('speed').addEventListener('input', speedOut);
    speedOut();
    $('count-start').addEventListener('click', startCount);
    $('count-n').addEventListener('input', countNChanged);
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
      for (const f of hooks.ready) f();
      loadAbout();
      $('count-n').max = info.limits.count_max;
    } catch (e) {
      $('server-info').textContent = 'server unreachable';
      setStatus(e.message, 'error');
      return;
    }
    document.body.dataset.ready = 'true';
    refresh();
  }

  // ------------------------------------------------- for compare.js
  //
  // The comparison of two algorithms (compare.js, loaded after this file)
  // draws with the same pieces as Watch; `hooks` tell it when the page is
  // ready (the algorithms are listed), when the board size changes and when
  // a tab is shown.
  const hooks = { ready: [], size: [], tab: [] };
  window.NQueensPage = Object.freeze({
    $, h, key, SVG_NS, api, setText, speed, algorithmInfo, viewAt,
    model, paintSquare, drawLines, structureWidget, STRUCTURE_NAME, stepCounters,
    boardSize: () => state.n,
    onReady: (f) => hooks.ready.push(f),
    onSize: (f) => hooks.size.push(f),
    onTab: (f) => hooks.tab.push(f),
  });

  init();
})();
