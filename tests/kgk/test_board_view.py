"""What the board needs from the view (issue 15): a chain item names its card for every
seat once the card is declared face up, so the board can say what waits to resolve."""

from __future__ import annotations

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
