// The tabs of a narrow screen.
//
// On a narrow screen (one column) the tabs show, right under them, the
// board, or the watched algorithm's data, pseudocode or tree (with the
// step and the playback row), or the comparison. On a wide screen they
// are hidden and the page is laid out as before (app.css).

import { $ } from './dom.js';
import { hooks } from './state.js';

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

export function wireTabs() {
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
