/* The match board: a thin client of the match API.
 * Renders the seat's view (a ruleset may provide window.KaoszBoard.renderView and
 * describeAction; otherwise the view JSON is shown readably), one button per legal action
 * (posted back verbatim with expected_version and a client_action_id), and follows the
 * match through the long-polled events endpoint, so the other side's moves appear live.
 *
 * The hooks a game's board script may set on window.KaoszBoard (all optional):
 *   renderView(view, data, T, esc) -> html      draws the board into #view
 *   afterRender(ctx)                            binds clicks on the drawn components;
 *        ctx = {el, data, view, legal, act, T, esc}; act(action) posts one legal action
 *        (an object taken from legal.actions) and redraws; it returns a promise
 *   describeAction(action, view, T, data) -> text   a fallback-list button's label
 *   actionTitle(type, T) -> text                heading of a group in the fallback list
 *   describeEvent(event, view, T, data) -> text one log line (data.seats names the players)
 *   prepare(data, T) -> promise                 (optional) awaited before a redraw, e.g. to
 *        fetch card texts the drawing needs
 *   confirmAction(action, view, T, legal) -> text | null   a question to ask before posting
 *   describeError(error, T) -> text | null      an API error ({code, message, details}) in
 *        the page's language
 *   outcomeReason(reason, T) -> text | null     why the match ended, in words
 *   outcomeSummary(view, data, T, esc) -> html   a short summary of the finished match
 *   afterEvents()                               new log lines arrived (they may change
 *        what the drawing says, e.g. what a window answers)
 *   forcedAction(legal, view, data) -> action | {action, after} | null   an answer the
 *        board gives for the seat: an action is sent at once and said so; {action, after}
 *        is sent after `after` ms unless the person acts first or presses "Wait" (a
 *        countdown shows meanwhile). The game decides when either reveals nothing to the
 *        other side. board.js sends an automatic answer only if it is one of the legal
 *        actions of the version on screen, once per version, never from a redraw that a
 *        newer one overtook; the countdown shows only for an answer that will be sent.
 * board.js also gives every board: seat names (bots named in words), a numbered log, a
 * your-turn signal (document title, the #turn aria-live region, an optional sound that is
 * off by default), the collapsible "verify" box, and on phones the moves panel kept at the
 * bottom of the screen next to the board.
 * The fallback list of buttons (#actions) is always drawn, for keyboards and screen readers. */
(function () {
  'use strict';
  const root = document.getElementById('board');
  if (!root) return;
  const id = root.dataset.match;
  const hu = (document.documentElement.lang || 'hu').startsWith('hu');
  const T = (h, e) => (hu ? h : e);
  const R = window.KaoszBoard || {};
  const base = `/api/v1/matches/${id}/`;
  let last = 0;
  let busy = false;
  let current = null;
  // Automatic answers (forcedAction) must never be stale or sent twice: every
  // redraw takes a number, a redraw overtaken by a newer one stops where it is, a timed
  // answer belongs to the redraw that armed it (and to its version) and is dropped when
  // anything newer happened, and one version gets at most one automatic answer.
  let drawing = 0;          // the number of the newest redraw
  let pendingAuto = null;   // a timed automatic answer: {timer, version, drawing}
  let autoSentFor = -1;     // the version an automatic answer was last sent for
  let postedFor = -1;       // the version a move was last sent for (any move)

  function autoNote(html, said) {
    const note = document.getElementById('auto-note');
    if (!note) return;
    if (html != null) note.innerHTML = html; else note.textContent = said || '';
    note.dataset.countdown = html != null ? '1' : '';
  }
  function cancelAuto(said) {
    if (pendingAuto) clearTimeout(pendingAuto.timer);
    pendingAuto = null;
    autoNote(null, said);
  }
  // The board never freezes: it keeps the newest version the server announced (the live
  // stream's answers, a move's answer), when it last heard from the stream, and a way to
  // reopen it. A watchdog re-reads the view when the drawing is behind what was announced,
  // and asks the server itself when the stream has said nothing for a while (a stream can
  // stall without an error: a proxy, a sleeping laptop, a server restarted under it).
  let announced = -1;
  let heard = Date.now();
  let reopen = null;        // closes the stream or long-poll in use, so that follow() reopens it
  let refreshing = false;
  let behindSince = 0;      // since when the drawing has been behind an announced version
  let answerWith = null;    // follow()'s handler of a stream answer
  const BEHIND_MS = 2000;   // drawn behind an announced version this long: re-read
  const QUIET_MS = 15000;   // no word from the stream this long: ask the server
  const POST_MS = 15000;    // a move with no answer this long is sent again, then reported
  let wasMyTurn = false;
  let lastLegal = null;
  const baseTitle = document.title;

  // Generic API error codes in words; a board's describeError hook comes first.
  const ERRORS = {
    version_conflict: ['Közben változott az állás; frissítettük, próbáld újra.', 'The match moved on meanwhile; the board is refreshed, try again.'],
    not_your_turn: ['Most nem te következel.', 'It is not your decision now.'],
    not_your_seat: ['Ez nem a te helyed.', 'This is not your seat.'],
    illegal_action: ['Ez a lépés most nem szabályos.', 'That move is not legal now.'],
    time_up: ['Lejárt az idő.', 'Time is up.'],
    match_not_started: ['A játszma még nem kezdődött el.', 'The match has not started yet.'],
    game_over: ['A játszma véget ért.', 'The match is over.'],
    permission_denied: ['Ehhez be kell jelentkezned.', 'Sign in to do that.'],
    not_found: ['Nincs ilyen játszma.', 'No such match.'],
    client_action_id_reused: ['Ezt a lépést már elküldted.', 'This move was already sent.'],
  };
  const OUTCOMES = {
    resigned: ['feladás', 'resignation'], time: ['lejárt az idő', 'time ran out'], time_up: ['lejárt az idő', 'time ran out'],
    adjudicated: ['döntés a szervezőtől', 'decided by the organiser'], draw: ['döntetlen', 'draw'],
  };
  // The bots' names, one per kind (matches/bot_kinds.py, handed over in data-bots):
  // kind -> [name_hu, name_en, line_hu, line_en].
  let BOTS = {};
  try { BOTS = JSON.parse(root.dataset.bots || '{}'); } catch (e) { BOTS = {}; }

  /* A bot's one name; with several bots at the table each gets its seat number. */
  function botName(kind, seatIndex, seats) {
    const k = BOTS[kind];
    const name = k ? T(k[0], k[1]) : T('Gép', 'Bot');
    const several = (seats || []).filter((x) => x && (x.bot || String(x.player || '').startsWith('bot:'))).length > 1;
    return several && seatIndex != null ? `${name} (${seatIndex + 1}${T('.', '')})` : name;
  }

  /* A seat's label in words: "bot:random" is the random bot, an empty seat is open. The
   * boards call it as KaoszSeatName(seat, index, seats). */
  function seatName(s, i, seats) {
    const p = s && s.player;
    if (s && s.bot) return botName(s.bot, i, seats);
    if (!p) return T('szabad hely', 'open seat');
    if (p.startsWith('bot:')) return botName(p.slice(4), i, seats);
    return p;
  }
  window.KaoszSeatName = seatName;
  window.KaoszBotName = botName;

  function errorText(e) {
    if (R.describeError) { const t = R.describeError(e, T); if (t) return t; }
    const inner = (e.details && e.details.code) || e.code;
    const m = ERRORS[inner] || ERRORS[e.code];
    return m ? T(m[0], m[1]) : T('Hiba történt: ', 'Something went wrong: ') + e.message;
  }

  /* The your-turn signal: title, the aria-live #turn line (set in renderHead), and a short
   * tone when the decision becomes yours, only if the person switched the sound on. */
  function signalTurn(mine) {
    document.title = (mine ? T('● Te jössz! – ', '● Your turn! – ') : '') + baseTitle;
    const sound = document.getElementById('turn-sound');
    if (mine && !wasMyTurn && sound && sound.checked) {
      try {
        const Ctx = window.AudioContext || window.webkitAudioContext;
        const ctx = new Ctx();
        const o = ctx.createOscillator(); const g = ctx.createGain();
        o.frequency.value = 660; g.gain.value = 0.08;
        o.connect(g); g.connect(ctx.destination); o.start(); o.stop(ctx.currentTime + 0.18);
      } catch (e) { /* no audio: the title and the live region still tell */ }
    }
    wasMyTurn = mine;
  }
  const soundBox = document.getElementById('turn-sound');
  if (soundBox) {
    soundBox.checked = localStorage.getItem('kaosz-turn-sound') === '1';
    soundBox.addEventListener('change', () => localStorage.setItem('kaosz-turn-sound', soundBox.checked ? '1' : '0'));
  }

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

  /* One API call; given ``ms``, one that has not answered by then is abandoned (it throws,
   * as a network error does). */
  async function api(path, opts, ms) {
    const ctl = ms ? new AbortController() : null;
    const timer = ctl ? setTimeout(() => ctl.abort(), ms) : null;
    try {
      const r = await fetch(base + path, Object.assign({ credentials: 'same-origin', headers: { 'Accept': 'application/json' } }, opts || {}, ctl ? { signal: ctl.signal } : {}));
      let body = null;
      try { body = await r.json(); } catch (e) { body = null; }
      return { status: r.status, body };
    } finally { if (timer) clearTimeout(timer); }
  }

  function post(path, data, ms) {
    return api(path, { method: 'POST', body: JSON.stringify(data), headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRFToken': root.dataset.csrf } }, ms);
  }

  /* A line at the top of the board while the server cannot be reached. */
  function connectionNote(text) {
    let note = document.getElementById('connection-note');
    if (!note && !text) return;
    if (!note) {
      note = document.createElement('p');
      note.id = 'connection-note';
      note.className = 'error';
      note.setAttribute('role', 'status');
      root.insertBefore(note, root.firstChild);
    }
    note.textContent = text;
    note.hidden = !text;
  }

  function announce(version) {
    if (typeof version === 'number' && version > announced) announced = version;
  }

  function genericValue(v, depth) {
    if (v === null || v === undefined) return '<span class="muted">–</span>';
    if (Array.isArray(v)) {
      if (!v.length) return '<span class="muted">[ ]</span>';
      if (v.every((x) => typeof x !== 'object' || x === null)) return esc(v.join(', '));
      return '<ol class="jv">' + v.map((x) => `<li>${genericValue(x, depth + 1)}</li>`).join('') + '</ol>';
    }
    if (typeof v === 'object') {
      return '<dl class="jv">' + Object.keys(v).map((k) => `<dt>${esc(k)}</dt><dd>${genericValue(v[k], depth + 1)}</dd>`).join('') + '</dl>';
    }
    return esc(v);
  }

  function describe(a, view) {
    if (R.describeAction) { const d = R.describeAction(a, view, T, current); if (d) return d; }
    const rest = Object.keys(a).filter((k) => k !== 'type').map((k) => `${k}: ${typeof a[k] === 'object' ? JSON.stringify(a[k]) : a[k]}`);
    return a.type + (rest.length ? ` (${rest.join(', ')})` : '');
  }

  function eventText(e, view) {
    if (R.describeEvent) { const d = R.describeEvent(e, view, T, current); if (d) return d; }
    const rest = Object.keys(e).filter((k) => k !== 'type').map((k) => `${k}=${typeof e[k] === 'object' ? JSON.stringify(e[k]) : e[k]}`);
    return e.type + (rest.length ? ' ' + rest.join(' ') : '');
  }

  function renderHead(d) {
    root.dataset.status = d.status;
    root.dataset.version = d.version;
    document.getElementById('status').textContent = { open: T('várakozik', 'waiting'), active: T('folyik', 'in progress'), finished: T('véget ért', 'finished') }[d.status] || d.status;
    document.getElementById('version').textContent = d.version;
    const names = d.seats.map((s, i) => seatName(s, i, d.seats));
    const turn = document.getElementById('turn');
    if (d.status === 'active') {
      // A bot to act may search for up to its budget: say that it is thinking.
      const bots = d.your_turn ? [] : d.to_act.filter((s) => d.seats[s] && (d.seats[s].player || '').startsWith('bot:'));
      turn.textContent = d.your_turn ? T('Te következel!', 'Your decision!')
        : bots.length ? bots.map((s) => names[s]).join(', ') + T(' gondolkodik…', ' is thinking…')
          : T('Rá várunk: ', 'Waiting for: ') + d.to_act.map((s) => names[s]).join(', ');
      turn.className = d.your_turn ? 'ok your-turn' : 'muted';
      turn.dataset.thinking = bots.length ? '1' : '';
    } else { turn.textContent = ''; turn.className = ''; turn.dataset.thinking = ''; }
    signalTurn(d.status === 'active' && !!d.your_turn);
    const c = d.clocks || {};
    document.getElementById('clocks').textContent = (c.used_ms || []).map((ms, i) => `${names[i]} ${Math.round(ms / 1000)} s`).join(' · ') +
      (c.remaining_ms != null ? ` · ${T('hátra', 'left')} ${Math.round(c.remaining_ms / 60000)} min` : '') + (c.time_up ? ` · ${T('LEJÁRT AZ IDŐ', 'TIME IS UP')}` : '');
    const out = document.getElementById('outcome');
    if (d.outcome) {
      const firstTime = out.hidden;
      out.hidden = false;
      const w = d.outcome.winners.map((s) => names[s]).join(', ') || T('döntetlen', 'a draw');
      const why = (R.outcomeReason && R.outcomeReason(d.outcome.reason, T)) ||
        (OUTCOMES[d.outcome.reason] ? T(...OUTCOMES[d.outcome.reason]) : '');
      // The result for the person first: won, lost or a draw; a spectator, or a
      // person holding every seat of a sandbox, reads the winner only.
      const seats = d.your_seats || (d.seat != null ? [d.seat] : []);
      const winners = d.outcome.winners || [];
      let mine = '';
      if (seats.length === 1) {
        mine = !winners.length ? T('Döntetlen.', 'A draw.')
          : winners.includes(seats[0]) ? (winners.length > 1 ? T('Holtverseny: nyertél, másokkal együtt.', 'You won, tied with others.') : T('Nyertél!', 'You won!'))
            : T('Vesztettél.', 'You lost.');
      }
      const summary = R.outcomeSummary ? (R.outcomeSummary(d.view, d, T, esc) || '') : '';
      // (the span is drawn even when the reason has no words here: a board's afterRender
      // may fill it, as boards did when it held the engine's key)
      out.innerHTML = (mine ? `<span class="result ${winners.includes(seats[0]) ? 'won' : 'lost'}" id="result">${esc(mine)}</span> ` : '') +
        `<strong>${T('Győztes', 'Winner')}: ${esc(w)}</strong> <span class="muted">${why ? `(${esc(why)})` : ''}</span>` + summary +
        `<span class="end-links"><a href="#log-panel" id="replay-link">${T('A játszma lépésről lépésre (napló)', 'The match move by move (log)')}</a> · ` +
        `<a href="/api/v1/matches/${id}/replay/" id="replay-json">${T('Visszajátszás adatai', 'Replay data')}</a> · <a href="/play/">${T('Új játszma', 'New match')}</a></span>`;
      out.id = 'outcome';
      out.className = 'outcome-box';
      // the end is news: bring it into view once (the person may be reading the log)
      if (firstTime && last > 0 && out.scrollIntoView) out.scrollIntoView({ block: 'nearest' });
    }
    if (d.seed) document.getElementById('seed').innerHTML = `${T('mag', 'seed')}: <code>${esc(d.seed)}</code>`;
    const resign = document.getElementById('resign');
    if (resign) resign.hidden = d.status !== 'active';
  }

  function renderActions(d, legal) {
    const box = document.getElementById('actions');
    if (d.status !== 'active' || !legal.actions.length) {
      box.innerHTML = `<p class="muted" id="no-actions">${d.status === 'active' ? T('Most nincs döntésed.', 'Nothing to decide now.') : d.status === 'open' ? T('A játszma még nem kezdődött el: ellenfélre vár.', 'The match has not started yet: it waits for an opponent.') : T('A játszma véget ért.', 'The match is over.')}</p>`;
      return;
    }
    const groups = {};
    legal.actions.forEach((a, i) => { (groups[a.type] = groups[a.type] || []).push([a, i]); });
    box.innerHTML = Object.keys(groups).map((t) => `<div class="action-group"><h3>${esc(R.actionTitle ? R.actionTitle(t, T) : t)}</h3>` +
      groups[t].map(([a, i]) => `<button type="button" class="action" data-i="${i}" data-action='${esc(JSON.stringify(a))}'>${esc(describe(a, d.view))}</button>`).join('') + '</div>').join('');
    box.querySelectorAll('button.action').forEach((b) => b.addEventListener('click', () => act(legal.actions[+b.dataset.i], legal.version)));
    box.dataset.count = legal.actions.length;
  }

  /* The match and the seat's legal actions of one version: the two are fetched together
   * and fetched again while their versions differ (a move landed between the two reads),
   * so nothing is ever drawn or answered from a mix of two versions. */
  async function fetchBoth() {
    for (let i = 0; ; i += 1) {
      const [d, legal] = await Promise.all([api('', null, POST_MS), api('legal-actions/', null, POST_MS)]);
      if (d.status !== 200) return null;
      const legalBody = legal.status === 200 && legal.body ? legal.body : { actions: [], version: d.body.version };
      if (legalBody.version === d.body.version || i >= 4) {
        if (legalBody.version !== d.body.version) legalBody.actions = [];   // never act on a mix
        return { d: d.body, legal: legalBody };
      }
    }
  }

  /* Re-read and redraw. A read that fails (the network, a server restarting) is tried
   * again shortly and said so; the board is never left as it was with no word. */
  async function refresh() {
    const mine = ++drawing;
    cancelAuto();
    let got = null;
    refreshing = true;
    try { got = await fetchBoth(); } catch (e) { got = null; } finally { if (mine === drawing) refreshing = false; }
    if (mine !== drawing) return;   // overtaken by a newer redraw: it draws
    connectionNote(got ? '' : T('Nincs kapcsolat a szerverrel; újrapróbáljuk…', 'No connection to the server; trying again…'));
    if (!got) {
      setTimeout(() => { if (mine === drawing) refresh(); }, 2000);
      return;
    }
    const data = got.d;
    const legalBody = got.legal;
    announce(data.version);
    if (R.prepare) { try { await R.prepare(data, T); } catch (e) { /* draw without the extras */ } }
    if (mine !== drawing) return;
    current = data;
    renderHead(data);
    const view = document.getElementById('view');
    view.innerHTML = R.renderView ? R.renderView(data.view, data, T, esc) : genericValue(data.view, 0);
    lastLegal = legalBody;
    renderActions(data, legalBody);
    if (R.afterRender) {
      R.afterRender({ el: view, data, view: data.view, legal: legalBody, T, esc,
        act: (a) => act(a, legalBody.version) });
    }
    relabelLog();
    autoAnswer(data, legalBody, mine);
  }

  /* The board's own answer for the seat (the game's forcedAction hook): only while the
   * match runs, the decision is this seat's, and the answer is one of the legal actions
   * of this very version; a countdown is shown only for an answer that will be sent. */
  function autoAnswer(data, legalBody, mine) {
    if (!R.forcedAction || busy || data.status !== 'active' || !data.your_turn) return;
    if (legalBody.version !== data.version || autoSentFor === data.version) return;
    const f = R.forcedAction(legalBody, data.view, data);
    const action = f && (f.action && f.after ? f.action : f);
    if (!action || !legalBody.actions.some((a) => JSON.stringify(a) === JSON.stringify(action))) return;
    const version = legalBody.version;
    const send = () => {
      if (mine !== drawing || busy || !current || current.version !== version || autoSentFor === version) return;
      pendingAuto = null;
      autoSentFor = version;
      autoNote(null, '');
      act(action, version, true);
    };
    if (f.action && f.after) {
      autoNote(`${esc(T('Automatikus továbblépés hamarosan: ', 'Moving on shortly: '))}<b>${esc(describe(action, data.view))}</b> ` +
        `<button type="button" id="auto-hold" class="small">${esc(T('Várj', 'Wait'))}</button>`);
      const hold = document.getElementById('auto-hold');
      if (hold) hold.addEventListener('click', () => cancelAuto(T('Megállítva: te döntesz.', 'Held: the decision is yours.')));
      pendingAuto = { timer: setTimeout(send, f.after), version, drawing: mine };
    } else {
      autoNote(null, T('Automatikus lépés (csak ez volt lehetséges): ', 'Automatic move (the only one possible): ') + describe(action, data.view));
      autoSentFor = version;
      act(action, version, true);
    }
  }

  async function act(action, version, forced) {
    if (busy) return;
    if (!forced) cancelAuto();
    if (!forced && R.confirmAction && current) {
      const q = R.confirmAction(action, current.view, T, lastLegal);
      if (q && !window.confirm(q)) return;
    }
    // A move drawn for an older version is not sent: the board is redrawn instead. Nor is a
    // second move for a version a move was already sent for (a quick second click, or a
    // click racing the board's own answer, between the answer and the redraw).
    if (current && version !== current.version) { await refresh(); return; }
    if (version === postedFor) return;
    busy = true;
    postedFor = version;
    if (pendingAuto) { clearTimeout(pendingAuto.timer); pendingAuto = null; }
    document.querySelectorAll('#actions button, #hud-acts button').forEach((b) => { b.disabled = true; });
    const err = document.getElementById('action-error');
    err.textContent = '';
    const cid = (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Math.random()).slice(2);
    let r = null;
    try {
      // No answer: the same move again (the same client_action_id: the server applies it
      // once and answers a repeat as the first time), then the board says so.
      for (let attempt = 0; attempt < 2 && !r; attempt += 1) {
        try {
          r = await post('actions/', { action, expected_version: version, client_action_id: cid }, POST_MS);
        } catch (e) { r = null; }
      }
    } finally {
      busy = false;
    }
    if (!r || r.status !== 200) postedFor = -1;   // refused: the same version may be tried again
    if (r && r.status === 200 && r.body) announce(r.body.version);
    if (!r) {
      err.textContent = T('A szerver nem válaszolt a lépésre; az állást újra betöltöttük, nézd meg, megtörtént-e.',
        'The server did not answer the move; the board is read again: see whether it was made.');
    } else if (r.status !== 200 && r.body && r.body.error) {
      const e = r.body.error;
      err.textContent = errorText(e) + (e.details && e.details.rule ? ` (${T('szabály', 'rule')} ${e.details.rule})` : '');
    }
    await refresh();
  }

  /* The log, newest first, each line numbered by its place in the match's event list
   * (data-n, drawn by board.css before the line where nothing clips it; the line's text
   * is the sentence alone). Lines keep their events and are re-worded after a redraw,
   * when more card names may be known. */
  function logLine(li) {
    li.textContent = eventText(li._event, current && current.view);
  }

  function appendEvents(events) {
    const log = document.getElementById('log');
    events = events.filter((e) => e.n > last);   // (a reopened stream may repeat some)
    events.forEach((e) => {
      const li = document.createElement('li');
      li.dataset.n = e.n;   // the API numbers events from 1
      li.dataset.type = e.event && e.event.type;
      li._event = e.event;
      logLine(li);
      log.insertBefore(li, log.firstChild);
    });
    if (events.length && R.afterEvents) R.afterEvents();
  }

  function relabelLog() {
    document.querySelectorAll('#log li').forEach((li) => { if (li._event) logLine(li); });
  }

  // Follows the match: a Server-Sent Events stream where the server offers one (ASGI), else
  // the events long-poll. Either way each answer is {events, last, version, status, more}.
  async function follow() {
    const onAnswer = async (body) => {
      heard = Date.now();
      appendEvents(body.events);
      announce(body.version);
      const moved = !current || body.version !== current.version || body.status !== current.status;
      last = Math.max(last, body.last);
      if (moved && !busy) await refresh();
      return body.status === 'finished' && !body.more;
    };
    answerWith = onAnswer;
    const stream = () => new Promise((resolve) => {
      // resolves 'done' (the match ended), 'retry' (the stream broke after it had opened)
      // or 'none' (no stream here: long-poll instead)
      let opened = false;
      let queue = Promise.resolve();
      const es = new EventSource(`${base}stream/?after=${last}`);
      reopen = () => { es.close(); resolve('retry'); };
      es.addEventListener('progress', (ev) => {
        opened = true;
        queue = queue.then(async () => {
          if (await onAnswer(JSON.parse(ev.data))) { es.close(); resolve('done'); }
        });
      });
      es.onerror = () => { es.close(); resolve(opened ? 'retry' : 'none'); };
    });
    let streams = false;
    if (window.EventSource) {
      try { streams = !!(await api('stream/?probe=1')).body.available; } catch (e) { streams = false; }
    }
    if (streams) {
      for (;;) {
        const how = await stream();
        if (how === 'done') return;
        if (how === 'none') break;
        await new Promise((ok) => setTimeout(ok, 1000));
      }
    }
    for (;;) {
      try {
        const ctl = new AbortController();
        reopen = () => ctl.abort();
        const r = await api(`events/?after=${last}&wait=25`, { signal: ctl.signal }, 40000);
        if (r.status === 200) {
          if (await onAnswer(r.body)) return;
        } else {
          await new Promise((ok) => setTimeout(ok, 2000));
        }
      } catch (e) {
        await new Promise((ok) => setTimeout(ok, 2000));
      }
    }
  }

  /* The watchdog: behind an announced version, re-read; a stream quiet for QUIET_MS, ask
   * the server (one cheap read) and, when the match has moved, take its answer as the
   * stream's and reopen the stream from there. */
  async function watchdog() {
    if (document.hidden || busy || !current || current.status === 'finished') return;
    if (announced > current.version && !refreshing) {
      behindSince = behindSince || Date.now();
      if (Date.now() - behindSince >= BEHIND_MS) { behindSince = 0; await refresh(); }
      return;
    }
    behindSince = 0;
    if (Date.now() - heard < QUIET_MS || !answerWith) return;
    heard = Date.now();
    let r = null;
    try { r = await api(`events/?after=${last}&wait=0`, null, POST_MS); } catch (e) { return; }
    if (!r || r.status !== 200 || !r.body) return;
    if (r.body.last > last || r.body.version !== current.version || r.body.status !== current.status) {
      if (reopen) reopen();
      await answerWith(r.body);
    }
  }
  setInterval(watchdog, 1000);

  const resign = document.getElementById('resign');
  if (resign) resign.addEventListener('click', async () => {
    if (!window.confirm(T('Biztosan feladod?', 'Resign this match?'))) return;
    await post('resign/', { client_action_id: 'resign-' + Date.now() });
    await refresh();
  });

  refresh().then(follow);
})();
