"""Stops (rulesets/kgk/stops.py): whether a window asks a person is a function of public
information alone (KG-12.3: passing may reveal nothing about the cards in the hand)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rulesets.kgk import RULESET as R
from rulesets.kgk.chain import has_response
from rulesets.kgk.game_state import Game
from rulesets.kgk.stops import (
    DEFAULT_STOPS,
    FULL_CONTROL,
    KINDS,
    Stops,
    WindowContext,
    answer,
    ask_or_pass,
    stops_from_json,
    stops_to_json,
    window_context,
    window_kind,
)

SETTINGS = [DEFAULT_STOPS, Stops(FULL_CONTROL), Stops(frozenset()), Stops(pass_from_turn=3),
            *(Stops(frozenset({k})) for k in KINDS)]


def _with_hand(state: Game, seat: int, d: int) -> Game:
    """The same position with every card in ``seat``'s hand made definition ``d`` (the
    hand is the one part of the position its owner alone sees)."""
    other = copy.deepcopy(state)
    for cid in other["p"][seat]["hand"]:
        other["cards"][cid]["d"] = d
    other.reindex()
    return other


def _windows(seed: str, stops: Stops) -> Any:
    """Every window a person at seat 0 meets in a match against the bot, the server
    passing for them where their stops say so."""
    s = R.new_game({**R.example_config(), "automatic_seats": [1]}, seed)
    step = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        ctx = window_context(s)
        if seat == 0 and ctx is not None:
            yield s, ctx
            if not ask_or_pass(ctx, stops, 0):
                R.apply(s, 0, answer(s))
                continue
        R.apply(s, seat, R.bot_action(s, seat, "heuristic", f"{seed}:{step}"))
        step += 1


@pytest.mark.parametrize("seed", ["stops-0", "stops-1", "stops-2"])
def test_same_public_position_same_answer_whatever_the_hand(seed: str) -> None:
    """At every window, the position with a hand holding an interrupt that could answer
    and the one with a hand that could not give the same context, so every setting asks
    or passes alike."""
    probe = R.new_game({**R.example_config(), "automatic_seats": [1]}, seed)
    interrupts = [i for i, d in enumerate(probe["defs"]) if d["type"] == "interrupt"]
    plain = next(i for i, d in enumerate(probe["defs"]) if d["type"] == "ship")
    assert interrupts
    telling = 0
    for state, ctx in _windows(seed, DEFAULT_STOPS):
        if not state["p"][0]["hand"]:
            continue
        without = _with_hand(state, 0, plain)
        for d in interrupts:
            holding = _with_hand(state, 0, d)
            if has_response(holding, 0, ctx.step) and not has_response(without, 0, ctx.step):
                telling += 1
                seen_holding, seen_without = window_context(holding), window_context(without)
                assert seen_holding == seen_without == ctx
                assert seen_holding is not None and seen_without is not None
                for stops in SETTINGS:
                    assert ask_or_pass(seen_holding, stops, 0) == \
                        ask_or_pass(seen_without, stops, 0)
                break
    assert telling > 0      # (some windows really had an answer in one hand only)


def test_default_never_asks_after_ones_own_play() -> None:
    own = 0
    for _state, ctx in _windows("stops-own", DEFAULT_STOPS):
        if window_kind(ctx, 0) == "own":
            own += 1
            assert not ask_or_pass(ctx, DEFAULT_STOPS, 0)
            assert ask_or_pass(ctx, Stops(FULL_CONTROL), 0)
    assert own > 0


def test_the_kinds_of_window() -> None:
    card = WindowContext("main", 4, 1, 1, "card", 7, (0,))
    assert window_kind(card, 0) == "aimed"
    assert window_kind(card, 1) == "own"
    assert window_kind(WindowContext("main", 4, 1, 1, "card", 7, (1,)), 0) == "opponent"
    assert window_kind(WindowContext("target", 4, 1, 1, "attack", None, (0,)), 0) == "combat"
    assert window_kind(WindowContext("start", 4, 1, 1, "turn"), 1) == "step"
    assert window_kind(WindowContext("main", 4, 1, 1, "action"), 0) == "step"
    assert ask_or_pass(card, DEFAULT_STOPS, 0)
    assert not ask_or_pass(WindowContext("start", 4, 1, 1, "turn"), DEFAULT_STOPS, 0)


def test_pass_until_my_next_turn_lasts_until_it_begins() -> None:
    stops = Stops(FULL_CONTROL, pass_from_turn=4)
    aimed = WindowContext("main", 4, 1, 1, "card", 7, (0,))
    assert not ask_or_pass(aimed, stops, 0)                 # the opponent's turn 4
    mine = WindowContext("main", 5, 0, 1, "card", 7, (0,))
    assert ask_or_pass(mine, stops, 0)                      # turn 5 is seat 0's: over
    assert not ask_or_pass(WindowContext("main", 4, 0, 1, "card", 7, (0,)), stops, 0)


def test_stored_form_round_trips_and_bad_values_fall_back() -> None:
    stops = Stops(frozenset({"own", "combat"}), 9)
    assert stops_from_json(stops_to_json(stops)) == stops
    assert stops_from_json(None) == DEFAULT_STOPS
    assert stops_from_json({"ask": ["nonsense", "aimed"], "pass_from_turn": True}) == \
        Stops(frozenset({"aimed"}))


def test_a_combat_step_with_nothing_of_its_own_is_answered_done_by_default() -> None:
    """The equip and payment steps whose own moves are only "done" as everybody sees it
    (no ship to commit, no crew to board, nothing face down aboard) are windows in all
    but name: the default answers "done" for the person; full control asks."""
    steps = 0
    for state, ctx in _windows("stops-steps", DEFAULT_STOPS):
        if ctx.decision != "prio":
            steps += 1
            own = [a for a in R.legal_actions(state, 0) if a["type"] not in ("play", "ability")]
            assert own == [{"type": "done"}] and answer(state) == {"type": "done"}
            assert window_kind(ctx, 0) == "step"
            assert not ask_or_pass(ctx, DEFAULT_STOPS, 0)
            assert ask_or_pass(ctx, Stops(FULL_CONTROL), 0)
    assert steps > 0
