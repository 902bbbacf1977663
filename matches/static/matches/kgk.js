/* Káosz Galaktika board: both sides' zones as the viewer may see them, card states,
 * credits, the interrupt chain, combat, whose decision it is, and readable move labels.
 * Loaded only by matches/boards/kgk.html; board.js does the talking to the API. */
(function () {
  'use strict';
  const ZONES = [['hand', 'Kéz', 'Hand'], ['hangar', 'Hangár', 'Hangar'], ['canteen', 'Kantin', 'Canteen'],
    ['surface', 'Felszín (bázisok)', 'Surface (bases)'], ['trash', 'Szemét', 'Trash'], ['ruin', 'Rom', 'Ruin']];
  const DECISIONS = {
    main: ['fő fázis: lépés', 'main phase: a move'], prio: ['közbeszólási lehetőség', 'a chance to interrupt'],
    equip: ['harc: felszerelés', 'combat: equip'], pay: ['harc: fizetés', 'combat: pay'], fire: ['harc: tűz', 'combat: fire'],
    ret: ['harc: viszonttűz', 'combat: return fire'], bomb: ['harc: bombázás', 'combat: bombard'],
    mulligan: ['kezdőkéz: megtartás vagy újraosztás', 'opening hand: keep or mulligan'], choose: ['választás', 'a choice'],
  };
  const TYPES = {
    play: ['Kijátszás', 'Play'], place: ['Lerakás', 'Place'], develop: ['Fejlesztés', 'Develop'], cash: ['Beváltás', 'Cash in'],
    draw: ['Húzás', 'Draw'], search: ['Keresés', 'Search'], attack: ['Támadás', 'Attack'], end_turn: ['Kör vége', 'End turn'],
    pass: ['Passz', 'Pass'], pay: ['Fizetés', 'Pay'], fire: ['Tűz', 'Fire'], commit: ['Harcba küldés', 'Commit'],
    bomber: ['Bombázó', 'Bomber'], bombard: ['Bombázás', 'Bombard'], done: ['Kész', 'Done'], keep: ['Megtartom', 'Keep'],
    mulligan: ['Újraosztás', 'Mulligan'], board: ['Beszállás', 'Board'], ability: ['Képesség', 'Ability'],
    choose: ['Választás', 'Choose'], return: ['Viszonttűz', 'Return fire'], no_return: ['Nincs viszonttűz', 'No return fire'],
    ruin_draw: ['Húzás a romból', 'Draw from ruin'],
  };
  const STATS = [['speed', 'seb'], ['firepower', 'tűz'], ['armor', 'pán'], ['bombard', 'bomb']];

  function cardsById(view) {
    const out = {};
    (view && view.players || []).forEach((p) => ZONES.forEach(([z]) => (p[z] || []).forEach((c) => {
      if (c && c.id != null) out[c.id] = c;
      (c && c.att || []).forEach((a) => { if (a && a.id != null) out[a.id] = a; });
    })));
    return out;
  }

  function cardHtml(c, T, esc) {
    if (!c || c.hidden) return `<span class="card hidden" title="${T('rejtett lap', 'hidden card')}">?${c && c.dev != null ? ' · dev ' + c.dev : ''}</span>`;
    const cls = ['card'];
    if (c.face_down) cls.push('facedown');
    if (c.hit) cls.push('hit');
    if (c.rot) cls.push('rot');
    const stats = STATS.filter(([k]) => c[k] != null).map(([k, s]) => `${s} ${k === 'armor' && c.armor_now != null && c.armor_now !== c.armor ? c.armor_now + '/' + c.armor : c[k]}`).join(' ');
    const mods = c.modifiers ? Object.entries(c.modifiers).map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${v}`).join(' ') : '';
    const state = [c.face_down ? T('lefordítva', 'face down') + (c.bluff_as ? ` (${c.bluff_as})` : '') : '',
      c.paid === false ? T('kifizetetlen', 'unpaid') : '', c.dev ? `dev ${c.dev}` : '', c.hit ? T('találat', 'hit') : '',
      c.rot ? T('elfordítva', 'turned') : ''].filter(Boolean).join(', ');
    const att = (c.att || []).map((a) => cardHtml(a, T, esc)).join('');
    return `<span class="card ${cls.slice(1).join(' ')}" data-card="${c.id}"><b>${esc(c.name)}</b> <span class="st">#${c.id} · ${esc(c.subtype || c.type || '')} · ${T('ár', 'cost')} ${c.cost}</span>` +
      (stats ? `<br><span class="st">${stats}</span>` : '') + (mods ? `<br><span class="st">${esc(mods)}</span>` : '') +
      ((c.abilities || []).length ? `<br><span class="st">${esc(c.abilities.join(', '))}</span>` : '') +
      (state ? `<br><span class="st">${esc(state)}</span>` : '') + (att ? `<div>${att}</div>` : '') + '</span>';
  }

  function side(p, view, d, T, esc) {
    const me = p.seat === d.seat;
    const name = (d.seats[p.seat] || {}).player || `#${p.seat}`;
    const zones = ZONES.map(([z, h, e]) => {
      let body;
      if (p[z] === null || p[z] === undefined) {
        const n = z === 'hand' ? p.hand_count : z === 'ruin' ? p.ruin_count : null;
        body = n != null ? `<span class="card hidden">${n} ${T('lap', 'cards')}</span>` : '<span class="muted">–</span>';
      } else {
        body = p[z].length ? p[z].map((c) => cardHtml(c, T, esc)).join('') : '<span class="muted">–</span>';
      }
      return `<div class="zone" data-zone="${z}"><span class="zname">${T(h, e)}</span>${body}</div>`;
    }).join('');
    return `<div class="side${me ? ' me' : ''}" data-side="${p.seat}"><h3>${esc(name)}${me ? ' (' + T('te', 'you') + ')' : ''}` +
      `${view.active === p.seat ? ' · ' + T('soron van', 'active') : ''}${p.alive === false ? ' · ' + T('kiesett', 'out') : ''}</h3>` +
      `<p><b>${T('Kredit', 'Credits')}: <span class="credits">${p.credits}</span></b> · ${T('Kolónia', 'Colony')}: <span class="colony">${p.colony}</span>` +
      ` · ${T('Kéz', 'Hand')}: ${p.hand_count} · ${T('Rom', 'Ruin')}: ${p.ruin_count}</p>${zones}</div>`;
  }

  function renderView(view, d, T, esc) {
    if (!view) return `<p class="muted">${T('A játszma még nem kezdődött el.', 'The match has not started yet.')}</p>`;
    const names = d.seats.map((s) => s.player);
    const dec = view.decision;
    const decText = dec ? `<p class="decision" id="decision">${T('Döntés', 'Decision')}: <b>${esc(T(...(DECISIONS[dec.kind] || [dec.kind, dec.kind])))}</b> — ${T('rá vár', 'waiting on')}: <b>${esc(names[dec.seat] || dec.seat)}</b></p>` : '';
    const cards = cardsById(view);
    const chain = (view.chain || []).length ? `<div class="stack" id="chain"><h3>${T('Lánc (verem)', 'Chain (stack)')}</h3><ol>` +
      view.chain.map((it) => `<li>${esc(names[it.seat] != null ? names[it.seat] + ': ' : '')}${it.card != null && cards[it.card] ? esc(cards[it.card].name) : esc(JSON.stringify(it))}</li>`).join('') + '</ol></div>' : '';
    const cb = view.combat;
    const combat = cb ? `<div class="stack" id="combat"><h3>${T('Harc', 'Combat')}: ${esc(names[cb.attacker])} → ${esc(names[cb.defender])}</h3>` +
      `<p>${T('Cél', 'Target')}: ${esc(cb.target ? cb.target.kind + (cb.target.pos != null ? ' #' + cb.target.pos : '') : '–')} · ${T('lépés', 'step')}: ${esc(cb.step)}</p>` +
      `<p>${T('Hajók', 'Ships')}: ${(cb.ships || []).map((s) => esc(cards[s.id != null ? s.id : s] ? cards[s.id != null ? s.id : s].name : JSON.stringify(s))).join(', ') || '–'}</p></div>` : '';
    return `<p>${T('Kör', 'Turn')} ${view.turn} · ${T('fázis', 'phase')}: <b>${esc(view.phase)}</b></p>${decText}${chain}${combat}` +
      view.players.slice().sort((a, b) => (a.seat === d.seat ? 1 : 0) - (b.seat === d.seat ? 1 : 0)).map((p) => side(p, view, d, T, esc)).join('');
  }

  function describeAction(a, view, T) {
    const cards = cardsById(view);
    const nm = (id) => (cards[id] ? `${cards[id].name} #${id}` : `#${id}`);
    const t = T(...(TYPES[a.type] || [a.type, a.type]));
    switch (a.type) {
      case 'play': return `${t}: ${nm(a.card)}${a.target != null ? ' → ' + nm(a.target) : ''}`;
      case 'place': return `${t}: ${nm(a.card)} ${T('mint', 'as')} ${a.as}${a.ship != null ? ' → ' + nm(a.ship) : ''}`;
      case 'develop': case 'cash': return `${t}: ${nm(a.base)}`;
      case 'attack': return `${t}: ${a.target}${a.pos != null ? ' #' + a.pos : ''}`;
      case 'fire': return `${t}: ${nm(a.ship)} → ${nm(a.target)}`;
      case 'board': return `${t}: ${nm(a.crew)} → ${nm(a.ship)}`;
      case 'pay': return `${t}: ${nm(a.card)}`;
      case 'commit': case 'bomber': return `${t}: ${nm(a.ship)}`;
      case 'ability': return `${t}: ${nm(a.card)} (${a.n})`;
      case 'choose': return `${t}: ${typeof a.pick === 'object' ? JSON.stringify(a.pick) : (cards[a.pick] ? nm(a.pick) : a.pick)}`;
      default: {
        const rest = Object.keys(a).filter((k) => k !== 'type').map((k) => `${k}: ${a[k]}`).join(', ');
        return t + (rest ? ` (${rest})` : '');
      }
    }
  }

  function actionTitle(type, T) { return T(...(TYPES[type] || [type, type])); }

  function describeEvent(e, view, T) {
    const cards = cardsById(view);
    const c = e.card != null && cards[e.card] ? cards[e.card].name : null;
    const who = e.seat != null ? `[${e.seat}] ` : '';
    return `${who}${e.type}${c ? ': ' + c : ''}${e.amount != null ? ' ' + e.amount : ''}`;
  }

  window.KaoszBoard = { renderView, describeAction, actionTitle, describeEvent };
})();
