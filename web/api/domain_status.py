"""From a domain refusal's code to the HTTP status the API answers it with.

Domain code (``web.domain.DomainError``: the stores and services) knows no HTTP; the API
edge (``web.api.errors.exception_handler``) looks the code up in the catalogue the apps
register (``web.error_catalogue``). A code not registered is a refusal of the request as
sent: 400.
"""

from __future__ import annotations

from collections.abc import Mapping

from web.domain import DomainError
from web.error_catalogue import Column

# code -> HTTP status, from every app's own catalogue (``web.error_catalogue``)
STATUS: Mapping[str, int] = Column(lambda e: e.status)


def status_of(exc: DomainError) -> int:
    return STATUS.get(exc.code, 400)

