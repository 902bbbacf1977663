"""A seeded PRNG written in the project, so shuffles are identical on every Python.

The standard library promises only that ``random.random()`` stays stable across
versions, not ``shuffle``/``choice``/``randrange``; game replays must never change,
so every engine draws its randomness from :class:`Rng` and stores ``Rng.state`` in
its own serialisable state.

Algorithm: SplitMix64 (Steele, Lea, Flood 2014), 64-bit state, passes BigCrush.
Bounded integers use rejection sampling, so they are unbiased.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1

# A bot seeds a generator at every move, so this hashing is a tenth of a cheap game's
# step. ``hashlib.sha256()`` looks OpenSSL's digest up by name on every call; a copy of
# an empty hasher skips that, and the first 8 bytes are read as one big-endian integer
# without slicing the digest. (The interpreter's own ``_sha256`` runs fewer instructions
# but takes longer where OpenSSL uses the processor's SHA instructions: 433 ns against
# 384 here, best of 200.) The values are the same as ever.
_EMPTY_SHA256: Final = hashlib.sha256()
_FIRST_U64: Final = struct.Struct(">Q").unpack_from


def seed_to_int(seed: str | int) -> int:
    """Map any seed (text or int) to a 64-bit start state, stable across platforms: the
    first 8 bytes of the SHA-256 of its text (UTF-8), big-endian."""
    h = _EMPTY_SHA256.copy()
    h.update(str(seed).encode("utf-8"))
    value: int = _FIRST_U64(h.digest())[0]
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
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` inclusive (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
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
