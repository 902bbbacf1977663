"""Roll's ``determinizer`` (the search prepares it once a decision): each sample is
``determinize``'s with the same generator, and a sample played on changes neither the
next one nor the real state (they share no list)."""

from __future__ import annotations

from rulesets.roll import RULESET as R
from rulesets.roll.determinize import determinize, sampler
from tests.support.samplers import assert_samples_share_nothing


def test_a_sample_is_determinizes_and_shares_nothing() -> None:
    state = R.new_game(R.example_config(3), "determinizer")
    checked = 0
    for step in range(120):
        seat = R.to_act(state)[0]
        if step % 9 == 4:
            assert_samples_share_nothing(R, sampler, determinize, state, seat, moves=10)
            checked += 1
        state, _ = R.apply(state, seat, R.bot_action(state, seat, "heuristic", f"s{step}"))
        if R.outcome(state) is not None:
            break
    assert checked >= 5
