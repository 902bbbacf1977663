"""Token authentication with the token → user lookup cached.

Two kinds of token are accepted in ``Authorization: Token <key>``: personal API tokens
(``kz_…``, ``kaosz.models.ApiToken``: named, scoped, hashed at rest, made and revoked on
``/account/tokens/`` or ``/api/v1/tokens/``) and DRF's older ``authtoken`` keys. A
read-only personal token is refused on any unsafe method (403 ``token_read_only``).

Every API request of a REST client carries its token; looking it up is one joined query
plus the ORM's compile cost, a large share of a cheap request such as a match action.
The answer is cached for ``TOKEN_CACHE_SECONDS`` under a hash of the key (the raw token
never becomes a cache key). Saving or deleting a token, or saving or deleting its user
(deactivation, a password or staff change), drops the entry at once. A bulk
``QuerySet.update`` bypasses those signals: its change reaches requests within the TTL.
With the local-memory cache (no Redis) each process holds its own entries, so only the
process that made the change drops them at once; the others follow within the TTL.

In front of the shared cache each process keeps the pickled answer for
``LOCAL_SECONDS``: a Redis round trip is a large share of a match action's time. The
process that makes a change drops its own copy at once; other processes see a revoked
token or a deactivated user at most ``LOCAL_SECONDS`` late. Every request unpickles its
own copy, so no two requests share a user object.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.authtoken.models import Token
from rest_framework.permissions import SAFE_METHODS

from web import rate_limits
from web.rate_limits import client_address

TOKEN_CACHE_SECONDS = 60
LOCAL_SECONDS = 5.0
LOCAL_MAX = 10_000
# {cache key: (monotonic expiry, pickled (user, token))}
_LOCAL: dict[str, tuple[float, bytes]] = {}
_LOCAL_LOCK = threading.Lock()


def _now() -> float:
    return time.monotonic()


def _local_get(key: str) -> tuple[Any, Any] | None:
    hit = _LOCAL.get(key)
    if hit is None or hit[0] <= _now():
        return None
    return pickle.loads(hit[1])


def _local_set(key: str, pair: tuple[Any, Any]) -> None:
    data = pickle.dumps(pair)
    with _LOCAL_LOCK:
        if len(_LOCAL) >= LOCAL_MAX:
            _LOCAL.clear()
        _LOCAL[key] = (_now() + LOCAL_SECONDS, data)


def _local_forget(keys: list[str]) -> None:
    with _LOCAL_LOCK:
        for key in keys:
            _LOCAL.pop(key, None)


def _key(token_key: str) -> str:
    return "auth:token:" + hashlib.sha256(token_key.encode()).hexdigest()


# (kaosz.models.TOKEN_PREFIX; not imported: DRF loads this module before the apps are ready)
TOKEN_PREFIX = "kz_"


class TokenReadOnly(exceptions.PermissionDenied):
    error_code = "token_read_only"  # (web.api.errors uses it as the error's code)
    default_detail = "this API token is read-only: make a read-write token to change anything"


LAST_USED_EVERY = timedelta(minutes=10)  # how stale "last used" may be: not a write per call


def _personal(key: str) -> tuple[Any, Any]:
    # (at request time: DRF imports this class from the settings before the app registry is
    # ready, so the models cannot be imported at module level)
    from kaosz.models import ApiToken, digest_of

    token = (ApiToken.objects.select_related("user")
             .filter(digest=digest_of(key), revoked__isnull=True).first())
    if token is None or not token.user.is_active:
        raise exceptions.AuthenticationFailed("Invalid token.")
    return token.user, token


def _touch(token: Any) -> bool:
    """Record the use (at most every ``LAST_USED_EVERY``); True when it wrote."""
    now = timezone.now()
    if token.last_used is not None and now - token.last_used < LAST_USED_EVERY:
        return False
    type(token).objects.filter(pk=token.pk).update(last_used=now)
    token.last_used = now
    return True


class TooManyInvalidTokens(exceptions.Throttled):
    error_code = "too_many_invalid_tokens"  # (web.api.errors uses it as the error's code)


class CachedTokenAuthentication(TokenAuthentication):
    # (DRF makes the authenticators anew for each request: this is the request's address)
    address = ""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        if get_authorization_header(request)[:6].lower() == b"token ":
            self.address = client_address(request)
        try:
            found = super().authenticate(request)
        except exceptions.AuthenticationFailed:
            # Counted per address: past the limit its unknown tokens are answered 429
            # (``_refuse_if_guessing``), its valid ones still served.
            rate_limits.count("bad_token", self.address, rate_limits.retry_after("bad_token"))
            raise
        if found is not None and getattr(found[1], "read_only", False) \
                and request.method not in SAFE_METHODS:
            raise TokenReadOnly()
        return found

    def _refuse_if_guessing(self) -> None:
        """A token looked up and not found (neither cache knew it): from an address over
        its invalid-token limit, 429 instead of 401. Only after the lookup: a valid token
        is never refused, so one guesser behind a shared address (a NAT, an office) cannot
        shut every API client there out."""
        if rate_limits.spent("bad_token", self.address):
            raise TooManyInvalidTokens(wait=rate_limits.retry_after("bad_token"),
                                       detail="too many invalid tokens from this address")

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        if key.startswith(TOKEN_PREFIX):
            return self._personal_credentials(key)
        return self._legacy_credentials(key)

    def _personal_credentials(self, key: str) -> tuple[Any, Any]:
        hashed = _key(key)
        cached = _local_get(hashed)
        shared = cached is None
        if shared:
            cached = cache.get(hashed)
        if cached is not None and cached[0].is_active:
            user, token = cached
            if shared:
                _local_set(hashed, (user, token))
        else:
            try:
                user, token = _personal(key)
            except exceptions.AuthenticationFailed:
                self._refuse_if_guessing()
                raise
            _local_set(hashed, (user, token))
            cache.set(hashed, (user, token), TOKEN_CACHE_SECONDS)
        if _touch(token):
            _local_set(hashed, (user, token))
            cache.set(hashed, (user, token), TOKEN_CACHE_SECONDS)
        return user, token

    def _legacy_credentials(self, key: str) -> tuple[Any, Any]:
        hashed = _key(key)
        cached = _local_get(hashed)
        shared = cached is None
        if shared:
            cached = cache.get(hashed)
        if cached is not None:
            user, token = cached
            # The pickled pair point at each other (token.user, user.auth_token): keep the
            # token's link only, so each request's copy goes by reference counting.
            user._state.fields_cache.pop("auth_token", None)
            if user.is_active:
                if shared:
                    _local_set(hashed, (user, token))
                return user, token
        try:
            user, token = super().authenticate_credentials(key)
        except exceptions.AuthenticationFailed:
            self._refuse_if_guessing()
            raise
        cache.set(hashed, (user, token), TOKEN_CACHE_SECONDS)
        _local_set(hashed, (user, token))
        return user, token


def forget_token(sender: Any, instance: Token, **kwargs: Any) -> None:
    _local_forget([_key(instance.key)])
    cache.delete(_key(instance.key))


def forget_users_tokens(sender: Any, instance: Any, **kwargs: Any) -> None:
    if instance.pk is None:
        return
    from kaosz.models import ApiToken  # (at signal time: see _personal)

    keys = [_key(k) for k in Token.objects.filter(user_id=instance.pk)
            .values_list("key", flat=True)]
    keys += ["auth:token:" + d for d in ApiToken.objects.filter(user_id=instance.pk)
             .values_list("digest", flat=True)]
    if keys:
        _local_forget(keys)
        cache.delete_many(keys)


def forget_api_token(sender: Any, instance: Any, **kwargs: Any) -> None:
    # The cache key is the key's SHA-256, which is exactly what the row stores.
    hashed = "auth:token:" + instance.digest
    _local_forget([hashed])
    cache.delete(hashed)


def connect() -> None:
    from kaosz.models import ApiToken  # (called from KaoszConfig.ready: see _personal)

    post_save.connect(forget_api_token, sender=ApiToken, dispatch_uid="kaosz-apitoken-save")
    post_delete.connect(forget_api_token, sender=ApiToken,
                        dispatch_uid="kaosz-apitoken-delete")
    post_save.connect(forget_token, sender=Token, dispatch_uid="kaosz-token-save")
    post_delete.connect(forget_token, sender=Token, dispatch_uid="kaosz-token-delete")
    user_model = get_user_model()
    # A deleted user's tokens cascade, and each cascaded delete sends its own signal.
    post_save.connect(forget_users_tokens, sender=user_model, dispatch_uid="kaosz-user-save")
