"""What the shape tests share (actions, events, views: ``rulesets/shapes.py``): the games,
the seeded matches they walk, and OpenAPI 3.0 schemas as plain JSON Schema."""

from __future__ import annotations

from typing import Any

from tests.support.conformance import SEEDS

GAMES = ["kgk", "smugglers", "pulsar", "roll"]

# The conformance suite's seeded bot matches (a match is a function of game and seed;
# seats and bot kinds vary with the seed), its own two and a few more for coverage.
SHAPE_SEEDS = (*SEEDS, *(f"shapes-{i}" for i in range(5)))


def plain(schema: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` as JSON Schema's type list."""
    if isinstance(schema, dict):
        out = {k: plain(v) for k, v in schema.items() if k != "nullable"}
        if schema.get("nullable"):
            out["type"] = [schema["type"], "null"]
        return out
    if isinstance(schema, list):
        return [plain(v) for v in schema]
    return schema
