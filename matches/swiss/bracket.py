"""The top-4 final (KG-13.4.2): 1st v 4th and 2nd v 3rd, each best of three; the
winners play best of three for 1st and 2nd, the losers for 3rd and 4th.

With fewer than four players left at the cut (a club night of three, everyone else
dropped) the final shrinks to the top two: one best-of-three series for 1st and 2nd.

Pure state: games are recorded one at a time (no draws, KG-13.4.3: a game at time is
decided by the judge and recorded as a normal win). The rules say the losers *may*
play for 3rd place; with ``third_place_match=False`` the better Swiss seed takes 3rd.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WINS_NEEDED = 2  # best of three
FINAL_SIZES = (4, 2)  # players in a final: the KG-13.4.2 top four, or the top two


@dataclass
class Series:
    name: str  # "semi1" (1v4), "semi2" (2v3), "final", "third"
    a: int
    b: int
    wins_a: int = 0
    wins_b: int = 0
    games: list[int] = field(default_factory=list)  # winner of each game, in order

    @property
    def winner(self) -> int | None:
        if self.wins_a >= WINS_NEEDED:
            return self.a
        if self.wins_b >= WINS_NEEDED:
            return self.b
        return None

    @property
    def loser(self) -> int | None:
        w = self.winner
        return None if w is None else (self.b if w == self.a else self.a)

    def record(self, game_winner: int) -> None:
        if self.winner is not None:
            raise ValueError(f"{self.name} is already decided")
        if game_winner == self.a:
            self.wins_a += 1
        elif game_winner == self.b:
            self.wins_b += 1
        else:
            raise ValueError(f"player {game_winner} is not in {self.name}")
        self.games.append(game_winner)


class FinalBracket:
    def __init__(self, seeds: list[int], *, third_place_match: bool = True):
        if len(seeds) not in FINAL_SIZES or len(set(seeds)) != len(seeds):
            raise ValueError("the final needs four (or two) different players, seeds in order")
        self.seeds = list(seeds)
        self.third_place_match = third_place_match and len(seeds) == 4
        if len(seeds) == 2:
            self.series: dict[str, Series] = {"final": Series("final", seeds[0], seeds[1])}
            return
        s1, s2, s3, s4 = seeds
        self.series = {
            "semi1": Series("semi1", s1, s4),
            "semi2": Series("semi2", s2, s3),
        }

    def _open_next(self) -> None:
        if "semi1" not in self.series:  # a top-2 final has nothing to open
            return
        semi1, semi2 = self.series["semi1"], self.series["semi2"]
        if semi1.winner is None or semi2.winner is None or "final" in self.series:
            return
        self.series["final"] = Series("final", semi1.winner, semi2.winner)
        if self.third_place_match:
            self.series["third"] = Series("third", semi1.loser, semi2.loser)  # type: ignore[arg-type]

    def record_game(self, series: str, game_winner: int) -> None:
        if series not in self.series:
            raise ValueError(f"{series} is not open yet")
        self.series[series].record(game_winner)
        self._open_next()

    def open_series(self) -> list[Series]:
        """Series that are paired and not decided: who plays whom now."""
        return [s for s in self.series.values() if s.winner is None]

    @property
    def finished(self) -> bool:
        return "final" in self.series and not self.open_series()

    def placements(self) -> dict[int, int]:
        """Place (1..4) of every player whose place is already decided."""
        out: dict[int, int] = {}
        final = self.series.get("final")
        if final and final.winner is not None:
            out[final.winner] = 1
            out[final.loser] = 2  # type: ignore[index]
        if self.third_place_match:
            third = self.series.get("third")
            if third and third.winner is not None:
                out[third.winner] = 3
                out[third.loser] = 4  # type: ignore[index]
        elif final is not None and "semi1" in self.series:
            losers = [self.series["semi1"].loser, self.series["semi2"].loser]
            losers.sort(key=self.seeds.index)  # type: ignore[arg-type]
            out[losers[0]] = 3  # type: ignore[index]
            out[losers[1]] = 4  # type: ignore[index]
        return out
