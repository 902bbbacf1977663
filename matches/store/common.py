"""What every part of the store shares: its error type, the seat and result records, and
small helpers (the ruleset of a match, compact JSON)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from matches.errors import MatchError
from matches.models import Match
from rulesets import registry
from rulesets.base import Ruleset, State

# Option keys the host consumes; everything else in ``options`` goes to the ruleset.
# the options belong to the host as well (no ruleset reads them): rated or not, the
# time control, and a challenge's marks (waiting for an opponent, a minimum rating).
HOST_OPTIONS = ("format", "time_limit_seconds", "rated", "time_control", "seek", "min_rating")


class StoreError(MatchError):
    """A refusal by the store: a code, a sentence, details, and no HTTP (the API edge maps
    the code to its status: ``web.api.domain_status``)."""


@dataclass
class SeatSpec:
    user: Any = None
    bot: str = ""
    deck: list[dict[str, Any]] | None = None
    deck_name: str = ""
    # A player invited to the seat, which stays open, kept for them (the API's seating
    # sets it; the store itself never reads it).
    invited: Any = None


@dataclass
class Result:
    """What an applied entry answers: ``status`` 200/201 and the seat's JSON."""

    body: dict[str, Any]
    status: int = 200
    repeated: bool = False
    match: Match | None = field(default=None, repr=False)
    # The state after the entry (not for a repeat): the submitter's own copy.
    state: State | None = field(default=None, repr=False)


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def ruleset_of(match: Match) -> Ruleset:
    try:
        return registry.get(match.ruleset)
    except (registry.UnknownRuleset, ImportError) as exc:
        raise StoreError("ruleset_unavailable",
                         f"ruleset {match.ruleset!r} is not available") from exc


def dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
