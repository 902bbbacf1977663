"""Card records -> compact engine definitions, and the playability check.

The engine never reads Django or the fixture files during a match: a match
config carries the full card records (``fixtures/cards/SCHEMA.md``), and
:func:`compile_def` turns each distinct record into the small definition the
engine works with. :func:`playability` says why a record cannot be played by
this engine (the deck validator refuses such cards at deck-check time).
"""

from __future__ import annotations

from typing import Any

from rulesets.kgk.effects import check_spec
from rulesets.kgk.game_state import CardDef

# The game's terms are defined once, in ``vocabulary`` (re-exported here for the engine).
from rulesets.kgk.vocabulary import ABILITIES as ABILITIES
from rulesets.kgk.vocabulary import OPPOSED as OPPOSED
from rulesets.kgk.vocabulary import RACES as RACES
from rulesets.kgk.vocabulary import SHIP_SIZE as SHIP_SIZE
from rulesets.kgk.vocabulary import STATS as STATS
from rulesets.kgk.vocabulary import SUBTYPES as SUBTYPES
from rulesets.kgk.vocabulary import TYPES as TYPES

# A card record's ``effect``: a spec (``effects.py``), ``None`` for "no behaviour beyond its
# values and abilities", or this marker for "the printed text implies behaviour that is not
# encoded yet" — such a card is never played with a guess (``playability``).
EFFECT_UNKNOWN = "unknown"


def dev_limit_of(rec: dict[str, Any]) -> int | str | None:
    """A base's development limit: a number, ``"?"`` (a trap's secret limit, KG-4.5.6) or
    unknown. The catalogue stores it as text (it may be ``"?"``), so ``"4"`` is read as 4:
    compared as text, a base could never reach its limit and be paid."""
    dl = rec.get("dev_limit")
    if isinstance(dl, str) and dl.strip().isdigit():
        return int(dl)
    return dl


def _spec(rec: dict[str, Any]) -> dict[str, Any]:
    eff = rec.get("effect")
    return eff if isinstance(eff, dict) else {}


def compile_def(rec: dict[str, Any]) -> CardDef:
    """The engine's definition of one card record: its stored form (JSON, small) and the
    fields the rules read (``game_state.CardDef``)."""
    typ = rec.get("type")
    sub = rec.get("subtype")
    eff = _spec(rec)
    d: dict[str, Any] = {
        "slug": rec.get("slug"),
        "name": rec.get("name_hu") or rec.get("slug"),
        "type": typ,
        "sub": sub,
        "cost": rec.get("cost"),
        "cost_rule": rec.get("cost_rule"),
        "race": rec.get("race"),
    }
    for s in STATS:
        d[s] = rec.get(s)
    if typ == "ship":
        size = SHIP_SIZE.get(sub or "", 0)
        d["cap"] = size                       # capacity stays the subtype size (KG-17.16)
        d["space"] = rec.get("size") or size  # hangar space (Mamut I.: 6, KG-4.2.9)
    raw = rec.get("modifiers") or {}
    mods = {k: v for k, v in raw.items() if k in STATS and isinstance(v, int)}
    for k, v in (eff.get("modifiers") or {}).items():
        mods[k] = mods.get(k, 0) + v
    d["mods"] = mods
    if isinstance(raw.get("choice"), list) and "choose_at_end_of_payment" not in eff \
            and raw.get("choose_at", "end_of_payment") == "end_of_payment":
        # fixture form of a Tüzér-style choice: {"choice": [...], "choose_at": ...}
        eff = dict(eff, choose_at_end_of_payment=list(raw["choice"]))
    d["dev"] = dev_limit_of(rec)
    d["abil"] = list(rec.get("abilities") or [])
    d["eff"] = eff
    d["actv"] = bool(eff.get("activated"))
    return CardDef(d)


# KG-13.2.4: words that make a card's text refer to speed or return fire.
SPEED_WORDS = ("sebesség", "visszalő", "visszalöv", "vv+", "vv-", "vv–")
NOT_IN_SIMPLIFIED_COMBAT = ("refers to speed or return fire, which the simplified combat "
                            "system does not have (KG-13.2.4)")


def refers_to_speed_or_return_fire(card: dict[str, Any]) -> bool:
    """KG-13.2.4: with the simplified combat system "Azokat a lapokat, amik a sebességre
    vagy a visszalövésre hivatkoznak, ... nem rakhatjátok be a paklitokba". A card refers
    to them when it changes speed (a ``speed`` modifier, an effect on the speed value)
    or its text names speed or return fire (a ship's printed speed is only a value)."""
    mods = card.get("modifiers") or {}
    if mods.get("speed"):
        return True
    effect = card.get("effect")
    if isinstance(effect, dict):
        for op in effect.get("ops") or []:
            if isinstance(op, dict) and op.get("stat") == "speed":
                return True
    text = (card.get("text_hu") or "").lower()
    return any(w in text for w in SPEED_WORDS)


def playability(card: dict[str, Any], rules: str = "official",
                simplified_combat: bool = False) -> list[str]:
    """Reasons this engine cannot play ``card`` (a fixture record) under ``rules`` and,
    with ``simplified_combat``, the simplified combat system (KG-13.2.4); ``[]`` =
    playable."""
    out = value_problems(card, rules)
    if simplified_combat and refers_to_speed_or_return_fire(card) and (
            rules != "quick_start" or card.get("type") == "ship"):
        out.append(NOT_IN_SIMPLIFIED_COMBAT)
    return out


def value_problems(card: dict[str, Any], rules: str = "official") -> list[str]:
    """Reasons this engine cannot play ``card`` (a fixture record); ``[]`` = playable.

    Unknown values stay unknown (SCHEMA.md): a card whose rules depend on a value
    nobody has seen cannot be played, rather than being played with a guess.
    ``rules="quick_start"`` checks only what the quick-start rules use (ships'
    cost and combat values, KG-16.1.4); other cards are accepted as dead cards.
    """
    typ = card.get("type")
    if typ not in TYPES:
        return ["unknown type"]
    if rules == "quick_start":
        if typ != "ship":
            # KG-16.1.4: only ships are used; other cards may sit in the deck as dead
            # cards (discarded to the hand limit), which the engine accepts.
            return []
        out = [] if card.get("cost") is not None else ["unknown cost"]
        return list(dict.fromkeys(out + _ship_value_problems(card, False)))  # each once
    out = _printed_problems(card, typ)
    eff = _spec(card)
    out += _modifier_problems(card)
    if typ in ("event", "interrupt") and not eff:
        out.append("unknown effect")
    if typ == "base":
        out += _base_problems(card, eff)
    if typ == "armament" and card.get("subtype") == "rocket" and not (
            (eff and (eff.get("ops") or eff.get("modifiers") or eff.get("grants")))
            or card.get("modifiers")):
        out.append("unknown effect")
    if eff:
        out.extend(check_spec(eff))
    return out


def _printed_problems(card: dict[str, Any], typ: str) -> list[str]:
    """The printed values a card of type ``typ`` needs: subtype, cost, a ship's combat
    values and abilities, an effect that is known."""
    out: list[str] = []
    sub = card.get("subtype")
    if sub is None:
        out.append({"ship": "unknown subtype (size and capacity, KG-4.2.1)",
                    "interrupt": "unknown subtype (timing window, KG-4.7.5)",
                    }.get(typ, "unknown subtype (subtype rules, KG-4.1)"))
    elif sub not in SUBTYPES[typ]:
        out.append(f"subtype {sub!r} is not a {typ} subtype")
    if card.get("cost") is None and card.get("cost_rule") != "neutralised_cost":
        out.append("unknown cost")
    if typ == "ship":
        out += _ship_value_problems(card, True)
    if card.get("effect") == EFFECT_UNKNOWN:
        out.append("unknown effect")
    return out


def _ship_value_problems(card: dict[str, Any], abilities: bool) -> list[str]:
    """A ship's combat values (KG-16.1.4: all the quick start reads) and, with
    ``abilities``, its abilities."""
    out = [f"unknown {s}" for s in STATS if card.get(s) is None]
    if abilities:
        out += [f"unknown ability {a!r}" for a in card.get("abilities") or []
                if a not in ABILITIES]
    return out


def _modifier_problems(card: dict[str, Any]) -> list[str]:
    out = []
    for k, v in (card.get("modifiers") or {}).items():
        if k in STATS:
            if not isinstance(v, int):
                out.append(f"unknown {k} modifier")
        elif k not in ("choice", "choose_at"):
            out.append(f"unknown modifier {k!r}")
    return out


def _base_problems(card: dict[str, Any], eff: Any) -> list[str]:
    """A base's development limit (KG-4.5.6), armor, and a research or trap's effect."""
    out = []
    sub = card.get("subtype")
    dl = dev_limit_of(card)
    if dl is None:
        out.append("unknown development limit")
    elif dl == "?" and sub != "trap":
        out.append("'?' development limit on a non-trap base (KG-4.5.6)")
    if sub not in ("research", "trap") and card.get("armor") is None:
        out.append("unknown armor")
    if sub in ("research", "trap") and not (eff and eff.get("ops")):
        out.append("unknown effect")
    return out
