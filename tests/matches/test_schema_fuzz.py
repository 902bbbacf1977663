"""A schemathesis stand-in: walk the OpenAPI schema's match, simulation and ruleset
operations and fire generated valid and invalid bodies and parameters at each, as an
anonymous visitor, a seated player and staff. Never a 5xx; every 4xx in the one shape."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.api import client_for, close_answer
from tests.support.matches import create

PREFIXES = ("/api/v1/matches", "/api/v1/simulations", "/api/v1/rulesets")
JUNK: list[Any] = [None, "", "x" * 300, -1, 0, 2**40, 1.5, True, [], {}, [1, "a"],
                   {"type": 7}, {"a": {"b": {"c": [None]}}}, "bot:random", "me"]


def resolve(schema: dict, spec: dict) -> dict:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = spec["components"]["schemas"][name]
    return schema


def valid(schema: dict, spec: dict, rng: random.Random, depth: int = 0) -> Any:
    schema = resolve(schema, spec)
    if "oneOf" in schema or "anyOf" in schema:
        return valid(rng.choice(schema.get("oneOf") or schema["anyOf"]), spec, rng, depth)
    if "allOf" in schema:
        return valid(schema["allOf"][0], spec, rng, depth)
    if "enum" in schema:
        return rng.choice([v for v in schema["enum"] if v is not None] or [None])
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        keys = [k for k in props if k in schema.get("required", []) or rng.random() < 0.5]
        return {k: valid(props[k], spec, rng, depth + 1) for k in keys} if depth < 4 else {}
    if kind == "array":
        return [valid(schema.get("items", {}), spec, rng, depth + 1)
                for _ in range(rng.randint(1, 2))] if depth < 4 else []
    if kind == "integer":
        low = schema.get("minimum", 0)      # (small numbers, but never below the least)
        return rng.randint(low, max(low, min(schema.get("maximum", 5), 5)))
    if kind == "number":
        return rng.random()
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "string":
        return rng.choice(["kgk", "smugglers", "roll", "pulsar", "me", "bot:random", "open",
                           "random", "a1"])
    return rng.choice([{"type": "pass"}, 1, "x", None, {"text": "3 Oktató Sólyom"}])


def mutate(body: Any, rng: random.Random) -> Any:
    if not isinstance(body, dict) or not body or rng.random() < 0.2:
        return rng.choice(JUNK)
    out = dict(body)
    key = rng.choice(list(out))
    out[key] = rng.choice(JUNK) if rng.random() < 0.8 else mutate(out[key], rng)
    if rng.random() < 0.3:
        out["unexpected"] = rng.choice(JUNK)
    return out


def assert_shape(r, what: str) -> None:
    assert r.status_code < 500, f"{what} -> {r.status_code}: {r.content[:300]!r}"
    if 400 <= r.status_code < 500:
        body = r.json()
        assert set(body) == {"error"}, f"{what}: {body}"
        assert {"code", "message", "details"} == set(body["error"]) - {"request_id"}, \
            f"{what}: {body}"


@pytest.mark.django_db(transaction=True)
def test_every_operation_survives_valid_and_invalid_input(players, staff, api):
    (a, ca), (b, cb) = players
    spec = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    ops = [(path, method, op) for path, item in spec["paths"].items()
           if path.startswith(PREFIXES) for method, op in item.items()
           if method in ("get", "post", "put", "patch", "delete")]
    assert len(ops) >= 12, [p for p, _, _ in ops]
    named = {(p, m) for p, m, _ in ops}
    for expected in ("/api/v1/matches/", "/api/v1/matches/{id}/actions/",
                     "/api/v1/matches/{id}/events/", "/api/v1/matches/{id}/legal-actions/",
                     "/api/v1/matches/{id}/adjudicate/", "/api/v1/matches/{id}/replay/",
                     "/api/v1/matches/{id}/verify/", "/api/v1/simulations/{id}/"):
        assert any(p == expected for p, _ in named), expected
    live = create(ca, "smugglers", ["me", "bela"])["id"]
    done = create(ca, "roll", ["me", "bela"])["id"]
    cb.post(f"/api/v1/matches/{done}/resign/", {}, format="json")
    sim = ca.post("/api/v1/simulations/", {"ruleset": "smugglers", "games": 2},
                  format="json").json()["id"]
    clients = {"anonymous": api, "player": ca, "staff": client_for(staff)}
    rng = random.Random(20261126)
    fired = 0
    for path, method, op in ops:
        ids = [live, done, 987654, "abc", "-1", "9" * 25] if "{id}" in path else [None]
        if path.startswith("/api/v1/simulations/{id}"):
            ids = [sim, 987654, "x"]
        params = [p for p in op.get("parameters", []) if p.get("in") == "query"]
        body_schema = (op.get("requestBody", {}).get("content", {})
                       .get("application/json", {}).get("schema"))
        for who, c in clients.items():
            for ident in ids:
                url = path.replace("{id}", str(ident)) if ident is not None else path
                for trial in range(4):
                    query = {}
                    for p in params:
                        if rng.random() < 0.6:
                            query[p["name"]] = rng.choice(
                                ["0", "1", "-3", "abc", "", "true", "99999999999",
                                 str(valid(p.get("schema", {}), spec, rng))])
                    query.pop("wait", None)  # a long poll would only slow the walk down
                    if body_schema is not None:
                        body = valid(body_schema, spec, rng)
                        body = body if trial == 0 else mutate(body, rng)
                        r = getattr(c, method)(url + ("?" + "&".join(
                            f"{k}={v}" for k, v in query.items()) if query else ""),
                            body, format="json")
                        fired += 1
                        close_answer(r)  # (a stream's waiting slot back, as a server does)
                        assert_shape(r, f"{who} {method.upper()} {url} {body!r}")
                    else:
                        r = getattr(c, method)(url, query)
                        fired += 1
                        close_answer(r)  # (a stream's waiting slot back, as a server does)
                        assert_shape(r, f"{who} {method.upper()} {url} {query}")
                if method == "post" and body_schema is not None:
                    raw = c.generic("POST", url, "{not json", content_type="application/json")
                    assert_shape(raw, f"{who} POST {url} malformed")
                    fired += 1
    assert fired > 300
