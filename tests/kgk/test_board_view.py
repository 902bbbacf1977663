"""What the board needs from the view: a chain item names its card for every
seat once the card is declared face up, so the board can say what waits to resolve."""

from __future__ import annotations

import json

from rulesets.kgk import RULESET as R

from .helpers import act, filler, mid_game, practice, put, scenario


def test_a_declared_card_on_the_chain_is_named_for_both_seats():
    decks = [[practice("Kiképző Kolibri")] + filler(12), filler(12)]
    s = scenario(decks, auto_pass=False)
    mid_game(s, 0)
    s["p"][0]["cr"] = 10
    kolibri = next(c["id"] for c in s["cards"] if c["o"] == 0
                   and s["defs"][c["d"]]["name"] == "Kiképző Kolibri")
    put(s, kolibri, "hand")
    # Seat 1 holds a card, so it may answer as far as seat 0 can tell (KG-12.3): the
    # window opens for it (with an empty hand and no ability it would not).
    put(s, next(c["id"] for c in s["cards"] if c["o"] == 1 and c["z"] == "colony"), "hand")
    before = R.view(s, 1)
    assert not before["chain"]
    assert all(c.get("id") != kolibri for p in before["players"] for c in (p["hand"] or []))
    act(s, 0, {"type": "play", "card": kolibri})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == 1
    for seat in (0, 1, None):
        [item] = R.view(s, seat)["chain"]
        assert item["card"] == kolibri
        assert item["name"] == "Kiképző Kolibri" and item["slug"] == "practice-kikepzo-kolibri"


def test_chain_targets_are_named_in_the_view() -> None:
    """The view says what a card and a chain item aim at (``target_kind``), so a board
    can tell a chain item number from a card id (the KG-14.3 chain)."""
    from rulesets.kgk import RULESET as R
    from rulesets.kgk import SCENARIOS_DIR, scenario_config
    from rulesets.kgk.scenario import card_ids

    cfg = scenario_config("kg-14-3-window")
    s = R.new_game(cfg, "seed")
    c = card_ids(json.loads((SCENARIOS_DIR / "kg-14-3-window.json").read_text("utf-8")))
    s, _ = R.apply(s, 1, {"type": "play", "card": c["et"], "target": c["cobra"]})
    s, _ = R.apply(s, 0, {"type": "play", "card": c["dc"], "target": c["hold"]})
    v = R.view(s, 1)
    assert [(it["item"], it["target_kind"]) for it in v["chain"]] == [(1, "ship"), (2, "ship")]
    hand = {h["id"]: h for h in v["players"][1]["hand"]}
    assert hand[c["fp"]]["target_kind"] == "chain"
    s, _ = R.apply(s, 1, {"type": "play", "card": c["fp"], "target": 2})
    top = R.view(s, 0)["chain"][-1]
    assert top["target_kind"] == "chain" and top["target"] == 2
