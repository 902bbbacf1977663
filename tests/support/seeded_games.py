"""Every position of a seeded game between the games' own bots, for the engine suites
(no Django): the seats take turns by step, random and heuristic bots alternating."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def seeded_positions(ruleset: Any, config: dict[str, Any], seed: str) -> Iterator[Any]:
    """The new game's state, then the state after each move, to the game's end."""
    state = ruleset.new_game(config, seed)
    step = 0
    yield state
    while ruleset.outcome(state) is None:
        seats = ruleset.to_act(state)
        seat = seats[step % len(seats)]
        kind = ("random", "heuristic")[step % 2]
        state, _ = ruleset.apply(state, seat,
                                 ruleset.bot_action(state, seat, kind, f"{seed}:{step}"))
        step += 1
        yield state


def resigned_after(ruleset: Any, players: int, seed: str, steps: int, seat: int) -> Any:
    """A game of ``players`` in which the first seat to act plays ``steps`` random moves
    (keyed by the step's number), then ``seat`` resigns."""
    state = ruleset.new_game(ruleset.example_config(players), seed)
    for step in range(steps):
        actor = ruleset.to_act(state)[0]
        state, _ = ruleset.apply(state, actor,
                                 ruleset.bot_action(state, actor, "random", str(step)))
    state, _ = ruleset.resign(state, seat)
    return state
