"""One conformance suite for every game in the registry: everything ``rulesets/base.py``
promises, checked the same way for each (after OpenSpiel's ``random_sim_test``).

A few seeded bot matches per game are played to the end once per session; every check
then walks the recorded match again and looks at sampled positions:

* the match ends with an outcome, and every bot move was one of the legal actions;
* replaying the log from the seed gives the same state, and the same seed the same match;
* state, views and events survive a JSON round trip, and a restored state plays on alike;
* a seat's view (and a spectator's) never depends on the zones it may not see (the
  game's declared ``hidden_zones``, rearranged);
* every legal action is accepted; an illegal one is refused with ``IllegalAction`` and
  leaves the state untouched.

Game-specific tests (``tests/<game>/``) keep only the game's own facts.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rulesets import registry
from rulesets.base import Action, IllegalAction, Ruleset, State
from rulesets.rng import Rng
from tests.support.conformance import (
    CASES,
    LEGAL_CAP,
    NAMES,
    SAMPLES,
    SEEDS,
    SLOW_CASES,
    Match,
    as_json,
    match,
    play,
    rearranged,
    replayed,
    sampled,
)

# ---- the object itself ---------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_the_registry_entry_is_a_ruleset(name: str) -> None:
    rs = registry.get(name)
    assert isinstance(rs, Ruleset)
    assert rs.name == name and rs.title
    assert 1 <= rs.min_players <= rs.max_players
    assert isinstance(rs.uses_decks, bool)
    assert all(isinstance(z, str) for z in getattr(rs, "hidden_zones", ()))
    assert registry.playability(name) is None or callable(registry.playability(name))


# ---- play to the end, replay, determinism ---------------------------------------------------

def check_finished(m: Match) -> None:
    rs = registry.get(m.name)
    final = rs.from_json(as_json(m.final))
    assert m.outcome is not None, "a finished match has an outcome"
    assert m.outcome.winners and set(m.outcome.winners) <= set(range(m.players))
    assert m.outcome.reason
    if m.outcome.scores is not None:
        assert len(m.outcome.scores) == m.players
    assert rs.to_act(final) == []
    assert all(rs.legal_actions(final, s) == [] for s in range(m.players))
    with pytest.raises(IllegalAction):
        rs.apply(final, 0, {"type": "pass"})
    assert rs.to_json(final) == m.final


@pytest.mark.parametrize("name,seed", CASES)
def test_seeded_bot_play_reaches_the_end(name: str, seed: str) -> None:
    check_finished(match(name, seed))


@pytest.mark.parametrize("name,seed", CASES)
def test_replay_from_the_log_gives_the_same_state(name: str, seed: str) -> None:
    m = match(name, seed)
    rs = registry.get(name)
    again = replayed(m)
    assert rs.to_json(again) == m.final
    assert rs.outcome(again) == m.outcome


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_plays_the_same_match(name: str) -> None:
    first = match(name, SEEDS[0])
    again = play(name, SEEDS[0])
    assert again.record == first.record and again.final == first.final
    rs = registry.get(name)
    config = rs.example_config(rs.min_players)
    assert rs.to_json(rs.new_game(config, "same")) == \
        rs.to_json(rs.new_game(rs.example_config(rs.min_players), "same"))
    # and another seed another one (the deal, the dice or the moves differ)
    other = play(name, "conf-other", first.players)
    assert (other.record, other.final) != (first.record, first.final)


# ---- JSON ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name,seed", CASES)
def test_state_view_and_events_survive_json(name: str, seed: str) -> None:
    m = match(name, seed)
    rs = registry.get(name)
    checked = 0
    for step, state, seat, action in sampled(m):
        data = rs.to_json(state)
        assert as_json(data) == data, "to_json gives plain JSON"
        restored = rs.from_json(as_json(data))
        assert rs.to_json(restored) == data
        assert rs.to_act(restored) == rs.to_act(state)
        assert rs.legal_actions(restored, seat) == rs.legal_actions(state, seat)
        for viewer in [None, *range(m.players)]:
            seen = rs.view(state, viewer)
            assert as_json(seen) == seen, f"view for {viewer} is plain JSON"
        # the restored state plays on exactly like the original
        trial = rs.from_json(as_json(data))
        trial, events = rs.apply(trial, seat, copy.deepcopy(action))
        assert as_json(events) == events
        for e in events:
            for viewer in [None, *range(m.players)]:
                seen_e = rs.event_view(e, viewer)
                assert seen_e is None or as_json(seen_e) == seen_e
        checked += 1
        if step == len(m.record) // 2:
            rest = rs.from_json(as_json(data))
            for s, a in m.record[step:]:
                rest, _ = rs.apply(rest, s, copy.deepcopy(a))
            assert rs.to_json(rest) == m.final, "a restored state plays on alike"
    assert checked >= min(SAMPLES, len(m.record))


# ---- hidden information -----------------------------------------------------------------------

@pytest.mark.parametrize("name,seed", CASES)
def test_a_view_never_shows_the_zones_its_seat_may_not_see(name: str, seed: str) -> None:
    m = match(name, seed)
    rs = registry.get(name)
    assert getattr(rs, "hidden_zones", ()), f"{name} declares its hidden zones"
    changed = 0
    for _step, state, _seat, _action in sampled(m):
        for viewer in [None, *range(m.players)]:
            other, n = rearranged(rs, state, viewer, f"{seed}:{_step}")
            changed += n
            assert rs.view(other, viewer) == rs.view(state, viewer), \
                f"seat {viewer}'s view depends on a zone it may not see"
            if viewer in rs.to_act(state):
                # nor its choices, nor its bots (they decide from what the seat sees)
                assert rs.legal_actions(other, viewer) == rs.legal_actions(state, viewer)
                for kind in ("random", "heuristic"):
                    assert rs.bot_action(other, viewer, kind, seed) == \
                        rs.bot_action(state, viewer, kind, seed)
    assert changed > 0, "the hidden zones were really rearranged"


def test_the_hidden_zone_check_catches_a_leak() -> None:
    """Guard against a vacuous check: a view that shows a hidden zone fails it."""
    rs = registry.get("kgk")

    class Leaky:
        hidden_zones = rs.hidden_zones  # type: ignore[attr-defined]

        def __getattr__(self, attr: str) -> Any:
            return getattr(rs, attr)

        def view(self, state: State, seat: int | None) -> dict[str, Any]:
            return {**rs.view(state, seat), "colony": state["p"][0]["colony"]}

    state = rs.new_game(rs.example_config(2), "leak")
    other, n = rearranged(Leaky(), state, 0)   # type: ignore[arg-type]
    assert n > 0 and Leaky().view(other, 0) != Leaky().view(state, 0)


# ---- legal accepted, illegal refused and harmless ---------------------------------------------

def near_misses(legal: list[Action]) -> list[Any]:
    """Actions no game may accept because no seat was offered them: an unknown type, no
    type, not an object, and legal actions with their values replaced by ones no game uses
    or their numbers put out of range."""
    out: list[Any] = [{"type": "__no_such_action__"}, {}, "pass", None, []]
    for a in legal[:3]:
        keys = [k for k in a if k != "type"]
        if keys:
            out.append({**a, **{k: "__nowhere__" for k in keys}})
        out.append({**a, "type": f"{a['type']}_x"})
        for k, v in a.items():        # one number off: out of range, negative, a bool
            if isinstance(v, int) and not isinstance(v, bool):
                out += [{**a, k: v + 1000}, {**a, k: -1}, {**a, k: str(v)}]
    return [x for x in out if x not in legal]


@pytest.mark.parametrize("name,seed", CASES)
def test_every_legal_action_is_accepted(name: str, seed: str) -> None:
    m = match(name, seed)
    rs = registry.get(name)
    tried = 0
    for _step, state, _seat, _action in sampled(m):
        for seat in rs.to_act(state):
            legal = rs.legal_actions(state, seat)
            assert legal, "a seat to act has a legal action"
            rng = Rng.from_seed(f"{seed}:{_step}:{seat}")
            picks = legal if len(legal) <= LEGAL_CAP else \
                [legal[rng.below(len(legal))] for _ in range(LEGAL_CAP)]
            for a in picks:
                trial = rs.from_json(as_json(rs.to_json(state)))
                rs.apply(trial, seat, copy.deepcopy(a))     # raises if refused
                tried += 1
    assert tried > 0


@pytest.mark.parametrize("name,seed", CASES)
def test_an_illegal_action_is_refused_and_leaves_the_state_untouched(name: str,
                                                                      seed: str) -> None:
    m = match(name, seed)
    rs = registry.get(name)
    refused = 0
    for _step, state, seat, _action in sampled(m):
        before = rs.to_json(state)
        legal = rs.legal_actions(state, seat)
        attempts: list[tuple[int, Any]] = [(seat, a) for a in near_misses(legal)]
        idle = [s for s in range(m.players) if s not in rs.to_act(state)]
        if idle:     # a seat with nothing to decide plays someone else's move
            attempts.append((idle[0], legal[0]))
        for who, bad in attempts:
            with pytest.raises(IllegalAction) as err:
                rs.apply(state, who, copy.deepcopy(bad))
            assert err.value.code and err.value.message
            refused += 1
            assert rs.to_json(state) == before, f"refusing {bad!r} changed the state"
    assert refused > 0


# ---- the deeper sweep -----------------------------------------------------------------------

@pytest.mark.parametrize("name,seed", SLOW_CASES)
def test_deep_sweep(name: str, seed: str) -> None:
    m = play(name, seed)
    check_finished(m)
    rs = registry.get(name)
    assert rs.to_json(replayed(m)) == m.final
    for _step, state, _seat, _action in sampled(m):
        for viewer in [None, *range(m.players)]:
            other, _n = rearranged(rs, state, viewer)
            assert rs.view(other, viewer) == rs.view(state, viewer)

