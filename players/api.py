"""The players' API: leaderboards per game and time-control family, a player's profile."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from matches.timecontrol import FAMILIES, LIVE
from players import mine, queries

FAMILY = OpenApiParameter("family", str, enum=list(FAMILIES), default=LIVE,
                          description="live (today's matches) or turn (turn-based)")


@extend_schema(parameters=[FAMILY], responses=OpenApiTypes.OBJECT,
               description="The best rated players of a game (Glicko-2), best first; a "
                           "rating is provisional until 10 rated games.")
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def leaderboard(request: Request, game: str) -> Response:
    family = request.query_params.get("family", LIVE)
    return Response({"game": game, "family": family,
                     "players": queries.leaderboard(game, family)})


@extend_schema(responses=OpenApiTypes.OBJECT,
               description="A player's ratings with their history, recent matches, "
                           "tournaments played and published decks.")
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def player(request: Request, username: str) -> Response:
    return Response(queries.player_profile(queries.player_of(username)))


@extend_schema(responses=OpenApiTypes.OBJECT,
               description="Your unfinished matches (and invitations), those where it is "
                           "your turn first, then by the nearest deadline.")
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def my_matches(request: Request) -> Response:
    rows = mine.my_matches(request.user)
    return Response({"your_turn": sum(1 for r in rows if r["your_turn"]), "matches": rows})


@extend_schema(responses=OpenApiTypes.OBJECT,
               description="How many of your matches wait for your move (polled by pages).")
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def my_turn_count(request: Request) -> Response:
    return Response({"your_turn": mine.your_turn_count(request.user)})
