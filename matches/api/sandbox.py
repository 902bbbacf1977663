"""Sandbox matches: a KGK position set up from a scenario (``rulesets/kgk/SCENARIOS.md``).

``POST /api/v1/matches/`` with ``"scenario": {...}`` (or the name of a shipped one, such as
``"kg-14-2"``) starts the match from that position instead of a shuffled start. The match's
options say ``"sandbox": true``: a study position, never a tournament game. The scenario
itself rides in the options to the ruleset (the host passes only options) and is left out
of what the API shows, since it lists every hand.
"""

from __future__ import annotations

from typing import Any

from kaosz.api.errors import ApiError
from rulesets.base import ConfigError, Ruleset

SCENARIO_RULESETS = ("kgk",)
HIDDEN_OPTIONS = ("scenario",)


def sandbox_options(rs: Ruleset, options: dict[str, Any], scenario: Any,
                    seats: list[dict[str, Any]]) -> dict[str, Any]:
    """``options`` for a sandbox match from ``scenario``, refused now (not at the first
    join) when the position is inconsistent."""
    if rs.name not in SCENARIO_RULESETS:
        raise ApiError("scenario_not_supported", f"{rs.title} has no scenarios", 400,
                       {"ruleset": rs.name, "supported": list(SCENARIO_RULESETS)})
    from rulesets.kgk import scenario_config

    try:
        if isinstance(scenario, str):
            scenario = scenario_config(scenario)["scenario"]
        for i, seat in enumerate(seats):
            if seat.get("deck") is not None:
                raise ApiError("deck_not_used", "a scenario sets every card: seats take no "
                               "deck", 400, {"seat": i})
        game = {k: v for k, v in options.items() if k not in ("format", "time_limit_seconds")}
        state = rs.new_game({"players": len(seats), "options": {**game, "scenario": scenario}},
                            "probe")
    except ConfigError as exc:
        raise ApiError("bad_scenario", exc.message, 400, {"code": exc.code, **exc.details}) \
            from exc
    del state
    return {**options, "sandbox": True, "scenario": scenario}


def shown_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (options or {}).items() if k not in HIDDEN_OPTIONS}
