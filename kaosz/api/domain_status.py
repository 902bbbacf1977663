"""From a domain refusal's code to the HTTP status the API answers it with.

Domain code (``kaosz.domain.DomainError``: the stores and services) knows no HTTP; the API
edge (``kaosz.api.errors.exception_handler``) looks the code up in the catalogue the apps
register (``kaosz.error_catalogue``). A code not registered is a refusal of the request as
sent: 400.
"""

from __future__ import annotations

from collections.abc import Mapping

from kaosz.domain import DomainError
from kaosz.error_catalogue import Column

# code -> HTTP status, from every app's own catalogue (``kaosz.error_catalogue``)
STATUS: Mapping[str, int] = Column(lambda e: e.status)


def status_of(exc: DomainError) -> int:
    return STATUS.get(exc.code, 400)

