"""Sandbox matches: a position set up from a scenario document, for any game that offers
scenarios through the ruleset protocol (``rulesets.base.Scenarios``; KGK's format is
``rulesets/kgk/SCENARIOS.md``).

``POST /api/v1/matches/`` with ``"scenario": {...}`` (or the name of a shipped one, such as
``"kg-14-2"``) starts the match from that position instead of a shuffled start. The match's
options say ``"sandbox": true``: a study position, never a tournament game. The scenario
itself rides in the options to the ruleset (the host passes only options) and is left out
of what the API shows, since it lists every hand. This module never reads a document: the
ruleset says what seats it sets up and refuses what it cannot set up.
"""

from __future__ import annotations

from typing import Any

from matches import store
from matches.errors import MatchError
from matches.services.seating import check_options, invite, seat_specs
from rulesets import registry
from rulesets.base import ConfigError, Ruleset, Scenarios

HIDDEN_OPTIONS = ("scenario",)
BOT_FOR_SANDBOX = "bot:heuristic"


def scenario_rulesets() -> list[Ruleset]:
    """The games whose positions can be set up from a document."""
    return [rs for rs in registry.available().values() if isinstance(rs, Scenarios)]


def _scenarios(rs: Ruleset) -> Scenarios:
    if not isinstance(rs, Scenarios):
        raise MatchError("scenario_not_supported", f"{rs.title} has no scenarios",
                         {"ruleset": rs.name,
                          "supported": [r.name for r in scenario_rulesets()]})
    return rs


def _bad_scenario(exc: ConfigError) -> MatchError:
    return MatchError("bad_scenario", exc.message, {"code": exc.code, **exc.details})


def scenario_document(rs: Ruleset, scenario: Any) -> Any:
    """The document: ``scenario`` itself, or the shipped one it names (``rs`` checked)."""
    game = _scenarios(rs)
    if not isinstance(scenario, str):
        return scenario
    try:
        return game.scenario_document(scenario)
    except ConfigError as exc:
        raise _bad_scenario(exc) from exc


def sandbox_options(rs: Ruleset, options: dict[str, Any], scenario: Any,
                    seats: list[dict[str, Any]]) -> dict[str, Any]:
    """``options`` for a sandbox match from ``scenario``, refused now (not at the first
    join) when the position is inconsistent."""
    scenario = scenario_document(rs, scenario)
    for i, seat in enumerate(seats):
        if seat.get("deck") is not None:
            raise MatchError("deck_not_used", "a scenario sets every card: seats take no "
                             "deck", {"seat": i})
    game = {k: v for k, v in options.items() if k not in ("format", "time_limit_seconds")}
    try:
        rs.new_game({"players": len(seats), "options": {**game, "scenario": scenario}},
                    "probe")
    except ConfigError as exc:
        raise _bad_scenario(exc) from exc
    return {**options, "sandbox": True, "scenario": scenario}


def shown_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (options or {}).items() if k not in HIDDEN_OPTIONS}


def sandbox_seats(seating: str, n: int) -> list[dict[str, Any]]:
    """Who sits where in a sandbox of ``n`` seats. ``"both"`` (the default): the person
    takes every seat and acts for whichever must act, as a judge stepping through a ruling
    does; ``"<k>"``: they play seat k and the heuristic bot plays the others."""
    if seating in ("", "both", "all"):
        return [{"player": "me"} for _ in range(n)]
    if not seating.isdigit() or int(seating) >= n:
        raise MatchError("bad_seating", f"seating: 'both' or a seat number below {n}",
                         {"seats": n})
    k = int(seating)
    return [{"player": "me" if i == k else BOT_FOR_SANDBOX} for i in range(n)]


def create_sandbox(user: Any, rs: Ruleset, scenario: Any, seating: str = "both") -> Any:
    """Start a sandbox match of ``rs`` for ``user`` from ``scenario`` (a document or a
    shipped name), as ``POST /api/v1/matches/`` would; the page's way in. Returns the
    match."""
    game = _scenarios(rs)
    document = scenario_document(rs, scenario)
    # The position's own names for its seats ("Dani", "Laci"), where a match shows a
    # seat's deck: with one person in every seat they tell the sides apart. (A document
    # that does not say how many seats gets two: the engine then refuses it in its words.)
    names = game.scenario_seats(document)
    seats = sandbox_seats(seating, len(names) or 2)
    options = sandbox_options(rs, {}, document, seats)
    specs = seat_specs(rs, seats, options, user)
    for spec, name in zip(specs, names, strict=False):
        if name:
            spec.deck_name = name
    check_options(rs, options, specs)
    match = store.create_match(rs.name, options, specs, created_by=user)
    invite(match, specs, user)
    return match
