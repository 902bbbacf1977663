"""Token authentication with the token → user lookup cached.

Every API request of a REST client carries its token; looking it up is one joined query
plus the ORM's compile cost, a large share of a cheap request such as a match action.
The answer is cached for ``TOKEN_CACHE_SECONDS`` under a hash of the key (the raw token
never becomes a cache key). Saving or deleting a token, or saving or deleting its user
(deactivation, a password or staff change), drops the entry at once. A bulk
``QuerySet.update`` bypasses those signals: its change reaches requests within the TTL.
With the local-memory cache (no Redis) each process holds its own entries, so only the
process that made the change drops them at once; the others follow within the TTL.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

TOKEN_CACHE_SECONDS = 60


def _key(token_key: str) -> str:
    return "auth:token:" + hashlib.sha256(token_key.encode()).hexdigest()


class CachedTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        cached = cache.get(_key(key))
        if cached is not None:
            user, token = cached
            if user.is_active:
                return user, token
        user, token = super().authenticate_credentials(key)
        cache.set(_key(key), (user, token), TOKEN_CACHE_SECONDS)
        return user, token


def forget_token(sender: Any, instance: Token, **kwargs: Any) -> None:
    cache.delete(_key(instance.key))


def forget_users_tokens(sender: Any, instance: Any, **kwargs: Any) -> None:
    if instance.pk is None:
        return
    keys = [_key(k) for k in Token.objects.filter(user_id=instance.pk)
            .values_list("key", flat=True)]
    if keys:
        cache.delete_many(keys)


def connect() -> None:
    post_save.connect(forget_token, sender=Token, dispatch_uid="kaosz-token-save")
    post_delete.connect(forget_token, sender=Token, dispatch_uid="kaosz-token-delete")
    user_model = get_user_model()
    # A deleted user's tokens cascade, and each cascaded delete sends its own signal.
    post_save.connect(forget_users_tokens, sender=user_model, dispatch_uid="kaosz-user-save")
