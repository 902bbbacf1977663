"""``/api/v1/tokens/``: the signed-in user's personal API tokens (list, create, revoke).

The key is in the answer to the create request only; afterwards the list shows each
token's name, scope, first characters and when it was made and last used.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from kaosz.models import ApiToken
from web.api.bounds import ModelSerializer
from web.api.errors import ApiError
from web.api.strict import StrictJSONMixin

MAX_TOKENS = 50


class TokenOut(ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "scope", "prefix", "created", "last_used", "revoked"]


class TokenCreated(TokenOut):
    token = serializers.CharField(help_text="The key. Shown in this answer only: store it now.")

    class Meta(TokenOut.Meta):
        fields = [*TokenOut.Meta.fields, "token"]


class TokenRequest(StrictJSONMixin, serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="Your label, e.g. the bot's name.")
    scope = serializers.ChoiceField(choices=ApiToken.SCOPES,
                                    default=ApiToken.WRITE,
                                    help_text="`read`: GET only; `write`: everything you may do.")


def issue(user: Any, name: str, scope: str) -> tuple[ApiToken, str]:
    """A new token for ``user`` (shared by the API and the account page)."""
    if ApiToken.objects.filter(user=user, revoked__isnull=True).count() >= MAX_TOKENS:
        raise ApiError("too_many_tokens", f"at most {MAX_TOKENS} active tokens: revoke one "
                       "first", 409, {"max": MAX_TOKENS})
    return ApiToken.issue(user, name.strip() or "token", scope)


def revoke(token: ApiToken) -> None:
    if token.revoked is None:
        token.revoked = timezone.now()
        token.save(update_fields=["revoked"])  # (the signal drops it from the caches)


@extend_schema(tags=["tokens"])
class TokenViewSet(viewsets.GenericViewSet):
    """Personal API tokens of the signed-in user."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = TokenOut
    pagination_class = None
    lookup_value_regex = r"\d{1,18}"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return ApiToken.objects.none()
        return ApiToken.objects.filter(user=self.request.user)

    @extend_schema(summary="List your API tokens",
                   description="Active and revoked tokens, newest first. Keys are never shown "
                               "again: only their first characters (`prefix`).",
                   responses={200: TokenOut(many=True)})
    def list(self, request: Request) -> Response:
        return Response(TokenOut(self.get_queryset(), many=True).data)

    @extend_schema(
        summary="Create an API token",
        description="Answers the key once, in `token`. Send it as `Authorization: Token "
                    "<key>`. A `read` token may only read (GET); anything else answers 403 "
                    "`token_read_only`. Only a signed-in session (the site's own pages) "
                    "makes tokens: a request authenticated by a token answers 403 "
                    "`session_required`.",
        request=TokenRequest, responses={201: TokenCreated},
        examples=[OpenApiExample("a bot's token", request_only=True,
                                 value={"name": "my bot", "scope": "write"}),
                  OpenApiExample("created", response_only=True, status_codes=["201"],
                                 value={"id": 7, "name": "my bot", "scope": "write",
                                        "prefix": "kz_Q2xhd2R", "created":
                                        "2026-11-26T18:40:00Z", "last_used": None,
                                        "revoked": None,
                                        "token": "kz_Q2xhd2RlIGlzIG5vdCBhIHJlYWwgdG9rZW4"})])
    def create(self, request: Request) -> Response:
        # Only a signed-in session makes tokens: a token that could mint others
        # would leave children alive after it is revoked, so a leaked token could outlive
        # its revocation.
        if request.auth is not None:
            raise ApiError("session_required", "API tokens are made from a signed-in session "
                           "(the account page), not with another token", 403)
        body = TokenRequest(data=request.data)
        body.is_valid(raise_exception=True)
        token, key = issue(request.user, body.validated_data["name"],
                           body.validated_data["scope"])
        return Response({**TokenOut(token).data, "token": key}, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Revoke an API token",
                   description="The token stops working at once; it stays in the list as "
                               "revoked.", responses={204: None})
    def destroy(self, request: Request, pk: str | None = None) -> Response:
        token = self.get_queryset().filter(pk=pk).first()
        if token is None:
            raise ApiError("not_found", "no such token", 404)
        revoke(token)
        return Response(status=status.HTTP_204_NO_CONTENT)
