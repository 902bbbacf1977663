"""One Swiss event as a pure state machine: entries, drops, rounds, results, the cut.

The Django layer stores these records; this class holds the rules about their order:
a round is paired only when every result of the previous one is in; a drop takes
effect from the next pairing; a late entry joins from the next pairing with 0 points,
or with byes for the rounds already paired if the organiser grants them; a result may
be corrected at any time, also after the next round was paired (the pairings stand,
the standings change).
"""

from __future__ import annotations

from collections.abc import Iterable

from .bracket import FinalBracket
from .model import Bye, ByeKind, History, Pairing, Player, Result, RoundIncomplete
from .pairing import pair_round
from .rounds import suggested_rounds
from .standings import Row, StandingsBook


class Tournament:
    def __init__(self, seed: str, players: Iterable[Player] = (), *, bye_games: int = 2):
        self.seed = seed
        self.players: dict[int, Player] = {}
        self.entered: dict[int, int] = {}  # first round the player may be paired in
        self.dropped: dict[int, int] = {}  # last round the player took part in
        self.pairings: list[Pairing] = []
        self._paired: list[set[tuple[int, int]]] = []  # per round, for result checks
        self.results: dict[tuple[int, int, int], Result] = {}  # (round, low id, high id)
        self.byes: list[Bye] = []
        self.book = StandingsBook([], seed, bye_games=bye_games)
        self.announced_rounds: int | None = None
        for p in players:
            self.add_player(p)

    @property
    def current_round(self) -> int:
        return len(self.pairings)

    def add_player(self, player: Player, *, awarded_byes: bool = False) -> None:
        """Enter a player; after round 1 this is a late entry for the next round."""
        if player.id in self.players:
            raise ValueError(f"player {player.id} already entered")
        self.players[player.id] = player
        self.entered[player.id] = self.current_round + 1
        self.book.add_player(player.id)
        if awarded_byes:
            for rnd in range(1, self.current_round + 1):
                bye = Bye(rnd, player.id, ByeKind.AWARDED)
                self.byes.append(bye)
                self.book.add_bye(bye)

    def drop(self, pid: int) -> None:
        if pid not in self.players:
            raise ValueError(f"unknown player {pid}")
        self.dropped.setdefault(pid, self.current_round)

    def active(self) -> list[int]:
        return [p for p in self.players if p not in self.dropped]

    def missing_results(self) -> list[tuple[int, int]]:
        if not self.pairings:
            return []
        last = self.pairings[-1]
        return [
            (a, b) for a, b in last.pairs if (last.round, min(a, b), max(a, b)) not in self.results
        ]

    def pair_next_round(self, **options: bool) -> Pairing:
        """Options: ``allow_rematch``, ``allow_second_bye`` (organiser decisions)."""
        missing = self.missing_results()
        if missing:
            raise RoundIncomplete(self.current_round, missing)
        if self.announced_rounds is None:
            self.announced_rounds = suggested_rounds(len(self.active()))
        rnd = self.current_round + 1
        pairing = pair_round(self.history(), self.active(), rnd, rows=self.book.rows(), **options)
        self.pairings.append(pairing)
        self._paired.append({(min(a, b), max(a, b)) for a, b in pairing.pairs})
        if pairing.bye is not None:
            bye = Bye(rnd, pairing.bye, ByeKind.PAIRING)
            self.byes.append(bye)
            self.book.add_bye(bye)
        return pairing

    def _key(self, rnd: int, a: int, b: int) -> tuple[int, int, int]:
        if not 1 <= rnd <= self.current_round:
            raise ValueError(f"round {rnd} has not been paired")
        if (min(a, b), max(a, b)) not in self._paired[rnd - 1]:
            raise ValueError(f"{a} and {b} were not paired in round {rnd}")
        return (rnd, min(a, b), max(a, b))

    def record_result(self, rnd: int, a: int, b: int, games_a: int, games_b: int) -> Result:
        key = self._key(rnd, a, b)
        if key in self.results:
            raise ValueError("result already recorded; use correct_result")
        result = Result(rnd, a, b, games_a, games_b)
        self.results[key] = result
        self.book.add_result(result)
        return result

    def correct_result(self, rnd: int, a: int, b: int, games_a: int, games_b: int) -> Result:
        key = self._key(rnd, a, b)
        old = self.results.get(key)
        if old is None:
            raise ValueError("no result to correct; use record_result")
        new = Result(rnd, a, b, games_a, games_b)
        self.results[key] = new
        self.book.correct_result(old, new)
        return new

    def history(self) -> History:
        return History(
            tuple(self.players.values()),
            tuple(self.results.values()),
            tuple(self.byes),
            self.seed,
        )

    def standings(self) -> list[Row]:
        return self.book.rows()

    def final_bracket(self, *, third_place_match: bool = True) -> FinalBracket:
        """Top four of the standings who have not dropped; needs every result in."""
        missing = self.missing_results()
        if missing:
            raise RoundIncomplete(self.current_round, missing)
        seeds = [r.player for r in self.standings() if r.player not in self.dropped][:4]
        return FinalBracket(seeds, third_place_match=third_place_match)
