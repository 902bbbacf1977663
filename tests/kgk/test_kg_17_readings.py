"""KGK rules, section 17: Readings: where the rulebook is unclear, and what we read it as (``docs/rules/kgk/17-readings.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from rulesets.kgk import RULESET as R

from .early_games import A, B, on_table, setup, to_fire
from .helpers import act, put, ship_state


def test_kg_17_5_two_consecutive_declines_end_firing():
    s = setup(["Kiképző Kolibri"], ["Tanmodul-vadász"])
    k = on_table(s, A, "Kiképző Kolibri")
    b = on_table(s, B, "Tanmodul-vadász")
    to_fire(s, A, "colony", [k], [b])
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "pass"})
    assert s["dec"]["kind"] == "bomb" and ship_state(s, k)[0] == "A"


def test_kg_17_27_own_empty_colony_loses_only_at_the_opponents_check():
    s = setup([], [])
    for c in list(s["p"][A]["colony"]):
        put(s, c, "ruin")
    act(s, A, {"type": "end_turn"})
    assert R.outcome(s) is None
    act(s, B, {"type": "end_turn"})
    assert R.outcome(s).winners == (B,)


def test_kg_17_17_hangar_discard_takes_its_armaments():
    s = setup(["Gyakorló Bástyahajó"] * 3 + ["Oktató Sólyom", "Kiképző lézerágyú",
                                              "Gyakorló pajzs"], [])
    for i in range(3):
        on_table(s, A, "Gyakorló Bástyahajó", k=i)
    f = on_table(s, A, "Oktató Sólyom")
    gun = on_table(s, A, "Kiképző lézerágyú", "att", ship=f, paid=True)
    shield = on_table(s, A, "Gyakorló pajzs", "att", ship=f, paid=False)
    act(s, A, {"type": "end_turn"})
    act(s, A, {"type": "choose", "pick": f})
    assert [s["cards"][x]["z"] for x in (f, gun, shield)] == ["trash", "trash", "ruin"]
