"""The match API: create, join, watch, act, events (long-poll), resign, adjudicate, replay,
verify; the list of rulesets (simulations: `simulations.py`).

Every byte about a running game goes through the ruleset's ``view``/``event_view`` for the
caller's seat (spectators: ``None``); legal actions are only ever the caller's own.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from asgiref.sync import async_to_sync
from django.core.cache import cache
from django.db import connection
from django.db.models import Q
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from matches import store
from matches.api import serializers as s
from matches.api.waiting import LiveAnswer
from matches.errors import MatchError
from matches.live import events as live
from matches.live.wait import wait_for_change
from matches.models import BIG_COLUMNS, Match, MatchAction
from matches.services import creation, joining
from matches.services.sandbox import shown_options
from matches.services.seating import (
    decline_invitation,
    invitations_of,
    listed_for,
    seat_of,
)
from rulesets import registry
from rulesets.base import full_event
from web.api.errors import ApiError
from web.api.params import flag
from web.api.throttling import AnonWindowThrottle, UserWindowThrottle, WindowRateThrottle
from web.api.timestamps import utc_text
from web.server.deferred import settles_deferred

MAX_WAIT = 30.0
VERIFY_CACHE_SECONDS = 24 * 3600  # a version's verdict never changes; this only bounds memory


class VerifyThrottle(WindowRateThrottle):
    """The verify budget (a full replay per miss), per user or address."""

    def scope_for(self, request: Any, view: Any) -> str | None:
        return "verify"


@overload
def _int_param(request: Request, name: str, default: int, lo: int, hi: int) -> int: ...


@overload
def _int_param(request: Request, name: str, default: None, lo: int, hi: int) -> int | None: ...


def _int_param(request: Request, name: str, default: int | None, lo: int, hi: int) -> int | None:
    return _int_in(request.query_params, name, default, lo, hi)


def _int_in(params: Mapping[str, str], name: str, default: int | None, lo: int,
            hi: int) -> int | None:
    raw = params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError as exc:
        raise ApiError("invalid_parameter", f"{name}: an integer", 400, {"parameter": name}) \
            from exc
    if not lo <= value <= hi:
        raise ApiError("invalid_parameter", f"{name}: {lo} to {hi}", 400, {"parameter": name})
    return value


def _flag_param(request: Request, name: str) -> bool:
    return _flag_in(request.query_params, name)


def _flag_in(params: Mapping[str, str], name: str) -> bool:
    raw = (params.get(name) or "").lower()
    if raw in ("", "0", "false"):
        return False
    if raw in ("1", "true"):
        return True
    raise ApiError("invalid_parameter", f"{name}: true or false", 400, {"parameter": name})


def validated(serializer: type[serializers.Serializer], data: Any) -> Any:
    """``serializer``'s validated data for ``data`` (a 400 in the one error shape when
    invalid). The bound fields and the serializer point at each other; dropping them here
    lets the request's objects go by reference counting (see ``web.server.release``)."""
    body = serializer(data=data)
    try:
        body.is_valid(raise_exception=True)
        return body.validated_data
    finally:
        body.__dict__.pop("fields", None)


def can_adjudicate(user: Any, match: Match) -> bool:
    """Staff, or the organiser of the match's tournament (``Match.organiser``)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or (match.organiser_id and match.organiser_id == user.pk))


def summary(match: Match, request: Request | None = None) -> dict[str, Any]:
    rs = registry.available().get(match.ruleset)
    return {
        "id": match.pk, "ruleset": match.ruleset, "title": rs.title if rs else match.ruleset,
        "status": match.status, "version": match.version, "to_act": match.to_act,
        "seats": [{"index": seat.index, "player": seat.label(), "bot": seat.bot,
                   "open": seat.is_open, "deck_name": seat.deck_name}
                  for seat in match.seats.all()],
        "outcome": match.outcome, "created": match.created,
        "url": reverse("api-match-detail", args=[match.pk]),
    }


def detail(match: Match, request: Request, seat: int | None) -> dict[str, Any]:
    view = None
    if match.status != Match.OPEN:
        # (first: reading the state brings ``match`` up to it when the row moved on
        # meanwhile, so the version, turn and clocks below are the view's own)
        rs = store.ruleset_of(match)
        view = rs.view(store.state_for_reading(match, rs), seat)
    out = summary(match, request)
    user = request.user
    mine = [x.index for x in match.seats.all()
            if getattr(user, "is_authenticated", False) and x.user_id == user.pk]
    out.update({
        "seat": seat, "your_seats": mine,
        "your_turn": seat is not None and seat in (match.to_act or []),
        "view": view, "clocks": clocks_of(match), "event_count": match.event_count,
        "options": shown_options(match.options), "seed_hash": match.seed_hash,
        "seed": match.seed if match.status == Match.FINISHED else None,
        "can_adjudicate": can_adjudicate(user, match),
        "started": match.started, "finished": match.finished,
        "invitations": invitations_of(match) if match.status == Match.OPEN else [],
    })
    return out


def clocks_of(match: Match) -> dict[str, Any]:
    """``match``'s clocks as of its version (the view's) with the turn's deadline, read now:
    its ``version`` says which version it was set at (the view's, unless a move landed
    since the view was read)."""
    now = live.clocks_now(match.pk)
    return {**store.clock_view(match), "turn": None if now is None else now["turn"]}


@dataclass(frozen=True)
class Watch:
    """Who watches a match's events: the match, the seat whose view they see (None: a
    spectator's) and whether their answers carry the seat's legal actions."""

    match: Match
    seat: int | None
    with_legal: bool

    def read(self, after: int) -> dict[str, Any] | None:
        """The events answer after ``after`` as the match now is (None: deleted)."""
        match, seat = self.match, self.seat
        now = store.load_match(match.pk, users=False) if self.with_legal else None
        if self.with_legal and now is None:
            return None
        body = live.events_since(match, seat, after,
                                 live.progress_of(now) if now is not None else None)
        if body is not None and now is not None:
            body["legal_actions"] = legal_actions_of(now, seat)
        return body


def watch_of(pk: Any, user: Any, params: Mapping[str, str]) -> Watch:
    """The events view's checks, for the long-poll and the event stream alike: the match
    (404 when there is none), the user's seat (``?seat=`` when they hold several) and
    ``?include_legal_actions`` (a seat's player only). Raises the API's errors."""
    if not str(pk).isdigit() or int(pk) >= 2**63:
        raise ApiError("not_found", "no such match", 404)
    match = store.load_match(int(pk), users=False)
    if match is None:
        raise ApiError("not_found", f"no match {pk}", 404)
    seat = seat_of(match, user, _int_in(params, "seat", None, 0, 64))
    with_legal = _flag_in(params, "include_legal_actions")
    if with_legal and seat is None:
        raise ApiError("invalid_parameter", "include_legal_actions: only for a seat's "
                       "player", 400, {"parameter": "include_legal_actions"})
    return Watch(match, seat, with_legal)


# An events answer is the match as it is now: never kept by a cache, and never turned into
# a "304 Not Modified" by an ETag (a long-poll must wait, not answer from a browser's
# cache).
LIVE_ANSWER = {"Cache-Control": "no-store"}


def legal_actions_of(match: Match, seat: int | None, state: Any = None) -> dict[str, Any]:
    """The legal-actions answer for ``seat`` (none unless it is that seat's decision);
    ``state``: the match's state at ``match.version`` when the caller already has it."""
    actions: list[dict[str, Any]] = []
    if seat is not None and match.status == Match.ACTIVE and seat in match.to_act \
            and not store.clock_view(match)["time_up"]:
        rs = store.ruleset_of(match)
        if state is None:  # (may bring ``match`` up to a newer version: look again)
            state = store.state_for_reading(match, rs)
        if match.status == Match.ACTIVE and seat in match.to_act \
                and not store.clock_view(match)["time_up"]:
            actions = rs.legal_actions(state, seat)
    return _legal_answer(match.ruleset, match.version, seat, match.to_act, actions)


def _legal_answer(ruleset: str, version: int, seat: int | None, to_act: Sequence[int],
                  actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The legal-actions answer's shape (also inside events answers)."""
    return {"ruleset": ruleset, "version": version, "seat": seat, "to_act": to_act,
            "actions": actions}


def with_ruleset(result: store.Result) -> dict[str, Any]:
    """An entry's answer with its match's game, which picks the shape of its events."""
    assert result.match is not None  # (a stored entry's result carries its match)
    return {"ruleset": result.match.ruleset, **result.body}


SEAT_PARAM = OpenApiParameter("seat", {"type": "integer", "minimum": 0, "maximum": 64},
                              description=(
    "Which of your seats to view (only needed when you hold several)."))


class MatchViewSet(viewsets.GenericViewSet):
    queryset = Match.objects.all()
    serializer_class = s.MatchSummaryOut
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    filterset_class = None
    filter_backends: list = []
    def _match_id(self) -> int:
        pk = self.kwargs.get("pk", "")
        if not str(pk).isdigit() or int(pk) >= 2**63:
            raise ApiError("not_found", "no such match", 404)
        return int(pk)

    def get_object(self, users: bool = True) -> Match:
        """The match and its seats; ``users=False`` skips the players' names for the
        endpoints that only check who holds which seat (the hot ones while playing)."""
        pk = self._match_id()
        # The snapshot is read only on a cache miss (store.state_for_reading);
        # writes re-read the row under the store's lock anyway.
        match = store.load_match(pk, users=users)
        if match is None:
            raise ApiError("not_found", f"no match {pk}", 404)
        return match

    def _seat(self, match: Match, wanted: int | None = None) -> int | None:
        if wanted is None:
            wanted = _int_param(self.request, "seat", None, 0, 64)
        return seat_of(match, self.request.user, wanted)

    def _acting_seat(self, match: Match, wanted: int | None) -> int:
        seat = self._seat(match, wanted)
        if seat is None:
            # (a MatchError: it is raised inside the store's submission too, see submit)
            raise MatchError("not_a_player", "only a seat's player may act for it")
        return seat

    # ------------------------------------------------------------ list / create / detail

    @extend_schema(parameters=[
        OpenApiParameter("status", OpenApiTypes.STR, enum=[c for c, _ in Match.STATUSES]),
        OpenApiParameter("ruleset", OpenApiTypes.STR),
        OpenApiParameter("mine", OpenApiTypes.BOOL)], responses=s.MatchSummaryOut(many=True))
    def list(self, request: Request) -> Response:
        qs = Match.objects.defer(*BIG_COLUMNS).prefetch_related("seats__user") \
            .order_by("-id")
        st = request.query_params.get("status")
        if st:
            if st not in dict(Match.STATUSES):
                raise ApiError("invalid_parameter", "status: open, active or finished", 400,
                               {"parameter": "status"})
            qs = qs.filter(status=st)
        if request.query_params.get("ruleset"):
            qs = qs.filter(ruleset=request.query_params["ruleset"])
        qs = listed_for(qs, request.user)
        if flag(request, "mine") and request.user.is_authenticated:
            qs = qs.filter(Q(seats__user=request.user) | Q(created_by=request.user)).distinct()
        page = self.paginate_queryset(qs)
        assert page is not None  # (None only for a view without pagination)
        return self.get_paginated_response([summary(m, request) for m in page])

    @extend_schema(request=s.MatchCreateRequest, responses={201: s.MatchOut}, examples=[
        OpenApiExample("Űrcsempészek against the random bot", request_only=True, value={
            "ruleset": "smugglers", "seats": [{"player": "me"}, {"player": "bot:random"}]}),
        OpenApiExample("KGK with a saved deck, inviting a friend", request_only=True, value={
            "ruleset": "kgk", "seats": [{"player": "me", "deck": 12},
                                        {"player": "anna"}]}),
        OpenApiExample("a rulebook position (sandbox)", request_only=True, value={
            "ruleset": "kgk", "scenario": "kg-14-2",
            "seats": [{"player": "me"}, {"player": "bot:random"}]})])
    def create(self, request: Request) -> Response:
        data = validated(s.MatchCreateRequest, request.data)
        match = creation.create_match(request.user, data["ruleset"], data["seats"],
                                      data.get("options"), data.get("scenario"))
        match = self._fresh(match.pk)
        return Response(detail(match, request, seat_of(match, request.user)),
                        status=status.HTTP_201_CREATED)

    def _fresh(self, pk: int) -> Match:
        return Match.objects.defer("config").prefetch_related("seats__user").get(pk=pk)

    @extend_schema(parameters=[SEAT_PARAM], responses=s.MatchOut)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        return Response(detail(match, request, self._seat(match)))

    @extend_schema(request=s.JoinRequest, responses=s.MatchOut, examples=[
        OpenApiExample("with a saved deck", request_only=True, value={"deck": 12}),
        OpenApiExample("with the deck proposed in the invitation", request_only=True,
                       value={})])
    @action(detail=True, methods=["post"])
    def join(self, request: Request, pk: str | None = None) -> Response:
        """Take an open seat, or accept an invitation to the seat kept for you (with your
        deck, or, sending none, the deck proposed for that seat)."""
        match = self.get_object()
        data = validated(s.JoinRequest, request.data)
        joining.join_match(match, request.user, data.get("deck"))
        match = self._fresh(match.pk)
        return Response(detail(match, request, seat_of(match, request.user)))

    @extend_schema(request=None, responses=s.MatchOut)
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str | None = None) -> Response:
        """Decline your invitation: the seat kept for you stays closed (its maker may
        withdraw the challenge or open it to anyone), and the maker is told."""
        match = self.get_object()
        # (request.user is signed in: the permission lets no one else post)
        decline_invitation(match, request.user)
        return Response(detail(self._fresh(match.pk), request, seat_of(match, request.user)))

    # ------------------------------------------------------------ playing

    @extend_schema(parameters=[SEAT_PARAM], responses=s.LegalActionsOut, examples=[
        OpenApiExample("your decision", response_only=True, status_codes=["200"], value={
            "ruleset": "kgk", "version": 8, "seat": 0, "to_act": [0],
            "actions": [{"type": "pass"}, {"type": "draw"}]}),
        OpenApiExample("not your decision", response_only=True, status_codes=["200"],
                       value={"ruleset": "kgk", "version": 9, "seat": 0, "to_act": [1],
                              "actions": []})])
    @action(detail=True, methods=["get"], url_path="legal-actions")
    def legal_actions(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object(users=False)
        return Response(legal_actions_of(match, self._seat(match)))

    @extend_schema(request=s.ActionRequest, responses=s.ActionOut, examples=[
        OpenApiExample("play a legal action", request_only=True, value={
            "action": {"type": "pass"}, "expected_version": 7,
            "client_action_id": "move-8", "include_legal_actions": True})])
    @action(detail=True, methods=["post"])
    def actions(self, request: Request, pk: str | None = None) -> Response:
        match_id = self._match_id()
        data = validated(s.ActionRequest, request.data)
        # The seat is checked on the match the store reads for the write: one read of the
        # match per action instead of two.
        result = store.submit(match_id, None, data["action"], user=request.user,
                              expected_version=data.get("expected_version"),
                              client_action_id=data.get("client_action_id"),
                              authorize=lambda m: self._acting_seat(m, data.get("seat")))
        out = with_ruleset(result)
        if data.get("include_legal_actions"):
            # A repeat answers from the log: the match as it is now has moved on.
            now = self.get_object(users=False) if result.repeated else result.match
            assert now is not None  # (a stored entry's result carries its match)
            out = {**out, "legal_actions": legal_actions_of(now, out["seat"], result.state)}
        return Response(out, status=result.status)

    @extend_schema(request=s.ResignRequest, responses=s.ActionOut)
    @action(detail=True, methods=["post"])
    def resign(self, request: Request, pk: str | None = None) -> Response:
        match_id = self._match_id()
        data = validated(s.ResignRequest, request.data)
        result = store.submit(match_id, None, None, kind=MatchAction.RESIGN, user=request.user,
                              client_action_id=data.get("client_action_id"),
                              authorize=lambda m: self._acting_seat(m, data.get("seat")))
        return Response(with_ruleset(result), status=result.status)

    @extend_schema(request=s.AdjudicateRequest, responses=s.ActionOut)
    @action(detail=True, methods=["post"])
    def adjudicate(self, request: Request, pk: str | None = None) -> Response:
        """Staff, or the organiser of the match's tournament, decide the result (time up)."""
        match = self.get_object()
        if not can_adjudicate(request.user, match):
            raise ApiError("permission_denied", "only staff or the match's organiser may "
                           "adjudicate", 403)
        data = validated(s.AdjudicateRequest, request.data)
        winners = sorted(set(data["winners"]))
        n = match.seats.count()
        if any(w >= n for w in winners):
            raise ApiError("invalid", f"winners: seats 0 to {n - 1}", 400,
                           {"fields": {"winners": f"seats 0 to {n - 1}"}})
        if match.organiser_id and len(winners) != 1:
            # KG-13.4.3: when a tournament game runs out of time the judge decides who won,
            # "de döntetlen soha nem lehet egy játék" (a game is never a draw).
            raise ApiError("invalid", "a tournament game has exactly one winner (KG-13.4.3)",
                           400, {"fields": {"winners": "exactly one seat: a tournament game "
                                            "is never a draw (KG-13.4.3)"}})
        result = store.submit(match.pk, None, {"winners": winners,
                                               "note": data.get("note", "")},
                              kind=MatchAction.ADJUDICATE, user=request.user)
        return Response(with_ruleset(result), status=result.status)

    # ------------------------------------------------------------ watching

    @extend_schema(parameters=[
        OpenApiParameter("after", {"type": "integer", "minimum": 0, "maximum": 2**31},
                         description="Events numbered above this."),
        OpenApiParameter("wait", {"type": "integer", "minimum": 0, "maximum": 3600},
                         description=("Long-poll: wait up to this many seconds (at most 30 "
                                      "are waited; up to 3600 is accepted) for a new "
                                      "event.")),
        OpenApiParameter("until", OpenApiTypes.STR, enum=["event", "turn"], description=(
            "What ends the long-poll: any new event (default), or your seat's turn (or "
            "the end of the match); the events that happened meanwhile come in one answer.")),
        OpenApiParameter("include_legal_actions", OpenApiTypes.BOOL, description=(
            "Answer with your seat's legal actions in the match as it then is (saves a "
            "legal-actions request when a long-poll ends with your turn).")),
        SEAT_PARAM], responses=s.EventsOut, examples=[
        OpenApiExample("your turn came", response_only=True, status_codes=["200"], value={
            "ruleset": "kgk",
            "events": [{"n": 12, "event": {"type": "played", "seat": 1, "card": 31,
                                            "item": 1, "cost": 2, "target": 12}}],
            "last": 12, "more": False, "version": 8, "status": "active", "to_act": [0],
            "legal_actions": {"ruleset": "kgk", "version": 8, "seat": 0, "to_act": [0],
                              "actions": [{"type": "pass"}, {"type": "draw"}]}})])
    @action(detail=True, methods=["get"])
    def events(self, request: Request, pk: str | None = None) -> Response:
        watch = watch_of(pk, request.user, request.query_params)
        match, seat, with_legal = watch.match, watch.seat, watch.with_legal
        after = _int_param(request, "after", 0, 0, 2**31)
        wait = _int_param(request, "wait", 0, 0, 3600)
        until = request.query_params.get("until") or "event"
        if until not in ("event", "turn"):
            raise ApiError("invalid_parameter", "until: event or turn", 400,
                           {"parameter": "until"})
        if until == "turn" and seat is None:
            raise ApiError("invalid_parameter", "until=turn: only for a seat's player", 400,
                           {"parameter": "until"})
        seen = live.progress_of(match)
        wait_for = live.Wait(match.pk, seen, after, time.monotonic() + min(float(wait), MAX_WAIT),
                             until, seat)
        if wait and not wait_for.over(seen):
            quiet = self._quiet_answer(match.ruleset, seat, after, seen, with_legal)
            if settles_deferred() and connection.vendor == "postgresql" \
                    and request.accepted_renderer.format == "json":
                # The server waits on the event loop, holding no thread and no
                # connection (web.server.deferred), then settles the answer.
                return LiveAnswer(quiet, watch.read, wait_for, headers=LIVE_ANSWER)
            now = async_to_sync(wait_for_change)(wait_for, listen=False)
            if quiet is not None and live.unchanged(seen, now):
                return Response(quiet, headers=LIVE_ANSWER)
        body = watch.read(after)
        if body is None:  # deleted while this request waited
            raise ApiError("not_found", "no such match", 404)
        return Response(body, headers=LIVE_ANSWER)

    @staticmethod
    def _quiet_answer(ruleset: str, seat: int | None, after: int,
                      seen: tuple[int, int, str, Sequence[int]],
                      with_legal: bool) -> dict[str, Any] | None:
        """The events answer when nothing has happened since ``seen`` (count, version,
        status, to_act) and no event is newer than ``after``; None when it needs the
        database (events to send, or the seat's own legal actions)."""
        count, version, st, to_act = seen
        if count > after or (with_legal and st == Match.ACTIVE and seat in to_act):
            return None
        body = live.events_answer(ruleset, (count, version, st, list(to_act)), after)
        if with_legal:
            body["legal_actions"] = _legal_answer(ruleset, version, seat, to_act, [])
        return body

    @extend_schema(responses=s.ReplayOut)
    @action(detail=True, methods=["get"])
    def replay(self, request: Request, pk: str | None = None) -> Response:
        """The whole match (config, seed, full log and events) once it has ended."""
        match = self.get_object()
        if match.status != Match.FINISHED:
            raise ApiError("match_not_finished", "a replay is available when the match ends",
                           409, {"status": match.status})
        # (each event in full: the match is over; the engines' privacy markers left out)
        log = [{"seq": e.seq, "kind": e.kind, "seat": e.seat, "action": e.action,
                "events": [full_event(event) for event in e.events],
                "created": utc_text(e.created)}
               for e in match.log.order_by("seq")]
        return Response({"match": match.pk, "ruleset": match.ruleset, "config": match.config,
                         "seed": match.seed, "seed_hash": match.seed_hash, "log": log,
                         "outcome": match.outcome})

    @extend_schema(responses=s.VerifyOut)
    @action(detail=True, methods=["get"],
            throttle_classes=[VerifyThrottle, AnonWindowThrottle, UserWindowThrottle])
    def verify(self, request: Request, pk: str | None = None) -> Response:
        """Replay seed + log and compare with the stored state (reveals only booleans).

        A replay reads and re-plays the whole log: the answer is cached per match version
        (a new action makes a new version), and the endpoint has its own budget
        (``THROTTLE_VERIFY``)."""
        match = self.get_object()
        if match.status == Match.OPEN:
            raise ApiError("match_not_started", "the match has not started", 409)
        key = f"kaosz:verify:{connection.settings_dict['NAME']}:{match.pk}:{match.version}"
        result = cache.get(key)
        if result is None:
            result = store.verify(match)
            cache.set(key, result, VERIFY_CACHE_SECONDS)
        return Response(result)


@extend_schema(responses=s.RulesetOut(many=True))
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def rulesets(request: Request) -> Response:
    return Response([{"name": rs.name, "title": rs.title, "min_players": rs.min_players,
                      "max_players": rs.max_players, "uses_decks": rs.uses_decks}
                     for rs in registry.available().values()])


__all__ = ["MatchViewSet", "rulesets", "serializers"]
