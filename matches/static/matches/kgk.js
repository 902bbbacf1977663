/* Káosz Galaktika board, drawn as a card table from the seat's view and legal
 * actions only: the opponent at the top, the combat and the interrupt chain drawn in the
 * middle, the viewer at the bottom with the hand docked at the bottom of the screen, and a
 * bar kept at the top with whose turn it is, the clock, the decision (and what a window
 * answers) and the moves that belong to no card. Loaded only by matches/boards/kgk.html;
 * board.js does the talking to the API.
 *
 * Every card is a button: clicking a card that acts on a target highlights its targets on
 * the table (cards, chain items, players) and clicking one makes the move; hovering (mouse)
 * or tapping another card opens a popover with its rules text, stats, state, the moves
 * that involve it and a link to its card page. Chain items carry the numbers the moves use
 * ("→ 2. Durmacél célterelő"), from the view's target_kind. Names, texts
 * and English names come from the card API (/api/v1/cards/batch/), fetched once per card;
 * the engine's keys (decision kinds, phases, targets, abilities, reasons) are put into
 * words here, in the page's language, never shown raw. */
(function () {
  'use strict';
  const META = {};   // slug -> card record of the card API (names, rules texts)
  const KNOWN = {};  // card id -> {slug, name, tk: what it targets} of every card this viewer has been shown
  const ITEMS = {};  // chain item number -> its card id, so the log names items after they resolved
  let lastCtx = null;

  const L = (T, pair) => T(pair[0], pair[1]);
  const word = (T, table, key) => (table[key] ? L(T, table[key]) : String(key).replace(/_/g, ' '));

  const ZONES = [['hand', 'Kéz (központ)', 'Hand (central)'], ['hangar', 'Hangár', 'Hangar'], ['canteen', 'Kantin', 'Canteen'],
    ['surface', 'Felszín (bázisok)', 'Surface (bases)'], ['trash', 'Szemét', 'Trash'], ['ruin', 'Pusztulat', 'Ruin']];
  const DECISIONS = {
    main: ['fő fázis: lépés', 'main phase: a move'], prio: ['közbeszólási lehetőség', 'a chance to interrupt'],
    equip: ['harc: felszerelés', 'combat: equip'], pay: ['harc: fizetés', 'combat: pay'], fire: ['harc: tüzelés', 'combat: fire'],
    ret: ['harc: visszalövés', 'combat: return fire'], bomb: ['harc: bombázás', 'combat: bombard'],
    assign: ['harc: sebzés elosztása', 'combat: assign damage'], trap: ['csapda kifizetése', 'paying a trap'],
    mulligan: ['kezdőkéz: megtartás vagy újraosztás', 'opening hand: keep or mulligan'], choose: ['választás', 'a choice'],
  };
  const RULE_OF = { main: 'KG-9.3', prio: 'KG-10', equip: 'KG-9.5', pay: 'KG-9.6', fire: 'KG-9.7', ret: 'KG-9.7',
    assign: 'KG-7.4', bomb: 'KG-9.8', trap: 'KG-4.5', choose: 'KG-9.1', mulligan: 'KG-8.4' };
  const WHY = {
    search: ['keresés a kolóniában', 'searching the colony'], discard: ['eldobás', 'a discard'], hand_limit: ['kézlimit: eldobás', 'hand limit: discard'],
    hangar_limit: ['hangárlimit: egy hajó távozik', 'hangar limit: a ship leaves'], cash: ['fejlesztés beváltása', 'cashing a development'],
    eop_mod: ['a fizetés végi hatás', 'the end-of-payment effect'], rocket: ['rakéta célpontja', 'a rocket target'],
    destroy_own_ship: ['saját hajó feláldozása', 'sacrificing an own ship'], formation: ['kötelék: sebzés', 'formation: damage'], salvo: ['sorozatlövés', 'salvo'],
  };
  const PHASES = { mulligan: ['kezdőkéz', 'opening hand'], start: ['kezdő fázis', 'start phase'], main: ['fő fázis', 'main phase'],
    combat: ['harc', 'combat'], end: ['befejező fázis', 'end phase'], over: ['vége', 'over'] };
  const STEPS = { target: ['célpont', 'target'], equip: ['felszerelés', 'equip'], pay: ['kifizetés', 'payment'], eop: ['fizetés vége', 'end of payment'],
    fire: ['tüzelés', 'firing'], bomb: ['bombázás', 'bombardment'], disarm: ['leszerelés', 'disarm'] };
  const TARGETS = { colony: ['kolónia', 'colony'], central: ['központ (kéz)', 'central (hand)'], crew: ['legénység', 'crew'], base: ['bázis', 'base'] };
  const TARGET_OF = { colony: ['kolóniáját', 'colony'], central: ['központját (kezét)', 'central (hand)'], crew: ['legénységét', 'crew'], base: ['bázisát', 'base'] };
  const TYPES = {
    play: ['Kijátszás', 'Play'], place: ['Lerakás lefordítva', 'Place face down'], develop: ['Fejlesztés', 'Develop'], cash: ['Beváltás', 'Cash in'],
    draw: ['Húzás', 'Draw'], search: ['Keresés', 'Search'], attack: ['Támadás', 'Attack'], end_turn: ['Kör vége', 'End turn'],
    pass: ['Passz', 'Pass'], pay: ['Fizetés', 'Pay'], fire: ['Tűz', 'Fire'], commit: ['Harcba küldés', 'Commit to combat'],
    bomber: ['Bombázónak jelölés', 'Designate bomber'], bombard: ['Bombázás', 'Bombard'], done: ['Kész', 'Done'], keep: ['Megtartom', 'Keep'],
    mulligan: ['Újraosztás', 'Mulligan'], board: ['Beszállás', 'Board'], ability: ['Képesség', 'Ability'],
    choose: ['Választás', 'Choose'], return: ['Visszalövés', 'Return fire'], no_return: ['Nincs visszalövés', 'No return fire'],
    ruin_draw: ['Húzás a pusztulatból', 'Draw from the ruin'], assign: ['Sebzés', 'Damage'], assign_done: ['Sebzés kész', 'Damage done'],
    decline: ['Nem kérem', 'Decline'], heavy: ['Nehéz fegyverzet', 'Heavy armament'], pyro: ['Tűzszerészet', 'Demolition'],
    stealth: ['Lopakodás', 'Stealth'], pay_trap: ['Csapda kifizetése', 'Pay the trap'],
  };
  const KINDS = { ship: ['űrhajó', 'ship'], crew: ['legénység', 'crew'], base: ['bázis', 'base'], armament: ['fegyverzet', 'armament'],
    event: ['esemény', 'event'], interrupt: ['megszakítás', 'interrupt'] };
  const SUBTYPES = { scout: ['felderítő', 'scout'], fighter: ['vadász', 'fighter'], cruiser: ['cirkáló', 'cruiser'], destroyer: ['romboló', 'destroyer'],
    captain: ['kapitány', 'captain'], passenger: ['utas', 'passenger'], personnel: ['személyzet', 'personnel'], robot: ['robot', 'robot'],
    building: ['épület', 'building'], bunker: ['bunker', 'bunker'], research: ['kutatás', 'research'], trap: ['csapda', 'trap'],
    item: ['eszköz', 'item'], rocket: ['rakéta', 'rocket'], shield: ['pajzs', 'shield'], weapon: ['fegyver', 'weapon'],
    attack: ['támadás', 'attack'], reaction: ['reagálás', 'reaction'], resource: ['erőforrás', 'resource'], special: ['speciális', 'special'],
    combat: ['harci', 'combat'], general: ['általános', 'general'], start: ['kezdő', 'start'] };
  const ABILITIES = { cloaking: ['Álcázás', 'Cloaking'], rapid_fire: ['Gyors tüzelés', 'Rapid fire'], salvo: ['Sorozatlövés', 'Salvo'],
    formation: ['Kötelék', 'Formation'], stealth: ['Lopakodás', 'Stealth'], heavy_weapons: ['Nehéz fegyverzet', 'Heavy armament'],
    repair: ['Javítás', 'Repair'], pyrotechnics: ['Tűzszerészet', 'Demolition'] };
  const ABILITY_RULE = { cloaking: 'KG-7.2', rapid_fire: 'KG-7.3', salvo: 'KG-7.4', formation: 'KG-7.5', stealth: 'KG-7.6',
    heavy_weapons: 'KG-7.7', repair: 'KG-7.8', pyrotechnics: 'KG-7.9' };
  const STATS = [['speed', 'seb', 'spd', 'sebesség', 'speed'], ['firepower', 'tűz', 'fire', 'tűzerő', 'firepower'],
    ['armor', 'pán', 'arm', 'páncélzat', 'armor'], ['bombard', 'bomb', 'bomb', 'bombázás', 'bombard']];
  const ROLES = { base: ['bázisként', 'as a base'], crew: ['legénységként', 'as crew'], armament: ['fegyverzetként', 'as armament'], ship: ['hajóként', 'as a ship'] };
  const LEAVES = { destroyed: ['megsemmisült', 'destroyed'], bombarded: ['lebombázták', 'bombarded'], neutralised: ['semlegesítették', 'neutralised'],
    sacrificed: ['feláldozták', 'sacrificed'], armor_lost: ['elfogyott a páncélja', 'its armor ran out'], rocket_spent: ['a rakéta elfogyott', 'the rocket is spent'],
    hangar_limit: ['hangárlimit', 'hangar limit'], trap: ['csapda', 'trap'], eliminated: ['a gazdája kiesett', 'its owner is out'] };
  const ZONE_TO = { trash: ['a szemétbe', 'to the trash'], ruin: ['a pusztulatba', 'to the ruin'], hand: ['a kézbe', 'to the hand'],
    colony: ['a kolóniába', 'to the colony'], out: ['a játékon kívülre', 'out of the game'] };
  const OUTCOME = { colony_empty: ['elfogyott a kolónia', 'a colony ran out'], resigned: ['feladás', 'resignation'],
    eliminations: ['a legtöbb kiejtés', 'most eliminations'], time: ['lejárt az idő', 'time ran out'] };
  // IllegalAction codes of the engine (rulesets/kgk/engine.py) in words.
  const REASONS = {
    first_turn_attack: ['Az első körödben nem támadhatsz.', 'No attack in your first turn.'],
    illegal_attack: ['Ez a támadás most nem engedélyezett.', 'This attack is not allowed now.'],
    mulligan_used: ['Újraosztás csak egyszer, a játszma elején.', 'One mulligan, at the start only.'],
    insufficient_credits: ['Nincs elég kredited.', 'Not enough credits.'],
    develop_limit: ['Egy bázist körönként legfeljebb kétszer fejleszthetsz.', 'At most two developments per base per turn.'],
    wrong_action: ['Ilyen lépés ebben a döntésben nem lehetséges.', 'That kind of move is not possible in this decision.'],
    illegal_action: ['Ez a lépés most nem szabályos.', 'That move is not legal now.'],
    malformed_action: ['Hibás lépés.', 'A malformed move.'],
    not_your_turn: ['Most nem te következel.', 'It is not your decision now.'],
    game_over: ['A játszma véget ért.', 'The match is over.'],
  };
  // The rules help: a short summary of each part of a turn with its rule number.
  const HELP = [
    ['KG-8.4', 'Kezdőkéz', 'Opening hand', 'Mindkét játékos egyszer újraoszthatja a kezdő öt lapját.', 'Each player may mulligan the opening five cards once.'],
    ['KG-9.2', 'Kezdő fázis', 'Start phase', 'A kör elején kreditet kapsz (az első két körben kevesebbet), és a használt lapjaid újra aktívak lesznek.', 'At the start of your turn you get credits (fewer in the first two turns) and your used cards become active again.'],
    ['KG-9.3', 'Fő fázis', 'Main phase', 'Kijátszhatsz hajót, eseményt; lefordítva lerakhatsz bázist, legénységet, fegyverzetet; fejleszthetsz (1 kredit), húzhatsz (1 kredit), kereshetsz (2 kredit), és támadhatsz.', 'Play ships and events; place bases, crews and armaments face down; develop (1 credit), draw (1 credit), search (2 credits) and attack.'],
    ['KG-9.5', 'Felszerelés', 'Equip', 'A támadó kijelöli a harcoló aktív hajóit (legalább egyet) és beszállítja a legénységet; aztán a védő dönt a védekezésről.', 'The attacker designates his active ships (at least one) and boards crews; then the defender decides how to defend.'],
    ['KG-9.6', 'Kifizetés', 'Payment', 'A harcoló hajókon levő lefordított lapokat most kell kifizetni, előbb a támadó, aztán a védő.', 'Face-down cards on the fighting ships are paid now or never, attacker first.'],
    ['KG-9.7', 'Tüzelés', 'Firing', 'A leggyorsabb aktív hajó lő először; a célpont visszalőhet. A sebzés a páncélból vonódik le.', 'The fastest active ship fires first; the target may return fire. Damage comes off the armor.'],
    ['KG-9.8', 'Bombázás', 'Bombardment', 'A támadó aktív hajói bombázzák a célpontot: kolónia esetén ennyi lap kerül a pusztulatba.', 'The attacker\'s active ships bombard the target: against a colony that many cards go to the ruin.'],
    ['KG-10', 'Megszakítások', 'Interrupts', 'Egy bejelentett lépésre megszakítással lehet válaszolni; a lánc fordított sorrendben teljesül.', 'Interrupts answer a declared move; the chain resolves last in, first out.'],
    ['KG-7', 'Képességek', 'Abilities', 'Álcázás, Gyors tüzelés, Sorozatlövés, Kötelék, Lopakodás, Nehéz fegyverzet, Javítás, Tűzszerészet: nézd meg a hajó lapját.', 'Cloaking, Rapid fire, Salvo, Formation, Stealth, Heavy armament, Repair, Demolition: see the ship\'s card.'],
    ['KG-12', 'Győzelem', 'Winning', 'Aki kolóniájából nem tud húzni, elveszíti a játszmát.', 'A player whose colony runs out loses.'],
  ];

  function cardsById(view) {
    const out = {};
    (view && view.players || []).forEach((p) => ZONES.forEach(([z]) => (p[z] || []).forEach((c) => {
      if (c && c.id != null) out[c.id] = c;
      (c && c.att || []).forEach((a) => { if (a && a.id != null) out[a.id] = a; });
    })));
    return out;
  }

  /* Remember every card the view shows (and the chain's named items), so the log can
   * still name a card after it moved out of sight. */
  function learn(view) {
    const cards = cardsById(view);
    Object.keys(cards).forEach((id) => { KNOWN[id] = Object.assign(KNOWN[id] || {}, { slug: cards[id].slug, name: cards[id].name, tk: cards[id].target_kind }); });
    ((view && view.chain) || []).forEach((it) => {
      if (it.card != null && it.name) KNOWN[it.card] = Object.assign(KNOWN[it.card] || {}, { slug: it.slug, name: it.name, tk: it.target_kind || (KNOWN[it.card] || {}).tk });
      if (typeof it.card === 'number') ITEMS[it.item] = it.card;
    });
    ((view && view.decision && view.decision.cards) || []).forEach((c) => { KNOWN[c.id] = { slug: c.slug, name: c.name }; });
  }

  function nameOfSlug(slug, fallback, T) {
    const m = META[slug];
    if (!m) return fallback || slug;
    return T(m.name_hu || fallback, m.name_en || m.name_hu || fallback);
  }
  function cardName(id, T) {
    const k = KNOWN[id];
    return k ? nameOfSlug(k.slug, k.name, T) : null;
  }
  function nm(id, T) {
    if (id && typeof id === 'object') return T('egy rejtett lap', 'a hidden card');
    return cardName(id, T) || T('egy lap', 'a card');
  }

  async function prepare(data) {
    if (!data.view) return;
    learn(data.view);
    const want = new Set();
    Object.values(KNOWN).forEach((k) => { if (k.slug && !(k.slug in META)) want.add(k.slug); });
    const slugs = Array.from(want).slice(0, 100);
    if (!slugs.length) return;
    slugs.forEach((s) => { META[s] = null; });   // asked for once, even if the answer fails
    const csrf = (document.getElementById('board') || {}).dataset.csrf;
    const r = await fetch('/api/v1/cards/batch/', { method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRFToken': csrf },
      body: JSON.stringify({ identifiers: slugs.map((slug) => ({ slug })) }) });
    if (!r.ok) return;
    const body = await r.json();
    (body.data || []).forEach((c) => { META[c.slug] = c; });
  }

  function statLine(c, T, sep) {
    return STATS.filter(([k]) => c[k] != null).map(([k, h, e]) => {
      const v = k === 'armor' && c.armor_now != null && c.armor_now !== c.armor ? `${c.armor_now}/${c.armor}` : c[k];
      return `${T(h, e)} ${v}`;
    }).join(sep || ' ');
  }

  function stateWords(c, T) {
    return [c.face_down ? T('lefordítva', 'face down') + (c.bluff_as ? ` (${word(T, ROLES, c.bluff_as)})` : '') : '',
      c.paid === false ? T('kifizetetlen', 'unpaid') : '', c.dev ? T(`${c.dev} fejlesztés`, `${c.dev} development${c.dev > 1 ? 's' : ''}`) : '',
      c.hit ? T('találat', 'hit') : '', c.rot === 1 ? T('használt', 'used') : c.rot === 2 ? T('sérült', 'damaged') : ''].filter(Boolean);
  }

  // ------------------------------------------------------------------ the table
  // KG-6.1 pictures each player's part of the table from the seat outwards: nearest the
  // colony (with the credits) and the surface (bases); then the trash and the canteen
  // (crews); farthest the ruin and the hangar (ships). The viewer sits at the bottom, the
  // opponent at the top, mirrored, so the two hangars face each other across the middle,
  // where the combat and the chain are drawn. Piles (colony, trash, ruin) are counts that
  // open; the viewer's hand is docked at the bottom of the screen.

  function picOf(c) {
    const m = c && META[c.slug];
    return m && m.image_uris ? (m.image_uris.small || m.image_uris.normal) : null;
  }

  function statChips(c, T, esc) {
    return STATS.filter(([k]) => c[k] != null).map(([k, h, e, lh, le]) => {
      const hurt = k === 'armor' && c.armor_now != null && c.armor_now !== c.armor;
      const v = hurt ? `${c.armor_now}/${c.armor}` : c[k];
      return `<span class="chip${hurt ? ' hurt' : ''}" title="${esc(T(lh, le))}">${esc(T(h, e))} ${esc(v)}</span>`;
    }).join('');
  }

  /* A card name's long word in a narrow tile: a smaller size rather than a word broken in
   * the middle (the browser may have no Hungarian hyphenation to break it at a syllable). */
  function nameSize(name) {
    const longest = Math.max(0, ...String(name).split(/[\s\-–—/·,.:;()]+/).map((w) => w.length));
    return longest >= 15 ? ' long2' : longest >= 12 ? ' long' : '';
  }

  /* One card drawn as a card: its picture band, cost, name, kind, stats, and its state on
   * the card itself (turned, damaged, face down, unpaid, hit). */
  function cardHtml(c, T, esc, where) {
    if (!c || c.hidden) {
      const pos = c && c.pos != null ? ` data-pos="${c.pos}"` : '';
      const rot = c && c.rot ? ` rot${c.rot}` : '';
      const st = [c && c.rot === 1 ? T('használt', 'used') : c && c.rot === 2 ? T('sérült', 'damaged') : '',
        c && c.dev ? `${T('fejlesztve', 'developed')} ${c.dev}` : ''].filter(Boolean);
      return `<button type="button" class="card tile hidden${rot}"${pos} data-where="${where || ''}" aria-label="${T('rejtett lap', 'hidden card')}">` +
        `<span class="cn">${T('rejtett lap', 'hidden card')}</span>${st.length ? `<span class="state">${esc(st.join(', '))}</span>` : ''}</button>`;
    }
    const cls = ['card', 'tile', `k-${c.type}`];
    if (c.face_down) cls.push('facedown');
    if (c.paid === false) cls.push('unpaid');
    if (c.hit) cls.push('hit');
    if (c.rot) cls.push(`rot${c.rot}`);
    const name = nameOfSlug(c.slug, c.name, T);
    const st = stateWords(c, T);
    const pic = picOf(c);
    const kind = c.subtype ? word(T, SUBTYPES, c.subtype) : word(T, KINDS, c.type || '');
    const att = (c.att || []).map((a) => cardHtml(a, T, esc, 'att')).join('');
    const btn = `<button type="button" class="${cls.join(' ')}" data-card="${c.id}" data-slug="${esc(c.slug || '')}" aria-haspopup="dialog" ` +
      `aria-label="${esc([name, `${T('ár', 'cost')} ${c.cost != null ? c.cost : '?'}`].concat(st).join(', '))}">` +
      (pic ? `<img class="pic" src="${esc(pic)}" alt="" loading="lazy">` : '<span class="pic none"></span>') +
      `<span class="cost" title="${T('ár', 'cost')}">${c.cost != null ? esc(c.cost) : '?'}<small>${T('kr', 'cr')}</small></span>` +
      `<span class="cn${nameSize(name)}">${esc(name)}</span><span class="st">${esc(kind)}</span>` +
      (STATS.some(([k]) => c[k] != null) ? `<span class="stats">${statChips(c, T, esc)}</span>` : '') +
      ((c.abilities || []).length ? `<span class="st ab">${esc(c.abilities.map((a) => word(T, ABILITIES, a)).join(', '))}</span>` : '') +
      (st.length ? `<span class="state">${esc(st.join(', '))}</span>` : '') + '</button>';
    return att ? `<span class="card-wrap">${btn}<span class="att">${att}</span></span>` : btn;
  }

  function seatNames(d) {
    // A sandbox position names its seats ("Dani", "Laci"; kept as the seat's deck name):
    // with one person in every seat, those names tell the sides apart.
    const sandbox = !!(d.options && d.options.sandbox);
    return d.seats.map((s, i) => {
      const who = window.KaoszSeatName ? window.KaoszSeatName(s, i, d.seats) : s.player;
      return sandbox && s.deck_name ? `${s.deck_name} (${who})` : who;
    });
  }

  const ZONE_NAMES = { hangar: ['Hangár', 'Hangar'], canteen: ['Kantin', 'Canteen'], surface: ['Felszín (bázisok)', 'Surface (bases)'],
    trash: ['Szemét', 'Trash'], ruin: ['Pusztulat', 'Ruin'], hand: ['Kéz (központ)', 'Hand (central)'] };

  function zoneHtml(p, z, T, esc) {
    const cards = p[z] || [];
    return `<div class="zone" data-zone="${z}"><span class="zname">${L(T, ZONE_NAMES[z])}</span>` +
      `<div class="zcards${cards.length ? '' : ' empty'}">${cards.length ? cards.map((c) => cardHtml(c, T, esc, z)).join('') : '<span class="muted">–</span>'}</div></div>`;
  }

  /* A pile as a count that opens: the trash is public, the ruin is its owner's alone. */
  function pileHtml(p, z, T, esc) {
    const list = p[z];
    const n = z === 'ruin' ? p.ruin_count : (list || []).length;
    const label = `${L(T, ZONE_NAMES[z])} <b class="n">${n}</b>`;
    if (!list || !list.length) return `<div class="pile" data-pile="${z}"><span class="pile-h">${label}</span></div>`;
    return `<details class="pile" data-pile="${z}"><summary class="pile-h">${label}</summary><div class="pile-list">` +
      list.map((c) => `<button type="button" class="card mini" data-card="${c.id}" data-slug="${esc(c.slug || '')}" data-where="${z}">${esc(nameOfSlug(c.slug, c.name, T))}</button>`).join('') +
      '</div></details>';
  }

  /* A player's part of the table. The piles (colony, trash, ruin: counts that open) and
   * the credits head it; the surface (bases) and the canteen (crews) are the home row; the
   * hangar (ships) is the row nearest the middle, so the two fleets face each other across
   * the combat (the opponent's hangar at the bottom of the top side, yours at the top of
   * the bottom side), as the rulebook pictures the table (KG-6.1). */
  function side(p, view, d, T, esc) {
    const me = p.seat === d.seat;
    const name = seatNames(d)[p.seat] || `${p.seat + 1}.`;
    const hand = me ? '' : ` <button type="button" class="zone-act pile" data-target="central" data-seat="${p.seat}">${T('Kéz', 'Hand')} <b class="n">${p.hand_count}</b></button>`;
    const piles = `<div class="piles"><button type="button" class="zone-act pile colony" data-target="colony" data-seat="${p.seat}">` +
      `${T('Kolónia', 'Colony')} <b class="colony n">${p.colony}</b></button>${hand}${pileHtml(p, 'trash', T, esc)}${pileHtml(p, 'ruin', T, esc)}</div>`;
    const home = `<div class="row home">${zoneHtml(p, 'surface', T, esc)}${zoneHtml(p, 'canteen', T, esc)}</div>`;
    const ships = `<div class="row ships">${zoneHtml(p, 'hangar', T, esc)}</div>`;
    return `<section class="side ${me ? 'me' : 'opp'}" data-side="${p.seat}"><div class="side-top"><h3 class="side-h">${esc(name)}${me ? ' (' + T('te', 'you') + ')' : ''}` +
      `${view.active === p.seat ? ' · <span class="active-mark">' + T('soron van', 'to play') + '</span>' : ''}${p.alive === false ? ' · ' + T('kiesett', 'out') : ''}` +
      ` · <span class="res">${T('Kredit', 'Credits')}: <b class="credits">${p.credits}</b></span></h3>${piles}</div>` +
      (me ? ships + home : home + ships) + '</section>';
  }

  /* The viewer's hand, docked at the bottom of the screen. */
  function handDock(p, d, T, esc) {
    const cards = p.hand || [];
    return `<section class="side me hand-dock" data-side="${p.seat}" aria-label="${T('A kezed', 'Your hand')}">` +
      `<div class="zone" data-zone="hand"><span class="zname">${T('Kezed', 'Your hand')} <b class="n">${p.hand_count}</b></span>` +
      `<div class="zcards${cards.length ? '' : ' empty'}">${cards.length ? cards.map((c) => cardHtml(c, T, esc, 'hand')).join('') : `<span class="muted">${T('üres', 'empty')}</span>`}</div></div></section>`;
  }

  function targetWords(t, names, cards, T) {
    if (!t) return '–';
    let s = word(T, TARGETS, t.kind);
    if (t.card != null && cards[t.card]) s += ': ' + nameOfSlug(cards[t.card].slug, cards[t.card].name, T);
    else if (t.pos != null) s += ` (${t.pos + 1}.)`;
    return s;
  }

  /* A chain item as a person names it: its number (as the moves number it), its card. */
  function chainItemName(it, T) {
    const what = it.card != null && typeof it.card === 'number' ? nm(it.card, T) : it.kind === 'payment' ? T('kifizetés', 'a payment') : T('képesség', 'an ability');
    return `${it.item}. ${what}`;
  }

  /* What a chain item (or a move) aims at: a card, another chain item, a seat, or a
   * face-down card named by where it lies. */
  function chainTargetWords(it, view, names, T) {
    const t = it.target;
    if (t == null) return '';
    if (typeof t === 'object') {
      return t.seat != null ? hiddenTarget({ target_seat: t.seat, target_zone: t.zone, target_ship: t.ship, target_pos: t.pos }, T).replace(/^ → /, '') : T('egy rejtett lap', 'a hidden card');
    }
    if (it.target_kind === 'chain') {
      const other = (view.chain || []).find((x) => x.item === t);
      return other ? chainItemName(other, T) : `${t}. ${T('láncelem', 'chain item')}`;
    }
    if (it.target_kind === 'opponent') return names[t] || '';
    return nm(t, T);
  }

  function chainHtml(view, names, T, esc) {
    const items = (view.chain || []).slice().sort((a, b) => a.item - b.item);
    if (!items.length) return '';
    const top = items[items.length - 1].item;
    return `<div class="chain" id="chain"><h3>${T('Lánc', 'Chain')} <span class="muted small">${T('— a legfelső teljesül először (KG-10)', '— the top one resolves first (KG-10)')}</span></h3><ol class="chain-items">` +
      items.map((it) => {
        const kind = it.kind === 'payment' ? T('kifizetés', 'payment') : it.ability ? word(T, ABILITIES, it.ability) : '';
        const tgt = chainTargetWords(it, view, names, T);
        return `<li class="chain-item${it.item === top ? ' top' : ''}" data-item="${it.item}"><span class="num">${it.item}.</span> ` +
          `<button type="button" class="card chip-card"${typeof it.card === 'number' ? ` data-card="${it.card}" data-slug="${esc(it.slug || '')}"` : ''}>${esc(it.card != null && typeof it.card === 'number' ? nm(it.card, T) : kind || T('képesség', 'ability'))}</button>` +
          ` <span class="who">${esc(names[it.seat] || '')}</span>${kind && it.card != null ? ` <span class="muted">(${esc(kind)})</span>` : ''}` +
          (tgt ? ` <span class="arrow" aria-hidden="true">➜</span><span class="sr">${T('célpont:', 'target:')}</span> <b class="tgt">${esc(tgt)}</b>` : '') + '</li>';
      }).join('') + '</ol></div>';
  }

  /* The shots of the current combat, in order, from the log (fire, return fire, damage). */
  function shotsSoFar(T) {
    const out = [];
    const lis = Array.from(document.querySelectorAll('#log li'));   // newest first
    for (const li of lis) {
      const e = li._event;
      if (!e) continue;
      if (e.type === 'attack' || e.type === 'combat_over') break;
      if (e.type === 'fire' || e.type === 'return_fire') out.unshift({ f: e.ship, t: e.target, ret: e.type === 'return_fire', dmg: [] });
      else if (e.type === 'shot_damage' && out.length === 0) out.unshift({ f: null, t: null, dmg: e.damage || [] });
      else if (e.type === 'shot_damage') out[0].dmg = out[0].dmg.concat(e.damage || []);
    }
    return out;
  }

  function combatHtml(view, names, cards, T, esc) {
    const cb = view.combat;
    if (!cb) return '';
    const ships = (cb.ships || []);
    const fleet = (seat) => ships.filter((s) => cards[s] && cards[s].owner === seat).map((s) => {
      const c = cards[s];
      const shooting = cb.shot && (cb.shot.firer === s);
      const aimed = cb.shot && (cb.shot.target === s);
      return `<span class="ship-ref${shooting ? ' firing' : ''}${aimed ? ' aimed' : ''}${c.rot === 2 ? ' rot2' : ''}" data-ref="${s}">${esc(nm(s, T))}` +
        ` <small>${esc(statLine(c, T))}</small></span>`;
    }).join('') || `<span class="muted">${T('nincs hajó', 'no ships')}</span>`;
    const shots = shotsSoFar(T);
    const shotNow = cb.shot ? `<p class="shot-now"><b>${esc(nm(cb.shot.firer, T))}</b> <span class="arrow" aria-hidden="true">➜</span><span class="sr">${T('lő erre:', 'fires at')}</span> <b>${esc(nm(cb.shot.target, T))}</b>` +
      `${cb.shot.returned ? ` <span class="muted">(${T('visszalövéssel', 'with return fire')})</span>` : ''}</p>` : '';
    const list = shots.length ? `<ol class="shots">${shots.map((s) => `<li>${s.f != null ? `${esc(nm(s.f, T))} ➜ ${esc(nm(s.t, T))}${s.ret ? ` <span class="muted">(${T('visszalövés', 'return fire')})</span>` : ''}` : T('Sebzés', 'Damage')}` +
      `${s.dmg.length ? ': ' + s.dmg.map(([id, k]) => `<span class="dmg">${esc(nm(id, T))} −${k}</span>`).join(', ') : ''}</li>`).join('')}</ol>` : '';
    return `<div class="combat" id="combat"><h3>${T('Harc', 'Combat')}: ${esc(names[cb.attacker])} <span class="arrow" aria-hidden="true">➜</span> ${esc(names[cb.defender])}` +
      ` <span class="muted small">${T('célpont', 'target')}: ${esc(targetWords(cb.target, names, cards, T))} · ${T('lépés', 'step')}: ${esc(word(T, STEPS, cb.step))}</span></h3>` +
      `<div class="fleets"><div class="fleet att"><span class="who">${esc(names[cb.attacker])}</span>${fleet(cb.attacker)}</div>` +
      `<div class="fleet def"><span class="who">${esc(names[cb.defender])}</span>${fleet(cb.defender)}</div></div>${shotNow}${list}</div>`;
  }

  /* What a window answers: the newest chain item, the shot about to land, or the last
   * declaration in the log. */
  function answeringWords(view, names, T) {
    const items = (view.chain || []).slice().sort((a, b) => a.item - b.item);
    if (items.length) {
      const top = items[items.length - 1];
      const tgt = chainTargetWords(top, view, names, T);
      return `${names[top.seat] || ''}: ${chainItemName(top, T)}${tgt ? ' ➜ ' + tgt : ''}`;
    }
    if (view.combat && view.combat.shot) {
      return `${nm(view.combat.shot.firer, T)} ➜ ${nm(view.combat.shot.target, T)}`;
    }
    const li = Array.from(document.querySelectorAll('#log li')).find((x) => x._event && !['pass', 'credits', 'turn'].includes(x._event.type));
    return li ? li.textContent : '';
  }

  function decisionHtml(view, d, names, T, esc) {
    const dec = view.decision;
    if (!dec) return '';
    const why = dec.why ? ` (${word(T, WHY, dec.why)})` : '';
    const rule = RULE_OF[dec.kind];
    // A window answers the top of the chain; a fire or return-fire step answers the shot
    // just fired, which the bar names too.
    const shot = (dec.kind === 'ret' || dec.kind === 'fire') && view.combat && view.combat.shot;
    const answering = dec.kind === 'prio' || shot ? answeringWords(view, names, T) : '';
    return `<p class="decision" id="decision"><span class="muted small">${T('Kör', 'Turn')} ${view.turn} · ${esc(word(T, PHASES, view.phase))} ·</span> ${T('Döntés', 'Decision')}: <b>${esc(word(T, DECISIONS, dec.kind))}${esc(why)}</b> — ` +
      `${dec.seat === d.seat ? `<b class="ok">${T('te jössz', 'yours')}</b>` : `${T('rá vár', 'waiting on')}: <b>${esc(names[dec.seat] || '')}</b>`}` +
      (rule ? ` <a href="#help-${rule}" class="rule-link" data-rule="${rule}">${T('szabály', 'rule')} ${rule}</a>` : '') + '</p>' +
      (answering ? `<p class="answering" id="answering">${T('Válasz erre', 'Answering')}: <b>${esc(answering)}</b></p>` : '');
  }

  function renderView(view, d, T, esc) {
    if (!view) return `<p class="muted">${T('A játszma még nem kezdődött el.', 'The match has not started yet.')}</p>`;
    learn(view);
    const names = seatNames(d);
    const cards = cardsById(view);
    const others = view.players.filter((p) => p.seat !== d.seat);
    const mine = view.players.filter((p) => p.seat === d.seat);
    const mid = combatHtml(view, names, cards, T, esc) + chainHtml(view, names, T, esc);
    // The decision is drawn in the bar above the table (afterRender); the view keeps a copy
    // for a spectator's reading order only when there is no bar.
    return `<div class="kt${mine.length ? ' seated' : ''}"><p class="turnline">${T('Kör', 'Turn')} ${view.turn} · ${T('fázis', 'phase')}: <b>${esc(word(T, PHASES, view.phase))}</b></p>` +
      others.map((p) => side(p, view, d, T, esc)).join('') +
      `<div class="mid${mid ? '' : ' calm'}" id="table-mid">${mid}</div>` +
      mine.map((p) => side(p, view, d, T, esc)).join('') +
      mine.map((p) => handDock(p, d, T, esc)).join('') + '</div>';
  }

  /* What a move costs, in credits, when the view tells (shown on its button). */
  function costOf(a, view) {
    const cards = cardsById(view);
    const c = a.card != null ? cards[a.card] : null;
    switch (a.type) {
      case 'play': case 'pay': return c && c.cost != null ? c.cost : null;
      case 'develop': case 'draw': return 1;
      case 'search': case 'ruin_draw': case 'heavy': return 2;
      default: return null;
    }
  }

  function describeAction(a, view, T) {
    const n = (id) => nm(id, T);
    const t = word(T, TYPES, a.type);
    const cost = costOf(a, view);
    const price = cost != null ? ` · ${cost} ${T('kredit', cost === 1 ? 'credit' : 'credits')}` : '';
    const opp = (a.opp != null && lastCtx) ? ` (${seatNames(lastCtx.data)[a.opp]})` : '';
    switch (a.type) {
      case 'play': return `${t}: ${n(a.card)}${a.target != null ? ' → ' + moveTarget(a, view, T) : hiddenTarget(a, T)}${price}`;
      case 'place': return `${t}: ${n(a.card)} ${word(T, ROLES, a.as)}${a.ship != null ? ' → ' + n(a.ship) : ''}`;
      case 'develop': case 'cash': return `${t}: ${n(a.base)}${price}`;
      case 'attack': return `${t}: ${word(T, TARGETS, a.target)}${a.pos != null ? ` (${a.pos + 1}.)` : ''}${a.card != null ? ': ' + n(a.card) : ''}${opp}`;
      case 'fire': return `${t}: ${n(a.ship)} → ${n(a.target)}`;
      case 'return': case 'no_return': case 'stealth': return `${t}${a.ship != null ? ': ' + n(a.ship) : ''}`;
      case 'board': return `${t}: ${n(a.crew)} → ${n(a.ship)}`;
      case 'pay': case 'pay_trap': return `${t}: ${n(a.card)}${price}`;
      case 'commit': case 'bomber': case 'heavy': case 'pyro': return `${t}: ${n(a.ship)}${price}`;
      case 'ability': return `${t}: ${n(a.card)} (${a.n + 1}.)${a.target != null ? ' → ' + moveTarget(a, view, T) : hiddenTarget(a, T)}`;
      case 'assign': return `${t}: ${n(a.ship != null ? a.ship : a.target)}`;
      case 'choose': {
        if (typeof a.pick === 'number' && KNOWN[a.pick]) return `${t}: ${n(a.pick)}`;
        if (a.pick === -1) return T('Választás: egyik sem', 'Choose: none');
        return `${t}: ${T('lehetőség', 'option')} ${typeof a.pick === 'number' ? a.pick + 1 : a.pick}`;
      }
      case 'draw': case 'search': case 'ruin_draw': return `${t}${price}`;
      case 'pass': {
        // a pass in a window names what it lets resolve: the newest chain item
        const items = ((view && view.chain) || []).slice().sort((x, y) => x.item - y.item);
        if (!items.length || !(view.decision && view.decision.kind === 'prio')) return t;
        return T(`${t}: nem válaszolok erre: ${chainItemName(items[items.length - 1], T)}`, `${t}: no answer to ${chainItemName(items[items.length - 1], T)}`);
      }
      default: return t;
    }
  }

  /* A move's numbered target by what the card aims at (its target_kind in the view): a
   * chain item ("2. Durmacél célterelő", numbered as the chain draws it), a seat, or a card. */
  function itemName(u, view, T) {
    const it = ((view && view.chain) || []).find((x) => x.item === u);
    if (it) return chainItemName(it, T);
    return ITEMS[u] != null ? `${u}. ${nm(ITEMS[u], T)}` : `${u}. ${T('láncelem', 'chain item')}`;
  }
  function moveTarget(a, view, T) {
    const t = a.target;
    if (typeof t !== 'number') return T('célpont', 'target');
    const tk = (KNOWN[a.card] || {}).tk;
    const onChain = ((view && view.chain) || []).some((x) => x.item === t);
    if (tk === 'chain' || (tk == null && onChain && !KNOWN[t])) return itemName(t, view, T);
    if (tk === 'opponent') return (lastCtx ? seatNames(lastCtx.data)[t] : '') || `${t + 1}.`;
    return KNOWN[t] ? nm(t, T) : T('célpont', 'target');
  }

  /* A target the seat may not identify (an opponent's face-down base or crew, KG-11.3,
   * KG-12.3) is named by where it lies: whose, which zone, which place in it. */
  function hiddenTarget(a, T) {
    if (a.target_seat == null) return '';
    const whose = lastCtx ? (seatNames(lastCtx.data)[a.target_seat] || '') : '';
    const zone = { surface: T('lefordított bázis', 'face-down base'), canteen: T('lefordított legénység a kantinban', 'face-down crew in the canteen'),
      ship: T('lefordított lap egy hajón', 'face-down card aboard a ship') }[a.target_zone] || T('lefordított lap', 'face-down card');
    const aboard = a.target_ship != null ? ` (${nm(a.target_ship, T)})` : '';
    return ` → ${whose ? whose + ': ' : ''}${zone}${aboard}, ${a.target_pos + 1}.`;
  }

  function actionTitle(type, T) { return word(T, TYPES, type); }

  /* One log line as a sentence: who did what, with which card, for how much, to what. */
  function describeEvent(e, view, T, d) {
    const names = d ? seatNames(d) : [];
    const who = e.seat != null ? (names[e.seat] || T('Valaki', 'Someone')) : '';
    const n = (id) => nm(id, T);
    const cr = (k) => `${k} ${T('kredit', k === 1 ? 'credit' : 'credits')}`;
    switch (e.type) {
      case 'turn': return T(`${e.turn}. kör: ${who} következik, +${cr(e.income)}.`, `Turn ${e.turn}: ${who} to play, +${cr(e.income)}.`);
      case 'keep': return T(`${who} megtartja a kezdőkezét.`, `${who} keeps the opening hand.`);
      case 'mulligan': return T(`${who} újraosztja a kezdőkezét.`, `${who} takes a mulligan.`);
      case 'draw': return e.card != null ? T(`${who} húzott: ${n(e.card)}.`, `${who} drew ${n(e.card)}.`) : T(`${who} húzott egy lapot.`, `${who} drew a card.`);
      case 'ruin_draw': return e.card != null ? T(`${who} a pusztulatból húzta: ${n(e.card)}.`, `${who} took ${n(e.card)} from the ruin.`) : T(`${who} húzott egy lapot a pusztulatból.`, `${who} took a card from the ruin.`);
      case 'search': return e.card != null ? T(`${who} a kolóniából kézbe vette: ${n(e.card)}.`, `${who} searched the colony and took ${n(e.card)}.`) : T(`${who} keresett a kolóniájában.`, `${who} searched the colony.`);
      case 'place': return T(`${who} lefordítva lerakott ${e.card != null ? n(e.card) : 'egy lapot'} ${word(T, ROLES, e.role)}${e.ship != null ? ' (' + n(e.ship) + ')' : ''}.`,
        `${who} placed ${e.card != null ? n(e.card) : 'a card'} face down ${word(T, ROLES, e.role)}${e.ship != null ? ' on ' + n(e.ship) : ''}.`);
      case 'develop': return T(`${who} fejlesztette a(z) ${e.pos + 1}. bázisát (1 kredit).`, `${who} developed base ${e.pos + 1} (1 credit).`);
      case 'cash': return T(`${who} beváltott egy fejlesztést (${e.pos + 1}. bázis).`, `${who} cashed a development (base ${e.pos + 1}).`);
      case 'played': {
        // A face-down target is named by where it lies (its identity stays hidden).
        const tw = e.target_where;
        const hid = (e.target == null && tw) ? hiddenTarget({ target_seat: tw.seat, target_zone: tw.zone, target_ship: tw.ship, target_pos: tw.pos }, T) : '';
        if (e.item != null && typeof e.card === 'number') ITEMS[e.item] = e.card;
        const num = e.item != null ? `${e.item}. ` : '';
        const tgt = e.target != null && typeof e.target === 'number' ? moveTarget({ card: e.card, target: e.target }, view, T) : '';
        const to = tgt && tgt !== T('célpont', 'target') ? tgt : '';
        return T(`${who} kijátszotta: ${num}${n(e.card)}${to ? ' → ' + to : hid} (${cr(e.cost || 0)}).`,
          `${who} played ${num}${n(e.card)}${to ? ' on ' + to : hid} (${cr(e.cost || 0)}).`);
      }
      case 'pays': return T(`${who} kifizette: ${n(e.card)} (${cr(e.cost || 0)}).`, `${who} paid for ${n(e.card)} (${cr(e.cost || 0)}).`);
      case 'ability': return T(`${who} képességet használ: ${n(e.card)}${e.ability && ABILITIES[e.ability] ? ' – ' + word(T, ABILITIES, e.ability) : ''}.`,
        `${who} uses an ability of ${n(e.card)}${e.ability && ABILITIES[e.ability] ? ' – ' + word(T, ABILITIES, e.ability) : ''}.`);
      case 'resolved': return T(`Teljesül: ${n(e.card)}.`, `${n(e.card)} resolves.`);
      case 'no_effect': return T(`${n(e.card)} hatástalan (${e.why === 'neutralised' ? 'semlegesítették' : 'a célpontja elveszett'}).`,
        `${n(e.card)} has no effect (${e.why === 'neutralised' ? 'neutralised' : 'its target is gone'}).`);
      case 'neutralised': return T(`${n(e.card)} semlegesítve.`, `${n(e.card)} is neutralised.`);
      case 'pass': return e.auto ? T(`${who} passzolt (a megállásai szerint, automatikusan).`, `${who} passed (automatically, by their stops).`) : T(`${who} passzolt.`, `${who} passed.`);
      case 'attack': {
        const opp = names[e.opponent] || '';
        const what = e.card != null ? ` (${n(e.card)})` : e.pos != null ? ` (${e.pos + 1}.)` : '';
        return T(`${who} megtámadta ${opp} ${word(T, TARGET_OF, e.target)}${what}.`, `${who} attacked ${opp}'s ${word(T, TARGETS, e.target)}${what}.`);
      }
      case 'commit': return T(`${who} harcba küldte: ${n(e.ship)}.`, `${who} committed ${n(e.ship)} to the combat.`);
      case 'board': return T(`${who} beszállította ${e.crew != null ? n(e.crew) : 'egy lefordított legénységét'} ide: ${n(e.ship)}.`, `${who} boarded ${e.crew != null ? n(e.crew) : 'a face-down crew'} onto ${n(e.ship)}.`);
      case 'equip_done': {
        const k = (e.ships || []).length;
        return k ? T(`${who} ${k} hajóval harcol.`, `${who} fights with ${k} ship${k > 1 ? 's' : ''}.`) : T(`${who} nem védekezik hajóval.`, `${who} does not defend with ships.`);
      }
      case 'fire': return T(`${n(e.ship)} (${who}) tüzel: ${n(e.target)}.`, `${n(e.ship)} (${who}) fires at ${n(e.target)}.`);
      case 'return_fire': return T(`${n(e.ship)} visszalő: ${n(e.target)}.`, `${n(e.ship)} returns fire at ${n(e.target)}.`);
      case 'no_return': return T(`${n(e.ship)} nem lő vissza.`, `${n(e.ship)} does not return fire.`);
      case 'fire_pass': return T(`${who} kivár a tüzeléssel.`, `${who} holds fire.`);
      case 'shot_damage': return T('Sebzés: ', 'Damage: ') + (e.damage || []).map(([id, k]) => `${n(id)} −${k}`).join(', ') + '.';
      case 'damaged': {
        const what = e.card != null ? n(e.card) : (e.where ? hiddenTarget({ target_seat: e.where.seat, target_zone: e.where.zone, target_ship: e.where.ship, target_pos: e.where.pos }, T).replace(' → ', '') : T('Egy lefordított lap', 'A face-down card'));
        return T(`${what} megsérült (${e.amount}).`, `${what} is damaged (${e.amount}).`);
      }
      case 'firing_over': return T('Véget ért a tüzelés.', 'Firing is over.');
      case 'bombard_declared': return T(`${who} bombázni készül (${(e.ships || []).map(n).join(', ')}); a védő még közbeszólhat.`, `${who} is about to bombard (${(e.ships || []).map(n).join(', ')}); the defender may still respond.`);
      case 'bombard': return T(`${who} bombáz ${e.total} erővel (${(e.ships || []).map(n).join(', ')}).`, `${who} bombards for ${e.total} (${(e.ships || []).map(n).join(', ')}).`);
      case 'milled': return T(`${who} kolóniájából ${e.count} lap a pusztulatba került.`, `${e.count} card${e.count === 1 ? '' : 's'} of ${who}'s colony went to the ruin.`);
      case 'discard': return e.card != null ? T(`${who} eldobta: ${n(e.card)}.`, `${who} discarded ${n(e.card)}.`) : T(`${who} eldobott egy lapot.`, `${who} discarded a card.`);
      case 'chooses': return T(`${who} választott (${n(e.card)}).`, `${who} made a choice (${n(e.card)}).`);
      case 'credits': return e.amount >= 0 ? T(`${who} +${cr(e.amount)}.`, `${who} gains ${cr(e.amount)}.`) : T(`${who} −${cr(-e.amount)}.`, `${who} loses ${cr(-e.amount)}.`);
      case 'modified': {
        const st = STATS.find(([k]) => k === e.stat);
        const label = st ? T(st[3], st[4]) : e.stat;
        return T(`${n(e.card)}: ${label} ${e.amount > 0 ? '+' : ''}${e.amount}.`, `${n(e.card)}: ${label} ${e.amount > 0 ? '+' : ''}${e.amount}.`);
      }
      case 'leaves_play': return T(`${n(e.card)} kikerült a játékból ${word(T, ZONE_TO, e.to)} (${word(T, LEAVES, e.reason)}).`,
        `${n(e.card)} left play ${word(T, ZONE_TO, e.to)} (${word(T, LEAVES, e.reason)}).`);
      case 'combat_over': return T('A harc véget ért.', 'The combat is over.');
      case 'end_phase': return T(`${who} befejező fázisa.`, `${who}'s end phase.`);
      case 'end_turn': return T(`${who} befejezte a körét.`, `${who} ended the turn.`);
      case 'eliminated': return T(`${who} kiesett.`, `${who} is out.`);
      case 'resign': return T(`${who} feladta.`, `${who} resigned.`);
      case 'game_over': return T(`Vége a játszmának. Győztes: ${(e.winners || []).map((s) => names[s]).join(', ') || 'nincs'}.`,
        `The match is over. Winner: ${(e.winners || []).map((s) => names[s]).join(', ') || 'none'}.`);
      case 'adjudicated': return T('A szervező eldöntötte a játszmát.', 'The organiser decided the match.');
      default: return T('Esemény', 'Event') + (who ? `: ${who}` : '');
    }
  }

  /* Actions that involve a drawn component: a card (by id), a hidden card (by zone and
   * position), or a player's colony / hand (attack targets). */
  function actionsFor(el, legal, view, mySeat) {
    const acts = legal.actions || [];
    if (el.dataset.card != null) {
      const id = +el.dataset.card;
      return acts.filter((a) => ['card', 'ship', 'base', 'crew', 'pick'].some((k) => a[k] === id) || (a.type === 'play' && a.target === id && !aimsAtChain(a, view)) ||
        (a.type === 'fire' && a.target === id) || (a.type === 'attack' && a.card === id));
    }
    const sideEl = el.closest('[data-side]');
    const seat = sideEl ? +sideEl.dataset.side : null;
    if (el.dataset.target) {
      return acts.filter((a) => a.type === 'attack' && a.target === el.dataset.target && seat !== mySeat && (a.opp == null || a.opp === seat));
    }
    if (el.classList.contains('hidden') && el.dataset.pos != null && el.dataset.where === 'surface') {
      return acts.filter((a) => a.type === 'attack' && a.target === 'base' && a.pos === +el.dataset.pos && (a.opp == null || a.opp === seat));
    }
    return [];
  }

  /* "End turn" while a card can still be played or an attack declared asks first
   * (developing, drawing and the like are routine and do not). */
  function confirmAction(a, view, T, legal) {
    if (a.type !== 'end_turn' || !legal) return null;
    const left = (legal.actions || []).filter((x) => x.type === 'play' || x.type === 'attack');
    if (!left.length) return null;
    const plays = left.filter((x) => x.type === 'play').length;
    const attacks = left.length - plays;
    return T(`Még ${[plays ? plays + ' kijátszás' : '', attacks ? attacks + ' támadás' : ''].filter(Boolean).join(' és ')} lehetséges ebben a körben. Biztosan befejezed a kört?`,
      `You can still make ${[plays ? plays + ' play' + (plays > 1 ? 's' : '') : '', attacks ? attacks + ' attack' + (attacks > 1 ? 's' : '') : ''].filter(Boolean).join(' and ')} this turn. End the turn anyway?`);
  }

  /* Answering for the person without revealing the hand (KG-12.3: nothing about the
   * cards in hand may be given out). Windows are the server's: it passes for the person
   * at every window their *stops* do not ask them at, and answers "done" in a combat step
   * with nothing of its own (decided on what everybody sees, never on the hand), so a
   * decision that reaches the board is one the person asked for, and the board never
   * answers it after a pause. Only with no card in hand and one possible answer does the
   * board answer at once: the opponent sees the empty hand, so it tells nothing. */
  function forcedAction(legal, view, d) {
    const acts = (legal && legal.actions) || [];
    if (!acts.length || !view || d.seat == null) return null;
    // A person studying a sandbox position from every seat steps through it: the board
    // never moves for them.
    if (d.options && d.options.sandbox && (d.your_seats || []).length > 1) return null;
    const me = view.players[d.seat];
    if (acts.length === 1 && me && me.hand_count === 0) return acts[0];
    return null;
  }

  /* The stops on the table: two one-tap switches (like MTG Arena's full control and its
   * "pass until my next turn"), kept by the server for this match; the account page keeps
   * the person's own. */
  const STOP_HELP = [
    'Közbeszólási lehetőség (ablak) minden kijátszás után nyílik. A szerver passzol helyetted azoknál, ahol nem kérted, hogy megálljon — csak abból dönt, amit mindenki lát, sosem abból, ami a kezedben van, így a passzod semmit nem árul el. Alapból megáll, ha az ellenfél lapja vagy képessége téged vagy a lapodat célozza, és ha az ellenfél támadást jelent be; a saját kijátszásod után sosem.',
    'A chance to interrupt (a window) opens after every play. The server passes for you at those where you did not ask it to stop — it decides only from what everybody sees, never from your hand, so your pass gives nothing away. By default it stops when an opponent\'s card or ability names you or a card of yours, and when an opponent declares an attack; never after your own play.'];

  function stopsControl() {
    const tools = document.querySelector('.board-tools');
    const board = document.getElementById('board');
    if (!tools || !board || !board.dataset.seat || board.dataset.status === 'finished' || document.getElementById('stops')) return;
    const hu = (document.documentElement.lang || 'hu').startsWith('hu');
    const T = (h, e) => (hu ? h : e);
    const url = `/api/v1/matches/${board.dataset.match}/stops/`;
    const box = document.createElement('div');
    box.id = 'stops';
    box.className = 'stops small';
    box.innerHTML = `<span class="stops-title">${T('Megállások:', 'Stops:')}</span>` +
      `<button type="button" id="stop-full" aria-pressed="false">${T('Kérdezz minden ablaknál', 'Ask me at every window')}</button>` +
      `<button type="button" id="stop-skip" aria-pressed="false">${T('Passzolj a következő körömig', 'Pass until my next turn')}</button>` +
      `<details class="stops-help"><summary>${T('Mi ez?', 'What is this?')}</summary><p>${T(STOP_HELP[0], STOP_HELP[1])}</p>` +
      `<p><a href="/play/stops/">${T('Saját alapbeállításaim', 'My own default stops')}</a></p></details>`;
    tools.insertBefore(box, tools.firstChild);
    const full = box.querySelector('#stop-full');
    const skip = box.querySelector('#stop-skip');
    let kinds = [];
    // Requests are numbered and only the newest one's answer is shown: on a slow server the
    // first read of the stops can answer after a tap's change, and showing it then would
    // undo the tap on the screen.
    let asked = 0;
    function show(n, s) {
      if (n !== asked || !s || !s.ask) return;
      kinds = s.ask;
      full.setAttribute('aria-pressed', String(s.match_own && s.ask.length >= 5));
      skip.setAttribute('aria-pressed', String(!!s.pass_until_next_turn));
    }
    async function send(body) {
      const n = ++asked;
      const r = await fetch(url, { method: 'PUT', credentials: 'same-origin', body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRFToken': board.dataset.csrf } });
      if (r.ok) show(n, await r.json());
    }
    full.addEventListener('click', () => send({ ask: full.getAttribute('aria-pressed') === 'true' ? null : ['own', 'aimed', 'combat', 'opponent', 'step'] }));
    skip.addEventListener('click', () => send({ pass_until_next_turn: skip.getAttribute('aria-pressed') !== 'true' }));
    const first = ++asked;
    fetch(url, { credentials: 'same-origin', headers: { 'Accept': 'application/json' } })
      .then((r) => (r.ok ? r.json() : null)).then((s) => show(first, s)).catch(() => {})
      .finally(() => { box.dataset.read = 'true'; });   // (read: shown, or passed over)
    return kinds;
  }
  stopsControl();

  /* The end screen: Rematch first, beside the result, so a phone shows it without
   * scrolling past the summary (players/rematch.js adds the button at the end). */
  function rematchFirst() {
    const out = document.getElementById('outcome');
    const row = out && out.querySelector('.rematch-row');
    if (!row) return;
    const result = out.querySelector('#result');
    const after = result ? result.nextSibling : out.firstChild;
    if (row !== after && row.previousSibling !== result) out.insertBefore(row, after);
  }
  new MutationObserver(rematchFirst).observe(document.body, { subtree: true, childList: true });

  function describeError(e, T) {
    const code = (e.details && e.details.code) || e.code;
    return REASONS[code] ? L(T, REASONS[code]) : null;
  }
  function outcomeReason(r, T) { return OUTCOME[r] ? L(T, OUTCOME[r]) : null; }

  /* The end of the match in a few lines: when it ended, and for each player what is left
   * (colony, ships), what was lost (trash, ruin) and how often they attacked. */
  function outcomeSummary(view, d, T, esc) {
    if (!view || !view.players) return '';
    const names = seatNames(d);
    const attacks = {};
    document.querySelectorAll('#log li').forEach((li) => { const e = li._event; if (e && e.type === 'attack') attacks[e.seat] = (attacks[e.seat] || 0) + 1; });
    const head = [T('Kolónia', 'Colony'), T('Hajók', 'Ships'), T('Szemét', 'Trash'), T('Pusztulat', 'Ruin'), T('Támadások', 'Attacks')];
    return `<p class="summary">${esc(T(`A játszma a(z) ${view.turn}. körben ért véget.`, `The match ended in turn ${view.turn}.`))}</p>` +
      `<table class="end-table"><thead><tr><th>${T('Játékos', 'Player')}</th>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>` +
      view.players.map((p) => `<tr><th>${esc(names[p.seat] || '')}</th><td>${p.colony}</td><td>${(p.hangar || []).length}</td><td>${(p.trash || []).length}</td><td>${p.ruin_count}</td><td>${attacks[p.seat] || 0}</td></tr>`).join('') +
      '</tbody></table>';
  }

  // ---------------------------------------------------------------- the card popover
  let pop = null;
  let popFor = null;
  let hoverTimer = null;
  // A popover opened by hovering is a tooltip: the pointer passes through it (so it never
  // hides the next card) and it closes when the pointer leaves the card. Clicking or
  // tapping a card opens it to stay, with the card's moves and its link.

  function popover() {
    if (pop) return pop;
    pop = document.createElement('div');
    pop.id = 'card-pop';
    pop.setAttribute('role', 'dialog');
    pop.hidden = true;
    document.body.appendChild(pop);
    // Its content can grow after it is placed (the card's picture arrives a moment later):
    // placed again then, so it never reaches past the edge of the screen.
    if (window.ResizeObserver) new ResizeObserver(() => { if (!pop.hidden && popFor) place(pop, popFor); }).observe(pop);
    document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') closePop(); });
    document.addEventListener('click', (ev) => {
      if (pop.hidden) return;
      if (pop.contains(ev.target) || (popFor && popFor.contains(ev.target))) return;
      closePop();
    });
    return pop;
  }
  // (a hover still waiting to open would open it again)
  function closePop() { clearTimeout(hoverTimer); if (pop) { pop.hidden = true; pop.innerHTML = ''; } popFor = null; }

  function openPop(el, by, only) {
    const ctx = lastCtx;
    if (!ctx) return;
    const { T, esc, view, legal, data } = ctx;
    const p = popover();
    popFor = el;
    p.dataset.by = by;
    const cards = cardsById(view);
    let html = '';
    if (el.dataset.card != null) {
      const id = +el.dataset.card;
      const c = cards[id] || (view.decision && (view.decision.cards || []).find((x) => x.id === id)) || (KNOWN[id] ? { slug: KNOWN[id].slug, name: KNOWN[id].name } : {});
      const m = META[c.slug] || {};
      const title = nameOfSlug(c.slug, c.name, T);
      const text = T(m.text_hu, m.text_en || m.text_hu);
      const kind = [word(T, KINDS, c.type), c.subtype ? word(T, SUBTYPES, c.subtype) : ''].filter(Boolean).join(' · ');
      const stats = STATS.filter(([k]) => c[k] != null).map(([k, , , h, e]) => {
        const v = k === 'armor' && c.armor_now != null && c.armor_now !== c.armor ? `${c.armor_now}/${c.armor}` : c[k];
        return `<dt>${T(h, e)}</dt><dd>${esc(v)}</dd>`;
      }).join('');
      const mods = c.modifiers ? Object.entries(c.modifiers).map(([k, v]) => {
        const st = STATS.find(([s]) => s === k);
        return `${st ? T(st[3], st[4]) : k} ${v > 0 ? '+' : ''}${v}`;
      }).join(', ') : '';
      const abil = (c.abilities || []).map((a) => `${word(T, ABILITIES, a)}${ABILITY_RULE[a] ? ` <span class="muted">(${ABILITY_RULE[a]})</span>` : ''}`).join(', ');
      const st = stateWords(c, T);
      // The card's picture (a collector's scan, or a practice card's generated face).
      const pic = m.image_uris && (m.image_uris.normal || m.image_uris.small);
      html = (pic ? `<img class="pop-img" src="${esc(pic)}" alt="${esc(title)}" loading="lazy">` : '') +
        `<h3>${esc(title)}</h3><p class="muted">${esc(kind)} · ${T('ár', 'cost')} ${c.cost != null ? esc(c.cost) : '?'} ${T('kredit', 'credits')}` +
        `${m.official === false ? ` · <span class="badge unofficial">${T('nem hivatalos gyakorló lap', 'unofficial practice card')}</span>` : ''}</p>` +
        (stats ? `<dl class="pstats">${stats}</dl>` : '') + (mods ? `<p>${T('Módosítók', 'Modifiers')}: ${esc(mods)}</p>` : '') +
        (abil ? `<p>${T('Képességek', 'Abilities')}: ${abil}</p>` : '') + (c.dev_limit != null ? `<p>${T('Fejlesztési limit', 'Development limit')}: ${esc(c.dev_limit)}</p>` : '') +
        `<p class="ctext">${text ? esc(text) : `<span class="muted">${m.slug ? T('A lapnak nincs ismert szövege.', 'No text is known for this card.') : T('A lap szövege töltődik…', 'Loading the card text…')}</span>`}</p>` +
        (st.length ? `<p class="muted">${T('Állapot', 'State')}: ${esc(st.join(', '))}</p>` : '') +
        (c.slug ? `<p><a class="card-link" href="/cards/${encodeURIComponent(c.slug)}/">${T('A lap oldala', 'Card page')} ›</a></p>` : '');
    } else if (el.dataset.target) {
      html = `<h3>${esc(seatNames(data)[+(el.closest('[data-side]') || {}).dataset.side] || '')}: ${esc(word(T, TARGETS, el.dataset.target))}</h3>` +
        `<p class="muted">${el.dataset.target === 'colony' ? T('A kolónia a húzópakli; ha elfogy, a gazdája veszít (KG-12).', 'The colony is the draw deck; when it runs out its owner loses (KG-12).')
          : T('A kézben tartott lapok (központ); ennek bombázásakor lapot kell eldobni (KG-9.8.3).', 'The cards in hand (central); bombarding it forces a discard (KG-9.8.3).')}</p>`;
    } else if (el.dataset.item != null) {
      const it = (view.chain || []).find((x) => x.item === +el.dataset.item);
      html = `<h3>${esc(it ? chainItemName(it, T) : '')}</h3><p class="muted">${T('A lánc eleme (KG-10).', 'An item on the chain (KG-10).')}</p>`;
    } else if (el.classList.contains('side-h')) {
      html = `<h3>${esc(el.textContent)}</h3>`;
    } else {
      html = `<h3>${T('Rejtett lap', 'Hidden card')}</h3><p class="muted">${T('Lefordított lap: csak a gazdája látja (KG-6.12).', 'A face-down card: only its owner sees it (KG-6.12).')}</p>`;
    }
    const acts = only ? only.map((i) => legal.actions[i]) : actionsFor(el, legal, view, data.seat);
    if (acts.length) {
      html += `<div class="pop-acts">` + acts.map((a) => `<button type="button" class="primary pop-act" data-i="${legal.actions.indexOf(a)}">${esc(describeAction(a, view, T))}</button>`).join('') + '</div>';
    }
    html += `<button type="button" class="pop-close" aria-label="${T('Bezárás', 'Close')}">×</button>`;
    p.innerHTML = html;
    p.setAttribute('aria-label', (p.querySelector('h3') || {}).textContent || '');
    p.querySelectorAll('.pop-act').forEach((b) => b.addEventListener('click', () => {
      const a = legal.actions[+b.dataset.i];
      closePop();
      ctx.act(a);
    }));
    p.querySelector('.pop-close').addEventListener('click', closePop);
    p.hidden = false;
    place(p, el);
  }

  function place(p, el) {
    const r = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const w = Math.min(352, vw - 16);
    p.style.width = w + 'px';
    p.style.maxHeight = Math.round(Math.min(vh * 0.7, vh - 16)) + 'px';   // never off the screen
    p.style.left = Math.max(8, Math.min(r.left, vw - w - 8)) + 'px';
    const h = p.offsetHeight;
    const below = r.bottom + 6;
    p.style.top = (below + h <= vh - 8 ? below : Math.max(8, r.top - h - 6)) + 'px';
  }

  // ------------------------------------------------- the bar, and click a card then its target
  // The bar above the table holds the status line (whose turn, the clocks), the decision,
  // what a window answers, the moves that belong to no card (pass, done, end turn, draw…)
  // and the automatic-pass note; it stays at the top of the screen over the table.
  function hud() {
    let h = document.getElementById('kgk-hud');
    if (h) return h;
    const view = document.getElementById('view');
    if (!view) return null;
    h = document.createElement('div');
    h.id = 'kgk-hud';
    h.className = 'hud';
    h.innerHTML = '<div id="hud-decision"></div><div id="hud-armed" hidden></div><div class="hud-row"><div id="hud-acts" class="hud-acts"></div></div>';
    ['outcome', 'status-line'].forEach((k) => { const e = document.getElementById(k); if (e) h.insertBefore(e, h.firstChild); });
    const row = h.querySelector('.hud-row');
    ['auto-note'].forEach((k) => { const e = document.getElementById(k); if (e) row.appendChild(e); });
    ['action-error'].forEach((k) => { const e = document.getElementById(k); if (e) h.appendChild(e); });
    view.parentNode.insertBefore(h, view);
    // settings and resigning are rarely needed: below the table, out of the first screen
    const tools = document.querySelector('.board-tools');
    const grid = document.querySelector('.board-grid');
    if (tools && grid) {
      const panel = document.createElement('section');
      panel.className = 'panel';
      panel.id = 'tools-panel';
      const hu = (document.documentElement.lang || 'hu').startsWith('hu');
      panel.innerHTML = `<h2>${hu ? 'Beállítások' : 'Settings'}</h2>`;
      panel.appendChild(tools);
      grid.appendChild(panel);
    }
    return h;
  }

  const aimsAtChain = (a, view) => {
    if (a.type !== 'play' && a.type !== 'ability') return false;
    const tk = (KNOWN[a.card] || {}).tk;
    return tk === 'chain' || (tk == null && ((view && view.chain) || []).some((x) => x.item === a.target) && !KNOWN[a.target]);
  };

  /* The element on the table a move aims at, if it is drawn there. */
  function targetEl(a, ctx) {
    const root = ctx.el;
    if (a.target_zone != null) {
      const sideEl = root.querySelector(`.side:not(.hand-dock)[data-side="${a.target_seat}"]`);
      if (!sideEl) return null;
      if (a.target_zone === 'ship') {
        const ship = sideEl.querySelector(`button.card[data-card="${a.target_ship}"]`);
        const wrap = ship && ship.closest('.card-wrap');
        return wrap ? wrap.querySelectorAll('.att > .card')[a.target_pos] || null : null;
      }
      return sideEl.querySelector(`[data-zone="${a.target_zone}"] .card.hidden[data-pos="${a.target_pos}"]`);
    }
    if (typeof a.target !== 'number') return null;
    if (aimsAtChain(a, ctx.view)) return root.querySelector(`#chain li[data-item="${a.target}"]`);
    if ((KNOWN[a.card] || {}).tk === 'opponent') return root.querySelector(`.side.opp[data-side="${a.target}"] .side-h`);
    return root.querySelector(`.side:not(.hand-dock) button.card[data-card="${a.target}"]`);
  }

  /* The moves a clicked card makes on a target: played from the hand, an ability, a ship
   * firing, a crew boarding, an armament placed on a ship. */
  function aimedFrom(id, ctx) {
    return (ctx.legal.actions || []).map((a, i) => [a, i]).filter(([a]) =>
      (a.card === id && (a.type === 'play' || a.type === 'ability' || (a.type === 'place' && a.ship != null))) ||
      (a.type === 'fire' && a.ship === id) || (a.type === 'board' && a.crew === id))
      .map(([a, i]) => [a, i, a.type === 'place' ? ctx.el.querySelector(`.side:not(.hand-dock) button.card[data-card="${a.ship}"]`)
        : a.type === 'board' ? ctx.el.querySelector(`.side:not(.hand-dock) button.card[data-card="${a.ship}"]`) : targetEl(a, ctx)])
      .filter(([, , el]) => el);
  }

  let armed = null;   // {id, acts: [[action, index, element]]}
  function disarm() {
    document.querySelectorAll('.target-ok').forEach((e) => { e.classList.remove('target-ok'); delete e.dataset.armI; });
    document.querySelectorAll('.armed').forEach((e) => e.classList.remove('armed'));
    const bar = document.getElementById('hud-armed');
    if (bar) { bar.hidden = true; bar.innerHTML = ''; }
    armed = null;
  }

  function arm(el, acts, ctx) {
    disarm();
    const { T, esc } = ctx;
    armed = { el, acts };
    el.classList.add('armed');
    acts.forEach(([, i, t]) => {
      t.classList.add('target-ok');
      t.dataset.armI = (t.dataset.armI ? t.dataset.armI + ',' : '') + i;
    });
    const bar = document.getElementById('hud-armed');
    if (bar) {
      const name = nm(+el.dataset.card, T);
      // the card's moves without a target (placing it face down as a base…) stay one tap away
      const aimedIdx = new Set(acts.map(([, i]) => i));
      const others = actionsFor(el, ctx.legal, ctx.view, ctx.data.seat).map((a) => ctx.legal.actions.indexOf(a)).filter((i) => !aimedIdx.has(i));
      bar.innerHTML = `<span>${esc(T(`${name}: kattints a kiemelt célpontra`, `${name}: click a highlighted target`))}</span> ` +
        (others.length ? `<span class="muted small">${T('vagy', 'or')}</span> ` + others.map((i) => `<button type="button" class="small arm-act" data-i="${i}">${esc(describeAction(ctx.legal.actions[i], ctx.view, T))}</button>`).join(' ') + ' ' : '') +
        `<button type="button" class="small" id="arm-info">${T('A lap', 'The card')}</button> <button type="button" class="small" id="arm-cancel">${T('Mégse', 'Cancel')}</button>`;
      bar.hidden = false;
      bar.querySelectorAll('.arm-act').forEach((b) => b.addEventListener('click', () => { const a = ctx.legal.actions[+b.dataset.i]; disarm(); ctx.act(a); }));
      bar.querySelector('#arm-cancel').addEventListener('click', disarm);
      bar.querySelector('#arm-info').addEventListener('click', (ev) => { ev.stopPropagation(); openPop(el, 'click'); });
    }
  }

  function onTarget(t, ctx) {
    const idx = (t.dataset.armI || '').split(',').filter(Boolean).map(Number);
    disarm();
    if (idx.length === 1) { closePop(); ctx.act(ctx.legal.actions[idx[0]]); return; }
    openPop(t, 'click', idx);
  }

  /* Every legal move has a place: on a drawn card or pile, or as a button in the bar. A
   * combat step's own moves (pay, fire, return fire, commit, bomb…) are in the bar as well
   * as on their cards, so the step's real move is never only "Done". */
  const MAIN_CARD_MOVES = ['play', 'ability', 'place', 'attack', 'develop', 'cash', 'draw'];
  function hudActions(ctx, claimed) {
    const box = document.getElementById('hud-acts');
    if (!box) return;
    const { T, esc, legal, data } = ctx;
    const kind = data.view && data.view.decision && data.view.decision.kind;
    const inBar = (a, i) => !claimed.has(i) || (kind !== 'main' && kind !== 'prio' && !MAIN_CARD_MOVES.includes(a.type));
    const free = data.status === 'active' ? (legal.actions || []).map((a, i) => [a, i]).filter(([a, i]) => inBar(a, i)) : [];
    box.innerHTML = free.map(([a, i]) => `<button type="button" class="hud-act${['pass', 'done', 'end_turn', 'keep', 'no_return', 'assign_done', 'decline'].includes(a.type) ? '' : ' primary'}" data-i="${i}">${esc(describeAction(a, data.view, T))}</button>`).join('');
    box.querySelectorAll('button.hud-act').forEach((b) => b.addEventListener('click', () => ctx.act(legal.actions[+b.dataset.i])));
  }

  /* New log lines may name what a window answers and the shots of a combat: redraw those
   * two parts (board.js calls this after adding events). */
  function afterEvents() {
    const ctx = lastCtx;
    if (!ctx || !ctx.view) return;
    const { T, esc, view, data } = ctx;
    const names = seatNames(data);
    const ans = document.getElementById('answering');
    if (ans && view.decision && view.decision.kind === 'prio') {
      ans.innerHTML = `${T('Válasz erre', 'Answering')}: <b>${esc(answeringWords(view, names, T))}</b>`;
    }
    const cb = document.getElementById('combat');
    if (cb) cb.outerHTML = combatHtml(view, names, cardsById(view), T, esc);
  }

  function afterRender(ctx) {
    lastCtx = ctx;
    closePop();
    armed = null;
    const bar = hud();
    const { T, esc, view, data } = ctx;
    const dec = document.getElementById('hud-decision');
    if (dec) dec.innerHTML = view ? (view.decision ? decisionHtml(view, data, seatNames(data), T, esc) : `<p class="turnline">${T('Kör', 'Turn')} ${view.turn} · ${T('fázis', 'phase')}: <b>${esc(word(T, PHASES, view.phase))}</b></p>`) : '';
    const armedBar = document.getElementById('hud-armed');
    if (armedBar) { armedBar.hidden = true; armedBar.innerHTML = ''; }
    const claimed = new Set();
    const acts = ctx.legal.actions || [];
    ctx.el.querySelectorAll('.card, .zone-act').forEach((el) => {
      if (el.classList.contains('count')) return;
      const mine = actionsFor(el, ctx.legal, ctx.view, ctx.data.seat);
      mine.forEach((a) => claimed.add(acts.indexOf(a)));
      if (mine.length) el.classList.add('can-act');
      el.addEventListener('click', (ev) => {
        ev.stopPropagation();
        const aim = armed && el.closest('.target-ok');   // (a card drawn inside a chain item)
        if (aim) { onTarget(aim, ctx); return; }
        const aimed = el.dataset.card != null && !(armed && armed.el === el) ? aimedFrom(+el.dataset.card, ctx) : [];
        if (aimed.length) { closePop(); arm(el, aimed, ctx); return; }
        disarm();
        if (popFor === el && pop && !pop.hidden && pop.dataset.by === 'click') closePop(); else openPop(el, 'click');
      });
      // Pointer events, not mouse events: a tap also sends emulated mouse events, and
      // only a pointer event says it came from a finger.
      el.addEventListener('pointerenter', (ev) => {
        if (ev.pointerType !== 'mouse') return;
        clearTimeout(hoverTimer);
        hoverTimer = setTimeout(() => { if (!pop || pop.hidden || pop.dataset.by === 'hover') openPop(el, 'hover'); }, 250);
      });
      el.addEventListener('pointerleave', () => {
        clearTimeout(hoverTimer);
        if (pop && !pop.hidden && pop.dataset.by === 'hover' && popFor === el) closePop();
      });
    });
    // chain items and a seat's name are targets too (an interrupt on an interrupt, a card
    // aimed at a player)
    ctx.el.querySelectorAll('#chain li[data-item], .side-h').forEach((el) => el.addEventListener('click', (ev) => {
      if (armed && el.classList.contains('target-ok')) { ev.stopPropagation(); onTarget(el, ctx); }
    }));
    // an action aimed from a card is claimed by that card
    acts.forEach((a, i) => {
      if ((a.type === 'play' || a.type === 'ability') && ctx.el.querySelector(`button.card[data-card="${a.card}"]`)) claimed.add(i);
    });
    hudActions(ctx, claimed);
    ctx.el.querySelectorAll('.rule-link').forEach((a) => a.addEventListener('click', () => {
      const box = document.getElementById('rules-help');
      if (box) box.open = true;
    }));
    if (bar) bar.querySelectorAll('.rule-link').forEach((a) => a.addEventListener('click', () => {
      const box = document.getElementById('rules-help');
      if (box) box.open = true;
    }));
    renderHelp(ctx);
  }

  function renderHelp(ctx) {
    const body = document.getElementById('rules-help-body');
    if (!body) return;
    const { T, esc, view } = ctx;
    const cur = view && view.decision && RULE_OF[view.decision.kind];
    body.innerHTML = `<p class="muted small">${T('A játék szabályainak rövid összefoglalása; a hivatkozás a szabálykönyv pontja.', 'A short summary of the rules; the number is the rulebook section.')}</p><dl class="help">` +
      HELP.map(([r, h, e, th, te]) => `<dt id="help-${r}"${r === cur ? ' class="current"' : ''}>${esc(T(h, e))} <span class="muted">(${r})</span></dt><dd>${esc(T(th, te))}</dd>`).join('') +
      `</dl><p class="small">${T('Lépések a táblán: kattints (érintsd meg) a lapot, amivel lépni akarsz, aztán a kiemelt célpontját; a célpont nélküli lépései a felugró ablakban, a lap nélküli lépések (passz, kész, kör vége, húzás) a fenti sávban vannak. Minden lépés a „Lépéseid” listában is megvan.',
        'On the table: click (tap) the card you act with, then its highlighted target; its moves without a target are in the popover, the moves without a card (pass, done, end turn, draw) in the bar above. Every move is also in the “Your moves” list.')}</p>`;
  }

  window.KaoszBoard = { afterEvents, renderView, describeAction, actionTitle, describeEvent, afterRender, prepare, confirmAction, describeError, outcomeReason, outcomeSummary, forcedAction };
})();
