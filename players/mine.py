""""My matches": every unfinished match a person sits in or is invited to, the
ones where it is their turn first, then by the nearest deadline."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from kaosz.models import SeatInvitation
from matches.models import BIG_COLUMNS, Match
from players.models import TurnClock
from players.turns.timecontrol import choice_of
from web.api.timestamps import utc_text

LIMIT = 200


def _rows(user: Any) -> list[tuple[Match, list[int], bool]]:
    invited = SeatInvitation.objects.filter(user=user, status=SeatInvitation.PENDING) \
        .values_list("match_id", flat=True)
    matches = Match.objects.filter(Q(seats__user=user) | Q(pk__in=invited)) \
        .exclude(status=Match.FINISHED).defer(*BIG_COLUMNS) \
        .prefetch_related("seats__user").distinct().order_by("-pk")[:LIMIT]
    out = []
    for m in matches:
        mine = [s.index for s in m.seats.all() if s.user_id == user.pk]
        turn = m.status == Match.ACTIVE and any(s in (m.to_act or []) for s in mine)
        out.append((m, mine, turn))
    return out


def your_turn_count(user: Any) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return sum(1 for _, _, turn in _rows(user) if turn)


def my_matches(user: Any) -> list[dict[str, Any]]:
    rows = _rows(user)
    clocks = {c.match_id: c for c in TurnClock.objects.filter(match_id__in=[m.pk for m, _, _ in rows])}
    keyed: list[tuple[tuple[bool, bool, float, int], dict[str, Any]]] = []
    for m, mine, turn in rows:
        clock = clocks.get(m.pk)
        deadline = clock.deadline if clock is not None and not clock.done else None
        expires = clock.expires if clock is not None and not clock.done else None
        key = (not turn, deadline is None, deadline.timestamp() if deadline else 0.0, -m.pk)
        keyed.append((key, {
            "id": m.pk, "ruleset": m.ruleset, "status": m.status, "your_turn": turn,
            "your_seats": mine, "invited": not mine,
            "time_control": choice_of(m.options), "rated": bool((m.options or {}).get("rated")),
            "deadline": utc_text(deadline),
            "expires": utc_text(expires),
            "players": [s.label() for s in m.seats.all()]}))
    keyed.sort(key=lambda pair: pair[0])
    return [row for _, row in keyed]
