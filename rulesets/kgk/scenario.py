"""Positions anyone can set up: a KGK scenario document -> an engine state.

``new_game`` builds a scenario's position instead of a shuffled start when the config
holds ``config["scenario"]`` (the format is described in ``SCENARIOS.md``). Cards are
named by slug and looked up in the records the caller passes in ``config["cards"]``
(the shipped fixtures), so a scenario carries no card data of its own; where the card
data leaves a value unknown, the scenario may fix it in ``card_overrides``, with the
reason written next to it.

Every inconsistency is refused with a :class:`ConfigError` whose ``details["field"]``
names the offending field (``scenario.seats[1].surface[0].development``): a scenario
is written by people, and a position the rules could never reach is a mistake to point
at, not a state to play from.

Card ids follow the document: seat by seat, and within a seat the zones in ``ZONES``
order, each zone first to last (a ship directly followed by the cards attached to it).
:func:`card_ids` gives the id of every labelled card without building the game.
"""

from __future__ import annotations

import copy
from typing import Any

from rulesets.base import ConfigError
from rulesets.kgk.cards import TYPES, compile_def, playability
from rulesets.kgk.chain import WINDOW_SUBTYPES, item_cost_for, may_respond, open_window
from rulesets.kgk.effects import target_spec, targets
from rulesets.kgk.game_state import Card, CardDef, Game, Player
from rulesets.kgk.state import (
    ACTIVE,
    DAMAGED,
    USED,
    armor_now,
    base_armor_now,
    next_alive,
)
from rulesets.rng import Rng

FORMAT = "kgk-scenario/1"
# Every card a seat has, in any zone, comes from its deck, and no deck has more than 45
# cards (KG-1.6.1, KG-6.2.1; the quick start's has 30): a seat holds at most that many,
# a document at most that many per seat (six seats). Counted before anything is built, so
# a document of thousands of entries costs a walk over them, not a game state of them
#. The three-copies rule (KG-1.6.2) is not applied: a study position fills a
# colony with any one card (the shipped KG-14 examples use ten of a filler).
MAX_SEAT_CARDS = 45
MAX_COUNT = MAX_SEAT_CARDS    # copies in one entry
MAX_NUMBER = 9999             # turns, credits, damage...: far above any real game
# Zones in id order. colony: index 0 is the top card; the others left to right.
ZONES = ("colony", "hand", "trash", "ruin", "hangar", "canteen", "surface")
PILES = ("colony", "hand", "trash", "ruin")           # cards there have no state
IN_PLAY = {"hangar": "ship", "canteen": "crew", "surface": "base"}   # zone -> role
ROT = {"active": ACTIVE, "used": USED, "damaged": DAMAGED}
PHASES = ("mulligan", "start", "main", "combat")
# Decision kinds the engine has that a scenario cannot ask for: they only exist at a
# point inside a combat the format does not describe (a scenario's combat starts at the
# beginning of a step, or at a shot's window before damage, with the engine's own tasks
# leading on from there; see ``_combat``).
MID_COMBAT = ("equip", "pay", "fire", "ret", "assign", "bomb", "trap", "choose")
TOP_KEYS = {"format", "title", "rule", "notes", "options", "card_overrides", "turn",
            "active", "first", "phase", "decision", "seats", "combat", "chain"}
COMBAT_KEYS = {"attacker", "defender", "target", "step", "ships", "shot"}
SHOT_KEYS = {"ship", "target", "return_fire"}
CHAIN_KEYS = {"card", "label", "seat", "target"}
STEPS = ("equip", "fire")
# The engine's continuation tasks still to run when a combat's step begins, bottom of the
# stack first: exactly what ``combat.begin_attack`` pushes, less the steps already over.
# (Task names and their order are the state's JSON shape, not a private helper.)
COMBAT_TODO = {
    "equip": [["main", None], ["c_disarm", None], ["c_bomb", None], ["c_fire", None],
              ["c_eop", None], ["c_pay_def", None], ["c_pay_att", None],
              ["c_equip_def", None], ["c_equip_att", None]],
    "fire": [["main", None], ["c_disarm", None], ["c_bomb", None], ["c_fire", None]],
}
# At a shot's window before damage (KG-9.7.6): the firing loop to come back to, under
# the shot itself, whose next stage allocates the damage.
SHOT_TODO = [["main", None], ["c_disarm", None], ["c_bomb", None], ["fire_loop", None],
             ["shot", None]]
SEAT_KEYS = {"name", "credits", "turns", *ZONES}
PILE_KEYS = {"card", "label", "count"}
PLAY_KEYS = {"card", "label", "paid", "as", "state", "damage", "development", "choice",
             "attached"}
OVERRIDABLE = {"type", "subtype", "cost", "speed", "firepower", "armor", "bombard", "size",
               "dev_limit", "abilities"}


def _err(code: str, field: str, message: str, reason: str = "",
         **details: Any) -> ConfigError:
    """A refusal: ``code`` the kind of mistake, ``field`` the path of the offending field,
    ``reason`` (for the catch-all codes) which rule of the document it breaks, ``details``
    the values its sentence names. A host words it from ``scenario_words`` (the sentences
    are keyed by code and reason, never read out of ``message``, which is English for API
    clients)."""
    said = {"reason": reason} if reason else {}
    return ConfigError(code, f"{field}: {message}", {"field": field, **said, **details})


def _missing(reasons: list[str]) -> list[str]:
    """The card fields a ``playability`` refusal names ("unknown cost" -> "cost")."""
    return sorted({r.split()[1] if r.startswith("unknown ") and len(r.split()) > 1 else "value"
                   for r in reasons})


def _int(v: Any, field: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _err("bad_scenario", field, "must be a whole number", reason="whole_number")
    if v < lo:
        raise _err("bad_scenario", field, f"must be at least {lo}", value=v, reason="at_least", lo=lo)
    if v > hi:
        raise _err("bad_scenario", field, f"must be at most {hi}", value=v, reason="at_most", hi=hi)
    number: int = v
    return number


def _obj(v: Any, field: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _err("bad_scenario", field, "must be an object", reason="object")
    extra = sorted(set(v) - keys)
    if extra:
        raise _err("unknown_field", f"{field}.{extra[0]}", "is not a scenario field",
                   allowed=sorted(keys))
    return v


# ---------------------------------------------------------------- card records

def _records(config: dict[str, Any], scn: dict[str, Any]) -> dict[str, dict[str, Any]]:
    raw = config.get("cards")
    if not isinstance(raw, list) or not raw:
        raise _err("bad_config", "cards", "a scenario needs the card records it names "
                   "(config['cards'], e.g. the shipped fixtures)")
    recs: dict[str, dict[str, Any]] = {}
    for i, r in enumerate(raw):
        if not isinstance(r, dict) or not isinstance(r.get("slug"), str):
            raise _err("bad_config", f"cards[{i}]", "a card record needs a slug")
        if r["slug"] in recs:
            raise _err("bad_config", f"cards[{i}].slug", f"{r['slug']!r} given twice")
        recs[r["slug"]] = r
    over = scn.get("card_overrides") or {}
    if not isinstance(over, dict):
        raise _err("bad_scenario", "scenario.card_overrides", "must be an object", reason="object")
    for slug, fix in over.items():
        field = f"scenario.card_overrides.{slug}"
        if slug not in recs:
            raise _err("unknown_card", field, f"no card record with slug {slug!r}", slug=slug)
        _obj(fix, field, OVERRIDABLE | {"why"})
        if not isinstance(fix.get("why"), str) or not fix["why"].strip():
            raise _err("bad_scenario", f"{field}.why",
                       "say why the value is fixed (the card data leaves it open)", reason="say_why")
        for k, v in fix.items():
            _override_value(k, v, f"{field}.{k}")
        rec = copy.deepcopy(recs[slug])
        rec.update({k: v for k, v in fix.items() if k != "why"})
        recs[slug] = rec
    return recs


def _override_value(key: str, v: Any, field: str) -> None:
    """An override is a value of the record's own kind (SCHEMA.md)."""
    if key == "why":
        return
    if key == "type":
        ok = v in TYPES
    elif key == "subtype":
        ok = isinstance(v, str) or v is None
    elif key == "abilities":
        ok = isinstance(v, list) and all(isinstance(a, str) for a in v)
    elif key == "dev_limit":
        ok = v in ("?", "X", None) or (isinstance(v, int) and not isinstance(v, bool)
                                       and 0 <= v <= MAX_NUMBER)
    else:
        ok = v is None or (isinstance(v, int) and not isinstance(v, bool)
                           and 0 <= v <= MAX_NUMBER)
    if not ok:
        raise _err("bad_scenario", field, "not a value this field can have", value=v, reason="bad_value")


# ---------------------------------------------------------------- the document

class _Builder:
    def __init__(self, scn: dict[str, Any], recs: dict[str, dict[str, Any]],
                 opts: dict[str, Any]) -> None:
        self.scn = scn
        self.recs = recs
        self.opts = opts
        self.defs: list[CardDef] = []
        self.index: dict[str, int] = {}
        self.cards: list[Card] = []
        self.labels: dict[str, tuple[int, str]] = {}     # label -> (id, field)
        self.fd: list[list[int]] = []

    def card(self, entry: Any, seat: int, zone: str, field: str) -> Card:
        """One card instance from an entry (a slug or an object)."""
        if isinstance(entry, str):
            entry = {"card": entry}
        slug = entry.get("card")
        if not isinstance(slug, str):
            raise _err("bad_scenario", f"{field}.card", "name the card by its slug", reason="slug_needed")
        rec = self.recs.get(slug)
        if rec is None:
            raise _err("unknown_card", f"{field}.card", f"no card record with slug {slug!r}", slug=slug)
        if slug not in self.index:
            if not self.opts["lenient_cards"] and (
                    self.opts["rules"] != "quick_start" or rec.get("type") == "ship"):
                why = playability(rec, self.opts["rules"])
                if why:
                    raise _err("unplayable_card", f"{field}.card", "; ".join(why),
                               card=slug, reasons=why, missing=_missing(why))
            self.index[slug] = len(self.defs)
            self.defs.append(compile_def(rec))
        cid = len(self.cards)
        label = entry.get("label")
        if label is not None:
            if not isinstance(label, str) or not label:
                raise _err("bad_scenario", f"{field}.label", "must be a non-empty text", reason="non_empty_text")
            if label in self.labels:
                raise _err("card_in_two_zones", f"{field}.label",
                           f"card {label!r} is already at {self.labels[label][1]}",
                           label=label, first=self.labels[label][1])
            self.labels[label] = (cid, field)
        c = Card(cid, self.index[slug], seat, zone)
        c.up = zone == "trash"
        self.cards.append(c)
        return c

    def pile(self, seat: int, zone: str, entries: list[Any], field: str) -> list[int]:
        out = []
        for i, e in enumerate(entries):
            f = f"{field}[{i}]"
            count = 1
            if isinstance(e, dict):
                _obj(e, f, PILE_KEYS)
                if "count" in e:
                    count = _int(e["count"], f"{f}.count", 1, MAX_COUNT)
                    if count > 1 and "label" in e:
                        raise _err("bad_scenario", f"{f}.label",
                                   "a label names one card: not with a count", reason="label_one_card")
            elif not isinstance(e, str):
                raise _err("bad_scenario", f, "a slug or an object", reason="slug_or_object")
            for _ in range(count):
                out.append(self.card(e, seat, zone, f)["id"])
        return out

    def placed(self, seat: int, zone: str, e: Any, field: str,
               ship: Card | None = None) -> Card:
        """A card in play: a ship in the hangar, a crew in the canteen, a base on the
        surface, or (``ship`` given) an armament or crew attached to that ship."""
        if isinstance(e, str):
            e = {"card": e}
        _obj(e, field, PLAY_KEYS)
        c = self.card(e, seat, "att" if ship else zone, field)
        d = self.defs[c["d"]]
        typ = d["type"]
        role = e.get("as", typ)               # placed as itself unless "as" says a bluff
        paid = self._paid(e, zone, field, ship, d, role)
        c.update({"as": role, "paid": paid, "up": paid})
        if ship is not None:
            c["on"] = ship["id"]
        if not paid and role == typ:
            self.fd[seat].append(c["id"])
        c["rot"] = _rotation(e, field, role, typ)
        _counters(c, e, field, d, role, paid)
        att = e.get("attached", [])
        if att:
            if zone != "hangar" or ship is not None or role != "ship":
                raise _err("bad_placement", f"{field}.attached", "only a ship carries "
                           "armaments and crews (KG-4.2.4)", reason="only_ship_carries")
            if not isinstance(att, list):
                raise _err("bad_scenario", f"{field}.attached", "must be a list", reason="list")
            for j, a in enumerate(att):
                ac = self.placed(seat, zone, a, f"{field}.attached[{j}]", ship=c)
                c["att"].append(ac["id"])
            cap = d.cap
            if len(c["att"]) > cap:
                raise _err("over_capacity", f"{field}.attached",
                           f"{d['slug']} carries at most {cap} (KG-4.2.4)", capacity=cap)
        return c

    def _paid(self, e: dict[str, Any], zone: str, field: str, ship: Card | None,
              d: CardDef, role: str) -> bool:
        """Whether a card placed in ``zone`` as ``role`` is paid, once the placement is
        checked: the zone takes its kind (KG-4.3, KG-4.4), a bluff is unpaid and needs
        bluffing (KG-12.10), a ship in the hangar is paid (KG-4.2.2)."""
        typ = d["type"]
        allowed = ("armament", "crew") if ship else (IN_PLAY[zone],)
        if role not in allowed or (zone == "hangar" and not ship and typ != "ship"):
            if ship:
                raise _err("bad_placement", field, f"a {typ} cannot be attached to a ship "
                           "(armaments and crews only, KG-4.3, KG-4.4)", card=d["slug"], reason="attach_to_ship")
            raise _err("bad_placement", field, f"only a {IN_PLAY[zone]} goes in the {zone} "
                       f"(this card is a {typ}; a face-down bluff says so with \"as\")",
                       card=d["slug"], reason="only_zone_kind", kind=IN_PLAY[zone])
        paid: bool = e.get("paid", zone == "hangar" and ship is None)
        if not isinstance(paid, bool):
            raise _err("bad_scenario", f"{field}.paid", "true or false", reason="true_false")
        if role != typ:                                    # a bluff (KG-12.10)
            if paid:
                raise _err("bad_placement", f"{field}.paid",
                           f"a {typ} placed as a {role} is a bluff and cannot be paid", reason="bluff_unpaid")
            if not self.opts["bluffing"]:
                raise _err("bad_placement", f"{field}.as", "bluffing is off in this game", reason="bluffing_off")
        if zone == "hangar" and not ship and not paid:
            raise _err("bad_placement", f"{field}.paid",
                       "a ship in the hangar is always paid (KG-4.2.2)", reason="hangar_paid")
        return paid


def _rotation(e: dict[str, Any], field: str, role: str, typ: str) -> int:
    """A placed card's rotation: active, or used or damaged where it can turn (KG-3.1)."""
    st = e.get("state", "active")
    if st not in ROT:
        raise _err("bad_scenario", f"{field}.state", "active, used or damaged",
                   value=st, reason="state_words")
    if st != "active" and not ((role == typ == "ship") or (role == typ == "base" and
                                                          st == "used")):
        raise _err("bad_scenario", f"{field}.state",
                   f"a {role} cannot be {st} (ships and paid bases turn, KG-3.1)", reason="cannot_turn")
    rot: int = ROT[st]
    return rot


def _counters(c: Card, e: dict[str, Any], field: str, d: CardDef, role: str,
              paid: bool) -> None:
    """A placed card's developments (KG-4.5.3), damage (KG-3.11) and end-of-payment
    choice, where the document gives them."""
    typ = d["type"]
    if "development" in e:
        dev = _int(e["development"], f"{field}.development")
        if role != "base" or typ != "base":
            raise _err("bad_scenario", f"{field}.development", "only bases develop "
                       "(KG-4.5.3)", reason="only_bases_develop")
        lim = d["dev"]
        if isinstance(lim, int) and dev > lim:
            raise _err("over_limit", f"{field}.development",
                       f"{dev} is above {d['slug']}'s development limit {lim} (KG-4.5.3)",
                       limit=lim, count=dev)
        c["dev"] = dev
    if "damage" in e:
        c["dmg"] = _int(e["damage"], f"{field}.damage")
        if c["dmg"] and typ not in ("ship", "base"):
            raise _err("bad_scenario", f"{field}.damage", "only ships and bases take "
                       "damage (KG-3.11)", reason="damage_ships_bases")
    if "choice" in e:
        opts = d["eff"].get("choose_at_end_of_payment")
        if not opts or not paid:
            raise _err("bad_scenario", f"{field}.choice",
                       "only a paid card with a choice at the end of payment has one", reason="choice_only")
        ch = _int(e["choice"], f"{field}.choice")
        if ch >= len(opts):
            raise _err("bad_scenario", f"{field}.choice",
                       f"options are 0 to {len(opts) - 1}", options=opts, reason="choice_range", most=len(opts) - 1)
        c["ch"] = ch


def _entry_cards(e: Any) -> int:
    """How many cards one zone entry stands for (a malformed entry counts as one: the
    builder refuses it with its own words)."""
    if not isinstance(e, dict):
        return 1
    count = e.get("count", 1)
    cards = count if isinstance(count, int) and not isinstance(count, bool) and count > 1 \
        else 1
    attached = e.get("attached")
    return cards + (len(attached) if isinstance(attached, list) else 0)


def _check_size(seats: list[Any], chain: Any) -> None:
    """Refuse a seat with more cards than a deck has (``MAX_SEAT_CARDS``), counting its
    zones and its cards on the chain, before any card is built."""
    on_chain = [0] * len(seats)
    for e in chain if isinstance(chain, list) else []:
        seat = e.get("seat") if isinstance(e, dict) else None
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
            on_chain[seat] += 1
    for s, seat in enumerate(seats):
        total = on_chain[s]
        for z in ZONES:
            entries = seat.get(z) if isinstance(seat, dict) else None
            if not isinstance(entries, list):
                continue
            for i, e in enumerate(entries):
                if isinstance(e, dict) and "count" in e:  # the entry's own bound first
                    _int(e["count"], f"scenario.seats[{s}].{z}[{i}].count", 1, MAX_COUNT)
                total += _entry_cards(e)
        if total > MAX_SEAT_CARDS:
            raise _err("too_many_cards", f"scenario.seats[{s}]",
                       f"{total} cards: a seat has at most {MAX_SEAT_CARDS}, the cards of "
                       "its deck (KG-1.6.1)", count=total, limit=MAX_SEAT_CARDS)


def _default_turns(n: int, first: int, turn: int) -> list[int]:
    """Own turns begun by each seat by game turn ``turn`` (seats take turns in order)."""
    return [(turn - (s - first) % n + n - 1) // n for s in range(n)]


def _moment(scn: dict[str, Any], n: int) -> tuple[str, int, int, int]:
    """When the position is: its phase, the starting and the active seat, the game turn
    (a mulligan before turn 1, KG-8.4; a combat described in the combat phase)."""
    phase = scn.get("phase", "main")
    if phase not in PHASES:
        raise _err("bad_scenario", "scenario.phase", f"one of {', '.join(PHASES)} "
                   "(a position inside a combat is reached by playing to it)", value=phase, reason="phase_words")
    first = _int(scn.get("first", 0), "scenario.first")
    if first >= n:
        raise _err("bad_scenario", "scenario.first", f"a seat number below {n}", reason="seat_below", below=n)
    active = _int(scn.get("active", first), "scenario.active")
    if active >= n:
        raise _err("bad_scenario", "scenario.active", f"a seat number below {n}", reason="seat_below", below=n)
    turn = _int(scn.get("turn", 0 if phase == "mulligan" else 1), "scenario.turn",
                0 if phase == "mulligan" else 1)
    if phase == "mulligan" and (turn != 0 or active != first):
        raise _err("bad_scenario", "scenario.turn", "mulligans come before turn 1, with the "
                   "starting player active (KG-8.4)", reason="mulligan_turn")
    if phase == "combat" and scn.get("combat") is None:
        raise _err("bad_scenario", "scenario.combat", "a combat-phase position describes "
                   "its combat (attacker, target, step, ships)", reason="combat_described")
    if scn.get("combat") is not None and phase != "combat":
        raise _err("bad_scenario", "scenario.phase", "a position with a combat is in the "
                   "combat phase: \"phase\": \"combat\"", value=phase, reason="combat_phase")
    return phase, first, active, turn


def _player(b: _Builder, s: int, seat: Any, phase: str, turns: int,
            chain_doc: list[tuple[int, dict[str, Any]]], stack_ids: dict[int, int]) -> dict[str, Any]:
    """Seat ``s``'s zones and counters; its cards on the chain go to its stack (their
    ids noted in ``stack_ids``)."""
    sf = f"scenario.seats[{s}]"
    _obj(seat, sf, SEAT_KEYS)
    b.fd.append([])
    p: dict[str, Any] = {z: [] for z in (*ZONES, "stack", "out")}
    for z in ZONES:
        entries = seat.get(z, [])
        if not isinstance(entries, list):
            raise _err("bad_scenario", f"{sf}.{z}", "must be a list", reason="list")
        if z in PILES:
            p[z] = b.pile(s, z, entries, f"{sf}.{z}")
        else:
            p[z] = [b.placed(s, z, e, f"{sf}.{z}[{i}]")["id"] for i, e in enumerate(entries)]
        if z == "colony":
            # this seat's cards on the chain come next in id order (see card_ids):
            # played face up and paid, they lie in the seat's stack (KG-10.5)
            for i, e in chain_doc:
                if e["seat"] == s:
                    c = b.card(e, s, "stack", f"scenario.chain[{i}]")
                    c.update({"up": True, "paid": True})
                    stack_ids[i] = c["id"]
                    p["stack"].append(c["id"])
    p["fd"] = b.fd[s]
    p["cr"] = _int(seat.get("credits", 0), f"{sf}.credits")
    p["turns"] = _int(seat.get("turns", turns), f"{sf}.turns")
    p["mull"] = phase != "mulligan"
    p.update({"actv": False, "alive": True, "elims": 0, "out_turn": None})
    return p


def build(config: dict[str, Any], seed: str, opts: dict[str, Any]) -> Game:
    """The engine state of ``config["scenario"]`` (``opts``: normalised options, the
    scenario's own ``options`` already merged in by :func:`options`)."""
    scn = _obj(config["scenario"], "scenario", TOP_KEYS)
    if scn.get("format", FORMAT) != FORMAT:
        raise _err("bad_scenario", "scenario.format", f"this engine reads {FORMAT!r}", reason="format_unknown")
    recs = _records(config, scn)
    seats = scn.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        raise _err("bad_players", "scenario.seats", "KGK is for 2-6 players: one entry each", reason="players_range")
    n = len(seats)
    if config.get("players") not in (None, n):
        raise _err("bad_players", "players", f"the scenario has {n} seats", reason="seats_count", n=n)
    phase, first, active, turn = _moment(scn, n)
    _check_size(seats, scn.get("chain"))
    chain_doc = _chain_entries(scn, n)

    b = _Builder(scn, recs, opts)
    stack_ids: dict[int, int] = {}              # chain entry index -> card id
    derived = _default_turns(n, first, turn)
    players = [_player(b, s, seat, phase, derived[s], chain_doc, stack_ids)
               for s, seat in enumerate(seats)]
    for s, p in enumerate(players):
        p["actv"] = any(b.defs[c["d"]]["actv"] for c in b.cards if c["o"] == s)
    if not b.cards:
        raise _err("bad_scenario", "scenario.seats", "no cards at all", reason="no_cards")
    if phase != "mulligan" and players[active]["turns"] < 1:
        raise _err("bad_scenario", f"scenario.seats[{active}].turns",
                   "the active seat has begun at least this turn", reason="active_begun")

    state = Game(opts, n, Rng.from_seed(seed).state, b.defs, b.cards,
                 [Player.from_json(p) for p in players])
    state.turn = turn
    state.active = active
    state.first = first
    state.phase = phase
    _check_values(state, seats)
    if phase == "combat":
        _combat(state, scn, b)
    _chain(state, chain_doc, stack_ids, b)
    _decide(state, scn)
    return state


# ---------------------------------------------------------------- combat and chain

def _label(b: _Builder, v: Any, field: str) -> int:
    """The card id of a label the document gave to a card."""
    if not isinstance(v, str) or v not in b.labels:
        raise _err("bad_scenario", field, "name a card by the label the document gives it",
                   value=v, reason="name_by_label")
    return b.labels[v][0]


def _combat(state: Game, scn: dict[str, Any], b: _Builder) -> None:
    """``state["cb"]`` and the engine's tasks for a combat at the start of a step, or at a
    shot's window before damage, as ``combat.begin_attack`` and the steps build them."""
    field = "scenario.combat"
    cbd = _obj(scn["combat"], field, COMBAT_KEYS)
    n, active, cards = state["n"], state["active"], state["cards"]
    att = _int(cbd.get("attacker", active), f"{field}.attacker")
    if att != active:
        raise _err("bad_scenario", f"{field}.attacker", "the attacker is the seat whose turn "
                   "it is (KG-9.4)", value=att, reason="attacker_active")
    dfn_default = next_alive(state, att) if n == 2 else None
    if "defender" not in cbd and dfn_default is None:
        raise _err("bad_scenario", f"{field}.defender", "name the defender (more than two "
                   "players)", reason="name_defender")
    dfn = _int(cbd.get("defender", dfn_default), f"{field}.defender")
    if dfn >= n or dfn == att:
        raise _err("bad_scenario", f"{field}.defender", "another seat than the attacker's",
                   value=dfn, reason="defender_other")
    if state["p"][att]["turns"] == 1 and (n > 2 or att == state["first"]):
        raise _err("bad_scenario", f"{field}.attacker", "no attack in the starting "
                   "player's first turn (KG-8.6)", reason="no_first_attack")
    tgt = _combat_target(state, cbd.get("target"), dfn, b, f"{field}.target")
    step = cbd.get("step")
    if step not in STEPS:
        raise _err("bad_scenario", f"{field}.step", f"one of {', '.join(STEPS)} (the step "
                   "that is about to begin)", value=step, reason="step_words")
    ships_doc = cbd.get("ships", [])
    if not isinstance(ships_doc, list):
        raise _err("bad_scenario", f"{field}.ships", "must be a list", reason="list")
    ships: list[int] = []
    for i, lab in enumerate(ships_doc):
        f = f"{field}.ships[{i}]"
        sid = _label(b, lab, f)
        c = cards[sid]
        if c["z"] != "hangar" or c["o"] not in (att, dfn):
            raise _err("bad_scenario", f, "a committed ship is in the attacker's or the "
                       "defender's hangar (KG-9.5)", value=lab, reason="committed_in_hangar")
        if sid in ships:
            raise _err("bad_scenario", f, "a ship is committed once", value=lab, reason="committed_once")
        if step == "equip" and c["o"] != att:
            raise _err("bad_scenario", f, "the defender commits after the attacker's equip "
                       "step: in the equip step only the attacker's ships are committed "
                       "(KG-9.5.1)", value=lab, reason="defender_commits_later")
        if c["rot"] == DAMAGED or (step == "equip" and c["rot"] != ACTIVE):
            raise _err("bad_scenario", f, "a committed ship is active when committed; in the "
                       "firing step it may have turned used by firing, never damaged "
                       "(KG-9.5.2, KG-9.7.13)", value=lab, reason="committed_active")
        ships.append(sid)
    if step == "fire" and not any(cards[s]["o"] == att for s in ships):
        raise _err("bad_scenario", f"{field}.ships", "the attacker has at least one ship in "
                   "the combat (KG-17.33)", reason="attacker_ships")
    state["phase"] = "combat"
    state["cb"] = {"att": att, "def": dfn, "tgt": tgt, "step": step, "ships": ships,
                   "fire": {"passes": 0, "forced": None, "turn": att}, "shot": None,
                   "bombers": [], "eop": None if step == "equip" else []}
    state["todo"] = copy.deepcopy(COMBAT_TODO[step])
    if cbd.get("shot") is not None:
        if step != "fire":
            raise _err("bad_scenario", f"{field}.shot", "a shot is fired in the firing step "
                       "(\"step\": \"fire\")", reason="shot_in_fire_step")
        _shot(state, cbd["shot"], b, f"{field}.shot")


def _combat_target(state: Game, v: Any, dfn: int, b: _Builder,
                   field: str) -> dict[str, Any]:
    """The attack's target in the shape ``turn`` gives ``begin_attack``."""
    if v in ("colony", "central"):
        return {"kind": v, "card": None}
    if isinstance(v, dict) and len(v) == 1 and next(iter(v)) in ("base", "crew"):
        kind = next(iter(v))
        cid = _label(b, v[kind], f"{field}.{kind}")
        zone = "surface" if kind == "base" else "canteen"
        p = state["p"][dfn]
        if cid not in p[zone]:
            raise _err("bad_scenario", f"{field}.{kind}", f"the {kind} attacked is on the "
                       f"defender's {zone} (KG-9.4.1)", value=v[kind], reason="attacked_on")
        return {"kind": kind, "card": cid, "pos": p[zone].index(cid)}
    raise _err("bad_scenario", field, "\"colony\", \"central\", {\"base\": label} or "
               "{\"crew\": label}", value=v, reason="target_shape")


def _shot(state: Game, sd: Any, b: _Builder, field: str) -> None:
    """A shot declared (and perhaps answered by return fire) and now at its window before
    damage (KG-9.7.6): ``cb["shot"]`` as the firing decision builds it, at the stage
    after the window."""
    sd = _obj(sd, field, SHOT_KEYS)
    cb, cards = state["cb"], state["cards"]
    F = _label(b, sd.get("ship"), f"{field}.ship")
    T = _label(b, sd.get("target"), f"{field}.target")
    if F not in cb["ships"] or T not in cb["ships"] or cards[F]["o"] == cards[T]["o"]:
        raise _err("bad_scenario", field, "a shot is from a committed ship at a committed "
                   "ship of the other side (KG-9.7)", reason="shot_between_committed")
    ret = sd.get("return_fire", False)
    if not isinstance(ret, bool):
        raise _err("bad_scenario", f"{field}.return_fire", "true or false", reason="true_false")
    if cards[F]["rot"] != USED:
        raise _err("bad_scenario", f"{field}.ship", "a ship that has fired is used "
                   "(KG-17.3): write \"state\": \"used\" on it", reason="fired_is_used")
    if ret and cards[T]["rot"] != USED:
        raise _err("bad_scenario", f"{field}.target", "a ship that returned fire is used "
                   "(KG-9.7.5): write \"state\": \"used\" on it", reason="returned_fire_is_used")
    cb["shot"] = {"F": F, "T": T, "ret": ret, "stage": "allocF", "pk": [],
                  "decl": cards[T]["o"] if ret else cards[F]["o"], "salvoF": False,
                  "salvoT": False, "hitF": [], "hitT": [], "asked": [], "fq": None}
    state["todo"] = copy.deepcopy(SHOT_TODO)


def _chain_entries(scn: dict[str, Any], n: int) -> list[tuple[int, dict[str, Any]]]:
    raw = scn.get("chain", [])
    if not isinstance(raw, list):
        raise _err("bad_scenario", "scenario.chain", "must be a list", reason="list")
    out = []
    for i, e in enumerate(raw):
        f = f"scenario.chain[{i}]"
        _obj(e, f, CHAIN_KEYS)
        seat = _int(e.get("seat"), f"{f}.seat")
        if seat >= n:
            raise _err("bad_scenario", f"{f}.seat", f"a seat number below {n}", reason="seat_below", below=n)
        out.append((i, e))
    return out


def _chain(state: Game, entries: list[tuple[int, dict[str, Any]]],
           stack_ids: dict[int, int], b: _Builder) -> None:
    """``state["chain"]``: interrupt cards played, paid (KG-10.5), bottom first, each with
    its target, as ``chain.declare_card`` puts them there."""
    if not entries:
        return
    ctx = _window_context(state)
    if ctx is None:
        raise _err("bad_scenario", "scenario.chain", "cards are on the chain only while a "
                   "window is open: in the main phase, or in a combat at a shot's window "
                   "(\"shot\")", reason="chain_needs_window")
    defs, cards = state["defs"], state["cards"]
    for i, e in entries:
        f = f"scenario.chain[{i}]"
        cid = stack_ids[i]
        d = defs[cards[cid]["d"]]
        if d["type"] != "interrupt" or d["sub"] not in WINDOW_SUBTYPES[ctx]:
            raise _err("bad_scenario", f"{f}.card", f"only interrupts of the kinds "
                       f"{', '.join(WINDOW_SUBTYPES[ctx])} are played in this window "
                       "(KG-10.7)", card=d["slug"], subtype=d["sub"], reason="window_kinds", kinds=list(WINDOW_SUBTYPES[ctx]))
        spec = target_spec(state, d["eff"])
        tgt = _chain_target(state, e, spec, b, f)
        cost = item_cost_for(state, cid, tgt)
        state["uid"] += 1
        it = {"u": state["uid"], "k": "card", "seat": e["seat"], "card": cid, "tgt": tgt,
              "cost": cost, "neut": False, "ab": None}
        if spec is not None:
            it["spec"] = spec["kind"]
        state["chain"].append(it)


def _chain_target(state: Game, e: dict[str, Any], spec: dict[str, Any] | None,
                  b: _Builder, f: str) -> Any:
    """A chain card's target as the engine names it: a card id, the uid of an item below
    it on the chain (``{"item": k}``, k counted from the bottom, 0 first), or a seat."""
    v = e.get("target")
    if spec is None:
        if v is not None:
            raise _err("bad_scenario", f"{f}.target", "this card has no target", reason="no_target")
        return None
    if v is None:
        raise _err("bad_scenario", f"{f}.target", "this card needs a target", reason="needs_target")
    kind = spec["kind"]
    if kind == "chain":
        k = v.get("item") if isinstance(v, dict) else None
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(state["chain"]):
            raise _err("bad_scenario", f"{f}.target", "{\"item\": k}: an item below this "
                       "card on the chain (0 is the bottom)", value=v, reason="item_below")
        tgt = state["chain"][k]["u"]
    elif kind == "opponent":
        tgt = _int(v, f"{f}.target")
    else:
        tgt = _label(b, v, f"{f}.target")
    if tgt not in targets(state, e["seat"], spec, True):
        raise _err("bad_scenario", f"{f}.target", f"not a target this card may have "
                   f"({kind})", value=v, reason="not_a_target")
    return tgt


def _window_context(state: Game) -> str | None:
    """The context of the window a scenario's chain belongs to (``chain.WINDOW_SUBTYPES``)."""
    if state["phase"] == "main":
        return "main"
    cb = state["cb"]
    if cb is not None and cb["shot"] is not None:
        return "combat"
    return None


def _check_values(state: Game, seats: list[dict[str, Any]]) -> None:
    """What only the finished position can tell: armor left after damage."""
    for s, p in enumerate(state["p"]):
        for z in ("hangar", "surface"):
            for i, cid in enumerate(p[z]):
                c = state["cards"][cid]
                if not c["dmg"]:
                    continue
                left = armor_now(state, cid) if z == "hangar" else base_armor_now(state, cid)
                if left <= 0:
                    raise _err("bad_scenario", f"scenario.seats[{s}].{z}[{i}].damage",
                               "a card with no armor left is out of play (KG-3.11)",
                               damage=c["dmg"], reason="no_armor_left")


def _decide(state: Game, scn: dict[str, Any]) -> None:
    """Set the pending decision (or the tasks that lead to it) for the phase."""
    phase, active, n = state["phase"], state["active"], state["n"]
    dec = scn.get("decision")
    field = "scenario.decision"
    if dec is not None:
        _obj(dec, field, {"kind", "seat"})
        kind = dec.get("kind")
        if kind in MID_COMBAT:
            raise _err("bad_decision", f"{field}.kind", f"a {kind!r} decision exists only "
                       "inside a combat or an interrupt chain; set up the combat at the "
                       "start of its step (the engine asks the step's decisions) and play "
                       "to it", kind=kind, reason="decision_in_combat")
    if state["chain"] or (phase == "combat" and state["cb"]["shot"] is not None):
        _window(state, dec, field)
        return
    if phase == "combat":
        if dec is not None:
            raise _err("bad_decision", f"{field}.kind", "a combat step is run by the engine "
                       "from its beginning: give no decision (or a shot and its window)",
                       kind=dec.get("kind"), reason="combat_step_engine")
        return
    if dec is not None:
        kind = dec.get("kind")
        if kind == "prio":
            raise _err("bad_decision", f"{field}.kind", "a window (\"prio\") is open only "
                       "when something was declared: cards on the chain, or a shot", reason="window_needs_declared")
        want = {"mulligan": "mulligan", "main": "main"}.get(phase)
        if kind != want:
            raise _err("bad_decision", f"{field}.kind", f"in the {phase} phase the pending "
                       f"decision can only be {want!r}" if want else
                       f"the {phase} phase is run by the engine: give no decision",
                       kind=kind, reason="decision_only" if want else "engine_runs_phase", want=want)
        seat = _int(dec.get("seat", active), f"{field}.seat")
        if seat >= n:
            raise _err("bad_decision", f"{field}.seat", f"a seat number below {n}", reason="seat_below", below=n)
    else:
        seat = active
    if phase == "main":
        if dec is not None and seat != active:
            raise _err("bad_decision", f"{field}.seat", "the main-phase decision is the "
                       "active seat's (KG-9.3)", reason="main_decision_active")
        state["dec"] = {"kind": "main", "seat": active}
    elif phase == "start":
        # The position just before the active seat's turn begins: the engine runs the
        # start phase (income, the start window) as in a real game.
        state["turn"] -= 1
        state["p"][active]["turns"] -= 1
        state["todo"] = [["begin_turn", active]]
    else:                                   # mulligan: seats before ``seat`` have decided
        first = state["first"]
        k = (seat - first) % n
        for q in range(k):
            state["p"][(first + q) % n]["mull"] = True
        state["todo"] = [["begin_turn", first]]
        for j in range(n - 1, k, -1):
            state["todo"].append(["ask_mulligan", (first + j) % n])
        state["dec"] = {"kind": "mulligan", "seat": seat}


def _window(state: Game, dec: Any, field: str) -> None:
    """The pending window (decision ``prio``): whose priority it is, and how many seats
    have passed since the last declaration, as ``chain.open_window`` and the passes
    leave it."""
    ctx = _window_context(state)
    n = state["n"]
    if ctx is None:                               # (a chain outside a window: refused)
        raise _err("bad_scenario", "scenario.chain", "no window is open here", reason="chain_needs_window")
    if ctx == "main":
        state["todo"] = [["main", None]]          # the main decision after the chain
    declarer = (state["chain"][-1]["seat"] if state["chain"]
                else state["cb"]["shot"]["decl"])
    opener = next_alive(state, declarer)
    if state["opts"]["rules"] == "quick_start":
        raise _err("bad_scenario", "scenario.chain", "the quick start has no interrupts "
                   "(KG-16)", reason="quick_start_no_interrupts")
    if dec is None:
        # the engine's own window: priority from the seat after the last declarer, seats
        # that could not respond passed over (KG-12.3), as after a declaration in play
        open_window(state, ctx, declarer)
        return
    else:
        if dec.get("kind") != "prio":
            raise _err("bad_decision", f"{field}.kind", "with cards on the chain or a shot "
                       "declared, the pending decision is the window: \"prio\"",
                       kind=dec.get("kind"), reason="window_is_prio")
        seat = _int(dec.get("seat", opener), f"{field}.seat")
        if seat >= n:
            raise _err("bad_decision", f"{field}.seat", f"a seat number below {n}", reason="seat_below", below=n)
    passes = (seat - opener) % n                  # the seats before it passed
    if not may_respond(state, seat, ctx):
        raise _err("bad_decision", f"{field}.seat", "a seat that could not respond is never "
                   "asked in a window (no card in hand and no ability to use, KG-12.3; a "
                   "seat that passes automatically, nothing to add)", reason="never_asked")
    state["dec"] = {"kind": "prio", "ctx": ctx, "seat": seat, "passes": passes}


def options(config: dict[str, Any]) -> dict[str, Any]:
    """The config's options with the scenario's own ``options`` over them (a scenario
    says which rules it is written for)."""
    scn = config.get("scenario")
    if not isinstance(scn, dict):
        raise _err("bad_scenario", "scenario", "must be an object", reason="object")
    own = scn.get("options") or {}
    if not isinstance(own, dict):
        raise _err("bad_scenario", "scenario.options", "must be an object", reason="object")
    return {**(config.get("options") or {}), **own}


def card_ids(scn: dict[str, Any]) -> dict[str, int]:
    """Label -> card id, following the id order of :func:`build` (no card data needed)."""
    out: dict[str, int] = {}
    nxt = 0

    def one(e: Any) -> None:
        nonlocal nxt
        if isinstance(e, dict):
            if e.get("label"):
                out[e["label"]] = nxt
            nxt += int(e.get("count", 1))
            for a in e.get("attached") or []:
                one(a)
        else:
            nxt += 1
    chain = scn.get("chain") or []
    for s, seat in enumerate(scn["seats"]):
        for z in ZONES:
            for e in seat.get(z, []):
                one(e)
            if z == "colony":
                for e in chain:
                    if e.get("seat") == s:
                        one(e)
    return out


__all__ = ["FORMAT", "build", "card_ids", "options"]
