"""The seeded generator's start states are part of every replay: a seed must map to the
same 64-bit state however ``seed_to_int`` computes it (the values below are the first 8
bytes of the SHA-256 of the seed's UTF-8 text, big-endian)."""

from __future__ import annotations

import hashlib

import pytest

from rulesets.rng import Rng, seed_to_int

PINNED = [("", 16406829232824261652), ("a", 14598278634844962250),
          ("instr-3:12", 7714949819758114786), ("Káosz ✓", 13768672828824346710),
          (0, 6912158355717386040), (12345678901234567890, 7986647882224287393),
          (-5, 4011050095673115011)]


@pytest.mark.parametrize("seed,state", PINNED)
def test_a_seed_maps_to_its_pinned_state(seed: str | int, state: int) -> None:
    assert seed_to_int(seed) == state
    assert Rng.from_seed(seed).state == state


def test_the_state_is_the_sha256_prefix_for_any_seed_text() -> None:
    for i in range(200):
        seed = f"bot:{i}:" + "é" * (i % 5)
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        assert seed_to_int(seed) == int.from_bytes(digest[:8], "big")


def _reference_below(rng: Rng, n: int) -> int:
    """``below`` as the algorithm states it: draw until under the rejection limit."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = rng.next_u64()
        if x < limit:
            return x % n


# Small n (the games'), the edges of the fast path, and n where half the draws are
# rejected (2**63 + 1), so that the rejection loop runs.
BOUNDS = [1, 2, 3, 6, 7, 52, 1000, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, (1 << 63) + 1,
          (1 << 64) - 1, 1 << 64]


@pytest.mark.parametrize("n", BOUNDS)
def test_below_draws_as_plain_rejection_sampling(n: int) -> None:
    fast, plain = Rng.from_seed(f"below:{n}"), Rng.from_seed(f"below:{n}")
    for _ in range(300):
        assert fast.below(n) == _reference_below(plain, n)
        assert fast.state == plain.state


def test_below_refuses_an_empty_range_without_drawing() -> None:
    rng = Rng(7)
    with pytest.raises(ValueError):
        rng.below(0)
    assert rng.state == 7


# Drawn by the generator before its fast paths (rulesets/rng.py at 3694378).
PINNED_DECK = [7, 1, 14, 11, 2, 13, 18, 19, 17, 4, 6, 9, 5, 0, 8, 16, 10, 15, 12, 3]
PINNED_CHOICES = ["e", "c", "f", "c", "b", "b", "a", "b"]
PINNED_STATE = 11626666479538623627


def test_a_shuffle_and_a_choice_keep_their_pinned_draws() -> None:
    rng = Rng.from_seed("pinned-shuffle")
    deck = list(range(20))
    rng.shuffle(deck)
    assert deck == PINNED_DECK
    assert [rng.choice("abcdef") for _ in range(8)] == PINNED_CHOICES
    assert rng.state == PINNED_STATE


def test_a_skipped_draw_leaves_the_generator_as_a_drawn_one() -> None:
    drawn, skipped = Rng.from_seed("skip"), Rng.from_seed("skip")
    for _ in range(3):
        drawn.next_u64()
        skipped.skip()
    assert skipped.state == drawn.state
    assert skipped.next_u64() == drawn.next_u64()


def _reference_shuffle(rng: Rng, seq: list[int]) -> None:
    """Fisher-Yates as the algorithm states it, one rejection-sampled draw a card."""
    for i in range(len(seq) - 1, 0, -1):
        j = _reference_below(rng, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


@pytest.mark.parametrize("n", [0, 1, 2, 7, 8, 9, 30, 45, 46, 90, 300, 600])
def test_a_shuffle_draws_as_plain_fisher_yates(n: int) -> None:
    # (from 8 items on the draws are worked out all at once: both sides of that edge)
    for s in range(40):
        fast, plain = Rng.from_seed(f"shuffle:{n}:{s}"), Rng.from_seed(f"shuffle:{n}:{s}")
        a, b = list(range(n)), list(range(n))
        fast.shuffle(a)
        _reference_shuffle(plain, b)
        assert a == b
        assert fast.state == plain.state


_GAMMA = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def _unshift(y: int, s: int) -> int:
    """The inverse of ``y = x ^ (x >> s)`` on 64 bits."""
    x = y
    for _ in range(64 // s + 1):
        x = y ^ (x >> s)
    return x


def _state_drawing(z: int) -> int:
    """The generator state from which ``next_u64`` (which adds gamma first) outputs
    ``z``: SplitMix64's mix undone."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    x = _unshift(z, 30)
    return (x - _GAMMA) & _MASK


def test_a_shuffle_rejecting_a_draw_goes_on_as_plain_fisher_yates() -> None:
    # A ten-card shuffle's eighth draw is below(3), which rejects only 2**64 - 1 (about
    # once in 2**64 draws): the start state is worked back from that output.
    start = (_state_drawing(_MASK) - 7 * _GAMMA) & _MASK
    probe = Rng(start)
    for _ in range(7):
        probe.next_u64()
    assert probe.next_u64() == _MASK          # (the crafted draw)
    fast, plain = Rng(start), Rng(start)
    a, b = list(range(10)), list(range(10))
    fast.shuffle(a)
    _reference_shuffle(plain, b)
    assert a == b
    assert fast.state == plain.state
    assert fast.state != (start + 9 * _GAMMA) & _MASK     # (it did draw once more)


@pytest.mark.parametrize("n", [1, 2, 3, 45, 97, (1 << 32) + 1, (1 << 63) + 1])
@pytest.mark.parametrize("count", [0, 1, 7, 8, 60])
def test_many_draws_at_once_are_the_draws_one_at_a_time(n: int, count: int) -> None:
    # (2**63 + 1 rejects about half its draws: the one-at-a-time fall-back runs)
    for s in range(20):
        bulk, single = Rng.from_seed(f"belows:{n}:{count}:{s}"), \
            Rng.from_seed(f"belows:{n}:{count}:{s}")
        assert bulk.belows(n, count) == [_reference_below(single, n) for _ in range(count)]
        assert bulk.state == single.state


def test_many_draws_at_once_refuse_an_empty_range_only_when_drawing() -> None:
    rng = Rng(7)
    assert rng.belows(0, 0) == []
    with pytest.raises(ValueError):
        rng.belows(0, 9)
    assert rng.state == 7
