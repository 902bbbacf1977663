""""Your turn" e-mails: who is told, and how often (the sending is
``players.notifications.outbox``).

A person is told once per *game turn* in a game that has them (KGK: a turn is many
decisions, and the server passes at the windows nobody asked for, so a person may be
needed, then not, then again within one turn): whoever was told stays told until the
next game turn begins. In the other games a turn is a move: whoever was told and still
has to move stays told.
"""

from __future__ import annotations

from typing import Any

from matches.models import Match
from matches.store import ruleset_of, state_for_reading
from matches.store.stops import policy


def game_turn(match: Match) -> int | None:
    """The match's game turn now, for a game that counts them (None otherwise)."""
    stops = policy(match.ruleset)
    if stops is None or match.status != Match.ACTIVE:
        return None
    return int(stops.turn(state_for_reading(match, ruleset_of(match))))


def still_told(clock: Any, match: Match) -> tuple[list[int], int | None]:
    """The seats that stay told after ``match`` moved on, and the game turn they were
    told in: the same game turn keeps everyone told; without game turns, those still to
    move."""
    turn = game_turn(match)
    if turn is None:
        return [s for s in clock.notified_seats if s in match.to_act], None
    if turn != clock.notified_turn:
        return [], turn
    return list(clock.notified_seats), turn
