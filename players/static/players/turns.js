/* "Your turn" on every page: the header's count, kept fresh by polling a small
 * JSON endpoint, and a browser notification when it grows, once the person allowed it by
 * a click on "My matches" (the permission is never asked unprompted); and the deadlines
 * of turn-based matches counted down where a page shows them.
 * The count covers your turns and the notifications not seen (invitations, answers to
 * your challenges, tournament pairings): a browser notification when either grows. */
(function () {
  'use strict';
  const hu = (document.documentElement.lang || 'hu').startsWith('hu');
  const T = (h, e) => (hu ? h : e);

  // A turn-based match's deadline, counted down where it is shown (the board's turn clock,
  // "My matches"): "(még 5 óra 12 perc)" / "(5 h 12 min left)", every half minute.
  function left(ms) {
    if (ms <= 0) return T('lejárt', 'time is up');
    const m = Math.floor(ms / 60000);
    const d = Math.floor(m / 1440), h = Math.floor((m % 1440) / 60), mm = m % 60;
    const parts = d ? [d + T(' nap', ' d'), h + T(' óra', ' h')]
      : h ? [h + T(' óra', ' h'), mm + T(' perc', ' min')] : [Math.max(mm, 1) + T(' perc', ' min')];
    return T('még ', '') + parts.join(' ') + T('', ' left');
  }
  function countDown() {
    document.querySelectorAll('time.countdown').forEach((el) => {
      const at = Date.parse(el.getAttribute('datetime') || '');
      if (Number.isNaN(at)) return;
      let out = el.nextElementSibling;
      if (!out || !out.classList.contains('countdown-left')) {
        out = document.createElement('span');
        out.className = 'countdown-left';
        el.after(out);
      }
      out.textContent = ' (' + left(at - Date.now()) + ')';
    });
  }
  countDown();
  setInterval(countDown, 30000);

  const badge = document.getElementById('my-turn-count');
  const bell = document.getElementById('notification-count');
  if (!badge) return;
  const EVERY_MS = 30000;
  let last = parseInt(badge.dataset.count || '0', 10);
  let lastUnseen = bell ? parseInt(bell.dataset.count || '0', 10) : 0;

  function show(el, n) {
    if (!el) return;
    el.dataset.count = String(n);
    el.textContent = n ? ` (${n})` : '';
  }
  function tell(body, tag) {
    if ('Notification' in window && Notification.permission === 'granted') {
      new Notification('Kaosz', { body, tag });
    }
  }
  async function poll() {
    if (document.hidden) return;
    try {
      const r = await fetch('/api/v1/notifications/count/', { credentials: 'same-origin', headers: { 'Accept': 'application/json' } });
      if (!r.ok) return;
      const got = await r.json();
      const n = got.your_turn, unseen = got.unseen;
      if (n > last) tell(T('Te jössz a lépéssel.', 'It is your turn.'), 'kaosz-your-turn');
      else if (unseen - n > lastUnseen - last) tell(T('Új értesítésed van (például kihívás).', 'You have a new notification (a challenge, say).'), 'kaosz-notification');
      last = n;
      lastUnseen = unseen;
      show(badge, n);
      show(bell, unseen);
    } catch (e) { /* offline: the next poll tries again */ }
  }
  setInterval(poll, EVERY_MS);
  document.addEventListener('visibilitychange', poll);
  // Pages about what needs you (notifications, my matches, challenges) listen to the
  // account stream and count again at once when an event arrives: told within a second.
  const live = document.querySelector('[data-account-stream]');
  if (live && 'EventSource' in window) {
    const kinds = ['invitation', 'challenge_accepted', 'challenge_declined', 'challenge_withdrawn',
      'match_started', 'your_turn', 'match_finished', 'round_paired'];
    // What changes a notifications page (a new row); the others only change the counts.
    const rows = ['invitation', 'challenge_accepted', 'challenge_declined', 'challenge_withdrawn', 'round_paired'];
    const stream = new EventSource('/api/v1/me/stream/');
    let leaving = false;   // a form sent (Accept): its answer, not a reload, is the next page
    document.addEventListener('submit', () => { leaving = true; stream.close(); }, true);
    kinds.forEach((k) => stream.addEventListener(k, () => {
      poll();
      if (!leaving && live.dataset.accountStream === 'reload' && rows.includes(k)) window.location.reload();
    }));
    window.addEventListener('pagehide', () => stream.close());
  }

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
