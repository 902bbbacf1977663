"""Roll's ``determinizer`` (the search prepares it once a decision): each sample is
``determinize``'s with the same generator, and a sample played on changes neither the
next one nor the real state (they share no list)."""

from __future__ import annotations

import json

from rulesets.rng import Rng
from rulesets.roll import RULESET as R
from rulesets.roll.determinize import determinize, sampler


def _text(state) -> str:
    return json.dumps(R.to_json(state), sort_keys=True)


def test_a_sample_is_determinizes_and_shares_nothing() -> None:
    state = R.new_game(R.example_config(3), "determinizer")
    checked = 0
    for step in range(120):
        seat = R.to_act(state)[0]
        if step % 9 == 4:
            before = _text(state)
            sample = sampler(state, seat)
            first = sample(Rng(7))
            drawn = _text(first)
            assert drawn == _text(determinize(state, seat, Rng(7)))
            for k in range(10):
                acting = R.to_act(first)
                if not acting:
                    break
                first, _ = R.apply(first, acting[0],
                                   R.bot_action(first, acting[0], "heuristic", f"d{k}"))
            assert _text(sample(Rng(7))) == drawn
            assert _text(state) == before
            checked += 1
        state, _ = R.apply(state, seat, R.bot_action(state, seat, "heuristic", f"s{step}"))
        if R.outcome(state) is not None:
            break
    assert checked >= 5
