"""Names for the JSON shapes the engine passes around.

At run time they are plain dicts (the stored form of a match); ``schema.py`` describes
their keys field by field as TypedDicts, and ``tests/kgk/test_schema.py`` checks real
states against it. Functions are annotated with these names so a reader sees which
shape an argument is; the type checker sees ``dict[str, Any]``, because the engine reads
keys chosen at run time (``p[zone]``), which a TypedDict does not allow.
"""

from __future__ import annotations

from typing import Any

GameState = dict[str, Any]      # schema.State
Player = dict[str, Any]         # schema.Player: one seat's zones and counters
CardDict = dict[str, Any]       # schema.Card: a card instance
CardDef = dict[str, Any]        # a compiled card definition (cards.compile_def)
Decision = dict[str, Any]       # schema.Decision: the pending decision
Action = dict[str, Any]         # an action: {"type": ..., ...} (ints and strings only)
Event = dict[str, Any]          # an event emitted by an action or task
