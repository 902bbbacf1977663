/* Űrcsempészek (Space Smugglers) board: the sector cards on offer with their planets, ships
 * and the dice bid on them; the speed tokens in the centre; the common pool; every player's
 * character board with energy, goods, dice, tokens and paid / lost sectors; the final scoring.
 * You act by clicking what you act on: a sector then a die face (bid), a speed token (stop),
 * your goods onto the sector you pay for, the pool's energy or goods (refill).
 * Fed by the seat's `view` and `legal` actions only (board.js fetches both), so it shows
 * exactly what the engine lets this seat see. Loaded only by matches/boards/smugglers.html. */
(function () {
  'use strict';

  // Colour names of the stand-in set (and of the printed game, where the rulebook names them).
  const COLOURS = {
    yellow: ['sárga', 'yellow', '#e8c547'], blue: ['kék', 'blue', '#3b82f6'], green: ['zöld', 'green', '#22c55e'],
    red: ['piros', 'red', '#ef4444'], orange: ['narancssárga', 'orange', '#f59e0b'], black: ['fekete', 'black', '#1f2330'],
    white: ['fehér', 'white', '#f1f1f1'], pink: ['rózsaszín', 'pink', '#f472b6'], brown: ['barna', 'brown', '#92603a'],
    purple: ['lila (pótszín)', 'purple (stand-in colour)', '#a855f7'], cruiser: ['cirkáló', 'cruiser', '#9aa0b8'],
  };
  const PHASES = [['bidding', 'Licitálás', 'Bidding'], ['payment', 'Kifizetés', 'Payment'],
    ['refill', 'Feltöltés', 'Refill'], ['over', 'Értékelés', 'Scoring']];
  const TYPES = {
    place: ['Kocka a szektorra', 'Die on a sector'], take_token: ['Gyorsaságjelző elvétele', 'Take a speed token'],
    done: ['Megállok', 'Stop taking tokens'], pay_energy: ['Energia kifizetése', 'Pay energy'],
    pay_goods: ['Áru leadása', 'Deliver goods'], take_energy: ['Energia a közös készletből', 'Energy from the pool'],
    take_goods: ['Áru a közös készletből', 'Goods from the pool'], give_energy: ['1 energia beadása', 'Hand in 1 energy'],
    give_good: ['1 áru beadása', 'Hand in 1 good'], decline: ['Lemondok a feltöltésről', 'Skip the refill'],
  };
  const REASONS = { most_points: ['a legtöbb pont', 'most points'], resigned: ['feladás', 'resignation'],
    adjudicated: ['döntnöki döntés', "an organiser's ruling"], time: ['lejárt idő', 'time ran out'] };
  const TRAIL = {
    fewer_leftover_goods: ['kevesebb maradék áru', 'fewer leftover goods'],
    fewer_leftover_energy: ['kevesebb maradék energia', 'fewer leftover energy'],
    more_paid_cards: ['több kifizetett szektor', 'more paid sectors'],
    still_tied_replay: ['még mindig döntetlen: a szabály szerint újra kell játszani', 'still tied: the rules say play again'],
  };
  const STANDIN_HU = 'PÓTLAP-készlet, nem a nyomtatott Űrcsempészek: a 36 űrszektorkártya és a 6 karakterlap nincs nyilvánosan közölve. ' +
    'A darabszámok és a színek a szabálykönyvet követik, minden kártyakép és kedvenc kitalált.';
  // a 3-as, az 5-ös ...: the Hungarian suffix and article of a number read aloud.
  const NUM_HU = { '-1': ['a', '−1-es'], 0: ['a', '0-s'], 1: ['az', '1-es'], 2: ['a', '2-es'], 3: ['a', '3-as'],
    4: ['a', '4-es'], 5: ['az', '5-ös'], 6: ['a', '6-os'], 10: ['a', '10-es'] };

  const ui = { key: null, sel: null, give: {}, take: {} };   // what this player is choosing now
  let revealed = [];      // card ids of the round the log is reading (events name cards by index)
  let lastCtx = null;
  let lastLine = '';      // the newest log sentence, repeated in the status bar

  const colName = (c, T) => (COLOURS[c] ? T(COLOURS[c][0], COLOURS[c][1]) : String(c));
  const colHex = (c) => (COLOURS[c] ? COLOURS[c][2] : '#777');
  const DARK = new Set(['black', 'brown', 'purple', 'blue']);
  const ink = (c) => (DARK.has(c) ? '#fff' : '#111');
  const numHu = (v) => NUM_HU[v] || ['a', `${v}-s`];
  // Hungarian article before a sector id such as X03 (X is read "iksz").
  const az = (word) => (/^[aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰFLMNRSXY15]/.test(String(word)) ? 'az' : 'a');
  const canon = (v) => (v && typeof v === 'object' ? '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}' : JSON.stringify(v));
  const same = (a, b) => canon(a) === canon(b);

  function seatName(d, i, T) {
    const s = (d && d.seats || [])[i];
    if (!s) return `#${i + 1}`;
    if (s.bot && window.KaoszSeatName) return window.KaoszSeatName(s, i, d.seats);   // the one name (matches/bot_kinds.py)
    return s.player || T('szabad hely', 'open seat');
  }

  function goodsText(goods, T) {
    const parts = Object.keys(goods || {}).filter((c) => goods[c] > 0).map((c) => `${goods[c]} ${colName(c, T)}`);
    return parts.length ? parts.join(', ') : T('semmi', 'nothing');
  }

  // ---------- drawing the components ----------

  function planetsHtml(card, T) {
    return `<span class="smg-planets" title="${T('bolygók', 'planets')}">` + card.planets.map((p) =>
      `<i class="smg-planet" style="--c:${colHex(p)}" title="${colName(p, T)} ${T('bolygó', 'planet')}"></i>`).join('') + '</span>';
  }

  function shipsHtml(card, T) {
    if (!card.ships.length) return `<span class="muted small">${T('nincs hajó', 'no ships')}</span>`;
    return '<span class="smg-ships">' + card.ships.map((s) =>
      `<i class="smg-ship${s === 'cruiser' ? ' cruiser' : ''}" style="--c:${colHex(s)}" title="${s === 'cruiser' ? T('cirkáló: bármilyen színű áru', 'cruiser: takes any colour') : colName(s, T) + ' ' + T('hajó', 'ship')}"></i>`).join('') + '</span>';
  }

  function cube(c, T, extra, attrs) {
    return `<i class="smg-cube${extra ? ' ' + extra : ''}" style="--c:${colHex(c)}" title="${colName(c, T)} ${T('áru', 'good')}"${attrs || ''}></i>`;
  }

  function dieHtml(v, colour, T, owner) {
    return `<span class="smg-die" style="--c:${colHex(colour)};--t:${ink(colour)}" data-value="${v}" title="${owner ? owner + ': ' : ''}${v}">${v}</span>`;
  }

  function miniCard(card, T, standin, cls) {
    const pts = card.planets.length;
    return `<span class="smg-mini ${cls || ''}" title="${card.id}: ${pts} ${T('bolygó', 'planets')}">${card.id} ` +
      `${planetsHtml(card, T)}</span>`;
  }

  function sectorHtml(t, view, d, T, esc, legal, me) {
    const card = t.card;
    const comps = view.components;
    const seatColour = (i) => view.seats[i] ? view.seats[i].colour : 'white';
    const dice = t.dice.map(([s, v]) => dieHtml(v, seatColour(s), T, seatName(d, s, T))).join('');
    const places = legal.filter((a) => a.type === 'place' && a.card === t.index);
    const cls = ['smg-sector'];
    let controls = '';
    if (places.length) {
      cls.push('can');
      if (ui.sel === t.index) {
        cls.push('sel');
        controls = `<div class="smg-pick"><span class="small">${T('Melyik értékkel teszed rá a kockád?', 'Which face do you put on it?')}</span><div>` +
          places.map((a) => `<button type="button" class="smg-die pick" style="--c:${colHex(seatColour(me))};--t:${ink(seatColour(me))}" data-die="${a.value}" aria-label="${T('kocka', 'die')} ${a.value}">${a.value}</button>`).join('') + '</div></div>';
      } else {
        controls = `<div class="smg-hint small">${T('Koppints ide, hogy kockát tegyél rá', 'Tap to put a die on it')}</div>`;
      }
    }
    const payE = legal.find((a) => a.type === 'pay_energy' && a.card === t.index);
    if (payE) {
      cls.push('can');
      const top = Math.max(...t.dice.map(([, v]) => v));
      const cost = view.options.stacked_dice && top === 6 ? 10 : top;   // A1.6: a tower's 6 costs 10
      controls = `<button type="button" class="smg-pay-energy primary">${T(`Ezt fizetem ki: ${cost} energia`, `Pay this one: ${cost} energy`)}</button>`;
    }
    const pays = legal.filter((a) => a.type === 'pay_goods' && a.card === t.index);
    if (pays.length) {
      cls.push('can', 'paying');
      controls = payPanel(t, pays, view.seats[me], T);
    }
    let status = '';
    if (t.winner != null) {
      const s = view.seats[t.winner];
      const paid = s.paid.some((c) => c.id === card.id);
      const lost = s.unpaid.some((c) => c.id === card.id);
      status = `<div class="smg-won" style="--c:${colHex(s.colour)}">${T('Nyertes', 'Won by')}: <b>${esc(seatName(d, t.winner, T))}</b>` +
        (paid ? ` · <span class="ok">${T('kifizetve', 'paid')}</span>` : lost ? ` · <span class="error">${T('elveszett', 'lost')}</span>` : '') + '</div>';
    } else if (view.phase !== 'bidding' && !t.dice.length) {
      status = `<div class="muted small">${T('senki sem licitált: vissza a dobozba', 'no bids: back to the box')}</div>`;
    }
    const letter = String.fromCharCode(65 + t.index);
    return `<div class="${cls.join(' ')}" id="smg-card-${t.index}" data-card="${t.index}" data-id="${esc(card.id)}"${places.length ? ' role="button" tabindex="0"' : ''}>` +
      `<div class="smg-sector-head"><b>${letter}</b> <span class="smg-id">${esc(card.id)}</span>` +
      (comps.standin ? ` <span class="smg-standin" title="${esc(T(STANDIN_HU, comps.label))}">${T('pótlap', 'stand-in')}</span>` : '') +
      (card.station ? ` <span class="badge" title="${T('űrállomás (haladó szabály)', 'space station (advanced rule)')}">${T('űrállomás', 'station')}</span>` : '') + '</div>' +
      `<div class="smg-row">${planetsHtml(card, T)} <span class="smg-pts">${card.planets.length} ${T('pont', 'pts')}</span></div>` +
      `<div class="smg-row">${shipsHtml(card, T)}</div>` +
      `<div class="smg-dice" aria-label="${T('kockák', 'dice')}">${dice || `<span class="muted small">${T('még nincs rajta kocka', 'no dice yet')}</span>`}</div>` +
      status + controls + '</div>';
  }

  // Payment by picking goods: the player clicks his goods onto the sector; the selection is
  // offered only when it is one of the engine's legal payments.
  function payPanel(t, pays, seat, T) {
    const key = `pay-${t.index}`;
    const chosen = ui.give[key] || {};
    const total = Object.values(chosen).reduce((a, b) => a + b, 0);
    const ok = pays.find((a) => same(a.goods, chosen));
    const more = (c) => pays.some((a) => (a.goods[c] || 0) > (chosen[c] || 0) &&
      Object.keys(chosen).every((k) => (a.goods[k] || 0) >= chosen[k]));
    const mine = Object.keys(seat.goods).filter((c) => seat.goods[c] - (chosen[c] || 0) > 0 && more(c));
    return `<div class="smg-paybox"><div class="small">${T('Add le az árut a hajóknak: kattints az áruidra (egy elhagyható).', 'Deliver goods to the ships: click your goods (one may be skipped).')}</div>` +
      `<div class="smg-row"><span class="small muted">${T('Áruid', 'Your goods')}:</span> ` +
      (mine.map((c) => `<button type="button" class="smg-give" data-colour="${c}" aria-label="${T('leadok 1', 'give 1')} ${colName(c, T)}">${cube(c, T)}<span class="small">${seat.goods[c] - (chosen[c] || 0)}</span></button>`).join('') ||
        `<span class="muted small">${T('nincs több adható', 'nothing more to give')}</span>`) + '</div>' +
      `<div class="smg-row"><span class="small muted">${T('Leadod', 'Delivering')} (${total}):</span> ` +
      Object.keys(chosen).map((c) => Array.from({ length: chosen[c] }, () =>
        `<button type="button" class="smg-ungive" data-colour="${c}" aria-label="${T('vissza', 'take back')} ${colName(c, T)}">${cube(c, T)}</button>`).join('')).join('') + '</div>' +
      `<button type="button" class="smg-pay primary"${ok ? '' : ' disabled'}>${!ok ? T('Ez így még nem jó fizetés', 'Not a valid payment yet')
        : total ? T('Leadom', 'Deliver') : T('Áru nélkül fizetem ki', 'Pay without goods')}</button></div>`;
  }

  // The score as it stands, from public information only; the same arithmetic as the
  // engine's end scoring (rulesets/smugglers/scoring.py: A1.4 and the A1.6 advanced rules).
  function runningScores(view) {
    const opts = view.options;
    const seats = view.seats;
    const bonus = seats.map(() => 0);
    if (opts.favourite_ships) {
      view.components.goods_colours.forEach((colour) => {
        const counts = seats.map((s) => s.paid.reduce((a, c) => a + c.ships.filter((x) => x === colour).length, 0));
        const top = Math.max(...counts);
        const holders = counts.map((n, i) => (n === top ? i : -1)).filter((i) => i >= 0);
        if (top === 0 || holders.length !== 1 || !seats[holders[0]].favourite_ships.includes(colour)) return;
        bonus[holders[0]] += 3 + seats.filter((s) => s.favourite_ships.includes(colour)).length - 1;
      });
    }
    return seats.map((s, i) => {
      const planets = s.paid.reduce((a, c) => a + (opts.stations && c.station
        ? c.planets.filter((p) => s.favourite_planets.includes(p)).length : c.planets.length), 0);
      const unpaid = s.unpaid.reduce((a, c) => a + c.planets.length, 0);
      const goods = Object.values(s.goods).reduce((a, b) => a + b, 0);
      const exempt = opts.favourite_goods ? s.favourite_ships.filter((c) => (s.goods[c] || 0) > 0).length : 0;
      return planets - unpaid - s.energy - (goods - exempt) + bonus[i];
    });
  }

  function seatHtml(s, view, d, T, esc, legal, me) {
    const name = seatName(d, s.seat, T);
    const mine = s.seat === me;
    const points = s.paid.reduce((a, c) => a + c.planets.length, 0);
    const lost = s.unpaid.reduce((a, c) => a + c.planets.length, 0);
    let state;
    if (s.resigned) state = T('feladta', 'resigned');
    else if (view.phase === 'bidding') {
      state = s.status === 'bidding' ? T('még licitál', 'still bidding') : s.status === 'taking'
        ? T('megállt, gyorsaságjelzőket vesz', 'stopped, taking speed tokens') : T('megállt', 'has stopped');
    } else if (view.phase === 'payment') {
      state = view.to_act.includes(s.seat) ? T('fizet', 'paying') : T('kész', 'done');
    } else if (view.phase === 'refill') {
      state = view.refill_order[0] === s.seat ? T('tölt', 'refilling') : view.refill_order.includes(s.seat) ? T('vár a feltöltésre', 'waiting to refill') : T('feltöltött', 'refilled');
    } else state = '';
    const gives = {};
    legal.filter((a) => a.type === 'give_good').forEach((a) => { gives[a.colour] = true; });
    const giveE = legal.some((a) => a.type === 'give_energy');
    const goods = view.components.goods_colours.map((c) => {
      const n = s.goods[c] || 0;
      const body = `${cube(c, T)}<b class="smg-n">${n}</b>`;
      return mine && gives[c]
        ? `<button type="button" class="smg-good smg-handin" data-colour="${c}" title="${T('beadom a közös készletbe', 'hand it in to the pool')}">${body}</button>`
        : `<span class="smg-good" data-colour="${c}" title="${n} ${colName(c, T)} ${T('áru', 'goods')}">${body}</span>`;
    }).join('');
    const energy = `<b class="smg-energy">${s.energy}</b>`;
    const done = legal.find((a) => a.type === 'done');
    const favs = s.favourite_planets.length ? `<div class="small muted">${T('Kedvenc bolygók', 'Favourite planets')}: ${s.favourite_planets.map((c) => colName(c, T)).join(', ')} · ` +
      `${T('kedvenc hajók', 'favourite ships')}: ${s.favourite_ships.map((c) => colName(c, T)).join(', ')}</div>` : '';
    return `<div class="smg-seat${mine ? ' me' : ''}${view.to_act.includes(s.seat) ? ' acting' : ''}" id="smg-seat-${s.seat}" data-seat="${s.seat}" style="--c:${colHex(s.colour)}">` +
      `<div class="smg-seat-head"><i class="smg-disc" title="${T('karakterlap', 'character board')}: ${colName(s.colour, T)}"></i> <b>${esc(name)}</b>${mine ? ` <span class="badge">${T('te', 'you')}</span>` : ''}` +
      (view.components.standin ? ` <span class="smg-standin">${T('pótlap', 'stand-in')}</span>` : '') +
      ` <span class="smg-state small">${esc(state)}</span>` +
      ` <span class="smg-score" title="${T('ha most érne véget a játék: bolygók − elveszett bolygók − maradék energia − maradék áru', 'if the game ended now: planets − lost planets − energy left − goods left')}">${T('Pontállás', 'Score now')}: <b class="smg-score-n">${runningScores(view)[s.seat]}</b></span></div>` +
      `<div class="smg-row"><span class="smg-lbl">${T('Energia', 'Energy')}</span> ` +
      (mine && giveE ? `<button type="button" class="smg-handin-energy" title="${T('1 energiát beadok', 'hand in 1 energy')}">⚡${energy}</button>` : `⚡${energy}`) +
      ` <span class="smg-lbl">${T('Kocka a kézben', 'Dice in hand')}</span> <b class="smg-hand">${s.dice_in_hand}</b></div>` +
      `<div class="smg-row"><span class="smg-lbl">${T('Áruk', 'Goods')}</span> ${goods}</div>` +
      `<div class="smg-row"><span class="smg-lbl">${T('Gyorsaságjelző', 'Speed token')}</span> <span class="smg-mytokens">${s.tokens.map((v) => `<span class="smg-token small-token">${v}</span>`).join('') || '–'}</span>` +
      (done ? ` <button type="button" id="smg-done">${T('Elég, nem veszek többet', "That's enough, I stop")}</button>` : '') + '</div>' +
      `<div class="smg-row"><span class="smg-lbl">${T('Kifizetett szektorok', 'Paid sectors')}</span> <b class="smg-paid-n">${s.paid.length}</b> <span class="small muted">(${points} ${T('bolygó', 'planets')})</span> ` +
      s.paid.map((c) => miniCard(c, T, view.components.standin, 'paid')).join('') + '</div>' +
      `<div class="smg-row"><span class="smg-lbl">${T('Elveszett (lefordítva)', 'Lost (face down)')}</span> <b class="smg-unpaid-n">${s.unpaid.length}</b>` +
      (s.unpaid.length ? ` <span class="small error">(−${lost} ${T('pont', 'pts')})</span> ` + s.unpaid.map((c) => miniCard(c, T, view.components.standin, 'lost')).join('') : '') + '</div>' +
      favs + '</div>';
  }

  function poolHtml(view, d, T, legal, me) {
    const pool = view.pool;
    const energyTakes = legal.filter((a) => a.type === 'take_energy');
    const goodsTakes = legal.filter((a) => a.type === 'take_goods');
    const limit = view.seats[me] ? view.seats[me].tokens.reduce((a, b) => a + b, 0) : 0;
    const chosen = ui.take;
    const picked = Object.values(chosen).reduce((a, b) => a + b, 0);
    const canMore = (c) => goodsTakes.some((a) => (a.goods[c] || 0) > (chosen[c] || 0) &&
      Object.keys(chosen).every((k) => (a.goods[k] || 0) >= chosen[k]));
    const okTake = goodsTakes.find((a) => same(a.goods, chosen));
    const goods = view.components.goods_colours.map((c) => {
      const left = (pool.goods[c] || 0) - (chosen[c] || 0);
      const body = `${cube(c, T)}<b class="smg-n">${pool.goods[c] || 0}</b>`;
      return goodsTakes.length && left > 0 && canMore(c)
        ? `<button type="button" class="smg-pool-good" data-colour="${c}" title="${T('elveszek 1', 'take 1')} ${colName(c, T)}">${body}</button>`
        : `<span class="smg-good" data-colour="${c}">${body}</span>`;
    }).join('');
    let controls = '';
    if (energyTakes.length || goodsTakes.length) {
      controls = `<div class="smg-paybox"><div class="small">${T(`Legfeljebb ${limit} energiát VAGY ${limit} árut vehetsz el (a gyorsaságjelződ értéke).`, `Take up to ${limit} energy OR up to ${limit} goods (your speed token).`)}</div>` +
        (energyTakes.length ? `<div class="smg-row"><span class="small muted">${T('Energia', 'Energy')}:</span> ` + energyTakes.map((a) =>
          `<button type="button" class="smg-pool-energy" data-amount="${a.amount}">⚡ ${a.amount}</button>`).join('') + '</div>' : '') +
        (goodsTakes.length ? `<div class="smg-row"><span class="small muted">${T('Kiválasztott áru', 'Goods picked')} (${picked}/${limit}):</span> ` +
          Object.keys(chosen).map((c) => Array.from({ length: chosen[c] }, () => `<button type="button" class="smg-untake" data-colour="${c}">${cube(c, T)}</button>`).join('')).join('') +
          ` <button type="button" id="smg-take" class="primary"${okTake ? '' : ' disabled'}>${T('Elveszem az árut', 'Take these goods')}</button></div>` : '') + '</div>';
    }
    const decline = legal.find((a) => a.type === 'decline');
    const minus = legal.some((a) => a.type === 'give_energy' || a.type === 'give_good');
    if (minus) controls += `<div class="smg-paybox small">${T('A −1-es jelzővel beadhatsz 1 energiát vagy 1 árut: kattints a saját energiádra vagy egy árudra.', 'With the −1 token you may hand in 1 energy or 1 good: click your energy or one of your goods.')}</div>`;
    if (decline) controls += `<button type="button" id="smg-decline">${T('Lemondok a feltöltésről', 'Skip the refill')}</button>`;
    return `<div class="smg-pool" id="smg-pool"><h3>${T('Közös készlet', 'Common pool')}</h3>` +
      `<div class="smg-row"><span class="smg-lbl">${T('Energia', 'Energy')}</span> ⚡<b id="smg-pool-energy">${pool.energy}</b> <span class="smg-lbl">${T('Áruk', 'Goods')}</span> ${goods}</div>${controls}</div>`;
  }

  function tokensHtml(view, T, legal) {
    const takes = legal.filter((a) => a.type === 'take_token');
    const chips = view.tokens_center.map((v) => (takes.some((a) => a.value === v)
      ? `<button type="button" class="smg-token" data-value="${v}" title="${T('elveszem: befejezem a licitálást', 'take it: I stop bidding')}">${v}</button>`
      : `<span class="smg-token" data-value="${v}">${v}</span>`)).join('');
    return `<div class="smg-tokens" id="smg-tokens"><h3>${T('Gyorsaságjelzők középen', 'Speed tokens in the centre')} <span class="small muted">(${view.tokens_center.length}/${view.tokens_all.length})</span></h3>` +
      `<div>${chips || `<span class="muted small">${T('mind a játékosok előtt van', 'all are in front of the players')}</span>`}</div>${takes.length ? `<div class="small muted">${T('Ha végeztél a licitálással, vegyél el egyet. Ha csak egy marad, a licit véget ér.', 'When you are done bidding, take one. When only one is left, bidding ends.')}</div>` : ''}</div>`;
  }

  function decisionText(view, d, T, legal, me) {
    const names = (list) => list.map((i) => seatName(d, i, T)).join(', ');
    const mineNow = legal.length > 0;
    const s = view.seats[me];
    switch (view.phase) {
      case 'bidding':
        if (mineNow && s.status === 'taking') return T('Vegyél még egy gyorsaságjelzőt, vagy állj meg.', 'Take another speed token, or stop.');
        if (mineNow) return T(`Licitálj: tegyél kockát egy szektorra (${s.dice_in_hand} van a kezedben), vagy vegyél el egy gyorsaságjelzőt, ha végeztél.`, `Bid: put a die on a sector (${s.dice_in_hand} in hand), or take a speed token when you are done.`);
        return T(`Licitálás — még licitál: ${names(view.to_act)}`, `Bidding — still bidding: ${names(view.to_act)}`);
      case 'payment':
        if (mineNow && s.choose_energy) return T('Kifizetés: mindkettőre nincs elég energiád — melyik szektort fizeted ki?', 'Payment: you cannot pay both — which sector do you pay for?');
        if (mineNow) return T('Kifizetés: add le az árut a megnyert szektor hajóinak.', 'Payment: deliver goods to the ships of the sector you won.');
        return T(`Kifizetés — fizet: ${names(view.to_act)}`, `Payment — paying: ${names(view.to_act)}`);
      case 'refill': {
        const who = view.refill_order[0];
        const lim = who != null ? view.seats[who].tokens.reduce((a, b) => a + b, 0) : 0;
        if (mineNow) return lim < 0 ? T('Feltöltés: a −1-es jelzővel beadhatsz 1 energiát vagy 1 árut.', 'Refill: with the −1 token you may hand in 1 energy or 1 good.')
          : T(`Feltöltés: vegyél el legfeljebb ${lim} energiát VAGY árut a közös készletből.`, `Refill: take up to ${lim} energy OR goods from the pool.`);
        return T(`Feltöltés — ${names(view.refill_order.slice(0, 1))} tölt (jelző: ${lim})`, `Refill — ${names(view.refill_order.slice(0, 1))} is refilling (token: ${lim})`);
      }
      case 'over': return T('A játék véget ért: végső értékelés.', 'The game is over: final scoring.');
      default: return '';
    }
  }

  // Players in columns, categories in rows (as on a score pad): fits a phone with 2-3 players
  // and scrolls inside its own box beyond that.
  function scoresHtml(view, d, T, esc) {
    const rows = view.scores;
    if (!rows) return '';
    const o = d.outcome || {};
    const winners = o.winners || [];
    const trail = (o.tiebreak || []).map((k) => esc(T(...(TRAIL[k] || [k, k]))));
    const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
    const lines = [
      ['planets', T('Kifizetett szektorok bolygói', 'Planets on paid sectors'), signed],
      ['unpaid', T('Elveszett szektorok bolygói', 'Planets on lost sectors'), signed],
      ['energy', T('Maradék energia', 'Energy left'), signed],
      ['goods', T('Maradék áru', 'Goods left'), signed],
    ];
    if (view.options.favourite_ships) lines.push(['ship_bonus', T('Kedvenc hajók többsége', 'Favourite-ship majority'), signed]);
    const head = `<tr><th>${T('Pontok', 'Points')}</th>` + rows.map((r, i) =>
      `<th class="${winners.includes(i) ? 'winner' : ''}" data-seat="${i}">${winners.includes(i) ? '★ ' : ''}${esc(seatName(d, i, T))}</th>`).join('') + '</tr>';
    const body = lines.map(([k, label, fmt]) => `<tr><th>${label}</th>${rows.map((r) => `<td>${fmt(r[k])}</td>`).join('')}</tr>`).join('') +
      `<tr class="smg-sum"><th>${T('Összesen', 'Total')}</th>${rows.map((r, i) => `<td class="smg-total${winners.includes(i) ? ' winner' : ''}">${r.total}</td>`).join('')}</tr>` +
      `<tr class="smg-tb"><th colspan="${rows.length + 1}">${T('Holtverseny esetén, sorrendben', 'Tie-breaks, in order')}</th></tr>` +
      [['goods_left', T('1. kevesebb maradék áru (db)', '1. fewer goods left')],
        ['energy_left', T('2. kevesebb maradék energia', '2. less energy left')],
        ['paid_cards', T('3. több kifizetett szektor', '3. more paid sectors')]].map(([k, label]) =>
        `<tr><th>${label}</th>${rows.map((r) => `<td>${r[k]}</td>`).join('')}</tr>`).join('');
    return `<section class="smg-scores" id="smg-scores"><h3>${T('Végső értékelés', 'Final scoring')}</h3><div class="smg-scroll"><table>` +
      `<thead>${head}</thead><tbody>${body}</tbody></table></div>` +
      `<p id="smg-trail">${trail.length ? T('Holtversenyt eldöntötte', 'Tie broken by') + ': ' + trail.join(' → ') : T('Nem volt holtverseny.', 'No tie to break.')}</p>` +
      (o.reason ? `<p class="small muted">${T('A győzelem oka', 'Won by')}: ${esc(T(...(REASONS[o.reason] || ['—', '—'])))}</p>` : '') + '</section>';
  }

  function renderView(view, d, T, esc) {
    if (!view) return `<p class="muted">${T('A játszma még nem kezdődött el.', 'The match has not started yet.')}</p>`;
    const legal = lastLegal(d);
    const me = d.seat;
    const key = `${view.round}-${view.phase}`;
    if (ui.key !== key) { ui.key = key; ui.sel = null; ui.give = {}; ui.take = {}; }
    const strip = PHASES.map(([k, h, e]) => `<span class="smg-phase${view.phase === k ? ' on' : ''}" data-phase="${k}">${T(h, e)}</span>`).join('');
    const now = `<div class="smg-now" id="smg-now"><div class="smg-strip"><span class="smg-round">${T('Kör', 'Round')} <b id="smg-round">${view.round}</b>/${view.rounds}</span>${strip}</div>` +
      `<div id="smg-decision" class="${legal.length ? 'mine' : ''}">${esc(decisionText(view, d, T, legal, me))}</div>` +
      `<div id="smg-last" class="small muted">${esc(lastLine)}</div></div>`;
    const banner = view.components.standin ? `<details class="smg-banner" id="smg-standin-banner"><summary><b>${T('Pótlapok', 'Stand-in components')}</b>: ${T('a kártyák és karakterlapok nem a nyomtatott készletből valók', 'the cards and character boards are not the printed set')}</summary>${esc(T(STANDIN_HU, view.components.label))}</details>` : '';
    const stacks = `<div class="smg-stacks small"><span class="smg-facedown" title="${T('lefordított galaxisok', 'face-down galaxies')}">${T('Hátralévő galaxisok', 'Galaxies to come')}: <b id="smg-galaxies">${view.galaxies_left}</b></span> ` +
      `<span>${T('Dobozban, láthatatlanul', 'In the box, unseen')}: <b>${view.box_unseen}</b></span> ` +
      `<span>${T('Licit nélkül kiesett', 'Removed unbid')}: <b id="smg-removed">${view.removed.length}</b>${view.removed.length ? ' ' + view.removed.map((c) => miniCard(c, T, view.components.standin, 'removed')).join('') : ''}</span></div>`;
    const table = view.table.length ? `<div class="smg-table" id="smg-table">${view.table.map((t) => sectorHtml(t, view, d, T, esc, legal, me)).join('')}</div>` : '';
    const order = view.seats.slice().sort((a, b) => (a.seat === me ? -1 : 0) - (b.seat === me ? -1 : 0));
    const seats = `<div class="smg-seats">${order.map((s) => seatHtml(s, view, d, T, esc, legal, me)).join('')}</div>`;
    return `<div class="smg" data-phase="${view.phase}">${now}${scoresHtml(view, d, T, esc)}${banner}` +
      (view.table.length ? `<h3 class="smg-h">${T('Felderített űrszektorok', 'Sectors on offer')} <span class="small muted">(${view.table.length})</span></h3>` : '') + `${table}${stacks}` +
      `<div class="smg-middle">${tokensHtml(view, T, legal)}${poolHtml(view, d, T, legal, me)}</div>${seats}</div>`;
  }

  // board.js hands the legal actions to afterRender only; renderView runs just before it with
  // the same data, so the last legal list seen for this version is the one to draw from.
  let legalCache = { version: null, actions: [] };
  function lastLegal(d) {
    return legalCache.version === d.version ? legalCache.actions : [];
  }

  function bump(bag, c, by) {
    bag[c] = (bag[c] || 0) + by;
    if (bag[c] <= 0) delete bag[c];
  }

  function bind(ctx) {
    const { el, legal } = ctx;
    const acts = legal.actions || [];
    const find = (pred) => acts.find(pred);
    const on = (sel, fn) => el.querySelectorAll(sel).forEach((b) => b.addEventListener('click', (ev) => { ev.stopPropagation(); fn(b, ev); }));
    on('.smg-sector.can[role=button]', (b) => { ui.sel = +b.dataset.card === ui.sel ? null : +b.dataset.card; redraw(); });
    el.querySelectorAll('.smg-sector[role=button]').forEach((b) => b.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); b.click(); }
    }));
    on('button.smg-die.pick', (b) => {
      const card = +b.closest('.smg-sector').dataset.card;
      const a = find((x) => x.type === 'place' && x.card === card && x.value === +b.dataset.die);
      if (a) { ui.sel = null; ctx.act(a); }
    });
    on('button.smg-token', (b) => { const a = find((x) => x.type === 'take_token' && x.value === +b.dataset.value); if (a) ctx.act(a); });
    on('#smg-done', () => { const a = find((x) => x.type === 'done'); if (a) ctx.act(a); });
    on('.smg-pay-energy', (b) => {
      const card = +b.closest('.smg-sector').dataset.card;
      const a = find((x) => x.type === 'pay_energy' && x.card === card);
      if (a) ctx.act(a);
    });
    const payKey = (b) => `pay-${b.closest('.smg-sector').dataset.card}`;
    on('.smg-give', (b) => { const k = payKey(b); ui.give[k] = ui.give[k] || {}; bump(ui.give[k], b.dataset.colour, 1); redraw(); });
    on('.smg-ungive', (b) => { const k = payKey(b); bump(ui.give[k] || {}, b.dataset.colour, -1); redraw(); });
    on('.smg-pay', (b) => {
      const card = +b.closest('.smg-sector').dataset.card;
      const chosen = ui.give[`pay-${card}`] || {};
      const a = find((x) => x.type === 'pay_goods' && x.card === card && same(x.goods, chosen));
      if (a) { delete ui.give[`pay-${card}`]; ctx.act(a); }
    });
    on('.smg-pool-energy', (b) => { const a = find((x) => x.type === 'take_energy' && x.amount === +b.dataset.amount); if (a) ctx.act(a); });
    on('.smg-pool-good', (b) => { bump(ui.take, b.dataset.colour, 1); redraw(); });
    on('.smg-untake', (b) => { bump(ui.take, b.dataset.colour, -1); redraw(); });
    on('#smg-take', () => {
      const a = find((x) => x.type === 'take_goods' && same(x.goods, ui.take));
      if (a) { ui.take = {}; ctx.act(a); }
    });
    on('#smg-decline', () => { const a = find((x) => x.type === 'decline'); if (a) ctx.act(a); });
    on('.smg-handin-energy', () => { const a = find((x) => x.type === 'give_energy'); if (a) ctx.act(a); });
    on('.smg-handin', (b) => { const a = find((x) => x.type === 'give_good' && x.colour === b.dataset.colour); if (a) ctx.act(a); });
  }

  function afterRender(ctx) {
    const fresh = legalCache.version !== ctx.data.version || legalCache.actions !== (ctx.legal.actions || []);
    legalCache = { version: ctx.data.version, actions: ctx.legal.actions || [] };
    lastCtx = ctx;
    // renderView ran before the legal actions were handed over: draw once more with them.
    if (fresh) ctx.el.innerHTML = renderView(ctx.view, ctx.data, ctx.T, ctx.esc);
    bind(ctx);
    // The head line is shared by every board; give the outcome's reason words, not its key.
    const o = ctx.data.outcome;
    const reason = document.querySelector('#outcome .muted');
    if (reason && o) reason.textContent = `(${ctx.T(...(REASONS[o.reason] || ['', '']))})`;
    const won = document.querySelector('#outcome strong');
    if (won && o) {
      won.textContent = `${ctx.T('Győztes', 'Winner')}: ${o.winners.map((i) => seatName(ctx.data, i, ctx.T)).join(', ') || ctx.T('döntetlen', 'a draw')}`;
    }
  }

  function redraw() {
    if (!lastCtx) return;
    lastCtx.el.innerHTML = renderView(lastCtx.view, lastCtx.data, lastCtx.T, lastCtx.esc);
    bind(lastCtx);
  }

  // ---------- words: the fallback list and the log ----------

  function cardOf(view, index) {
    const t = view && view.table && view.table[index];
    return t ? t.card.id : `${String.fromCharCode(65 + index)}`;
  }

  function describeAction(a, view, T) {
    const id = (i) => cardOf(view, i);
    switch (a.type) {
      case 'place': return T(`${numHu(a.value)[1]} kocka → ${az(id(a.card))} ${id(a.card)} szektorra`, `Die showing ${a.value} → sector ${id(a.card)}`);
      case 'take_token': return T(`${numHu(a.value)[1].replace(/^./, (c) => c.toUpperCase())} gyorsaságjelző elvétele`, `Take speed token ${a.value}`);
      case 'done': return T('Megállok: nem veszek több gyorsaságjelzőt', 'Stop: no more speed tokens');
      case 'pay_energy': return T(`${az(id(a.card)).replace(/^./, (c) => c.toUpperCase())} ${id(a.card)} szektort fizetem ki energiával`, `Pay energy for sector ${id(a.card)}`);
      case 'pay_goods': return T(`${id(a.card)}: leadom — ${goodsText(a.goods, T)}`, `${id(a.card)}: deliver ${goodsText(a.goods, T)}`);
      case 'take_energy': return T(`${a.amount} energiát veszek el`, `Take ${a.amount} energy`);
      case 'take_goods': return T(`Árut veszek el: ${goodsText(a.goods, T)}`, `Take goods: ${goodsText(a.goods, T)}`);
      case 'give_energy': return T('1 energiát beadok a közös készletbe', 'Hand in 1 energy to the pool');
      case 'give_good': return T(`1 ${colName(a.colour, T)} árut beadok`, `Hand in 1 ${colName(a.colour, T)} good`);
      case 'decline': return T('Lemondok a feltöltésről', 'Skip the refill');
      default: return T('Ismeretlen lépés', 'Unknown move');
    }
  }

  function actionTitle(type, T) { return T(...(TYPES[type] || ['Egyéb lépés', 'Other move'])); }

  function describeEvent(e, view, T, d) {
    const line = eventSentence(e, view, T, d);
    lastLine = `${T('Legutóbb', 'Latest')}: ${line}`;
    const el = document.getElementById('smg-last');
    if (el) el.textContent = lastLine;
    return line;
  }

  function eventSentence(e, view, T, d) {
    const who = e.seat != null ? seatName(d, e.seat, T) : '';
    const id = e.id || (revealed[e.card] != null ? revealed[e.card] : cardOf(view, e.card));
    const A = (w) => az(w).replace(/^./, (c) => c.toUpperCase());
    switch (e.type) {
      case 'sectors_revealed':
        revealed = e.cards.slice();
        return T(`${e.round}. kör: felderítve ${e.cards.length} űrszektor — ${e.cards.join(', ')}.`, `Round ${e.round}: ${e.cards.length} sectors revealed — ${e.cards.join(', ')}.`);
      case 'die_placed': return T(`${who} egy ${numHu(e.value)[1]} kockát tett ${az(id)} ${id} szektorra.`, `${who} put a die showing ${e.value} on sector ${id}.`);
      case 'token_taken': return T(`${who} elvette ${numHu(e.value)[0]} ${numHu(e.value)[1]} gyorsaságjelzőt.`, `${who} took speed token ${e.value}.`);
      case 'stopped_taking': return T(`${who} nem vesz több gyorsaságjelzőt.`, `${who} takes no more speed tokens.`);
      case 'token_given': return T(`A licit véget ért: ${who} megkapta a középen maradt ${numHu(e.value)[1]} gyorsaságjelzőt.`, `Bidding is over: ${who} gets the last speed token, ${e.value}.`);
      case 'sector_removed': return T(`${A(id)} ${id} szektorra nem került kocka: visszakerül a dobozba.`, `No die on sector ${id}: it goes back to the box.`);
      case 'sector_won': return T(`${who} megnyerte ${az(id)} ${id} szektort (${numHu(e.value)[1]} kockával).`, `${who} won sector ${id} with a ${e.value}.`);
      case 'energy_paid': return T(`${who} ${e.amount} energiát fizetett ${az(id)} ${id} szektorért.`, `${who} paid ${e.amount} energy for sector ${id}.`);
      case 'goods_paid': return Object.keys(e.goods || {}).length
        ? T(`${who} leadta az árut ${az(id)} ${id} szektorért: ${goodsText(e.goods, T)} — a szektor az övé.`, `${who} delivered goods for sector ${id}: ${goodsText(e.goods, T)} — the sector is theirs.`)
        : T(`${who} áru nélkül szerezte meg ${az(id)} ${id} szektort.`, `${who} got sector ${id} without delivering goods.`);
      case 'sector_lost': return T(`${who} elvesztette ${az(id)} ${id} szektort (${e.reason === 'energy' ? 'nem volt elég energia' : 'nem volt elég áru'}): lefordítva, bolygói mínuszpontot érnek.`,
        `${who} lost sector ${id} (${e.reason === 'energy' ? 'not enough energy' : 'not enough goods'}): face down, its planets count against them.`);
      case 'refill_declined': return T(`${who} lemondott a feltöltésről.`, `${who} skipped the refill.`);
      case 'refill_energy': return T(`${who} ${e.amount} energiát vett el a közös készletből.`, `${who} took ${e.amount} energy from the pool.`);
      case 'refill_goods': return T(`${who} árut vett el a közös készletből: ${goodsText(e.goods, T)}.`, `${who} took goods from the pool: ${goodsText(e.goods, T)}.`);
      case 'handed_in': return e.energy
        ? T(`${who} beadott 1 energiát a közös készletbe.`, `${who} handed 1 energy in to the pool.`)
        : T(`${who} beadott a közös készletbe: ${goodsText(e.goods, T)} áru.`, `${who} handed in to the pool: ${goodsText(e.goods, T)} good.`);
      case 'round_ended': return T(`Véget ért a(z) ${e.round}. kör.`.replace('a(z) ', /^[15]/.test(String(e.round)) ? 'az ' : 'a '), `Round ${e.round} is over.`);
      case 'game_over': return T('A játék véget ért: végső értékelés.', 'The game is over: final scoring.');
      case 'resigned': return T(`${who} feladta a játszmát.`, `${who} resigned.`);
      default: return T('Esemény történt.', 'Something happened.');
    }
  }

  window.KaoszBoard = { renderView, afterRender, describeAction, actionTitle, describeEvent };
})();
