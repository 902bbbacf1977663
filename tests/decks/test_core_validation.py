"""The validator: every rule of every format, every violation code, the playability hook."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from decks.core import validation
from decks.core.cardindex import CardIndex
from decks.core.formats import (
    FORMATS,
    OPPOSED_RACES,
    RACES,
    Format,
    UnknownFormat,
    all_formats,
    format_keys,
    get_format,
    make_format,
)
from decks.core.validation import (
    expand_deck,
    normalize_deck,
    reset_default_playability,
    validate,
    validate_many,
)
from rulesets import registry

# -- a synthetic catalogue (all names clearly made up) ------------------------------------

TYPES_CYCLE = ["ship", "ship", "armament", "crew", "base", "event", "interrupt"]


def catalogue() -> CardIndex:
    cards = []
    for race in RACES:
        for i in range(7):
            cards.append({"slug": f"synth-{race}-{i}", "name_hu": f"Szint {race} {i}",
                          "name_en": f"Synth {race} {i}", "official": True,
                          "type": TYPES_CYCLE[i], "subtype": None, "race": race, "cost": i})
    cards += [
        {"slug": "synth-norace", "name_hu": "Szint fajtalan", "name_en": None,
         "official": True, "type": "ship", "race": None, "cost": 4},
        {"slug": "synth-practice", "name_hu": "Szint gyakorló", "name_en": None,
         "official": False, "type": "ship", "race": "ember", "cost": 2},
        # Two printings sharing one name (KG-1.6.2 counts by name).
        {"slug": "synth-twin-a", "name_hu": "Szint iker", "name_en": None,
         "official": True, "type": "ship", "race": "ember", "cost": 3},
        {"slug": "synth-twin-b", "name_hu": "Szint Iker", "name_en": None,
         "official": True, "type": "ship", "race": "ember", "cost": 3},
    ]
    return CardIndex(cards)


INDEX = catalogue()
LEGAL_RACES = ["ember", "inszektoid", "cerebrita", "triciplita"]


def legal_tournament_deck() -> dict[str, int]:
    """15 distinct cards x3 from one race of each opposed pair = 45."""
    deck = {}
    for race in LEGAL_RACES:
        for i in range(4):
            deck[f"synth-{race}-{i}"] = 3
    deck.pop("synth-triciplita-3")
    return deck


def codes(items: list[dict]) -> list[str]:
    return [v["code"] for v in items]


def only(result: dict, code: str, where: str = "errors") -> dict:
    found = [v for v in result[where] if v["code"] == code]
    assert len(found) == 1, result[where]
    return found[0]


def run(deck: dict | Iterable[Any], fmt: str | Format, **kw) -> dict:
    kw.setdefault("playability", None)
    return validate(deck, fmt, INDEX, **kw)


# -- formats as data ----------------------------------------------------------------------

def test_formats_are_data() -> None:
    """KG-13.2.5 / KG-13.3.4 / KG-13.4.1: the tournament format keeps the official deck rules
    (45 cards, 3 copies, the opposed race pairs) and the original combat system
    (``simplified_combat`` off)."""
    assert {"tournament", "tournament-any4", "tournament-norace", "practice",
            "casual"} <= set(format_keys())
    t = get_format("tournament")
    assert (t.size, t.max_copies, t.allow_unofficial) == (45, 3, False)
    assert [list(p) for p in t.opposed_races] == OPPOSED_RACES
    assert t.engine == "kgk"
    assert dict(t.engine_options) == {"rules": "official", "simplified_combat": False}
    assert get_format("practice").allow_unofficial is True
    assert get_format("tournament-any4").max_races == 4
    assert get_format("casual").size == 30 and get_format("casual").max_copies is None
    assert get_format("casual").engine_options["rules"] == "quick_start"
    assert get_format(t) is t
    # JSON-ready for the API, with bilingual titles.
    listed = json.loads(json.dumps(all_formats()))
    assert {f["key"] for f in listed} == set(FORMATS)
    assert all(f["title"]["hu"] and f["title"]["en"] and f["engine"] == "kgk" for f in listed)


def test_unknown_format_and_bad_records() -> None:
    with pytest.raises(UnknownFormat):
        get_format("nope")
    with pytest.raises(ValueError, match="opposed"):
        make_format("x", {"opposed_races": [["ember", "klingon"]]})
    with pytest.raises(ValueError, match="playability"):
        make_format("x", {"playability": "maybe"})
    with pytest.raises(ValueError, match="used_types"):
        make_format("x", {"used_types": ["spaceship"]})


def test_a_new_format_is_a_data_change() -> None:
    tiny = make_format("tiny", {"size": 2, "max_copies": 1, "playability": None})
    assert run({"synth-zarg-0": 2}, tiny)["errors"][0]["code"] == "deck_too_many_copies"
    assert run({"synth-zarg-0": 1, "synth-xeno-0": 1}, tiny)["valid"]


# -- tournament (KG-1.6) ------------------------------------------------------------------

def test_legal_tournament_deck() -> None:
    result = run(legal_tournament_deck(), "tournament")
    assert result == {**result, "valid": True, "errors": [], "warnings": [],
                      "format": "tournament"}
    assert result["stats"]["total"] == 45
    json.dumps(result)


@pytest.mark.parametrize(("extra", "variant_en"), [(-2, "2 too few"), (3, "3 too many")])
def test_deck_size(extra: int, variant_en: str) -> None:
    deck = legal_tournament_deck()
    if extra < 0:
        deck["synth-ember-0"] += extra
    else:
        deck["synth-norace"] = extra
    err = only(run(deck, "tournament"), "deck_size")
    assert err["details"] == {"expected": 45, "actual": 45 + extra, "diff": abs(extra)}
    assert variant_en in err["message"]["en"]
    assert "lap" in err["message"]["hu"]
    assert err["rule"] == "KG-1.6.1" and err["cards"] == []


def test_too_many_copies_by_name() -> None:
    deck = legal_tournament_deck()
    deck["synth-ember-0"] = 4
    deck["synth-ember-1"] = 2
    deck["synth-twin-a"] = 2
    deck["synth-twin-b"] = 2  # same name, different slug: 4 copies of "Szint iker"
    deck.pop("synth-inszektoid-0")
    deck["synth-inszektoid-1"] = 2
    result = run(deck, "tournament")
    copies = [v for v in result["errors"] if v["code"] == "deck_too_many_copies"]
    assert [(v["details"]["name"], v["details"]["count"], v["cards"]) for v in copies] == [
        ("Szint ember 0", 4, ["synth-ember-0"]),
        ("Szint iker", 4, ["synth-twin-a", "synth-twin-b"]),
    ]
    assert copies[0]["details"]["max"] == 3 and copies[0]["rule"] == "KG-1.6.2"
    assert "Szint ember 0" in copies[0]["message"]["hu"]
    assert "deck_size" not in codes(result["errors"])
    assert result["stats"]["total"] == 45


def test_opposed_races_each_pair_reported() -> None:
    deck = legal_tournament_deck()
    deck["synth-xeno-0"] = 1
    deck["synth-zarg-0"] = 1
    deck["synth-zarg-1"] = 1
    deck["synth-ember-0"] = 1
    deck["synth-ember-2"] = 2
    result = run(deck, "tournament")
    opposed = [v for v in result["errors"] if v["code"] == "deck_opposed_races"]
    assert [v["details"]["races"] for v in opposed] == [["ember", "xeno"], ["cerebrita", "zarg"]]
    first = opposed[0]
    assert first["details"]["cards_by_race"]["xeno"] == ["synth-xeno-0"]
    assert "synth-ember-0" in first["cards"] and "synth-xeno-0" in first["cards"]
    assert "Ember" in first["message"]["hu"] and "Human" in first["message"]["en"]
    assert first["rule"] == "KG-1.6.3"
    assert opposed[1]["details"]["count_b"] == 2
    assert "deck_too_many_races" not in codes(result["errors"])  # implied, not doubled
    assert "deck_size" not in codes(result["errors"])


def test_unofficial_card_not_in_tournament_but_in_practice() -> None:
    deck = legal_tournament_deck()
    deck["synth-ember-0"] = 2
    deck["synth-practice"] = 1
    err = only(run(deck, "tournament"), "deck_unofficial_card")
    assert err["cards"] == ["synth-practice"]
    assert err["details"]["names"] == ["Szint gyakorló"]
    assert "Szint gyakorló" in err["message"]["en"]
    assert run(deck, "practice")["valid"]
    assert not run(deck, "tournament-any4")["valid"]


def test_unknown_card_reported_with_suggestions_and_counted() -> None:
    deck = legal_tournament_deck()
    deck["synth-ember-0"] = 1
    deck["synth-ember-00"] = 2
    result = run(deck, "tournament")
    err = only(result, "deck_unknown_card")
    assert err["details"]["slug"] == "synth-ember-00" and err["details"]["count"] == 2
    assert err["cards"] == ["synth-ember-00"]
    assert "synth-ember-0" in err["details"]["suggestions"]
    assert "Did you mean" in err["message"]["en"] and "Erre gondoltál" in err["message"]["hu"]
    assert "deck_size" not in codes(result["errors"])  # the 2 unknown copies still count
    assert result["stats"]["unknown_cards"] == 2


@pytest.mark.parametrize("bad", [0, -1, "3", 2.5, True, None])
def test_invalid_count(bad: object) -> None:
    deck = legal_tournament_deck()
    deck["synth-zarg-5"] = bad  # type: ignore[assignment]
    err = only(run(deck, "tournament"), "deck_invalid_count")
    assert err["details"] == {"slug": "synth-zarg-5", "count": bad}
    assert "synth-zarg-5" in err["message"]["en"]


def test_race_unknown_is_a_warning_where_races_are_checked() -> None:
    deck = legal_tournament_deck()
    deck["synth-ember-0"] = 1
    deck["synth-norace"] = 2
    result = run(deck, "tournament")
    assert result["valid"]
    warn = only(result, "deck_race_unknown", "warnings")
    assert warn["cards"] == ["synth-norace"] and warn["details"]["count"] == 1
    assert "Szint fajtalan" in warn["message"]["hu"]
    assert "deck_race_unknown" in codes(run(deck, "tournament-any4")["warnings"])
    assert run(deck, "tournament-norace")["warnings"] == []


def test_every_message_has_both_languages_and_names() -> None:
    deck = {"synth-ember-0": 9, "synth-xeno-0": 1, "synth-practice": 1, "synth-norace": 1,
            "what": 1, "synth-zarg-0": 0}
    result = run(deck, "tournament")
    assert set(codes(result["errors"])) == {
        "deck_size", "deck_too_many_copies", "deck_opposed_races", "deck_unofficial_card",
        "deck_unknown_card", "deck_invalid_count"}
    for v in result["errors"] + result["warnings"]:
        assert set(v) == {"code", "message", "details", "cards", "rule"}
        assert v["message"]["hu"] and v["message"]["en"]
        assert v["message"]["hu"] != v["message"]["en"]
        assert "{" not in v["message"]["hu"] + v["message"]["en"]
    json.dumps(result)


# -- KG-13.3 simplified race restrictions -------------------------------------------------

def test_any4_allows_opposed_but_not_five_races() -> None:
    """A deck may mix any races, opposed ones too, up to four (KG-13.3.1)."""
    deck = {f"synth-{r}-{i}": 3 for r in ["ember", "xeno", "zarg", "cerebrita"]
            for i in range(4)}
    deck.pop("synth-zarg-3")
    deck.pop("synth-cerebrita-3")
    deck["synth-zarg-2"] = 3
    assert sum(deck.values()) == 42
    deck["synth-cerebrita-3"] = 3
    assert run(deck, "tournament-any4")["valid"]
    assert "deck_opposed_races" in codes(run(deck, "tournament")["errors"])
    deck["synth-cerebrita-3"] = 2
    deck["synth-urcapa-0"] = 1
    err = only(run(deck, "tournament-any4"), "deck_too_many_races")
    assert err["details"] == {"max": 4, "count": 5,
                              "races": ["ember", "xeno", "cerebrita", "zarg", "urcapa"]}
    assert "Space Shark" in err["message"]["en"] and "Űrcápa" in err["message"]["hu"]
    assert err["rule"] == "KG-13.3.1"
    assert "synth-urcapa-0" in err["cards"]


def test_norace_allows_all_eight_races() -> None:
    """KG-13.3.2: the second level of the simplified race restrictions allows any cards
    (all eight races valid in ``tournament-norace``)."""
    deck = {f"synth-{r}-{i}": 3 for r in RACES for i in range(2)}  # 48
    deck["synth-zarg-1"] = 1
    deck["synth-xeno-1"] = 2
    assert sum(deck.values()) == 45
    assert run(deck, "tournament-norace")["valid"]
    assert not run(deck, "tournament-any4")["valid"]


# -- casual / quick start (KG-16) ---------------------------------------------------------

def test_casual_quick_start_deck() -> None:
    ships = {"synth-ember-0": 10, "synth-xeno-0": 10, "synth-zarg-1": 10}  # any copies, races
    assert run(ships, "casual") == {**run(ships, "casual"), "valid": True, "errors": [],
                                    "warnings": []}
    err = only(run({"synth-ember-0": 31}, "casual"), "deck_size")
    assert err["details"]["diff"] == 1 and err["rule"] == "KG-16.1.1"
    mixed = {"synth-ember-0": 26, "synth-ember-2": 2, "synth-zarg-6": 2}
    result = run(mixed, "casual")
    assert result["valid"]
    warn = only(result, "deck_type_not_used", "warnings")
    assert warn["cards"] == ["synth-ember-2", "synth-zarg-6"] and warn["details"]["count"] == 4
    assert warn["rule"] == "KG-16.1.4"
    assert run({"synth-practice": 30}, "casual")["valid"]


# -- playability hook ---------------------------------------------------------------------

def cannot_play_zero_cost(card: dict) -> list[str]:
    return ["effect unknown"] if card.get("cost") == 0 else []


def test_playability_warning_for_tournament_error_for_play_formats() -> None:
    deck = legal_tournament_deck()
    tournament = validate(deck, "tournament", INDEX, playability=cannot_play_zero_cost)
    assert tournament["valid"]
    warns = [v for v in tournament["warnings"] if v["code"] == "deck_card_unplayable"]
    assert [v["cards"] for v in warns] == [[f"synth-{r}-0"] for r in LEGAL_RACES]
    assert warns[0]["details"] == {"name": "Szint ember 0", "reasons": ["effect unknown"]}
    assert "effect unknown" in warns[0]["message"]["en"]
    practice = validate(deck, "practice", INDEX, playability=cannot_play_zero_cost)
    assert not practice["valid"]
    assert codes(practice["errors"]) == ["deck_card_unplayable"] * 4
    casual = validate({"synth-ember-0": 28, "synth-ember-2": 2}, "casual", INDEX,
                      playability=lambda c: ["no"])
    # Only the ship is asked about: the armament is a dead card in the quick start.
    assert [v["cards"] for v in casual["errors"]] == [["synth-ember-0"]]
    assert validate(deck, "practice", INDEX, playability=None)["valid"]


def test_playability_is_asked_once_per_card_and_engine_errors_are_reasons() -> None:
    index = catalogue()
    calls: list[str] = []

    def hook(card: dict) -> list[str]:
        calls.append(card["slug"])
        raise RuntimeError("boom")

    deck = legal_tournament_deck()
    for _ in range(3):
        result = validate(deck, "practice", index, playability=hook)
    assert sorted(calls) == sorted(deck)
    assert result["errors"][0]["details"]["reasons"] == [
        "playability check failed: RuntimeError: boom"]


class _CardGame:
    """A ruleset with the optional ``playability`` method (all the validator asks of it)."""

    def __init__(self, check) -> None:
        self.playability = check


def _registry_with(monkeypatch: pytest.MonkeyPatch, name: str, game: object) -> None:
    real_get = registry.get
    monkeypatch.setattr(registry, "get", lambda n: game if n == name else real_get(n))
    reset_default_playability()


def test_default_playability_comes_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    _registry_with(monkeypatch, "kgk", _CardGame(lambda card, options: cannot_play_zero_cost(card)))
    try:
        result = validate(legal_tournament_deck(), "practice", catalogue())
        assert codes(result["errors"]) == ["deck_card_unplayable"] * 4
        # Resolved once: the same hook object, so the per-index memo of answers holds.
        opts = get_format("practice").engine_options
        assert validation.default_playability("kgk", opts) is validation.default_playability(
            "kgk", dict(opts))
    finally:
        reset_default_playability()


def test_default_playability_gets_the_format_options(monkeypatch: pytest.MonkeyPatch) -> None:
    # The KGK ruleset's method is playability(card, options); options are the format's
    # engine_options, whose "rules" is "official" or "quick_start".
    def engine_check(card: dict, options: dict) -> list[str]:
        return [f"not under {options.get('rules')}"] if card["slug"].endswith("-0") else []

    _registry_with(monkeypatch, "kgk", _CardGame(engine_check))
    try:
        index = catalogue()
        casual = validate({"synth-ember-0": 30}, "casual", index)
        assert casual["errors"][0]["details"]["reasons"] == ["not under quick_start"]
        practice = validate(legal_tournament_deck(), "practice", index)
        assert practice["errors"][0]["details"]["reasons"] == ["not under official"]
        tournament = validate(legal_tournament_deck(), "tournament", index)
        assert tournament["valid"] and "deck_card_unplayable" in codes(tournament["warnings"])
    finally:
        reset_default_playability()


def test_a_ruleset_without_playability_is_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry.playability("smugglers") is None      # a real game without the method
    fmt = make_format("dice", {**FORMATS["practice"], "engine": "smugglers"})
    assert validate(legal_tournament_deck(), fmt, INDEX)["valid"]


def test_default_playability_skipped_when_engine_missing() -> None:
    fmt = make_format("ghost", {**FORMATS["practice"], "engine": "no_such_engine_xyz"})
    assert validation.default_playability("no_such_engine_xyz") is None
    assert validate(legal_tournament_deck(), fmt, INDEX)["valid"]


def test_the_kgk_engine_answers_through_the_registry() -> None:
    check = registry.playability("kgk")
    assert check is not None
    unknown_effect = {"slug": "x", "name_hu": "X", "type": "event", "subtype": "special",
                      "race": "ember", "cost": 1, "effect": "unknown"}
    assert check(unknown_effect, {"rules": "official"})   # never played with a guess


# -- bulk and deck shapes -----------------------------------------------------------------

def test_validate_many_yields_progress() -> None:
    decks = {"good": legal_tournament_deck(), "bad": {"synth-ember-0": 1}}
    progress = list(validate_many(decks, "tournament", INDEX, playability=None))
    assert [(p["key"], p["done"], p["total"], p["result"]["valid"]) for p in progress] == [
        ("good", 1, 2, True), ("bad", 2, 2, False)]
    assert progress[0]["result"]["stats"] is None
    gen = ((i, legal_tournament_deck()) for i in range(3))
    out = list(validate_many(gen, "tournament", INDEX, playability=None, with_stats=True))
    assert [p["total"] for p in out] == [None] * 3 and out[2]["result"]["stats"]["total"] == 45


def test_normalize_and_expand() -> None:
    assert normalize_deck({"a": 2}) == {"a": 2}
    assert normalize_deck([("a", 2), ("b", 1), ("a", 1)]) == {"a": 3, "b": 1}
    assert normalize_deck(["a", "b", "a"]) == {"a": 2, "b": 1}
    assert normalize_deck([{"slug": "a"}, {"slug": "a", "count": 2}]) == {"a": 3}
    cards = expand_deck({"synth-zarg-1": 2, "synth-ember-0": 1}, INDEX)
    assert [c["slug"] for c in cards] == ["synth-ember-0", "synth-zarg-1", "synth-zarg-1"]
    assert normalize_deck(cards) == {"synth-ember-0": 1, "synth-zarg-1": 2}


def test_other_deck_shapes_are_normalised() -> None:
    as_list = [s for s, n in legal_tournament_deck().items() for _ in range(n)]
    assert run(as_list, "tournament")["valid"]
    assert run(list(legal_tournament_deck().items()), "tournament")["valid"]


def test_suggestions_capped_per_deck() -> None:
    deck = {f"synth-ember-{i}x": 1 for i in range(25)}
    errs = [e for e in run(deck, "tournament")["errors"] if e["code"] == "deck_unknown_card"]
    assert len(errs) == 25
    assert errs[0]["details"]["suggestions"] and errs[-1]["details"]["suggestions"] == []


def test_every_message_code_is_reachable_and_rendered() -> None:
    from decks.core.messages import TEMPLATES
    from decks.core.stats import deck_stats
    from decks.core.textformat import import_text

    seen: list[dict] = []
    first = run({"synth-ember-0": 9, "synth-xeno-0": 1, "synth-practice": 1,
                 "synth-norace": 1, "what": 1, "synth-zarg-0": 0}, "tournament")
    seen += first["errors"] + first["warnings"]
    seen += run({"synth-ember-0": 46}, "tournament")["errors"]
    big = run({f"synth-{r}-0": 1 for r in RACES}, "tournament-any4")
    seen += big["errors"] + big["warnings"]
    seen += run({"synth-ember-0": 29, "synth-ember-2": 1}, "casual")["warnings"]
    seen += validate({"synth-ember-0": 30}, "casual", INDEX, playability=lambda c: ["x"])["errors"]
    seen += deck_stats({"synth-ember-2": 1}, INDEX)["notes"]
    seen += import_text("1 Szint iker\n0 synth-ember-0\nnope", INDEX)["errors"]
    keys = {v["code"] for v in seen}
    assert keys == {k.split(":")[0] for k in TEMPLATES}
    sizes = {v["message"]["en"].split(" ")[-1] for v in seen if v["code"] == "deck_size"}
    assert sizes == {"many).", "few)."}  # both variants rendered
    for v in seen:
        assert v["message"]["hu"] != v["message"]["en"]
        assert "{" not in v["message"]["hu"] + v["message"]["en"]
