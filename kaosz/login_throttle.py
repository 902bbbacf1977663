"""Login throttling: after ``LOGIN_FAILURE_LIMIT`` wrong passwords for one account from one
address (or ``LOGIN_FAILURE_LIMIT_PER_IP`` for any accounts from one address) within
``LOGIN_LOCKOUT_SECONDS``, that login is refused, even with the right password, until the
window passes. The login page answers 429 in the page's language; every other password
check (the admin's login) is refused by the authentication backend.

Counting on (account, address) rather than on the account alone keeps an attacker from
locking a player out of their own account from elsewhere. The counters live in the cache
(Redis in production): with Redis down they fail open, like the API's throttles, and the
outage is logged (``kaosz.redis``).
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def _ip(request: HttpRequest | None) -> str:
    return (request.META.get("REMOTE_ADDR") or "?") if request is not None else "?"


def _keys(username: str, ip: str) -> tuple[str, str]:
    who = hashlib.sha256(f"{username.strip().lower()}|{ip}".encode("utf-8", "replace"))
    return f"kaosz:login:user-ip:{who.hexdigest()}", f"kaosz:login:ip:{ip}"


def locked(request: HttpRequest | None, username: str) -> bool:
    pair, per_ip = _keys(username or "", _ip(request))
    counts = cache.get_many([pair, per_ip])
    return (counts.get(pair, 0) >= settings.LOGIN_FAILURE_LIMIT
            or counts.get(per_ip, 0) >= settings.LOGIN_FAILURE_LIMIT_PER_IP)


def _count(key: str) -> None:
    cache.add(key, 0, settings.LOGIN_LOCKOUT_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, settings.LOGIN_LOCKOUT_SECONDS)


def record_failure(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None,
                   **kwargs: Any) -> None:
    for key in _keys(str(credentials.get("username", "")), _ip(request)):
        _count(key)


def forget_failures(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    cache.delete(_keys(user.get_username(), _ip(request))[0])


user_login_failed.connect(record_failure, dispatch_uid="kaosz-login-failed")
user_logged_in.connect(forget_failures, dispatch_uid="kaosz-login-ok")


class ThrottledModelBackend(ModelBackend):
    """Django's backend, refusing a locked-out (account, address) before the password check."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> Any:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if request is not None and locked(request, username or ""):
            raise PermissionDenied  # (authenticate() then reports a failed login)
        return super().authenticate(request, username=username, password=password, **kwargs)


class ThrottledLoginView(LoginView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if locked(request, request.POST.get("username", "")):
            minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
            response = render(request, "registration/locked.html", {"minutes": minutes},
                              status=429)
            response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
            return response
        return super().post(request, *args, **kwargs)
