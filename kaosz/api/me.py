"""``GET /api/v1/me/``: who the request is authenticated as (a client author's
first call, to check a token and learn the account's name)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from kaosz.api.tokens import TokenOut
from kaosz.models import ApiToken


class MeToken(TokenOut):
    class Meta(TokenOut.Meta):
        fields = ["id", "name", "scope", "prefix"]


class MeOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField(help_text="Staff review contributions.")
    date_joined = serializers.DateTimeField()
    auth = serializers.ChoiceField(["token", "session"], help_text="How this request "
                                   "was authenticated.")
    token = MeToken(allow_null=True, help_text=(
        "The personal token used: its `id`, `name`, `scope` and `prefix` (null for a "
        "session or an older DRF key)."))


@extend_schema(tags=["account"], summary="Who am I", responses={200: MeOut},
               description="The account this request is authenticated as, and how.")
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def me(request: Request) -> Response:
    user: Any = request.user
    token = request.auth if isinstance(request.auth, ApiToken) else None
    return Response({
        "id": user.pk, "username": user.get_username(), "is_staff": user.is_staff,
        "date_joined": user.date_joined,
        "auth": "token" if request.auth is not None else "session",
        "token": None if token is None else MeToken(token).data,
    })
