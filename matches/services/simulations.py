"""Starting a bot-vs-bot simulation: limits, decks resolved, the config probed, then the
chunks created and dispatched (``matches.simulation`` runs them). The API and the
simulations page both call :func:`start_simulation`."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings

from matches import simulation as sims
from matches import store
from matches.errors import MatchError
from matches.models import Simulation
from matches.services.seating import get_ruleset, resolve_deck


def check_simulation_limits(user: Any, games: int) -> None:
    """Per-user limits (settings ``KAOSZ_SIM_MAX_GAMES``, ``KAOSZ_SIM_MAX_RUNNING``):
    simulations run on their own queue and workers, and these keep one user's flood from
    filling it for everyone else."""
    most = settings.KAOSZ_SIM_MAX_GAMES
    if games > most and not user.is_staff:
        raise MatchError("too_many_games", f"at most {most} games per simulation",
                         {"max_games": most, "games": games})
    running = sims.running_count(user)
    if running >= settings.KAOSZ_SIM_MAX_RUNNING and not user.is_staff:
        raise MatchError("too_many_simulations", f"at most {settings.KAOSZ_SIM_MAX_RUNNING} "
                         "of your simulations may run at once; wait for one to finish or "
                         "cancel one",
                         {"running": running, "max_running": settings.KAOSZ_SIM_MAX_RUNNING})


def start_simulation(data: dict[str, Any], user: Any) -> Simulation:
    """Shared by the API and the page: validate, resolve decks, create and dispatch."""
    if getattr(user, "is_authenticated", False):  # (the command line has no limits)
        check_simulation_limits(user, data["games"])
    rs = get_ruleset(data["ruleset"])
    players = data.get("players") or rs.min_players
    if not rs.min_players <= players <= rs.max_players:
        raise MatchError("bad_players", f"{rs.title} is for {rs.min_players}-{rs.max_players} "
                         "players", {"min": rs.min_players, "max": rs.max_players})
    options = dict(data.get("options") or {})
    config = store.with_options(rs.example_config(players), options)
    bots = list(data.get("bots") or ["random"] * players)
    if len(bots) != players:
        raise MatchError("invalid", f"bots: one bot kind per seat ({players})")
    labels = sims.entrant_labels(rs, players, bots)
    decks = data.get("decks") or []
    if decks and not rs.uses_decks:
        raise MatchError("deck_not_used", f"{rs.title} is played without decks")
    if len(decks) > players:
        raise MatchError("invalid", f"decks: at most {players}")
    if rs.uses_decks:
        for i in range(players):  # a seat without a deck plays the example deck
            spec = decks[i] if i < len(decks) else None
            records, name = resolve_deck(rs, spec, user, options, i)
            if records is not None:
                config["decks"][i] = records
                labels[i] = name or f"deck {i}"
    try:  # refuse a config the game cannot start from now, not in a worker later
        rs.new_game(config, "probe")
    except (ValueError, KeyError, TypeError) as exc:
        raise MatchError("bad_config", f"the game cannot start from these options: {exc}") from exc
    return sims.create(rs.name, config, players, data["games"],
                       data.get("seed") or secrets.token_hex(8), bots, labels,
                       chunk_size=data.get("chunk_size") or 10, created_by=user)
