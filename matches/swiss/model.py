"""Plain records of a Swiss event: players, played matches, byes, and the errors raised.

No game is ever a draw (KG-13.4.3), so a :class:`Result` always has a winner: the side
with more games. A Swiss round may be one game (1-0) or best of three (2-0 / 2-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


@dataclass(frozen=True)
class Player:
    id: int
    name: str = ""
    rating: int = 0  # informational (TRF column); pairing and standings never use it


@dataclass(frozen=True)
class Result:
    round: int
    a: int
    b: int
    games_a: int
    games_b: int

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError("a player cannot play himself")
        if self.games_a < 0 or self.games_b < 0:
            raise ValueError("game counts cannot be negative")
        if self.games_a == self.games_b:
            raise ValueError("no draws in KGK: the match needs a winner (KG-13.4.3)")
        if self.round < 1:
            raise ValueError("rounds are numbered from 1")

    @property
    def winner(self) -> int:
        return self.a if self.games_a > self.games_b else self.b

    @property
    def loser(self) -> int:
        return self.b if self.games_a > self.games_b else self.a

    def games_of(self, player: int) -> tuple[int, int]:
        """(won, lost) games for ``player``."""
        return (self.games_a, self.games_b) if player == self.a else (self.games_b, self.games_a)


class ByeKind(StrEnum):
    PAIRING = "pairing"  # the odd player out of a round; at most one per player
    AWARDED = "awarded"  # granted by the organiser, e.g. to a late entry for missed rounds
    # A zero-point bye (TRF "Z"): a round the player missed, counted as a lost round —
    # the organiser's choice when a dropped player comes back. No points, no pairing bye.
    ZERO = "zero"


@dataclass(frozen=True)
class Bye:
    round: int
    player: int
    kind: ByeKind = ByeKind.PAIRING


@dataclass(frozen=True)
class History:
    """Everything standings and pairing need. ``seed`` fixes the final tie-break lot."""

    players: tuple[Player, ...]
    results: tuple[Result, ...] = ()
    byes: tuple[Bye, ...] = ()
    seed: str = ""


@dataclass(frozen=True)
class Pairing:
    round: int
    pairs: tuple[tuple[int, int], ...]  # higher-ranked player first, best table first
    bye: int | None
    warnings: tuple[str, ...] = ()
    # Diagnostics for organisers: players paired outside their score group, and how.
    floats: tuple[tuple[int, int, int], ...] = ()  # (player, own points, opponent points)
    rematches: tuple[tuple[int, int], ...] = ()  # only non-empty with allow_rematch


class NoValidPairingReason(StrEnum):
    TOO_FEW_PLAYERS = "too_few_players"
    NO_BYE_CANDIDATE = "no_bye_candidate"  # odd field, every player already had a bye
    REMATCH_UNAVOIDABLE = "rematch_unavoidable"


@dataclass
class NoValidPairing(Exception):
    """No pairing satisfies the absolute rules; the organiser has to decide.

    Options: pair again with ``allow_rematch=True`` (rematches are minimised and listed),
    ``allow_second_bye=True``, end the Swiss stage, or pair by hand.
    """

    reason: NoValidPairingReason
    round: int
    detail: str = ""
    players: tuple[int, ...] = field(default=())

    def __str__(self) -> str:
        return f"round {self.round}: no valid pairing ({self.reason.value}) {self.detail}".strip()


class RoundIncomplete(Exception):
    """The next round cannot be paired while a result of the current one is missing."""

    def __init__(self, round_no: int, missing: list[tuple[int, int]]):
        self.round = round_no
        self.missing = missing
        super().__init__(f"round {round_no} still has {len(missing)} match(es) without a result")
