"""Everything that changes a tournament; the API, the pages and the Celery task call these
functions and nothing else writes the rows. One module per job:

- ``common``: the refusal type, who may act, the row lock every mutation holds;
- ``registration``: creating, entering players and decks, check-in, drops, the start;
- ``rounds``: pairing (also as a task), re-pairing, hand changes, a round's start and end;
- ``results``: reports, the organiser's decisions and corrections;
- ``final``: the cut and the best-of-three series (KG-13.4.2);
- ``reading``: history, standings, tie-breaks, bracket and places, rounds as data;
- ``online_matches`` and ``online``: online mode, a match per table and its outcome back.

The pure core ``matches.swiss`` decides pairings, standings and the final; these modules
rebuild its :class:`~matches.swiss.History` from the rows and keep the order rules:
registration → start (decks locked) → per round: pair → (re-pair) → start → results →
finish → … → the top-4 final (KG-13.4.2) → finished.

This file only hands the names on (``services.register(...)`` reads as before).
"""

from matches.tournaments.services.common import (
    GAME_SECONDS,
    MAX_ID,
    TournamentError,
    as_id,
    get_round,
    is_organiser,
    locked,
    online_ruleset,
    require_organiser,
)
from matches.tournaments.services.final import (
    concede_for_dropped,
    end_event,
    final_size_at_cut,
    record_final_game,
    record_final_win,
    start_final,
)
from matches.tournaments.services.online import (
    record_match_outcome,
    sync_final,
    sync_round,
)
from matches.tournaments.services.online_matches import (
    create_final_matches,
    create_round_matches,
)
from matches.tournaments.services.reading import (
    PROFILE_NAMES,
    TIEBREAKS,
    TIEBREAKS_MTR,
    active_for,
    bracket,
    bracket_data,
    history,
    pairing_data,
    pairings_by_name,
    placements,
    round_data,
    round_ends_at,
    rounds_data,
    standings,
    tiebreaks_of,
)
from matches.tournaments.services.registration import (
    MISSED_CHOICES,
    CheckedDeck,
    check_deck,
    check_final_size,
    check_in,
    configure_final,
    create_tournament,
    deck_report,
    decklists,
    drop,
    for_tournaments,
    register,
    start,
    undrop,
    update_deck,
)
from matches.tournaments.services.results import (
    correction_notice,
    forfeit_games,
    record_online_result,
    report_result,
    result_history,
    set_result,
)
from matches.tournaments.services.rounds import (
    async_pairing_from,
    finish_round,
    no_valid_pairing_error,
    pair_next_round,
    queue_pairing,
    repair_round,
    start_round,
    swap_players,
)

__all__ = [
    "CheckedDeck",
    "GAME_SECONDS",
    "MAX_ID",
    "MISSED_CHOICES",
    "PROFILE_NAMES",
    "TIEBREAKS",
    "TIEBREAKS_MTR",
    "TournamentError",
    "active_for",
    "as_id",
    "async_pairing_from",
    "bracket",
    "bracket_data",
    "check_deck",
    "check_final_size",
    "check_in",
    "concede_for_dropped",
    "configure_final",
    "correction_notice",
    "create_final_matches",
    "create_round_matches",
    "create_tournament",
    "deck_report",
    "decklists",
    "drop",
    "end_event",
    "final_size_at_cut",
    "finish_round",
    "for_tournaments",
    "forfeit_games",
    "get_round",
    "history",
    "is_organiser",
    "locked",
    "online_ruleset",
    "no_valid_pairing_error",
    "pair_next_round",
    "pairing_data",
    "pairings_by_name",
    "placements",
    "queue_pairing",
    "record_final_game",
    "record_final_win",
    "record_match_outcome",
    "record_online_result",
    "register",
    "repair_round",
    "report_result",
    "require_organiser",
    "result_history",
    "round_data",
    "round_ends_at",
    "rounds_data",
    "set_result",
    "standings",
    "start",
    "start_final",
    "start_round",
    "swap_players",
    "sync_final",
    "sync_round",
    "tiebreaks_of",
    "undrop",
    "update_deck",
]
