"""Names for the shapes the engine passes around.

The match, its seats, its card instances and their definitions are the typed state's
classes (``game_state.py``); the rest are plain dicts, as in the stored form of a match.
``schema.py`` describes every key of that stored form field by field as TypedDicts, and
``tests/kgk/test_schema.py`` checks real states against it. Functions are annotated with
these names so a reader sees which shape an argument is; for the dicts the type checker
sees ``dict[str, Any]``, because the engine reads keys chosen at run time.
"""

from __future__ import annotations

from typing import Any

from rulesets.kgk.game_state import Card, Game
from rulesets.kgk.game_state import CardDef as CardDef
from rulesets.kgk.game_state import Player as Player

GameState = Game                # schema.State, held in classes
CardDict = Card                 # schema.Card: a card instance
Decision = dict[str, Any]       # schema.Decision: the pending decision
Action = dict[str, Any]         # an action: {"type": ..., ...} (ints and strings only)
Event = dict[str, Any]          # an event emitted by an action or task
