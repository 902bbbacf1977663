/* Pulsar 2849 board: the star map as an SVG graph (pulsars, systems with their planets and
 * stations, jump gates, start gates, every ship and claim), the dice board (pool, median
 * marker, draft order, initiative and engineering tracks), gyrodynes and awards,
 * transmitters, technology boards, HQ boards, goals, each player's holdings and the final
 * scoring table. Loaded only by matches/boards/pulsar.html; board.js talks to the API.
 *
 * Acting is clicking what you act on. Every legal action has a target component (a map
 * node, a technology, a gyrodyne pile, a transmitter cost box…) and, for actions paid with a
 * die, a prefix: first click one of your dice (and a modifier token if you use one), then
 * the target. Several actions on one target (a flight with or without a technology boost)
 * open a small chooser. The plain list of buttons below stays for keyboards and readers.
 *
 * Everything drawn comes from `view` and `legal_actions`; names in both languages come from
 * DATA below (the stand-in set's technologies have English names only in the engine data). */
(function () {
  'use strict';

  // ---------------------------------------------------------------- data (names, texts)
  const TECH_HU = {
    'SI-1': 'Felderítő hajtóművek', 'SI-2': 'Kutatási támogatás', 'SI-3': 'Girodinöntöde',
    'SI-4': 'Pörgésszámvitel', 'SI-5': 'Vörös kocka labor', 'SI-6': 'Közvetítő felmérés',
    'SIB-1': 'Hosszú égetés', 'SIB-2': 'Kockaművek', 'SIB-3': 'Esztergapad', 'SIB-4': 'Gyűrűszámlálás',
    'SIB-5': 'Tartalék kocka', 'SIB-6': 'Felderítő iroda', 'SII-1': 'Kockakettőző',
    'SII-2': 'Díjnyilvántartás', 'SII-3': 'Jeladódíjak', 'SII-4': 'Előőrs-alapítás',
    'SII-5': 'Trimmlapok', 'SII-6': 'Pulzárjegyzék', 'SIII-1': 'Térhajlító hajtómű',
    'SIII-2': 'Hálózati osztalék', 'SIII-3': 'Szabadalmi közösség', 'SIII-4': 'Zárókő',
  };
  const SIZE = { small: ['kis', 'small'], medium: ['közepes', 'medium'], large: ['nagy', 'large'] };
  const SIZES = ['small', 'medium', 'large'];
  const COLOR = { orange: ['narancs', 'orange'], blue: ['kék', 'blue'], green: ['zöld', 'green'], purple: ['lila', 'purple'] };
  const GATE_FILL = { orange: '#f08a24', blue: '#3c8ce6', green: '#3dbb5c' };
  const SEAT_COLOR = ['#ff5a4f', '#4fb3ff', '#ffd23f', '#7be07b'];
  const TRACK = { initiative: ['Kezdeményezés', 'Initiative'], engineering: ['Mérnöki sáv', 'Engineering'] };
  const COUNTER = {
    pulsars: ['birtokolt pulzár', 'pulsar owned'], stations: ['állomás', 'station'], patents: ['szabadalom', 'patent'],
    active_transmitters: ['aktív adó', 'active transmitter'], spinning: ['forgó girodin', 'spinning gyrodyne'],
    awards: ['építési díj', 'construction award'], hq_done: ['kész HQ-projekt', 'HQ project done'],
    races_used: ['lefutott kapuverseny', 'gate race flown'], gyros_placed: ['lerakott girodin', 'gyrodyne placed'],
  };
  const GOAL = {
    patents: ['legalább {n} szabadalom', 'at least {n} patents'],
    finished_same: ['{n} egyforma méretű forgó girodin', '{n} spinning gyrodynes of one size'],
    finished_different: ['{n} különböző méretű forgó girodin', '{n} spinning gyrodynes of different sizes'],
    gyros_any: ['{n} lerakott girodin', '{n} gyrodynes placed'],
    stations: ['legalább {n} állomás', 'at least {n} stations'],
    active_transmitters: ['{n} aktív adó', '{n} active transmitters'],
    hq_done: ['{n} kész HQ-projekt', '{n} HQ projects done'],
    races_used: ['{n} lefutott kapuverseny', '{n} gate races flown'],
  };
  const WHY = {
    reward: ['jutalom', 'reward'], engineering: ['mérnöki sáv', 'engineering track'], transmitter: ['adó termelése', 'transmitter production'],
    gyrodynes: ['forgó girodinok', 'spinning gyrodynes'], award: ['építési díj', 'construction award'], race: ['kapuverseny', 'gate race'],
    goal: ['cél', 'goal'], goal_bonus: ['célbónusz', 'goal bonus'], idle_pulsars: ['pulzár girodin nélkül', 'pulsars without a spinning gyrodyne'],
    unfinished_gyrodynes: ['befejezetlen girodinok', 'unfinished gyrodynes'], cube_pairs: ['mérnökkocka-párok', 'pairs of engineer cubes'],
    final_order: ['végső sorrend', 'final turn order'], stations: ['állomások', 'stations'],
    initiative_penalty: ['kezdeményezési büntetés', 'initiative penalty'], engineering_penalty: ['mérnöki büntetés', 'engineering penalty'],
    joint: ['adóhálózat', 'transmitter array'], copy: ['másolás', 'copy'], patent: ['szabadalom', 'patent'], doubler: ['kettőző', 'doubler'],
  };
  const PHASE = {
    setup: ['Előkészület', 'Setup'], draft: ['Kockaválasztás', 'Dice picking'], actions: ['Akciófázis', 'Action phase'],
    production: ['Termelés', 'Production'], final: ['Végső pontozás', 'Final scoring'], over: ['Vége', 'Game over'],
  };
  const FINAL_COLS = [['before', 'Pontszám a végső pontozás előtt', 'Score before final scoring'], ['purple', '1. Lila technológiák', '1. Purple technologies'],
    ['goal', '2. Célok', '2. Goals'], ['goal_bonus', '2. Célbónuszok', '2. Goal bonuses'], ['idle_pulsars', '3. Pulzárok forgó girodin nélkül', '3. Pulsars without a spinning gyrodyne'],
    ['unfinished_gyrodynes', '4. Befejezetlen girodinok', '4. Unfinished gyrodynes'], ['cube_pairs', '5. Mérnökkocka-párok', '5. Pairs of engineer cubes'],
    ['final_order', '6. Végső sorrend', '6. Final turn order'], ['stations', '7. Állomások', '7. Stations']];
  const REASON = { most_points: ['a legtöbb győzelmi pont', 'most victory points'], resigned: ['feladás', 'resignation'],
    timeout: ['lejárt az idő', 'time ran out'], adjudicated: ['döntnöki döntés', 'adjudication'] };

  // ---------------------------------------------------------------- small helpers
  let T = (h) => h;
  let esc = (s) => String(s);
  const tr = (pair) => (pair ? T(pair[0], pair[1]) : '');
  let seatNames = [];
  const who = (s) => (seatNames[s] != null ? seatNames[s] : T(`${s + 1}. játékos`, `player ${s + 1}`));
  const swatch = (s) => `<i class="pz-sw" style="background:${SEAT_COLOR[s % 4]}"></i>`;
  const vp = (n) => T(`${n} GP`, `${n} VP`);

  function techOf(view, id) {
    for (const b of view.components.tech_boards) for (const r of b.rows) for (const t of r.techs) if (t.id === id) return t;
    return null;
  }
  function techName(view, id) {
    const t = view && techOf(view, id);
    const en = t ? t.name : id;
    return T(TECH_HU[id] || en, en);
  }
  function nodeKind(view, n) { return (view.components.board.nodes[n] || {}).kind; }
  function nodeName(view, n) {
    const k = nodeKind(view, n);
    const isolated = !(adjacency(view)[n] || []).length;
    if (k === 'pulsar') return isolated ? T(`${n} elszigetelt pulzár`, `isolated pulsar ${n}`) : T(`${n} pulzár`, `pulsar ${n}`);
    if (k === 'system') return T(`${n} rendszer`, `system ${n}`);
    if (k === 'gate') {
      const c = view.components.board.nodes[n].color;
      return T(`${n} ${tr(COLOR[c])} ugrókapu`, `${tr(COLOR[c])} jump gate ${n}`);
    }
    if (k === 'start') return T(`${n} kezdőkapu`, `start gate ${n}`);
    return String(n);
  }
  function effectText(e) {
    const [k, v] = Object.entries(e)[0];
    switch (k) {
      case 'vp': return `+${vp(v)}`;
      case 'cubes': return T(`+${v} mérnökkocka`, `+${v} engineer cube${v === 1 ? '' : 's'}`);
      case 'gyro':
        if (v === 'any') return T('tetszőleges girodin', 'any gyrodyne');
        if (v === 'two_different') return T('két különböző girodin', 'two different gyrodynes');
        if (Array.isArray(v)) return v.map((s) => tr(SIZE[s])).join(T(' vagy ', ' or ')) + T(' girodin', ' gyrodyne');
        return T(`${tr(SIZE[v])} girodin`, `${tr(SIZE[v])} gyrodyne`);
      case 'modifier': return v === 'pm' ? T('±1 módosító', '±1 modifier') : T('+2 módosító', '+2 modifier');
      case 'bonus_die': return T(`${v}-es bónuszkocka`, `bonus die of ${v}`);
      case 'explore': return T(`${v} felfedezőlapka`, `${v} exploration tile${v === 1 ? '' : 's'}`);
      case 'isolated_pulsar': return T('egy elszigetelt pulzár', 'an isolated pulsar');
      case 'teleport': return { pulsar: T('teleport egy pulzárra', 'teleport to a pulsar'), system: T('teleport egy rendszerbe', 'teleport to a system'), any: T('teleport bárhová', 'teleport anywhere') }[v];
      case 'keep_station': return T('megtartod: +1 állomás a végén', 'keep it: +1 station at the end');
      case 'cube_for_vp': return T(`1 kocka → ${v} GP`, `1 cube → ${v} VP`);
      default: return '';
    }
  }
  const effectsText = (list) => (list || []).map(effectText).filter(Boolean).join(', ') || T('semmi', 'nothing');
  function scoringText(spec) {
    if (spec.vp != null) return vp(spec.vp);
    return T(`${spec.n} GP / ${tr(COUNTER[spec.vp_per])}`, `${spec.n} VP per ${tr(COUNTER[spec.vp_per])}`);
  }
  function techText(t) {
    const out = [];
    if (t.immediate) out.push(T('azonnal: ', 'at once: ') + effectsText(t.immediate));
    if (t.per_round) out.push(T('minden termeléskor: ', 'each production: ') + scoringText(t.per_round));
    if (t.end) out.push(T('a játék végén: ', 'at game end: ') + scoringText(t.end));
    if (t.patent_die) out.push(T(`${t.patent_die}-es bónuszkocka 1 mérnökkockáért`, `bonus die of ${t.patent_die} for 1 engineer cube`));
    const a = t.ability || {};
    if (a.flight_boost) out.push(T(`repülés +${a.flight_boost} szakasz`, `flights +${a.flight_boost} segment`));
    if (a.doubler) out.push(T(`fordulónként egy kockád ${a.doubler[0]} lesz, és kapsz egy ${a.doubler[1]}-as bónuszkockát`, `once a round a die becomes ${a.doubler[0]} and you gain a bonus die of ${a.doubler[1]}`));
    if (a.extra_stations) out.push(T(`+${a.extra_stations} állomás a végső pontozásban`, `+${a.extra_stations} stations in final scoring`));
    if (t.once_per_round) out.push(T('fordulónként egyszer szabadalmaztatható', 'patented once per round'));
    return out.join(' · ');
  }
  function goalText(cond) {
    const p = GOAL[cond.kind];
    return p ? tr(p).replace('{n}', cond.n) : `${cond.n}`;
  }
  function goalSide(view, i) { const g = view.goals[i]; return view.components.goals[g.tile].sides[g.side]; }
  function txOf(view, id) { return view.components.transmitters.find((t) => t.id === id); }
  function hqProject(view, pid) {
    for (const b of view.components.hq_boards) for (const s of Object.values(b.sides)) for (const p of s.projects) if (p.id === pid) return p;
    return null;
  }
  function hqText(view, pid) {
    const p = hqProject(view, pid);
    if (!p) return pid;
    const race = p.race ? T(`kapuverseny: ${p.race.vp} GP minden ${p.race.colors.map((c) => tr(COLOR[c])).join('/')} kapuért`, `gate race: ${p.race.vp} VP per ${p.race.colors.map((c) => tr(COLOR[c])).join('/')} gate`) : '';
    return [(p.reward || []).length ? effectsText(p.reward) : '', race].filter(Boolean).join(' · ');
  }
  const modText = (m) => (m ? T(` (${m} módosítóval)`, ` (with ${m} modifier)`) : '');

  // ---------------------------------------------------------------- map layout
  // Every refresh brings a new view object: the map is cached by what it is made of.
  const layoutCache = {};
  const boardSig = (board) => Object.keys(board.nodes).join(',') + '|' + board.segments.map((s) => s.join('-')).join(',');
  function adjacency(view) {
    const sig = boardSig(view.components.board);
    if (layoutCache.adjSig === sig) return layoutCache.adj;
    const adj = {};
    Object.keys(view.components.board.nodes).forEach((n) => { adj[n] = []; });
    view.components.board.segments.forEach((s) => { adj[s[0]].push(s[1]); adj[s[1]].push(s[0]); });
    layoutCache.adj = adj;
    layoutCache.adjSig = sig;
    return adj;
  }

  /* Node positions: classical MDS on graph distances, refined by stress majorization, so
   * neighbours sit close and the drawing does not fold over itself; isolated pulsars get a
   * row of their own. Deterministic, computed once per page. */
  function layout(view) {
    // a phone gets the map upright (taller than wide), so it is drawn larger in its width
    const portrait = window.innerWidth < 600;
    const sig = boardSig(view.components.board) + (portrait ? '|portrait' : '');
    if (layoutCache.posSig === sig) return layoutCache.pos;
    const adj = adjacency(view);
    const ids = Object.keys(adj).filter((n) => adj[n].length).sort();
    const iso = Object.keys(adj).filter((n) => !adj[n].length).sort();
    const n = ids.length;
    const idx = {}; ids.forEach((x, i) => { idx[x] = i; });
    const D = ids.map((src) => {
      const d = new Array(n).fill(Infinity); d[idx[src]] = 0; const q = [src];
      while (q.length) { const u = q.shift(); adj[u].forEach((v) => { if (d[idx[v]] === Infinity) { d[idx[v]] = d[idx[u]] + 1; q.push(v); } }); }
      return d.map((x) => (x === Infinity ? n : x));
    });
    // double-centred squared distances, two leading eigenvectors by power iteration
    const B = D.map((r) => r.map((x) => -0.5 * x * x));
    const rm = B.map((r) => r.reduce((a, b) => a + b, 0) / n);
    const all = rm.reduce((a, b) => a + b, 0) / n;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) B[i][j] = B[i][j] - rm[i] - rm[j] + all;
    const vecs = [];
    for (let k = 0; k < 2; k++) {
      let v = ids.map((_, i) => Math.sin(i * (k + 1) * 1.7) + 0.1 * (k + 1));
      let lam = 0;
      for (let it = 0; it < 200; it++) {
        const w = B.map((r) => r.reduce((a, b, j) => a + b * v[j], 0));
        vecs.forEach(([u, l]) => { const dot = w.reduce((a, b, j) => a + b * u[j], 0); for (let j = 0; j < n; j++) w[j] -= dot * u[j]; void l; });
        lam = Math.sqrt(w.reduce((a, b) => a + b * b, 0)) || 1;
        v = w.map((x) => x / lam);
      }
      vecs.push([v, lam]);
    }
    const X = ids.map((_, i) => [vecs[0][0][i] * Math.sqrt(vecs[0][1]), vecs[1][0][i] * Math.sqrt(vecs[1][1])]);
    for (let it = 0; it < 120; it++) {
      for (let i = 0; i < n; i++) {
        let sx = 0, sy = 0, sw = 0;
        for (let j = 0; j < n; j++) {
          if (i === j) continue;
          const d = D[i][j]; const w = 1 / (d * d);
          const dx = X[i][0] - X[j][0], dy = X[i][1] - X[j][1];
          const dist = Math.hypot(dx, dy) || 1e-6;
          sx += w * (X[j][0] + d * dx / dist); sy += w * (X[j][1] + d * dy / dist); sw += w;
        }
        X[i] = [sx / sw, sy / sw];
      }
    }
    // push apart nodes that ended up closer than 0.75 edge lengths, so labels stay readable
    for (let it = 0; it < 60; it++) {
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
        const dx = X[i][0] - X[j][0], dy = X[i][1] - X[j][1];
        const dist = Math.hypot(dx, dy) || 1e-6;
        if (dist < 0.75) {
          const push = (0.75 - dist) / 2;
          X[i][0] += dx / dist * push; X[i][1] += dy / dist * push;
          X[j][0] -= dx / dist * push; X[j][1] -= dy / dist * push;
        }
      }
    }
    // wider than tall on a desktop, upright on a phone
    let minx = Infinity, maxx = -Infinity, miny = Infinity, maxy = -Infinity;
    X.forEach(([x, y]) => { minx = Math.min(minx, x); maxx = Math.max(maxx, x); miny = Math.min(miny, y); maxy = Math.max(maxy, y); });
    if ((maxy - miny > maxx - minx) !== portrait) { X.forEach((p, i) => { X[i] = [p[1], p[0]]; }); [minx, maxx, miny, maxy] = [miny, maxy, minx, maxx]; }
    const W = portrait ? 440 : 640, H = portrait ? 580 : 470, M = 30;
    const sc = Math.min((W - 2 * M) / (maxx - minx || 1), (H - 2 * M) / (maxy - miny || 1));
    const pos = {};
    ids.forEach((id, i) => { pos[id] = [M + (X[i][0] - minx) * sc, M + (X[i][1] - miny) * sc]; });
    iso.forEach((id, i) => { pos[id] = [M + 40 + i * 70, H + 45]; });
    layoutCache.pos = { pos, W, H: iso.length ? H + 75 : H, iso };
    layoutCache.posSig = sig;
    return layoutCache.pos;
  }

  // ---------------------------------------------------------------- action → component
  // The component an action is about ("target") and, for actions paid with a die, the
  // thing clicked first ("prefix"). The keys are data-t attributes of drawn components.
  function canonDie(view, seat, i) {
    const dice = view.players[seat].dice;
    const v = dice[i] && dice[i].v;
    return dice.findIndex((d) => d.v === v);
  }
  function prefixOf(a) {
    if (a.type === 'draft') return a.track ? `pool:${a.die}` : null;
    if (a.type === 'build') return `held:${a.size}`;
    if ('die' in a) return `die:${a.die}`;
    return null;
  }
  const usesMod = (a) => 'die' in a && a.type !== 'draft';
  function targetOf(a) {
    switch (a.type) {
      case 'choose_gate': return `node:${a.gate}`;
      case 'choose_hq_side': return `hqside:${a.side}`;
      case 'draft': return a.track ? `trk:${a.track}:${a.marker}` : `pool:${a.die}`;
      case 'fly': return 'fly';
      case 'step': case 'teleport': return `node:${a.to}`;
      case 'take_gyro': case 'choose_gyro': return `gyro:${a.size}`;
      case 'finish_gyro': case 'build': return `node:${a.pulsar}`;
      case 'take_tx': return `txslot:${a.slot}:${a.cost}`;
      case 'pay_tx': return `txmine:${a.tile}:${a.cost}`;
      case 'connect': return `txtile:${a.tile}`;
      case 'hq': return `hq:${a.project}`;
      case 'patent': case 'double': return `tech:${a.tech}`;
      case 'buy_mod': return `shop:${a.kind}`;
      case 'copy': return `leftover:${a.value}`;
      case 'end_turn': return 'dec:end';
      case 'station': return a.build ? `node:${(cur.view.pending || {}).node}` : 'dec:no';
      case 'claim': return a.take ? `node:${(cur.view.pending || {}).node}` : 'dec:no';
      case 'system_bonus': return a.take === 'printed' ? 'sysbonus' : 'explore';
      case 'choose_isolated': return a.pulsar ? `node:${a.pulsar}` : 'dec:no';
      case 'joint_die': return `joint:${a.value}`;
      case 'choose_goal': return `goal:${a.goal}`;
      case 'buy_goal_bonus': return `goalbonus:${a.goal}`;
      case 'finish_scoring': return 'dec:finish';
      default: return `other:${a.type}`;
    }
  }

  // UI selection survives redraws of the same version only.
  const ui = { version: null, sel: null, mod: '' };
  let cur = { view: null, legal: { actions: [] }, act: null, data: null };

  function candidates(key, sel, mod) {
    return cur.legal.actions.map((a, i) => [a, i]).filter(([a]) => {
      if (targetOf(a) !== key) return false;
      const p = prefixOf(a);
      if (p === null) return true;
      return p === sel && (!usesMod(a) || (a.mod || '') === mod);
    });
  }
  const isPrefix = (key) => cur.legal.actions.some((a) => prefixOf(a) === key);
  const modUsable = (m) => cur.legal.actions.some((a) => usesMod(a) && (a.mod || '') === m && (!ui.sel || prefixOf(a) === ui.sel));

  /* What a person clicks for one action: the data-t keys in order and, when the target
   * holds several actions, the chooser entry. Tests use it to click like a player. */
  function plan(action) {
    const json = JSON.stringify(action);
    const index = cur.legal.actions.findIndex((a) => JSON.stringify(a) === json);
    if (index < 0) return null;
    const a = cur.legal.actions[index];
    const clicks = [];
    const p = prefixOf(a);
    const mod = usesMod(a) ? (a.mod || '') : '';
    if (p) clicks.push(p);
    if (mod) clicks.push(`mod:${mod}`);
    clicks.push(targetOf(a));
    const c = candidates(targetOf(a), p, mod);
    return { clicks, choice: c.length > 1 ? index : null };
  }

  // ---------------------------------------------------------------- drawing
  function svgMap(view, d) {
    const { pos, W, H, iso } = layout(view);
    const nodes = view.components.board.nodes;
    const f = view.flight;
    const usedPairs = new Set();
    if (f) { let prev = f.start; f.visited.forEach((n) => { usedPairs.add([prev, n].sort().join('|')); prev = n; }); }
    const segs = view.components.board.segments.map((s) => {
      const [a, b] = [pos[s[0]], pos[s[1]]];
      const flown = usedPairs.has([s[0], s[1]].sort().join('|'));
      const cls = `pz-seg${s[2] === 'double' ? ' dbl' : ''}${flown ? ' flown' : ''}`;
      const style = flown ? ` style="stroke:${SEAT_COLOR[f.seat % 4]}"` : '';
      return `<line class="${cls}"${style} x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}"/>`;
    }).join('');
    const tiles = {}; view.components.systems.forEach((t) => { tiles[t.id] = t; });
    const gateOwner = {}; view.players.forEach((p, s) => { if (p.gate) gateOwner[p.gate] = s; });
    const gyroOn = {}; view.players.forEach((p) => Object.entries(p.pulsars || {}).forEach(([n, g]) => { gyroOn[n] = g; }));
    const body = Object.keys(nodes).map((n) => {
      const [x, y] = pos[n];
      const k = nodes[n].kind;
      let shape = '';
      let extra = '';
      if (k === 'pulsar') {
        const own = view.owner[n];
        shape = `<circle class="pz-pulsar" r="13"/>` + (own != null ? `<circle r="17" fill="none" stroke="${SEAT_COLOR[own % 4]}" stroke-width="4"/>` : '');
        const g = gyroOn[n];
        if (g) {
          const r = { small: 4, medium: 6, large: 8 }[g.size];
          extra = `<circle r="${r}" class="pz-gyro${g.spinning ? ' spin' : ''}" stroke="${SEAT_COLOR[own % 4]}"/>`;
        }
      } else if (k === 'system') {
        const s = view.systems[n] || {};
        shape = `<circle class="pz-system${s.revealed ? '' : ' hidden'}" r="15"/>`;
        if (s.revealed) {
          const tile = tiles[s.tile];
          const m = s.planets.length;
          extra = s.planets.map((o, i) => {
            const ang = -Math.PI / 2 + (2 * Math.PI * i) / m;
            const px = (9 * Math.cos(ang)).toFixed(1), py = (9 * Math.sin(ang)).toFixed(1);
            const kind = tile ? tile.planets[i].kind : 'barren';
            if (o === 'X') return `<g transform="translate(${px},${py})"><circle r="4" class="pz-planet blocked"/><path d="M-3,-3L3,3M3,-3L-3,3" class="pz-x"/></g>`;
            const fill = o != null ? SEAT_COLOR[o % 4] : (kind === 'blue' ? '#2f6fd6' : '#7b6f62');
            return `<circle cx="${px}" cy="${py}" r="${o != null ? 5 : 4}" fill="${fill}" class="pz-planet${o != null ? ' st' : ''}"/>`;
          }).join('');
        } else {
          extra = '<text class="pz-q" y="4">?</text>';
        }
      } else if (k === 'gate') {
        shape = `<rect class="pz-gate" x="-11" y="-11" width="22" height="22" transform="rotate(45)" fill="${GATE_FILL[nodes[n].color] || '#888'}"/>`;
      } else {
        const o = gateOwner[n];
        shape = `<rect class="pz-start" x="-12" y="-12" width="24" height="24" rx="4"${o != null ? ` stroke="${SEAT_COLOR[o % 4]}"` : ''}/>`;
      }
      return `<g class="pz-node k-${k}" data-t="node:${esc(n)}" data-node="${esc(n)}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})" tabindex="-1">` +
        `<title>${esc(nodeName(view, n))}</title><circle class="pz-hit" r="22"/>${shape}${extra}<text class="pz-lbl" y="${k === 'system' ? 28 : 27}">${esc(n)}</text></g>`;
    }).join('');
    const ships = view.players.map((p, s) => {
      if (!p.ship || !pos[p.ship]) return '';
      const [x, y] = pos[p.ship];
      const dx = [-13, 13, -13, 13][s % 4], dy = [-13, -13, 13, 13][s % 4];
      const mine = s === d.seat;
      return `<g class="pz-ship${mine ? ' mine' : ''}" ${mine ? 'data-t="fly" ' : ''}data-ship="${s}" transform="translate(${(x + dx).toFixed(1)},${(y + dy).toFixed(1)})">` +
        `<title>${esc(T(`${who(s)} hajója`, `${who(s)}'s ship`))}</title><circle class="pz-hit" r="13"/><path d="M0,-9L7,7L0,3L-7,7Z" fill="${SEAT_COLOR[s % 4]}" stroke="#000" stroke-width="1"/></g>`;
    }).join('');
    const isoLabel = iso.length ? `<text class="pz-isol" x="30" y="${H - 48}">${T('Elszigetelt pulzárok', 'Isolated pulsars')}</text>` : '';
    return `<svg class="pz-map" viewBox="0 0 ${W} ${H}" role="img" aria-label="${T('Csillagtérkép', 'Star map')}">${segs}${isoLabel}${body}${ships}</svg>`;
  }

  function legend(view) {
    return `<p class="pz-legend small"><span><i class="pz-lg pulsar"></i>${T('pulzár', 'pulsar')}</span> <span><i class="pz-lg system"></i>${T('rendszer (bolygók)', 'system (planets)')}</span>` +
      ` <span><i class="pz-lg gate"></i>${T('ugrókapu', 'jump gate')}</span> <span><i class="pz-lg start"></i>${T('kezdőkapu', 'start gate')}</span>` +
      ` <span>- - ${T('zsákutca (kettős vonal)', 'dead end (double line)')}</span></p>`;
  }

  function dieHtml(v, key, cls, title) {
    return `<button type="button" class="pz-die ${cls || ''}" ${key ? `data-t="${key}"` : ''} title="${esc(title || '')}">${v}</button>`;
  }

  function diceBoard(view, d) {
    const dice = view.dice || { pool: [], leftover: [], median: 0 };
    const ruler = [1, 2, 3, 4, 5, 6].map((v) => {
      const inBox = dice.pool.filter((x) => x === v).map((x) => dieHtml(x, `pool:${x}`, '', T(`${x}-es kocka`, `a ${x}`))).join('');
      return `<div class="pz-box"><span class="pz-boxn">${v}</span>${inBox}</div>`;
    }).join('');
    const mpos = ((dice.median || 0) / 2 - 0.5) / 6 * 100;
    const median = dice.median ? `<div class="pz-median" style="left:${mpos.toFixed(1)}%" title="${T('medián jelző', 'median marker')}">▼</div>` : '';
    const picks = view.draft ? `<p class="small" id="pz-draft-order">${T('Választási sorrend', 'Picking order')}: ` +
      view.draft.picks.map((s, i) => `<span class="pz-pick${i === view.draft.i && view.phase === 'draft' ? ' now' : ''}${i < view.draft.i ? ' done' : ''}">${swatch(s)}${esc(who(s))}</span>`).join(' → ') + '</p>' : '';
    const left = (dice.leftover || []).length ? `<p class="small">${T('Megmaradt kockák (másolható 4 mérnökkockáért)', 'Leftover dice (copy for 4 engineer cubes)')}: ` +
      dice.leftover.map((v) => dieHtml(v, `leftover:${v}`, 'small', '')).join('') + '</p>' : '';
    const tracks = Object.keys(TRACK).map((t) => {
      const spaces = view.tracks[t] || [];
      const pen = ((view.components.dice_board.tracks[t] || {}).penalties) || {};
      return `<div class="pz-track" data-track="${t}"><span class="pz-tname">${tr(TRACK[t])}</span><div class="pz-spaces">` +
        spaces.map((stack, i) => `<div class="pz-space${pen[i] ? ' pen' : ''}">${pen[i] ? `<span class="pz-pen">${pen[i]}</span>` : ''}` +
          stack.slice().reverse().map((m) => {
            const s = m >> 1, k = m & 1;
            return `<button type="button" class="pz-marker" ${s === d.seat ? `data-t="trk:${t}:${k}"` : ''} style="background:${SEAT_COLOR[s % 4]}" title="${esc(who(s))}${view.seats === 2 ? ' #' + (k + 1) : ''}">${view.seats === 2 ? k + 1 : ''}</button>`;
          }).join('') + '</div>').join('') + '</div></div>';
    }).join('');
    const rockets = `<p class="small" id="pz-order">${T('Rakéták (fordulósorrend)', 'Rockets (turn order)')}: ${(view.order || []).map((s) => `${swatch(s)}${esc(who(s))}`).join(' → ')}</p>`;
    return `<section class="pz-panel" id="pz-dice"><h3>${T('Kockatábla', 'Dice board')}</h3>` +
      `<div class="pz-ruler">${ruler}${median}</div>${picks}${left}${tracks}${rockets}</section>`;
  }

  function myDice(view, d) {
    if (d.seat == null || !view.players[d.seat] || view.phase !== 'actions') return '';
    const p = view.players[d.seat];
    const dice = (p.dice || []).map((x, i) => dieHtml(x.v, `die:${canonDie(view, d.seat, i)}`, x.red ? 'red' : '', x.red ? T('bónuszkocka', 'bonus die') : '')).join('');
    const mods = [['+1', 'pm'], ['-1', 'pm'], ['+2', 'p2']].map(([m, tok]) => `<button type="button" class="pz-mod" data-t="mod:${m}" title="${T('módosító jelző', 'modifier token')}">${m === '-1' ? '−1' : m} <small>(${p.mods[tok]})</small></button>`).join('');
    const shop = `<span class="pz-shop">${T('Módosító vásárlása', 'Buy a modifier')}: <button type="button" class="pz-tile" data-t="shop:pm">±1 <small>(${T('kocka 1 vagy 2', 'die 1 or 2')})</small></button>` +
      `<button type="button" class="pz-tile" data-t="shop:p2">+2 <small>(${T('kocka 2', 'die 2')})</small></button></span>`;
    const held = SIZES.filter((s) => p.gyros[s] > 0).map((s) => `<button type="button" class="pz-tile pz-held" data-t="held:${s}">${T(`${tr(SIZE[s])} girodin`, `${tr(SIZE[s])} gyrodyne`)} ×${p.gyros[s]}</button>`).join('');
    return `<section class="pz-panel pz-mine" id="pz-mydice"><h3>${T('Kockáid', 'Your dice')}</h3>` +
      `<div class="pz-row">${dice || `<span class="muted">${T('nincs kockád', 'no dice')}</span>`}</div>` +
      `<div class="pz-row">${T('Módosító', 'Modifier')}: ${mods}</div><div class="pz-row">${shop}</div>` +
      (held ? `<div class="pz-row">${T('Lerakható girodinok (kattints, majd a pulzárodra)', 'Gyrodynes to place (click, then your pulsar)')}: ${held}</div>` : '') +
      `<div class="pz-row"><button type="button" class="pz-end" data-t="dec:end">${T('Köröm vége', 'End my turn')}</button></div></section>`;
  }

  function supply(view) {
    const gy = view.components.gyrodynes;
    const piles = SIZES.map((s) => `<button type="button" class="pz-tile pz-gyropile" data-t="gyro:${s}"><b>${T(`${tr(SIZE[s])} girodin`, `${tr(SIZE[s])} gyrodyne`)}</b>` +
      `<span class="st">${T('készlet', 'supply')}: <span class="pz-count" data-gyro-supply="${s}">${view.gyro_supply[s]}</span> · ${T('elvétel', 'take')} ${gy[s].take} · ${T('befejezés', 'finish')} ${gy[s].finish} · ${vp(gy[s].vp)}/${T('termelés', 'production')}</span>` +
      `<span class="st">${T('díjak', 'awards')}: ${(view.awards[s] || []).map((w) => (w === 'first' ? T(`1. (${view.components.awards.first} GP)`, `1st (${view.components.awards.first} VP)`) : T(`2. (${view.components.awards.second} GP)`, `2nd (${view.components.awards.second} VP)`))).join(', ') || T('elfogytak', 'all taken')}</span></button>`).join('');
    const ex = view.explore;
    const exploreTile = `<div class="pz-tile pz-stack" id="pz-explore"><b>${T('Felfedezőlapkák', 'Exploration tiles')}</b><span class="st">${T('pakli', 'stack')}: <span class="pz-count">${ex.stack}</span> · ${T('dobott', 'discarded')}: ${ex.discard.length}</span></div>`;
    return `<section class="pz-panel" id="pz-supply"><h3>${T('Girodinok és díjak', 'Gyrodynes and awards')}</h3><div class="pz-wrap">${piles}${exploreTile}</div></section>`;
  }

  function txTile(view, id, keyFor, state) {
    const t = txOf(view, id);
    if (!t) return '';
    const boxes = t.costs.map((c, j) => `<button type="button" class="pz-cost${state && state.covered[j] ? ' covered' : ''}" ${keyFor ? `data-t="${keyFor(j)}"` : ''} title="${T('költség', 'cost')}">${c}</button>`).join('');
    return `<b>${T('Adó', 'Transmitter')} ${esc(t.letter)} · ${esc(id)}</b>${state && state.active ? ` <span class="ok">${T('aktív', 'active')}</span>` : ''}` +
      `<div class="pz-row">${boxes}</div><span class="st">${T('jutalom', 'reward')}: ${esc(effectsText(t.reward))}</span>` +
      `<span class="st">${T('termelés', 'production')}: ${esc(t.production.length ? effectsText(t.production) : T('nincs', 'none'))} · ${T('csatlakozók', 'joints')}: ${t.points.map((x) => x / 2).join(', ')}</span>`;
  }

  function transmitters(view) {
    const slots = view.tx.display.map((id, slot) => (id ? `<div class="pz-tile pz-tx" data-slot="${slot}">${txTile(view, id, (j) => `txslot:${slot}:${j}`)}</div>` :
      `<div class="pz-tile pz-tx empty">${T('üres hely', 'empty slot')}</div>`)).join('');
    const letters = Object.entries(view.tx.stack_letters || {}).sort().map(([l, c]) => `${esc(l)}×${c}`).join(' ');
    // The stack lies face up (setup), so its top tile is drawn too: the next to be offered.
    const top = view.tx.top ? `<div class="pz-tile pz-tx pz-txtop" id="pz-txtop" data-tile="${esc(view.tx.top)}"><span class="st">${T('A pakli teteje (képpel felfelé), a következő kínálatba kerül', 'Top of the stack (face up), next on offer')}</span>${txTile(view, view.tx.top, null)}</div>` : '';
    return `<section class="pz-panel" id="pz-tx"><h3>${T('Adók kínálata', 'Transmitters on offer')}</h3><div class="pz-wrap">${slots}${top}</div>` +
      `<p class="small">${T('Húzópakli', 'Stack')}: <span class="pz-count" id="pz-txcount">${view.tx.stack}</span> (${letters || '–'})</p></section>`;
  }

  function techBoards(view) {
    let base = 0;
    const boards = view.tech_boards.map((bid) => {
      const b = view.components.tech_boards.find((x) => x.id === bid);
      const rows = b.rows.map((row, r) => {
        const g = base + r;
        const open = g <= view.time;
        const techs = row.techs.map((t) => {
          const rec = view.techs[t.id] || { by: [] };
          return `<button type="button" class="pz-tile pz-tech c-${t.color}" data-t="tech:${esc(t.id)}" data-tech="${esc(t.id)}">` +
            `<b>${esc(techName(view, t.id))}</b> <span class="pz-cost-tag">${t.cost}</span><span class="st">${esc(techText(t))}</span>` +
            `<span class="st">${T('szabadalom', 'patents')}: ${rec.by.map((s) => swatch(s) + esc(who(s))).join(' ') || '–'}</span></button>`;
        }).join('');
        return `<div class="pz-techrow${open ? '' : ' locked'}${g === view.time ? ' now' : ''}"><span class="pz-rowhead">${open ? '' : '🔒 '}${T('bónusz', 'bonus')} ${row.bonus === 'median' ? T('medián', 'median') : '+' + row.bonus}</span>${techs}</div>`;
      }).join('');
      base += b.rows.length;
      return `<div class="pz-techboard"><h4>${T('Technológia', 'Technology')} ${esc(b.category)}</h4>${rows}</div>`;
    }).join('');
    return `<section class="pz-panel" id="pz-techs"><h3>${T('Technológiák', 'Technologies')} <span class="small muted">(${T('az időjelző sora kiemelve; a zárt sorok később nyílnak', 'the time marker row is highlighted; locked rows open later')})</span></h3><div class="pz-techgrid">${boards}</div></section>`;
  }

  function goalsPanel(view) {
    const rows = (view.goals || []).map((g, i) => {
      const side = goalSide(view, i);
      const by = view.final ? Object.entries(view.final.goals).filter(([, r]) => r.scored.includes(i)).map(([s]) => swatch(+s) + esc(who(+s))).join(' ') : '';
      return `<button type="button" class="pz-tile pz-goal" data-t="goal:${i}"><b>${esc(goalText(side.condition))}</b> <span>${vp(side.vp)}</span>` +
        `<span class="st">${T('bónuszok', 'bonuses')}: ${side.bonuses.map((b) => T(`${b.cost} kocka → ${b.vp} GP`, `${b.cost} cubes → ${b.vp} VP`)).join(', ')}</span>` +
        (by ? `<span class="st">${T('teljesítette', 'met by')}: ${by}</span>` : '') + '</button>' +
        (view.phase === 'final' ? `<button type="button" class="pz-tile pz-goalbonus" data-t="goalbonus:${i}">${T('Célbónusz vásárlása', 'Buy the goal bonus')}</button>` : '');
    }).join('');
    const table = view.components.station_table;
    return `<section class="pz-panel" id="pz-goals"><h3>${T('Célok', 'Goals')}</h3><div class="pz-wrap">${rows}</div>` +
      `<p class="small">${T('Állomások pontja a végén', 'Stations at the end')}: ${table.map((v, i) => `${i}→${v}`).slice(1).join(' · ')}</p></section>`;
  }

  function hqBoard(view, p, s, d) {
    if (!p.hq) return '';
    const board = view.components.hq_boards.find((b) => b.id === p.hq.board);
    if (!board || !p.hq.side) return `<p class="small">${T('Főhadiszállás', 'HQ')}: ${T('oldal még nincs kiválasztva', 'side not chosen yet')}</p>`;
    const side = board.sides[p.hq.side];
    const rows = side.rows.map((row) => `<div class="pz-row">${row.map((pid) => {
      const pr = side.projects.find((x) => x.id === pid);
      const done = p.hq_done.includes(pid);
      return `<button type="button" class="pz-tile pz-hq${done ? ' done' : ''}" ${s === d.seat ? `data-t="hq:${esc(pid)}"` : ''}><span class="pz-cost-tag">${pr.cost}</span> ${esc(hqText(view, pid))}${done ? ` <span class="ok">✓</span>` : ''}</button>`;
    }).join('')}</div>`).join('');
    return `<div class="pz-hqb"><span class="zname">${T('Főhadiszállás', 'HQ board')} (${T('oldal', 'side')} ${esc(p.hq.side)})</span>${rows}</div>`;
  }

  function playerPanel(view, p, s, d) {
    const me = s === d.seat;
    const turn = (d.to_act || []).includes(s);
    const pulsars = Object.entries(p.pulsars || {}).map(([n, g]) => `<span class="pz-chip">${esc(n)}${g ? ` · ${tr(SIZE[g.size])} ${g.spinning ? T('forog', 'spinning') : T('épül', 'building')}` : ''}</span>`).join('') || '–';
    const txs = Object.entries(p.transmitters || {}).map(([id, st]) => `<div class="pz-tile pz-tx mine" ${me ? `data-t="txtile:${esc(id)}"` : ''}>${txTile(view, id, me ? (j) => `txmine:${id}:${j}` : null, st)}</div>`).join('');
    const links = (p.links || []).map(([a, i, b, j]) => `${esc(a)}·${i + 1} — ${esc(b)}·${j + 1}`).join(', ');
    const patents = p.patents.map((t) => `<span class="pz-chip">${esc(techName(view, t))}</span>`).join('') || '–';
    return `<section class="pz-panel pz-player${me ? ' me' : ''}${turn ? ' turn' : ''}" data-seat="${s}"><h3>${swatch(s)}${esc(who(s))}${me ? ' (' + T('te', 'you') + ')' : ''}${turn ? ' · ' + T('soron van', 'to act') : ''}</h3>` +
      `<p class="pz-stats"><span><b class="pz-vp">${p.vp}</b> ${T('GP', 'VP')}</span> <span><b class="pz-cubes">${p.cubes}</b> ${T('mérnökkocka', 'engineer cubes')}</span>` +
      ` <span><b>${p.mods.pm}</b> ±1 · <b>${p.mods.p2}</b> +2 ${T('módosító', 'modifiers')}</span> <span><b class="pz-markers">${p.markers}</b> ${T('jelző', 'markers')}</span>` +
      ` <span>${T('girodin kézben', 'gyrodynes held')}: ${SIZES.map((z) => `${tr(SIZE[z])} ${p.gyros[z]}`).join(', ')}</span></p>` +
      `<div class="zone"><span class="zname">${T('Pulzárok', 'Pulsars')} (<span class="pz-npulsars">${Object.keys(p.pulsars || {}).length}</span>)</span>${pulsars}</div>` +
      `<div class="zone"><span class="zname">${T('Állomások', 'Stations')} (<span class="pz-nstations">${p.stations.length}</span>)</span>${p.stations.map(esc).join(', ') || '–'}${p.kept.length ? ` · ${T('megtartott lapka', 'kept tiles')}: ${p.kept.length}` : ''}</div>` +
      `<div class="zone"><span class="zname">${T('Szabadalmak', 'Patents')}</span>${patents}</div>` +
      `<div class="zone"><span class="zname">${T('Díjak', 'Awards')}</span>${p.awards.map(([z, w]) => `${tr(SIZE[z])} ${w === 'first' ? T('1.', '1st') : T('2.', '2nd')}`).join(', ') || '–'}</div>` +
      (txs ? `<div class="zone"><span class="zname">${T('Adók', 'Transmitters')}</span><div class="pz-wrap">${txs}</div>${links ? `<span class="st">${T('kötések', 'links')}: ${links}</span>` : ''}</div>` : '') +
      hqBoard(view, p, s, d) + '</section>';
  }

  function finalTable(view) {
    const r = view.result;
    if (!r && view.phase !== 'final') return '';
    const table = (view.final && view.final.table) || {};
    const seats = view.players.map((_, s) => s).sort((a, b) => view.players[b].vp - view.players[a].vp);
    // one column per player (2-4 fit a phone), one row per scoring step, the total last
    const head = `<tr><th>${T('Lépés', 'Step')}</th>${seats.map((s) => {
      const win = r && r.winners.includes(s);
      return `<th class="${win ? 'win' : ''}">${swatch(s)}${esc(who(s))}${win ? ` <span class="ok">★ ${T('győztes', 'winner')}</span>` : ''}</th>`;
    }).join('')}</tr>`;
    const cell = (s, k) => {
      const row = table[String(s)];
      return row ? (row[k] != null ? row[k] : 0) : '–';
    };
    const body = FINAL_COLS.map(([k, h, e]) => `<tr><th>${T(h, e)}</th>${seats.map((s) => `<td>${cell(s, k)}</td>`).join('')}</tr>`).join('') +
      `<tr class="pz-total"><th>${T('Összesen', 'Total')}</th>${seats.map((s) => `<td><b>${view.players[s].vp}</b></td>`).join('')}</tr>`;
    const order = [];
    (view.order || []).forEach((s) => { if (!order.includes(s)) order.push(s); });
    let trail = T('Holtverseny esetén a végső fordulósorrendben hátrébb álló játékos nyer', 'A tie goes to the tied player further back in the final turn order') +
      ` (${order.map((s) => esc(who(s))).join(' → ')}).`;
    if (r && (r.tiebreak || []).length) {
      trail += ' ' + T('Holtverseny volt: a győztes a sorrendben hátrébb állt.', 'There was a tie: the winner stood further back in turn order.');
    } else if (r) {
      trail += ' ' + T('Nem kellett holtversenyt eldönteni.', 'No tie needed breaking.');
    }
    const reason = r ? `<p>${T('Győztes', 'Winner')}: <b>${r.winners.map((s) => esc(who(s))).join(', ') || T('nincs', 'none')}</b> — ${tr(REASON[r.reason]) || T('a játék véget ért', 'the game ended')}</p>` : '';
    return `<section class="pz-panel" id="pz-final"><h3>${T('Végső pontozás', 'Final scoring')}</h3>${reason}<div class="pz-tablewrap"><table class="pz-final">${head}${body}</table></div><p class="small" id="pz-tiebreak">${trail}</p></section>`;
  }

  /* What is being decided, and (for the one deciding) how to do it by clicking. */
  function decisionText(view, d) {
    const ph = view.phase;
    const pend = view.pending;
    const say = (what, how) => (d.your_turn && how ? `${what} — ${how}` : what);
    if (ph === 'setup') {
      const q = (view.setup_queue || [])[0];
      return q && q.kind === 'gate' ? say(T('kezdőkapu választása', 'choosing a start gate'), T('kattints egy szabad kezdőkapura a térképen', 'click a free start gate on the map'))
        : say(T('főhadiszállás-oldal választása', 'choosing an HQ board side'), T('kattints az egyik oldalra fent', 'click one of the sides above'));
    }
    if (ph === 'draft') return say(T('kocka választása a kockatábláról', 'picking a die from the dice board'), T('kattints egy kockára, majd ha kell, a saját jelződre a sávon', 'click a die, then if asked one of your markers on a track'));
    if (ph === 'final') return say(T('végső pontozás: célbónuszok mérnökkockáért', 'final scoring: goal bonuses for engineer cubes'), T('kattints a célbónuszra, majd „Pontozásom kész”', 'click a goal bonus, then “My scoring is done”'));
    if (ph === 'over') return T('a játék véget ért', 'the game is over');
    if (pend) {
      const node = pend.node ? nodeName(view, pend.node) : '';
      switch (pend.kind) {
        case 'station': return say(T(`állomás építése itt: ${node}`, `a station at ${node}`), T('kattints a rendszerre, vagy „Nem”', 'click the system, or “No”'));
        case 'claim': return say(T(`pulzár igénylése: ${node}`, `claiming ${node}`), T('kattints a pulzárra, vagy „Nem”', 'click the pulsar, or “No”'));
        case 'bonus': return say(T(`a rendszer bónusza vagy egy felfedezőlapka (${node})`, `the system's bonus or an exploration tile (${node})`), T('kattints az egyikre fent', 'click one of them above'));
        case 'gyro': return say(T('girodin választása', 'choosing a gyrodyne'), T('kattints egy girodinkészletre', 'click a gyrodyne pile'));
        case 'isolated': return say(T('elszigetelt pulzár választása', 'choosing an isolated pulsar'), T('kattints rá a térkép alján, vagy „Nem”', 'click it at the bottom of the map, or “No”'));
        case 'teleport': return say(T('teleport célja', 'where to teleport'), T('kattints a célra a térképen', 'click the destination on the map'));
        case 'joint': return say(T('az adóhálózat kockája', 'the transmitter array die'), T('válassz értéket fent', 'choose its value above'));
        case 'connect': return say(T('az új adó bekötése', 'connecting the new transmitter'), T('kattints az adódra', 'click your transmitter'));
        default: return '';
      }
    }
    if (view.flight) return say(T(`repülés: még ${view.flight.left} szakasz`, `flight: ${view.flight.left} segment${view.flight.left === 1 ? '' : 's'} left`), T('kattints a térképen a következő pontra', 'click the next node on the map'));
    return say(T('akciók a kockákkal', 'actions with dice'), T('kattints egy kockádra, aztán arra, amire költöd; a végén „Köröm vége”', 'click one of your dice, then what you spend it on; then “End my turn”'));
  }

  function prompt(view, d) {
    const mine = d.your_turn;
    if (!mine) return '';
    const pend = view.pending;
    const parts = [];
    if (view.phase === 'setup' && view.setup_queue && view.setup_queue[0].kind === 'hq_side') {
      const p = view.players[d.seat];
      const board = view.components.hq_boards.find((b) => b.id === p.hq.board);
      Object.keys(board.sides).sort().forEach((sd) => {
        const side = board.sides[sd];
        parts.push(`<button type="button" class="pz-tile pz-hqside" data-t="hqside:${esc(sd)}"><b>${T('Oldal', 'Side')} ${esc(sd)}</b>` +
          side.rows.map((row) => `<span class="st">${row.map((pid) => { const pr = side.projects.find((x) => x.id === pid); return `${pr.cost}: ${esc(hqText(view, pid))}`; }).join(' | ')}</span>`).join('') + '</button>');
      });
    }
    if (pend && pend.kind === 'bonus') {
      const s = view.systems[pend.node];
      const tile = view.components.systems.find((t) => t.id === s.tile);
      parts.push(`<button type="button" class="pz-tile" data-t="sysbonus"><b>${T('A rendszer bónusza', "The system's bonus")}</b><span class="st">${esc(effectsText(tile ? tile.bonus : []))}</span></button>`);
      parts.push(`<button type="button" class="pz-tile pz-stack" data-t="explore"><b>${T('Felfedezőlapka húzása', 'Draw an exploration tile')}</b><span class="st">${T('pakli', 'stack')}: ${view.explore.stack}</span></button>`);
    }
    if (pend && pend.kind === 'joint') {
      pend.options.forEach((o) => parts.push(dieHtml(o.value, `joint:${o.value}`, 'red', '')));
    }
    // renderView runs before afterRender hands over the legal actions: a pending decision's
    // options are public in the view itself
    const opts = pend && pend.seat === d.seat ? pend.options : [];
    if (opts.some((a) => a.build === false || a.take === false || (a.type === 'choose_isolated' && !a.pulsar))) parts.push(`<button type="button" class="pz-end" data-t="dec:no">${T('Nem', 'No')}</button>`);
    if (view.phase === 'final') parts.push(`<button type="button" class="pz-end" data-t="dec:finish">${T('Pontozásom kész', 'My scoring is done')}</button>`);
    return parts.length ? `<div class="pz-prompt" id="pz-prompt">${parts.join('')}</div>` : '';
  }

  function renderView(view, d, t, e) {
    T = t; esc = e;
    // the one name of a bot (matches/bot_kinds.py), never its key
    seatNames = (d.seats || []).map((s, i) => (window.KaoszSeatName ? window.KaoszSeatName(s, i, d.seats) : s.player));
    if (!view) return `<p class="muted">${T('A játszma még nem kezdődött el.', 'The match has not started yet.')}</p>`;
    if (ui.version !== d.version) { ui.version = d.version; ui.sel = null; ui.mod = ''; }
    cur = Object.assign({}, cur, { view, data: d });
    const turnWho = (d.to_act || []).map((s) => esc(who(s))).join(', ');
    const bar = `<div class="pz-bar" id="pz-decision"><span>${T('Forduló', 'Round')} <b id="pz-round">${view.round}</b>/8 · <b>${tr(PHASE[view.phase]) || ''}</b></span>` +
      (d.status === 'active' ? ` · <span>${d.your_turn ? `<b class="ok">${T('Te döntesz', 'Your decision')}</b>` : `${T('Rá várunk', 'Waiting for')}: <b>${turnWho}</b>`}</span>` : '') +
      `<div class="pz-what" id="pz-what">${esc(decisionText(view, d))}</div><div class="pz-hint" id="pz-hint"></div></div>`;
    const standin = view.components.standin ? `<p class="pz-standin" id="pz-standin">${T('Helyettesítő tábla: ezt a térképet, a lapkákat, technológiákat és főhadiszállásokat a projekt találta ki a szabályok kipróbálásához — nem a nyomtatott Pulsar 2849 elemei.', 'Stand-in board: this map, the tiles, technologies and HQ boards were invented by the project to exercise the rules — not the printed Pulsar 2849 components.')}</p>` : '';
    const me = d.seat != null ? view.players.map((p, s) => [p, s]).filter(([, s]) => s === d.seat) : [];
    const others = view.players.map((p, s) => [p, s]).filter(([, s]) => s !== d.seat);
    return `<div class="pz">${bar}${standin}${prompt(view, d)}${finalTable(view)}` +
      `<section class="pz-panel" id="pz-mapbox"><h3>${T('Csillagtérkép', 'Star map')}</h3>${svgMap(view, d)}${legend(view)}</section>` +
      `<div class="pz-main">${myDice(view, d)}${diceBoard(view, d)}${supply(view)}</div>` +
      `<div class="pz-players">${me.concat(others).map(([p, s]) => playerPanel(view, p, s, d)).join('')}</div>` +
      `${transmitters(view)}${techBoards(view)}${goalsPanel(view)}` +
      `<div class="pz-chooser" id="pz-chooser" hidden></div></div>`;
  }

  // ---------------------------------------------------------------- interaction
  function mark() {
    const el = cur.el;
    if (!el) return;
    el.querySelectorAll('[data-t]').forEach((n) => {
      const key = n.dataset.t;
      let live = false;
      if (key.startsWith('mod:')) live = modUsable(key.slice(4));
      else live = candidates(key, ui.sel, ui.mod).length > 0 || isPrefix(key);
      n.classList.toggle('live', live);
      n.classList.toggle('sel', key === ui.sel || key === `mod:${ui.mod}`);
      if (n.tagName === 'g') n.setAttribute('tabindex', live ? '0' : '-1');
      if (n.tagName === 'BUTTON') n.disabled = !live;
    });
    const hint = el.querySelector('#pz-hint');
    if (hint) {
      let h = '';
      if (ui.sel && ui.sel.startsWith('die:')) {
        const die = cur.view.players[cur.data.seat].dice[+ui.sel.slice(4)];
        h = T(`Kiválasztott kocka: ${die ? die.v : ''}${ui.mod ? ' ' + ui.mod : ''} — most kattints arra, amire költöd (kiemelve).`, `Chosen die: ${die ? die.v : ''}${ui.mod ? ' ' + ui.mod : ''} — now click what you spend it on (highlighted).`);
      } else if (ui.sel && ui.sel.startsWith('pool:')) {
        h = T(`Kiválasztott kocka: ${ui.sel.slice(5)} — most kattints a saját jelződre a kezdeményezési vagy a mérnöki sávon.`, `Chosen die: ${ui.sel.slice(5)} — now click one of your markers on the initiative or engineering track.`);
      } else if (ui.sel && ui.sel.startsWith('held:')) {
        h = T('Most kattints a saját, üres pulzárodra a térképen.', 'Now click one of your empty pulsars on the map.');
      }
      hint.textContent = h;
    }
  }

  function choose(list) {
    const box = cur.el.querySelector('#pz-chooser');
    box.innerHTML = `<p><b>${T('Melyiket?', 'Which one?')}</b></p>` + list.map(([a, i]) => `<button type="button" class="pz-choice" data-choice="${i}">${esc(describeAction(a, cur.view, T, cur.data))}</button>`).join('') +
      `<button type="button" class="pz-cancel">${T('Mégsem', 'Cancel')}</button>`;
    box.hidden = false;
    box.querySelectorAll('[data-choice]').forEach((b) => b.addEventListener('click', () => { box.hidden = true; cur.act(cur.legal.actions[+b.dataset.choice]); }));
    box.querySelector('.pz-cancel').addEventListener('click', () => { box.hidden = true; });
  }

  function clicked(key) {
    if (key.startsWith('mod:')) {
      const m = key.slice(4);
      ui.mod = ui.mod === m ? '' : m;
      mark();
      return;
    }
    const c = candidates(key, ui.sel, ui.mod);
    if (c.length === 1) { cur.act(c[0][0]); return; }
    if (c.length > 1) { choose(c); return; }
    if (isPrefix(key)) { ui.sel = ui.sel === key ? null : key; mark(); }
  }

  function afterRender(ctx) {
    cur = { view: ctx.view, legal: ctx.legal || { actions: [] }, act: ctx.act, data: ctx.data, el: ctx.el };
    if (!ctx.view) return;
    ctx.el.querySelectorAll('[data-t]').forEach((n) => {
      n.addEventListener('click', (ev) => { ev.stopPropagation(); if (n.classList.contains('live')) clicked(n.dataset.t); });
      n.addEventListener('keydown', (ev) => { if ((ev.key === 'Enter' || ev.key === ' ') && n.tagName === 'g') { ev.preventDefault(); if (n.classList.contains('live')) clicked(n.dataset.t); } });
    });
    mark();
    // board.js prints the outcome's reason as the engine names it; say it in words
    const o = document.querySelector('#outcome .muted');
    const r = ctx.data && ctx.data.outcome;
    if (o && r && REASON[r.reason]) o.textContent = `(${tr(REASON[r.reason])})`;
  }

  // ---------------------------------------------------------------- words
  const TITLES = {
    choose_gate: ['Kezdőkapu', 'Start gate'], choose_hq_side: ['Főhadiszállás oldala', 'HQ board side'], draft: ['Kockaválasztás', 'Pick a die'],
    fly: ['Repülés', 'Fly'], step: ['Repülés: következő szakasz', 'Flight: next segment'], take_gyro: ['Girodin elvétele', 'Take a gyrodyne'],
    finish_gyro: ['Girodin befejezése', 'Finish a gyrodyne'], take_tx: ['Adó elvétele', 'Take a transmitter'], pay_tx: ['Adó költségének fedezése', 'Pay a transmitter cost'],
    hq: ['Főhadiszállás-projekt', 'HQ project'], patent: ['Szabadalom', 'Patent'], buy_mod: ['Módosító vásárlása', 'Buy a modifier'],
    double: ['Kockakettőzés', 'Double a die'], copy: ['Kocka másolása', 'Copy a die'], build: ['Girodin lerakása', 'Place a gyrodyne'],
    connect: ['Adó bekötése', 'Connect a transmitter'], end_turn: ['Kör vége', 'End turn'], station: ['Állomás', 'Station'],
    system_bonus: ['Rendszerbónusz', 'System bonus'], claim: ['Pulzár igénylése', 'Claim a pulsar'], choose_gyro: ['Girodin választása', 'Choose a gyrodyne'],
    choose_isolated: ['Elszigetelt pulzár', 'Isolated pulsar'], teleport: ['Teleport', 'Teleport'], joint_die: ['Hálózati kocka', 'Array die'],
    choose_goal: ['Cél választása', 'Choose a goal'], buy_goal_bonus: ['Célbónusz', 'Goal bonus'], finish_scoring: ['Pontozás vége', 'Finish scoring'],
  };
  function actionTitle(type, t) { T = t; return TITLES[type] ? tr(TITLES[type]) : T('Egyéb lépés', 'Other move'); }

  function describeAction(a, view, t, d) {
    T = t;
    if (d) seatNames = (d.seats || []).map((s, i) => (window.KaoszSeatName ? window.KaoszSeatName(s, i, d.seats) : s.player));
    const die = (a2) => {
      if (!view || d == null || d.seat == null || !view.players[d.seat]) return '';
      const x = view.players[d.seat].dice[a2.die];
      return x ? T(` — ${x.v}-es kockával${modText(a2.mod)}`, ` — with the ${x.v}${modText(a2.mod)}`) : '';
    };
    const pend = view && view.pending;
    switch (a.type) {
      case 'choose_gate': return T(`Kezdés innen: ${nodeName(view, a.gate)}`, `Start at ${nodeName(view, a.gate)}`);
      case 'choose_hq_side': return T(`Főhadiszállás ${a.side}. oldala`, `HQ board side ${a.side}`);
      case 'draft': return a.track ? T(`${a.die}-es kocka, jelző mozgatása: ${tr(TRACK[a.track])}${view && view.seats === 2 ? ` #${a.marker + 1}` : ''}`, `The ${a.die}, moving a marker on ${tr(TRACK[a.track])}${view && view.seats === 2 ? ` #${a.marker + 1}` : ''}`) : T(`${a.die}-es kocka (a jelző nem mozdul)`, `The ${a.die} (no marker moves)`);
      case 'fly': {
        const x = view && d && view.players[d.seat] ? view.players[d.seat].dice[a.die] : null;
        const n = x ? x.v + ({ '': 0, '+1': 1, '-1': -1, '+2': 2 }[a.mod || '']) + (a.boost || 0) : '?';
        const race = a.race ? T(`, kapuverseny (${tr(COLOR[a.color])})`, `, gate race (${tr(COLOR[a.color])})`) : '';
        return T(`Repülés ${n} szakaszon${a.boost ? ` (+${a.boost} technológia)` : ''}${race}`, `Fly ${n} segment${n === 1 ? '' : 's'}${a.boost ? ` (+${a.boost} technology)` : ''}${race}`) + die(a);
      }
      case 'step': return T(`Tovább ide: ${nodeName(view, a.to)}`, `On to ${nodeName(view, a.to)}`);
      case 'teleport': return T(`Teleport ide: ${nodeName(view, a.to)}`, `Teleport to ${nodeName(view, a.to)}`);
      case 'take_gyro': return T(`${tr(SIZE[a.size])} girodin elvétele`, `Take a ${tr(SIZE[a.size])} gyrodyne`) + die(a);
      case 'choose_gyro': return T(`${tr(SIZE[a.size])} girodin`, `A ${tr(SIZE[a.size])} gyrodyne`);
      case 'finish_gyro': return T(`Girodin befejezése itt: ${nodeName(view, a.pulsar)}`, `Finish the gyrodyne on ${nodeName(view, a.pulsar)}`) + die(a);
      case 'build': return T(`${tr(SIZE[a.size])} girodin lerakása ide: ${nodeName(view, a.pulsar)}`, `Place a ${tr(SIZE[a.size])} gyrodyne on ${nodeName(view, a.pulsar)}`);
      case 'take_tx': {
        const id = view && view.tx.display[a.slot];
        const tx = id && txOf(view, id);
        return T(`Adó elvétele: ${id || ''} (${tx ? tx.costs[a.cost] : '?'} költségmező)`, `Take transmitter ${id || ''} (cost box ${tx ? tx.costs[a.cost] : '?'})`) + die(a);
      }
      case 'pay_tx': {
        const tx = view && txOf(view, a.tile);
        return T(`Adó ${a.tile}: ${tx ? tx.costs[a.cost] : '?'} költségmező fedezése`, `Transmitter ${a.tile}: cover cost box ${tx ? tx.costs[a.cost] : '?'}`) + die(a);
      }
      case 'connect': return a.standalone ? T(`Adó ${a.tile} önállóan marad`, `Transmitter ${a.tile} stays on its own`)
        : T(`Adó ${a.tile} ${a.point + 1}. csatlakozója → ${a.to} ${a.to_point + 1}. csatlakozója`, `Transmitter ${a.tile} joint ${a.point + 1} → ${a.to} joint ${a.to_point + 1}`);
      case 'hq': return T(`Főhadiszállás-projekt: ${view ? hqText(view, a.project) : ''}`, `HQ project: ${view ? hqText(view, a.project) : ''}`) + die(a);
      case 'patent': return T(`Szabadalom: ${techName(view, a.tech)}`, `Patent: ${techName(view, a.tech)}`) + die(a);
      case 'buy_mod': return T(`${a.kind === 'pm' ? '±1' : '+2'} módosító vásárlása`, `Buy a ${a.kind === 'pm' ? '±1' : '+2'} modifier`) + die(a);
      case 'double': return T(`Kockakettőzés (${techName(view, a.tech)})`, `Double a die (${techName(view, a.tech)})`) + die(a);
      case 'copy': return T(`${a.value}-es kocka másolása 4 mérnökkockáért`, `Copy the ${a.value} for 4 engineer cubes`);
      case 'end_turn': return T('Köröm vége', 'End my turn');
      case 'station': return a.build ? T(`Állomás építése itt: ${pend ? nodeName(view, pend.node) : ''}`, `Build a station at ${pend ? nodeName(view, pend.node) : ''}`) : T('Nem építek állomást', 'No station');
      case 'claim': return a.take ? T(`Igénylem: ${pend ? nodeName(view, pend.node) : ''}`, `Claim ${pend ? nodeName(view, pend.node) : ''}`) : T('Nem igénylem', 'Do not claim');
      case 'system_bonus': return a.take === 'printed' ? T('A rendszer nyomtatott bónusza', "The system's printed bonus") : T('Felfedezőlapka helyette', 'An exploration tile instead');
      case 'choose_isolated': return a.pulsar ? T(`Elszigetelt pulzár: ${a.pulsar}`, `Isolated pulsar ${a.pulsar}`) : T('Egyiket sem', 'None');
      case 'joint_die': return T(`${a.value}-es hálózati bónuszkocka`, `Array bonus die of ${a.value}`);
      case 'choose_goal': return T(`Ez a girodin-cél számít: ${view ? goalText(goalSide(view, a.goal).condition) : ''}`, `Score this gyrodyne goal: ${view ? goalText(goalSide(view, a.goal).condition) : ''}`);
      case 'buy_goal_bonus': return T(`Célbónusz vásárlása: ${view ? goalText(goalSide(view, a.goal).condition) : ''}`, `Buy the goal bonus: ${view ? goalText(goalSide(view, a.goal).condition) : ''}`);
      case 'finish_scoring': return T('Pontozásom kész', 'My scoring is done');
      default: return actionTitle(a.type, T);
    }
  }

  function describeEvent(e, view, t, d) {
    T = t;
    if (d) seatNames = (d.seats || []).map((s, i) => (window.KaoszSeatName ? window.KaoszSeatName(s, i, d.seats) : s.player));
    if (!view) return null;
    const w = e.seat != null ? who(e.seat) : '';
    const nn = (n) => nodeName(view, n);
    switch (e.type) {
      case 'gate': return T(`${w} itt kezd: ${nn(e.gate)}.`, `${w} starts at ${nn(e.gate)}.`);
      case 'hq_side': return T(`${w} a főhadiszállása ${e.side}. oldalát választja.`, `${w} chooses side ${e.side} of the HQ board.`);
      case 'roll': return T(`${e.round}. forduló: a dobás ${e.dice.join(', ')}; a medián jelző ${e.median % 2 ? `${(e.median - 1) / 2} és ${(e.median + 1) / 2} között` : `a ${e.median / 2}-es mezőn`}.`,
        `Round ${e.round}: the roll is ${e.dice.join(', ')}; the median marker ${e.median % 2 ? `between ${(e.median - 1) / 2} and ${(e.median + 1) / 2}` : `on the ${e.median / 2}`}.`);
      case 'draft': return e.move ? T(`${w} elveszi a ${e.die}-es kockát; jelzője ${Math.abs(e.move)} mezőt lép ${e.move < 0 ? 'balra' : 'jobbra'} a ${tr(TRACK[e.track]).toLowerCase()} sávon.`, `${w} takes the ${e.die}; a marker moves ${Math.abs(e.move)} ${e.move < 0 ? 'left' : 'right'} on ${tr(TRACK[e.track]).toLowerCase()}.`)
        : T(`${w} elveszi a ${e.die}-es kockát.`, `${w} takes the ${e.die}.`);
      case 'phase': return e.phase === 'actions' ? T(`${e.round}. forduló: akciófázis.`, `Round ${e.round}: action phase.`) : e.phase === 'production' ? T(`${e.round}. forduló: termelés.`, `Round ${e.round}: production.`) : T('Végső pontozás.', 'Final scoring.');
      case 'spend': return T(`${w} elkölt egy ${e.value} értékű kockát${modText(e.mod)}.`, `${w} spends a die worth ${e.value}${modText(e.mod)}.`);
      case 'flight': return T(`${w} elrepül innen: ${nn(e.from)} (${e.steps} szakasz).`, `${w} flies from ${nn(e.from)} (${e.steps} segment${e.steps === 1 ? '' : 's'}).`);
      case 'step': return T(`${w} hajója ide ér: ${nn(e.to)}.`, `${w}'s ship reaches ${nn(e.to)}.`);
      case 'reveal': return T(`Felfordul a ${nn(e.node)} lapkája: ${e.planets.length} bolygó, ${e.planets.filter((x) => x === 'X').length} lezárva.`, `${nn(e.node)} is revealed: ${e.planets.length} planets, ${e.planets.filter((x) => x === 'X').length} blocked.`);
      case 'station': return T(`${w} állomást épít itt: ${nn(e.node)} (${e.blue ? 'kék' : 'kopár'} bolygó).`, `${w} builds a station at ${nn(e.node)} (${e.blue ? 'blue' : 'barren'} planet).`);
      case 'claim': return T(`${w} igényli: ${nn(e.pulsar)}.`, `${w} claims ${nn(e.pulsar)}.`);
      case 'teleport': return T(`${w} ide teleportál: ${nn(e.to)}.`, `${w} teleports to ${nn(e.to)}.`);
      case 'end_turn': return T(`${w} befejezi a körét.`, `${w} ends the turn.`);
      case 'dice_unused': return T(`${w} ${e.dice.length} kockája kihasználatlan maradt.`, `${w} leaves ${e.dice.length} dice unused.`);
      case 'explore_draw': return T(`${w} felfedezőlapkát húz: ${effectsText(((view.components.exploration || []).find((x) => x.id === e.tile) || {}).effect)}.`, `${w} draws an exploration tile: ${effectsText(((view.components.exploration || []).find((x) => x.id === e.tile) || {}).effect)}.`);
      case 'explore_reshuffle': return T('A felfedezőlapkák újrakeverve.', 'The exploration tiles are reshuffled.');
      case 'explore_empty': return T('Nincs több felfedezőlapka.', 'No exploration tiles left.');
      case 'score': return e.delta >= 0 ? T(`${w} +${e.delta} GP (${WHY[e.why] ? tr(WHY[e.why]) : techName(view, e.why)}); összesen ${e.vp}.`, `${w} +${e.delta} VP (${WHY[e.why] ? tr(WHY[e.why]) : techName(view, e.why)}); total ${e.vp}.`)
        : T(`${w} ${e.delta} GP (${WHY[e.why] ? tr(WHY[e.why]) : techName(view, e.why)}); összesen ${e.vp}.`, `${w} ${e.delta} VP (${WHY[e.why] ? tr(WHY[e.why]) : techName(view, e.why)}); total ${e.vp}.`);
      case 'cubes': return T(`${w} ${e.delta > 0 ? '+' : ''}${e.delta} mérnökkocka${e.why ? ` (${tr(WHY[e.why])})` : ''}.`, `${w} ${e.delta > 0 ? '+' : ''}${e.delta} engineer cube${Math.abs(e.delta) === 1 ? '' : 's'}${e.why ? ` (${tr(WHY[e.why])})` : ''}.`);
      case 'gyro_taken': return T(`${w} kap egy ${tr(SIZE[e.size])} girodint.`, `${w} gains a ${tr(SIZE[e.size])} gyrodyne.`);
      case 'build': return T(`${w} ${tr(SIZE[e.size])} girodint rak ide: ${nn(e.pulsar)}.`, `${w} places a ${tr(SIZE[e.size])} gyrodyne on ${nn(e.pulsar)}.`);
      case 'spin': return T(`${w} befejezi a girodint itt: ${nn(e.pulsar)} — forog.`, `${w} finishes the gyrodyne on ${nn(e.pulsar)} — it spins.`);
      case 'award': return T(`${w} megkapja a ${tr(SIZE[e.size])} girodinok ${e.which === 'first' ? 'első' : 'második'} építési díját.`, `${w} wins the ${e.which === 'first' ? 'first' : 'second'} ${tr(SIZE[e.size])} gyrodyne award.`);
      case 'turn_order': return T(`Új sorrend: ${e.order.map(who).join(' → ')}.`, `New turn order: ${e.order.map(who).join(' → ')}.`);
      case 'tx_display': return T(`Új adók a kínálatban: ${e.display.filter(Boolean).length}.`, `New transmitters on offer: ${e.display.filter(Boolean).length}.`);
      case 'tx_take': return T(`${w} elveszi a(z) ${e.tile} adót.`, `${w} takes transmitter ${e.tile}.`);
      case 'tx_pay': return T(`${w} fedez egy költséget a(z) ${e.tile} adón.`, `${w} covers a cost on transmitter ${e.tile}.`);
      case 'tx_active': return T(`${w} ${e.tile} adója aktív lett.`, `${w}'s transmitter ${e.tile} is activated.`);
      case 'tx_connect': return T(`${w} összeköti: ${e.tile} és ${e.to}.`, `${w} links ${e.tile} to ${e.to}.`);
      case 'tx_standalone': return T(`${w} ${e.tile} adója egyelőre önálló.`, `${w}'s transmitter ${e.tile} stays on its own for now.`);
      case 'patent': return T(`${w} szabadalmaztatja: ${techName(view, e.tech)}.`, `${w} patents ${techName(view, e.tech)}.`);
      case 'hq': return T(`${w} befejez egy főhadiszállás-projektet (${hqText(view, e.project)}).`, `${w} completes an HQ project (${hqText(view, e.project)}).`);
      case 'modifier': return T(`${w} kap egy ${e.kind === 'pm' ? '±1' : '+2'} módosítót.`, `${w} gains a ${e.kind === 'pm' ? '±1' : '+2'} modifier.`);
      case 'copy': return T(`${w} lemásolja a ${e.value}-es kockát.`, `${w} copies the ${e.value}.`);
      case 'double': return T(`${w} kettőz (${techName(view, e.tech)}): a kocka ${e.value} lett.`, `${w} doubles (${techName(view, e.tech)}): the die becomes ${e.value}.`);
      case 'bonus_die': return T(`${w} ${e.value}-es bónuszkockát kap (${tr(WHY[e.why]) || ''}).`, `${w} gains a bonus die of ${e.value} (${tr(WHY[e.why]) || ''}).`);
      case 'bonus_die_lost': return T(`${w} nem kaphat több bónuszkockát ebben a fordulóban (${e.value}).`, `${w} cannot take another bonus die this round (${e.value}).`);
      case 'race': return T(`${w} kapuversenye: ${e.gates.length} ${tr(COLOR[e.color])} kapu, ${e.vp} GP.`, `${w}'s gate race: ${e.gates.length} ${tr(COLOR[e.color])} gates, ${e.vp} VP.`);
      case 'goal': return T(`${w} teljesíti a célt: ${goalText(goalSide(view, e.goal).condition)}.`, `${w} meets the goal: ${goalText(goalSide(view, e.goal).condition)}.`);
      case 'goal_bonus': return T(`${w} megveszi a(z) ${e.bonus + 1}. célbónuszt (${goalText(goalSide(view, e.goal).condition)}).`, `${w} buys goal bonus ${e.bonus + 1} (${goalText(goalSide(view, e.goal).condition)}).`);
      case 'resign': return T(`${w} feladta.`, `${w} resigned.`);
      case 'game_over': return T(`Vége a játéknak. Győztes: ${e.winners.map(who).join(', ') || 'nincs'}.`, `The game is over. Winner: ${e.winners.map(who).join(', ') || 'none'}.`);
      default: return T('Esemény a játékban.', 'Something happened in the game.');
    }
  }

  window.KaoszBoard = { renderView, afterRender, describeAction, actionTitle, describeEvent, pulsarPlan: plan };
})();
