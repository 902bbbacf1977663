"""Sandbox matches: a KGK position set up from a scenario (``rulesets/kgk/SCENARIOS.md``).

``POST /api/v1/matches/`` with ``"scenario": {...}`` (or the name of a shipped one, such as
``"kg-14-2"``) starts the match from that position instead of a shuffled start. The match's
options say ``"sandbox": true``: a study position, never a tournament game. The scenario
itself rides in the options to the ruleset (the host passes only options) and is left out
of what the API shows, since it lists every hand.
"""

from __future__ import annotations

from typing import Any

from matches import store
from matches.errors import MatchError
from matches.services.seating import check_options, get_ruleset, invite, seat_specs
from rulesets.base import ConfigError, Ruleset
from rulesets.kgk import scenario_config

SCENARIO_RULESETS = ("kgk",)
HIDDEN_OPTIONS = ("scenario",)


def sandbox_options(rs: Ruleset, options: dict[str, Any], scenario: Any,
                    seats: list[dict[str, Any]]) -> dict[str, Any]:
    """``options`` for a sandbox match from ``scenario``, refused now (not at the first
    join) when the position is inconsistent."""
    if rs.name not in SCENARIO_RULESETS:
        raise MatchError("scenario_not_supported", f"{rs.title} has no scenarios",
                       {"ruleset": rs.name, "supported": list(SCENARIO_RULESETS)})
    try:
        if isinstance(scenario, str):
            scenario = scenario_config(scenario)["scenario"]
        for i, seat in enumerate(seats):
            if seat.get("deck") is not None:
                raise MatchError("deck_not_used", "a scenario sets every card: seats take no "
                               "deck", {"seat": i})
        game = {k: v for k, v in options.items() if k not in ("format", "time_limit_seconds")}
        state = rs.new_game({"players": len(seats), "options": {**game, "scenario": scenario}},
                            "probe")
    except ConfigError as exc:
        raise MatchError("bad_scenario", exc.message, {"code": exc.code, **exc.details}) \
            from exc
    del state
    return {**options, "sandbox": True, "scenario": scenario}


def shown_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (options or {}).items() if k not in HIDDEN_OPTIONS}


BOT_FOR_SANDBOX = "bot:heuristic"


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


def create_sandbox(user: Any, scenario: Any, seating: str = "both") -> Any:
    """Start a sandbox match for ``user`` from ``scenario`` (a document or a shipped name),
    as ``POST /api/v1/matches/`` would; the page's way in. Returns the match."""
    rs = get_ruleset("kgk")
    n = _seat_count(scenario)
    seats = sandbox_seats(seating, n)
    options = sandbox_options(rs, {}, scenario, seats)
    specs = seat_specs(rs, seats, options, user)
    # The position's own names for its seats ("Dani", "Laci"), where a match shows a
    # seat's deck: with one person in every seat they tell the sides apart.
    for spec, seat in zip(specs, options["scenario"].get("seats") or [], strict=False):
        name = seat.get("name") if isinstance(seat, dict) else None
        if isinstance(name, str) and name.strip():
            spec.deck_name = name.strip()[:120]
    check_options(rs, options, specs)
    match = store.create_match("kgk", options, specs, created_by=user)
    invite(match, specs, user)
    return match


def _seat_count(scenario: Any) -> int:
    """The number of seats the scenario has (2 when it does not say: the engine then
    refuses the document with its own words)."""
    if isinstance(scenario, str):
        try:
            scenario = scenario_config(scenario)["scenario"]
        except ConfigError as exc:
            raise MatchError("bad_scenario", exc.message, {"code": exc.code, **exc.details}) \
                from exc
    seats = scenario.get("seats") if isinstance(scenario, dict) else None
    return len(seats) if isinstance(seats, list) and 2 <= len(seats) <= 6 else 2
