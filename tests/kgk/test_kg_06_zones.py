"""KGK rules, section 6: Play areas (zones) and what each player may see (``docs/rules/kgk/06-zones.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import json

from rulesets.kgk import RULESET as R

from .deck_checks import BY_RACE, LEGAL_FOUR, check, codes
from .positions import (
    DANI,
    FILL,
    LACI,
    attack,
    bombard,
    deciding,
    do,
    end_turn,
    finish_combat,
    legal,
    me,
    pass_until,
    position,
    seat,
)

ELME = "practice-oktato-elmevadasz"        # fighter 4-2-3-1


SOLYOM = "practice-oktato-solyom"          # fighter 4-2-3-1


LEZER = "practice-kikepzo-lezeragyu"       # weapon Tt+2


TISZT = "practice-oktatotiszt"             # captain


BUNKER = "practice-xeno-gyakorlobunker"    # bunker, limit 2, armor 4


CELGYAK = "practice-celgyakorlat"          # event: 2 damage to an opponent's ship


SEGELY = "practice-gyakorlo-segelyszallitmany"  # event: 1 credit, gain 3


TANROVAR = "practice-tanrovar"


def ids_in(cards):
    return [v.get("id") for v in cards]


def shows_id(view, cid) -> bool:
    """Whether a view (or event) names card ``cid`` anywhere, as an ``id`` or a ``card``."""
    text = json.dumps(view)
    return any(f'"{key}": {cid}{end}' in text for key in ("id", "card") for end in ",}]")


def test_kg_6_2_1_official_colony_is_exactly_45_with_three_of_a_card():
    """KG-6.2.1 (with KG-1.6.1, KG-1.6.2): an official colony is exactly 45 cards with at
    most three of any one card."""
    slugs = [s for r in LEGAL_FOUR for s in BY_RACE[r]][:15]
    deck = {s: 3 for s in slugs}
    assert check(deck, "practice")["valid"]
    for delta in (-1, 1):
        changed = dict(deck)
        slug = next(iter(changed))
        changed[slug] += delta
        assert "deck_size" in codes(check(changed, "practice"))
    four = dict(deck)
    a, b = list(four)[:2]
    four[a] += 1
    four[b] -= 1
    assert codes(check(four, "practice")) == ["deck_too_many_copies"]


def test_kg_6_2_2_nobody_sees_a_colony_not_even_its_owner():
    """KG-6.2.2, KG-6.2.4: each colony is only a count in every view, the owner's too;
    the card on top of it is named nowhere."""
    st, c = position(seat(colony=0, hand=[]) | {"colony": [{"card": SOLYOM, "label": "top"},
                                                           {"card": FILL, "count": 4}]},
                     seat())
    for who in (DANI, LACI):
        v = R.view(st, who)
        assert v["players"][DANI]["colony"] == 5
        assert not shows_id(v, c["top"])


def test_kg_6_2_3_the_colony_keeps_its_order_drawing_takes_the_top():
    """KG-6.2.3, KG-6.2.6, KG-6.8.3: a draw moves the top card (as the position lists the
    colony) into the central; the next draw takes the next one."""
    st, c = position(seat() | {"colony": [{"card": SOLYOM, "label": "a"},
                                          {"card": TANROVAR, "label": "b"},
                                          {"card": FILL, "count": 3}]}, seat())
    do(st, DANI, {"type": "draw"})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["hand"]) == [c["a"]]
    do(st, DANI, {"type": "draw"})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["hand"]) == [c["a"], c["b"]]
    assert me(st, DANI)["colony"] == 3


def test_kg_6_2_6_colony_bombardment_sends_top_cards_face_down_to_the_ruin():
    """KG-6.2.6, KG-6.4.1: bombarding a colony for 1 moves its top card into its owner's
    ruin, face down: the owner sees which card, the attacker only the count."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}]),
                     seat() | {"colony": [{"card": SOLYOM, "label": "top"},
                                          {"card": FILL, "count": 4}]})
    attack(st, DANI, {"target": "colony"}, [c["a"]])
    bombard(st, DANI, [c["a"]])
    finish_combat(st)
    assert me(st, LACI)["colony"] == 4 and ids_in(me(st, LACI)["ruin"]) == [c["top"]]
    assert me(st, DANI, LACI)["ruin_count"] == 1 and me(st, DANI, LACI)["ruin"] is None


def test_kg_6_3_1_trash_is_face_up_in_order_and_open_to_everyone():
    """KG-6.3.1, KG-6.3.2, KG-6.3.3: two resolved (paid) events lie face up in their
    owner's trash in the order they went there, and the opponent sees them as the owner
    does."""
    st, c = position(seat(hand=[{"card": SEGELY, "label": "e1"}, {"card": CELGYAK, "label": "e2"}]),
                     seat(hangar=[{"card": ELME, "label": "s"}]))
    do(st, DANI, {"type": "play", "card": c["e1"]})
    pass_until(st, "main")
    do(st, DANI, {"type": "play", "card": c["e2"], "target": c["s"]})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["trash"]) == [c["e1"], c["e2"]]
    assert me(st, LACI, DANI)["trash"] == me(st, DANI)["trash"]


def test_kg_6_4_2_ruin_only_its_owner_sees_bottom_card_drawn_with_five_or_fewer():
    """KG-6.4.2, KG-6.4.3, KG-6.4.4: the ruin's contents are shown to its owner only (the
    opponent sees a count); drawing from it takes its bottom card and keeps the rest in
    order, and is offered only while the colony has five cards or fewer."""
    ruin = [{"card": SOLYOM, "label": "r0"}, {"card": TANROVAR, "label": "r1"}]
    st, c = position(seat(colony=6, ruin=ruin), seat())
    assert {"type": "ruin_draw"} not in legal(st, DANI)
    st, c = position(seat(colony=5, ruin=ruin), seat())
    assert ids_in(me(st, DANI)["ruin"]) == [c["r0"], c["r1"]]
    assert me(st, LACI, DANI)["ruin"] is None and me(st, LACI, DANI)["ruin_count"] == 2
    do(st, DANI, {"type": "ruin_draw"})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["hand"]) == [c["r0"]]
    assert ids_in(me(st, DANI)["ruin"]) == [c["r1"]]


def test_kg_6_7_1_ships_lie_face_up_with_their_armaments_on_them():
    """KG-6.7.1: a ship played lies face up in its owner's hangar, seen by both; an
    armament lies on its ship (listed with it, not in any other zone)."""
    st, c = position(seat(hand=[{"card": SOLYOM, "label": "s"}, {"card": LEZER, "label": "l"}]),
                     seat())
    do(st, DANI, {"type": "play", "card": c["s"]})
    pass_until(st, "main")
    do(st, DANI, {"type": "place", "card": c["l"], "as": "armament", "ship": c["s"]})
    pass_until(st, "main")
    theirs = me(st, LACI, DANI)
    assert ids_in(theirs["hangar"]) == [c["s"]] and theirs["hangar"][0]["slug"] == SOLYOM
    assert len(theirs["hangar"][0]["att"]) == 1
    assert theirs["canteen"] == [] and theirs["surface"] == []


def test_kg_6_8_1_cards_are_played_from_the_central():
    """KG-6.8.1: playing a ship takes it out of the central (the hand count drops)."""
    st, c = position(seat(hand=[{"card": SOLYOM, "label": "s"}, FILL]), seat())
    do(st, DANI, {"type": "play", "card": c["s"]})
    pass_until(st, "main")
    assert me(st, LACI, DANI)["hand_count"] == 1 and c["s"] not in ids_in(me(st, DANI)["hand"])


def test_kg_6_8_2_hand_limit_five_discards_of_choice_into_the_ruin():
    """KG-6.8.2: ending the turn with seven cards in the central, the owner discards two
    of his choice into his ruin."""
    hand = [{"card": FILL, "label": f"h{k}"} for k in range(7)]
    st, c = position(seat(hand=hand), seat())
    do(st, DANI, {"type": "end_turn"})
    pass_until(st, "choose")
    for pick in (c["h2"], c["h5"]):
        assert deciding(st) == ("choose", DANI)
        do(st, DANI, {"type": "choose", "pick": pick})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["ruin"]) == [c["h2"], c["h5"]]
    assert me(st, LACI, DANI)["hand_count"] == 5


def test_kg_6_8_3_no_automatic_draw_and_five_credits_a_start_phase():
    """KG-6.8.3, KG-6.9.2: Laci's start phase (past the first turns) gives him 5 credits
    and no card: his central and colony are what they were."""
    st, c = position(seat(), seat(credits=3, hand=[FILL, FILL]))
    before = me(st, LACI)
    end_turn(st, DANI)
    pass_until(st, "main")
    after = me(st, LACI)
    assert R.view(st, LACI)["active"] == LACI
    assert (after["hand_count"], after["colony"]) == (before["hand_count"], before["colony"])
    assert after["credits"] == 3 + 5


def test_kg_6_8_4_the_central_is_hidden_its_count_is_not():
    """KG-6.8.4, KG-6.12: the opponent sees how many cards are in a central, not which."""
    st, c = position(seat(hand=[{"card": SOLYOM, "label": "s"}, FILL, FILL]), seat())
    theirs = me(st, LACI, DANI)
    assert theirs["hand"] is None and theirs["hand_count"] == 3
    assert not shows_id(R.view(st, LACI), c["s"]) and shows_id(R.view(st, DANI), c["s"])


def test_kg_6_9_3_credits_may_pass_twenty_in_the_turn_and_are_cut_to_twenty_at_its_end():
    """KG-6.9.1, KG-6.9.3, KG-6.9.4: playing from the pool; 19 + an event's 3 (after its
    cost of 1) is 21 during the turn; the end phase cuts it to 20; the opponent sees the
    amount all along."""
    st, c = position(seat(credits=19, hand=[{"card": SEGELY, "label": "e"}]), seat())
    do(st, DANI, {"type": "play", "card": c["e"]})
    pass_until(st, "main")
    assert me(st, DANI)["credits"] == 21 == me(st, LACI, DANI)["credits"]
    end_turn(st, DANI)
    assert me(st, LACI, DANI)["credits"] == 20


def test_kg_6_11_2_cards_go_to_their_owners_piles():
    """KG-6.11.1, KG-6.11.2: Dani's event destroys Laci's paid ship: the ship goes to
    Laci's trash, the event to Dani's."""
    st, c = position(seat(hand=[{"card": CELGYAK, "label": "e"}]),
                     seat(hangar=[{"card": FILL, "label": "s"}]))
    do(st, DANI, {"type": "play", "card": c["e"], "target": c["s"]})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["trash"]) == [c["e"]]
    assert ids_in(me(st, LACI)["trash"]) == [c["s"]]


def test_kg_6_12_what_each_seat_sees():
    """KG-6.12 (the table): the opponent sees paid cards in play, every trash, counts of
    colony, central and ruin, credits, rotations and developments; he does not see
    central or ruin contents or face-down cards in play, which their owner sees."""
    st, c = position(
        seat(credits=7, hand=[{"card": SOLYOM, "label": "h"}], ruin=[{"card": ELME, "label": "r"}],
             trash=[{"card": TANROVAR, "label": "t"}],
             hangar=[{"card": ELME, "label": "s", "state": "used", "damage": 1, "attached": [
                 {"card": LEZER, "label": "fd"}]}],
             canteen=[{"card": TISZT, "label": "crew"}],
             surface=[{"card": BUNKER, "label": "base", "development": 1}]),
        seat())
    theirs, mine = me(st, LACI, DANI), me(st, DANI)
    assert (theirs["credits"], theirs["colony"], theirs["hand_count"], theirs["ruin_count"]) == (
        7, 8, 1, 1)
    assert ids_in(theirs["trash"]) == [c["t"]] and ids_in(theirs["hangar"]) == [c["s"]]
    assert theirs["hangar"][0]["rot"] == 1 and theirs["surface"][0]["dev"] == 1
    assert theirs["hangar"][0]["armor_now"] == 3 - 1
    for hidden in ("h", "r", "fd", "crew", "base"):
        assert not shows_id(R.view(st, LACI), c[hidden]), hidden
        assert shows_id(R.view(st, DANI), c[hidden]), hidden
    assert ids_in(mine["hand"]) == [c["h"]] and ids_in(mine["ruin"]) == [c["r"]]
    assert ids_in(mine["canteen"]) == [c["crew"]] and ids_in(mine["surface"]) == [c["base"]]
    assert ids_in(mine["hangar"][0]["att"]) == [c["fd"]]


def test_kg_6_12_1_cards_looked_at_are_shown_once_to_the_looker_only():
    """KG-6.12.1: searching the colony (KG-9.3.3 h) shows the top five to the searcher
    only, while he chooses; the opponent's view of the decision carries no card; after
    the choice the other four are not shown any more."""
    st, c = position(seat() | {"colony": [{"card": FILL, "label": f"c{k}"} for k in range(8)]},
                     seat())
    do(st, DANI, {"type": "search"})
    mine, theirs = R.view(st, DANI)["decision"], R.view(st, LACI)["decision"]
    top = [c[f"c{k}"] for k in range(5)]
    assert ids_in(mine["cards"]) == top
    assert "cards" not in theirs and "opts" not in theirs
    do(st, DANI, {"type": "choose", "pick": c["c3"]})
    pass_until(st, "main")
    v = R.view(st, DANI)
    assert ids_in(v["players"][DANI]["hand"]) == [c["c3"]]
    for k in (0, 1, 2, 4):
        assert not shows_id(v, c[f"c{k}"])


def test_kg_6_12_2_face_down_plays_are_never_described_to_the_opponent():
    """KG-6.12.2: placing a crew face down tells the opponent where it went but not what it
    is: the event as he receives it names no card, and his view shows it hidden."""
    st, c = position(seat(hand=[{"card": TISZT, "label": "t"}]), seat())
    events = do(st, DANI, {"type": "place", "card": c["t"], "as": "crew"})
    seen = [R.event_view(e, LACI) for e in events]
    assert seen and all(e.get("card") != c["t"] for e in seen)
    assert all(not shows_id({"e": e}, c["t"]) for e in seen)
    pass_until(st, "main")
    assert me(st, LACI, DANI)["canteen"] == [{"hidden": True, "pos": 0, "rot": 0}]


def test_kg_6_9_3_limits_apply_only_in_their_owners_end_phase():
    """KG-6.9.3, KG-6.8.2, KG-6.7.2: the credit cap, the hand limit and the hangar limit
    are checked in *your* end phase: Laci, over all three during Dani's turn, keeps
    everything through Dani's end phase and is cut down in his own."""
    st, c = position(seat(),
                     seat(credits=20, hand=[{"card": FILL, "label": f"h{k}"} for k in range(7)],
                          hangar=[{"card": "practice-gyakorlo-bastyahajo", "label": f"d{k}"}
                                  for k in range(3)] + [{"card": SOLYOM, "label": "f"}]))
    end_turn(st, DANI)
    pass_until(st, "main")
    laci = me(st, LACI)
    assert R.view(st, LACI)["active"] == LACI
    assert (laci["credits"], laci["hand_count"], len(laci["hangar"])) == (25, 7, 4)
    do(st, LACI, {"type": "end_turn"})
    while (d := deciding(st)) and d[0] != "main":
        acts = legal(st, d[1])
        do(st, d[1], next(a for a in acts if a["type"] in ("choose", "pass")))
    laci = me(st, DANI, LACI)
    assert (laci["credits"], laci["hand_count"]) == (20, 5)
    assert len(laci["hangar"]) == 3 and laci["ruin_count"] == 2
