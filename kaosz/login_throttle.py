"""Login throttling: after ``LOGIN_FAILURE_LIMIT`` wrong passwords for one account from one
address (or ``LOGIN_FAILURE_LIMIT_PER_IP`` for any accounts from one address) within
``LOGIN_LOCKOUT_SECONDS``, that login is refused, even with the right password, until the
window passes. The login page answers 429 in the page's language; every other password
check (the admin's login) is refused by the authentication backend.

Counting on (account, address) rather than on the account alone keeps an attacker from
locking a player out of their own account from elsewhere. But guesses spread over many
addresses (issue 27: 200 guesses from 20 addresses, then the right password signed in)
are slowed down account-wide: after ``LOGIN_ACCOUNT_FAILURE_LIMIT`` wrong passwords for an
account from anywhere, that account takes one password check per pause, the pause doubling
with each further failure up to ``LOGIN_ACCOUNT_MAX_PAUSE`` seconds; a try during the pause
is refused unchecked (429). The owner can still sign in, after the pause. An IPv6 address
counts as its /64 (``kaosz.rate_limits.client_address``).

The counters live in the cache (Redis in production): with Redis down they fail open, like
the API's throttles, and the outage is logged (``kaosz.redis``).
"""

from __future__ import annotations

import hashlib
import time
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

from kaosz.rate_limits import client_address


def _ip(request: HttpRequest | None) -> str:
    return client_address(request)


def _account(username: str) -> str:
    return hashlib.sha256(username.strip().lower().encode("utf-8", "replace")).hexdigest()


def _keys(username: str, ip: str) -> tuple[str, str]:
    who = hashlib.sha256(f"{username.strip().lower()}|{ip}".encode("utf-8", "replace"))
    return f"kaosz:login:user-ip:{who.hexdigest()}", f"kaosz:login:ip:{ip}"


def _account_keys(username: str) -> tuple[str, str]:
    """The account's failures from anywhere, and when its next password check may be."""
    account = _account(username)
    return f"kaosz:login:user:{account}", f"kaosz:login:user-next:{account}"


def _now() -> float:
    return time.time()  # (the wall clock: the pause is shared between processes)


def account_pause(username: str) -> float:
    """Seconds until the account takes its next password check (0: now)."""
    _, next_key = _account_keys(username or "")
    return max(0.0, float(cache.get(next_key) or 0) - _now())


def locked(request: HttpRequest | None, username: str) -> bool:
    return _pair_or_ip_locked(request, username) or account_pause(username) > 0


def _pair_or_ip_locked(request: HttpRequest | None, username: str) -> bool:
    pair, per_ip = _keys(username or "", _ip(request))
    counts = cache.get_many([pair, per_ip])
    return (counts.get(pair, 0) >= settings.LOGIN_FAILURE_LIMIT
            or counts.get(per_ip, 0) >= settings.LOGIN_FAILURE_LIMIT_PER_IP)


def _count(key: str) -> int:
    cache.add(key, 0, settings.LOGIN_LOCKOUT_SECONDS)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.set(key, 1, settings.LOGIN_LOCKOUT_SECONDS)
        return 1


def _slow_down(username: str) -> None:
    failures_key, next_key = _account_keys(username)
    over = _count(failures_key) - settings.LOGIN_ACCOUNT_FAILURE_LIMIT
    if over >= 0:
        pause = min(2.0 ** over, float(settings.LOGIN_ACCOUNT_MAX_PAUSE))
        cache.set(next_key, _now() + pause, settings.LOGIN_LOCKOUT_SECONDS)


def record_failure(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None,
                   **kwargs: Any) -> None:
    username = str(credentials.get("username", ""))
    for key in _keys(username, _ip(request)):
        _count(key)
    _slow_down(username)


def forget_failures(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    cache.delete_many([_keys(user.get_username(), _ip(request))[0],
                       *_account_keys(user.get_username())])


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
        username = request.POST.get("username", "")
        if _pair_or_ip_locked(request, username):
            return _refused(request, settings.LOGIN_LOCKOUT_SECONDS, account_wide=False)
        pause = account_pause(username)
        if pause > 0:
            return _refused(request, max(1, int(pause + 0.999)), account_wide=True)
        return super().post(request, *args, **kwargs)


def _refused(request: HttpRequest, seconds: int, account_wide: bool) -> HttpResponse:
    response = render(request, "registration/locked.html",
                      {"minutes": max(1, (seconds + 59) // 60), "seconds": seconds,
                       "account_wide": account_wide}, status=429)
    response["Retry-After"] = str(seconds)
    return response
