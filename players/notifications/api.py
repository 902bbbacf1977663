"""The notifications' API: what needs you (your turns and the kept account events), how
many you have not seen, and marking them seen. Typed to the last field."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from matches.live import account
from players import mine
from players.notifications import kept


class TurnOut(serializers.Serializer):
    match = serializers.IntegerField(min_value=1)
    ruleset = serializers.CharField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="turn-based: move by")
    players = serializers.ListField(child=serializers.CharField(allow_blank=True))


class NotificationDataOut(serializers.Serializer):
    """The account event's payload; which fields come depends on ``kind``."""

    match = serializers.IntegerField(required=False, help_text="every kind")
    invitation = serializers.IntegerField(required=False, help_text="invitation")
    seat = serializers.IntegerField(required=False, help_text="invitation: the seat kept")
    ruleset = serializers.CharField(required=False, help_text="invitation")
    # "from" is a Python keyword: declared below.
    by = serializers.CharField(required=False, help_text="challenge_declined: who declined")
    players = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="challenge_accepted: everyone seated now")
    started = serializers.BooleanField(required=False, help_text="challenge_accepted")
    tournament = serializers.IntegerField(required=False, help_text="round_paired")
    name = serializers.CharField(required=False, help_text="round_paired: the tournament")
    round = serializers.IntegerField(required=False, help_text="round_paired")
    table = serializers.IntegerField(required=False, help_text="round_paired")

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        fields["from"] = serializers.CharField(
            required=False, allow_null=True,
            help_text="invitation, challenge_withdrawn: the challenge's maker")
        return fields


class NotificationOut(serializers.Serializer):
    id = serializers.IntegerField(min_value=1)
    kind = serializers.ChoiceField(choices=list(kept.KEPT))
    match = serializers.IntegerField(allow_null=True)
    seen = serializers.BooleanField()
    created = serializers.DateTimeField()

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        # ("data" is the serializer's own attribute: the field is declared here.)
        fields["data"] = NotificationDataOut()
        return fields


class InboxOut(serializers.Serializer):
    unseen = serializers.IntegerField(min_value=0,
                                      help_text="your turns plus notifications not seen")
    your_turn = TurnOut(many=True)
    notifications = NotificationOut(many=True)


class CountOut(serializers.Serializer):
    unseen = serializers.IntegerField(min_value=0)
    your_turn = serializers.IntegerField(min_value=0)


class SeenRequest(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False,
                                allow_null=True, max_length=500,
                                help_text="the notifications to mark seen; omitted: all")


class SeenOut(serializers.Serializer):
    changed = serializers.IntegerField(min_value=0)


@extend_schema(responses=InboxOut, description=(
    "What needs you: the matches where it is your turn, then your notifications, newest "
    "first (kinds: " + ", ".join(kept.KEPT) + "). The account stream "
    "(`/api/v1/me/stream/`) sends the same events as they happen: "
    + ", ".join(account.KINDS) + "."))
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def inbox(request: Request) -> Response:
    return Response(kept.inbox(request.user))


@extend_schema(responses=CountOut, description="The header's count (polled by pages).")
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def count(request: Request) -> Response:
    turns = mine.your_turn_count(request.user)
    return Response({"unseen": kept.unseen_count(request.user), "your_turn": turns})


@extend_schema(request=SeenRequest, responses=SeenOut,
               description="Mark notifications seen (all of them without ids).")
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def seen(request: Request) -> Response:
    body = SeenRequest(data=request.data)
    body.is_valid(raise_exception=True)
    ids = body.validated_data.get("ids")
    return Response({"changed": kept.mark_seen(request.user, ids)})
