"""The conformance suite's seeded bot matches and what its checks share (also used by the
search bot's tests): a match per game and seed played once per session, walked again,
sampled, and a state whose hidden zones are dealt again."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from rulesets import registry
from rulesets.base import Action, Outcome, Ruleset, State
from rulesets.rng import Rng
from rulesets.search.hidden import zones as hidden_zone_lists

NAMES = registry.names()
SEEDS = ("conf-1", "conf-2")
SLOW_SEEDS = tuple(f"conf-deep-{i}" for i in range(12))
MAX_STEPS = 20_000       # a bot match that has not ended by then never will
SAMPLES = 12             # positions looked at closely per match
LEGAL_CAP = 25           # legal actions tried per sampled position


@dataclass
class Match:
    name: str
    seed: str
    players: int
    record: list[tuple[int, Action]]
    final: dict[str, Any]          # to_json of the last state
    outcome: Outcome | None


def players_for(rs: Ruleset, seed: str) -> int:
    # Alternate the smallest table and one seat more, so multi-seat paths are walked too.
    extra = sum(map(ord, seed)) % 2
    return min(rs.min_players + extra, rs.max_players)


def bot_kind(seed: str, seat: int) -> str:
    return "heuristic" if (sum(map(ord, seed)) + seat) % 3 == 0 else "random"


def play(name: str, seed: str, players: int | None = None) -> Match:
    """A seeded bot match to the end: which seat moves among several and each bot's
    choice come from the seed, so the match is a function of (game, seed)."""
    rs = registry.get(name)
    n = players if players is not None else players_for(rs, seed)
    state = rs.new_game(rs.example_config(n), seed)
    rng = Rng.from_seed(f"{seed}:order")
    record: list[tuple[int, Action]] = []
    for step in range(MAX_STEPS):
        to_act = rs.to_act(state)
        if not to_act:
            break
        seat = to_act[rng.below(len(to_act))]
        action = rs.bot_action(state, seat, bot_kind(seed, seat), f"{seed}:{step}")
        assert action in rs.legal_actions(state, seat), (name, seed, step, action)
        record.append((seat, copy.deepcopy(action)))
        state, _events = rs.apply(state, seat, action)
    else:
        pytest.fail(f"{name} {seed}: no end after {MAX_STEPS} steps")
    return Match(name, seed, n, record, rs.to_json(state), rs.outcome(state))


@functools.cache
def match(name: str, seed: str) -> Match:
    return play(name, seed)


def walk(m: Match) -> Iterator[tuple[int, State, int, Action]]:
    """Replay ``m`` from its seed, yielding ``(step, state, seat, action)`` before each
    move; a consumer may look at the state but must leave it as it found it."""
    rs = registry.get(m.name)
    state = rs.new_game(rs.example_config(m.players), m.seed)
    for step, (seat, action) in enumerate(m.record):
        yield step, state, seat, action
        state, _ = rs.apply(state, seat, copy.deepcopy(action))


def sampled(m: Match) -> Iterator[tuple[int, State, int, Action]]:
    every = max(1, len(m.record) // SAMPLES)
    for step, state, seat, action in walk(m):
        if step % every == 0:
            yield step, state, seat, action


def replayed(m: Match, upto: int | None = None) -> State:
    rs = registry.get(m.name)
    state = rs.new_game(rs.example_config(m.players), m.seed)
    for seat, action in m.record[:upto]:
        state, _ = rs.apply(state, seat, copy.deepcopy(action))
    return state


def as_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


CASES = [pytest.param(name, seed, id=f"{name}-{seed}") for name in NAMES for seed in SEEDS]
SLOW_CASES = [pytest.param(name, seed, id=f"{name}-{seed}", marks=pytest.mark.slow)
              for name in NAMES for seed in SLOW_SEEDS]


def rearranged(rs: Ruleset, state: State, viewer: int | None,
               seed: str = "rearrange") -> tuple[State, int]:
    """A copy of ``state`` where what ``viewer`` may not see is dealt again: for each
    declared hidden zone pattern, the items of every zone it names are pooled, shuffled
    and dealt back into the same zones with the same sizes (a face-down galaxy may so
    swap cards with another, a colony with another colony). Also how many zones changed."""
    data = as_json(rs.to_json(state))        # (the zones are paths into the JSON form)
    rng = Rng.from_seed(seed)
    changed = 0
    for pattern in getattr(rs, "hidden_zones", ()):
        zones = hidden_zone_lists(data, pattern, viewer)
        pool = [x for zone, cut in zones for x in zone[cut]]
        if len({json.dumps(x, sort_keys=True) for x in pool}) < 2:
            continue
        dealt = pool[1:] + pool[:1]          # a rotation moves every item at least once ...
        rng.shuffle(dealt)                   # ... a shuffle moves them across zones
        if dealt == pool:
            dealt = pool[1:] + pool[:1]
        at = 0
        for zone, cut in zones:
            size = len(zone[cut])
            if zone[cut] != dealt[at:at + size]:
                changed += 1
            zone[cut] = dealt[at:at + size]
            at += size
    return rs.from_json(data), changed
