"""Online mode, the creating half: each table of a started round, and each game of a final
series, becomes a match on the server.

With ``online`` (the outcomes flowing back) this is the only part of the tournaments app
that calls the matches store (``create_match``; it holds the seats' decks as the validator
resolved them). The match row points back at its table through ``Pairing.match``
(``match.tournament_pairing``) and carries the organiser (``Match.organiser``), who may
therefore adjudicate it when the hour runs out (KG-13.4.3).
"""

from __future__ import annotations

from typing import Any

from decks.services import DeckError, resolve_deck
from matches import store
from matches.live import account
from matches.store import SeatSpec
from matches.tournaments.models import Entry, FinalMatch, Round, Tournament
from matches.tournaments.services.common import TournamentError, online_ruleset
from matches.tournaments.services.reading import bracket


def _seat(entry: Entry, fmt: str) -> Any:
    if entry.user is None or not entry.deck:
        raise TournamentError("online_entry_incomplete", f"{entry.name} has no account or no "
                              "deck for an online match", {"entry": entry.pk})
    try:  # the locked list, resolved to card records by the one validator
        deck = resolve_deck({"cards": [{"card": s, "count": n} for s, n in entry.deck.items()]},
                            entry.user, fmt)
    except DeckError as exc:
        raise TournamentError(exc.code, exc.message, exc.details) from exc
    if not deck.validation.get("valid"):
        raise TournamentError("deck_invalid", f"{entry.name}'s deck is not legal",
                              {"entry": entry.pk, "validation": deck.validation})
    return SeatSpec(user=entry.user, deck=deck.records, deck_name=entry.deck_name or entry.name)


def _create(t: Tournament, a: Entry, b: Entry) -> Any:
    return store.create_match(
        # The round timer is the match's clock: the organiser's timer and the server agree.
        online_ruleset(t), {"format": t.format, "time_limit_seconds": t.round_minutes * 60},
        [_seat(a, t.format), _seat(b, t.format)], created_by=t.organiser, organiser=t.organiser)


def create_round_matches(t: Tournament, rnd: Round) -> list[int]:
    """One KGK match per table (seat 0 = ``a``, seat 1 = ``b``); runs inside the caller's
    transaction, so a failure creates no match at all."""
    ids = []
    for p in rnd.pairings.select_related("a__user", "b__user"):
        if p.match_id is not None:
            continue
        match = _create(t, p.a, p.b)
        p.match = match
        p.save(update_fields=["match"])
        account.round_paired([p.a.user_id, p.b.user_id], {
            "tournament": t.pk, "name": t.name, "round": rnd.number, "table": p.table,
            "match": match.pk})
        ids.append(match.pk)
    return ids


def create_final_matches(t: Tournament) -> list[int]:
    """The next game of every open final series, each a match (KG-13.4.2: best of three,
    game by game). Runs inside the caller's locked transaction."""
    b = bracket(t)
    if b is None or t.status != Tournament.FINAL:
        return []
    ids = []
    entries = {e.pk: e for e in t.entries.select_related("user")}
    for s in b.open_series():
        if FinalMatch.objects.filter(tournament=t, series=s.name, done=False).exists():
            continue
        match = _create(t, entries[s.a], entries[s.b])
        FinalMatch.objects.create(tournament=t, series=s.name, a_id=s.a, b_id=s.b, match=match)
        ids.append(match.pk)
    return ids
