"""Versioned deck codes: exact round trip, frozen v1 literal, clear errors."""

from __future__ import annotations

import base64
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.core.deckcode import CURRENT_VERSION, DECODERS, DeckCodeError, decode, encode

# Issued by v1 on 2026-11-26. Never change this literal: old codes must keep working.
FROZEN_V1 = "1eNpLLqrQMtZJS80pzUnKLErMSSzWyQCSOcVViUV5lVpGOrmJuaUluplARSWlValFALLbEac"
FROZEN_V1_DECK = {"crx": 3, "felulbiralas": 1, "halalszarny": 2, "mamut-i": 3, "tuzer": 1}


def test_frozen_v1_literal_decodes() -> None:
    assert decode(FROZEN_V1) == FROZEN_V1_DECK
    assert decode(f"  {FROZEN_V1}\n") == FROZEN_V1_DECK
    assert "1" in DECODERS


def test_roundtrip_and_url_safety() -> None:
    deck = {"mamut-i": 3, "crx": 3, "halalszarny": 2, "tuzer": 1, "felulbiralas": 1}
    code = encode(deck)
    assert code[0] == CURRENT_VERSION == "1"
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert decode(code) == deck
    # Independent of insertion order: the same deck always gives the same code.
    assert encode(dict(sorted(deck.items()))) == code
    assert decode(encode({})) == {}


def test_code_does_not_depend_on_a_catalogue() -> None:
    # Slugs the server has never heard of still round-trip (the validator reports them).
    deck = {"practice-card-not-yet-printed": 2, "z.9_x": 999}
    assert decode(encode(deck)) == deck


def test_compact_enough_for_a_url() -> None:
    deck = {f"synth-card-number-{i}": 3 for i in range(15)}
    assert len(encode(deck)) < 140


@pytest.mark.parametrize(("code", "error"), [
    ("", "deckcode_empty"),
    ("   ", "deckcode_empty"),
    ("9abc", "deckcode_version"),
    ("1" + "A" * 5000, "deckcode_too_long"),
    ("1!!!!", "deckcode_corrupt"),
    ("1abcd", "deckcode_corrupt"),
    (FROZEN_V1[:-3], "deckcode_corrupt"),
    (FROZEN_V1[:10] + ("B" if FROZEN_V1[10] != "B" else "C") + FROZEN_V1[11:],
     "deckcode_corrupt"),
])
def test_invalid_codes_raise_clear_errors(code: str, error: str) -> None:
    with pytest.raises(DeckCodeError) as info:
        decode(code)
    assert info.value.code == error
    assert info.value.message["hu"] and info.value.message["en"]
    assert info.value.as_dict()["code"] == error
    assert isinstance(info.value, ValueError)


def _v1(payload: bytes) -> str:
    return "1" + base64.urlsafe_b64encode(zlib.compress(payload)).rstrip(b"=").decode()


@pytest.mark.parametrize("payload", [b"crx*x", b"crx*0", b"CRX", b"crx,crx", b"crx*",
                                     b"a,,b", b"\xff\xfe"])
def test_well_packed_but_meaningless_payloads(payload: bytes) -> None:
    with pytest.raises(DeckCodeError) as info:
        decode(_v1(payload))
    assert info.value.code in {"deckcode_payload", "deckcode_corrupt"}


def test_decompression_bomb_refused() -> None:
    with pytest.raises(DeckCodeError):
        decode(_v1(b"a" * 200_000))


@pytest.mark.parametrize("deck", [{"Bad Slug": 1}, {"ok": 0}, {"ok": 1000}, {"ok": True},
                                  {"a,b": 1}, {"a*b": 2}])
def test_encode_refuses_what_it_cannot_round_trip(deck: dict) -> None:
    with pytest.raises(ValueError):
        encode(deck)


slugs = st.from_regex(r"[a-z0-9][a-z0-9_.-]{0,30}", fullmatch=True)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(slugs, st.integers(1, 999), max_size=40))
def test_property_roundtrip(deck: dict[str, int]) -> None:
    assert decode(encode(deck)) == deck


def test_error_with_a_callers_own_code_still_has_a_message() -> None:
    err = DeckCodeError("deck_code_invalid")
    assert err.code == "deck_code_invalid" and err.message["en"] and err.message["hu"]
