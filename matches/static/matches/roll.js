/* Roll for the Galaxy board: draws each empire (phase strip with the dice on it, cup,
 * Citizenry, construction stacks with their workers, tableau tiles with their powers) from
 * the seat's view, and lets the player act by clicking what the move is about.
 *
 * How clicks become moves: every legal action is given one or more "paths", lists of
 * component keys (a die, then a phase; a shipper, then a good, then trade or consume).
 * Drawn components carry their keys in data-k (space-separated). Clicking a component
 * whose key comes next on some path extends the current prefix; when the prefix is a
 * whole path, that action is posted. Keys starting with "o:" are choices with no
 * component of their own (reveal, trade/consume, draw): they appear as buttons in the
 * prompt bar. The fallback list that board.js draws stays for keyboards and readers.
 *
 * Reads only view and legal_actions; the tile data (names, costs, powers in both
 * languages) comes from roll-data.js. */
(function () {
  'use strict';
  const DATA = window.KaoszRollData || { cards: {}, factions: {} };
  const PH = ['explore', 'develop', 'settle', 'produce', 'ship'];
  const PHN = {
    explore: ['Felfedezés', 'Explore'], develop: ['Fejlesztés', 'Develop'], settle: ['Letelepedés', 'Settle'],
    produce: ['Termelés', 'Produce'], ship: ['Szállítás', 'Ship'], manage: ['Birodalomkezelés', 'Managing the empire'],
  };
  // The rulebook's role name for a worker in each phase column.
  const PHS = { explore: ['Felfed.', 'Explore'], develop: ['Fejl.', 'Develop'], settle: ['Telep.', 'Settle'], produce: ['Term.', 'Produce'], ship: ['Száll.', 'Ship'] };
  const ROLE = {
    explore: ['felfedező', 'explorer'], develop: ['fejlesztő', 'developer'], settle: ['telepes', 'settler'],
    produce: ['termelő', 'producer'], ship: ['szállító', 'shipper'],
  };
  const COL = {
    white: ['fehér', 'white'], red: ['vörös', 'red'], purple: ['lila', 'purple'], blue: ['kék', 'blue'],
    brown: ['barna', 'brown'], green: ['zöld', 'green'], yellow: ['sárga', 'yellow'], grey: ['szürke', 'grey'],
  };
  const COLOURS = ['white', 'red', 'purple', 'blue', 'brown', 'green', 'yellow'];
  const FACE = { explore: '◎', develop: '◆', settle: '●', produce: '▮', ship: '➜', wild: '✱' };
  const TRADE = { blue: 3, brown: 4, green: 5, yellow: 6 };
  const BY_EN = {};
  Object.keys(DATA.cards).forEach((k) => { BY_EN[DATA.cards[k].en] = k; });

  let T = (h) => h;
  let esc = (s) => String(s);
  const tr = (pair) => (pair ? T(pair[0], pair[1]) : '');
  const card = (k) => DATA.cards[k] || null;
  const cname = (k) => { const c = card(k); return c ? T(c.hu, c.en) : T('ismeretlen lapka', 'unknown tile'); };
  const sideKey = (n, side) => `T${n}${side === 'dev' ? 'd' : 'w'}`;
  const colour = (c) => tr(COL[c]) || T('ismeretlen', 'unknown');
  const phase = (p) => tr(PHN[p]) || T('ismeretlen fázis', 'unknown phase');
  const owns = (p, en) => p.tableau.some((k) => card(k) && card(k).en === en);
  // Hungarian definite article before a word: "az" before a vowel, "a" otherwise.
  const az = (w) => (/^[aáeéiíoóöőuúüű]/i.test(String(w)) ? 'az' : 'a');
  const theHu = (w) => (/^(a|az) /i.test(String(w)) ? String(w) : `${az(w)} ${w}`);

  function seatName(data, s) {
    const seat = data && data.seats && data.seats[s];
    const name = seat && seat.player;
    if (seat && (seat.bot || String(name || '').startsWith('bot:')) && window.KaoszSeatName) {
      return window.KaoszSeatName(seat, s, data.seats);   // the one name (matches/bot_kinds.py)
    }
    return name || T(`${s + 1}. játékos`, `player ${s + 1}`);
  }

  function diceList(list) {
    const n = {};
    list.forEach((c) => { n[c] = (n[c] || 0) + 1; });
    return Object.keys(n).map((c) => `${n[c]} ${colour(c)}`).join(', ');
  }

  const dice = (list) => (list.length === 1 ? 'die' : 'dice');

  function effectText(eff) {
    if (!eff) return '';
    const out = [];
    if (eff.credits) out.push(`+${eff.credits} $`);
    if (eff.citizenry && eff.citizenry.length) out.push(T(`${diceList(eff.citizenry)} kocka a Polgárságba`, `${diceList(eff.citizenry)} ${dice(eff.citizenry)} to the Citizenry`));
    if (eff.cup && eff.cup.length) out.push(T(`${diceList(eff.cup)} kocka a pohárba`, `${diceList(eff.cup)} ${dice(eff.cup)} to the cup`));
    if (eff.good) out.push(T('1 áru a világra', '1 good on the world'));
    if (eff.lose) out.push(T(`elveszítesz ${eff.lose} kockát`, `you lose ${eff.lose} die`));
    return out.join('; ');
  }

  function powerText(k) {
    const c = card(k);
    if (!c) return '';
    if (c.kind === 'dev') {
      const p = tr(c.power);
      const e = c.effect ? '' : '';
      return p + e;
    }
    const e = effectText(c.effect);
    const value = c.colour && TRADE[c.colour] ? T(` Áruja eladva ${TRADE[c.colour]} $.`, ` Its goods trade for $${TRADE[c.colour]}.`) : '';
    return (e ? T('Felépítéskor: ', 'When built: ') + e + '.' : T('Nincs azonnali hatása.', 'No immediate effect.')) + value;
  }

  // Build costs after the owner's developments (mirrors rulesets/roll/powers.py).
  function devCost(p, c) {
    let cost = c.cost;
    if (owns(p, 'Investment Credits')) cost -= 1;
    if (owns(p, 'Biological Adaptation') && c.reassign) cost -= 1;
    return c.cost >= 1 ? Math.max(1, cost) : c.cost;
  }
  function worldCost(p, c) {
    let cost = c.cost;
    if (owns(p, 'Free Trade Zone') && c.colour === 'grey' && cost > 2) cost = Math.max(2, cost - 2);
    if (owns(p, 'Alien Uplift Blueprints') && (c.colour === 'green' || c.colour === 'yellow')) cost -= 1;
    if (owns(p, 'Replicant Robots')) cost -= 1;
    return c.cost >= 1 ? Math.max(1, cost) : c.cost;
  }

  function whereText(w) {
    if (w === 'cup') return T('pohár', 'cup');
    if (w === 'cit') return T('Polgárság', 'Citizenry');
    if (w === 'dev_zone') return T('fejlesztési terület', 'development site');
    if (w === 'world_zone') return T('letelepedési terület', 'settlement site');
    if (String(w).startsWith('good:')) return T(`áru ${theHu(cname(w.slice(5)))} világon`, `good on ${cname(w.slice(5))}`);
    if (String(w).startsWith('col:')) return T(`${phase(w.slice(4))} oszlop`, `${phase(w.slice(4))} column`);
    return T('máshol', 'elsewhere');
  }

  // ---- drawing ---------------------------------------------------------------------

  function die(c, opts) {
    const o = opts || {};
    const face = o.face ? FACE[o.face] || '' : '';
    const title = colour(c) + (o.face ? ` · ${o.face === 'wild' ? T('joker', 'wild') : phase(o.face)}` : '') + (o.title ? ` · ${o.title}` : '');
    return `<span class="rdie d-${esc(c)}${o.ghost ? ' ghost' : ''}${o.sel ? ' selector' : ''}${o.cls ? ' ' + o.cls : ''}"${o.k ? ` data-k="${esc(o.k)}"` : ''} title="${esc(title)}" role="img" aria-label="${esc(title)}">${face}</span>`;
  }

  function diceFromCounts(counts, where, mine) {
    let h = '';
    COLOURS.forEach((c) => {
      for (let i = 0; i < (counts[c] || 0); i += 1) h += die(c, { k: mine ? `d:${where}:${c}` : '' });
    });
    return h || `<span class="muted small">${T('üres', 'empty')}</span>`;
  }

  function total(counts) { return COLOURS.reduce((s, c) => s + (counts[c] || 0), 0); }

  function tile(k, o) {
    const c = card(k);
    const opts = o || {};
    if (!c) return `<div class="rt"><div class="rt-h">${T('ismeretlen lapka', 'unknown tile')}</div></div>`;
    const name = cname(k);
    const text = powerText(k);
    const vp = c.kind === 'dev' && c.cost === 6 ? T('6 GyP + bónusz', '6 VP + bonus') : T(`${c.cost} GyP`, `${c.cost} VP`);
    const kind = c.kind === 'dev' ? T('fejlesztés', 'development') : T(`${colour(c.colour)} világ`, `${colour(c.colour)} world`);
    const tags = c.kind === 'dev' ? (c.reassign ? T('átrendezés', 'reassign') : (c.phases || []).map(phase).join(', ')) : '';
    const goods = (opts.goods || []).map((g) => die(g, { k: opts.mine ? `g:${k}:${g} d:good:${k}:${g}` : '', title: T('áru', 'good') })).join('');
    const cost = c.kind === 'dev' ? `<span class="rt-cost dev" title="${esc(T('költség', 'cost'))}">◆${c.cost}</span>` : `<span class="rt-cost world" title="${esc(T('költség', 'cost'))}">●${c.cost}</span>`;
    return `<div class="rt ${c.kind === 'dev' ? 'rt-dev' : 'rt-world'} w-${esc(c.colour || 'dev')}${opts.cls ? ' ' + opts.cls : ''}"` +
      `${opts.k ? ` data-k="${esc(opts.k)}"` : ''} data-card="${esc(k)}" tabindex="0" title="${esc(name + ' — ' + text)}">` +
      `<div class="rt-h">${cost}<span class="rt-n">${esc(name)}</span></div>` +
      `<div class="rt-m"><span>${esc(kind)}</span>${tags ? `<span>${esc(tags)}</span>` : ''}<span class="rt-vp">${esc(vp)}</span></div>` +
      `<div class="rt-p">${esc(text)}</div>${opts.extra || ''}${goods ? `<div class="rt-goods">${goods}</div>` : ''}</div>`;
  }

  // A freshly drawn (or setup) tile: both sides, each clickable on its own.
  function twoSided(n) {
    return `<div class="rnew"><div class="rnew-h">${T(`${n}. lapka`, `Tile ${n}`)}</div>` +
      tile(sideKey(n, 'dev'), { k: `nt:${n}:dev`, cls: 'side' }) + tile(sideKey(n, 'world'), { k: `nt:${n}:world`, cls: 'side' }) + '</div>';
  }

  // chosen: workers already sent to the Citizenry while a tile completed in Explore is
  // being finalised (they stay drawn on the site, marked, until the choice is whole).
  function stack(p, side, mine, chosen) {
    const isDev = side === 'dev';
    const ids = mine ? (isDev ? p.dev_stack : p.world_stack) : null;
    const top = isDev ? p.dev_top : p.world_top;
    const count = isDev ? p.dev_count : p.world_count;
    const workers = isDev ? p.dev_workers : p.world_workers;
    const zone = isDev ? 'dev_zone' : 'world_zone';
    const title = isDev ? T('Fejlesztések építése', 'Developments in progress') : T('Világok építése', 'Worlds in progress');
    const c = top ? card(top) : null;
    const need = c ? (isDev ? devCost(p, c) : worldCost(p, c)) : 0;
    const marked = (chosen || []).slice();
    const workerDice = workers.map((w) => {
      const i = marked.indexOf(w);
      if (i < 0) return die(w, { k: mine ? `d:${zone}:${w}` : '' });
      marked.splice(i, 1);
      return die(w, { cls: 'leaving', title: T('a Polgárságba megy', 'goes to the Citizenry') });
    }).join('');
    const progress = c ? `<div class="rprog" data-zone="${zone}"><span class="muted small">${T('munkások', 'workers')}: ${workers.length}/${need}</span> ${workerDice}</div>` : '';
    let body = '';
    // Workers stay on the site even when scouting emptied the stack under them.
    if (!count) body = `<p class="muted small">${T('nincs lapka', 'no tile')}</p>` + (workers.length ? `<div class="rprog" data-zone="${zone}"><span class="muted small">${T('munkások', 'workers')}: ${workers.length}</span> ${workerDice}</div>` : '');
    else if (ids) {
      body = ids.map((n, i) => tile(sideKey(n, side), { k: `st:${n}`, cls: i ? 'under' : 'top', extra: i ? '' : progress })).join('');
    } else body = tile(top, { cls: 'top', extra: progress }) + (count > 1 ? `<p class="muted small">${T(`alatta még ${count - 1} lapka (rejtett)`, `${count - 1} more below (hidden)`)}</p>` : '');
    return `<div class="rstack" data-k="${mine ? 'stk:' + side : ''}" data-zone="${isDev ? 'dev_stack' : 'world_stack'}" data-count="${count}">` +
      `<h4>${title} <span class="rcount">${count}</span></h4>${body}</div>`;
  }

  function strip(view, p, seat, mine) {
    const a = mine ? p.assign : null;
    const cols = {};
    PH.forEach((ph) => { cols[ph] = []; });
    const wild = [];
    let sel = null;
    if (a) {
      a.dice.forEach(([c, f, col]) => { (col === 'wild' ? wild : cols[col]).push(die(c, { face: f, k: `d:col:${col}:${c}` })); });
      if (a.sel) sel = { colour: a.sel[0], phase: a.sel[2], face: a.sel[1] };
    } else {
      PH.forEach((ph) => { (p.columns[ph] || []).forEach((c) => cols[ph].push(die(c, { k: mine ? `d:col:${ph}:${c}` : '' }))); });
      if (p.selector) sel = { colour: p.selector.colour, phase: p.selector.phase };
    }
    const task = view.task;
    if (mine && task && task.seat === seat && task.virtual) {
      const ph = task.kind === 'explore' ? 'explore' : 'ship';
      task.virtual.forEach((c) => cols[ph].push(die(c, { ghost: true, k: `d:virt:${ph}:${c}`, title: T('fejlesztéstől kapott munkás', 'worker from a development') })));
    }
    const chosen = view.selected || [];
    const current = currentPhase(view);
    const html = PH.map((ph) => {
      const s = sel && sel.phase === ph ? die(sel.colour, { face: sel.face, sel: true, title: T('fázisválasztó', 'phase selector') }) : '';
      const cls = [chosen.includes(ph) && view.stage !== 'assign' ? 'on' : '', current === ph ? 'now' : ''].join(' ');
      return `<div class="rph ${cls}" data-k="${mine ? 'ph:' + ph : ''}" data-phase="${ph}"><div class="rph-h"><span class="rph-i">${FACE[ph]}</span> <span class="long">${esc(phase(ph))}</span><span class="short" aria-hidden="true">${esc(tr(PHS[ph]))}</span>${s}</div>` +
        `<div class="rph-d">${cols[ph].join('')}</div></div>`;
    }).join('');
    let extra = '';
    if (a && wild.length) extra += `<div class="rwild"><span class="zname">${T('Jokerek – tedd őket egy fázishoz', 'Wild dice – put them on a phase')}</span> ${wild.join('')}</div>`;
    if (a && (a.dict.length || view.stage === 'assign')) {
      extra += `<div class="rdict" data-k="z:dictate"><span class="zname">${T('Diktálás (1 kocka félre, 1 másik átrendezése)', 'Dictate (set 1 die aside to reassign another)')}</span> ${a.dict.map(([c, f]) => die(c, { face: f })).join('')}</div>`;
    }
    if (!mine && view.stage === 'assign' && p.assign === undefined) {
      const n = total(p.rolled || {});
      extra += `<div class="rscreen">${n ? T(`Paraván mögött: ${n} kocka (${diceList(COLOURS.flatMap((c) => Array(p.rolled[c] || 0).fill(c)))}) – `, `Behind the screen: ${n} dice (${diceList(COLOURS.flatMap((c) => Array(p.rolled[c] || 0).fill(c)))}) – `) : ''}` +
        `<strong>${p.committed ? T('beosztotta a kockáit', 'has assigned the dice') : T('még osztja be a kockáit', 'is still assigning')}</strong></div>`;
    }
    return `<div class="rstrip">${html}</div>${extra}`;
  }

  function squaresBar(n) {
    return `<span class="chip" data-zone="squares" title="${esc(T('12 lapkahely a játék végéig', '12 squares end the game'))}">▦ ${n}/12</span>`;
  }

  function player(view, data, seat) {
    const p = view.players[seat];
    const mine = seat === view.you;
    const faction = (DATA.factions[String(p.faction)] || [])[0];
    const goods = p.goods || {};
    const tabl = p.tableau.map((k) => tile(k, { k: mine ? `t:${k}` : '', goods: goods[k], mine })).join('');
    const toAct = (data.to_act || []).includes(seat);
    return `<section class="rp${mine ? ' me' : ''}${toAct ? ' acting' : ''}" id="rp-${seat}" data-seat="${seat}">` +
      `<header class="rp-h"><h3>${esc(seatName(data, seat))}${mine ? ` <span class="badge">${T('te', 'you')}</span>` : ''}</h3>` +
      `<span class="muted small">${T('frakció', 'faction')}: ${esc(faction ? cname(faction) : '–')}</span>` +
      `<span class="chips"><span class="chip cr" data-zone="credits" title="${esc(T('Galaktikus kredit', 'Galactic credits'))}">$ ${p.credits}</span>` +
      `<span class="chip vp" data-zone="vp" title="${esc(T('Győzelmi pont korongok', 'Victory point chips'))}">${T('GyP', 'VP')} ${p.vp}</span>${squaresBar(p.squares)}</span></header>` +
      strip(view, p, seat, mine) +
      `<div class="rp-dice"><div class="rzone" data-zone="cup" data-count="${total(p.cup)}"><span class="zname">${T('Pohár', 'Cup')} (${total(p.cup)})</span> ${diceFromCounts(p.cup, 'cup', mine)}</div>` +
      `<div class="rzone" data-zone="citizenry" data-count="${total(p.citizenry)}"><span class="zname">${T('Polgárság', 'Citizenry')} (${total(p.citizenry)})</span> ${diceFromCounts(p.citizenry, 'cit', mine)}</div></div>` +
      `<div class="rp-build">${stack(p, 'dev', mine, citChosen(view, seat, 'develop'))}${stack(p, 'world', mine, citChosen(view, seat, 'settle'))}</div>` +
      `<div class="rtab" data-zone="tableau" data-count="${p.tableau.length}"><h4>${T('Tabló', 'Tableau')} <span class="rcount">${p.tableau.length}</span></h4><div class="rtab-t">${tabl}</div></div></section>`;
  }

  function citChosen(view, seat, ph) {
    const t = view.task;
    return t && t.kind === 'citizenry' && t.seat === seat && t.phase === ph ? t.chosen || [] : [];
  }

  function currentPhase(view) {
    const t = view.task;
    if (!t) return null;
    if (t.kind === 'explore' || t.kind === 'research_team') return 'explore';
    if (t.kind === 'build' || t.kind === 'citizenry') return t.phase;
    if (t.kind === 'produce' || t.kind === 'ship') return t.kind;
    if (t.kind === 'pick') return t.purpose === 'recruit' ? 'manage' : (t.purpose === 'Galactic Exchange' ? 'settle' : 'develop');
    if (t.kind === 'recruit' || t.kind === 'recall') return 'manage';
    return null;
  }

  function stageText(view) {
    if (view.stage === 'setup') return T('Előkészület: a kezdő lapkák', 'Setup: the starting tiles');
    if (view.stage === 'assign') return T('Dobás és titkos beosztás', 'Roll and secret assignment');
    if (view.stage === 'over') return T('A játék véget ért', 'The game is over');
    const ph = currentPhase(view);
    return ph ? phase(ph) : T('Fázisok', 'Phases');
  }

  // What the seat is deciding now, in a sentence.
  function decisionText(view, legal) {
    const me = view.players[view.you];
    const t = view.task;
    const types = new Set(legal.map((a) => a.type));
    if (!legal.length) return '';
    if (view.stage === 'assign') {
      if (types.has('place')) return T('Tedd a joker kockáidat egy-egy fázishoz: kattints egy kockára, majd egy fázisra.', 'Put your wild dice on phases: click a die, then a phase.');
      if (types.has('select')) return T('Válassz fázist: kattints egy munkásodra, majd arra a fázisra, amelyet vele kiválasztasz.', 'Select a phase: click one of your workers, then the phase it selects.');
      if (types.has('reassign') || (types.has('stop') && !types.has('done'))) {
        const pend = me.assign && me.assign.pend;
        const name = pend ? (pend.power === 'Dictate' ? T('Diktálás', 'Dictate') : cname(BY_EN[pend.power])) : '';
        return T(`Átrendezés (${name}): kattints egy kockára, majd a fázisra, ahová kerül.`, `Reassign (${name}): click a die, then the phase it moves to.`);
      }
      return T('Átrendezhetsz (Diktálás: egy kocka, majd a Diktálás mező; képesség: kattints a fejlesztésre), aztán fedd fel a beosztásod.', 'You may reassign (Dictate: a die, then the Dictate box; a power: click the development), then reveal your assignment.');
    }
    if (!t) return '';
    switch (t.kind) {
      case 'setup': return T('Melyik lapka legyen fejlesztés? Kattints az egyik lapka fejlesztés- vagy világoldalára; a másik lapka a másik kupacba kerül.', 'Which tile becomes the development? Click a development or world side; the other tile goes to the other stack.');
      case 'explore':
        if (types.has('draw')) return T('Felderítés: eldobhatsz építési lapkákat (kattints rájuk), aztán húzz.', 'Scouting: you may discard construction tiles (click them), then draw.');
        if (types.has('place')) return T('Helyezd el a húzott lapkát: kattints a fejlesztés- vagy világoldalára.', 'Place the drawn tile: click its development or world side.');
        return T('Felfedezés: kattints egy felfedezőre, majd válassz: készletezés (kredit) vagy felderítés (új lapkák).', 'Explore: click an explorer, then choose Stock (credits) or Scout (new tiles).');
      case 'research_team': return T('Idegen kutatócsoport: helyezd el a húzott lapkát.', 'Alien Research Team: place the drawn tile.');
      case 'build': return t.phase === 'develop' ? T('Fejlesztés: kattints a következő fejlesztőre; egyesével kerülnek a fejlesztés-kupac tetejére.', 'Develop: click your next developer; they go one by one onto the development stack.') : T('Letelepedés: kattints a következő telepesre; egyesével kerülnek a világkupac tetejére.', 'Settle: click your next settler; they go one by one onto the world stack.');
      case 'citizenry': {
        const left = t.cost - (t.chosen || []).length;
        const dev = t.phase === 'develop';
        const huWho = dev ? (left === 1 ? 'arra a fejlesztőre, aki' : `azokra a fejlesztőkre, akik (még ${left})`) : (left === 1 ? 'arra a telepesre, aki' : `azokra a telepesekre, akik (még ${left})`);
        const enWho = dev ? (left === 1 ? 'the developer who goes' : `the developers who go (${left} more)`) : (left === 1 ? 'the settler who goes' : `the settlers who go (${left} more)`);
        return T(`${cname(t.card)} már a Felfedezésben elkészült. Kattints az építési területen ${huWho} a Polgárságba megy${left === 1 ? '' : 'nek'}; a többi munkás a következő lapkán dolgozik tovább.`,
          `${cname(t.card)} was completed during Explore. On the site, click ${enWho} to the Citizenry; the other workers stay for the next tile.`);
      }
      case 'pick': return t.purpose === 'recruit' ? T(`Toborzás: kattints a Polgárság kockáira, amelyeket 1-1 kreditért visszateszel a pohárba (még ${t.max - t.chosen.length}).`, `Recruit: click Citizenry dice to return to your cup for $1 each (${t.max - t.chosen.length} more).`) : T(`${cname(BY_EN[t.purpose])}: válassz 1–2 kockát a Polgárságból, amely a pohárba kerül.`, `${cname(BY_EN[t.purpose])}: pick 1–2 Citizenry dice to go to your cup.`);
      case 'lose': return T(`${cname(t.card)}: elveszítesz egy kockát – kattints arra, amelyiktől megválsz.`, `${cname(t.card)}: you lose a die – click the one you give up.`);
      case 'produce': return T('Termelés: kattints egy termelőre, majd arra a világra, ahol árut termel.', 'Produce: click a producer, then the world where it makes a good.');
      case 'ship': return T('Szállítás: kattints egy szállítóra, majd egy árura, aztán válassz: eladás (kredit) vagy feldolgozás (GyP).', 'Ship: click a shipper, then a good, then choose Trade (credits) or Consume (VP).');
      case 'recall': return T('Visszahívás: kattints a fejlesztőkre, telepesekre vagy árukra, amelyeket a pohárba hívsz, vagy fejezd be.', 'Recall: click developers, settlers or goods to call back to your cup, or finish.');
      default: return '';
    }
  }

  const OPT = {
    'o:done': () => (lastView && lastView.stage === 'assign' ? T('Beosztás felfedése', 'Reveal my assignment') : T('Kész, nem hívok vissza többet', 'Done, recall nothing more')),
    'o:stop': () => (lastView && lastView.stage === 'assign' ? T('Átrendezés vége', 'Stop reassigning') : T('Elég, nem választok többet', 'Enough, no more')),
    'o:draw': () => T('Húzás a zsákból', 'Draw from the bag'),
    'o:stock': () => T('Készletezés (+2 $)', 'Stock (+$2)'),
    'o:scout': () => T('Felderítés', 'Scout'),
    'o:top': () => T('A kupac tetejére', 'On top of the stack'),
    'o:bottom': () => T('A kupac aljára', 'At the bottom of the stack'),
    'o:trade': () => T('Eladás (kredit)', 'Trade (credits)'),
    'o:trade-bank': () => T('Eladás, +1 $-ért 1 GyP (Galaktikus bankárok)', 'Trade and pay $1 for 1 VP (Galactic Bankers)'),
    'o:consume': () => T('Feldolgozás (GyP)', 'Consume (VP)'),
  };

  // What a choice yields, as the engine computes it (rulesets/roll/powers.py).
  function tradeValue(p, wc) {
    return TRADE[wc] + (owns(p, 'Export Duties') ? 1 : 0) + (owns(p, 'Galactic Demand') && wc === 'blue' ? 2 : 0) +
      (owns(p, 'Jumpdrive Research') && wc === 'brown' ? 1 : 0);
  }
  function consumeGain(p, shipper, good, wc) {
    const m = (d) => (d === 'purple' || d === wc ? 1 : 0);
    let vp = 1 + m(good) + m(shipper);
    if (owns(p, 'Minor Research Labs') && (wc === 'green' || wc === 'yellow')) vp += 1;
    if (owns(p, 'Space Refineries') && wc === 'brown') vp += 1;
    if (owns(p, 'Galactic Renaissance')) vp += 1;
    const cr = (owns(p, 'Mining Industry') && wc === 'brown' ? 1 : 0) + (owns(p, 'Trade Levies') ? 1 : 0) + (owns(p, 'New Economy') ? 2 : 0);
    return [vp, cr];
  }
  function optLabel(k, a) {
    const p = lastView && lastView.players[lastView.you];
    const base = (OPT[k] || (() => T('Választás', 'Choose')))();
    if (!a || !p) return base;
    if (a.type === 'stock') {
      const v = a.colour === 'yellow' && owns(p, 'Alien Archaeology') ? 4 : 2;
      return T(`Készletezés (+${v} $)`, `Stock (+$${v})`);
    }
    const wc = a.world && card(a.world) ? card(a.world).colour : null;
    if (a.type === 'trade' && TRADE[wc]) {
      const v = tradeValue(p, wc);
      return a.bank ? T(`Eladás: +${v} $, majd 1 $-ért 1 GyP`, `Trade: +$${v}, then $1 for 1 VP`) : T(`Eladás: +${v} $`, `Trade: +$${v}`);
    }
    if (a.type === 'consume' && wc) {
      const [vp, cr] = consumeGain(p, a.colour, a.good, wc);
      return T(`Feldolgozás: +${vp} GyP${cr ? `, +${cr} $` : ''}`, `Consume: +${vp} VP${cr ? `, +$${cr}` : ''}`);
    }
    return base;
  }

  function scoring(view, data) {
    const o = view.outcome;
    if (!o) return '';
    const rows = view.players.map((p, s) => {
      const tiles = p.tableau.reduce((n, k) => n + (card(k) ? card(k).cost : 0), 0);
      const bon = (o.details && o.details.bonuses && o.details.bonuses[s]) || {};
      const bonTotal = Object.values(bon).reduce((a, b) => a + b, 0);
      const bonText = Object.keys(bon).map((en) => `${cname(BY_EN[en])} +${bon[en]}`).join(', ') || '–';
      const tie = total(p.cup) + p.credits;
      const win = o.winners.includes(s);
      return `<tr class="${win ? 'win' : ''}"><th scope="row">${esc(seatName(data, s))}${win ? ' ★' : ''}</th><td>${o.details ? o.details.vp_chips[s] : p.vp}</td><td>${tiles}</td>` +
        `<td title="${esc(bonText)}">${bonTotal}</td><td><strong>${o.scores[s]}</strong></td><td>${total(p.cup)} + ${p.credits} = ${tie}</td></tr>`;
    }).join('');
    const bonusLines = view.players.map((p, s) => {
      const bon = (o.details && o.details.bonuses && o.details.bonuses[s]) || {};
      const parts = Object.keys(bon).map((en) => `${cname(BY_EN[en])} +${bon[en]}`);
      return parts.length ? `<li>${esc(seatName(data, s))}: ${esc(parts.join(', '))}</li>` : '';
    }).join('');
    const TRAIL = { most_points: T('legtöbb pont', 'most points'), cup_dice_plus_credits: T('holtverseny: pohárban lévő kockák + kreditek', 'tie: dice in the cup + credits'), shared: T('továbbra is holtverseny: megosztott győzelem', 'still tied: the victory is shared') };
    const REASON = { vp_pool_empty: T('elfogyott a GyP-készlet', 'the VP pool ran out'), twelve_squares: T('valaki elérte a 12 lapkahelyet', 'someone reached 12 squares'), resigned: T('egy játékos feladta', 'a player resigned') };
    const reason = String(o.reason).split('+').map((r) => REASON[r] || T('a játék véget ért', 'the game ended')).join(T(' és ', ' and '));
    const trail = (o.tiebreak || []).map((k) => TRAIL[k] || '').filter(Boolean).join(' → ');
    const winners = o.winners.map((s) => seatName(data, s)).join(', ');
    return `<section class="rscore" id="roll-score"><h3>${T('Végső pontozás', 'Final scoring')}</h3>` +
      `<p>${T('A játék vége', 'Game end')}: ${esc(reason)}. <strong>${T('Győztes', 'Winner')}: ${esc(winners)}</strong></p>` +
      `<div class="rscroll"><table><thead><tr><th>${T('Játékos', 'Player')}</th><th>${T('Korong', 'Chips')}</th><th>${T('Lapka', 'Tiles')}</th><th>${T('Bónusz', 'Bonus')}</th><th>${T('Össz.', 'Total')}</th><th>${T('Kocka+$', 'Dice+$')}</th></tr></thead><tbody>${rows}</tbody></table></div>` +
      `<p class="small muted">${T('Korong: megszerzett GyP-korongok; Lapka: a tabló lapkáinak költsége; Bónusz: a 6-os fejlesztések játék végi pontjai; Össz.: összesen; Kocka+$: a pohárban lévő kockák és a kreditek, holtversenyben ez dönt.', 'Chips: VP chips earned; Tiles: the printed costs of the tableau; Bonus: end-game points of cost-6 developments; Dice+$: dice in the cup plus credits, the tie-break.')}</p>` +
      (bonusLines ? `<ul class="small">${bonusLines}</ul>` : '') +
      `<p class="small" id="roll-tiebreak">${T('Döntés menete', 'Tie-break trail')}: ${esc(trail)}</p></section>`;
  }

  let lastView = null;
  let lastData = null;

  function renderView(view, data, t, e) {
    T = t; esc = e; lastView = view; lastData = data;
    if (!view || view.game !== 'roll') return '';
    const me = view.you;
    const order = view.players.map((_p, i) => i);
    const seats = me === null || me === undefined ? order : [me].concat(order.filter((s) => s !== me));
    const waiting = (data.to_act || []).map((s) => seatName(data, s)).join(', ');
    const who = data.status === 'finished' ? ''
      : data.your_turn ? T('Te döntesz.', 'Your decision.') : (waiting ? T(`Rá várunk: ${waiting}.`, `Waiting for: ${waiting}.`) : '');
    const t0 = view.task;
    const drawn = t0 && t0.seat === me ? (t0.kind === 'setup' ? t0.tiles : t0.kind === 'research_team' ? t0.drawn : t0.scout && t0.scout.drawn) : null;
    const pool = `<span class="chip" title="${esc(T('GyP-korongok a készletben', 'VP chips left in the pool'))}">${T('GyP-készlet', 'VP pool')} ${view.vp_pool}${view.pool_empty ? ' + ' + view.vp_tens : ''}</span>` +
      `<span class="chip" title="${esc(T('lapkák a zsákban', 'tiles in the bag'))}">${T('zsák', 'bag')} ${view.bag_count}</span>`;
    const selected = view.stage === 'phases' || view.stage === 'over' ? (view.selected || []).map(phase).join(', ') : '';
    const extra = view.extra_die ? T(` · extra fehér kocka: ${phase(view.extra_die)}`, ` · extra white die: ${phase(view.extra_die)}`) : '';
    return `<div class="roll">` +
      `<div class="rprompt" id="roll-prompt" aria-live="polite"><div class="rprompt-h"><strong>${T(`${view.round}. kör`, `Round ${view.round}`)}</strong> · <span id="roll-stage">${esc(stageText(view))}</span>${who ? ` · <span id="roll-who" class="${data.your_turn ? 'ok' : 'muted'}">${esc(who)}</span>` : ''}</div>` +
      `<div id="roll-decide" class="rprompt-d"></div><div id="roll-opts" class="rprompt-o"></div></div>` +
      scoring(view, data) +
      `<div class="rglobal">${selected ? `<span>${T('Ebben a körben', 'This round')}: <strong id="roll-selected">${esc(selected)}</strong>${esc(extra)}</span>` : ''} ${pool}</div>` +
      (drawn && drawn.length ? `<div class="rdrawn" id="roll-drawn"><h4>${t0.kind === 'setup' ? T('Kezdő lapkáid', 'Your starting tiles') : T('Húzott lapkák', 'Drawn tiles')}</h4><div class="rdrawn-t">${drawn.map(twoSided).join('')}</div></div>` : '') +
      seats.map((s) => player(view, data, s)).join('') + '</div>';
  }

  // ---- from legal actions to component paths ----------------------------------------

  function pathsOf(a, view, legal) {
    const d = (where, c) => `d:${where}:${c}`;
    const t = a.type;
    if (view.stage === 'assign') {
      switch (t) {
        case 'place': return [[d('col:wild', a.colour), `ph:${a.phase}`]];
        case 'select': return [[d(`col:${a.from}`, a.colour), `ph:${a.phase}`]];
        case 'dictate': return [[d(`col:${a.from}`, a.colour), 'z:dictate']];
        case 'power': return [[`t:${BY_EN[a.name]}`]];
        case 'reassign': return [[d(`col:${a.from}`, a.colour), `ph:${a.to}`]];
        default: return [[`o:${t}`]];
      }
    }
    const task = view.task || {};
    switch (t) {
      case 'setup': {
        const other = (task.tiles || []).find((x) => x !== a.dev);
        return [[`nt:${a.dev}:dev`], [`nt:${other}:world`]];
      }
      case 'stock': case 'scout': return [[d(a.virtual ? 'virt:explore' : 'col:explore', a.colour), `o:${t}`]];
      case 'discard': return [[`st:${a.tile}`]];
      case 'place': {
        const p = [`nt:${a.tile}:${a.as}`];
        if (legal.some((x) => x.type === 'place' && x.top)) p.push(a.top ? 'o:top' : 'o:bottom');
        return [p];
      }
      case 'logistics': return [[`st:${a.tile}`, `stk:${a.to}`]];
      case 'develop': case 'settle': return [[d(`col:${t}`, a.colour)]];
      case 'pick': return [[d('cit', a.colour)]];
      case 'citizenry': return [[d(task.phase === 'settle' ? 'world_zone' : 'dev_zone', a.colour)]];
      case 'lose': case 'recall': return [[d(a.where, a.colour)]];
      case 'produce': return [[d('col:produce', a.colour), `t:${a.world}`]];
      case 'trade': case 'consume': return [[d(a.virtual ? 'virt:ship' : 'col:ship', a.colour), `g:${a.world}:${a.good}`, `o:${t}${a.bank ? '-bank' : ''}`]];
      default: return [[`o:${t}`]];
    }
  }

  let ctxNow = null;
  let acts = [];
  let prefix = [];

  const startsWith = (path, pre) => pre.every((k, i) => path[i] === k);

  function nextKeys() {
    const out = new Set();
    acts.forEach((x) => x.paths.forEach((p) => { if (p.length > prefix.length && startsWith(p, prefix)) out.add(p[prefix.length]); }));
    return out;
  }

  function keysOf(el) { return (el.dataset.k || '').split(' ').filter(Boolean); }

  function highlight() {
    const el = ctxNow.el;
    const next = nextKeys();
    el.querySelectorAll('[data-k]').forEach((x) => {
      const ks = keysOf(x);
      x.classList.toggle('can', ks.some((k) => next.has(k)));
      x.classList.toggle('picked', ks.some((k) => prefix.includes(k)));
    });
    const opts = el.querySelector('#roll-opts');
    if (opts) {
      const buttons = [...next].filter((k) => k.startsWith('o:')).map((k) => {
        const x = acts.find((y) => y.paths.some((p) => p.length === prefix.length + 1 && startsWith(p, prefix) && p[prefix.length] === k));
        return `<button type="button" class="primary can" data-k="${esc(k)}">${esc(optLabel(k, x && x.a))}</button>`;
      });
      if (prefix.length) buttons.push(`<button type="button" class="rcancel" data-cancel="1">${T('Mégse', 'Cancel')}</button>`);
      opts.innerHTML = buttons.join('');
      opts.querySelectorAll('button[data-k]').forEach((b) => b.addEventListener('click', onClick));
      const c = opts.querySelector('[data-cancel]');
      if (c) c.addEventListener('click', () => { prefix = []; highlight(); });
    }
    const dec = el.querySelector('#roll-decide');
    if (dec) {
      let text = decisionText(lastView, ctxNow.legal.actions || []);
      if (prefix.length) text = T('Kiválasztva. Most kattints a kiemelt célra.', 'Picked. Now click one of the highlighted targets.') + ' ' + text;
      dec.textContent = text;
    }
  }

  function highlightedAround(el, next) {
    for (let up = el.parentElement && el.parentElement.closest('[data-k]'); up;
      up = up.parentElement && up.parentElement.closest('[data-k]')) {
      if (keysOf(up).some((x) => next.has(x))) return true;
    }
    return false;
  }

  function onClick(ev) {
    const el = ev.currentTarget;
    const ks = keysOf(el);
    const next = nextKeys();
    const k = ks.find((x) => next.has(x));
    if (!k) {
      // A click on a part inside a highlighted one (a tile inside its stack, when the stack
      // is the target) is a click on that one: let it through to it. Opening the tile here
      // stopped it, and the move was lost.
      if (highlightedAround(el, next)) return;
      if (el.classList.contains('rt')) { ev.stopPropagation(); el.classList.toggle('open'); }
      return;
    }
    ev.stopPropagation();
    prefix.push(k);
    const whole = acts.filter((x) => x.paths.some((p) => p.length === prefix.length && startsWith(p, prefix)));
    const longer = acts.filter((x) => x.paths.some((p) => p.length > prefix.length && startsWith(p, prefix)));
    if (whole.length && !longer.length) {
      const action = whole[0].a;
      prefix = [];
      ctxNow.act(action);
      return;
    }
    highlight();
  }

  function afterRender(ctx) {
    T = ctx.T; esc = ctx.esc; ctxNow = ctx; lastView = ctx.view;
    if (!ctx.view || ctx.view.game !== 'roll') return;
    const legal = ctx.legal.actions || [];
    acts = legal.map((a) => ({ a, paths: pathsOf(a, ctx.view, legal) }));
    // A redraw (the other side moved) keeps a half-made choice while it is still possible.
    if (!acts.some((x) => x.paths.some((p) => p.length > prefix.length && startsWith(p, prefix)))) prefix = [];
    ctx.el.querySelectorAll('[data-k]').forEach((x) => { if (x.dataset.k) x.addEventListener('click', onClick); });
    ctx.el.querySelectorAll('.rt:not([data-k]), .rt[data-k=""]').forEach((x) => x.addEventListener('click', () => x.classList.toggle('open')));
    highlight();
  }

  // ---- fallback list labels and the log ----------------------------------------------

  function describeAction(a, view, t) {
    T = t;
    const c = (x) => colour(x);
    switch (a.type) {
      case 'place':
        if (view && view.stage === 'assign') return T(`Joker ${c(a.colour)} kocka → ${phase(a.phase)}`, `Wild ${c(a.colour)} die → ${phase(a.phase)}`);
        return T(`${cname(sideKey(a.tile, a.as))} (${a.as === 'dev' ? 'fejlesztésként' : 'világként'}) ${a.top ? 'a kupac tetejére' : 'a kupac aljára'}`,
          `${cname(sideKey(a.tile, a.as))} (as a ${a.as === 'dev' ? 'development' : 'world'}) ${a.top ? 'on top of the stack' : 'at the bottom'}`);
      case 'select': return T(`${phase(a.phase)} kiválasztása ${c(a.colour)} kockával (${phase(a.from)} oszlopból)`, `Select ${phase(a.phase)} with a ${c(a.colour)} die (from ${phase(a.from)})`);
      case 'dictate': return T(`Diktálás: ${c(a.colour)} kocka félre (${phase(a.from)} oszlopból)`, `Dictate: set aside a ${c(a.colour)} die (from ${phase(a.from)})`);
      case 'power': return T(`Képesség: ${cname(BY_EN[a.name])}`, `Power: ${cname(BY_EN[a.name])}`);
      case 'reassign': return T(`${c(a.colour)} kocka: ${phase(a.from)} → ${phase(a.to)}`, `${c(a.colour)} die: ${phase(a.from)} → ${phase(a.to)}`);
      case 'stop': return (OPT['o:stop'])();
      case 'done': return (OPT['o:done'])();
      case 'setup': {
        const other = ((view && view.task && view.task.tiles) || []).find((x) => x !== a.dev);
        return T(`Fejlesztés: ${cname(sideKey(a.dev, 'dev'))}, világ: ${other ? cname(sideKey(other, 'world')) : '–'}`, `Development: ${cname(sideKey(a.dev, 'dev'))}, world: ${other ? cname(sideKey(other, 'world')) : '–'}`);
      }
      case 'stock': return T(`Készletezés ${c(a.colour)} felfedezővel${a.virtual ? ' (fejlesztéstől)' : ''}`, `Stock with a ${c(a.colour)} explorer${a.virtual ? ' (from a development)' : ''}`);
      case 'scout': return T(`Felderítés ${c(a.colour)} felfedezővel${a.virtual ? ' (fejlesztéstől)' : ''}`, `Scout with a ${c(a.colour)} explorer${a.virtual ? ' (from a development)' : ''}`);
      case 'discard': return T(`Eldobás: ${cname(tileSide(view, a.tile))}`, `Discard: ${cname(tileSide(view, a.tile))}`);
      case 'draw': return (OPT['o:draw'])();
      case 'logistics': return T(`${cname(tileSide(view, a.tile))} → ${a.to === 'dev' ? 'fejlesztés' : 'világ'}-kupac teteje`, `${cname(tileSide(view, a.tile))} → top of the ${a.to === 'dev' ? 'development' : 'world'} stack`);
      case 'develop': return T(`${c(a.colour)} fejlesztő a kupacra`, `${c(a.colour)} developer onto the stack`);
      case 'settle': return T(`${c(a.colour)} telepes a kupacra`, `${c(a.colour)} settler onto the stack`);
      case 'pick': return T(`${c(a.colour)} kocka a pohárba`, `${c(a.colour)} die to the cup`);
      case 'citizenry': return T(`${c(a.colour)} munkás a Polgárságba`, `${c(a.colour)} worker to the Citizenry`);
      case 'lose': return T(`Elveszítem: ${c(a.colour)} kocka (${whereText(a.where)})`, `Lose a ${c(a.colour)} die (${whereText(a.where)})`);
      case 'recall': return T(`Visszahívom: ${c(a.colour)} kocka (${whereText(a.where)})`, `Recall a ${c(a.colour)} die (${whereText(a.where)})`);
      case 'produce': return T(`${c(a.colour)} termelő → ${cname(a.world)}`, `${c(a.colour)} producer → ${cname(a.world)}`);
      case 'trade': return T(`Eladás: ${c(a.good)} áru (${cname(a.world)}) ${c(a.colour)} szállítóval${a.bank ? ', +1 GyP 1 $-ért' : ''}`, `Trade the ${c(a.good)} good on ${cname(a.world)} with a ${c(a.colour)} shipper${a.bank ? ', $1 for 1 VP' : ''}`);
      case 'consume': return T(`Feldolgozás: ${c(a.good)} áru (${cname(a.world)}) ${c(a.colour)} szállítóval`, `Consume the ${c(a.good)} good on ${cname(a.world)} with a ${c(a.colour)} shipper`);
      default: return T('Egyéb lépés', 'Other move');
    }
  }

  function tileSide(view, n) {
    const me = view && view.players && view.players[view.you];
    if (me && me.world_stack && me.world_stack.includes(n)) return sideKey(n, 'world');
    return sideKey(n, 'dev');
  }

  const TITLES = {
    place: ['Elhelyezés', 'Place'], select: ['Fázisválasztás', 'Select a phase'], dictate: ['Diktálás', 'Dictate'],
    power: ['Átrendező képességek', 'Reassign powers'], reassign: ['Átrendezés', 'Reassign'], stop: ['Befejezés', 'Finish'],
    done: ['Befejezés', 'Finish'], setup: ['Kezdő lapkák', 'Starting tiles'], stock: ['Készletezés', 'Stock'],
    scout: ['Felderítés', 'Scout'], discard: ['Eldobás', 'Discard'], draw: ['Húzás', 'Draw'], logistics: ['Lapka áthelyezése', 'Move a tile'],
    develop: ['Fejlesztés', 'Develop'], settle: ['Letelepedés', 'Settle'], pick: ['Kockák a pohárba', 'Dice to the cup'],
    citizenry: ['Munkások a Polgárságba', 'Workers to the Citizenry'],
    lose: ['Kocka elvesztése', 'Lose a die'], recall: ['Visszahívás', 'Recall'], produce: ['Termelés', 'Produce'],
    trade: ['Eladás', 'Trade'], consume: ['Feldolgozás', 'Consume'],
  };

  function actionTitle(type, t) { T = t; return tr(TITLES[type]) || T('Egyéb', 'Other'); }

  function describeEvent(e, view, t, data) {
    T = t;
    const who = (s) => seatName(data || lastData, s);
    const n = e.seat !== undefined ? who(e.seat) : '';
    const stackName = (s) => (s === 'dev_stack' || s === 'dev' ? T('fejlesztés', 'development') : T('világ', 'world'));
    switch (e.type) {
      case 'assign': return T(`Te (titokban): ${describeAction(e.action, { stage: 'assign' }, T)}`, `You (secretly): ${describeAction(e.action, { stage: 'assign' }, T)}`);
      case 'committed': return T(`${n} beosztotta a kockáit.`, `${n} has assigned the dice.`);
      case 'reveal': {
        const parts = (e.assignments || []).map((x) => {
          const s = x.selector ? T(`${phase(x.selector.phase)} (${colour(x.selector.colour)} kockával)`, `${phase(x.selector.phase)} (with a ${colour(x.selector.colour)} die)`) : T('nem választott', 'no selection');
          const dict = x.dictated && x.dictated.length ? T(`, diktált: ${diceList(x.dictated)}`, `, dictated: ${diceList(x.dictated)}`) : '';
          return `${who(x.seat)}: ${s}${dict}`;
        });
        const extra = e.extra_die ? T(`; az extra fehér kocka: ${phase(e.extra_die)}`, `; the extra white die: ${phase(e.extra_die)}`) : '';
        return T(`Felfedés – ${parts.join('; ')}${extra}. A kör fázisai: ${(e.phases || []).map(phase).join(', ')}.`, `Reveal – ${parts.join('; ')}${extra}. This round's phases: ${(e.phases || []).map(phase).join(', ')}.`);
      }
      case 'phase': return T(`— ${phase(e.phase)} fázis —`, `— ${phase(e.phase)} phase —`);
      case 'phase_end': return T(`${phase(e.phase)} fázis vége.`, `End of the ${phase(e.phase)} phase.`);
      case 'gain': {
        const got = [];
        if (e.credits) got.push(`+${e.credits} $`);
        if (e.dice && e.dice.length) got.push(T(`${diceList(e.dice)} kocka`, `${diceList(e.dice)} ${dice(e.dice)}`));
        return got.length ? T(`${n}: ${cname(e.card)} hatása: ${got.join(', ')}.`, `${n}: ${cname(e.card)} gives ${got.join(', ')}.`) : T(`${n}: ${cname(e.card)} most semmit sem ad.`, `${n}: ${cname(e.card)} gives nothing now.`);
      }
      case 'setup_tiles': return T(`${n} kezdő lapkái: fejlesztés ${theHu(cname(sideKey(e.dev, 'dev')))}, világ ${theHu(cname(sideKey(e.world, 'world')))}.`, `${n}'s starting tiles: development ${cname(sideKey(e.dev, 'dev'))}, world ${cname(sideKey(e.world, 'world'))}.`);
      case 'place': {
        const where = e.top ? T('tetejére', 'top') : T('aljára', 'bottom');
        if (e.tile !== undefined) return T(`${n} ${theHu(cname(sideKey(e.tile, e.as)))} lapkát a ${stackName(e.as)}-kupac ${where} tette.`, `${n} put ${cname(sideKey(e.tile, e.as))} at the ${where} of the ${stackName(e.as)} stack.`);
        return T(`${n} egy lapkát a ${stackName(e.as)}-kupac ${where} tett.`, `${n} put a tile at the ${where} of the ${stackName(e.as)} stack.`);
      }
      case 'stock': return T(`${n} készletezett egy ${colour(e.colour)} felfedezővel: +${e.credits} $.`, `${n} stocked with a ${colour(e.colour)} explorer: +$${e.credits}.`);
      case 'scout': return T(`${n} felderít egy ${colour(e.colour)} felfedezővel.`, `${n} scouts with a ${colour(e.colour)} explorer.`);
      case 'discard': return e.tile !== undefined ? T(`${n} eldobta ${theHu(cname(sideKey(e.tile, e.stack === 'dev_stack' ? 'dev' : 'world')))} lapkát.`, `${n} discarded ${cname(sideKey(e.tile, e.stack === 'dev_stack' ? 'dev' : 'world'))}.`)
        : T(`${n} eldobott egy lapkát a ${stackName(e.stack)}-kupacból.`, `${n} discarded a tile from the ${stackName(e.stack)} stack.`);
      case 'draw': return e.tiles ? T(`${n} húzott: ${e.tiles.map((x) => `${cname(sideKey(x, 'dev'))} / ${cname(sideKey(x, 'world'))}`).join(', ')}.`, `${n} drew: ${e.tiles.map((x) => `${cname(sideKey(x, 'dev'))} / ${cname(sideKey(x, 'world'))}`).join(', ')}.`)
        : T(`${n} húzott ${e.count} lapkát.`, `${n} drew ${e.count} tile${e.count === 1 ? '' : 's'}.`);
      case 'logistics': return T(`${n} áthelyezte ${theHu(cname(sideKey(e.tile, e.to)))} lapkát a ${stackName(e.to)}-kupac tetejére.`, `${n} moved ${cname(sideKey(e.tile, e.to))} to the top of the ${stackName(e.to)} stack.`);
      case 'power': return T(`${n}: ${cname(BY_EN[e.name])} +${e.credits} $.`, `${n}: ${cname(BY_EN[e.name])} +$${e.credits}.`);
      case 'complete': return T(`${n} elkészítette: ${cname(e.card)} (${e.cost} munkással)${e.credits ? `, +${e.credits} $` : ''}.`, `${n} completed ${cname(e.card)} (${e.cost} workers)${e.credits ? `, +$${e.credits}` : ''}.`);
      case 'to_cup': {
        if (!e.dice.length) return e.purpose === 'recruit' ? T(`${n} nem toborzott.`, `${n} recruited nobody.`) : T(`${n}: ${cname(BY_EN[e.purpose])} – egy kocka sem ment a pohárba.`, `${n}: ${cname(BY_EN[e.purpose])} – no die went to the cup.`);
        return e.purpose === 'recruit' ? T(`${n} toborzott: ${diceList(e.dice)} kocka vissza a pohárba.`, `${n} recruited: ${diceList(e.dice)} ${dice(e.dice)} back to the cup.`)
          : T(`${n}: ${cname(BY_EN[e.purpose])} – ${diceList(e.dice)} kocka a pohárba.`, `${n}: ${cname(BY_EN[e.purpose])} – ${diceList(e.dice)} ${dice(e.dice)} to the cup.`);
      }
      case 'lose': return T(`${n} elveszített egy ${colour(e.colour)} kockát (${whereText(e.where)}).`, `${n} lost a ${colour(e.colour)} die (${whereText(e.where)}).`);
      case 'produce': return T(`${n} árut termelt: ${colour(e.colour)} kocka ${theHu(cname(e.world))} világon.`, `${n} produced a ${colour(e.colour)} good on ${cname(e.world)}.`);
      case 'trade': return T(`${n} eladta ${theHu(cname(e.world))} áruját: +${e.credits} $${e.vp ? `, +${e.vp} GyP` : ''}.`, `${n} traded the good from ${cname(e.world)}: +$${e.credits}${e.vp ? `, +${e.vp} VP` : ''}.`);
      case 'consume': return T(`${n} feldolgozta ${theHu(cname(e.world))} áruját: +${e.vp} GyP${e.credits ? `, +${e.credits} $` : ''}.`, `${n} consumed the good from ${cname(e.world)}: +${e.vp} VP${e.credits ? `, +$${e.credits}` : ''}.`);
      case 'phase_bonus': return T(`${n} a ${phase(e.phase)} fázis végén: ${e.credits ? `+${e.credits} $` : ''}${e.credits && e.vp ? ', ' : ''}${e.vp ? `+${e.vp} GyP` : ''}.`, `${n} at the end of ${phase(e.phase)}: ${e.credits ? `+$${e.credits}` : ''}${e.credits && e.vp ? ', ' : ''}${e.vp ? `+${e.vp} VP` : ''}.`);
      case 'recall': return T(`${n} visszahívott egy ${colour(e.colour)} kockát a pohárba (${whereText(e.where)}).`, `${n} recalled a ${colour(e.colour)} die to the cup (${whereText(e.where)}).`);
      case 'forced_discard': return T(`A zsák kiürült: ${n} eldobott egy lapkát a ${stackName(e.stack)}-kupacából.`, `The bag ran dry: ${n} discarded a tile from the ${stackName(e.stack)} stack.`);
      case 'resign': return T(`${n} feladta a játszmát.`, `${n} resigned.`);
      case 'game_over': {
        const w = (e.winners || []).map(who).join(', ');
        const sc = (e.scores || []).map((s, i) => `${who(i)} ${s}`).join(', ');
        return T(`Vége a játéknak. Győztes: ${w}. Pontok: ${sc}.`, `Game over. Winner: ${w}. Scores: ${sc}.`);
      }
      default: return T('Egyéb esemény.', 'Other event.');
    }
  }

  window.KaoszBoard = Object.assign(window.KaoszBoard || {}, { renderView, afterRender, describeAction, actionTitle, describeEvent });
  // For tests and tools: the clicks (component keys) that make an action.
  // unreachable(): legal actions some component of whose path is not drawn (should be none).
  window.KaoszRoll = {
    pathOf: (a) => (ctxNow ? pathsOf(a, ctxNow.view, ctxNow.legal.actions || [])[0] : null),
    unreachable: () => acts.filter((x) => !x.paths.some((p) => p.every((k) => k.startsWith('o:') ||
      [...ctxNow.el.querySelectorAll('[data-k]')].some((e) => keysOf(e).includes(k))))).map((x) => x.a),
  };
})();
