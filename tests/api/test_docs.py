"""The API docs work offline and say everything: Swagger UI and ReDoc from our own static
files, a summary, a description and error answers for every operation, every error code
raised anywhere in the source listed in the schema."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rulesets.shapes import event_shapes_of, prefix_of, shapes_of, view_shape_of
from tests.support.shapes import GAMES
from web.api.schema import ERROR_CODES

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def spec(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        return Client().get("/api/v1/schema/",
                            HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


def operations(spec: dict):
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, op


@pytest.mark.parametrize("url", ["/api/v1/schema/ui/", "/api/v1/schema/redoc/"])
def test_ui_pages_load_their_assets_from_this_server(url):
    client = Client()
    html = client.get(url).content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css|png))"', html)
    assets += re.findall(r'"(/static/[^"]+\.js)"', html)
    assert assets, html[:500]
    for asset in assets:
        assert asset.startswith("/static/"), f"{url} loads {asset} from elsewhere"
        assert client.get(asset).status_code == 200, asset
    assert "cdn" not in html.lower() and "@latest" not in html


def test_every_operation_has_summary_description_and_error_answers(spec):
    ops = list(operations(spec))
    assert len(ops) >= 85
    for path, method, op in ops:
        where = f"{method.upper()} {path}"
        assert op.get("summary") and len(op["summary"]) > 5, where
        assert op.get("description") and len(op["description"]) > 10, where
        assert "429" in op["responses"], where
        errors = [c for c in op["responses"] if c.startswith("4")]
        for code in errors:
            content = op["responses"][code]["content"]["application/json"]
            # (a move's 409 is the same shape with its details typed: ActionConflict)
            shape = "ActionConflict" if (where, code) == (
                "POST /api/v1/matches/{id}/actions/", "409") else "Error"
            assert content["schema"] == {"$ref": f"#/components/schemas/{shape}"}, (where, code)
            assert content["examples"], (where, code)


def test_a_move_s_409_is_the_error_shape_with_typed_details(spec):
    schemas = spec["components"]["schemas"]
    conflict, error = schemas["ActionConflict"], schemas["Error"]
    assert conflict["required"] == error["required"]
    inner, plain = conflict["properties"]["error"], error["properties"]["error"]
    assert inner["required"] == plain["required"]
    assert set(inner["properties"]) == set(plain["properties"])
    details = schemas[inner["properties"]["details"]["$ref"].rsplit("/", 1)[1]]
    assert details["properties"]["legal_actions"]["allOf"] == [
        {"$ref": "#/components/schemas/LegalActionsOut"}]
    assert details["properties"]["taken"] == {"$ref": "#/components/schemas/IllegalReason"}


def test_the_schema_lists_every_error_code_the_source_raises(spec):
    raised: set[str] = set()
    pattern = re.compile(r'(?:ApiError|StoreError|MatchError|TournamentError|DeckError|error_response|'
                         r'error_body)\(\s*"([a-z_]+)"')
    for source in ROOT.glob("**/*.py"):
        if any(part in (".venv", "tests", "node_modules") for part in source.parts):
            continue
        text = source.read_text(encoding="utf-8")
        raised |= set(pattern.findall(text))
        # a code chosen in the line before the raise (`code = "a" if ... else "b"`)
        for pair in re.findall(r'code = "([a-z_]+)" if [^\n]* else "([a-z_]+)"', text):
            raised |= set(pair)
    assert len(raised) > 40
    assert not raised - set(ERROR_CODES), sorted(raised - set(ERROR_CODES))
    code = spec["components"]["schemas"]["Error"]["properties"]["error"]["properties"]["code"]
    # an open string (a closed enum broke generated clients on any new code), documented
    assert "enum" not in code and code["type"] == "string"
    assert set(code["x-error-codes"]) == set(ERROR_CODES)
    for code in ERROR_CODES:
        assert f"`{code}`" in spec["info"]["description"], code


def test_schema_links_the_query_language_page_in_both_languages(spec):
    assert "/help/query/" in spec["info"]["description"]
    client = Client()
    hu = client.get("/help/query/").content.decode()
    assert "Kártyakereső nyelv" in hu and "típus:űrhajó" in hu
    client.post("/i18n/setlang/", {"language": "en", "next": "/help/query/"})
    en = client.get("/help/query/").content.decode()
    assert "Card query language" in en and "Keywords" in en


def _examples_of(content: dict) -> list:
    return [ex for media in content.values()
            for ex in (list((media.get("examples") or {}).values())
                       + ([media["example"]] if "example" in media else []))]


def test_every_operation_has_a_summary_a_description_and_an_example(spec):
    """Each operation: a summary, a description, and an example of what is sent (the
    request body) or of what comes back (its success answer; an operation whose success
    answer has no body, such as a 204, needs one of its error answers to carry one)."""
    missing = []
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        if not (op.get("summary") or "").strip():
            missing.append((where, "summary"))
        if not (op.get("description") or "").strip():
            missing.append((where, "description"))
        request = _examples_of(op.get("requestBody", {}).get("content", {}))
        success = [ex for code, r in op["responses"].items() if code.startswith("2")
                   for ex in _examples_of(r.get("content", {}))]
        bodies = [r for code, r in op["responses"].items()
                  if code.startswith("2") and r.get("content")]
        errors = [ex for code, r in op["responses"].items() if code.startswith("4")
                  for ex in _examples_of(r.get("content", {}))]
        if not (request or success or (not bodies and errors)):
            missing.append((where, "example"))
    assert not missing, missing


def test_every_error_code_has_an_example_in_the_error_shape(spec):
    examples = spec["components"]["examples"]
    for code, (status, _meaning) in ERROR_CODES.items():
        example = examples[f"error_{code}"]
        value = example["value"]
        assert set(value) == {"error"}, code
        assert value["error"]["code"] == code
        assert value["error"]["message"] and isinstance(value["error"]["details"], dict)
        assert str(status) in example["summary"], code
    # ...and each operation's documented error answers point at those examples, by status
    for path, method, op in operations(spec):
        for status, answer in op["responses"].items():
            if not status.startswith(("4", "5")):
                continue
            for name, ref in answer["content"]["application/json"]["examples"].items():
                assert ref == {"$ref": f"#/components/examples/error_{name}"}
                assert str(ERROR_CODES[name][0]) == status, (method, path, name)


def test_the_schema_links_the_query_language_and_the_bot_client_guide(spec):
    description = spec["info"]["description"]
    assert "](/help/query/)" in description
    assert "](/api/v1/guide/bot-client.md)" in description
    answer = Client().get("/api/v1/guide/bot-client.md")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/markdown")
    assert answer.content == (ROOT / "docs" / "api" / "bot-client.md").read_bytes()


def test_every_id_in_a_path_is_an_integer(spec):
    """A match's id was an integer and a tournament's, an entry's, a round's or a
    contribution's a string of digits, so one generated client typed them differently."""
    kinds = {}
    for path, item in spec["paths"].items():
        for method, op in item.items():
            for param in op.get("parameters", []):
                name = param["name"]
                if param["in"] == "path" and (name in ("id", "number") or name.endswith("_id")):
                    kinds[(method, path, name)] = param["schema"].get("type")
    assert len(kinds) > 30
    assert {k: v for k, v in kinds.items() if v != "integer"} == {}


def _ref(spec: dict, node: dict) -> dict:
    while "$ref" in node:
        node = spec["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def test_deck_lists_and_bulk_results_are_typed(spec):
    """A deck given as a list (validation, bulk validation, a saved deck's
    card_list) was a list of free-form objects, and a bulk job's results `list[Any]`; a
    generated client had to build and read them as raw dicts."""
    schemas = spec["components"]["schemas"]
    entry = _ref(spec, schemas["DeckInputRequest"]["properties"]["cards"]["items"])
    assert set(entry["properties"]) == {"card", "count"} and entry["required"] == ["card"]
    saved = _ref(spec, schemas["DeckRequest"]["properties"]["card_list"]["items"])
    assert set(saved["properties"]) == {"card", "count"}
    bulk = _ref(spec, schemas["BulkInputRequest"]["properties"]["decks"]["items"])
    assert {"key", "text", "cards", "code"} <= set(bulk["properties"])
    result = _ref(spec, schemas["BulkValidationJob"]["properties"]["results"]["items"])
    assert set(result["properties"]) == {"key", "valid", "errors", "warnings"}
    assert set(_ref(spec, result["properties"]["errors"]["items"])["properties"]) >= {
        "code", "message", "details", "cards", "rule"}


def _assert_a_union_of(spec: dict[str, Any], name: str, listed: Any) -> None:
    """``name`` is a union discriminated by ``type`` with one closed variant per listed
    type, each requiring its ``type``."""
    union = spec["components"]["schemas"][name]
    assert union["discriminator"]["propertyName"] == "type"
    assert set(union["discriminator"]["mapping"]) == set(listed)
    assert len(union["oneOf"]) == len(listed)
    for ref in union["oneOf"]:
        variant = _ref(spec, ref)
        assert variant["additionalProperties"] is False and "type" in variant["required"]


def test_each_game_s_actions_are_published_as_a_discriminated_union(spec):
    """The action vocabulary lived only in the rulesets' READMEs. Each game's
    union is in the document, built from the ruleset's own list (which
    tests/rulesets/test_action_shapes.py holds to the engine), and the legal actions and
    the posted action name them."""
    schemas = spec["components"]["schemas"]
    for game in GAMES:
        _assert_a_union_of(spec, f"{prefix_of(game)}Action", shapes_of(game))
    develop = schemas["KgkActionDevelop"]
    assert develop["properties"]["base"]["type"] == "integer"
    # The operations refer to them: the legal actions of each game's answer are its own
    # union (the answer picked by `ruleset`), and the posted action is one of them.
    legal = schemas["LegalActionsOut"]
    assert legal["discriminator"]["propertyName"] == "ruleset"
    games = ("Kgk", "Smugglers", "Pulsar", "Roll")
    assert all(schemas[f"{p}LegalActions"]["properties"]["actions"]["items"]
               == {"$ref": f"#/components/schemas/{p}Action"} for p in games)
    posted = schemas["ActionRequestRequest"]["properties"]["action"]["oneOf"]
    assert {r["$ref"].rsplit("/", 1)[-1] for r in posted} == {f"{p}Action" for p in games}


def test_each_game_s_events_are_published_as_a_discriminated_union(spec):
    """Events were untyped objects. Each game's event union is in the document,
    from the ruleset's own list (held to the engine by tests/rulesets/test_event_shapes.py),
    a face-down card's place typed inside it, and the numbered event names them."""
    schemas = spec["components"]["schemas"]
    for game in GAMES:
        _assert_a_union_of(spec, f"{prefix_of(game)}Event", event_shapes_of(game))
    played = schemas["KgkEventPlayed"]
    assert set(played["required"]) == {"type", "seat", "card", "item", "cost"}
    assert played["properties"]["target_where"]["properties"]["zone"]["type"] == "string"
    assert schemas["RollEventReveal"]["properties"]["assignments"]["items"]["required"] == [
        "seat", "selector", "dictated", "columns"]
    for p in ("Kgk", "Smugglers", "Pulsar", "Roll"):
        # (or an organiser's decision, which any game's match may record)
        assert schemas[f"{p}NumberedEvent"]["properties"]["event"]["oneOf"] == [
            {"$ref": f"#/components/schemas/{p}Event"},
            {"$ref": "#/components/schemas/AdjudicatedEvent"}]
        for answer in ("Events", "ActionResult"):
            assert schemas[f"{p}{answer}"]["properties"]["events"]["items"] == {
                "$ref": f"#/components/schemas/{p}NumberedEvent"}


def test_each_game_s_view_is_published_and_named_by_the_match(spec):
    """A match's `view` was an untyped object. Each game's view is in the document,
    from the ruleset's own shape (held to the engine by tests/rulesets/test_view_shapes.py),
    typed in depth (a KGK player's hangar holds ships, each with the cards aboard)."""
    schemas = spec["components"]["schemas"]
    for game in GAMES:
        view = schemas[f"{prefix_of(game)}View"]
        assert set(view["properties"]) == set(view_shape_of(game).fields)
        assert view["additionalProperties"] is False
    player = schemas["KgkView"]["properties"]["players"]["items"]
    aboard = player["properties"]["hangar"]["items"]["properties"]["att"]["items"]
    assert {"hidden", "pos", "rot", "face_down"} <= set(aboard["properties"])
    assert player["properties"]["hand"]["nullable"] is True
    assert schemas["MatchOut"]["discriminator"]["propertyName"] == "ruleset"
    for p in ("Kgk", "Smugglers", "Pulsar", "Roll"):
        assert schemas[f"{p}Match"]["properties"]["view"]["oneOf"][0] == {
            "$ref": f"#/components/schemas/{p}View"}


def test_the_kgk_scenario_is_published_and_named_by_the_new_match(spec):
    """A sandbox's `scenario` was a free-form object; its document is published
    (rulesets/kgk/scenario_schema.py, held to the reader by tests/kgk/test_scenario_schema.py)."""
    schemas = spec["components"]["schemas"]
    top = schemas["KgkScenario"]
    assert top["required"] == ["seats"] and top["additionalProperties"] is False
    assert {"turn", "phase", "seats", "combat", "chain"} <= set(top["properties"])
    assert "KgkScenarioSeat" in schemas and "KgkScenarioCard" in schemas
    field = schemas["MatchCreateRequestRequest"]["properties"]["scenario"]
    assert "`KgkScenario`" in field["description"]
