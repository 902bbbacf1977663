"""A match's life outside play: creating it, seats joining, starting it from its seats'
decks and options, and finishing it."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

from matches.models import Match, Seat
from matches.store.cache import dumps_state, split_statics
from matches.store.clocks import now_ms, tick_clocks
from matches.store.common import HOST_OPTIONS, SeatSpec, StoreError, dump, ruleset_of, seed_hash
from matches.store.rows import lock_match, with_retry
from matches.store.signals import send_changed, send_writing
from rulesets import registry
from rulesets.base import ConfigError, Ruleset


def create_match(ruleset_name: str, options: dict[str, Any], seats: list[SeatSpec],
                 created_by: Any = None, organiser: Any = None) -> Match:
    try:
        rs = registry.get(ruleset_name)
    except (registry.UnknownRuleset, ImportError) as exc:
        raise StoreError("unknown_ruleset", f"unknown ruleset {ruleset_name!r}",
                         {"allowed": sorted(registry.available())}) from exc
    if not rs.min_players <= len(seats) <= rs.max_players:
        raise StoreError("bad_players", f"{rs.title} is for {rs.min_players}-{rs.max_players} "
                         "players", {"min": rs.min_players, "max": rs.max_players})
    limit = options.get("time_limit_seconds")
    seed = secrets.token_hex(16)

    def run() -> Match:
        with transaction.atomic():
            match = Match.objects.create(
                ruleset=ruleset_name, options=options, seed=seed, seed_hash=seed_hash(seed),
                time_limit_seconds=limit, created_by=created_by, organiser=organiser)
            Seat.objects.bulk_create([
                Seat(match=match, index=i, user=s.user, bot=s.bot, deck=s.deck,
                     deck_name=s.deck_name) for i, s in enumerate(seats)])
            if all(s.user is not None or s.bot for s in seats):
                start(match, rs)
            return match

    match = with_retry(run)
    send_changed(match, None, "created")
    return match


def join(match_id: int, user: Any, deck: list[dict[str, Any]] | None = None,
         deck_name: str = "", seat_index: int | None = None) -> Match:
    """Seat ``user`` in the first open seat, or in ``seat_index`` when given (a seat kept
    for an invited player: ``matches.services.seating.seat_to_join``). Who may join is
    asked before, by ``matches.services.joining``; the lock makes two joins of the last
    seat at once seat one."""
    def run() -> Match:
        with transaction.atomic():
            match = lock_match(match_id)
            if match.status != Match.OPEN:
                raise StoreError("not_open", "this match has no open seat")
            seats = list(match.seats.all())
            free = [s for s in seats if s.is_open]
            chosen = [s for s in free if seat_index is None or s.index == seat_index]
            if not chosen:
                raise StoreError("not_open", "this match has no open seat")
            seat = chosen[0]
            seat.user, seat.deck, seat.deck_name = user, deck, deck_name
            seat.save(update_fields=["user", "deck", "deck_name"])
            if len(free) == 1:
                start(match, ruleset_of(match))
            return match

    match = with_retry(run)
    send_changed(match, None, "joined")
    return match


def with_options(config: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Game options go where the ruleset's example config keeps them: its ``options``
    object when it has one, else its top level (the ruleset rejects unknown keys)."""
    game = {k: v for k, v in options.items() if k not in HOST_OPTIONS}
    if not game:
        return config
    if isinstance(config.get("options"), dict):
        return {**config, "options": {**config["options"], **game}}
    # The seats decide the players and their decks, never an option.
    return {**config, **{k: v for k, v in game.items() if k not in ("players", "decks")}}


def build_config(rs: Ruleset, options: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """The ruleset's example config for this many seats, with the seats' decks and options."""
    n = len(seats)
    config = with_options(rs.example_config(n), options)
    if getattr(rs, "takes_automatic_seats", False):
        config["automatic_seats"] = [s.index for s in seats if s.bot]
    if rs.uses_decks:
        decks = list(config.get("decks") or [])
        for s in seats:
            if s.deck:
                decks[s.index] = s.deck
        config["decks"] = decks
    return config


def start(match: Match, rs: Ruleset) -> None:
    seats = list(match.seats.order_by("index"))
    config = build_config(rs, match.options or {}, seats)
    try:
        state = rs.new_game(config, match.seed)
    except ConfigError as exc:
        raise StoreError("bad_config", exc.message, {"code": exc.code, **exc.details}) from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise StoreError("bad_config", f"the game cannot start from these options: {exc}") from exc
    to_act = list(rs.to_act(state))
    at = now_ms()
    match.config = config
    statics = split_statics(rs, state)
    match.statics = dump(statics) if statics else ""
    match.snapshot = dumps_state(rs, state, statics)
    match.to_act = to_act
    match.status = Match.ACTIVE
    match.started = timezone.now()
    match.clocks = tick_clocks({}, [], to_act, len(seats), at)
    outcome = rs.outcome(state)
    if outcome is not None:
        finish(match, outcome.as_dict())
    # Decks now live in ``config``; the seat copies are no longer needed.
    Seat.objects.filter(match=match).update(deck=None)
    match.save()
    send_writing(match)


def finish(match: Match, outcome: dict[str, Any]) -> None:
    match.status = Match.FINISHED
    match.outcome = outcome
    match.finished = timezone.now()
    match.to_act = []

