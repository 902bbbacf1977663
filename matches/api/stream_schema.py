"""The event streams in the OpenAPI document (a schema post-processing hook).

The streams are plain async Django views (they stream and wait on the event loop), which
drf-spectacular does not see: their operations are written here, next to what they
describe (``matches.api.live_views``). Each answers ``text/event-stream``: events of the
form ``event: <name>`` / ``data: <one line of JSON>`` / a blank line, and comment lines
(``: keep-alive``) while nothing happens. The JSON of each event is described by a schema
in ``components`` (``x-events`` on the response names them), so a client can type it.
"""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}
SECURITY: list[dict[str, list[str]]] = [{"tokenAuth": []}, {"cookieAuth": []}]

MATCH_STREAM_DOC = """Server-Sent Events: the match as it changes, for a client that wants \
every move the moment it commits without long-polling.

On connecting: one `progress` event with the events after `after` (the events answer of \
`GET /matches/{id}/events/`: `events`, `last`, `more`, `version`, `status`, `to_act`, \
`clocks`, whose `turn` is a turn-based match's deadline and the version that set it), then \
one `progress` event whenever the match changes; a comment line (`: keep-alive`) every 20 s \
otherwise. The stream ends after the event that says `"status": "finished"`. A seat's \
player sees their own seat's view (`seat` as for the events operation), anyone else the \
public one. Reconnect with `after` set to the last event's `last`.

Served everywhere: under the ASGI server on PostgreSQL an open stream holds neither a \
thread nor a database connection; on the threaded development server (`make run`) each \
open stream takes a thread. `?probe=1` answers `{"available": true|false}` at once: \
whether streams are the cheap way here (the board pages long-poll when it is false). Open \
streams and waiting long-polls are capped per account (`KAOSZ_WAITERS_PER_USER`) and per \
address without an account (`KAOSZ_ANON_WAITERS_PER_CLIENT`): 429 `too_many_waiters`."""

ACCOUNT_STREAM_DOC = """Server-Sent Events for the signed-in user, across all their \
matches: a bot waiting for a challenge or its turn does not poll.

On connecting: a `hello` event (`AccountHello`: the matches where one of your seats is to \
act, the seat invitations you have not answered), then, as they happen:
- `your_turn` (`AccountYourTurn`): one of your seats is to act in a match;
- `invitation` (`AccountInvitation`): someone invited you to a seat;
- `match_finished` (`AccountMatchFinished`): a match you sit in has ended.

More kinds may be added (challenges, for one): ignore the events you do not know. A \
comment line (`: keep-alive`) every 20 s while nothing happens. Events sent while you \
were not connected are not replayed: the `hello` of your next connection lists what is \
still waiting. Capped with the long-polls and match streams (429 `too_many_waiters`)."""


def _sse_response(description: str, events: dict[str, str]) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"text/event-stream": {
            "schema": {"type": "string", "description": "Server-Sent Events (see above)."},
            "example": "".join(f"event: {name}\ndata: {{...}}\n\n" for name in events)}},
        "x-events": {name: {"$ref": f"#/components/schemas/{ref}"}
                     for name, ref in events.items()},
    }


def _with_probe(response: dict[str, Any]) -> dict[str, Any]:
    """``?probe=1`` answers JSON, not a stream: both media types declared."""
    response["content"]["application/json"] = {
        "schema": {"$ref": "#/components/schemas/StreamProbe"},
        "example": {"available": True}}
    return response


def _error(description: str, *codes: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {
        "schema": ERROR,
        "examples": {code: {"$ref": f"#/components/examples/error_{code}"} for code in codes}}}}


COMPONENTS: dict[str, Any] = {
    "StreamProbe": {"type": "object", "required": ["available"], "properties": {
        "available": {"type": "boolean", "description": (
            "Whether a stream would be served now; false: long-poll the events instead.")}}},
    "AccountHello": {"type": "object", "required": ["user", "your_turn", "invitations"],
                     "properties": {
                         "user": {"type": "integer"},
                         "your_turn": {"type": "array",
                                       "items": {"$ref": "#/components/schemas/AccountYourTurn"}},
                         "invitations": {"type": "array", "items": {
                             "$ref": "#/components/schemas/AccountInvitation"}}}},
    "AccountYourTurn": {"type": "object", "required": ["match", "seat", "version", "deadline"],
                        "properties": {"match": {"type": "integer"},
                                       "seat": {"type": "integer"},
                                       "version": {"type": "integer", "description": (
                                           "The match's version then: pass it as "
                                           "expected_version.")},
                                       "deadline": {
                                           "type": "string", "format": "date-time",
                                           "nullable": True, "description": (
                                               "A turn-based match: move by then (UTC); "
                                               "null in a live match.")}}},
    "AccountInvitation": {"type": "object", "required": ["invitation", "match", "seat", "from"],
                          "properties": {"invitation": {"type": "integer"},
                                         "match": {"type": "integer"},
                                         "seat": {"type": "integer"},
                                         "from": {"type": "string", "nullable": True,
                                                  "description": "Who invited you."}}},
    "AccountMatchFinished": {"type": "object", "required": ["match"],
                             "properties": {"match": {"type": "integer"}}},
}


def postprocess(result: dict[str, Any], generator: Any, request: Any,
                public: bool) -> dict[str, Any]:
    paths = result.setdefault("paths", {})
    paths["/api/v1/matches/{id}/stream/"] = {"get": {
        "operationId": "matches_stream_retrieve",
        "summary": "Follow a match as Server-Sent Events",
        "description": MATCH_STREAM_DOC,
        "tags": ["matches"],
        "parameters": [
            {"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}},
            {"in": "query", "name": "after", "schema": {"type": "integer", "minimum": 0},
             "description": "Events numbered above this (0: from the start)."},
            {"in": "query", "name": "probe", "schema": {"type": "boolean"},
             "description": "Answer `{\"available\": true|false}` at once (JSON) instead "
                            "of streaming."},
        ],
        "security": [*SECURITY, {}],
        "responses": {
            "200": _with_probe(_sse_response("The stream (or, with `probe`, a JSON "
                                             "object `{\"available\": bool}`).",
                                             {"progress": "EventsOut"})),
            "400": _error("`after` is not a number (`invalid_parameter`).",
                          "invalid_parameter"),
            "403": _error("Not allowed to watch this match.", "permission_denied"),
            "404": _error("No such match (`not_found`).", "not_found"),
            "429": _error("Too many open streams and long-polls (`too_many_waiters`).",
                          "too_many_waiters"),
        },
    }}
    paths["/api/v1/me/stream/"] = {"get": {
        "operationId": "me_stream_retrieve",
        "summary": "Your account's events (your turn, invitations) as Server-Sent Events",
        "description": ACCOUNT_STREAM_DOC,
        "tags": ["matches"],
        "security": SECURITY,
        "responses": {
            "200": _sse_response("The stream.", {
                "hello": "AccountHello", "your_turn": "AccountYourTurn",
                "invitation": "AccountInvitation", "match_finished": "AccountMatchFinished"}),
            "401": _error("Not signed in (`not_authenticated`).", "not_authenticated"),
            "429": _error("Too many open streams and long-polls (`too_many_waiters`).",
                          "too_many_waiters"),
        },
    }}
    result.setdefault("components", {}).setdefault("schemas", {}).update(COMPONENTS)
    return result
