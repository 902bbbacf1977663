"""Positions for the rule tests of sections 1-6, written in the scenario format
(``rulesets/kgk/SCENARIOS.md``) and driven through the ruleset protocol only: two seats
(Dani and Laci), the moves and reads every test makes, a combat step by step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk import shipped_cards
from rulesets.kgk.game_state import Game
from rulesets.kgk.scenario import card_ids

DANI, LACI = 0, 1


FILL = "practice-kikepzo-kolibri"   # a plain 2-credit scout 5-1-1-1 (colony padding)


ROT = {"active": 0, "used": 1, "damaged": 2}


def seat(credits: int = 20, colony: int = 8, **zones: Any) -> dict[str, Any]:
    """One seat of a scenario: ``colony`` filler cards plus the given zones."""
    out: dict[str, Any] = {"credits": credits,
                           "colony": [{"card": FILL, "count": colony}] if colony else []}
    out.update(zones)
    return out


def position(*seats: dict[str, Any], active: int = DANI, turn: int = 6, phase: str = "main",
             **options: Any) -> tuple[Game, dict[str, int]]:
    """A game from a scenario document (bluffing off unless asked) and its label -> id map."""
    doc = {"format": "kgk-scenario/1", "turn": turn, "first": 0, "active": active,
           "phase": phase, "options": {"bluffing": False, **options}, "seats": list(seats)}
    state = R.new_game({"scenario": doc, "cards": shipped_cards()}, "rules-a")
    return state, card_ids(doc)


def do(state: Game, who: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply an action; fail with the legal list when it is refused."""
    try:
        _, events = R.apply(state, who, action)
    except IllegalAction as e:
        raise AssertionError(f"{action} refused ({e.code}); legal: "
                             f"{R.legal_actions(state, who)}") from e
    return events


def step(state: Game, who: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply an action, then pass every interrupt window it opens (set-up moves)."""
    events = do(state, who, action)
    while (d := deciding(state)) and d[0] == "prio":
        do(state, d[1], {"type": "pass"})
    return events


def legal(state: Game, who: int) -> list[dict[str, Any]]:
    return R.legal_actions(state, who)


def deciding(state: Game) -> tuple[str, int] | None:
    """(decision kind, seat) as the protocol shows it."""
    d = R.view(state, R.to_act(state)[0])["decision"] if R.to_act(state) else None
    return (d["kind"], d["seat"]) if d else None


def me(state: Game, who: int, of: int | None = None) -> dict[str, Any]:
    """Seat ``of``'s public area as seat ``who`` sees it (``of`` defaults to ``who``)."""
    return R.view(state, who)["players"][who if of is None else of]


def ship(state: Game, who: int, cid: int, of: int | None = None) -> dict[str, Any]:
    for v in me(state, who, of)["hangar"]:
        if v["id"] == cid:
            return v
    raise AssertionError(f"ship {cid} not in the hangar")


def ids(cards: list[dict[str, Any]]) -> list[int]:
    return [c["id"] for c in cards]


def pass_until(state: Game, kind: str) -> None:
    """Answer every interrupt window with ``pass`` until a ``kind`` decision comes."""
    while (d := deciding(state)) and d[0] != kind:
        assert d[0] == "prio", d
        do(state, d[1], {"type": "pass"})


def attack(state: Game, att: int, target: dict[str, Any], ships: list[int],
           defenders: Sequence[int] = (), boards: Sequence[tuple[int, int]] = ()) -> None:
    """Declare an attack and run the equip step: ``ships`` join for the attacker,
    ``boards`` (crew, ship) board the attacker's ships, ``defenders`` join for the other
    side. Stops at the first decision after the equip step."""
    step(state, att, {"type": "attack", **target})
    for s in ships:
        step(state, att, {"type": "commit", "ship": s})
    for crew, s in boards:
        step(state, att, {"type": "board", "crew": crew, "ship": s})
    step(state, att, {"type": "done"})
    d = deciding(state)
    if d and d[0] == "equip" and d[1] != att:
        for s in defenders:
            step(state, d[1], {"type": "commit", "ship": s})
        step(state, d[1], {"type": "done"})


QUIET = ("pass", "done", "no_return", "bombard")


def to_decision(state: Game, kind: str) -> None:
    """Decline everything (pass, done, no return fire) until a ``kind`` decision comes."""
    while (d := deciding(state)) and d[0] != kind:
        acts = legal(state, d[1])
        do(state, d[1], next(a for a in acts if a["type"] in QUIET))


def bombard(state: Game, who: int, ships: list[int]) -> list[dict[str, Any]]:
    """In the bombardment step: designate ``ships`` as bombers and bombard."""
    to_decision(state, "bomb")
    for s in ships:
        do(state, who, {"type": "bomber", "ship": s})
    return do(state, who, {"type": "bombard"})


def finish_combat(state: Game) -> None:
    """Decline every decision (no bombers either) until the main phase comes back."""
    to_decision(state, "main")


def end_turn(state, who):
    do(state, who, {"type": "end_turn"})
    while (d := deciding(state)) and d[0] == "prio":
        do(state, d[1], {"type": "pass"})
