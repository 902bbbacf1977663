/* "Your turn" on every page (issue 30): the header's count, kept fresh by polling a small
 * JSON endpoint, and a browser notification when it grows, once the person allowed it by
 * a click on "My matches" (the permission is never asked unprompted).
 *
 * Polling for now: the account event stream (publish_account_event, matches/live/) can
 * replace the timer once it is merged (see players/README note in the report). */
(function () {
  'use strict';
  const badge = document.getElementById('my-turn-count');
  if (!badge) return;
  const hu = (document.documentElement.lang || 'hu').startsWith('hu');
  const T = (h, e) => (hu ? h : e);
  const EVERY_MS = 30000;
  let last = parseInt(badge.dataset.count || '0', 10);

  function show(n) {
    badge.dataset.count = String(n);
    badge.textContent = n ? ` (${n})` : '';
  }
  async function poll() {
    if (document.hidden) return;
    try {
      const r = await fetch('/api/v1/my-matches/count/', { credentials: 'same-origin', headers: { 'Accept': 'application/json' } });
      if (!r.ok) return;
      const n = (await r.json()).your_turn;
      if (n > last && 'Notification' in window && Notification.permission === 'granted') {
        new Notification('Kaosz', { body: T('Te jössz a lépéssel.', 'It is your turn.'), tag: 'kaosz-your-turn' });
      }
      last = n;
      show(n);
    } catch (e) { /* offline: the next poll tries again */ }
  }
  setInterval(poll, EVERY_MS);
  document.addEventListener('visibilitychange', poll);

  const button = document.getElementById('enable-notifications');
  const state = document.getElementById('notifications-state');
  if (button && 'Notification' in window) {
    const say = () => {
      state.textContent = Notification.permission === 'granted' ? T('A böngésző értesít, ha te jössz.', 'The browser tells you when it is your turn.')
        : Notification.permission === 'denied' ? T('Az értesítések tiltva vannak ebben a böngészőben.', 'Notifications are blocked in this browser.') : '';
      button.hidden = Notification.permission !== 'default';
    };
    button.addEventListener('click', async () => { await Notification.requestPermission(); say(); });
    say();
  }
}());
