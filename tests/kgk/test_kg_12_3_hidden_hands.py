"""KG-12.3: nobody may give out information about the cards in his hand ("A központodban
és az asztalon lévő kifizetetlen lapokat nem mutathatod meg a többi játékosnak, és nem is
adhatsz ki róluk információkat"; the central, "központ", is the hand). Whether a seat is offered a window or a
decision must not depend on what its hand holds: in a match with people in it (the host
names the seats programs play in ``automatic_seats``), a person is asked whenever he could
respond as far as the others can tell (a card in hand, an ability to use), and programs
keep the quick skip ("bots are unaffected")."""

from __future__ import annotations

import pytest

from rulesets.base import ConfigError
from rulesets.kgk import RULESET as R

from .helpers import act
from .test_rules import A, B, bombard_with, on_table, setup

PEOPLE: list[int] = []          # automatic_seats of a match between two people


def _after_a_ship(hand_card, **opts):
    s = setup(["Kiképző Kolibri"], [hand_card], **opts)
    ship = on_table(s, A, "Kiképző Kolibri", "hand")
    on_table(s, B, hand_card, "hand")
    act(s, A, {"type": "play", "card": ship})
    return s


def _seen_by_a(s):
    view = R.view(s, A)
    return {k: view[k] for k in ("to_act", "decision") if k in view}, R.to_act(s)


def test_kg_12_3_a_window_after_a_ship_opens_whatever_the_hand_holds():
    """Old engine: seat A saw `prio` when B held an interrupt and `main` when not."""
    with_interrupt = _after_a_ship("Kiképzési parancs", automatic_seats=PEOPLE)
    without = _after_a_ship("Tanműhely", automatic_seats=PEOPLE)
    for s in (with_interrupt, without):
        assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    assert _seen_by_a(with_interrupt) == _seen_by_a(without)
    assert R.legal_actions(without, B) == [{"type": "pass"}]


def test_kg_12_3_programs_keep_the_quick_skip():
    """A seat a program plays (the host lists it) is still skipped when it holds
    nothing to add: bots are unaffected, and games of programs only (no list) too."""
    for opts in ({"automatic_seats": [B]}, {}):
        s = _after_a_ship("Tanműhely", **opts)
        assert s["dec"] == {"kind": "main", "seat": A}, opts
        s = _after_a_ship("Kiképzési parancs", **opts)
        assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B, opts


def test_kg_12_3_an_empty_hand_is_skipped_because_everybody_sees_it():
    s = setup(["Kiképző Kolibri"], [], automatic_seats=PEOPLE)
    ship = on_table(s, A, "Kiképző Kolibri", "hand")
    assert not s["p"][B]["hand"]
    act(s, A, {"type": "play", "card": ship})
    assert s["dec"] == {"kind": "main", "seat": A}


@pytest.mark.parametrize("base", ["Gyakorló aknazár", "Vaktöltény-csapda"])
def test_kg_12_3_bombarding_an_unpaid_base_asks_whether_or_not_it_is_a_trap(base):
    """KG-9.8.5 with KG-12.3: the face-down base's owner is asked whether to pay it as a
    trap whatever it is (old engine: only when it was a payable trap, which told the
    attacker what lay face down)."""
    s = setup(["Gyakorló Bástyahajó"], [base], cr=(20, 5), automatic_seats=PEOPLE)
    d = on_table(s, A, "Gyakorló Bástyahajó")
    b = on_table(s, B, base, "surface", paid=False)
    bombard_with(s, "base", [d], pos=0)
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert s["dec"] == {"kind": "trap", "seat": B, "card": b}
    legal = {a["type"] for a in R.legal_actions(s, B)}
    assert legal == ({"decline"} if base == "Gyakorló aknazár" else {"decline", "pay_trap"})
    act(s, B, {"type": "decline"})
    assert s["cards"][b]["z"] == "ruin"


@pytest.mark.parametrize("value", ["yes", [7], [True], 1])
def test_auto_pass_option_is_checked(value):
    with pytest.raises(ConfigError) as e:
        R.new_game({**R.example_config(2), "options": {"auto_pass": value}}, "x")
    assert e.value.details.get("field") == "auto_pass"


def test_the_host_list_decides_auto_pass_and_is_checked():
    cfg = R.example_config(2)
    assert R.new_game({**cfg, "automatic_seats": [1]}, "x")["opts"]["auto_pass"] == [1]
    off = {**cfg, "options": {**cfg.get("options", {}), "auto_pass": False}}
    assert R.new_game({**off, "automatic_seats": [1]}, "x")["opts"]["auto_pass"] == []
    assert R.new_game(cfg, "x")["opts"]["auto_pass"] is True
    with pytest.raises(ConfigError):
        R.new_game({**cfg, "automatic_seats": "1"}, "x")
