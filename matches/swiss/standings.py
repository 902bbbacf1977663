"""Standings with tie-breaks, in exact fractions.

Two tie-break profiles (:data:`PROFILES`), chosen per event; the order is the same in both.
The ``kaosz`` profile (the default) is described first; ``mtr`` follows the Magic
Tournament Rules, Appendix C, which organisers compare against (differences below).

Order (highest first):
1. match points: win 3, loss 0; every bye (pairing or awarded) is a win, 3 points;
2. OMW: the mean over each *played* match of that opponent's match-win %, where an
   opponent's MW% counts only matches they played (byes left out) and is floored at 1/3;
3. GW: the player's own game-win %, games won / games played, a bye counting as won
   games (``bye_games``, 2 by default: the 2-0 of a best-of-three);
4. OGW: the mean over played matches of the opponent's game-win % over played games
   only (byes left out), floored at 1/3;
5. the lot: a number drawn per player from the event seed with the project PRNG,
   fixed before round 1, so ties at the cut line are settled the same way every time.

The ``mtr`` profile differs in three places (MTR Appendix C):

- a player's MW% counts every round they were in, a bye as a won round: 3-2-0 with a
  first-round bye is 9/15 = 0.60 (``kaosz``: 2/4 = 0.50, the bye left out);
- a player's own GW% is floored at 1/3 like the others;
- the GW% an opponent contributes to OGW is that opponent's own GW%, bye games included.

Byes never count as opponents in either profile (a bye has no opponent to average).
A zero-point bye (``ByeKind.ZERO``: a missed round the organiser counts as a loss) is a
lost round in every figure: no points, a round in MW%, two lost games in GW%.

No division by zero: a player with no played match has MW% and GW% (as an opponent)
of 1/3, and a player with no played opponent has OMW and OGW of 1/3 (the floor).
Meeting the same opponent twice (only possible after an allowed rematch) counts twice.

Two paths compute the same rows: :func:`standings` from the raw history, and
:class:`StandingsBook`, which keeps running sums and is updated one record at a time
(results entered, corrected, deleted). Tests check they always agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm

from rulesets.rng import Rng

from .model import Bye, ByeKind, History, Player, Result

FLOOR = Fraction(1, 3)
WIN_POINTS = 3


@dataclass(frozen=True)
class TiebreakProfile:
    """How byes and the 1/3 floor enter the percentages; the order of tie-breaks is fixed."""

    key: str
    byes_in_match_win: bool  # a bye is a won round in the player's own MW%
    floor_own_game_win: bool  # the player's own GW% is floored at 1/3
    byes_in_opponent_game_win: bool  # an opponent's GW% (for OGW) includes their bye games


KAOSZ = TiebreakProfile("kaosz", byes_in_match_win=False, floor_own_game_win=False,
                        byes_in_opponent_game_win=False)
MTR = TiebreakProfile("mtr", byes_in_match_win=True, floor_own_game_win=True,
                      byes_in_opponent_game_win=True)
PROFILES: dict[str, TiebreakProfile] = {p.key: p for p in (KAOSZ, MTR)}
DEFAULT_PROFILE = KAOSZ.key


def profile_of(key: str | TiebreakProfile) -> TiebreakProfile:
    if isinstance(key, TiebreakProfile):
        return key
    try:
        return PROFILES[key]
    except KeyError:
        raise ValueError(f"unknown tie-break profile {key!r}; known: {sorted(PROFILES)}") \
            from None


@lru_cache(maxsize=1 << 16)
def lot(seed: str, player_id: int) -> int:
    """The final tie-break draw for a player: stable for a given event seed."""
    return Rng.from_seed(f"kaosz-swiss-lot:{seed}:{player_id}").next_u64()


@dataclass(frozen=True)
class Row:
    rank: int
    player: int
    points: int
    wins: int  # played wins, byes not included
    losses: int
    byes: int  # pairing and awarded byes (won rounds); zero-point byes are in ``missed``
    played: int  # matches with an opponent
    games_won: int  # in played matches
    games_lost: int
    mw: Fraction  # own MW% as an opponent sees it, floored (byes per the profile)
    omw: Fraction
    gw: Fraction  # own GW%, bye games included, not floored
    ogw: Fraction
    lot: int
    missed: int = 0  # zero-point byes: rounds missed, counted as losses

    @property
    def key(self) -> tuple[int, Fraction, Fraction, Fraction, int, int]:
        return (-self.points, -self.omw, -self.gw, -self.ogw, self.lot, self.player)

    def to_dict(self) -> dict[str, int | str | float]:
        """JSON-ready: each percentage as an exact ``"n/d"`` and a rounded percent."""
        out: dict[str, int | str | float] = {}
        for name in ("rank", "player", "points", "wins", "losses", "byes", "played", "missed"):
            out[name] = getattr(self, name)
        out["games_won"], out["games_lost"] = self.games_won, self.games_lost
        for name in ("mw", "omw", "gw", "ogw"):
            value: Fraction = getattr(self, name)
            out[name] = f"{value.numerator}/{value.denominator}"
            out[f"{name}_pct"] = round(float(value) * 100, 2)
        out["lot"] = str(self.lot)  # 64-bit: a string survives JavaScript
        return out


@lru_cache(maxsize=4096)
def _floored(num: int, den: int) -> Fraction:
    return max(FLOOR, Fraction(num, den)) if den else FLOOR


def _common(values: dict[int, Fraction]) -> tuple[dict[int, int], int]:
    """Numerators over one common denominator: means become integer sums (fast, exact)."""
    den = lcm(*{v.denominator for v in values.values()}) if values else 1
    return {k: v.numerator * (den // v.denominator) for k, v in values.items()}, den


def _mean(scaled: dict[int, int], den: int, opponents: list[int]) -> Fraction:
    if not opponents:
        return FLOOR
    return Fraction(sum(scaled[o] for o in opponents), den * len(opponents))


def _scaled(values: list[Fraction]) -> list[int]:
    """The same order as the fractions, as integers over one common denominator."""
    den = lcm(*{v.denominator for v in values}) if values else 1
    return [v.numerator * (den // v.denominator) for v in values]


def _rank(rows: list[dict]) -> list[Row]:
    """Sort the unranked figures (keyword dicts for :class:`Row`) and number them."""
    omw = _scaled([r["omw"] for r in rows])
    gw = _scaled([r["gw"] for r in rows])
    ogw = _scaled([r["ogw"] for r in rows])
    keyed = sorted(
        ((-r["points"], -omw[i], -gw[i], -ogw[i], r["lot"], r["player"]), i)
        for i, r in enumerate(rows)
    )
    return [Row(rank=k + 1, **rows[i]) for k, (_key, i) in enumerate(keyed)]


def _figures(wins: int, played: int, games_won: int, games_lost: int, byes: int,
             bye_games: int, prof: TiebreakProfile,
             missed: int = 0) -> tuple[Fraction, Fraction, Fraction]:
    """(MW% as opponents see it, GW% as opponents see it, own GW%) of one player."""
    bye_won = byes * bye_games
    # A missed round counted as a loss: a lost round, its games lost.
    played, games_lost = played + missed, games_lost + missed * bye_games
    # MTR: a bye is a won round; the project's convention leaves it out.
    won_rounds, rounds = (wins + byes, played + byes) if prof.byes_in_match_win else (wins, played)
    mw = _floored(won_rounds, rounds)
    own_total = games_won + games_lost + bye_won
    if prof.floor_own_game_win:
        gw = _floored(games_won + bye_won, own_total)
    else:
        gw = Fraction(games_won + bye_won, own_total) if own_total else Fraction(0)
    if prof.byes_in_opponent_game_win:
        gw_as_opponent = _floored(games_won + bye_won, own_total)
    else:
        gw_as_opponent = _floored(games_won, games_won + games_lost)
    return mw, gw_as_opponent, gw


def standings(history: History, *, bye_games: int = 2,
              profile: str | TiebreakProfile = DEFAULT_PROFILE) -> list[Row]:
    """Rank every player of the history from scratch (the reference computation)."""
    prof = profile_of(profile)
    ids = [p.id for p in history.players]
    per_player: dict[int, list[Result]] = {i: [] for i in ids}
    for r in history.results:
        per_player[r.a].append(r)
        per_player[r.b].append(r)
    bye_count = Counter(b.player for b in history.byes if b.kind != ByeKind.ZERO)
    missed_count = Counter(b.player for b in history.byes if b.kind == ByeKind.ZERO)

    mw: dict[int, Fraction] = {}
    gw_as_opponent: dict[int, Fraction] = {}
    own_gw: dict[int, Fraction] = {}
    for pid in ids:
        rs = per_player[pid]
        won = sum(r.games_of(pid)[0] for r in rs)
        lost = sum(r.games_of(pid)[1] for r in rs)
        mw[pid], gw_as_opponent[pid], own_gw[pid] = _figures(
            sum(1 for r in rs if r.winner == pid), len(rs), won, lost, bye_count[pid],
            bye_games, prof, missed_count[pid])

    mw_n, mw_d = _common(mw)
    gwo_n, gwo_d = _common(gw_as_opponent)
    rows = []
    for pid in ids:
        rs = per_player[pid]
        wins = sum(1 for r in rs if r.winner == pid)
        gwon = sum(r.games_of(pid)[0] for r in rs)
        glost = sum(r.games_of(pid)[1] for r in rs)
        byes = bye_count[pid]
        opponents = [r.b if r.a == pid else r.a for r in rs]
        rows.append(
            dict(
                player=pid,
                points=WIN_POINTS * (wins + byes),
                wins=wins,
                losses=len(rs) - wins + missed_count[pid],
                byes=byes,
                missed=missed_count[pid],
                played=len(rs),
                games_won=gwon,
                games_lost=glost,
                mw=mw[pid],
                omw=_mean(mw_n, mw_d, opponents),
                gw=own_gw[pid],
                ogw=_mean(gwo_n, gwo_d, opponents),
                lot=lot(history.seed, pid),
            )
        )
    return _rank(rows)


@dataclass
class _Tally:
    wins: int = 0
    played: int = 0
    games_won: int = 0
    games_lost: int = 0
    byes: int = 0
    missed: int = 0
    opponents: Counter[int] = field(default_factory=Counter)


class StandingsBook:
    """Running sums updated per record; ``rows()`` equals :func:`standings` on the history."""

    def __init__(self, players: Iterable[Player], seed: str = "", *, bye_games: int = 2,
                 profile: str | TiebreakProfile = DEFAULT_PROFILE):
        self.seed = seed
        self.bye_games = bye_games
        self.profile = profile_of(profile)
        self._tally: dict[int, _Tally] = {}
        for p in players:
            self.add_player(p.id)

    def add_player(self, pid: int) -> None:
        if pid in self._tally:
            raise ValueError(f"player {pid} already in the standings")
        self._tally[pid] = _Tally()

    def _apply(self, r: Result, sign: int) -> None:
        for me, other in ((r.a, r.b), (r.b, r.a)):
            t = self._tally[me]
            won, lost = r.games_of(me)
            t.played += sign
            t.wins += sign * (r.winner == me)
            t.games_won += sign * won
            t.games_lost += sign * lost
            t.opponents[other] += sign
            if t.opponents[other] == 0:
                del t.opponents[other]

    def add_result(self, r: Result) -> None:
        self._apply(r, +1)

    def remove_result(self, r: Result) -> None:
        self._apply(r, -1)

    def correct_result(self, old: Result, new: Result) -> None:
        self.remove_result(old)
        self.add_result(new)

    def add_bye(self, b: Bye) -> None:
        if b.kind == ByeKind.ZERO:
            self._tally[b.player].missed += 1
        else:
            self._tally[b.player].byes += 1

    def remove_bye(self, b: Bye) -> None:
        if b.kind == ByeKind.ZERO:
            self._tally[b.player].missed -= 1
        else:
            self._tally[b.player].byes -= 1

    def rows(self) -> list[Row]:
        tally = self._tally
        figures = {pid: _figures(t.wins, t.played, t.games_won, t.games_lost, t.byes,
                                 self.bye_games, self.profile, t.missed)
                   for pid, t in tally.items()}
        mw = {pid: f[0] for pid, f in figures.items()}
        gwo = {pid: f[1] for pid, f in figures.items()}
        mw_n, mw_d = _common(mw)
        gwo_n, gwo_d = _common(gwo)
        rows = []
        for pid, t in tally.items():
            opponents = list(t.opponents.elements())
            omw = _mean(mw_n, mw_d, opponents)
            ogw = _mean(gwo_n, gwo_d, opponents)
            rows.append(
                dict(
                    player=pid,
                    points=WIN_POINTS * (t.wins + t.byes),
                    wins=t.wins,
                    losses=t.played - t.wins + t.missed,
                    byes=t.byes,
                    missed=t.missed,
                    played=t.played,
                    games_won=t.games_won,
                    games_lost=t.games_lost,
                    mw=mw[pid],
                    omw=omw,
                    gw=figures[pid][2],
                    ogw=ogw,
                    lot=lot(self.seed, pid),
                )
            )
        return _rank(rows)
