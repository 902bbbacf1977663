"""Personal API tokens: named, scoped (read-only or read-write), shown once, hashed at rest.

A token is ``kz_`` followed by 43 random URL-safe characters. Only its SHA-256 is stored
(a leaked database gives no usable token) plus its first characters, so its owner can tell
tokens apart. Revoking keeps the row (``revoked`` set) so the list shows what was revoked.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models

TOKEN_PREFIX = "kz_"
SHOWN_CHARS = 10  # "kz_" and seven random characters: enough to tell tokens apart


def digest_of(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


class ApiToken(models.Model):
    READ = "read"
    WRITE = "write"
    SCOPES = [(READ, "read-only"), (WRITE, "read-write")]

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="api_tokens")
    name = models.CharField(max_length=100)
    scope = models.CharField(max_length=5, choices=SCOPES, default=WRITE)
    prefix = models.CharField(max_length=SHOWN_CHARS)
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def read_only(self) -> bool:
        return self.scope == self.READ

    @classmethod
    def issue(cls, user, name: str, scope: str = WRITE) -> tuple[ApiToken, str]:
        """A new token and its key (the only time the key exists outside the client)."""
        key = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name, scope=scope,
                                   prefix=key[:SHOWN_CHARS], digest=digest_of(key))
        return token, key


class SeatInvitation(models.Model):
    """A seat of a match kept for a named user until they accept (by joining) or decline.

    Naming another user when creating a match does not seat them with a deck the creator
    chose: their seat stays open, reserved for them, and the match starts only once they
    have joined (with their own deck, or accepting the one proposed for the seat).
    (Here rather than in ``matches``: that app's store and migrations belong to the
    live-play work; this row only points at a match and a seat index.)
    """

    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    STATUSES = [(PENDING, PENDING), (ACCEPTED, ACCEPTED), (DECLINED, DECLINED)]

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE,
                              related_name="invitations")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="seat_invitations")
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    status = models.CharField(max_length=8, choices=STATUSES, default=PENDING)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"],
                                               name="one_invitation_per_seat")]
