"""The schema passes independent linters with no error: openapi-spec-validator
and prance (a second parser that resolves every reference), plus the checks Redocly's
recommended rules made that those two do not: no ``nullable`` without a ``type`` beside it
(OpenAPI 3.0 says it has no effect there) and every example valid against its schema."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def document(django_db_blocker) -> dict[str, Any]:
    with django_db_blocker.unblock():
        return Client().get("/api/v1/schema/?format=json").json()


def _nodes(node: Any, path: str = "#"):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _nodes(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _nodes(value, f"{path}/{i}")


def test_openapi_spec_validator_and_prance_find_no_error(document, tmp_path):
    from prance import ResolvingParser

    validate(document)
    source = tmp_path / "openapi.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    recursive: set[str] = set()

    def keep_recursion(limit, url, recursions):
        # A schema that holds itself (a card query's tree: a condition's `children` are
        # conditions) cannot be written out; prance stops there, and so do we, noting it.
        recursive.add(url.fragment.rsplit("/", 1)[-1])
        return {}

    parser = ResolvingParser(str(source), backend="openapi-spec-validator", strict=True,
                             recursion_limit_handler=keep_recursion)
    assert len(parser.specification["paths"]) == len(document["paths"])
    # (only the query tree nests itself: any other recursion is a mistake)
    assert recursive <= {"QueryNode", "QueryNot", "QueryGroup", "QueryTerm", "FieldErrors"}, \
        recursive


def test_no_nullable_without_a_type(document):
    untyped = [path for path, node in _nodes(document)
               if "nullable" in node and "type" not in node]
    assert not untyped, untyped


def test_every_example_is_valid_for_its_schema(document):
    invalid = []
    for path, item in document["paths"].items():
        for method, op in item.items():
            bodies = [(status, answer) for status, answer in op.get("responses", {}).items()]
            bodies.append(("request", op.get("requestBody") or {}))
            for status, answer in bodies:
                for media in (answer.get("content") or {}).values():
                    schema = media.get("schema")
                    for name, example in (media.get("examples") or {}).items():
                        if schema is None or "value" not in example:
                            continue
                        validator = OAS30Validator({"$ref": "#/x", "x": schema,
                                                    "components": document["components"]})
                        errors = list(validator.iter_errors(example["value"]))
                        if errors:
                            invalid.append(f"{method} {path} {status} {name}: "
                                           f"{errors[0].message[:200]}")
    assert not invalid, invalid


# Every node a client reads or writes says what its value is (the deck, options and replay
# documents, the card data's parts, the engine's details were free-form objects): a new
# untyped node fails here.
UNTYPED_CEILING = 0


def _loose(s: dict[str, Any]) -> bool:
    if any(k in s for k in ("$ref", "oneOf", "anyOf", "allOf", "enum")):
        return False
    kind = s.get("type")
    if kind == "object":
        return not s.get("properties") and s.get("additionalProperties") in (None, True, {})
    return kind is None or (kind == "array" and s.get("items") in (None, {}))


def _walk(s: Any, where: str, found: list[str]) -> None:
    if not isinstance(s, dict):
        return
    if _loose(s):
        found.append(where)
    for name, value in (s.get("properties") or {}).items():
        _walk(value, f"{where}.{name}", found)
    for key in ("oneOf", "anyOf", "allOf"):
        for i, value in enumerate(s.get(key) or []):
            _walk(value, f"{where}/{key}{i}", found)
    # (an empty `items` or `additionalProperties` is the container's own looseness)
    if s.get("items"):
        _walk(s["items"], f"{where}[]", found)
    if s.get("additionalProperties"):
        _walk(s["additionalProperties"], f"{where}{{}}", found)


def _bodies(document: dict[str, Any]):
    for path, item in document["paths"].items():
        for method, op in item.items():
            where = f"{method.upper()} {path}"
            answers = [(status, answer.get("content") or {})
                       for status, answer in (op.get("responses") or {}).items()]
            answers.append(("body", (op.get("requestBody") or {}).get("content") or {}))
            for label, content in answers:
                for media, body in content.items():
                    if "json" in media:
                        yield f"{where} {label}", body.get("schema")
            for parameter in op.get("parameters") or []:
                yield f"{where} ?{parameter.get('name')}", parameter.get("schema")


def untyped_nodes(document: dict[str, Any]) -> list[str]:
    """Where a schema says nothing of a value's shape: an object with neither properties,
    a typed map nor a union, an array without item type, or a value with no type at all,
    in the components and in every JSON body, answer and parameter."""
    found: list[str] = []
    for name, schema in document["components"]["schemas"].items():
        _walk(schema, name, found)
    for where, schema in _bodies(document):
        _walk(schema, where, found)
    return found


def test_untyped_nodes_only_shrink(document):
    found = untyped_nodes(document)
    assert len(found) <= UNTYPED_CEILING, found
    assert untyped_nodes({"components": {"schemas": {"X": {
        "type": "object", "properties": {"a": {"type": "array", "items": {}},
                                         "b": {"type": "object"}}}}}, "paths": {}}) == [
        "X.a", "X.b"]
