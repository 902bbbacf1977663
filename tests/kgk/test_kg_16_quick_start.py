"""KGK rules, section 16: The quick start (Gyorstalpaló) and how it differs from the official rules (``docs/rules/kgk/16-quick-start.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from rulesets.kgk import RULESET as R

from .early_games import A, B, setup
from .helpers import act, legal_types, put


def test_kg_16_quick_start_ships_only_five_credits_no_mulligan():
    cfg = R.example_config(2)
    cfg["options"]["rules"] = "quick_start"
    s = R.new_game(cfg, "qs")
    assert s["dec"]["kind"] == "main"                     # KG-16.2.4: no mulligan
    seat = s["active"]
    assert s["p"][seat]["cr"] == 10                       # KG-16.1.6
    types = {s["defs"][s["cards"][a["card"]]["d"]]["type"]
             for a in R.legal_actions(s, seat) if "card" in a}
    assert types <= {"ship"}                               # KG-16.1.4
    assert legal_types(s, seat) <= {"play", "draw", "end_turn"}


def test_kg_16_2_12_quick_start_ends_when_a_colony_runs_out():
    s = setup([], [], rules="quick_start", fill=6)
    for c in list(s["p"][A]["colony"][:-1]):
        put(s, c, "hand")
    act(s, A, {"type": "draw"})
    assert R.outcome(s).winners == (B,)
