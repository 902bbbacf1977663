"""Game start (KG-8), the start, main and end phases (KG-9.2, 9.3, 9.10), and the
generic choice decisions.
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.base import ConfigError
from rulesets.kgk import scenario
from rulesets.kgk.abilities import card_ability_actions
from rulesets.kgk.actions import (
    ATTACK_BASE,
    ATTACK_CENTRAL,
    ATTACK_COLONY,
    ATTACK_CREW,
    CASH,
    DEVELOP,
    DRAW,
    END_TURN,
    PAY,
    PLACE_BASE,
    PLACE_CREW,
    PLAY,
    RUIN_DRAW,
    SEARCH,
)
from rulesets.kgk.actions import ensure as ensure_actions
from rulesets.kgk.cards import compile_def, playability
from rulesets.kgk.chain import (
    declare_card,
    declare_payment,
    interrupt_actions,
    open_round,
    open_window,
    quiet_action_window,
    use_ability,
)
from rulesets.kgk.combat import begin_attack
from rulesets.kgk.constants import (
    CASH_GAIN,
    CREDIT_CAP,
    DEVELOP_COST,
    DEVELOPS_PER_BASE_PER_TURN,
    DRAW_COST,
    HAND_LIMIT,
    HANGAR_LIMIT,
    INCOME,
    MIN_PLAYERS,
    MULLIGAN_DRAW,
    RUIN_DRAW_COST,
    RUIN_DRAW_MAX_COLONY,
    SEARCH_COST,
    SEARCH_DEPTH,
    START_CREDITS,
    START_HAND,
    can_cash,
    two_player_ramp,
)
from rulesets.kgk.credit_bounds import Bounds
from rulesets.kgk.effects import (
    HIDEABLE,
    draw_cards,
    named_target,
    target_fields,
    target_spec,
    targets,
)
from rulesets.kgk.ending import eliminate, finish, finish_multiplayer
from rulesets.kgk.game_state import Card, Game
from rulesets.kgk.jsontypes import Action, CardDef, CardDict, Decision, GameState, Player
from rulesets.kgk.shuffle import shuffle_and_cut
from rulesets.kgk.state import (
    ACTIVE,
    activated_in_play,
    alive_seats,
    attach,
    aura,
    card,
    cdef,
    emit,
    is_bluff,
    leave_play,
    move,
    next_alive,
    opponents,
    push,
)
from rulesets.rng import Rng

DEFAULT_OPTS: Final = {"rules": "official", "simplified_combat": False, "auto_pass": True,
                "bluffing": True, "lenient_cards": False}


# ---------------------------------------------------------------- rng helpers

def rng_of(state: GameState) -> Any:
    return Rng(state.rng)


# ---------------------------------------------------------------- new game

def normalise_options(config: dict[str, Any]) -> Any:
    opts = dict(DEFAULT_OPTS)
    opts.update(config.get("options") or {})
    if opts["rules"] not in ("official", "quick_start"):
        raise ConfigError("bad_option", f"unknown rules {opts['rules']!r}")
    opts["simplified_combat"] = bool(opts["simplified_combat"])
    opts["auto_pass"] = auto_pass_seats(opts["auto_pass"], config.get("automatic_seats"))
    return opts


def auto_pass_seats(auto_pass: Any, automatic: Any) -> bool | list[int]:
    """The seats whose windows may be skipped on what their hand holds (KG-12.3).

    Skipping a seat's window because it holds no playable interrupt tells the other
    side what is in that hand, which KG-12.3 forbids ("A központodban és az asztalon
    lévő kifizetetlen lapokat nem mutathatod meg a többi játékosnak, és nem is adhatsz
    ki róluk információkat"; the central, "központ", is the hand).
    So the skip is kept only for seats played by programs: ``automatic`` is the list
    of those seats when the host gives it (a match with people in it), and
    ``auto_pass`` true then means "skip for those seats"; a config without it is a
    game of programs only (simulations, benchmarks), where ``True`` means every seat.
    An explicit list of seats is kept, less any seat the host does not name."""
    if automatic is not None and not _seat_list(automatic):
        raise ConfigError("bad_config", "automatic_seats must be a list of seats",
                          {"field": "automatic_seats"})
    if isinstance(auto_pass, bool):
        if automatic is None:
            return auto_pass
        seats = automatic if auto_pass else []
    elif _seat_list(auto_pass):
        seats = auto_pass
    else:
        raise ConfigError("bad_option", "auto_pass must be true, false or a list of seats",
                          {"field": "auto_pass"})
    if automatic is not None:       # (an option never makes a person's seat auto-pass)
        seats = [x for x in seats if x in automatic]
    return sorted(set(seats))


def _seat_list(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 6 for x in value)


def _compile_decks(decks: list[Any], opts: dict[str, Any]) -> Any:
    """The card definitions (one per distinct card, refused when unplayable) and the card
    instances, every card in its owner's colony (ids follow the config order)."""
    defs: list[CardDef] = []
    index: dict[str, int] = {}
    cards: list[CardDict] = []
    qs = opts["rules"] == "quick_start"
    for seat, deck in enumerate(decks):
        if not deck:
            raise ConfigError("empty_deck", f"seat {seat} has an empty deck")
        for rec in deck:
            slug = rec.get("slug")
            if slug not in index:
                if not opts["lenient_cards"] and (not qs or rec.get("type") == "ship"):
                    why = playability(rec, opts["rules"], opts["simplified_combat"])
                    if why:
                        raise ConfigError("unplayable_card", f"{slug}: {'; '.join(why)}",
                                          {"card": slug, "reasons": why})
                index[slug] = len(defs)
                defs.append(compile_def(rec))
            cid = len(cards)
            cards.append(Card(cid, index[slug], seat, "colony"))
    return defs, cards


def _new_player(seat: int, defs: list[CardDef], cards: list[CardDict]) -> Any:
    """A seat at the start: every card in the colony, no credits yet."""
    p = Player()
    p.colony = [c.id for c in cards if c.o == seat]
    p.actv = any(defs[c.d].actv for c in cards if c.o == seat)
    return p


def start_game(config: dict[str, Any], seed: str) -> Any:
    """A new game's state before its first task runs (``engine.new_game`` runs them):
    KG-8's set-up, or a set-up position (``scenario.py``)."""
    if config.get("scenario") is not None:
        return scenario.build(config, seed, normalise_options(
            {"options": scenario.options(config),
             "automatic_seats": config.get("automatic_seats")}))
    opts = normalise_options(config)
    decks = config.get("decks")
    n = config.get("players") or (len(decks) if decks else 2)
    if not isinstance(decks, list) or len(decks) != n:
        raise ConfigError("bad_decks", "config['decks'] needs one deck per player")
    if n < MIN_PLAYERS:
        raise ConfigError("bad_players", "KGK needs at least two players")
    defs, cards = _compile_decks(decks, opts)
    players = [_new_player(seat, defs, cards) for seat in range(n)]
    state = Game(opts, n, Rng.from_seed(seed).state, defs, cards, players)
    for seat in range(n):
        shuffle_and_cut(state, seat)
    # KG-8.2: dice, higher roll starts; ties re-roll (KG-17.32).
    r = rng_of(state)
    contenders = list(range(n))
    rolls = []
    while len(contenders) > 1:
        roll = {s: r.randint(1, 6) for s in contenders}
        rolls.append(roll)
        hi = max(roll.values())
        contenders = [s for s in contenders if roll[s] == hi]
    state.rng = r.state
    first = contenders[0]
    state.first = first
    state.active = first
    for seat in range(n):
        draw_cards(state, seat, START_HAND)
        state.p[seat].cr = START_CREDITS
    # KG-8.4: one mulligan each, starting player first (not in the quick start, KG-16.2.4).
    push(state, "begin_turn", first)
    if opts["rules"] == "official":
        for k in range(n - 1, -1, -1):
            push(state, "ask_mulligan", (first + k) % n)
    return state


def ask_mulligan(state: GameState, seat: int) -> None:
    state.dec = {"kind": "mulligan", "seat": seat}


def mulligan_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        return [{"type": "keep"}, {"type": "mulligan"}]

    def act(state: GameState, dec: Decision, action: Action) -> None:
        seat = dec["seat"]
        p = state.p[seat]
        p.mull = True
        state.dec = None
        if action["type"] == "keep":
            emit(state, "keep", seat=seat)
            return
        for cid in list(p.hand):
            move(state, cid, "colony")
        shuffle_and_cut(state, seat)
        emit(state, "mulligan", seat=seat)
        draw_cards(state, seat, MULLIGAN_DRAW)
    return legal, act


# ---------------------------------------------------------------- start phase

def income(state: GameState, seat: int) -> Any:
    """KG-8.5 ramp (first player 1, 3; second 2, 4; then 5); multiplayer and quick
    start: 5 from the first turn (KG-13.1.5, KG-16.1.6)."""
    base = INCOME
    if state.opts["rules"] == "official" and state.n == 2:
        ramp = two_player_ramp(seat == state.first, state.p[seat].turns)
        if ramp is not None:
            base = ramp
    return base + aura(state, seat, "income")


def begin_turn(state: GameState, seat: int) -> None:
    state.active = seat
    state.turn += 1
    p = state.p[seat]
    p.turns += 1
    state.phase = "start"
    cards = state.cards
    for b in p.surface:
        cards[b].dt = 0
    gain = income(state, seat)
    p.cr += gain                                   # KG-9.2.1
    emit(state, "turn", seat=seat, turn=state.turn, income=gain)
    push(state, "main")
    open_round(state, "start", seat)                  # KG-9.2.2


# ---------------------------------------------------------------- main phase

def can_attack(state: GameState, seat: int) -> bool:
    """KG-8.6, KG-13.1.4: no attack in the starting player's first turn (nobody's, in
    multiplayer); at least one active ship (KG-17.33)."""
    p = state.p[seat]
    if p.turns == 1 and (state.n > 2 or seat == state.first):
        return False
    cards = state.cards
    for s in p.hangar:  # noqa: SIM110  (no generator: this runs at every main decision)
        if cards[s].rot == ACTIVE:
            return True
    return False


def payable_main(state: GameState, seat: int, cid: int) -> Any:
    """KG-9.3.3 e: what may be paid in the main phase (not rockets, not traps,
    bases only when developed to their limit)."""
    return payable_in_main(card(state, cid), cdef(state, cid))


def payable_in_main(c: CardDict, d: CardDef) -> bool:
    """``payable_main`` for a card and its definition."""
    if c.paid or c.up or is_bluff(c, d):
        return False
    t = d.type
    if t == "armament":
        not_rocket: bool = d.sub != "rocket"
        return not_rocket
    if t == "crew":
        in_canteen: bool = c.z == "canteen"
        return in_canteen
    if t == "base":
        if d.sub == "trap":
            return False
        lim = d.dev
        return lim == "X" or (isinstance(lim, int) and c.dev >= lim)
    return False


def main_phase(state: GameState, _: Any) -> None:
    state.phase = "main"
    state.dec = {"kind": "main", "seat": state.active}


# KG-9.3.3's main-phase actions, section by section: the rules' one home for them (the
# decision table's main list, and the speed layer's, ``rulesets/kgk/fast/main_list.py``,
# which keeps where each section sits and the credit bounds the sections note).

# Where a main list's sections end: ``(acts, hand_end, pay_end, dev_start, cash_start,
# draw_start, attack_start)``: the hand's plays and placements up to ``hand_end``, then
# interrupts, payments up to ``pay_end`` and abilities; the developments from
# ``dev_start``, the cash actions from ``cash_start``, the draws from ``draw_start``; the
# attacks and END_TURN from ``attack_start`` (the quick start: sections 0 but the hand's
# and the attacks').
MainSections = tuple[list[Action], int, int, int, int, int, int]


def main_start(state: GameState, dec: Decision) -> tuple[int, Player, int, bool]:
    """What a main list starts from: the deciding seat, its player, its credits and whether
    the quick start is played; the shared action tables are grown to the match's card
    count first."""
    seat = dec["seat"]
    p = state.p[seat]
    if len(DEVELOP) < len(state.cards):
        ensure_actions(len(state.cards))
    return seat, p, p.cr, state.opts["rules"] == "quick_start"


def main_legal(state: GameState, dec: Decision) -> Any:
    """KG-9.3.3: the main-phase actions, section by section (the order is part of the
    stored replays: the random bot picks by index)."""
    return main_sections(state, dec, Bounds())[0]


def main_sections(state: GameState, dec: Decision, bounds: Bounds) -> MainSections:
    """The main list and where its sections end, each cost it compares with the credits
    noted in ``bounds``."""
    seat, p, cr, qs = main_start(state, dec)
    acts: list[Action] = []
    interrupts = hand_actions(state, seat, p, p.hand, acts, qs, bounds)
    hand_end = len(acts)
    if interrupts:
        acts += interrupt_actions(state, seat, "main")      # KG-9.3.4
        bounds.vary()          # (their targets vary with the credits)
    if qs:                             # KG-16: ships, draws and attacks only
        draw_actions(acts, p, cr, qs)
        pay_end = dev_start = cash_start = draw_start = 0
    else:
        payment_actions(state, p, acts, bounds)
        pay_end = len(acts)
        ability_actions(state, seat, p, acts, bounds)
        cards = state.cards
        dev_start = len(acts)
        development_actions(acts, cards, p.surface, cr)
        cash_start = len(acts)
        cash_actions(acts, cards, p.surface)
        draw_start = len(acts)
        draw_actions(acts, p, cr, qs)
    attack_start = len(acts)
    attack_actions(state, seat, p, acts, qs, bounds)
    return acts, hand_end, pay_end, dev_start, cash_start, draw_start, attack_start


def hand_actions(state: GameState, seat: int, p: Player, hand: list[int], acts: list[Action],
                 qs: bool, bounds: Bounds) -> bool:
    """KG-9.3.3 a and d, KG-12.10: for each of ``hand``'s cards in order (the seat's hand,
    or its newest card), its face-up plays (ships, events) and its face-down placements.
    Returns whether those cards hold an interrupt."""
    cards = state.cards
    defs = state.defs
    cr = p.cr
    bluff = state.opts["bluffing"] and not qs
    # (card_cost, KG-12.6.1, with the seat's ship discount asked once: a cost below
    # zero compares with the credits as zero does)
    discount = aura(state, seat, "ship_discount")
    free_ships = None
    interrupts = False
    for cid in hand:
        d = defs[cards[cid].d]
        t = d.type
        if t == "ship":
            if bounds.take(d.cost - discount, cr):
                acts.append(PLAY[cid])
            if qs:
                continue
        elif qs:
            continue
        elif t == "event":
            if bounds.take(d.cost, cr):
                _event_plays(state, seat, cid, d, acts)
        elif t == "interrupt":
            interrupts = True
        placements(acts, cid, t, bluff)
        if bluff or t == "armament":
            if free_ships is None:
                free_ships = ships_with_room(state, p)
            armament_placements(acts, cid, free_ships)
    return interrupts


def _event_plays(state: GameState, seat: int, cid: int, d: CardDef,
                 acts: list[Action]) -> None:
    """KG-9.3.3 d: an affordable event, once for each target it may have (KG-11.10:
    another seat's face-down card is named by where it lies)."""
    spec = target_spec(state, d.eff)
    if spec is not None and spec["kind"] in HIDEABLE:
        for tg in targets(state, seat, spec, True):
            acts.append(target_fields(state, seat, spec, tg, {"type": "play", "card": cid}))
    else:
        for tg in targets(state, seat, spec):
            acts.append({"type": "play", "card": cid, "target": tg} if tg is not None
                        else PLAY[cid])


def placements(acts: list[Action], cid: int, t: str, bluff: bool) -> None:
    """KG-9.3.3 a: a base to the surface, a crew to the canteen, face down (with
    bluffing, KG-12.10, any card as either)."""
    if bluff or t == "base":
        acts.append(PLACE_BASE[cid])
    if bluff or t == "crew":
        acts.append(PLACE_CREW[cid])


def ships_with_room(state: GameState, p: Player) -> list[int]:
    """The seat's ships with armament capacity left (KG-4.2.8)."""
    cards = state.cards
    defs = state.defs
    out = []
    for s in p.hangar:
        c = cards[s]
        if defs[c.d].cap > len(c.att):
            out.append(s)
    return out


def armament_placements(acts: list[Action], cid: int, free_ships: list[int]) -> None:
    """KG-9.3.3 a: an armament face down onto one of the seat's ships with room."""
    if free_ships:
        row = place_armament(cid)
        for s in free_ships:
            acts.append(place_armament_on(row, cid, s))


def payment_actions(state: GameState, p: Player, acts: list[Action], bounds: Bounds) -> None:
    """KG-9.3.3 e: pay a face-down base, crew or armament played before."""
    cards = state.cards
    defs = state.defs
    cr = p.cr
    for cid in p.fd:
        c = cards[cid]
        d = defs[c.d]
        cost = d.cost
        if cost > cr:
            bounds.take(cost, cr)      # (noted payable or not: it may become payable)
        elif payable_in_main(c, d):
            bounds.take(cost, cr)
            acts.append(PAY[cid])


def ability_actions(state: GameState, seat: int, p: Player, acts: list[Action],
                    bounds: Bounds) -> None:
    """KG-12.8: the activated abilities of the seat's face-up cards in play, in play
    order (canteen, surface, then ship by ship); every ability's credit cost is noted,
    offered or not."""
    if not p.actv:
        return
    cards = state.cards
    cr = p.cr
    # (face up, paid and active: activated_ok refuses every ability otherwise)
    up = activated_in_play(state, seat)             # (in play order)
    defs = state.defs
    for cid in up:
        d = defs[cards[cid].d]
        card_ability_actions(state, seat, cid, d, acts)
        for ab in d.activated:
            bounds.take((ab.get("cost") or {}).get("credits", 0), cr)


def attack_actions(state: GameState, seat: int, p: Player, acts: list[Action],
                   qs: bool, bounds: Bounds) -> None:
    """KG-9.3.3 b: attack a neighbour's colony, central, a crew or a base (quick start:
    colony and central, KG-16), then END_TURN (KG-9.3.6). An attack tax
    (Aknagyűrű, KG-14.2.2) must be payable."""
    if p.hangar and can_attack(state, seat):
        multi = state.n > 2
        cr = p.cr
        for opp in opponents(state, seat) if multi else (1 - seat,):
            if not bounds.take(aura(state, opp, "attack_tax"), cr):
                continue
            op = state.p[opp]
            if multi:
                acts.append({"type": "attack", "target": "colony", "opp": opp})
                acts.append({"type": "attack", "target": "central", "opp": opp})
            else:
                acts.append(ATTACK_COLONY)
                acts.append(ATTACK_CENTRAL)
            if qs:
                continue
            if multi:
                for tk, zone in (("crew", "canteen"), ("base", "surface")):
                    for i in range(len(op[zone])):
                        acts.append({"type": "attack", "target": tk, "pos": i, "opp": opp})
            else:
                acts += ATTACK_CREW[:len(op.canteen)]
                acts += ATTACK_BASE[:len(op.surface)]
    acts.append(END_TURN)


def development_actions(acts: list[Action], cards: list[CardDict], surface: list[int],
                        cr: int) -> None:
    """KG-9.3.3 f, KG-4.5.3: develop a base for a credit, at most two per base per turn."""
    if cr >= DEVELOP_COST:
        for b in surface:
            if cards[b].dt < DEVELOPS_PER_BASE_PER_TURN:
                acts.append(DEVELOP[b])


def cash_actions(acts: list[Action], cards: list[CardDict], surface: list[int]) -> None:
    """KG-9.3.3 c, KG-4.5.13: two developments give a credit; the action names the first
    base, the second is chosen next (it may be the same one)."""
    devs = []
    total = 0
    for b in surface:
        n = cards[b].dev
        if n:
            devs.append(b)
            total += n
    if can_cash(total):
        for b in devs:
            acts.append(CASH[b])


def draw_actions(acts: list[Action], p: Player, cr: int, qs: bool) -> None:
    """KG-9.3.3 g-i: draw the colony's top card, search its top cards, draw the ruin's
    bottom card (quick start: draw only, KG-16)."""
    colony = p.colony
    if cr >= DRAW_COST and colony:
        acts.append(DRAW)                           # KG-9.3.3 g
    if qs:
        return
    if cr >= SEARCH_COST and colony:
        acts.append(SEARCH)                         # KG-9.3.3 h
    if cr >= RUIN_DRAW_COST and len(colony) <= RUIN_DRAW_MAX_COLONY and p.ruin:
        acts.append(RUIN_DRAW)                      # KG-9.3.3 i


_PLACE_ARM: Final[dict[int, dict[int, Action]]] = {}


def place_armament(cid: int) -> dict[int, Action]:
    """The shared "place ``cid`` as armament on ship s" actions, by ship id (built on
    demand; read-only like the tables in ``actions``)."""
    row = _PLACE_ARM.get(cid)
    if row is None:
        row = _PLACE_ARM.setdefault(cid, {})
    return row


def place_armament_on(row: dict[int, Action], cid: int, ship: int) -> Action:
    """The shared "place ``cid`` as armament on ``ship``" action from ``cid``'s row."""
    a = row.get(ship)
    if a is None:
        a = row[ship] = {"type": "place", "card": cid, "as": "armament", "ship": ship}
    return a


def _place(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 c/d, KG-12.10: a card from the hand face down as base, crew or armament."""
    cid = action["card"]
    role = action["as"]
    c = card(state, cid)
    if role == "armament":
        attach(state, cid, action["ship"])
    else:
        move(state, cid, "surface" if role == "base" else "canteen")
    c.role = role
    c.up = False
    if role == cdef(state, cid).type:
        p.fd.append(cid)
    emit(state, "place", seat=seat, card=cid, role=role, ship=action.get("ship"),
         private_to=seat, hide=("card",))


def _quiet_done(state: GameState, seat: int) -> None:
    """After a development, a draw or a face-down play: a window (reaction
    interrupts "bármikor", abilities in any phase) when someone may answer it,
    otherwise straight back to the main decision."""
    if quiet_action_window(state, seat, "main"):
        state.dec = None
        push(state, "main")
        open_window(state, "main", seat)
    else:
        state.dec = {"kind": "main", "seat": seat}


def _develop(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 f: the commonest action. No choice follows: the main decision simply
    comes back (as the "main" task would set it) unless a window opens."""
    b = action["base"]
    c = state.cards[b]
    p.cr -= DEVELOP_COST
    c.dev += 1
    c.dt += 1
    if state.ev is not None:            # (emit, written out)
        state.ev.append({"type": "develop", "seat": seat, "pos": p.surface.index(b)})
    _quiet_done(state, seat)


def _end_turn(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.6: the end phase follows, after a window (KG-9.10.1)."""
    state.dec = None
    emit(state, "end_turn", seat=seat)
    state.phase = "end"
    push(state, "end_steps")
    open_round(state, "end", seat)


def _attack(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 b, KG-9.4.1: pay any attack tax, name the target, the combat begins."""
    state.dec = None
    opp = action.get("opp", opponents(state, seat)[0])
    p.cr -= aura(state, opp, "attack_tax")
    tgt = {"kind": action["target"], "card": None}
    if action["target"] == "crew":
        tgt["card"] = state.p[opp].canteen[action["pos"]]
        tgt["pos"] = action["pos"]
    elif action["target"] == "base":
        tgt["card"] = state.p[opp].surface[action["pos"]]
        tgt["pos"] = action["pos"]
    begin_attack(state, seat, opp, tgt)


def _place_action(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 a: no choice follows; the main decision comes back unless a window opens."""
    state.dec = None
    _place(state, seat, p, action)
    _quiet_done(state, seat)


def _draw(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 g: the top card of the colony."""
    state.dec = None
    p.cr -= DRAW_COST
    draw_cards(state, seat, 1)
    _quiet_done(state, seat)


def _ruin_draw(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 i: the bottom card of the ruin."""
    state.dec = None
    p.cr -= RUIN_DRAW_COST
    cid = p.ruin[0]
    move(state, cid, "hand")
    emit(state, "ruin_draw", seat=seat, card=cid, private_to=seat, hide=("card",))
    _quiet_done(state, seat)


def _play(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 d: a ship, event or interrupt face up, paid at once, onto the chain."""
    state.dec = None
    push(state, "main")
    declare_card(state, seat, action["card"], named_target(state, action))
    open_window(state, "main", seat)


def _pay(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 e: pay a face-down card; its effect when the payment resolves."""
    state.dec = None
    push(state, "main")
    cid = action["card"]
    declare_payment(state, seat, cid, cdef(state, cid).cost)
    open_window(state, "main", seat)


def _cash(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 c, KG-4.5.13: one development off the named base; the second base is
    chosen next (a "choose" decision)."""
    state.dec = None
    push(state, "main")
    cards = state.cards
    cards[action["base"]].dev -= 1
    opts = []                  # the developed bases (a loop: cheaper than a comprehension)
    for b in p.surface:
        if cards[b].dev:
            opts.append(b)
    state.dec = {"kind": "choose", "seat": seat, "why": "cash", "opts": opts}


def _search(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 h: choose one of the colony's top cards (fewer than five: all, KG-17.37)."""
    state.dec = None
    push(state, "main")
    p.cr -= SEARCH_COST
    top = p.colony[:SEARCH_DEPTH]
    state.dec = {"kind": "choose", "seat": seat, "why": "search", "opts": top}


def _ability(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-12.8: use an activated ability; it goes on the chain."""
    state.dec = None
    push(state, "main")
    use_ability(state, seat, action)
    open_window(state, "main", seat)


# main-phase action type -> what it does (KG-9.3.3's list, and KG-12.8)
MAIN_ACTIONS: Final = {
    "develop": _develop, "end_turn": _end_turn, "attack": _attack, "place": _place_action,
    "draw": _draw, "ruin_draw": _ruin_draw, "play": _play, "pay": _pay, "cash": _cash,
    "search": _search, "ability": _ability,
}


def main_act(state: GameState, dec: Decision, action: Action) -> None:
    """Carry out a main-phase action (checked legal by ``engine.apply``)."""
    seat = dec["seat"]
    MAIN_ACTIONS[action["type"]](state, seat, state.p[seat], action)


# ---------------------------------------------------------------- choices

def choose_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        out = []
        for o in dec["opts"]:
            out.append({"type": "choose", "pick": o})
        return out

    def act(state: GameState, dec: Decision, action: Action) -> None:
        seat = dec["seat"]
        why = dec["why"]
        pick = action["pick"]
        state.dec = None
        if why == "search":
            move(state, pick, "hand")
            emit(state, "search", seat=seat, card=pick, private_to=seat, hide=("card",))
            shuffle_and_cut(state, seat)
        elif why in ("discard", "hand_limit"):
            move(state, pick, "ruin")
            emit(state, "discard", seat=seat, card=pick, why=why, private_to=seat,
                 hide=("card",))
            left = dec.get("left", 1) - 1
            hand = state.p[seat].hand
            if why == "discard" and left > 0 and hand:
                state.dec = dict(dec, opts=list(hand), left=left)
        elif why == "cash":
            p = state.p[seat]
            state.cards[pick].dev -= 1
            p.cr += CASH_GAIN
            if state.ev is not None:    # (emit, written out)
                state.ev.append({"type": "cash", "seat": seat, "pos": p.surface.index(pick)})
        elif why == "destroy_own_ship":
            leave_play(state, pick, "trap")
        elif why == "hangar_limit":
            leave_play(state, pick, "hangar_limit")       # KG-9.10.4: to the trash
        elif why in ("eop_mod", "rocket"):
            state.cb["eop"][dec["i"]]["pick"] = pick
    return legal, act


# ---------------------------------------------------------------- end phase

def end_phase_win_check(state: GameState, _: Any) -> None:
    seat = state.active
    state.phase = "end"
    # KG-9.10.2 win check (multiplayer: eliminations, KG-13.1.7, KG-17.31)
    if state.n == 2:
        opp = 1 - seat
        if not state.p[opp].colony:
            finish(state, [seat], "colony_empty")
            return
    else:
        for opp in opponents(state, seat):
            if not state.p[opp].colony:
                eliminate(state, opp, by=seat)
        if len(alive_seats(state)) <= 1:
            finish_multiplayer(state)
            return
    state.todo += (["next_turn", None], ["end_rest", None], ["end_hangar", None],
                      ["end_hand", None])


def end_hand_limit(state: GameState, _: Any) -> None:
    seat = state.active
    hand = state.p[seat].hand
    if len(hand) > HAND_LIMIT:                        # KG-9.10.3
        push(state, "end_hand")
        state.dec = {"kind": "choose", "seat": seat, "why": "hand_limit", "opts": list(hand)}


def end_hangar_limit(state: GameState, _: Any) -> None:
    seat = state.active
    if state.opts["rules"] == "quick_start":
        return                                        # KG-16.2.13: hand limit only
    hangar = state.p[seat].hangar
    if hangar_space(state, hangar) > HANGAR_LIMIT:    # KG-9.10.4, KG-17.17
        push(state, "end_hangar")
        state.dec = {"kind": "choose", "seat": seat, "why": "hangar_limit",
                        "opts": list(hangar)}


def end_phase_rest(state: GameState, _: Any) -> None:
    seat = state.active
    p = state.p[seat]
    qs = state.opts["rules"] == "quick_start"
    if p.cr > CREDIT_CAP and not qs:               # KG-9.10.5
        p.cr = CREDIT_CAP
    cards = state.cards
    for q in state.p:                              # KG-9.10.6: everyone's armor
        for zone in (q.hangar, q.surface):
            for cid in zone:
                c = cards[cid]
                c.dmg = 0
                if c.mods:                         # temporary modifiers sit on ships
                    c.mods = [m for m in c.mods if m[2] not in ("turn", "combat")]
    hangar = p.hangar
    for zone in (hangar, p.canteen, p.surface, *(cards[s].att for s in hangar)):
        for cid in zone:                              # KG-9.10.7, KG-3.7
            c = cards[cid]
            if c.rot:
                c.rot -= 1
    emit(state, "end_phase", seat=seat, hand=len(p.hand), credits=p.cr,
         hangar=hangar_space(state, hangar), quick_start=qs)


def hangar_space(state: GameState, hangar: list[int]) -> Any:
    cards = state.cards
    defs = state.defs
    tot = 0
    for s in hangar:
        tot += defs[cards[s].d].space
    return tot


def next_turn(state: GameState, _: Any) -> None:
    state.todo.append(["begin_turn", next_alive(state, state.active)])
