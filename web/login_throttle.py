"""Login throttling: after ``LOGIN_FAILURE_LIMIT`` wrong passwords for one account from one
address (or ``LOGIN_FAILURE_LIMIT_PER_IP`` for any accounts from one address) within
``LOGIN_LOCKOUT_SECONDS``, that login is refused, even with the right password, until the
window passes. The login page answers 429 in the page's language; every other password
check (the admin's login) is refused by the authentication backend.

Counting on (account, address) rather than on the account alone keeps an attacker from
locking a player out of their own account from elsewhere. But guesses spread over many
addresses (200 guesses from 20 addresses, then the right password signed in)
are slowed down account-wide: after ``LOGIN_ACCOUNT_FAILURE_LIMIT`` wrong passwords for an
account from anywhere, that account takes one password check per pause, the pause doubling
with each further failure up to ``LOGIN_ACCOUNT_MAX_PAUSE`` seconds; a try during the pause
is refused unchecked (429). The owner can still sign in, after the pause. An IPv6 address
counts as its /64 (``web.rate_limits.client_address``).

Someone else's guessing must not keep the owner out. A browser that has signed in to the
account carries a device cookie (signed, ``kaosz_device``): from it only the failures
made with that cookie count (per account and device, ``LOGIN_FAILURE_LIMIT``), and neither
the address's count nor the account-wide pause applies. An address the account signed in
from before is spared the account-wide pause and the address's count (guesses at other
accounts from a shared address); its own (account, address) count still applies.

The counters live in the cache (Redis in production, shared by every process and node):
with Redis down they fail open, like the API's throttles, and the outage is logged
(``kaosz.redis``).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.contrib.auth.views import LoginView
from django.core import signing
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from web.rate_limits import client_address


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


DEVICE_COOKIE = "kaosz_device"
DEVICE_SALT = "kaosz.login.device"
DEVICE_SECONDS = 365 * 24 * 3600
KNOWN_ADDRESS_SECONDS = 180 * 24 * 3600
DEVICE_ACCOUNTS = 8  # accounts one browser remembers


def _device(request: HttpRequest | None) -> dict[str, Any]:
    """The browser's device cookie: ``{"d": its id, "a": [accounts signed in from it]}``."""
    raw = request.COOKIES.get(DEVICE_COOKIE, "") if request is not None else ""
    try:
        value = signing.loads(raw, salt=DEVICE_SALT, max_age=DEVICE_SECONDS) if raw else {}
    except signing.BadSignature:
        return {}
    ok = isinstance(value, dict) and isinstance(value.get("d"), str) \
        and isinstance(value.get("a"), list)
    return value if ok else {}


def _known_address_key(username: str, ip: str) -> str:
    return f"kaosz:login:known:{_account(f'{username.strip().lower()}|{ip}')}"


def _device_key(username: str, device: str) -> str:
    return f"kaosz:login:user-device:{_account(f'{username.strip().lower()}|{device}')}"


def trust(request: HttpRequest | None, username: str) -> str:
    """How the account knows this login: ``"device"`` (a browser it signed in from),
    ``"address"`` (an address it signed in from), or ``""``."""
    if _account(username) in _device(request).get("a", []):
        return "device"
    if cache.get(_known_address_key(username, _ip(request))):
        return "address"
    return ""


def locked(request: HttpRequest | None, username: str) -> bool:
    known = trust(request, username)
    if known == "device":
        device = _device(request)["d"]
        return int(cache.get(_device_key(username, device)) or 0) \
            >= settings.LOGIN_FAILURE_LIMIT
    return _pair_or_ip_locked(request, username, per_ip=not known) \
        or (not known and account_pause(username) > 0)


def _pair_or_ip_locked(request: HttpRequest | None, username: str,
                       per_ip: bool = True) -> bool:
    pair, per_address = _keys(username or "", _ip(request))
    counts = cache.get_many([pair, per_address])
    return (counts.get(pair, 0) >= settings.LOGIN_FAILURE_LIMIT
            or (per_ip and counts.get(per_address, 0) >= settings.LOGIN_FAILURE_LIMIT_PER_IP))


def remember(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """After the right password: this browser and this address are the account's."""
    cache.set(_known_address_key(username, _ip(request)), 1, KNOWN_ADDRESS_SECONDS)
    device = _device(request)
    accounts = [a for a in device.get("a", []) if a != _account(username)]
    value = {"d": device.get("d") or secrets.token_urlsafe(12),
             "a": ([_account(username)] + accounts)[:DEVICE_ACCOUNTS]}
    response.set_cookie(DEVICE_COOKIE, signing.dumps(value, salt=DEVICE_SALT),
                        max_age=DEVICE_SECONDS, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)


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
    if trust(request, username) == "device":
        _count(_device_key(username, _device(request)["d"]))
        return
    for key in _keys(username, _ip(request)):
        _count(key)
    _slow_down(username)


def forget_failures(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    name = user.get_username()
    forget = [_keys(name, _ip(request))[0], *_account_keys(name)]
    device = _device(request).get("d")
    if device:
        forget.append(_device_key(name, device))
    cache.delete_many(forget)


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
        known = trust(request, username)
        if locked(request, username) if known == "device" \
                else _pair_or_ip_locked(request, username, per_ip=not known):
            return _refused(request, settings.LOGIN_LOCKOUT_SECONDS, account_wide=False)
        pause = account_pause(username) if not known else 0.0
        if pause > 0:
            return _refused(request, max(1, int(pause + 0.999)), account_wide=True)
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated and response.status_code in (301, 302, 303):
            remember(request, response, request.user.get_username())
        return response


def _refused(request: HttpRequest, seconds: int, account_wide: bool) -> HttpResponse:
    response = render(request, "registration/locked.html",
                      {"minutes": max(1, (seconds + 59) // 60), "seconds": seconds,
                       "account_wide": account_wide}, status=429)
    response["Retry-After"] = str(seconds)
    return response
