"""A seeded PRNG written in the project, so shuffles are identical on every Python.

The standard library promises only that ``random.random()`` stays stable across
versions, not ``shuffle``/``choice``/``randrange``; game replays must never change,
so every engine draws its randomness from :class:`Rng` and stores ``Rng.state`` in
its own serialisable state.

Algorithm: SplitMix64 (Steele, Lea, Flood 2014), 64-bit state, passes BigCrush.
Bounded integers use rejection sampling, so they are unbiased.
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

try:
    # A bot seeds a generator at every move, so this hashing is a tenth of a cheap game's
    # step. For a seed's few bytes the interpreter's own SHA-256 beats OpenSSL's, whose
    # cost is in setting up and copying its context rather than in hashing: 432 ns
    # against 528 for a copy of an empty OpenSSL hasher (best of 200, on the 2-core
    # Xeon with SHA instructions, 2026-12-02) and 5,900 instructions against 8,600.
    # (An earlier measurement found OpenSSL's the faster, 384 ns against 433: it may
    # turn with the machine; the digests are the same either way.)
    # The random bots hash their seeds with it too (``kgk.bots.random_index``): one choice.
    from _sha256 import sha256 as sha256
except ImportError:        # (a Python built without it, or one that renamed it)
    from hashlib import sha256 as sha256

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_FIRST_U64: Final = struct.Struct(">Q").unpack_from

# ``below(n)`` rejects a draw at or above ``2**64 - 2**64 % n``, which for any n up to
# 2**32 lies above ``_SURE``: a draw below ``_SURE`` is accepted without working the
# limit out (for a game's small n, every draw but one in four billion).
_SMALL_N: Final = 1 << 32
_SURE: Final = (1 << 64) - (1 << 32)


def seed_to_int(seed: str | int) -> int:
    """Map any seed (text or int) to a 64-bit start state, stable across platforms: the
    first 8 bytes of the SHA-256 of its text (UTF-8), big-endian."""
    value: int = _FIRST_U64(sha256(str(seed).encode()).digest())[0]
    return value


# SplitMix64's constants (``Rng.next_u64``).
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
_TWO64: Final = 1 << 64

# From this many items on, a shuffle works its draws out at once (``_outputs``); below,
# the big integers cost more than they save.
_BULK_FROM: Final = 8

# ``_outputs``'s lane tables by draw count, made when first needed: ``(ones, ramp,
# lanes)``, each a sum over lanes ``t`` of ``v << 128 * t`` with v 1, t + 1 and 2**64 - 1.
# Kept for the counts the games shuffle and deal (decks, pools: a few hundred at most);
# a larger count's are made for the one call.
_LANE_TABLES: Final[dict[int, tuple[int, int, int]]] = {}
_KEPT_UP_TO: Final = 512
_LANE_BITS: Final = 128


def _lane_tables(count: int) -> tuple[int, int, int]:
    tables = _LANE_TABLES.get(count)
    if tables is None:
        ones = ramp = lanes = 0
        for t in range(count - 1, -1, -1):
            ones = (ones << _LANE_BITS) | 1
            ramp = (ramp << _LANE_BITS) | (t + 1)
            lanes = (lanes << _LANE_BITS) | _MASK
        tables = (ones, ramp, lanes)
        if count <= _KEPT_UP_TO:
            _LANE_TABLES[count] = tables
    return tables


def _outputs(x0: int, count: int) -> tuple[int, ...]:
    """``next_u64``'s next ``count`` outputs from state ``x0``, worked out together.

    SplitMix64's ``t``-th state is ``x0 + t * gamma`` (mod 2**64) and its output mixes
    that state alone, so every output can be made at once: each sits in a lane of one
    big integer, 128 bits apart, where a 64-by-64-bit product never reaches the next
    lane and every step masks each lane back to 64 bits. A dozen operations on one large
    integer, in C, instead of a dozen for each draw."""
    ones, ramp, lanes = _lane_tables(count)
    x = (x0 * ones + _GAMMA * ramp) & lanes
    z = (x ^ (x >> 30)) & lanes
    z = (z * _MIX1) & lanes
    z = (z ^ (z >> 27)) & lanes
    z = (z * _MIX2) & lanes
    z = (z ^ (z >> 31)) & lanes
    words: tuple[int, ...] = struct.unpack(f"<{2 * count}Q",
                                           z.to_bytes(16 * count, "little"))
    return words[::2]


class Rng:
    """SplitMix64. ``state`` is a plain int: store it in game state to resume."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: str | int) -> Rng:
        return cls(seed_to_int(seed))

    def next_u64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def skip(self) -> None:
        """Move on by one draw without working the draw out: the generator goes on as
        after ``next_u64`` (SplitMix64's state only counts; the mixing is the output's)."""
        self.state = (self.state + _GAMMA) & _MASK

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("n must be positive")
        x = self.next_u64()
        if x < _SURE and n <= _SMALL_N:
            return x % n           # (below the limit: see ``_SURE``)
        limit = _TWO64 - _TWO64 % n
        while x >= limit:
            x = self.next_u64()
        return x % n

    def belows(self, n: int, count: int) -> list[int]:
        """``count`` draws of ``below(n)`` in order, worked out at once as ``shuffle``'s
        are: the same numbers and the same state after."""
        if count < _BULK_FROM:
            below = self.below
            return [below(n) for _ in range(count)]
        if n <= 0:
            raise ValueError("n must be positive")
        x0 = self.state
        out = []
        for t, z in enumerate(_outputs(x0, count)):
            if (z >= _SURE or n > _SMALL_N) and z >= _TWO64 - _TWO64 % n:
                self.state = (x0 + t * _GAMMA) & _MASK     # (as before that draw)
                below = self.below
                out += [below(n) for _ in range(count - t)]
                return out
            out.append(z % n)
        self.state = (x0 + count * _GAMMA) & _MASK
        return out

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` inclusive (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place: for ``i`` from the end down to 1, swap item ``i`` with
        item ``below(i + 1)``.

        The draws are worked out all at once (``_outputs``) and used in order, so the
        order and the generator's state after are exactly those of ``below`` drawn card
        by card. Should a draw be rejected (``below``'s rejection sampling: about once in
        four billion draws), the shuffle goes on from that card one draw at a time."""
        n = len(seq)
        if n < _BULK_FROM:
            self._shuffle_from(seq, n - 1)
            return
        x0 = self.state
        draws = n - 1
        for t, z in enumerate(_outputs(x0, draws)):
            i = draws - t
            k = i + 1
            if (z >= _SURE or k > _SMALL_N) and z >= _TWO64 - _TWO64 % k:
                self.state = (x0 + t * _GAMMA) & _MASK     # (as before that draw)
                self._shuffle_from(seq, i)
                return
            j = z % k
            seq[i], seq[j] = seq[j], seq[i]
        self.state = (x0 + draws * _GAMMA) & _MASK

    def _shuffle_from(self, seq: MutableSequence[T], last: int) -> None:
        """Fisher-Yates's swaps for ``i`` from ``last`` down to 1, a draw at a time."""
        below = self.below          # (bound once: a draw a card)
        for i in range(last, 0, -1):
            j = below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        """Float in ``[0, 1)`` with 53 bits of precision."""
        return (self.next_u64() >> 11) / float(1 << 53)


class Arrival:
    """Who moves first when several seats may act at once (a race, as in Űrcsempészek's
    bidding), for a driver that plays seeded games: drawn by a generator of its own, seeded
    from the game's seed, so the game replays from its seed and its own generator is never
    touched. One seat alone moves without a draw. (The host rotates instead:
    ``matches.bots.first_of``.)"""

    __slots__ = ("_rng",)

    def __init__(self, game_seed: str) -> None:
        self._rng = Rng.from_seed(f"{game_seed}/arrival")

    def first(self, seats: Sequence[int]) -> int:
        return seats[self._rng.below(len(seats))] if len(seats) > 1 else seats[0]
