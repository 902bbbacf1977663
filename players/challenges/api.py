"""The challenges' API: the waiting list, create, accept, cancel, rematch."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from decks.api.fields import OptionalDeckSpecField
from matches.models import Match
from players.challenges import services as challenges
from players.ratings import aborts
from players.turns.timecontrol import CHOICES, choice_of
from web.api.timestamps import utc_text


class ChallengeRequest(serializers.Serializer):
    ruleset = serializers.CharField(max_length=40, help_text="kgk, pulsar, roll, smugglers")
    format = serializers.CharField(max_length=40, required=False, allow_blank=True)
    time_control = serializers.ChoiceField(choices=list(CHOICES), default="live",
                                           help_text="live, or a move within 1 or 3 days")
    rated = serializers.BooleanField(default=False)
    timeout_bot = serializers.BooleanField(
        default=False, help_text="turn-based: a bot moves for a late player instead of "
                                 "their losing on time")
    min_rating = serializers.IntegerField(required=False, allow_null=True, min_value=0,
                                          max_value=challenges.MAX_MIN_RATING)
    deck = OptionalDeckSpecField(help_text="your deck: a saved deck id, a list or a deck code")
    opponent = serializers.CharField(max_length=150, required=False, allow_null=True,
                                     help_text="a username: a direct challenge")
    players = serializers.IntegerField(
        default=2, min_value=2, max_value=6, help_text=(
            "seats of the match, yours included (up to the game's most: Pulsar 4, Roll 5, "
            "KGK and Űrcsempészek 6); an open challenge for more than two fills seat by seat "
            "and starts when the last seat is taken; a direct challenge is for two"))


class AcceptRequest(serializers.Serializer):
    deck = OptionalDeckSpecField()


def _valid(serializer: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    body = serializer(data=data)
    body.is_valid(raise_exception=True)     # a 400 in the one error shape
    return dict(body.validated_data)


class ChallengeOut(serializers.Serializer):
    id = serializers.IntegerField(min_value=1)
    ruleset = serializers.CharField()
    format = serializers.CharField(allow_null=True, help_text="deck format (KGK), or null")
    time_control = serializers.ChoiceField(choices=list(CHOICES))
    rated = serializers.BooleanField()
    min_rating = serializers.IntegerField(allow_null=True, min_value=0,
                                          max_value=challenges.MAX_MIN_RATING)
    status = serializers.ChoiceField(choices=[c for c, _ in Match.STATUSES])
    created_by = serializers.CharField(allow_null=True)
    created = serializers.DateTimeField()
    players = serializers.IntegerField(min_value=2, max_value=6)
    open_seats = serializers.IntegerField(min_value=0, max_value=5)


class ChallengeListOut(serializers.Serializer):
    challenges = ChallengeOut(many=True)


class AcceptOut(ChallengeOut):
    match = serializers.IntegerField(min_value=1, help_text="the match to play (its id)")


class RematchOut(serializers.Serializer):
    id = serializers.IntegerField(min_value=1)
    status = serializers.ChoiceField(choices=[c for c, _ in Match.STATUSES])
    url = serializers.CharField(help_text="the board's page")


class AbortOut(serializers.Serializer):
    match = serializers.IntegerField(min_value=1)
    status = serializers.ChoiceField(choices=[c for c, _ in Match.STATUSES])
    version = serializers.IntegerField(min_value=0)
    aborted = serializers.BooleanField()


def challenge_json(match: Match) -> dict[str, Any]:
    options = match.options or {}
    return {"id": match.pk, "ruleset": match.ruleset, "format": options.get("format"),
            "time_control": choice_of(options), "rated": bool(options.get("rated")),
            "min_rating": options.get("min_rating"), "status": match.status,
            "created_by": match.created_by.username if match.created_by else None,
            "created": utc_text(match.created),
            "players": match.seats.count(), "open_seats": challenges.open_seats(match)}


@extend_schema(methods=["GET"], responses=ChallengeListOut,
               description="Open challenges waiting for an opponent, oldest first.")
@extend_schema(methods=["POST"], request=ChallengeRequest, responses={201: ChallengeOut},
               description="Challenge anyone (or a named opponent). 429 over the caps.")
@api_view(["GET", "POST"])
@permission_classes([permissions.IsAuthenticatedOrReadOnly])
def challenge_list(request: Request) -> Response:
    if request.method == "GET":
        return Response({"challenges": [challenge_json(m) for m in challenges.waiting()]})
    data = _valid(ChallengeRequest, request.data)
    match = challenges.create(
        request.user, data["ruleset"], time_control=data["time_control"],
        rated=data["rated"], fmt=data.get("format") or None, min_rating=data.get("min_rating"),
        deck=data.get("deck"), opponent=data.get("opponent"), timeout_bot=data["timeout_bot"],
        players=data["players"])
    return Response(challenge_json(match), status=201)


@extend_schema(request=AcceptRequest, responses=AcceptOut,
               description="Take the challenge's seat; 409 not_open when someone was first.")
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def accept(request: Request, pk: int) -> Response:
    data = _valid(AcceptRequest, request.data)
    match = challenges.accept(pk, request.user, data.get("deck"))
    return Response({**challenge_json(match), "match": match.pk})


@extend_schema(request=None, responses={204: None},
               description="Withdraw your challenge nobody has accepted yet.")
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def cancel(request: Request, pk: int) -> Response:
    challenges.cancel(pk, request.user)
    return Response(status=204)


@extend_schema(request=None, responses={204: None},
               description="Open your direct challenge that its invited player declined: "
                           "anyone may accept it now (until then it stays closed).")
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def open_to_anyone(request: Request, pk: int) -> Response:
    challenges.open_to_anyone(pk, request.user)
    return Response(status=204)


@extend_schema(request=None, responses={201: RematchOut},
               description="The same game again (a finished match's player): the other "
                           "player is invited; bots sit down at once.")
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def rematch(request: Request, pk: int) -> Response:
    match = challenges.rematch(pk, request.user)
    return Response({"id": match.pk, "status": match.status, "url": f"/play/{match.pk}/"},
                    status=201)


@extend_schema(request=None, responses=AbortOut,
               description="Abort a running match before every player has made a first move "
                           "(unrated, shown as aborted); 409 not_abortable after that.")
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def abort(request: Request, pk: int) -> Response:
    return Response(aborts.abort(pk, request.user))
