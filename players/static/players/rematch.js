/* Rematch with one click: a button on every board's end screen.
 *
 * The end screen (#outcome) is drawn by board.js for every game and moved into the HUD by
 * kgk.js; rather than edit either, this watches for it to appear (and be redrawn) and adds
 * the button for a seated player. The button asks the API for the same game again and
 * opens the new match: bots sit down at once, another person is invited to accept. */
(function () {
  'use strict';
  const root = document.getElementById('board');
  if (!root || root.dataset.seat === '') return;
  const hu = (document.documentElement.lang || 'hu').startsWith('hu');
  const T = (h, e) => (hu ? h : e);

  function add() {
    const out = document.getElementById('outcome');
    if (!out || out.hidden || document.getElementById('rematch')) return;
    const p = document.createElement('p');
    p.className = 'rematch-row';
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'rematch';
    b.className = 'primary';
    b.textContent = T('Visszavágó', 'Rematch');
    const note = document.createElement('span');
    note.id = 'rematch-note';
    note.className = 'muted small';
    note.setAttribute('role', 'status');
    b.addEventListener('click', async () => {
      b.disabled = true;
      try {
        const r = await fetch(`/api/v1/matches/${root.dataset.match}/rematch/`, {
          method: 'POST', credentials: 'same-origin',
          headers: { 'Accept': 'application/json', 'X-CSRFToken': root.dataset.csrf } });
        const body = await r.json();
        if (r.ok) { window.location.href = body.url; return; }
        note.textContent = ' ' + T('A visszavágó most nem indítható.', 'A rematch cannot start now.') +
          (body.error && !hu ? ` (${body.error.message})` : '');
      } catch (e) {
        note.textContent = ' ' + T('Nincs kapcsolat a szerverrel.', 'No connection to the server.');
      }
      b.disabled = false;
    });
    p.append(b, note);
    out.appendChild(p);
  }
  new MutationObserver(add).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
  add();
}());
