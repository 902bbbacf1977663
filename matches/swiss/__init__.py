"""Pure Swiss-tournament core (no Django): pairing, standings, the top-4 final, TRF.

Public API::

    pair_round(history, active, round_no=None, *, allow_rematch=False,
               allow_second_bye=False, rows=None) -> Pairing   # raises NoValidPairing
    standings(history, *, bye_games=2, profile="kaosz") -> list[Row]  # from scratch
    StandingsBook(players, seed).add_result/correct_result/...  # incremental
    suggested_rounds(n) -> int
    FinalBracket(seeds).record_game(series, winner) / placements()
    export_trf(history, *, name, rounds, absent_next) -> str ; check_trf(text) -> list[str]
    Tournament(seed, players) : the rules about the order of all of the above
"""

from .bracket import FINAL_SIZES, FinalBracket, Series
from .model import (
    Bye,
    ByeKind,
    History,
    NoValidPairing,
    NoValidPairingReason,
    Pairing,
    Player,
    Result,
    RoundIncomplete,
)
from .pairing import pair_round
from .rounds import suggested_rounds
from .standings import DEFAULT_PROFILE, PROFILES, Row, StandingsBook, TiebreakProfile, standings
from .tournament import Tournament
from .trf import TrfTooLarge, check_trf, export_trf

__all__ = [
    "DEFAULT_PROFILE",
    "FINAL_SIZES",
    "Bye",
    "ByeKind",
    "FinalBracket",
    "History",
    "NoValidPairing",
    "NoValidPairingReason",
    "Pairing",
    "Player",
    "Result",
    "RoundIncomplete",
    "Row",
    "Series",
    "StandingsBook",
    "PROFILES",
    "TiebreakProfile",
    "Tournament",
    "TrfTooLarge",
    "check_trf",
    "export_trf",
    "pair_round",
    "standings",
    "suggested_rounds",
]
