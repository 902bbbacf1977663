"""The sister games' speed layer (``rulesets.picked``): ``apply`` of the action a bot just
picked, or of one of the actions ``legal_actions`` just handed out, skips building the
legal list again, and changes nothing else.

For each game that uses it, seeded random and heuristic matches played through the
``RULESET`` (with it) and through ``PLAIN`` (the rules alone) step by step give the same
actions, events and states; an action other than the pick or the handed ones, an edited
one, or one applied to another state or by another seat, is still checked against the
legal list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rulesets.base import IllegalAction
from rulesets.picked import Picked
from rulesets.pulsar import engine as pulsar_engine
from rulesets.pulsar import ruleset as pulsar_ruleset
from rulesets.rng import Rng
from rulesets.roll import ruleset as roll_ruleset

GAMES: dict[str, Any] = {"pulsar": pulsar_ruleset, "roll": roll_ruleset}


def play_alike(game: str, players: int, seed: str, pick: Callable[[Any, Any, int, int], Any]) -> None:
    """A seeded match through the ``RULESET`` and through ``PLAIN`` step by step: ``pick(rs,
    state, seat, step)`` on each gives the action to apply; the actions, events, states and
    outcome must be the same."""
    fast, plain = GAMES[game].RULESET, GAMES[game].PLAIN
    cfg = fast.example_config(players)
    a, b = fast.new_game(cfg, seed), plain.new_game(cfg, seed)
    step = 0
    while fast.outcome(a) is None:
        seat = fast.to_act(a)[0]
        x, y = pick(fast, a, seat, step), pick(plain, b, seat, step)
        assert x == y, (game, seed, step)
        _, ev_a = fast.apply(a, seat, x)
        _, ev_b = plain.apply(b, seat, y)
        assert ev_a == ev_b and fast.to_json(a) == plain.to_json(b), (game, seed, step)
        step += 1
        assert step < 20_000
    assert fast.outcome(a) == plain.outcome(b)


@pytest.mark.parametrize("game", list(GAMES))
def test_picked_and_plain_play_the_same_matches(game):
    for g in range(3):
        def pick(rs: Any, state: Any, seat: int, step: int, g: int = g) -> Any:
            kind = ("random", "heuristic")[(seat + g) % 2]
            return rs.bot_action(state, seat, kind, f"picked-{game}-{g}:{step}")

        play_alike(game, 2 + g % 2, f"picked-{game}-{g}", pick)


def test_a_pick_vouches_only_for_its_own_state_seat_and_action_once():
    picked = Picked()
    state, other = {"n": 1}, {"n": 1}
    action = {"type": "go", "to": 1}
    for st, seat, act in ((other, 0, action), (state, 1, action),
                          (state, 0, {"type": "go", "to": 2})):
        picked.note(state, 0, action)
        assert not picked.take(st, seat, act)
    picked.note(state, 0, action)
    assert picked.take(state, 0, dict(action))       # an equal action: the same
    assert not picked.take(state, 0, action)         # once
    picked.note(state, 0, action)
    action["to"] = 2                                 # edited by its caller after the pick
    assert not picked.take(state, 0, action)
    picked.note(state, 0, action)
    picked.forget()
    assert not picked.take(state, 0, action)


@pytest.mark.parametrize("game", list(GAMES))
def test_an_edited_pick_is_checked_against_the_legal_list(game):
    fast = GAMES[game].RULESET
    s = fast.new_game(fast.example_config(2), f"edited-{game}")
    seat = fast.to_act(s)[0]
    pick = fast.bot_action(s, seat, "random", "edited:0")
    pick["type"] = "no_such_action"
    with pytest.raises(IllegalAction):
        fast.apply(s, seat, pick)


@pytest.mark.parametrize("game", list(GAMES))
def test_handed_actions_and_plain_play_the_same_matches(game):
    """As a search plays: ask for the list, apply one of its actions (the same index on
    both, drawn once a step)."""
    rng = Rng.from_seed(f"handed-{game}")
    drawn: dict[int, int] = {}

    def pick(rs: Any, state: Any, seat: int, step: int) -> Any:
        legal = rs.legal_actions(state, seat)
        if step not in drawn:
            drawn[step] = rng.below(len(legal))
        return legal[drawn[step]]

    play_alike(game, 2, f"handed-{game}", pick)


def test_a_handed_list_vouches_only_for_its_very_unedited_actions_once():
    picked = Picked()
    state, other = {"n": 1}, {"n": 1}
    listed = [{"type": "go", "to": 1}, {"type": "go", "to": 2}]
    handed = picked.hand_out(state, 0, listed)
    assert handed == listed and all(h is not a for h, a in zip(handed, listed, strict=True))
    assert picked.take(state, 0, handed[1])
    assert not picked.take(state, 0, handed[1])          # once
    for st, seat in ((other, 0), (state, 1)):
        handed = picked.hand_out(state, 0, listed)
        assert not picked.take(st, seat, handed[0])
    handed = picked.hand_out(state, 0, listed)
    assert not picked.take(state, 0, dict(handed[0]))    # equal, not one handed out
    handed = picked.hand_out(state, 0, listed)
    handed[0]["to"] = 2                                  # edited by its caller
    assert not picked.take(state, 0, handed[0])
    assert listed[0] == {"type": "go", "to": 1}          # the rules' list untouched
    handed = picked.hand_out(state, 0, listed)
    picked.note(state, 0, listed[1])                     # a later pick replaces the list
    assert not picked.take(state, 0, handed[0])


def test_applying_a_handed_action_does_not_build_the_list_again(monkeypatch):
    """The rules' ``apply`` is told the action is vouched for (``checked``: the list is not
    built again) for one of the very actions handed out, and not for a copy of one."""
    fast = pulsar_ruleset.RULESET
    s = fast.new_game(fast.example_config(2), "handed-count")
    vouched: list[bool] = []
    rules_apply = pulsar_engine.apply
    monkeypatch.setattr(fast, "game_apply",
                        lambda st, se, a, checked: vouched.append(checked)
                        or rules_apply(st, se, a, checked))
    seat = fast.to_act(s)[0]
    fast.apply(s, seat, fast.legal_actions(s, seat)[0])
    seat = fast.to_act(s)[0]
    fast.apply(s, seat, dict(fast.legal_actions(s, seat)[0]))   # a copy: checked
    assert vouched == [True, False]
