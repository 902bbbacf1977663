"""The error codes any endpoint can answer with (bad input, authentication, limits, the
server's own troubles), and the API tokens' and the site edge's own. The web library
(``web``) answers with these codes; it is no app, so the project registers them as its own.

Each entry is a :class:`web.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from web.error_catalogue import ErrorCode

CODES: dict[str, ErrorCode] = {
    "malformed_request": ErrorCode(
        400,
        meaning="The body or query string cannot be read: not JSON, nested more than 32 levels, "
                "or a NUL character / lone surrogate in it.",
        hu="A kérés nem olvasható.",
        en="The request cannot be read.",
    ),
    "invalid": ErrorCode(
        400,
        meaning="A field is missing or has the wrong type or value; `details.fields` names each "
                "field with its messages.",
        hu="Érvénytelen adat.",
        en="Invalid input.",
    ),
    "invalid_parameter": ErrorCode(
        400,
        meaning="A query parameter is out of range or of the wrong kind; `details.fields` names "
                "it with its message, as for a body field.",
        hu="Érvénytelen paraméter.",
        en="Invalid parameter.",
    ),
    "missing_parameter": ErrorCode(
        400,
        meaning="A required query parameter is missing.",
    ),
    "not_a_number": ErrorCode(
        400,
        meaning="A number was expected (the lobby's player count).",
        hu="Számot adj meg.",
        en="Give a number.",
    ),
    "not_authenticated": ErrorCode(
        401,
        meaning="This needs an account: send `Authorization: Token <key>` or sign in.",
        hu="Ehhez be kell lépned.",
        en="Log in to do that.",
    ),
    "authentication_failed": ErrorCode(
        401,
        meaning="The token is unknown, revoked, or its user is inactive.",
    ),
    "permission_denied": ErrorCode(
        403,
        meaning="Signed in, but not allowed to do this.",
        hu="Ehhez nincs jogod.",
        en="You may not do that.",
    ),
    "token_read_only": ErrorCode(
        403,
        meaning="A read-only API token was used for a write; make a read-write token.",
    ),
    "insufficient_scope": ErrorCode(
        403,
        meaning="An app's OAuth token lacks the scope this needs (`read`, `play`, "
                "`challenge`, `tournaments`, `collection`); authorize the app again with it.",
        hu="Ehhez az alkalmazásnak nincs engedélye.",
        en="This app is not allowed to do that.",
    ),
    "not_found": ErrorCode(
        404,
        meaning="No such object (or not yours to see).",
        hu="Nincs ilyen.",
        en="Not found.",
    ),
    "method_not_allowed": ErrorCode(
        405,
        meaning="This path does not take that HTTP method.",
        hu="Ez a művelet itt nem engedélyezett.",
        en="That is not allowed here.",
    ),
    "not_acceptable": ErrorCode(
        406,
        meaning="No representation matches the Accept header.",
    ),
    "request_too_large": ErrorCode(
        413,
        meaning="The body is larger than the limit in `details.max_bytes`.",
    ),
    "unsupported_media_type": ErrorCode(
        415,
        meaning="Send `Content-Type: application/json`.",
    ),
    "throttled": ErrorCode(
        429,
        meaning="Too many requests; wait `details.retry_after_seconds`.",
    ),
    "server_error": ErrorCode(
        500,
        meaning="A bug: the request was not applied. Please report it.",
    ),
    "error": ErrorCode(
        400,
        meaning="Another client error; the message says what.",
    ),
    "too_many_tokens": ErrorCode(
        409,
        meaning="At most 50 active tokens per account; revoke one first.",
    ),
    "server_busy": ErrorCode(
        503,
        meaning="Every database connection is in use; try again in a few seconds.",
    ),
    "database_unavailable": ErrorCode(
        503,
        meaning="The database cannot be reached (restarting or down); nothing was applied. Try "
                "again in a few seconds.",
        hu="Az adatbázis most nem érhető el; próbáld újra néhány másodperc múlva.",
        en="The database cannot be reached; try again in a few seconds.",
    ),
    "too_many_invalid_tokens": ErrorCode(
        429,
        meaning="Too many unknown or revoked tokens from this address; every token from it is "
                "refused for `details.retry_after_seconds`.",
        hu="Túl sok érvénytelen API-token erről a címről; várj egy kicsit.",
        en="Too many invalid API tokens from this address; wait a while.",
    ),
    "session_required": ErrorCode(
        403,
        meaning="API tokens are made from a signed-in session (the account page), not with "
                "another token.",
        hu="API-tokent csak belépve, a fiókoldalon lehet készíteni.",
        en="API tokens are made on the account page, signed in.",
    ),
}
