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
