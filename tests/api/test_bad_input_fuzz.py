"""Malformed input at every operation of the schema: never a 5xx, every 4xx in the one shape.

Hypothesis draws, per operation of the live OpenAPI schema, one kind of malformed input:
NUL characters and lone surrogates in query strings and JSON bodies (as JSON escapes and
raw), JSON nested hundreds to thousands of levels deep, bodies that are not JSON or not an
object, bad ids in the path (text, negative, huge), and bodies over the upload limit. The
requests go through the real middleware stack as a signed-in user (staff, so the staff-only
operations parse their input too). The figures print at the end (``-s`` shows them).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.support.api import assert_error, close_answer

BAD_IDS = ["abc", "-1", "1.5", "9" * 25, "%00", "%ED%A0%80", "%C0%AF"]
BAD_TEXT = st.sampled_from(["\x00", "a\x00b", "\ud800", "x\udfffy", "\udc80\x00"])
PARAM_NAMES = ["q", "page", "page_size", "format", "status", "fuzzy", "after", "seat", "type",
               "ordering", "race", "cost_min"]


def _deep(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1"
                                                               + "}" * depth)


def _escape_surrogates(text: str) -> str:
    # json.dumps writes lone surrogates as \\udXXX escapes: the form a client sends them in.
    return json.dumps(text)


malformed = st.one_of(
    st.tuples(st.just("query"), st.sampled_from(PARAM_NAMES), BAD_TEXT),
    st.tuples(st.just("query_raw"), st.sampled_from(PARAM_NAMES),
              st.sampled_from(["%00", "a%00", "%ED%A0%80", "%ED%B2%80x", "%FF%FE"])),
    st.tuples(st.just("deep"), st.integers(100, 5000), st.sampled_from(["list", "dict"])),
    st.tuples(st.just("nul_body"), st.sampled_from(["name", "text", "format", "ruleset",
                                                    "q", "action", "options", "cards"]),
              BAD_TEXT),
    st.tuples(st.just("raw_body"), st.sampled_from(
        ['{"a": "\\u0000"}', '{"\\ud800": 1}', '"\\udfff"', "[1, 2", "\x00", "nul",
         "1e999999", '{"a":' * 50, "[]", "7", '"text"', "null"]), st.just(0)),
    st.tuples(st.just("bad_id"), st.sampled_from(BAD_IDS), st.just(0)),
    st.tuples(st.just("too_big"), st.just(0), st.just(0)),
)


def _operations(client: Client) -> list[tuple[str, str, dict[str, Any]]]:
    spec = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    return [(path, method, op) for path, item in spec["paths"].items()
            for method, op in item.items() if method in ("get", "post", "put", "patch", "delete")]


def _fire(client: Client, path: str, method: str, case: tuple) -> Any:
    kind, a, b = case
    url = re.sub(r"\{[^}]+\}", "1", path)
    body: str | bytes | None = "{}" if method in ("post", "put", "patch") else None
    if kind == "query":
        url += f"?{a}={quote(b, errors='surrogatepass')}"
    elif kind == "query_raw":
        url += f"?{a}={b}"
    elif kind == "deep":
        body = _deep(a, b)
    elif kind == "nul_body":
        body = f'{{"{a}": {_escape_surrogates(b)}, "format": "tournament"}}'
    elif kind == "raw_body":
        body = a
    elif kind == "bad_id":
        url = re.sub(r"\{[^}]+\}", a, path) if "{" in path else url + f"?id={a}"
    elif kind == "too_big":
        body = '{"text": "' + "x" * 2_700_000 + '"}'
    if body is None or method in ("get", "delete"):
        r = client.generic(method.upper(), url)
    else:
        r = client.generic(method.upper(), url, body, content_type="application/json")
    # A stream's answer is closed as a server closes it when the client goes (the test
    # client only does when its content is read to the end, which a stream never is):
    # closing gives its waiting slot back, which later tests' caps count on.
    if getattr(r, "streaming", False):
        close_answer(r)
    return r


@pytest.mark.django_db
def test_malformed_input_never_answers_5xx(cards_loaded, staff, capsys):
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    ops = _operations(client)
    assert len(ops) >= 60, len(ops)
    fired: list[tuple[str, int]] = []
    failures: list[str] = []

    @seed(20261126)
    @settings(max_examples=max(600, 6 * len(ops)), derandomize=True, database=None,
              deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(ops), malformed)
    def attack(op: tuple[str, str, dict], case: tuple) -> None:
        path, method, _ = op
        r = _fire(client, path, method, case)
        fired.append((f"{method} {path}", r.status_code))
        what = f"{method.upper()} {path} {case[0]} {str(case[1])[:20]!r} -> {r.status_code}"
        if r.status_code >= 500:
            failures.append(what + f" {r.content[:160]!r}")
        elif r.status_code >= 400 and r.get("Content-Type", "").startswith("application/json"):
            body = r.json()
            if set(body) != {"error"} or \
                    set(body["error"]) - {"request_id"} != {"code", "message", "details"}:
                failures.append(what + f" not in the error shape: {body!r:.160}")
        elif r.status_code >= 400 and not r.get("Content-Type", "").startswith(
                "application/json"):
            failures.append(what + f" not JSON: {r.get('Content-Type')}")

    attack()
    five = sum(1 for _, code in fired if code >= 500)
    with capsys.disabled():
        print(f"\nfuzz: {len(fired)} requests over {len(ops)} operations, {five} answered 5xx, "
              f"{len(failures)} failures")
    assert not failures, f"{len(failures)} of {len(fired)}:\n" + "\n".join(sorted(set(failures))[:60])


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/cards/?q=%00", "/api/v1/cards/?q=a%00b",
                                 "/api/v1/cards/named/?fuzzy=%00"])
def test_nul_and_surrogates_in_query_strings_are_400(cards_loaded, api, url):
    assert_error(api.get(url), 400, "malformed_request")


@pytest.mark.django_db
@pytest.mark.parametrize("body", ['{"format": "tournament", "text": "\\u0000"}',
                                  '{"format": "tournament", "text": "\\ud800"}',
                                  '{"\\udfff": 1}', "[" * 5000 + "]" * 5000,
                                  '{"a":' * 100 + "1" + "}" * 100])
def test_bad_json_bodies_are_400(api, body):
    r = api.generic("POST", "/api/v1/decks/validate/", body, content_type="application/json")
    assert_error(r, 400, "malformed_request")


@pytest.mark.django_db
def test_a_body_over_the_limit_is_a_json_413(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    r = api.generic("POST", "/api/v1/decks/validate/", '{"text": "' + "x" * 2000 + '"}',
                    content_type="application/json")
    err = assert_error(r, 413, "request_too_large")
    assert err["details"]["max_bytes"] == 1000


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/contributions/abc/", "/api/v1/contributions/abc/approve/",
                                  "/api/v1/decks/bulk-validate/abc/", "/api/v1/revisions/x/",
                                  "/api/v1/decks/abc/", "/api/v1/tournaments/x/",
                                  "/api/v1/contributions/" + "9" * 25 + "/"])
def test_non_numeric_ids_are_404_not_500(staff, path):
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    method = "post" if path.endswith("approve/") else "get"
    r = getattr(client, method)(path, "{}", content_type="application/json") if method == "post" \
        else client.get(path)
    assert_error(r, 404, "not_found")


@pytest.mark.django_db
def test_nul_in_match_options_is_refused(user):
    client = Client(raise_request_exception=False)
    client.force_login(user)
    r = client.post("/api/v1/matches/", json.dumps(
        {"ruleset": "smugglers", "seats": [{"player": "me"}, {"player": "bot:random"}],
         "options": {"x\u0000": "a\u0000"}}), content_type="application/json")
    assert_error(r, 400, "malformed_request")


@pytest.mark.django_db
def test_options_on_every_path_is_not_a_server_error(staff):
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    for path, _method, _op in _operations(client):
        r = client.options(re.sub(r"\{[^}]+\}", "1", path))
        close_answer(r)  # (a stream's answer gives its slot back: see _fire)
        assert r.status_code < 500, (path, r.status_code, r.content[:200])
