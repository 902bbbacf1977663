"""What the OpenAPI schema says beyond what the views declare: the error shape and every
error code, the error answers each operation can give (with examples), and a summary for
every operation.

``postprocess`` is drf-spectacular's postprocessing hook (``SPECTACULAR_SETTINGS``).
``ERROR_CODES`` is the catalogue of every ``code`` an answer can carry (each app owns its
codes: ``web.error_catalogue``); a test checks that each code raised anywhere in the
source is listed.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from rulesets import registry
from rulesets.kgk.scenario_schema import schemas as kgk_scenario_schemas
from rulesets.shapes import (
    OUTCOME_DETAILS,
    event_shapes_of,
    json_schemas,
    kind_schema,
    prefix_of,
    shapes_of,
    view_schema,
    view_shape_of,
)
from web.api.error_details import COMPONENTS as ERROR_DETAILS
from web.error_catalogue import Column

# code: (HTTP status, what it means and what to do), from every app's own catalogue
# (``<app>/error_codes.py``, registered into ``web.error_catalogue`` by the app's ready())
ERROR_CODES: Mapping[str, tuple[int, str]] = Column(lambda e: (e.status, e.meaning))

def error_body(nullable: bool = False) -> dict[str, Any]:
    """The one error shape's ``error`` object, as a field holding a stored error says it
    (the catalogue's ``x-error-codes`` stays on ``Error``)."""
    body = copy.deepcopy(ERROR_SCHEMA["properties"]["error"])
    return {**body, "nullable": True} if nullable else body


def error_schema() -> dict[str, Any]:
    """The error shape, with the catalogue as ``x-error-codes`` (read when the document is
    made: the apps register their codes when they are ready, after this module loads)."""
    schema = copy.deepcopy(ERROR_SCHEMA)
    schema["properties"]["error"]["properties"]["code"]["x-error-codes"] = {
        code: {"status": status, "description": text}
        for code, (status, text) in sorted(ERROR_CODES.items())}
    return schema


ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every error answer has this one shape.",
    "required": ["error"],
    "properties": {"error": {
        "type": "object", "required": ["code", "message", "details"],
        "properties": {
            # An open string: a closed enum made generated clients raise on
            # any code added later. The catalogue is documentation: the API description's
            # table and `x-error-codes` here.
            "code": {"type": "string", "description": "Stable and machine-readable, an "
                     "open set: new codes may appear, so handle an unknown one by its HTTP "
                     "status. The catalogue is in the API description and `x-error-codes`.",
                     "example": "not_found"},
            "message": {"type": "string", "description": "For people: English, or Hungarian "
                        "with `Accept-Language: hu`."},
            "details": {"$ref": "#/components/schemas/ErrorDetails"},
            "request_id": {"type": "string", "description": "The answer's `X-Request-ID` "
                           "(yours when you sent a sensible one): quote it in a report."},
        }}},
}


def action_conflict_schemas() -> dict[str, Any]:
    """A move's 409: the one error shape with its details typed, so that a client can try
    again from the answer alone (the seat's legal actions at the current version)."""
    conflict = copy.deepcopy(ERROR_SCHEMA)
    conflict["description"] = (
        "A move refused because the match is not where the mover saw it (or is over, or "
        "the key was used): the one error shape, its details typed.")
    error = conflict["properties"]["error"]["properties"]
    error["details"] = {"$ref": "#/components/schemas/ActionConflictDetails"}
    return {
        "ActionConflict": conflict,
        "ActionConflictDetails": {"type": "object", "properties": {
            "version": {"type": "integer", "description": "The match's version now."},
            "expected": {"type": "integer", "nullable": True,
                         "description": "The `expected_version` sent."},
            "taken": {"$ref": "#/components/schemas/IllegalReason"},
            "legal_actions": {"allOf": [{"$ref": "#/components/schemas/LegalActionsOut"}],
                              "description": (
                                  "`version_conflict`: what `legal-actions` answers now, for "
                                  "your seat: play one of them with `expected_version` set "
                                  "to its `version`, without reading again.")},
            "status": {"type": "string", "description": "`match_finished`, "
                       "`match_not_started`: the match's status."},
            "client_action_id": {"type": "string", "description": "`idempotency_key_reused`: "
                                 "the key sent."},
            "seq": {"type": "integer", "description": "`idempotency_key_reused`: the entry "
                    "that used the key first."}},
            "description": "What each code of a move's 409 carries; absent when it does not "
                           "apply."},
        "IllegalReason": {
            "type": "object", "required": ["code", "message"],
            "description": ("`version_conflict` in a simultaneous phase: another seat's "
                            "decision, taken after the version you read, took what you chose "
                            "(a Űrcsempészek sector's bid, `bid_too_low` with its `card` and "
                            "`min`; a speed token, `no_such_token` with the `centre` left). "
                            "The engine's reason, as `illegal_action` would give it."),
            "properties": {
                "code": {"type": "string", "description": "The engine's code."},
                "message": {"type": "string"},
                "rule": {"type": "string", "description": "The rulebook reference."},
                "details": {"type": "object", "description": "The engine's facts.",
                            "properties": {
                                "card": {"type": "integer", "description": "The sector."},
                                "min": {"type": "integer", "description": "The least die "
                                        "that bids on it now."},
                                "centre": {"type": "array", "items": {"type": "integer"},
                                           "description": "The speed tokens left."}},
                            # (each engine names its own facts: those of a race are
                            # typed above, the rest stay open)
                            "additionalProperties": True}}},
    }


def _example(code: str, message: str, details: dict[str, Any] | None = None) -> dict:
    return {"summary": code, "value": {"error": {"code": code, "message": message,
                                                 "details": details or {}}}}


def error_table() -> str:
    rows = "\n".join(f"| `{code}` | {status} | {text} |"
                     for code, (status, text) in sorted(ERROR_CODES.items(),
                                                        key=lambda i: (i[1][0], i[0])))
    return "| code | HTTP | meaning |\n|---|---|---|\n" + rows


def _summary_from(operation_id: str, method: str, path: str) -> str:
    """A readable summary for an operation whose view gave none: its docstring's first
    sentence when it has one, else its path and method in words."""
    words = [w for w in re.sub(r"\{[^}]+\}", "", path.replace("/api/v1/", "")).split("/") if w]
    thing = " ".join(w.replace("-", " ").replace("_", " ") for w in words)
    verb = {"get": "Get" if path.endswith("}/") else "List", "post": "Create",
            "put": "Replace", "patch": "Update", "delete": "Delete"}[method]
    if method == "get" and "{" in path and not path.endswith("}/"):
        verb = "Get"
    if method == "post" and "{" in path and not path.endswith("}/"):
        verb = "Do"
    return f"{verb}: {thing}"


def _error_response(status: int, codes: list[str]) -> dict:
    """A documented error answer: the one error shape, an example for each code."""
    return {"description": STATUS_TEXT.get(status, "Error"),
            "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Error"},
                "examples": {code: {"$ref": f"#/components/examples/error_{code}"}
                             for code in codes}}}}


STATUS_TEXT = {400: "Bad input", 401: "No or bad credentials", 403: "Not allowed",
               404: "Not found", 405: "Method not allowed", 406: "Not acceptable",
               409: "Conflict", 413: "Body too large", 415: "Unsupported media type",
               422: "Cannot be represented", 429: "Throttled", 503: "Unavailable"}

# What a few codes carry in an example: a message as the server writes it and its details.
EXAMPLE_VALUES: dict[str, tuple[str, dict[str, Any]]] = {
    "malformed_request": ("JSON parse error - Expecting value: line 1 column 1 (char 0)", {}),
    "invalid": ("name: This field is required.", {"fields": {"name": [
        "This field is required."]}}),
    "invalid_parameter": ("page_size: 1 to 500", {"parameter": "page_size", "value": "0"}),
    "not_authenticated": ("Authentication credentials were not provided.", {}),
    "permission_denied": ("You do not have permission to perform this action.", {}),
    "token_read_only": ("this API token is read-only: make a read-write token to change "
                        "anything", {}),
    "not_found": ("Not found.", {}),
    "request_too_large": ("the request body is larger than 2621440 bytes",
                          {"max_bytes": 2621440}),
    "throttled": ("Request was throttled. Expected available in 12 seconds.",
                  {"retry_after_seconds": 12}),
    "query_syntax": ("unclosed parenthesis", {"position": 7, "length": 1}),
    "ambiguous": ("several cards match", {"candidates": ["halalszarny", "halalszarny-2"]}),
    "version_conflict": (
        "expected version 11, the match is at 12: another seat's decision took what you chose "
        "(this sector needs a die of at least 4); details.legal_actions are your actions now",
        {"expected": 11, "version": 12,
         "taken": {"code": "bid_too_low", "message": "this sector needs a die of at least 4",
                   "rule": "A1.3.2", "details": {"card": 0, "min": 4}},
         "legal_actions": {"ruleset": "smugglers", "version": 12, "seat": 0, "to_act": [0],
                           "actions": [{"type": "place", "card": 0, "value": 4},
                                       {"type": "take_token", "value": 1}]}}),
    "illegal_action": ("another seat must act now", {
        "code": "not_your_turn", "message": "another seat must act now", "rule": "KG-9.1.3",
        "version": 0}),
    "unknown_ruleset": ("no ruleset 'chess'", {"allowed": ["kgk", "pulsar", "roll",
                                                          "smugglers"]}),
    "bad_players": ("Űrcsempészek is for 2-4 players", {"min": 2, "max": 4}),
    "not_your_seat": ("that seat is not yours", {"your_seats": [0]}),
    "too_many_games": ("at most 2000 games per simulation", {"max_games": 2000,
                                                             "games": 5000}),
    "pairing_rule_broken": ("the change breaks: rematch", {"broken": ["rematch"]}),
    "trf_too_large": ("TRF16 holds at most 9999 players", {"players": 10000,
                                                          "limit": 9999}),
    "deck_invalid": ("the deck is not legal in this format", {"validation": {
        "valid": False, "errors": [{"code": "deck_size", "rule": "KG-1.5.1"}]}}),
    "too_many_tokens": ("at most 50 active tokens: revoke one first", {"max": 50}),
}


def error_example(code: str) -> dict[str, Any]:
    message, details = EXAMPLE_VALUES.get(code, (ERROR_CODES[code][1], {}))
    return {"summary": f"{ERROR_CODES[code][0]} {code}",
            "description": ERROR_CODES[code][1],
            "value": {"error": {"code": code, "message": message, "details": details}}}


def _paths_like(pattern: str, path: str) -> bool:
    """``pattern`` is a path, or a prefix ending in ``*``."""
    return path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern


def _operation_codes(method: str, path: str) -> list[str]:
    codes: list[str] = []
    for (m, pattern), extra in OPERATION_ERRORS.items():
        if m in (method, "*") and _paths_like(pattern, path):
            codes += [c for c in extra if c not in codes]
    return codes


DIGITS = re.compile(r"^\^\\d(\+|\{1,\d+\})\$$")   # a URL pattern's `\d+` / `\d{1,18}`


def _numeric_ids(op: dict[str, Any]) -> None:
    """Every id in a path is an integer, as every id in a body is (a tournament's,
    an entry's, a round's, a contribution's were strings of digits while a match's was an
    integer, so a generated client typed one `str` and the other `int`)."""
    for param in op.get("parameters", []):
        schema = param.get("schema") or {}
        if param.get("in") == "path" and schema.get("type") == "string" \
                and DIGITS.match(schema.get("pattern", "")):
            param["schema"] = {"type": "integer", "minimum": 0,
                               "maximum": 2 ** 63 - 1}


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict:
    components = result.setdefault("components", {})
    info = result.setdefault("info", {})
    info["description"] = info.get("description", "").replace("{error_table}", error_table())
    # (relative: the document is served by the API it describes, on whatever host)
    result["servers"] = [{"url": "/", "description": "This server"}]
    components.setdefault("schemas", {})["Error"] = error_schema()
    components["schemas"].update(ERROR_DETAILS)
    components["schemas"].update(action_conflict_schemas())
    components["examples"] = {f"error_{code}": error_example(code)
                              for code in sorted(ERROR_CODES)}
    apply_operations(result)
    _deck_formats(components["schemas"])
    _game_path_parameters(result.get("paths", {}))
    _game_actions(components["schemas"])
    _game_views(components["schemas"])
    _kgk_scenario(components["schemas"])
    _typed_nullables(components["schemas"])
    _game_answers(components["schemas"])  # (after: its nullable view is typed already)
    _outcome_details(components["schemas"])
    for path, item in result.get("paths", {}).items():
        for method, op in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            description = (op.get("description") or "").strip()
            if not op.get("summary"):
                first = re.split(r"(?<=[.!?])\s|\n\n", description, maxsplit=1)[0] \
                    if description else ""
                op["summary"] = first.rstrip(".")[:120] if first else \
                    _summary_from(op.get("operationId", ""), method, path)
            if not description:
                op["description"] = op["summary"] + "."
            _json_bodies_only(op)
            _numeric_ids(op)
            _shape_example(op, components["schemas"])
            responses = op.setdefault("responses", {})
            for status, names in sorted(_error_codes(method, path, op).items()):
                responses[str(status)] = _error_response(status, names)
            if (method, path) == ("post", "/api/v1/matches/{id}/actions/"):
                responses["409"]["content"]["application/json"]["schema"] = {
                    "$ref": "#/components/schemas/ActionConflict"}
            if method == "get":
                responses.setdefault("304", NOT_MODIFIED)
                _declare_if_none_match(op)
    return result


def _game_actions(schemas: dict[str, Any]) -> None:
    """Each game's actions and events as unions discriminated by ``type`` (``KgkAction``,
    ``SmugglersEvent``, ...), from the vocabulary each ruleset writes down once
    (``rulesets/<game>/action_shapes.py`` and ``event_shapes.py``). The legal
    actions, the posted action and the events stay open objects in the operations (one
    operation serves every game): their descriptions name the union of each game."""
    actions: list[str] = []
    events: list[str] = []
    for name, rs in sorted(registry.available().items()):
        for what, listed, names in (("Action", shapes_of(name), actions),
                                    ("Event", event_shapes_of(name), events)):
            if listed:
                schemas.update(json_schemas(prefix_of(name), rs.title, listed, what))
                names.append(f"`{prefix_of(name)}{what}` ({rs.title})")
    said = "Its shape is the match's game's action union: " + ", ".join(actions) + "."
    legal = _property(schemas, "LegalActionsOut", "actions")
    if legal is not None:
        legal["items"]["description"] = "An action this seat may take now. " + said
    posted = _property(schemas, "ActionRequestRequest", "action")
    if posted is not None:
        _add_sentence(posted, said)
        posted["oneOf"] = [{"$ref": f"#/components/schemas/{prefix_of(name)}Action"}
                           for name in sorted(registry.available()) if shapes_of(name)]
    _add_sentence(_property(schemas, "NumberedEvent", "event"),
                  "Its shape is the match's game's event union: " + ", ".join(events) + ".")


def _game_views(schemas: dict[str, Any]) -> None:
    """Each game's view (``KgkView``, ...: what one seat or a spectator sees), from the
    shape each ruleset writes down once (``rulesets/<game>/view_shape.py``). A
    match's ``view`` stays an open object in the operations, its description naming them."""
    views = []
    for name, rs in sorted(registry.available().items()):
        shape = view_shape_of(name)
        if shape is not None:
            schemas.update(view_schema(prefix_of(name), shape))
            views.append(f"`{prefix_of(name)}View` ({rs.title})")
    said = "Its shape is the match's game's view: " + ", ".join(views) + "."
    for component, spec in schemas.items():
        if component.endswith("View"):
            continue
        view = spec.get("properties", {}).get("view")
        if isinstance(view, dict):
            _add_sentence(view, said)


# The answers that carry a game's actions, events or view: each becomes a union of one
# variant per game (``KgkLegalActions``, ``SmugglersEvents``, ...), discriminated by the
# answer's ``ruleset``, so a generated client reads every action, event and view as its
# game's own class. (``type`` alone cannot pick the game: several games have a `pass`.)
GAME_ANSWERS = {"LegalActionsOut": "LegalActions", "ActionOut": "ActionResult",
                "EventsOut": "Events", "MatchOut": "Match"}


def _game_answers(schemas: dict[str, Any]) -> None:
    games = [(name, prefix_of(name)) for name in sorted(registry.available())
             if shapes_of(name) and event_shapes_of(name) and view_shape_of(name) is not None]
    if not games or any(base not in schemas for base in GAME_ANSWERS):
        return
    generic = {base: copy.deepcopy(schemas[base]) for base in GAME_ANSWERS}
    schemas.setdefault("NullEnum", {"type": "string", "nullable": True, "enum": [None]})
    for name, prefix in games:
        def ref(what: str, prefix: str = prefix) -> dict[str, Any]:
            return {"$ref": f"#/components/schemas/{prefix}{what}"}

        event: dict[str, Any] = ref("Event")
        if "AdjudicatedEvent" in schemas:     # (``matches.api.config_schema``: any game's)
            event = {"oneOf": [event, {"$ref": "#/components/schemas/AdjudicatedEvent"}],
                     "description": "The game's event, or an organiser's decision."}
        schemas[f"{prefix}NumberedEvent"] = {
            "type": "object", "required": ["n", "event"],
            "description": f"An event of {registry.get(name).title} and its number.",
            "properties": {"n": {"type": "integer"}, "event": event}}
        for base, variant in GAME_ANSWERS.items():
            spec = copy.deepcopy(generic[base])
            spec.pop("title", None)
            props = spec["properties"]
            props["ruleset"] = {"type": "string", "enum": [name],
                                "description": "The match's game: it picks this shape."}
            if "ruleset" not in spec.setdefault("required", []):
                spec["required"].append("ruleset")
            if "actions" in props:
                props["actions"]["items"] = ref("Action")
                props["actions"]["description"] = "What this seat may do now."
            if "events" in props:
                props["events"]["items"] = ref("NumberedEvent")
            if "legal_actions" in props:
                props["legal_actions"] = {"allOf": [ref("LegalActions")],
                                          "description": props["legal_actions"].get(
                                              "description", "")}
            if "options" in props and f"{prefix}Options" in schemas:
                props["options"] = ref("Options")     # (``matches.api.config_schema``)
            if "view" in props:
                # (OpenAPI 3.0 has no nullable reference; a generated client reads this
                # pair as "the game's view or None")
                props["view"] = {"oneOf": [ref("View"), {"$ref": "#/components/schemas/"
                                                                 "NullEnum"}],
                                 "description": "What this seat (or a spectator) sees; "
                                                "null while the match is open."}
            schemas[f"{prefix}{variant}"] = spec
    for base, variant in GAME_ANSWERS.items():
        variants = {name: f"#/components/schemas/{prefix}{variant}" for name, prefix in games}
        schemas[base] = {
            "description": (generic[base].get("description", "") + " One shape per game, "
                            "picked by `ruleset`.").strip(),
            "oneOf": [{"$ref": r} for r in variants.values()],
            "discriminator": {"propertyName": "ruleset", "mapping": variants}}
    schemas.pop("NumberedEvent", None)


def _outcome_details(schemas: dict[str, Any]) -> None:
    """Every outcome's ``details`` (the serializers' open dict) as the one vocabulary the
    games write (``rulesets.shapes.OUTCOME_DETAILS``), ``OutcomeDetails``."""
    schemas["OutcomeDetails"] = kind_schema(OUTCOME_DETAILS)

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict) and {"winners", "reason", "details"} <= set(props) \
                    and props["details"].get("type") == "object" \
                    and "properties" not in props["details"]:
                props["details"] = {"$ref": "#/components/schemas/OutcomeDetails"}
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for name, spec in schemas.items():
        if name != "OutcomeDetails":
            visit(spec)


def _kgk_scenario(schemas: dict[str, Any]) -> None:
    """The KGK scenario document (a sandbox's starting position), from the key sets its
    reader reads with (``rulesets/kgk/scenario_schema.py``), named by the new
    match's ``scenario``."""
    schemas.update(kgk_scenario_schemas())
    _add_sentence(_property(schemas, "MatchCreateRequestRequest", "scenario"),
                  "For Káosz Galaktika its shape is `KgkScenario`.")


def _property(schemas: dict[str, Any], component: str, name: str) -> dict[str, Any] | None:
    found: dict[str, Any] | None = schemas.get(component, {}).get("properties", {}).get(name)
    return found


def _add_sentence(node: dict[str, Any] | None, sentence: str) -> None:
    if node is not None:
        node["description"] = (node.get("description", "") + " " + sentence).strip()


# Django's ConditionalGetMiddleware gives every GET answer an ETag and answers a matching
# If-None-Match with an empty 304 (sent, but not declared).
NOT_MODIFIED: dict[str, Any] = {
    "description": "Not modified: the `If-None-Match` ETag still matches; no body.",
    "headers": {"ETag": {"schema": {"type": "string"}}}}


IF_NONE_MATCH: dict[str, Any] = {
    "in": "header", "name": "If-None-Match", "required": False,
    "schema": {"type": "string"},
    "description": "The `ETag` of an answer you hold: 304 with no body while it still "
                   "matches."}


def _declare_if_none_match(op: dict[str, Any]) -> None:
    params = op.setdefault("parameters", [])
    if not any(p.get("in") == "header" and p.get("name") == "If-None-Match" for p in params):
        params.append(IF_NONE_MATCH)


def _type_of(node: dict[str, Any], schemas: dict[str, Any], depth: int = 0) -> str | None:
    """The JSON type a schema's values have, if one: its own, its enum's, its refs'."""
    if "type" in node or depth > 8:
        return node.get("type")
    if "$ref" in node:
        return _type_of(schemas.get(node["$ref"].rsplit("/", 1)[-1], {}), schemas, depth + 1)
    values = [v for v in node.get("enum", []) if v is not None]
    if values:
        kinds = {"string" if isinstance(v, str) else "boolean" if isinstance(v, bool)
                 else "integer" if isinstance(v, int) else "number" for v in values}
        return kinds.pop() if len(kinds) == 1 else None
    parts = [_type_of(p, schemas, depth + 1)
             for key in ("allOf", "oneOf", "anyOf") for p in node.get(key, [])]
    kinds = {k for k in parts if k is not None}
    return kinds.pop() if len(kinds) == 1 else None


def _typed_nullables(schemas: dict[str, Any]) -> None:
    """Every ``nullable`` beside a ``type`` (sixteen were not, which OpenAPI 3.0
    says has no effect and Redocly's linter reports). A free-form value (a JSON field:
    any type) needs no ``nullable``; an enum or a reference gets the type of its values;
    drf-spectacular's ``NullEnum``/``BlankEnum`` get theirs."""
    if "NullEnum" in schemas:
        schemas["NullEnum"] = {"type": "string", "nullable": True, "enum": [None]}
    if "BlankEnum" in schemas:
        schemas["BlankEnum"] = {"type": "string", "enum": [""]}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("allOf")
            if node.get("nullable") and isinstance(ref, list) and len(ref) == 1 \
                    and "$ref" in ref[0]:
                # A nullable object field (a match's `outcome`): OpenAPI 3.0 validators do
                # not carry `nullable` into an `allOf`, so `null` failed them; the object's
                # schema is written out here instead, nullable itself.
                target = schemas[ref[0]["$ref"].rsplit("/", 1)[-1]]
                del node["allOf"]
                node.update({k: copy.deepcopy(v) for k, v in target.items()
                             if k not in node or k == "type"})
                node["nullable"] = True
            if "nullable" in node and "type" not in node:
                kind = _type_of(node, schemas)
                if kind is None:
                    del node["nullable"]
                else:
                    node["type"] = kind
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schemas)


def _deck_formats(schemas: dict[str, Any]) -> None:
    """The rulesets this server has, as enums where a body names one (the deck formats:
    ``decks.api.schema``)."""
    from rulesets import registry  # (at request time: this module stays Django-free)

    for name in ("MatchCreateRequest", "SimulationRequest"):
        prop = schemas.get(name, {}).get("properties", {}).get("ruleset")
        if prop is not None:
            prop["enum"] = sorted(registry.available())


def _game_path_parameters(paths: dict[str, Any]) -> None:
    """A path's ``{game}`` names one of this server's rulesets (the leaderboards): an enum,
    so a client knows the values and any other is refused as the schema says."""
    from rulesets import registry  # (at request time: this module stays Django-free)

    for path, item in paths.items():
        if "{game}" not in path:
            continue
        for op in item.values():
            for param in op.get("parameters", []) if isinstance(op, dict) else []:
                if param.get("in") == "path" and param.get("name") == "game":
                    param.setdefault("schema", {})["enum"] = sorted(registry.available())


def _has_example(content: dict[str, Any]) -> bool:
    return any(media.get("examples") or "example" in media for media in content.values())


def _shape_example(op: dict[str, Any], schemas: dict[str, Any]) -> None:
    """An operation without a written example gets one drawn from its schema: each field
    with a value of its type, so a reader sees the whole shape at once. Written examples
    (``OpenApiExample`` on the view) are left as they are."""
    bodies = [op.get("requestBody", {}).get("content", {})]
    bodies += [r.get("content", {}) for code, r in op.get("responses", {}).items()
               if code.startswith("2")]
    if any(_has_example(content) for content in bodies):
        return
    for content in bodies:
        for media_type, media in content.items():
            if media_type.startswith("application/json") and "schema" in media:
                media["examples"] = {"shape": {
                    "summary": "Every field (drawn from the schema)",
                    "value": sample(media["schema"], schemas)}}


def sample(schema: dict[str, Any], schemas: dict[str, Any], depth: int = 0) -> Any:
    """A value of ``schema``'s shape (refs followed, the first enum value or variant)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return sample(schemas.get(name, {}), schemas, depth) if depth < 6 else {}
    if "example" in schema:
        return schema["example"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("oneOf", "anyOf", "allOf"):
        if schema.get(key):
            return sample(schema[key][0], schemas, depth)
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        return {name: sample(prop, schemas, depth + 1)
                for name, prop in schema.get("properties", {}).items()
                if not prop.get("writeOnly")}
    if kind == "array":
        item = sample(schema.get("items", {}), schemas, depth + 1)
        return [item] * max(schema.get("minItems", 1), 1) if depth < 6 else []
    if kind == "integer":
        return max(int(schema.get("minimum", 1)), 1)
    if kind == "number":
        return 0.5
    if kind == "boolean":
        return True
    if kind == "string":
        return {"date-time": "2026-11-26T20:00:00Z", "date": "2026-11-26",
                "uri": "https://kaosz.example/api/v1/", "email": "player@kaosz.example",
                "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6"}.get(
                    schema.get("format", ""), "text")
    return None


def _json_bodies_only(op: dict[str, Any]) -> None:
    """Document JSON bodies only: form encodings are accepted for the browsable pages, but
    a client sends JSON (every value there has its own type; in a form everything is text).
    An operation that takes only a multipart upload keeps it."""
    content = op.get("requestBody", {}).get("content", {})
    if "application/json" in content:
        for media in list(content):
            if media != "application/json":
                del content[media]


def _error_codes(method: str, path: str, op: dict[str, Any]) -> dict[int, list[str]]:
    """Every error code ``op`` can answer, by HTTP status."""
    codes: dict[int, list[str]] = {}

    def add(*names: str) -> None:
        for name in names:
            bucket = codes.setdefault(ERROR_CODES[name][0], [])
            if name not in bucket:
                bucket.append(name)

    params = {p.get("name") for p in op.get("parameters", []) if p.get("in") == "query"}
    if "requestBody" in op:
        add("malformed_request", "invalid", "unsupported_media_type", "request_too_large")
    elif params:
        add("malformed_request")  # a NUL or lone surrogate in the query string
    if params:
        add("invalid_parameter")
    if "page" in params:
        add("not_found")  # a page past the last one
    if method != "get" or path.startswith(("/api/v1/collection", "/api/v1/tokens",
                                           "/api/v1/contributions")):
        add("not_authenticated", "authentication_failed", "permission_denied")
        if method != "get":
            add("token_read_only")
    else:
        add("authentication_failed")  # a bad token is refused even where none is needed
    if "{" in path:
        add("not_found")
    add("not_acceptable", "throttled", "too_many_invalid_tokens", "database_unavailable",
        "insufficient_scope")
    add(*_operation_codes(method, path))
    return codes


# Error codes an operation can answer beyond those every operation of its kind can (bad
# input, credentials, throttling, an unknown id). Keys: (method or "*", path or prefix*).
OPERATION_ERRORS: dict[tuple[str, str], list[str]] = {
    ("get", "/api/v1/cards/"): ["query_syntax", "invalid_ordering", "invalid"],
    ("get", "/api/v1/cards/explain/"): ["query_syntax"],
    ("get", "/api/v1/cards/random/"): ["query_syntax", "not_found"],
    ("get", "/api/v1/cards/named/"): ["missing_parameter", "ambiguous", "not_found"],
    ("get", "/api/v1/cards/export/"): ["invalid_format"],
    ("post", "/api/v1/cards/batch/"): [],
    ("post", "/api/v1/tokens/"): ["too_many_tokens", "session_required"],
    ("post", "/api/v1/contributions/"): ["invalid_contribution", "too_many_pending"],
    ("post", "/api/v1/contributions/{id}/image/"): [
        "forbidden", "not_pending", "image_missing", "image_empty", "image_wrong_type",
        "image_too_many_pixels", "image_too_large"],
    ("post", "/api/v1/contributions/read-photo/"): [
        "photo_missing", "photo_too_small", "photo_no_card", "photo_reading_unavailable",
        "photo_reading_busy", "photo_budget_spent", "image_empty", "image_wrong_type", "image_too_many_pixels", "image_too_large"],
    ("post", "/api/v1/contributions/{id}/approve/"): ["not_pending", "invalid_contribution"],
    ("post", "/api/v1/contributions/{id}/reject/"): ["not_pending", "invalid_contribution"],
    ("post", "/api/v1/revisions/{id}/revert/"): ["cannot_revert"],
    ("post", "/api/v1/decks/validate/"): ["unknown_format", "deck_input", "deck_code_invalid"],
    ("post", "/api/v1/decks/"): ["deck_input", "deck_code_invalid", "deck_unknown_cards"],
    ("put", "/api/v1/decks/{id}/"): ["deck_input", "deck_code_invalid", "deck_unknown_cards"],
    ("patch", "/api/v1/decks/{id}/"): ["deck_input", "deck_code_invalid",
                                       "deck_unknown_cards"],
    ("get", "/api/v1/decks/{id}/validation/"): ["unknown_format"],
    ("post", "/api/v1/decks/bulk-validate/"): ["unknown_format", "deck_input",
                                               "deck_code_invalid"],
    ("post", "/api/v1/matches/"): [
        "unknown_ruleset", "ruleset_unavailable", "bad_players", "bad_config",
        "unknown_player", "deck_invalid", "deck_not_used", "deck_required", "deck_not_found",
        "deck_unplayable", "deck_input", "deck_code_invalid", "bad_scenario", "scenario_not_supported",
        "too_many_bot_matches", "challenge_options", "too_many_challenges"],
    ("post", "/api/v1/matches/{id}/join/"): [
        "not_open", "already_started", "rating_too_low", "deck_invalid", "deck_required", "deck_not_found",
        "deck_unplayable", "deck_input", "deck_code_invalid"],
    ("post", "/api/v1/matches/{id}/decline/"): ["invitation_not_found"],
    ("post", "/api/v1/matches/{id}/actions/"): [
        "not_a_player", "not_your_seat", "illegal_action", "version_conflict",
        "idempotency_key_reused", "match_not_started",
        "match_finished", "time_up", "server_busy"],
    ("post", "/api/v1/matches/{id}/resign/"): [
        "not_a_player", "not_your_seat", "match_not_started", "match_finished",
        "idempotency_key_reused"],
    ("get", "/api/v1/matches/{id}/"): ["not_your_seat"],
    ("get", "/api/v1/matches/{id}/legal-actions/"): ["not_your_seat"],
    ("post", "/api/v1/matches/{id}/adjudicate/"): ["match_not_started", "match_finished"],
    ("get", "/api/v1/matches/{id}/events/"): ["too_many_waiters", "not_your_seat"],
    ("get", "/api/v1/matches/{id}/replay/"): ["match_not_finished"],
    ("get", "/api/v1/matches/{id}/verify/"): ["match_not_started"],
    ("get", "/api/v1/matches/{id}/stops/"): ["not_a_player", "not_your_seat"],
    ("put", "/api/v1/matches/{id}/stops/"): ["not_a_player", "not_your_seat"],
    ("post", "/api/v1/simulations/"): [
        "unknown_ruleset", "bad_players", "bad_config", "deck_not_used", "deck_invalid",
        "deck_not_found", "deck_input", "too_many_games", "too_many_simulations"],
    ("post", "/api/v1/simulations/{id}/cancel/"): ["simulation_ended"],
    ("post", "/api/v1/tournaments/"): ["unknown_format"],
    ("patch", "/api/v1/tournaments/{id}/"): ["not_organiser", "already_started",
                                             "final_started"],
    ("delete", "/api/v1/tournaments/{id}/"): ["not_organiser", "already_started"],
    ("post", "/api/v1/tournaments/{id}/entries/"): [
        "not_organiser", "unknown_player", "registration_closed", "already_registered",
        "name_taken", "deck_required", "deck_invalid", "deck_not_found",
        "online_entry_incomplete", "account_required"],
    ("patch", "/api/v1/tournaments/{id}/entries/{entry_id}/"): [
        "not_your_entry", "deck_locked", "deck_invalid", "deck_not_found"],
    ("post", "/api/v1/tournaments/{id}/entries/{entry_id}/drop/"): [
        "not_your_entry", "already_dropped", "tournament_finished"],
    ("post", "/api/v1/tournaments/{id}/entries/{entry_id}/undrop/"): [
        "not_organiser", "not_dropped", "tournament_finished"],
    ("post", "/api/v1/tournaments/{id}/entries/{entry_id}/check-in/"): [
        "not_your_entry", "already_started"],
    ("get", "/api/v1/tournaments/{id}/deck-check/"): ["not_organiser"],
    ("get", "/api/v1/tournaments/{id}/decklists/"): ["decklists_not_published"],
    ("post", "/api/v1/tournaments/{id}/start/"): [
        "not_organiser", "already_started", "too_few_players", "decks_not_ready"],
    ("post", "/api/v1/tournaments/{id}/end/"): ["not_organiser", "tournament_finished",
                                                "not_started"],
    ("post", "/api/v1/tournaments/{id}/rounds/"): [
        "not_organiser", "not_in_swiss", "round_not_finished", "all_rounds_played",
        "pairing_in_progress", "no_valid_pairing"],
    ("post", "/api/v1/tournaments/{id}/rounds/{number}/*"): [
        "not_organiser", "not_in_swiss", "round_started", "round_not_started",
        "round_incomplete", "round_finished", "pairing_in_progress", "no_valid_pairing",
        "not_paired", "same_table", "pairing_rule_broken"],
    ("post", "/api/v1/tournaments/{id}/pairings/{pairing_id}/*"): [
        "not_organiser", "not_your_table", "invalid_result", "result_final",
        "round_not_started", "round_finished", "online_table", "tournament_finished"],
    ("get", "/api/v1/tournaments/{id}/pairings/{pairing_id}/history/"): ["permission_denied"],
    ("get", "/api/v1/tournaments/{id}/trf/"): ["trf_too_large"],
    ("post", "/api/v1/tournaments/{id}/final/"): ["not_organiser", "not_in_swiss",
                                                  "round_not_finished", "final_started"],
    ("post", "/api/v1/tournaments/{id}/final/games/"): [
        "not_organiser", "series_not_open", "series_decided", "not_in_final"],
    # players: leaderboards, challenges
    ("get", "/api/v1/leaderboards/{game}/"): ["unknown_ruleset"],
    ("post", "/api/v1/challenges/"): [
        "unknown_ruleset", "unknown_player", "bad_config", "deck_not_used", "deck_invalid",
        "deck_not_found", "deck_input", "deck_code_invalid", "deck_required",
        "deck_unplayable", "unknown_format", "too_many_challenges", "too_many_turn_matches"],
    ("post", "/api/v1/challenges/{id}/accept/"): [
        "not_open", "own_challenge", "rating_too_low", "too_many_challenges",
        "too_many_turn_matches", "deck_invalid", "deck_required", "deck_not_found",
        "deck_unplayable", "deck_input", "deck_code_invalid", "deck_not_used", "bad_config"],
    ("post", "/api/v1/challenges/{id}/cancel/"): ["not_open"],
    ("post", "/api/v1/challenges/{id}/open/"): ["not_open"],
    ("post", "/api/v1/matches/{id}/abort/"): ["not_found", "not_your_seat", "not_abortable"],
    ("post", "/api/v1/matches/{id}/rematch/"): [
        "not_your_seat", "no_rematch", "too_many_challenges", "too_many_turn_matches",
        "bad_config"],
}


# (method, path): (summary, description). Written here, in one place, for the operations
# whose views give no description of their own, or only their class's.
OPERATIONS: dict[tuple[str, str], tuple[str, str]] = {
    ("get", "/api/v1/cards/"): ("Search cards", "Cards matching the [query language](/help/query/) in `q` and the filters, paged (`page`, `page_size` ≤ 500). Unofficial practice cards are left out unless the query mentions officiality. `warnings` lists parts of `q` that were ignored."),
    ("get", "/api/v1/cards/{slug}/"): ("Get a card", "One card with every field and its provenance (stated, derived or unknown)."),
    ("get", "/api/v1/cards/{slug}/revisions/"): ("A card's revisions", "Every change to the card, newest first."),
    ("get", "/api/v1/cards/explain/"): ("Explain a card query", "How `q` is read, in English and Hungarian, with warnings for ignored parts; a syntax error is a 400 `query_syntax` with its position."),
    ("get", "/api/v1/cards/random/"): ("A random card", "One random card matching `q` (or any official card)."),
    ("get", "/api/v1/collection/"): ("Your collection", "Owned and wanted counts per card (`?wishlist=1`: wanted only)."),
    ("post", "/api/v1/collection/set/"): ("Set one card's counts", "Sets `owned` and `wanted` for `card`; both 0 removes the entry."),
    ("put", "/api/v1/collection/set/"): ("Set one card's counts", "Sets `owned` and `wanted` for `card`; both 0 removes the entry."),
    ("get", "/api/v1/collection/summary/"): ("Collection totals", "Distinct cards owned, copies owned and copies wanted."),
    ("get", "/api/v1/contributions/"): ("Your contributions", "Your proposals (staff: everyone's), filter with `status`."),
    ("post", "/api/v1/contributions/"): ("Propose a card or a correction", "A new card or a change to one, with sources; staff review it."),
    ("get", "/api/v1/contributions/{id}/"): ("Get a contribution", "One proposal with its review state."),
    ("post", "/api/v1/contributions/read-photo/"): ("Read a photo of cards", "One pre-filled proposal per card found in a photo, with its straightened crop; nothing is stored."),
    ("post", "/api/v1/contributions/{id}/approve/"): ("Approve a contribution (staff)", "Applies the proposal as a new revision of the card."),
    ("post", "/api/v1/contributions/{id}/reject/"): ("Reject a contribution (staff)", "Closes the proposal with an optional `note`."),
    ("get", "/api/v1/data-version/"): ("Catalogue version", "A number that grows with every catalogue change: cache card data under it."),
    ("get", "/api/v1/decks/"): ("List decks", "Your decks and public decks, newest change first (`?scope=mine`: yours only; `?scope=public`: public ones only)."),
    ("post", "/api/v1/decks/"): ("Save a deck", "A new deck from `text`, `cards` or `code`; every save is a revision."),
    ("get", "/api/v1/decks/{id}/"): ("Get a deck", "A deck with its cards and latest revision number."),
    ("put", "/api/v1/decks/{id}/"): ("Replace a deck", "Replaces name, format, visibility and cards; a new revision."),
    ("patch", "/api/v1/decks/{id}/"): ("Update a deck", "Changes the given fields; a card change is a new revision."),
    ("delete", "/api/v1/decks/{id}/"): ("Delete a deck", "Deletes your deck and its revisions."),
    ("post", "/api/v1/decks/{id}/copy/"): ("Copy a deck", "A copy of a public or own deck into your decks."),
    ("get", "/api/v1/decks/{id}/cost-curve/"): ("Cost curve", "How many cards at each cost."),
    ("get", "/api/v1/decks/{id}/diff/"): ("Compare revisions", "Cards added and removed between two revisions (`from`, `to`)."),
    ("get", "/api/v1/decks/{id}/export/"): ("Export a deck", "The deck as text or a deck code."),
    ("get", "/api/v1/decks/{id}/missing/"): ("Cards you lack", "The deck's cards minus your collection."),
    ("get", "/api/v1/decks/{id}/revisions/"): ("Deck revisions", "Every saved version of the deck."),
    ("get", "/api/v1/decks/{id}/stats/"): ("Deck statistics", "Counts by type, race, rarity and cost."),
    ("get", "/api/v1/decks/{id}/validation/"): ("Validate a saved deck", "Every rule violation for the deck's format (or `?format=`)."),
    ("post", "/api/v1/decks/bulk-validate/"): ("Validate many decks", "Starts a background job over up to 2,000 decks; poll it by id."),
    ("get", "/api/v1/decks/bulk-validate/{id}/"): ("Bulk validation progress", "Status, progress and, when done, each deck's result."),
    ("get", "/api/v1/formats/"): ("Deck formats", "Every format with its rules (deck size, copy limits, races)."),
    ("get", "/api/v1/matches/"): ("List matches", "Newest first; filter by `status`, `ruleset`, `mine=1`."),
    ("post", "/api/v1/matches/"): ("Create a match", "Seats are `me`, `bot:<kind>`, `open` (anyone may join) or another user's name (an invitation they accept by joining). Decks by `text`, `cards`, `code` or a saved deck `id`."),
    ("get", "/api/v1/matches/{id}/"): ("Get a match", "The match as your seat sees it (spectators see public information only)."),
    ("post", "/api/v1/matches/{id}/actions/"): ("Play an action", "One legal action for your seat. Send `expected_version` (409 `version_conflict` when someone moved first) and a fresh `client_action_id`: repeating the same request answers the same result without playing twice."),
    ("get", "/api/v1/matches/{id}/events/"): ("Wait for events", "Events after `after`; `wait` (≤ 30 s) long-polls, `until=turn` sleeps until it is your decision, `include_legal_actions=1` brings them along."),
    ("post", "/api/v1/matches/{id}/join/"): ("Join a match", "Takes the open seat (or the seat you were invited to), with your deck."),
    ("get", "/api/v1/matches/{id}/legal-actions/"): ("Your legal actions", "What your seat may do now (empty when it is not your decision)."),
    ("post", "/api/v1/matches/{id}/resign/"): ("Resign", "Your seat resigns; the match ends for you."),
    ("get", "/api/v1/revisions/"): ("Catalogue revisions", "Every change to any card, newest first."),
    ("get", "/api/v1/revisions/{id}/"): ("Get a revision", "One change with the values before and after."),
    ("post", "/api/v1/revisions/{id}/revert/"): ("Revert a revision (staff)", "Undoes the change as a new revision."),
    ("get", "/api/v1/rulesets/"): ("Rulesets", "The games this server hosts, with player counts and whether they use decks."),
    ("get", "/api/v1/sets/"): ("Card sets", "Every set with its card counts."),
    ("get", "/api/v1/sets/{slug}/"): ("Get a set", "One card set with its card counts."),
    ("get", "/api/v1/simulations/"): ("List simulations", "Your bot-vs-bot simulation runs."),
    ("post", "/api/v1/simulations/"): ("Start a simulation", "Many seeded bot games in the background; poll for win rates."),
    ("get", "/api/v1/simulations/{id}/"): ("Simulation progress", "Games done and the results so far."),
    ("get", "/api/v1/tournaments/"): ("List tournaments", "Newest first."),
    ("post", "/api/v1/tournaments/"): ("Create a tournament", "You are its organiser; registration opens at once."),
    ("get", "/api/v1/tournaments/{id}/"): ("Get a tournament", "Settings, status and counts."),
    ("patch", "/api/v1/tournaments/{id}/"): ("Update a tournament", "The organiser changes settings before the start."),
    ("delete", "/api/v1/tournaments/{id}/"): ("Delete a tournament", "The organiser deletes it before the start."),
    ("get", "/api/v1/tournaments/{id}/entries/"): ("Registered players", "Every entry with its deck state."),
    ("post", "/api/v1/tournaments/{id}/entries/"): ("Register", "Yourself (with a deck), or as organiser a user or a name."),
    ("get", "/api/v1/tournaments/{id}/final/"): ("The top-4 final", "The bracket and its series."),
    ("post", "/api/v1/tournaments/{id}/final/"): ("End the Swiss stage", "After the last Swiss round the organiser ends the Swiss stage: the top players (by `final_size`: 4, 2 or none) are seeded into the final from the standings; with no final the tournament ends on the Swiss standings."),
    ("get", "/api/v1/tournaments/{id}/pairing-jobs/{job_id}/"): ("Pairing job", "A background pairing's state; the round when done."),
    ("get", "/api/v1/tournaments/{id}/rounds/"): ("Rounds", "Every round with its tables. POST pairs the next one."),
    ("post", "/api/v1/tournaments/{id}/rounds/"): ("Pair the next round", "201 with the round, or 202 with a job for a large event. 409 `no_valid_pairing` names the organiser's options."),
    ("get", "/api/v1/tournaments/{id}/rounds/{number}/"): ("Get a round", "One round's tables (`?format=csv` to download)."),
}


def apply_operations(result: dict[str, Any]) -> None:
    for (method, path), (summary, description) in OPERATIONS.items():
        op = result.get("paths", {}).get(path, {}).get(method)
        if op is not None:
            op["summary"] = summary
            op["description"] = description
