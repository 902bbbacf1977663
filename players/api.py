"""The players' API: leaderboards per game and time-control family, a player's profile."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions
from rest_framework import serializers as f
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from players import mine, queries
from players.turns.timecontrol import FAMILIES, LIVE

# The answers' shapes, field by field (a generated client reads each as its own class).
RATING: dict[str, f.Field] = {"game": f.CharField(), "family": f.ChoiceField(list(FAMILIES)),
          "rating": f.FloatField(), "deviation": f.FloatField(), "volatility": f.FloatField(),
          "games": f.IntegerField(min_value=0),
          "provisional": f.BooleanField(help_text="Fewer than 10 rated games.")}
LEADERBOARD = inline_serializer("Leaderboard", fields={
    "game": f.CharField(), "family": f.ChoiceField(list(FAMILIES)),
    "players": inline_serializer("LeaderboardRow", many=True, fields={
        "rank": f.IntegerField(min_value=1), "username": f.CharField(), **RATING})})
PROFILE = inline_serializer("PlayerProfile", fields={
    "username": f.CharField(),
    "ratings": inline_serializer("PlayerRating", many=True, fields={
        **RATING, "history": inline_serializer("RatingChange", many=True, fields={
            "match": f.IntegerField(), "at": f.DateTimeField(), "rating": f.FloatField(),
            "change": f.FloatField()})}),
    "recent_matches": inline_serializer("PlayerMatch", many=True, fields={
        "id": f.IntegerField(), "game": f.CharField(), "status": f.CharField(),
        "result": f.ChoiceField(["won", "lost", "draw", "aborted"], allow_null=True, help_text=(
            "aborted: given up before every player had moved (never rated)")),
        "rated": f.BooleanField(), "opponents": f.ListField(child=f.CharField()),
        "finished": f.DateTimeField(allow_null=True)}),
    "tournaments": inline_serializer("PlayerTournament", many=True, fields={
        "id": f.IntegerField(), "name": f.CharField()}),
    "decks": inline_serializer("PlayerDeck", many=True, fields={
        "id": f.IntegerField(), "name": f.CharField(), "format": f.CharField()})})
MY_MATCHES = inline_serializer("MyMatches", fields={
    "your_turn": f.IntegerField(min_value=0, help_text="How many wait for your move."),
    "matches": inline_serializer("MyMatch", many=True, fields={
        "id": f.IntegerField(), "ruleset": f.CharField(), "status": f.CharField(),
        "your_turn": f.BooleanField(), "your_seats": f.ListField(child=f.IntegerField()),
        "invited": f.BooleanField(help_text="Invited, not seated yet."),
        "time_control": f.CharField(), "rated": f.BooleanField(),
        "deadline": f.DateTimeField(allow_null=True, help_text=(
            "When the player to move loses on time (turn-based matches).")),
        "expires": f.DateTimeField(allow_null=True),
        "players": f.ListField(child=f.CharField())})})
TURN_COUNT = inline_serializer("YourTurnCount", fields={
    "your_turn": f.IntegerField(min_value=0)})

FAMILY = OpenApiParameter("family", str, enum=list(FAMILIES), default=LIVE,
                          description="live (today's matches) or turn (turn-based)")


@extend_schema(parameters=[FAMILY], responses=LEADERBOARD,
               description="The best rated players of a game (Glicko-2), best first; a "
                           "rating is provisional until 10 rated games.")
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def leaderboard(request: Request, game: str) -> Response:
    family = request.query_params.get("family", LIVE)
    return Response({"game": game, "family": family,
                     "players": queries.leaderboard(game, family)})


@extend_schema(responses=PROFILE,
               description="A player's ratings with their history, recent matches, "
                           "tournaments played and published decks.")
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def player(request: Request, username: str) -> Response:
    return Response(queries.player_profile(queries.player_of(username)))


@extend_schema(responses=MY_MATCHES,
               description="Your unfinished matches (and invitations), those where it is "
                           "your turn first, then by the nearest deadline.")
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def my_matches(request: Request) -> Response:
    rows = mine.my_matches(request.user)
    return Response({"your_turn": sum(1 for r in rows if r["your_turn"]), "matches": rows})


@extend_schema(responses=TURN_COUNT,
               description="How many of your matches wait for your move (polled by pages).")
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def my_turn_count(request: Request) -> Response:
    return Response({"your_turn": mine.your_turn_count(request.user)})
