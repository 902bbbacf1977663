"""What the shape tests share (actions, events, views: ``rulesets/shapes.py``): the games,
the seeded matches they walk, OpenAPI 3.0 schemas as plain JSON Schema, and a game's
published schemas as validators."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema
import jsonschema_rs

from rulesets.shapes import (
    event_shapes_of,
    json_schemas,
    prefix_of,
    shapes_of,
    variant_name,
    view_schema,
    view_shape_of,
)
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


class Checker:
    """A published schema's check of the values the engines make. Whether a value matches
    is asked of ``jsonschema_rs`` (compiled; it conforms to the same drafts): a Pulsar view
    is 22 kB, and ``jsonschema``, pure Python, took 70 ms for each of the 1,700 the view
    test reads, two minutes a run. Why a value does not match is asked of ``jsonschema``,
    the reference, whose messages and ``ValidationError`` the tests report; where the two
    disagree, that is reported too."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._fast = jsonschema_rs.validator_for(schema)
        self._why = jsonschema.validators.validator_for(schema)(schema)

    def iter_errors(self, value: Any) -> Iterator[jsonschema.ValidationError]:
        if self._fast.is_valid(value):
            return
        found = False
        for error in self._why.iter_errors(value):
            found = True
            yield error
        if not found:
            yield jsonschema.ValidationError(
                "jsonschema_rs finds an error where jsonschema finds none")

    def validate(self, value: Any) -> None:
        for error in self.iter_errors(value):
            raise error


Validators = dict[str, Checker]


def _validator(schema: dict[str, Any]) -> Checker:
    """As ``jsonschema.validate`` would check against ``schema``."""
    return Checker(plain(schema))


def typed_validators(name: str, what: str) -> Validators:
    """The game's published schema of each listed type (``what``: ``Action`` or
    ``Event``), by type."""
    listed = (shapes_of(name) if what == "Action" else event_shapes_of(name)) or {}
    prefix = prefix_of(name)
    schemas = json_schemas(prefix, name, listed, what)
    return {typ: _validator(schemas[variant_name(prefix, typ, what)]) for typ in listed}


def view_validator(name: str) -> Checker:
    shape = view_shape_of(name)
    assert shape, f"{name} has no view_shape.py"
    return _validator(view_schema(prefix_of(name), shape)[prefix_of(name) + "View"])


def mismatches(value: dict[str, Any], validators: Validators) -> list[str]:
    """Why a typed value (an action, an event) does not match its type's schema: its type
    not listed, or each of the schema's errors; empty when it matches."""
    validator = validators.get(value["type"])
    if validator is None:
        return ["not listed"]
    return [error.message for error in validator.iter_errors(value)]
