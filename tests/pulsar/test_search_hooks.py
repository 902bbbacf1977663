"""Pulsar 2849's determinization shares the components with the real state: they never
change in a game, and copying them (19 KB of JSON) with every sample was most of what a
sample cost."""

from __future__ import annotations

import json

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.determinize import determinize, sampler
from rulesets.pulsar.lookups import compiled
from rulesets.rng import Rng
from rulesets.search import level_of, search
from tests.support.samplers import assert_samples_share_nothing


def test_a_sample_shares_the_components_and_their_compiled_form() -> None:
    state = R.new_game(R.example_config(2), "hooks-share")
    sample = determinize(state, 0, Rng.from_seed("hooks"))
    assert sample.comp is state.comp
    assert compiled(sample.comp) is compiled(state.comp)
    assert sample.players is not state.players


def test_searching_leaves_the_shared_components_as_they_were() -> None:
    state = R.new_game(R.example_config(2), "hooks-search")
    before = json.dumps(state.comp, sort_keys=True)
    level = level_of("search-easy", "pulsar")
    assert level is not None
    step = 0
    while R.to_act(state) and step < 60:
        seat = R.to_act(state)[0]
        if len(R.legal_actions(state, seat)) > 1 and step % 4 == 0:
            search(R, state, seat, level, f"hooks:{step}")
        R.apply(state, seat, R.bot_action(state, seat, "heuristic", f"hooks:{step}"))
        step += 1
    assert json.dumps(state.comp, sort_keys=True) == before


def test_a_sample_of_the_prepared_sampler_shares_no_list_with_the_next() -> None:
    """The search prepares ``sampler`` once a decision and plays on every sample: playing
    on one (systems revealed, tiles and transmitters drawn) must change neither the next
    sample nor the real state."""
    state = R.new_game(R.example_config(3), "hooks-sampler")
    checked = 0
    for step in range(150):
        acting = R.to_act(state)
        if not acting:
            break
        seat = acting[0]
        if step % 11 == 5:
            assert_samples_share_nothing(R, sampler, determinize, state, seat, moves=40)
            checked += 1
        R.apply(state, seat, R.bot_action(state, seat, "heuristic", f"s{step}"))
    assert checked >= 10
