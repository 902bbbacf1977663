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
    parser = ResolvingParser(str(source), backend="openapi-spec-validator", strict=True)
    assert len(parser.specification["paths"]) == len(document["paths"])


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
