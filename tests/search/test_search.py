"""The searching bot (rulesets/search) in every game: its samples agree with what the seat
sees, it reads nothing the seat could not see, a seed fixes its choice, and the engine
accepts every move of every sample."""

from __future__ import annotations

import copy
import gc
import itertools
import json
import threading
import time
import types
from typing import Any

import pytest

from rulesets import registry
from rulesets.base import Ruleset, State
from rulesets.rng import Rng
from rulesets.search import LEVELS, Level, cpu_budget, level_of, search
from rulesets.search.ismcts import action_key
from tests.support.conformance import CASES, NAMES, match, rearranged, sampled

TINY = Level("tiny", iterations=6, depth=6)


def snapshot(rs: Ruleset, state: State) -> str:
    return json.dumps(rs.to_json(state), sort_keys=True)


@pytest.mark.parametrize("name,seed", CASES)
def test_a_sample_shows_its_seat_what_the_seat_sees(name: str, seed: str) -> None:
    """Determinization consistency: the sampled state's view (and legal actions) for the
    seat equal the real ones; the real state is left alone; and the samples do deal
    the hidden information anew (the engine's generator at least, hidden zones too)."""
    m = match(name, seed)
    rs = registry.get(name)
    rng = Rng.from_seed(f"det:{seed}")
    looked = moved = 0
    for _step, state, _seat, _action in sampled(m):
        before = snapshot(rs, state)
        for seat in range(m.players):
            views = rs.view(state, seat)
            legal = rs.legal_actions(state, seat)
            for _ in range(3):
                det = rs.determinize(state, seat, rng)  # type: ignore[attr-defined]
                assert rs.view(det, seat) == views, f"seat {seat}'s view of a sample differs"
                assert rs.legal_actions(det, seat) == legal
                assert rs.to_act(det) == rs.to_act(state)
                assert rs.to_json(det)["rng"] != rs.to_json(state)["rng"], \
                    "a sample reseeds the engine's generator"
                other, changed = rearranged(rs, det, seat)
                moved += changed
                looked += 1
        assert snapshot(rs, state) == before, "determinize left the real state alone"
    assert looked and moved, "the samples have hidden zones to deal"


@pytest.mark.parametrize("name,seed", CASES)
def test_the_search_reads_nothing_its_seat_cannot_see(name: str, seed: str) -> None:
    """Hidden-zone invariance: with the zones the seat may not see rearranged (the
    conformance suite's shuffle), the samples are the same and so is the search's choice
    for the same seed."""
    m = match(name, seed)
    rs = registry.get(name)
    checked = 0
    for step, state, _seat, _action in sampled(m):
        for seat in rs.to_act(state):
            other, _n = rearranged(rs, state, seat, f"{seed}:{step}")
            a = rs.determinize(state, seat, Rng.from_seed(step))  # type: ignore[attr-defined]
            b = rs.determinize(other, seat, Rng.from_seed(step))  # type: ignore[attr-defined]
            assert snapshot(rs, a) == snapshot(rs, b), "a sample depends on hidden zones"
            assert search(rs, other, seat, TINY, f"{seed}:{step}").action == \
                search(rs, state, seat, TINY, f"{seed}:{step}").action
            checked += 1
    assert checked


def test_the_invariance_check_catches_a_leaky_determinization() -> None:
    """Guard against a vacuous check: a 'determinization' that copies the real state (so
    reads the colonies as they are) gives different samples once they are rearranged."""
    rs = registry.get("kgk")
    state = rs.new_game(rs.example_config(2), "leak")
    seat = rs.to_act(state)[0]
    other, n = rearranged(rs, state, seat)
    assert n > 0
    assert snapshot(rs, state.copy()) != snapshot(rs, other.copy())
    determinize = getattr(rs, "determinize")  # noqa: B009 (an optional protocol hook)
    assert snapshot(rs, determinize(state, seat, Rng(1))) == \
        snapshot(rs, determinize(other, seat, Rng(1)))


def positions(name: str, seed: str) -> list[tuple[State, int]]:
    m = match(name, seed)
    rs = registry.get(name)
    out = []
    for _step, state, seat, _action in sampled(m):
        if len(rs.legal_actions(state, seat)) > 1:
            out.append((rs.from_json(copy.deepcopy(rs.to_json(state))), seat))
    return out


def test_a_determinizer_draws_what_determinize_draws() -> None:
    """A game's ``determinizer`` (KGK's; the search prepares it once a decision) is its
    ``determinize`` for many samples of one state: each sample is ``determinize``'s with
    the same generator, and a sample played on changes neither the next one nor the
    real state (they share no list)."""
    rs = registry.get("kgk")
    found = positions("kgk", "conf-1")[:4]
    assert found, "positions with a choice"
    for state, seat in found:
        before = snapshot(rs, state)
        sample = rs.determinizer(state, seat)  # type: ignore[attr-defined]
        first = sample(Rng(7))
        drawn = snapshot(rs, first)
        assert drawn == snapshot(rs, rs.determinize(state, seat, Rng(7)))  # type: ignore[attr-defined]
        for step in range(12):               # (a KGK state is played on in place)
            acting = rs.to_act(first)
            if not acting:
                break
            first, _ = rs.apply(first, acting[0],
                                rs.bot_action(first, acting[0], "heuristic", f"d{step}"))
        assert snapshot(rs, first) != drawn
        assert snapshot(rs, sample(Rng(7))) == drawn
        assert snapshot(rs, state) == before


def test_a_kgk_sample_indexes_the_definitions_it_dealt() -> None:
    """A KGK sample deals definitions anew, so the per-seat indexes a match keeps from its
    start (cards with activated abilities, with auras, interrupts) are worked out again:
    they are those of the same sample read back from its stored form, which indexes every
    card from scratch."""
    rs = registry.get("kgk")
    found = positions("kgk", "conf-1")[:4]
    assert found, "positions with a choice"
    changed = 0
    for state, seat in found:
        real: Any = state                    # (KGK's state is a class of its own)
        sample = rs.determinizer(state, seat)  # type: ignore[attr-defined]
        for k in range(6):
            st: Any = sample(Rng(k))
            fresh: Any = rs.from_json(rs.to_json(st))
            assert (st.abil, st.auras, st.intr) == (fresh.abil, fresh.auras, fresh.intr)
            changed += st.intr != real.intr
    assert changed                           # (the deals did move interrupts between seats)


@pytest.mark.parametrize("name", NAMES)
def test_a_seeded_search_picks_the_same_move_twice(name: str) -> None:
    rs = registry.get(name)
    found = positions(name, "conf-1")[:4]
    assert found, "positions with a choice"
    for state, seat in found:
        before = snapshot(rs, state)
        first = search(rs, state, seat, TINY, "same")
        assert snapshot(rs, state) == before, "the search leaves the real state alone"
        again = search(rs, state, seat, TINY, "same")
        assert first.action == again.action and first.visits == again.visits
        assert first.action in rs.legal_actions(state, seat)
        assert first.iterations == TINY.iterations and first.failures == 0
        # through the ruleset's bot_action too, at a real level
        assert rs.bot_action(state, seat, "search-easy", "s") == \
            rs.bot_action(state, seat, "search-easy", "s")


@pytest.mark.parametrize("name", NAMES)
def test_every_sample_plays_on_without_a_refused_move(name: str) -> None:
    """The engine accepts every move the search makes in its samples (a refused one would
    be dropped and counted): the samples are well-formed states of the game."""
    rs = registry.get(name)
    for seed in ("conf-1", "conf-2"):
        for state, seat in positions(name, seed):
            r = search(rs, state, seat, Level("deep", iterations=4, depth=60), seed)
            assert r.failures == 0 and r.iterations == 4


def _ours(obj: object) -> str | None:
    """The name of a function or of an instance's class defined under ``rulesets`` (the
    engines' and the search's own making), None for whatever else the process runs and for
    the compiled build's closures: each holds its environment, which holds it, by the way
    mypyc builds them (a sampler's, once a decision; the Python build checks the rest)."""
    if isinstance(obj, types.FunctionType):
        module, name = obj.__module__, obj.__qualname__
    else:
        module, name = type(obj).__module__, type(obj).__qualname__
        if name.endswith(("_env", "_obj")):
            return None
    return f"{module}.{name}" if module.startswith("rulesets") else None


@pytest.mark.parametrize("name", NAMES)
def test_a_search_leaves_no_reference_cycles(name: str) -> None:
    """What a search's samples and playouts drop is freed at once by its reference count:
    a cycle (a nested function that calls itself holds itself through its closure) would
    leave every playout's garbage to the cycle collector, whose passes then cost the
    search several per cent of its time."""
    rs = registry.get(name)
    found = positions(name, "conf-1")[:3]
    assert found, "positions with a choice"
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for state, seat in found:
            search(rs, state, seat, Level("cycles", iterations=12, depth=60), "cycles")
        gc.collect()
        left = sorted({label for label in map(_ours, gc.garbage) if label})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []


@pytest.mark.parametrize("name", NAMES)
def test_the_levels_are_bot_kinds_with_growing_budgets(name: str) -> None:
    kinds = list(LEVELS)
    assert kinds == ["search-easy", "search", "search-hard"]
    levels = [level_of(k, name) for k in kinds]
    budgets = [lv.iterations * lv.depth for lv in levels if lv is not None]
    assert len(budgets) == 3 and budgets == sorted(budgets) and len(set(budgets)) == 3
    assert level_of("heuristic", name) is None


def test_a_single_legal_action_is_played_without_searching() -> None:
    rs = registry.get("smugglers")
    state = rs.new_game(rs.example_config(2), "one")
    seat = rs.to_act(state)[0]
    legal: list[Any] = rs.legal_actions(state, seat)
    if len(legal) == 1:
        assert search(rs, state, seat, LEVELS["search"], "x").iterations == 0


def test_a_failing_search_falls_back_to_the_heuristic_bot(monkeypatch, caplog) -> None:
    """A bug in a game's hooks must not stall a match: the heuristic bot moves instead."""
    rs = registry.get("smugglers")
    state, seat = positions("smugglers", "conf-1")[0]

    def broken(state: State, seat: int, rng: Rng) -> State:
        raise KeyError("broken hook")

    monkeypatch.setattr(type(rs), "determinize", staticmethod(broken))
    assert rs.bot_action(state, seat, "search", "f") == \
        rs.bot_action(state, seat, "heuristic", "f")
    assert "search failed" in caplog.text


def test_a_heuristic_playout_wrong_footed_by_the_tree_plays_on() -> None:
    """Roll's heuristic bot never starts a power, so after the tree started one for it
    the bot answers with a move the engine refuses; the playout then moves at random
    for that step instead of dropping the iteration (and a dropped one's node is tried
    again, not divided by its zero visits)."""
    rs = registry.get("roll")
    level = Level("heuristic playouts", iterations=12, depth=60, heuristic_share=1.0)
    state = rs.new_game(rs.example_config(2), "rf-0")
    searched = step = 0
    while rs.to_act(state) and searched < 6:
        seat = rs.to_act(state)[0]
        if any(a["type"] == "power" for a in rs.legal_actions(state, seat)):
            r = search(rs, state, seat, level, f"w-{step}")
            assert r.failures == 0 and r.iterations == level.iterations
            searched += 1
        state, _ = rs.apply(state, seat, rs.bot_action(state, seat, "heuristic", f"w{step}"))
        step += 1
    assert searched


@pytest.mark.parametrize("name", NAMES)
def test_a_level_reads_no_clock(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The budgets are iterations, never seconds: a search at a real level runs with every
    clock refused, so a busy machine cannot change how far it searches or what it picks
    (bench/bot_strength.py measures its CPU with the thread's own CPU time)."""

    # Refused on this thread only: a server an earlier test left running in this process
    # (a live path's heartbeat) reads the clock on its own thread and must not die of it.
    searching = threading.get_ident()

    def refusing(real: Any) -> Any:
        def read(*args: Any) -> Any:
            if threading.get_ident() == searching:
                raise AssertionError("the search read a clock")
            return real(*args)
        return read

    rs = registry.get(name)
    level = level_of("search-easy", name)
    assert level is not None
    state, seat = positions(name, "conf-1")[0]
    expected = search(rs, state, seat, level, "clock")
    for clock in ("time", "monotonic", "perf_counter", "process_time", "thread_time",
                  "time_ns", "monotonic_ns", "perf_counter_ns", "process_time_ns",
                  "thread_time_ns"):
        monkeypatch.setattr(time, clock, refusing(getattr(time, clock)))
    again = search(rs, state, seat, level, "clock")
    assert (again.action, again.visits, again.iterations) == \
        (expected.action, expected.visits, level.iterations)


@pytest.mark.parametrize("name", NAMES)
def test_action_keys_are_the_actions_sorted_compact_json(name: str) -> None:
    """The tree's key of an action (one shared encoder, built once) is the string
    ``json.dumps`` with sorted keys and compact separators makes, for every legal action
    along a seeded game."""
    rs = registry.get(name)
    state = rs.new_game(rs.example_config(2), "keys")
    seen = 0
    for step in range(150):
        acting = rs.to_act(state)
        if not acting:
            break
        seat = acting[0]
        for a in rs.legal_actions(state, seat):
            assert action_key(a) == json.dumps(a, sort_keys=True, separators=(",", ":"))
            seen += 1
        state, _ = rs.apply(state, seat, rs.bot_action(state, seat, "random", f"k{step}"))
    odd = {"z": [1, {"b": "é", "a": None}], "a": True, "m": 1.5}
    assert action_key(odd) == json.dumps(odd, sort_keys=True, separators=(",", ":"))
    assert seen > 100


@pytest.mark.parametrize("name", NAMES)
def test_a_cpu_budget_stops_the_search_early_with_a_legal_move(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server whose bots are all waited for caps each search's CPU time: the search
    stops when its thread's CPU clock passes the budget (here a clock that ticks a
    second at every look), having run at least one iteration."""
    rs = registry.get(name)
    state, seat = positions(name, "conf-1")[0]
    long = Level("long", iterations=10_000, depth=6)
    ticks = itertools.count()
    monkeypatch.setattr(time, "thread_time", lambda: float(next(ticks)))
    with cpu_budget(5.0):
        capped = search(rs, state, seat, long, "budget")
    assert capped.iterations + capped.failures == 5
    assert capped.action in rs.legal_actions(state, seat)
    with cpu_budget(0.0):
        assert search(rs, state, seat, long, "budget").iterations == 1
    assert search(rs, state, seat, TINY, "budget").iterations == TINY.iterations
