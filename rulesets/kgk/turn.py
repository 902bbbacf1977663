"""Game start (KG-8), the start, main and end phases (KG-9.2, 9.3, 9.10), and the
generic choice decisions.
"""

from __future__ import annotations

from typing import Any, NamedTuple

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
from rulesets.kgk.effects import (
    HIDEABLE,
    draw_cards,
    named_target,
    target_fields,
    target_spec,
    targets,
)
from rulesets.kgk.ending import eliminate, finish, finish_multiplayer
from rulesets.kgk.jsontypes import Action, CardDef, CardDict, Decision, GameState, Player
from rulesets.kgk.shuffle import shuffle_and_cut
from rulesets.kgk.state import (
    ACTIVE,
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
from rulesets.kgk.static import facts
from rulesets.rng import Rng

DEFAULT_OPTS = {"rules": "official", "simplified_combat": False, "auto_pass": True,
                "bluffing": True, "lenient_cards": False}


# ---------------------------------------------------------------- rng helpers

def rng_of(state: GameState) -> Any:
    return Rng(state["rng"])


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
            cards.append({"id": cid, "d": index[slug], "o": seat, "z": "colony", "paid": False,
                          "up": False, "rot": ACTIVE, "dmg": 0, "hit": False, "dev": 0,
                          "dt": 0, "on": None, "att": [], "mods": [], "x": None, "ch": None,
                          "as": None})
    return defs, cards


def _new_player(seat: int, defs: list[CardDef], cards: list[CardDict]) -> Any:
    """A seat at the start: every card in the colony, no credits yet."""
    return {"colony": [c["id"] for c in cards if c["o"] == seat], "hand": [],
            "trash": [], "ruin": [], "hangar": [], "canteen": [], "surface": [],
            "stack": [], "out": [], "fd": [], "cr": 0, "turns": 0, "mull": False,
            "actv": any(defs[c["d"]]["actv"] for c in cards if c["o"] == seat),
            "alive": True, "elims": 0, "out_turn": None}


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
    state = {"game": "kgk", "v": 1, "opts": opts, "n": n,
             "rng": Rng.from_seed(seed).state, "seq": 0, "uid": 0,
             "defs": defs, "cards": cards, "p": players, "turn": 0, "active": 0,
             "first": 0, "phase": "mulligan", "cb": None, "chain": [], "dec": None,
             "todo": [], "result": None}
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
    state["rng"] = r.state
    first = contenders[0]
    state["first"] = first
    state["active"] = first
    for seat in range(n):
        draw_cards(state, seat, START_HAND)
        state["p"][seat]["cr"] = START_CREDITS
    # KG-8.4: one mulligan each, starting player first (not in the quick start, KG-16.2.4).
    push(state, "begin_turn", first)
    if opts["rules"] == "official":
        for k in range(n - 1, -1, -1):
            push(state, "ask_mulligan", (first + k) % n)
    return state


def ask_mulligan(state: GameState, seat: int) -> None:
    state["dec"] = {"kind": "mulligan", "seat": seat}


def mulligan_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        return [{"type": "keep"}, {"type": "mulligan"}]

    def act(state: GameState, dec: Decision, action: Action) -> None:
        seat = dec["seat"]
        p = state["p"][seat]
        p["mull"] = True
        state["dec"] = None
        if action["type"] == "keep":
            emit(state, "keep", seat=seat)
            return
        for cid in list(p["hand"]):
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
    if state["opts"]["rules"] == "official" and state["n"] == 2:
        ramp = two_player_ramp(seat == state["first"], state["p"][seat]["turns"])
        if ramp is not None:
            base = ramp
    return base + aura(state, seat, "income")


def begin_turn(state: GameState, seat: int) -> None:
    state["active"] = seat
    state["turn"] += 1
    p = state["p"][seat]
    p["turns"] += 1
    state["phase"] = "start"
    cards = state["cards"]
    for b in p["surface"]:
        cards[b]["dt"] = 0
    gain = income(state, seat)
    p["cr"] += gain                                   # KG-9.2.1
    emit(state, "turn", seat=seat, turn=state["turn"], income=gain)
    push(state, "main")
    open_round(state, "start", seat)                  # KG-9.2.2


# ---------------------------------------------------------------- main phase

def can_attack(state: GameState, seat: int) -> bool:
    """KG-8.6, KG-13.1.4: no attack in the starting player's first turn (nobody's, in
    multiplayer); at least one active ship (KG-17.33)."""
    p = state["p"][seat]
    if p["turns"] == 1 and (state["n"] > 2 or seat == state["first"]):
        return False
    cards = state["cards"]
    for s in p["hangar"]:  # noqa: SIM110  (no generator: this runs at every main decision)
        if cards[s]["rot"] == ACTIVE:
            return True
    return False


def payable_main(state: GameState, seat: int, cid: int) -> Any:
    """KG-9.3.3 e: what may be paid in the main phase (not rockets, not traps,
    bases only when developed to their limit)."""
    return _payable_main(card(state, cid), cdef(state, cid))


def _payable_main(c: CardDict, d: CardDef) -> Any:
    if c["paid"] or c["up"] or is_bluff(c, d):
        return False
    t = d["type"]
    if t == "armament":
        return d["sub"] != "rocket"
    if t == "crew":
        return c["z"] == "canteen"
    if t == "base":
        if d["sub"] == "trap":
            return False
        lim = d["dev"]
        return lim == "X" or (isinstance(lim, int) and c["dev"] >= lim)
    return False


def main_phase(state: GameState, _: Any) -> None:
    state["phase"] = "main"
    state["dec"] = {"kind": "main", "seat": state["active"]}


# The main phase is most of a match's decisions, so this is the engine's hot loop:
# one pass per zone, no helper calls per card where a dict lookup does.
#
class MainLayout(NamedTuple):
    """The last main list built and where its sections sit, for ``after_develop``,
    ``after_cash`` and ``after_place`` (the speed layer's derived lists).

    The sections, in order: the hand (plays and placements) up to ``hand_end``, then
    interrupts, payments and abilities; the developments from ``dev_start``, the cash
    actions from ``cash_start``, the draws from ``draw_start``; the attacks and END_TURN
    from ``attack_start``. Every credit-dependent action is "cost <= credits"; of those
    outside the development, cash and draw sections, ``need`` is the highest cost among
    the ones in the list and ``nxt`` the lowest among the ones left out, so the list keeps
    them all, and no more, for any credit total in [need, nxt)."""

    acts: list[dict[str, Any]]
    hand_end: int
    pay_end: int          # where the abilities start
    dev_start: int
    cash_start: int
    draw_start: int
    attack_start: int
    need: int
    nxt: int


# Replaced as a whole and matched by the identity of ``acts`` (held here, so its id
# cannot be reused), so threads sharing the module never mix two lists.
MAIN_META: list[MainLayout | None] = [None]
_NEVER = 1 << 30     # a ``need`` no credit total meets


class CostBounds:
    """While a main list is built: ``need``, the highest cost among the credit-dependent
    actions in the list (outside the development, cash and draw sections), and ``nxt``,
    the lowest among those left out; the list holds for any credit total in
    [need, nxt) (see ``MainLayout``)."""

    __slots__ = ("credits", "need", "nxt")

    def __init__(self, credits: int) -> None:
        self.credits = credits
        self.need = 0
        self.nxt = _NEVER

    def affordable(self, cost: int) -> bool:
        """Whether ``cost`` can be paid now (KG-9.3.7), noting it in the bounds."""
        if cost <= self.credits:
            if cost > self.need:
                self.need = cost
            return True
        if cost < self.nxt:
            self.nxt = cost
        return False


def main_legal(state: GameState, dec: Decision) -> Any:
    """KG-9.3.3: the main-phase actions, section by section (the order is part of the
    stored replays: the random bot picks by index)."""
    seat = dec["seat"]
    p = state["p"][seat]
    qs = state["opts"]["rules"] == "quick_start"
    if len(DEVELOP) < len(state["cards"]):
        ensure_actions(len(state["cards"]))
    bounds = CostBounds(p["cr"])
    acts: list[Action] = []
    interrupts = _hand_actions(state, seat, p, acts, bounds, qs)
    hand_end = len(acts)
    if interrupts:
        acts += interrupt_actions(state, seat, "main")      # KG-9.3.4
        bounds.need = _NEVER           # (their costs vary with the target: rebuild)
        bounds.nxt = 0
    if qs:                             # KG-16: ships, draws and attacks only
        _draws(acts, p, p["cr"], qs)
        _attacks(state, seat, p, acts, bounds, qs)
        return acts
    _payments(state, p, acts, bounds)
    pay_end = len(acts)
    _ability_uses(state, seat, p, acts, bounds)
    dev_start = len(acts)
    cards = state["cards"]
    _developments(acts, cards, p["surface"], p["cr"])
    cash_start = len(acts)
    _cashes(acts, cards, p["surface"])
    draw_start = len(acts)
    _draws(acts, p, p["cr"], qs)
    attack_start = len(acts)
    _attacks(state, seat, p, acts, bounds, qs)
    MAIN_META[0] = MainLayout(acts, hand_end, pay_end, dev_start, cash_start, draw_start,
                              attack_start, bounds.need, bounds.nxt)
    return acts


def _hand_actions(state: GameState, seat: int, p: Player, acts: list[Action],
                  bounds: CostBounds, qs: bool) -> Any:
    """KG-9.3.3 a and d, KG-12.10: for each hand card in order, its face-up plays (ships,
    events) and its face-down placements. Returns whether the hand holds an interrupt."""
    cards = state["cards"]
    defs = state["defs"]
    bluff = state["opts"]["bluffing"] and not qs
    discount = None
    free_ships = None
    interrupts = False
    for cid in p["hand"]:
        d = defs[cards[cid]["d"]]
        t = d["type"]
        if t == "ship":
            if discount is None:
                discount = aura(state, seat, "ship_discount")
            if bounds.affordable((d["cost"] or 0) - discount):   # card_cost (KG-12.6.1)
                acts.append(PLAY[cid])
            if qs:
                continue
        elif qs:
            continue
        elif t == "event":
            _event_plays(state, seat, cid, d, acts, bounds)
        elif t == "interrupt":
            interrupts = True
        if not bluff and t not in ("base", "crew", "armament"):
            continue
        if bluff or t != "armament":
            _placements(acts, cid, t, bluff)
            if not bluff:
                continue
        if free_ships is None:
            free_ships = _ships_with_room(state, p)
        _armament_placements(acts, cid, free_ships)
    return interrupts


def _event_plays(state: GameState, seat: int, cid: int, d: CardDef, acts: list[Action],
                 bounds: CostBounds) -> None:
    """KG-9.3.3 d: an event, once for each target it may have (KG-11.10: another seat's
    face-down card is named by where it lies)."""
    if not bounds.affordable(d["cost"] or 0):
        return
    spec = target_spec(state, d["eff"])
    if spec is not None and spec["kind"] in HIDEABLE:
        for tg in targets(state, seat, spec, True):
            acts.append(target_fields(state, seat, spec, tg, {"type": "play", "card": cid}))
    else:
        for tg in targets(state, seat, spec):
            acts.append({"type": "play", "card": cid, "target": tg} if tg is not None
                        else PLAY[cid])


def _placements(acts: list[Action], cid: int, t: str, bluff: bool) -> None:
    """KG-9.3.3 a: a base to the surface, a crew to the canteen, face down (with
    bluffing, KG-12.10, any card as either)."""
    if bluff or t == "base":
        acts.append(PLACE_BASE[cid])
    if bluff or t == "crew":
        acts.append(PLACE_CREW[cid])


def _ships_with_room(state: GameState, p: Player) -> Any:
    """The seat's ships with armament capacity left (KG-4.2.8)."""
    cards = state["cards"]
    defs = state["defs"]
    out = []
    for s in p["hangar"]:
        c = cards[s]
        if (defs[c["d"]].get("cap") or 0) > len(c["att"]):
            out.append(s)
    return out


def _armament_placements(acts: list[Action], cid: int, free_ships: list[int]) -> None:
    """KG-9.3.3 a: an armament face down onto one of the seat's ships with room."""
    if not free_ships:
        return
    row = place_armament(cid)
    for s in free_ships:
        a = row.get(s)
        if a is None:
            a = row[s] = {"type": "place", "card": cid, "as": "armament", "ship": s}
        acts.append(a)


def _payments(state: GameState, p: Player, acts: list[Action], bounds: CostBounds) -> None:
    """KG-9.3.3 e: pay a face-down base, crew or armament played before."""
    cards = state["cards"]
    defs = state["defs"]
    for cid in p["fd"]:
        c = cards[cid]
        d = defs[c["d"]]
        cost = d["cost"] or 0
        if cost > bounds.credits:
            bounds.affordable(cost)
        elif _payable_main(c, d):
            bounds.affordable(cost)
            acts.append(PAY[cid])


def _ability_uses(state: GameState, seat: int, p: Player, acts: list[Action],
                  bounds: CostBounds) -> None:
    """KG-12.8: the activated abilities of the seat's face-up cards in play, in play
    order (canteen, surface, then ship by ship)."""
    if not p["actv"]:
        return
    cards = state["cards"]
    up = []
    for cid in facts(state).activated[seat]:
        c = cards[cid]
        # (paid and active too: activated_ok refuses every ability otherwise)
        if c["up"] and c["z"] in IN_PLAY and c["paid"] and c["rot"] == ACTIVE:
            up.append(cid)
    if len(up) > 1:
        up.sort(key=lambda cid: _play_order(state, p, cid))
    defs = state["defs"]
    for cid in up:
        d = defs[cards[cid]["d"]]
        card_ability_actions(state, seat, cid, d, acts)
        for ab in d["eff"]["activated"]:   # (bounds for either side)
            bounds.affordable((ab.get("cost") or {}).get("credits", 0))


def _attacks(state: GameState, seat: int, p: Player, acts: list[Action], bounds: CostBounds,
             qs: bool) -> None:
    """KG-9.3.3 b: attack a neighbour's colony, central, a crew or a base (quick start:
    colony and central, KG-16), then END_TURN (KG-9.3.6). An attack tax
    (Aknagyűrű, KG-14.2.2) must be payable."""
    if p["hangar"] and can_attack(state, seat):
        multi = state["n"] > 2
        for opp in opponents(state, seat) if multi else (1 - seat,):
            if not bounds.affordable(aura(state, opp, "attack_tax")):
                continue
            op = state["p"][opp]
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
                acts += ATTACK_CREW[:len(op["canteen"])]
                acts += ATTACK_BASE[:len(op["surface"])]
    acts.append(END_TURN)


def _developments(acts: list[Action], cards: list[CardDict], surface: list[int],
                  cr: int) -> None:
    """KG-9.3.3 f, KG-4.5.3: develop a base for a credit, at most two per base per turn."""
    if cr >= DEVELOP_COST:
        develop = DEVELOP
        for b in surface:
            if cards[b]["dt"] < DEVELOPS_PER_BASE_PER_TURN:
                acts.append(develop[b])


def _cashes(acts: list[Action], cards: list[CardDict], surface: list[int]) -> None:
    """KG-9.3.3 c, KG-4.5.13: two developments give a credit; the action names the first
    base, the second is chosen next (it may be the same one)."""
    devs = []
    total = 0
    for b in surface:
        n = cards[b]["dev"]
        if n:
            devs.append(b)
            total += n
    if can_cash(total):
        cash = CASH
        for b in devs:
            acts.append(cash[b])


def _draws(acts: list[Action], p: Player, cr: int, qs: bool) -> None:
    """KG-9.3.3 g-i: draw the colony's top card, search its top cards, draw the ruin's
    bottom card (quick start: draw only, KG-16)."""
    colony = p["colony"]
    if cr >= DRAW_COST and colony:
        acts.append(DRAW)                           # KG-9.3.3 g
    if qs:
        return
    if cr >= SEARCH_COST and colony:
        acts.append(SEARCH)                         # KG-9.3.3 h
    if cr >= RUIN_DRAW_COST and len(colony) <= RUIN_DRAW_MAX_COLONY and p["ruin"]:
        acts.append(RUIN_DRAW)                      # KG-9.3.3 i


def after_develop(state: GameState, dec: Decision, old: list[Action], b: int) -> Any:
    """The main list after developing base ``b`` (KG-4.5.3), derived from ``old``,
    the list the develop was picked from, or None when it must be rebuilt.

    A development costs one credit and adds one development to ``b`` (``dev`` and
    ``dt``); nothing else changes. Every credit-dependent action is "cost <= credits",
    so one credit less only removes actions: while the credits still cover those of
    the hand, payments, abilities and attacks (``need``) and ``b`` is not a face-down
    card its development makes payable (KG-9.3.3 e), only the developments, the cash
    actions and the draws can change."""
    m = MAIN_META[0]
    if m is None or m.acts is not old:
        return None
    p = state["p"][dec["seat"]]
    cr = p["cr"]
    if cr < m.need:
        return None
    cards = state["cards"]
    c = cards[b]
    if b in p["fd"] and _payable_main(c, state["defs"][c["d"]]):
        return None
    # Edited in place rather than built again (this follows most developments): the
    # same rules as main_legal's sections, applied to what one development changes.
    acts = old.copy()
    dev_start, cash_start, draw_start = m.dev_start, m.cash_start, m.draw_start
    if c["dt"] >= DEVELOPS_PER_BASE_PER_TURN:        # KG-4.5.3: its last one this turn
        del acts[acts.index(DEVELOP[b], dev_start, cash_start)]
        cash_start -= 1
        draw_start -= 1
    if cr < DEVELOP_COST:                            # no developing without a credit
        del acts[dev_start:cash_start]
        draw_start -= cash_start - dev_start
        cash_start = dev_start
    dev = c["dev"]
    if dev == 1:                                     # b joins the developed bases
        cashes: list[Action] = []
        _cashes(cashes, cards, p["surface"])
        acts[cash_start:draw_start] = cashes
        draw_start = cash_start + len(cashes)
    elif cash_start == draw_start and can_cash(dev):  # b alone, now with enough
        acts.insert(cash_start, CASH[b])
        draw_start += 1
    attack_start = m.attack_start + draw_start - m.draw_start
    draws: list[Action] = []
    _draws(draws, p, cr, False)                      # KG-9.3.3 g-i cost credits
    acts[draw_start:attack_start] = draws
    attack_start = draw_start + len(draws)
    MAIN_META[0] = MainLayout(acts, m.hand_end, m.pay_end, m.dev_start, cash_start,
                              draw_start, attack_start, m.need, m.nxt)
    return acts


def _with_new_middle(m: MainLayout, cards: list[CardDict], p: Player, cr: int) -> Any:
    """``m``'s list with its development, cash and draw sections built again by the same
    functions as ``main_legal`` (the credits or developments changed), the rest kept."""
    old = m.acts
    acts = old[:m.dev_start]
    _developments(acts, cards, p["surface"], cr)
    cash_start = len(acts)
    _cashes(acts, cards, p["surface"])
    draw_start = len(acts)
    _draws(acts, p, cr, False)
    attack_start = len(acts)
    acts += old[m.attack_start:]                     # the attacks and END_TURN
    MAIN_META[0] = MainLayout(acts, m.hand_end, m.pay_end, m.dev_start, cash_start,
                              draw_start, attack_start, m.need, m.nxt)
    return acts


def after_place(state: GameState, dec: Decision, old: list[Action], cid: int, role: str) -> Any:
    """The main list after ``cid`` was placed face down from the hand as a base or a
    crew (KG-9.3.3 c/d, KG-12.10), derived from ``old``, or None when it must be rebuilt.

    Nothing else changes and the credits stay: ``cid``'s own hand actions (contiguous,
    in hand order) go; a base adds its develop at the end of the developments (the
    surface's new right end, no developments yet, KG-4.5.3); a card placed in its own
    role joins the face-down index and may be payable at once (KG-9.3.3 e). Bluffing
    only (every hand card then offers both placements); an armament placement changes
    which ships have room, and interrupts in the hand have cost-dependent targets:
    rebuilt."""
    m = MAIN_META[0]
    if m is None or m.acts is not old or role == "armament":
        return None
    hend, f1, i1, need, nxt = m.hand_end, m.pay_end, m.cash_start, m.need, m.nxt
    if need >= _NEVER or not state["opts"]["bluffing"]:
        return None
    h = old.index(PLACE_BASE[cid], 0, hend)
    lo = h
    while lo and old[lo - 1].get("card") == cid:       # its plays
        lo -= 1
    hi = h + 2                                          # PLACE_BASE, PLACE_CREW
    while hi < hend and old[hi].get("card") == cid:     # its armament placements
        hi += 1
    acts = old[:lo]
    acts += old[hi:f1]
    p = state["p"][dec["seat"]]
    cr = p["cr"]
    add_pay = 0
    if p["fd"] and p["fd"][-1] == cid:
        c = state["cards"][cid]
        d = state["defs"][c["d"]]
        cost = d["cost"] or 0
        if cost > cr:
            if cost < nxt:
                nxt = cost
        elif _payable_main(c, d):
            acts.append(PAY[cid])
            add_pay = 1
            if cost > need:
                need = cost
    acts += old[f1:i1]
    add_dev = 0
    if role == "base" and cr >= DEVELOP_COST:      # (the surface's new right end)
        acts.append(DEVELOP[cid])
        add_dev = 1
    acts += old[i1:]
    k = add_pay - (hi - lo)
    MAIN_META[0] = MainLayout(acts, hend - (hi - lo), f1 + k, m.dev_start + k,
                              i1 + k + add_dev, m.draw_start + k + add_dev,
                              m.attack_start + k + add_dev, need, nxt)
    return acts


class CashPending(NamedTuple):
    """After a cash action (KG-4.5.13): the main list it was picked from and the first
    base, for ``after_cash``, with what must be unchanged when the second is chosen."""

    state: dict[str, Any]        # held, so its id cannot be reused
    seq: int
    layout: MainLayout
    base: int
    credits: int
    hand: int
    todo: int


# Read and replaced as a whole.
CASH_PENDING: list[CashPending | None] = [None]


def note_cash(state: GameState, old: list[Action], b: int) -> None:
    """Called by ``apply`` after a cash action picked from the main list ``old``."""
    m = MAIN_META[0]
    if m is None or m.acts is not old:
        CASH_PENDING[0] = None
        return
    p = state["p"][state["dec"]["seat"]]
    CASH_PENDING[0] = CashPending(state, state["seq"], m, b, p["cr"], len(p["hand"]),
                                  len(state["todo"]))


def after_cash(state: GameState, dec: Decision, b2: int) -> Any:
    """The main list after the second base of a cash (``b2``) was chosen, derived
    from the list the cash was picked from, or None when it must be rebuilt.

    Cashing takes one development from two bases and gives one credit; nothing else
    changes (the developments bought this turn stay). One credit more only adds
    actions: while it stays below ``nxt`` and neither base is a face-down card that
    could be paid (KG-9.3.3 e), only the developments (offered from one credit on),
    the cash actions and the draws can change."""
    pend = CASH_PENDING[0]
    CASH_PENDING[0] = None
    if pend is None or pend.state is not state:
        return None
    p = state["p"][dec["seat"]]
    cr = p["cr"]
    if (pend.seq != state["seq"] - 1 or cr != pend.credits + CASH_GAIN
            or len(p["hand"]) != pend.hand or len(state["todo"]) != pend.todo - 1):
        return None
    if cr >= pend.layout.nxt:
        return None
    fd = p["fd"]
    if fd and (pend.base in fd or b2 in fd):
        return None
    return _with_new_middle(pend.layout, state["cards"], p, cr)


_PLACE_ARM: dict[int, dict[int, Action]] = {}


def place_armament(cid: int) -> dict[int, Action]:
    """The shared "place ``cid`` as armament on ship s" actions, by ship id (built on
    demand; read-only like the tables in ``actions``)."""
    row = _PLACE_ARM.get(cid)
    if row is None:
        row = _PLACE_ARM.setdefault(cid, {})
    return row


IN_PLAY = frozenset(("canteen", "surface", "hangar", "att"))


def _play_order(state: GameState, p: Player, cid: int) -> Any:
    """Where an own card in play sits: canteen, surface, then ship by ship (its
    armaments and crews, then the ship), each left to right."""
    c = state["cards"][cid]
    z = c["z"]
    if z == "canteen":
        return (0, p["canteen"].index(cid), 0, 0)
    if z == "surface":
        return (1, p["surface"].index(cid), 0, 0)
    if z == "hangar":
        return (2, p["hangar"].index(cid), 1, 0)
    return (2, p["hangar"].index(c["on"]), 0, state["cards"][c["on"]]["att"].index(cid))


def _place(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 c/d, KG-12.10: a card from the hand face down as base, crew or armament."""
    cid = action["card"]
    role = action["as"]
    c = card(state, cid)
    if role == "armament":
        attach(state, cid, action["ship"])
    else:
        move(state, cid, "surface" if role == "base" else "canteen")
    c["as"] = role
    c["up"] = False
    if role == cdef(state, cid)["type"]:
        p["fd"].append(cid)
    emit(state, "place", seat=seat, card=cid, role=role, ship=action.get("ship"),
         private_to=seat, hide=("card",))


def _quiet_done(state: GameState, seat: int) -> None:
    """After a development, a draw or a face-down play: a window (reaction
    interrupts "bármikor", abilities in any phase) when someone may answer it,
    otherwise straight back to the main decision."""
    if quiet_action_window(state, seat, "main"):
        state["dec"] = None
        push(state, "main")
        open_window(state, "main", seat)
    else:
        state["dec"] = {"kind": "main", "seat": seat}


def _develop(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 f: the commonest action. No choice follows: the main decision simply
    comes back (as the "main" task would set it) unless a window opens."""
    b = action["base"]
    c = state["cards"][b]
    p["cr"] -= DEVELOP_COST
    c["dev"] += 1
    c["dt"] += 1
    # (emit, written out: actions run inside apply, which collects state["ev"])
    state["ev"].append({"type": "develop", "seat": seat, "pos": p["surface"].index(b)})
    _quiet_done(state, seat)


def _end_turn(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.6: the end phase follows, after a window (KG-9.10.1)."""
    state["dec"] = None
    emit(state, "end_turn", seat=seat)
    state["phase"] = "end"
    push(state, "end_steps")
    open_round(state, "end", seat)


def _attack(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 b, KG-9.4.1: pay any attack tax, name the target, the combat begins."""
    state["dec"] = None
    opp = action.get("opp", opponents(state, seat)[0])
    p["cr"] -= aura(state, opp, "attack_tax")
    tgt = {"kind": action["target"], "card": None}
    if action["target"] == "crew":
        tgt["card"] = state["p"][opp]["canteen"][action["pos"]]
        tgt["pos"] = action["pos"]
    elif action["target"] == "base":
        tgt["card"] = state["p"][opp]["surface"][action["pos"]]
        tgt["pos"] = action["pos"]
    begin_attack(state, seat, opp, tgt)


def _place_action(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 a: no choice follows; the main decision comes back unless a window opens."""
    state["dec"] = None
    _place(state, seat, p, action)
    _quiet_done(state, seat)


def _draw(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 g: the top card of the colony."""
    state["dec"] = None
    p["cr"] -= DRAW_COST
    draw_cards(state, seat, 1)
    _quiet_done(state, seat)


def _ruin_draw(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 i: the bottom card of the ruin."""
    state["dec"] = None
    p["cr"] -= RUIN_DRAW_COST
    cid = p["ruin"][0]
    move(state, cid, "hand")
    emit(state, "ruin_draw", seat=seat, card=cid, private_to=seat, hide=("card",))
    _quiet_done(state, seat)


def _play(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 d: a ship, event or interrupt face up, paid at once, onto the chain."""
    state["dec"] = None
    push(state, "main")
    declare_card(state, seat, action["card"], named_target(state, action))
    open_window(state, "main", seat)


def _pay(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 e: pay a face-down card; its effect when the payment resolves."""
    state["dec"] = None
    push(state, "main")
    cid = action["card"]
    declare_payment(state, seat, cid, cdef(state, cid)["cost"] or 0)
    open_window(state, "main", seat)


def _cash(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 c, KG-4.5.13: one development off the named base; the second base is
    chosen next (a "choose" decision)."""
    state["dec"] = None
    push(state, "main")
    cards = state["cards"]
    cards[action["base"]]["dev"] -= 1
    opts = [b for b in p["surface"] if cards[b]["dev"]]
    state["dec"] = {"kind": "choose", "seat": seat, "why": "cash", "opts": opts}


def _search(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-9.3.3 h: choose one of the colony's top cards (fewer than five: all, KG-17.37)."""
    state["dec"] = None
    push(state, "main")
    p["cr"] -= SEARCH_COST
    top = p["colony"][:SEARCH_DEPTH]
    state["dec"] = {"kind": "choose", "seat": seat, "why": "search", "opts": top}


def _ability(state: GameState, seat: int, p: Player, action: Action) -> None:
    """KG-12.8: use an activated ability; it goes on the chain."""
    state["dec"] = None
    push(state, "main")
    use_ability(state, seat, action)
    open_window(state, "main", seat)


# main-phase action type -> what it does (KG-9.3.3's list, and KG-12.8)
MAIN_ACTIONS = {
    "develop": _develop, "end_turn": _end_turn, "attack": _attack, "place": _place_action,
    "draw": _draw, "ruin_draw": _ruin_draw, "play": _play, "pay": _pay, "cash": _cash,
    "search": _search, "ability": _ability,
}


def main_act(state: GameState, dec: Decision, action: Action) -> None:
    """Carry out a main-phase action (checked legal by ``engine.apply``)."""
    seat = dec["seat"]
    MAIN_ACTIONS[action["type"]](state, seat, state["p"][seat], action)


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
        state["dec"] = None
        if why == "search":
            move(state, pick, "hand")
            emit(state, "search", seat=seat, card=pick, private_to=seat, hide=("card",))
            shuffle_and_cut(state, seat)
        elif why in ("discard", "hand_limit"):
            move(state, pick, "ruin")
            emit(state, "discard", seat=seat, card=pick, why=why, private_to=seat,
                 hide=("card",))
            left = dec.get("left", 1) - 1
            hand = state["p"][seat]["hand"]
            if why == "discard" and left > 0 and hand:
                state["dec"] = dict(dec, opts=list(hand), left=left)
        elif why == "cash":
            p = state["p"][seat]
            state["cards"][pick]["dev"] -= 1
            p["cr"] += CASH_GAIN
            state["ev"].append({"type": "cash", "seat": seat, "pos": p["surface"].index(pick)})
        elif why == "destroy_own_ship":
            leave_play(state, pick, "trap")
        elif why == "hangar_limit":
            leave_play(state, pick, "hangar_limit")       # KG-9.10.4: to the trash
        elif why in ("eop_mod", "rocket"):
            state["cb"]["eop"][dec["i"]]["pick"] = pick
    return legal, act


# ---------------------------------------------------------------- end phase

def end_phase_win_check(state: GameState, _: Any) -> None:
    seat = state["active"]
    state["phase"] = "end"
    # KG-9.10.2 win check (multiplayer: eliminations, KG-13.1.7, KG-17.31)
    if state["n"] == 2:
        opp = 1 - seat
        if not state["p"][opp]["colony"]:
            finish(state, [seat], "colony_empty")
            return
    else:
        for opp in opponents(state, seat):
            if not state["p"][opp]["colony"]:
                eliminate(state, opp, by=seat)
        if len(alive_seats(state)) <= 1:
            finish_multiplayer(state)
            return
    state["todo"] += (["next_turn", None], ["end_rest", None], ["end_hangar", None],
                      ["end_hand", None])


def end_hand_limit(state: GameState, _: Any) -> None:
    seat = state["active"]
    hand = state["p"][seat]["hand"]
    if len(hand) > HAND_LIMIT:                        # KG-9.10.3
        push(state, "end_hand")
        state["dec"] = {"kind": "choose", "seat": seat, "why": "hand_limit", "opts": list(hand)}


def end_hangar_limit(state: GameState, _: Any) -> None:
    seat = state["active"]
    if state["opts"]["rules"] == "quick_start":
        return                                        # KG-16.2.13: hand limit only
    hangar = state["p"][seat]["hangar"]
    if hangar_space(state, hangar) > HANGAR_LIMIT:    # KG-9.10.4, KG-17.17
        push(state, "end_hangar")
        state["dec"] = {"kind": "choose", "seat": seat, "why": "hangar_limit",
                        "opts": list(hangar)}


def end_phase_rest(state: GameState, _: Any) -> None:
    seat = state["active"]
    p = state["p"][seat]
    qs = state["opts"]["rules"] == "quick_start"
    if p["cr"] > CREDIT_CAP and not qs:               # KG-9.10.5
        p["cr"] = CREDIT_CAP
    cards = state["cards"]
    for q in state["p"]:                              # KG-9.10.6: everyone's armor
        for zone in (q["hangar"], q["surface"]):
            for cid in zone:
                c = cards[cid]
                c["dmg"] = 0
                if c["mods"]:                         # temporary modifiers sit on ships
                    c["mods"] = [m for m in c["mods"] if m[2] not in ("turn", "combat")]
    hangar = p["hangar"]
    for zone in (hangar, p["canteen"], p["surface"], *(cards[s]["att"] for s in hangar)):
        for cid in zone:                              # KG-9.10.7, KG-3.7
            c = cards[cid]
            if c["rot"]:
                c["rot"] -= 1
    emit(state, "end_phase", seat=seat, hand=len(p["hand"]), credits=p["cr"],
         hangar=hangar_space(state, hangar), quick_start=qs)


def hangar_space(state: GameState, hangar: list[int]) -> Any:
    cards = state["cards"]
    defs = state["defs"]
    tot = 0
    for s in hangar:
        tot += defs[cards[s]["d"]].get("space") or 0
    return tot


def next_turn(state: GameState, _: Any) -> None:
    state["todo"].append(["begin_turn", next_alive(state, state["active"])])
