"""What a seat (or a spectator) sees of a match since an event number, and when a wait
for more is over: no request, no waiting, no HTTP.

``Progress`` is the cheap summary of a match the waits work with (one row, or a
notification's payload); :class:`Wait` says what a waiting client waits for;
:func:`events_answer` is the answer's one shape; :func:`events_since` reads it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from matches import store
from matches.models import Match, MatchAction
from web.api.timestamps import utc_text

# (event_count, version, status, to_act)
Progress = store.Progress

EVENTS_PAGE = 200  # log entries per answer (a long match comes in pages: "more")


@dataclass(frozen=True)
class Wait:
    """A long-poll's question: has match ``match_id`` moved past ``seen`` in a way that
    concerns this client (any new event after ``after``, or, ``until="turn"``, its
    ``seat``'s turn), before ``deadline`` (``time.monotonic()``)?"""

    match_id: int
    seen: Progress
    after: int
    deadline: float
    until: str = "event"
    seat: int | None = None

    def over(self, now: Progress | None) -> bool:
        """Whether the match as it now is (None: deleted) ends the wait."""
        if now is None:
            return True
        count, version, status, to_act = now
        # A change of status ends every wait: a friend taking the last open seat starts
        # the match without an event or a new version, and the creator's page must see it
        # at once (it slept to the deadline while its clock ran).
        if status == Match.FINISHED or status != self.seen[2]:
            return True
        if self.until == "turn":
            return self.seat in to_act
        return count > self.after or version != self.seen[1]


def progress_of(match: Match) -> Progress:
    return match.event_count, match.version, match.status, list(match.to_act)


def events_answer(ruleset: str, now: Progress, after: int,
                  events: Sequence[dict[str, Any]] = (), last: int | None = None,
                  more: bool = False) -> dict[str, Any]:
    """The events answer: the match's game (``ruleset``, which picks the events' shape),
    ``events`` (numbered above ``after``, up to ``last``), whether
    another page follows (``more``), and the match's ``version``, ``status`` and
    ``to_act`` as ``now`` says. With no page, ``last`` is ``now``'s event count (every
    event it counts has been sent); so the answer for "nothing new" (``now``'s count not
    above ``after``) needs no read of the log."""
    count, version, status, to_act = now
    last = after if last is None else last
    if not more:
        last = max(last, count)
    return {"ruleset": ruleset, "events": list(events), "last": last, "more": more,
            "version": version, "status": status, "to_act": list(to_act)}


def events_since(match: Match, seat: int | None, since: int,
                 now: Progress | None = None) -> dict[str, Any] | None:
    """The events numbered above ``since`` that ``seat`` may see (None: a spectator's
    public view), as the events answer: ``events``, ``last``, ``more`` (another page
    follows), and the match's ``version``, ``status``, ``to_act`` and its ``clocks``
    after them (:func:`clocks_now`). ``now`` is the match's
    progress when the caller has just read it; else it is read here. None when the match
    is gone.

    The progress is read before the log: ``last`` may then claim every event it counts,
    all of which the log read after it holds."""
    clocks = None
    if now is None:  # (one statement: the clocks are of the version the answer names)
        read = store.progress_and_clocks(match.pk)
        if read is None:
            return None
        now, clocks = read
    rs = store.ruleset_of(match)
    # Not ``match.log``: a related manager gives each entry its match by reading the
    # entry's ``match_id``, which ``only()`` defers, so every entry cost one more query.
    log = MatchAction.objects.filter(match_id=match.pk).only("first_event", "events")
    entries = list(log.filter(first_event__gt=since).order_by("seq")[:EVENTS_PAGE])
    prev = log.filter(first_event__lte=since).order_by("-seq").first()
    if prev is not None and prev.last_event > since:
        entries.insert(0, prev)
    out: list[dict[str, Any]] = []
    last = since
    for entry in entries:
        numbered = store.seat_events(rs, entry.events, entry.first_event, seat)
        out.extend(e for e in numbered if e["n"] > since)
        last = max(last, entry.last_event)
    body = events_answer(match.ruleset, now, since, out, last,
                         more=len(entries) >= EVENTS_PAGE)
    shown = as_json(clocks) if clocks is not None else clocks_now(match.pk)
    if shown is not None:
        body["clocks"] = shown
    return body


def clocks_now(match_id: int) -> dict[str, Any] | None:
    """The match's clocks as they stand now (``store.progress_and_clocks``), read
    afresh. None when the match is gone."""
    read = store.progress_and_clocks(match_id)
    return None if read is None else as_json(read[1])


def as_json(clocks: dict[str, Any]) -> dict[str, Any]:
    """``clocks`` as an answer writes them: the turn's deadline as ISO-8601 UTC text (the
    streams write their JSON themselves)."""
    turn = clocks["turn"]
    if turn is not None:
        clocks["turn"] = {**turn, "deadline": utc_text(turn["deadline"])}
    return clocks


def unchanged(seen: Progress, now: Progress | None) -> bool:
    """Whether ``now`` is still ``seen`` (None, a deleted match, is a change)."""
    return now is not None and (now[0], now[1], now[2], list(now[3])) == \
        (seen[0], seen[1], seen[2], list(seen[3]))
