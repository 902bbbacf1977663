"""Answers checked against the live API schema with no room for fields it does not
declare (each object read as if it said ``additionalProperties: false``): the strict
tests of tests/api read every answer through these."""

from __future__ import annotations

import copy
import re
from typing import Any

from openapi_schema_validator import OAS30Validator
from rest_framework.test import APIClient


def _closed(node: Any) -> Any:
    """The schema with every object closed to undeclared properties."""
    if isinstance(node, dict):
        out = {k: _closed(v) for k, v in node.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [_closed(v) for v in node]
    return node


class Schema:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.components = _closed(copy.deepcopy(document["components"]))
        self.paths = [(re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", p) + "$"), p)
                      for p in document["paths"]]
        self.checked: set[tuple[str, str, str]] = set()

    def operation(self, method: str, url: str) -> tuple[str, dict[str, Any]]:
        path = url.split("?")[0]
        candidates = [p for rx, p in self.paths if rx.match(path)]
        assert candidates, f"{path} is not in the schema"
        # the most literal template wins (/matches/mine/ before /matches/{id}/)
        template = min(candidates, key=lambda p: p.count("{"))
        operation = self.document["paths"][template].get(method.lower())
        assert operation is not None, f"{method} {template} is not in the schema"
        return template, operation

    def errors_of(self, component: str, value: Any) -> list[str]:
        """Why ``value`` is not a ``component`` (closed as every object here); none: it is."""
        validator = OAS30Validator({"$ref": f"#/components/schemas/{component}",
                                    "components": self.components})
        return [f"{list(e.path)}: {e.message[:200]}" for e in validator.iter_errors(value)]

    def check(self, method: str, url: str, response) -> Any:
        template, operation = self.operation(method, url)
        status = str(response.status_code)
        responses = operation["responses"]
        assert status in responses or "default" in responses, (
            f"{method} {template} answered {status}, not declared: {sorted(responses)}")
        declared = responses.get(status) or responses["default"]
        ctype = (response.get("Content-Type") or "").split(";")[0]
        if response.status_code in (204, 304):
            return None
        assert ctype in declared.get("content", {}), (
            f"{method} {template} {status}: {ctype} not declared")
        if ctype != "application/json":
            return response.content
        body = response.json()
        schema = declared["content"][ctype]["schema"]
        validator = OAS30Validator({"$ref": "#/x", "x": _closed(schema),
                                    "components": self.components})
        errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
        assert not errors, (f"{method} {template} {status}: "
                            + "; ".join(f"{list(e.path)}: {e.message[:300]}"
                                        for e in errors[:5]))
        self.checked.add((method, template, status))
        return body

    def check_game(self, prefix: str, body: Any) -> int:
        """The game's own payloads in a match answer, against the game's published
        schemas (their operations declare them as open objects, one operation serving
        every game): the `view` against `<Game>View`, each event against `<Game>Event`,
        each legal action against `<Game>Action`. Returns how many were checked."""
        if not isinstance(body, dict):
            return 0
        found: list[tuple[str, Any]] = []
        if body.get("view") is not None:
            found.append(("View", body["view"]))
        found += [("Event", e["event"]) for e in body.get("events") or []]
        legal = body.get("legal_actions") or (body if "actions" in body else None)
        found += [("Action", a) for a in (legal or {}).get("actions") or []]
        for what, value in found:
            validator = OAS30Validator({"$ref": f"#/components/schemas/{prefix}{what}",
                                        "components": self.components})
            errors = list(validator.iter_errors(value))
            assert not errors, (f"{prefix}{what}: "
                                + "; ".join(f"{list(e.path)}: {e.message[:300]}"
                                            for e in errors[:5]))
        return len(found)


class Checked:
    """An API client whose every answer is checked against the schema."""

    def __init__(self, client: APIClient, schema: Schema) -> None:
        self.client = client
        self.schema = schema

    game: str | None = None        # a match's game prefix ("Kgk"): its payloads are checked
    game_payloads = 0

    def _ok(self, method: str, url: str, response) -> Any:
        assert response.status_code < 400, (method, url, response.content[:500])
        body = self.schema.check(method, url, response)
        if self.game:
            self.game_payloads += self.schema.check_game(self.game, body)
        return body

    def get(self, url: str, **extra: Any) -> Any:
        return self._ok("GET", url, self.client.get(url, **extra))

    def post(self, url: str, body: Any = None, **extra: Any) -> Any:
        return self._ok("POST", url, self.client.post(url, body, format="json", **extra))
