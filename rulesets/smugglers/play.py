"""A seeded driver for simulations, tests and the benchmark (not used by the host).

Simultaneous decisions: at each step one seat of ``to_act`` is picked with the
driver's own RNG (its "arrival"), which models a fair random arrival order; the
game's RNG is never touched. The result records every (seat, action) so a game can
be replayed from its seed and actions alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulesets.base import Action
from rulesets.rng import Rng
from rulesets.smugglers.ruleset import RULESET
from rulesets.smugglers.state import Game as State

MAX_STEPS = 10_000


@dataclass
class Game:
    config: dict[str, Any]
    seed: str
    state: State
    actions: list[tuple[int, Action]] = field(default_factory=list)


def play(config: dict[str, Any], seed: str, bots: list[str] | None = None,
         on_step: Any = None) -> Game:
    """Play to the end; ``bots`` gives a kind per seat (default all random)."""
    state = RULESET.new_game(config, seed)
    n = state.players
    kinds = bots or ["random"] * n
    arrival = Rng.from_seed(f"{seed}/arrival")
    game = Game(config, seed, state)
    for step in range(MAX_STEPS):
        seats = RULESET.to_act(state)
        if not seats:
            return game
        seat = seats[arrival.below(len(seats))]
        action = RULESET.bot_action(state, seat, kinds[seat], f"{seed}/{step}")
        if on_step is not None:
            on_step(state, seat, action)
        RULESET.apply(state, seat, action)
        game.actions.append((seat, action))
    raise RuntimeError(f"game {seed} did not end in {MAX_STEPS} steps")


def replay(config: dict[str, Any], seed: str, actions: list[tuple[int, Action]]) -> State:
    state = RULESET.new_game(config, seed)
    for seat, action in actions:
        RULESET.apply(state, seat, action)
    return state
