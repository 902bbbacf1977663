"""Deck statistics, the cost-curve SVG and deck diffs."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from decks.core.cardindex import CardIndex
from decks.core.stats import COST_BUCKETS, apply_diff, deck_stats, diff_decks
from decks.core.svg import cost_curve_svg

SVG = "{http://www.w3.org/2000/svg}"


def card(slug: str, type_: str | None, cost: int | None, *, subtype: str | None = None,
         race: str | None = None, cost_rule: str | None = None) -> dict:
    return {"slug": slug, "name_hu": f"Szint {slug}", "name_en": None, "official": False,
            "type": type_, "subtype": subtype, "race": race, "cost": cost,
            "cost_rule": cost_rule}


INDEX = CardIndex([
    card("s-scout", "ship", 0, subtype="scout", race="ember"),
    card("s-fighter", "ship", 3, subtype="fighter", race="ember"),
    card("s-big", "ship", 15, subtype="destroyer", race="zarg"),
    card("s-ten", "ship", 10, race="zarg"),
    card("s-crew", "crew", 5, subtype="personnel"),
    card("s-var", "interrupt", None, cost_rule="neutralised_cost"),
    card("s-unk", "interrupt", None),
    card("s-odd", None, 2),
])


def test_counts_curve_average_and_share() -> None:
    deck = {"s-scout": 3, "s-fighter": 2, "s-big": 1, "s-ten": 1, "s-crew": 2, "s-var": 1,
            "s-unk": 2, "s-odd": 1, "ghost": 4, "s-bad": 0}
    s = deck_stats(deck, INDEX)
    json.dumps(s)
    assert s["total"] == 17 and s["distinct"] == 8 and s["unknown_cards"] == 4
    assert s["by_type"] == {"ship": 7, "armament": 0, "crew": 2, "base": 0, "event": 0,
                            "interrupt": 3, "unknown": 1}
    assert s["by_subtype"]["ship"] == {"scout": 3, "fighter": 2, "destroyer": 1, "unknown": 1}
    assert s["by_subtype"]["interrupt"] == {"unknown": 3}
    assert s["by_race"] == {"ember": 5, "zarg": 2, "unknown": 6}
    assert list(s["cost_curve"]) == list(COST_BUCKETS) == [*map(str, range(10)), "10+"]
    assert s["cost_curve"]["0"] == 3 and s["cost_curve"]["3"] == 2
    assert s["cost_curve"]["10+"] == 2 and s["cost_curve"]["5"] == 2
    assert s["cost_curve"]["2"] == 1
    assert sum(s["cost_curve"].values()) == 10
    assert (s["cost_unknown"], s["cost_variable"]) == (2, 1)
    assert s["average_cost"] == round((0 * 3 + 3 * 2 + 15 + 10 + 5 * 2 + 2) / 10, 2)
    assert s["ship_share"] == round(7 / 13, 4)
    assert s["notes"] == []


def test_few_ships_advice() -> None:
    s = deck_stats({"s-scout": 1, "s-crew": 2}, INDEX)
    (note,) = s["notes"]
    assert note["code"] == "stats_few_ships" and note["rule"] == "KG-1.5.3"
    assert note["details"] == {"ships": 1, "total": 3, "percent": 33}
    assert "33%" in note["message"]["hu"] and "at least half" in note["message"]["en"]
    assert deck_stats({"s-scout": 1, "s-crew": 1}, INDEX)["notes"] == []  # exactly half


def test_empty_deck() -> None:
    s = deck_stats({}, INDEX)
    assert s["total"] == 0 and s["average_cost"] is None and s["ship_share"] == 0.0
    assert s["notes"] == []
    ET.fromstring(cost_curve_svg(s))


def test_svg_is_accessible_and_labelled() -> None:
    s = deck_stats({"s-scout": 3, "s-big": 1, "s-var": 1, "s-unk": 2}, INDEX)
    svg = cost_curve_svg(s, lang="en", id_prefix="deck7")
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.get("aria-labelledby") == "deck7-title deck7-desc"
    title, desc_node = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc_node is not None
    assert title.text == "Cost curve"
    desc = desc_node.text or ""
    assert "cards costing 0: 3" in desc and "unknown or variable: 3" in desc
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for label in [*COST_BUCKETS, "?", "3", "1", "Cost (credits)", "Cards"]:
        assert label in texts, label
    assert len(list(root.iter(f"{SVG}rect"))) == len(COST_BUCKETS) + 1
    assert "<script" not in svg and "on" + "click" not in svg
    hu = cost_curve_svg(s)
    assert "Költséggörbe" in hu and "Költség (credit)" in hu
    assert "&lt;b&gt;" in cost_curve_svg(s, title="<b>")


def test_diff_added_removed_changed() -> None:
    old = {"a": 3, "b": 2, "c": 1}
    new = {"a": 1, "c": 1, "d": 2}
    d = diff_decks(old, new)
    assert d == {"added": [{"slug": "d", "count": 2}],
                 "removed": [{"slug": "b", "count": 2}],
                 "changed": [{"slug": "a", "from": 3, "to": 1, "delta": -2}],
                 "cards_added": 2, "cards_removed": 4}
    assert diff_decks(old, old) == {"added": [], "removed": [], "changed": [],
                                    "cards_added": 0, "cards_removed": 0}
    assert apply_diff(old, d) == new


decks = st.dictionaries(st.sampled_from("abcdefg"), st.integers(1, 5))


@given(decks, decks)
def test_property_apply_diff_restores_new(old: dict, new: dict) -> None:
    d = diff_decks(old, new)
    assert apply_diff(old, d) == new
    assert d["cards_added"] - d["cards_removed"] == sum(new.values()) - sum(old.values())


def test_odd_types_and_races_from_data_still_counted() -> None:
    index = CardIndex([card("s-x", "relic", 1, race="klingon", subtype="odd"),
                       card("s-y", "ship", 1, race="zarg")])
    s = deck_stats({"s-x": 2, "s-y": 1}, index)
    assert s["by_type"]["relic"] == 2 and s["by_type"]["armament"] == 0
    assert "relic" not in deck_stats({"s-y": 1}, index)["by_type"]
    assert list(s["by_race"]) == ["zarg", "klingon"]
    assert s["by_subtype"] == {"ship": {"unknown": 1}, "relic": {"odd": 2}}
