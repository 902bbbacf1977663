"""Stops through the API: a person's own (``/me/stops/``) and one match's, for their seat
(``/matches/{id}/stops/``). What they mean: ``rulesets/kgk/stops.py``; how the server
passes: ``matches/store/stops.py``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from matches import store
from matches.api.views import validated
from matches.models import Match
from matches.services.seating import seat_of
from matches.store.stop_changes import set_match_stops
from matches.store.stops import account_ask, policy, seat_stops, set_account_stops
from web.api.errors import ApiError
from web.api.strict import StrictJSONMixin

_POLICY = policy()
KINDS = tuple(_POLICY.kinds) if _POLICY is not None else ()

KIND_HELP = ("`own`: after your own card, payment, ability or action; `aimed`: an opponent's "
             "card or ability names you or something of yours; `combat`: an opponent has "
             "declared an attack; `opponent`: any other card, payment or ability of an "
             "opponent; `step`: the start and end of a turn, draws, developments, "
             "face-down plays, designations.")


class AccountStopsOut(serializers.Serializer):
    ask = serializers.ListField(child=serializers.ChoiceField(choices=KINDS),
                                help_text="The kinds of window you are asked at. " + KIND_HELP)


class AccountStopsIn(StrictJSONMixin, AccountStopsOut):
    pass


class MatchStopsOut(serializers.Serializer):
    seat = serializers.IntegerField()
    ask = serializers.ListField(child=serializers.ChoiceField(choices=KINDS),
                                help_text="The kinds of window that ask you in this match. "
                                          + KIND_HELP)
    match_own = serializers.BooleanField(
        help_text="True: set for this match from the table; false: your own stops.")
    pass_until_next_turn = serializers.BooleanField(
        help_text="Every window passes until your next turn begins.")


class MatchStopsIn(StrictJSONMixin, serializers.Serializer):
    seat = serializers.IntegerField(required=False, min_value=0, max_value=64,
                                    help_text="Your seat, when you hold several.")
    ask = serializers.ListField(child=serializers.ChoiceField(choices=KINDS), required=False,
                                allow_null=True,
                                help_text="The kinds of window for this match; null: your "
                                          "own stops again. Left out: unchanged.")
    pass_until_next_turn = serializers.BooleanField(required=False)




@extend_schema(request=AccountStopsIn, responses=AccountStopsOut, methods=["PUT"],
               examples=[OpenApiExample("full control", request_only=True,
                                        value={"ask": list(KINDS)})])
@extend_schema(responses=AccountStopsOut, methods=["GET"])
@api_view(["GET", "PUT"])
@permission_classes([permissions.IsAuthenticated])
def my_stops(request: Request) -> Response:
    """Your stops: the kinds of KGK window at which you want to be asked; the server
    passes for you at the others."""
    if request.method == "PUT":
        data = validated(AccountStopsIn, request.data)
        return Response({"ask": set_account_stops(request.user, data["ask"])})
    return Response({"ask": account_ask(request.user)})


def _match_and_seat(request: Request, pk: str, wanted: int | None) -> tuple[Match, Any]:
    if not str(pk).isdigit() or int(pk) >= 2**63:
        raise ApiError("not_found", "no such match", 404)
    match = store.load_match(int(pk), users=False)
    if match is None:
        raise ApiError("not_found", f"no match {pk}", 404)
    index = seat_of(match, request.user, wanted)
    seat = next((x for x in match.seats.all() if x.index == index), None)
    if seat is None:
        raise ApiError("not_a_player", "only a seat's player has stops in a match", 403)
    return match, seat


def _match_out(match: Match, seat: Any, stops: dict[str, Any]) -> dict[str, Any]:
    passing = stops["pass_from_turn"] is not None
    if passing and _POLICY is not None and match.status == Match.ACTIVE:
        state = store.state_for_reading(match, store.ruleset_of(match))
        passing = _POLICY.passing(state, seat.index, stops)   # (ends when my turn begins)
    return {"seat": seat.index, "ask": stops["ask"], "match_own": stops["match_own"],
            "pass_until_next_turn": passing}


MATCH_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH,
                            description="The match's number.")


@extend_schema(request=MatchStopsIn, responses=MatchStopsOut, methods=["PUT"],
               parameters=[MATCH_ID], examples=[
    OpenApiExample("ask me at every window", request_only=True, value={"ask": list(KINDS)}),
    OpenApiExample("pass until my next turn", request_only=True,
                   value={"pass_until_next_turn": True})])
@extend_schema(responses=MatchStopsOut, methods=["GET"], parameters=[MATCH_ID])
@api_view(["GET", "PUT"])
@permission_classes([permissions.IsAuthenticated])
def match_stops(request: Request, pk: str) -> Response:
    """Your stops in this match (a KGK match's windows), changed from the table in one
    tap: "ask me at every window" or "pass until my next turn"."""
    if request.method == "PUT":
        data = validated(MatchStopsIn, request.data)
        match, seat = _match_and_seat(request, pk, data.get("seat"))
        changes = {k: data[k] for k in ("ask", "pass_until_next_turn") if k in data}
        stops = set_match_stops(match, seat, changes)
        return Response(_match_out(store.load_match(match.pk, users=False) or match, seat,
                                   stops))
    match, seat = _match_and_seat(request, pk, None)
    return Response(_match_out(match, seat, seat_stops(seat)))
