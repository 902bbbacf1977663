"""The request type of a view that only a signed-in person reaches (typing only).

Behind ``@login_required`` ``request.user`` is always a ``User``; ``HttpRequest`` types it as
``User | AnonymousUser``. Annotating such a view's request as ``SignedInRequest`` says so to
the type checker (the pattern django-stubs document); nothing changes at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class SignedInRequest(HttpRequest):
    user: User
