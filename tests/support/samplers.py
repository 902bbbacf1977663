"""The check every game's ``determinizer`` (``rulesets/base.py``) must pass, for the engine
suites (no Django): the search prepares a sampler once a decision and plays on each of its
samples, so a sample must be ``determinize``'s with the same generator, and playing on it
must change neither the next sample nor the real state (they share no list)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rulesets.rng import Rng


def assert_samples_share_nothing(ruleset: Any, sampler: Callable[[Any, int], Any],
                                 determinize: Callable[[Any, int, Rng], Any], state: Any,
                                 seat: int, moves: int) -> None:
    """Draw a sample of ``state`` for ``seat``, play up to ``moves`` heuristic moves on it,
    and check it against ``determinize``, the next sample and the real state."""

    def text(st: Any) -> str:
        return json.dumps(ruleset.to_json(st), sort_keys=True)

    before = text(state)
    sample = sampler(state, seat)
    first = sample(Rng(7))
    drawn = text(first)
    assert drawn == text(determinize(state, seat, Rng(7)))
    for k in range(moves):
        acting = ruleset.to_act(first)
        if not acting:
            break
        first, _ = ruleset.apply(first, acting[0],
                                 ruleset.bot_action(first, acting[0], "heuristic", f"d{k}"))
    assert text(first) != drawn          # (the moves were played on the sample)
    assert text(sample(Rng(7))) == drawn
    assert text(state) == before
