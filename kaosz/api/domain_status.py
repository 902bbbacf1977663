"""The one table from a domain refusal's code to the HTTP status the API answers it with.

Domain code (``kaosz.domain.DomainError``: the stores and services) knows no HTTP; the API
edge (``kaosz.api.errors.exception_handler``) looks the code up here. A code not listed is
a refusal of the request as sent: 400.
"""

from __future__ import annotations

from kaosz.domain import DomainError

STATUS: dict[str, int] = {
    "not_found": 404,
    "not_your_seat": 403,
    "not_a_player": 403,
    "not_open": 409,
    "match_finished": 409,
    "match_not_started": 409,
    "version_conflict": 409,
    "time_up": 409,
    "idempotency_key_reused": 409,
    "illegal_action": 422,
    "too_many_bot_matches": 429,
    "too_many_simulations": 429,
    "ruleset_unavailable": 503,
}


def status_of(exc: DomainError) -> int:
    return STATUS.get(exc.code, 400)

