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


class Rng:
    """SplitMix64. ``state`` is a plain int: store it in game state to resume."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: str | int) -> Rng:
        return cls(seed_to_int(seed))

    def next_u64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def skip(self) -> None:
        """Move on by one draw without working the draw out: the generator goes on as
        after ``next_u64`` (SplitMix64's state only counts; the mixing is the output's)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("n must be positive")
        x = self.next_u64()
        if x < _SURE and n <= _SMALL_N:
            return x % n           # (below the limit: see ``_SURE``)
        limit = (1 << 64) - ((1 << 64) % n)
        while x >= limit:
            x = self.next_u64()
        return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` inclusive (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        below = self.below          # (bound once: a deck is shuffled a draw a card)
        for i in range(len(seq) - 1, 0, -1):
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
