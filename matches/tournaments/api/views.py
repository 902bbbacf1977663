"""The tournament API (``/api/v1/tournaments/...``): every step from registration to the
podium. Views parse and answer; ``services`` decides and writes (one error shape)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from matches import swiss
from matches.tournaments import exports, services
from matches.tournaments.api import serializers as s
from matches.tournaments.models import PairingJob, Tournament
from web.api.errors import ApiError

CSV_PARAM = OpenApiParameter("format", str, enum=["json", "csv"],
                             description="csv: the same table as a CSV download")
ROUND_NUMBER = {"type": "integer", "minimum": 1, "maximum": 2**15 - 1}
ROUND_PARAM = OpenApiParameter("round", ROUND_NUMBER, description="only this round")


def _data(request: Request, serializer_class: type[serializers.Serializer]) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ApiError("malformed_request", "the body must be a JSON object", 400)
    ser = serializer_class(data=request.data)
    ser.is_valid(raise_exception=True)
    return dict(ser.validated_data)


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _wants_csv(request: Request) -> bool:
    fmt = request.query_params.get("format", "json")
    if fmt not in ("json", "csv"):
        raise ApiError("invalid_parameter", "format: json or csv", 400, {"parameter": "format"})
    return fmt == "csv"


def _round_param(request: Request, t: Tournament) -> int | None:
    raw = request.query_params.get("round")
    if raw in (None, ""):
        return None
    number = services.as_id(raw)
    if number is None or not t.rounds.filter(number=number).exists():
        raise ApiError("invalid_parameter", "round: the number of a paired round", 400,
                       {"parameter": "round"})
    return number


def job_data(job: PairingJob) -> dict[str, Any]:
    return {"id": job.pk, "status": job.status, "round": job.round_number, "error": job.error,
            "seconds": job.seconds,
            "url": f"/api/v1/tournaments/{job.tournament_id}/pairing-jobs/{job.pk}/"}


class TournamentViewSet(viewsets.ModelViewSet):
    """Tournaments. Anyone may read public ones; the creator (or staff) runs them."""

    serializer_class = s.TournamentSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    lookup_value_regex = r"\d+"
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        user = self.request.user
        qs = Tournament.objects.select_related("organiser")
        if getattr(user, "is_staff", False):
            return qs
        if user.is_authenticated:
            return qs.filter(Q(public=True) | Q(organiser=user) | Q(entries__user=user)).distinct()
        return qs.filter(public=True)

    def _t(self) -> Tournament:
        if services.as_id(self.kwargs.get("pk")) is None:
            raise ApiError("not_found", "no such tournament", 404)
        return self.get_object()

    # ---- the tournament itself

    @extend_schema(request=s.TournamentCreate, responses={201: s.TournamentSerializer},
                   examples=[OpenApiExample("a club evening", request_only=True, value={
                       "name": "Klubest", "format": "tournament", "mode": "paper",
                       "rounds_planned": 4, "final_size": 4, "tiebreaks": "kaosz"})])
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = _data(request, s.TournamentCreate)
        t = services.create_tournament(request.user, **data)
        return Response(self.get_serializer(t).data, status=status.HTTP_201_CREATED)

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(self.get_serializer(self._t()).data)

    @extend_schema(request=s.TournamentUpdate, responses={200: s.TournamentSerializer})
    def partial_update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        t = self._t()
        services.require_organiser(request.user, t)
        data = _data(request, s.TournamentUpdate)
        fixed = {"decks_required", "tiebreaks"} & set(data)
        if fixed and t.status != Tournament.REGISTRATION:
            raise ApiError("already_started", f"{', '.join(sorted(fixed))} cannot change after "
                           "the start", 409)
        if "top_cut" in data and "final_size" not in data:
            data["final_size"] = (t.final_size or 4) if data["top_cut"] else 0
        data.pop("top_cut", None)
        if "final_size" in data:  # until the cut (the service checks and keeps top_cut)
            services.configure_final(t, by=request.user, final_size=data.pop("final_size"))
        if "rounds_planned" in data and data["rounds_planned"] < t.rounds.count():
            raise ApiError("invalid", "rounds_planned: fewer than the rounds already paired",
                           400, {"field": "rounds_planned"})
        for key, value in data.items():
            setattr(t, key, value)
        t.save()
        return Response(self.get_serializer(t).data)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise ApiError("method_not_allowed", "use PATCH", 405)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        t = self._t()
        services.require_organiser(request.user, t)
        if t.status != Tournament.REGISTRATION:
            raise ApiError("already_started", "a started tournament is kept (its history)", 409)
        t.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)

    # ---- registration

    @extend_schema(methods=["GET"], responses={200: s.EntrySerializer(many=True)})
    @extend_schema(methods=["POST"], request=s.EntryCreate, responses={201: s.EntrySerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def entries(self, request: Request, pk: str | None = None) -> Response:
        """Registered players. POST: enter yourself, or (organiser) anyone, with a deck;
        after the start the organiser's POST is a late entry (``byes`` to grant byes)."""
        t = self._t()
        if request.method == "GET":
            return Response(s.EntrySerializer(t.entries.select_related("user"), many=True).data)
        data = _data(request, s.EntryCreate)
        user = None
        if data.get("username"):
            user = get_user_model().objects.filter(username=data["username"],
                                                   is_active=True).first()
            if user is None:
                raise ApiError("unknown_player", f"no user {data['username']!r}", 400,
                               {"field": "username"})
        someone_else = data.get("name") or (user is not None and user.pk != request.user.pk)
        if someone_else and not services.is_organiser(request.user, t):
            raise ApiError("not_organiser", "only the organiser enters other players", 403)
        entry = services.register(t, by=request.user, user=user, name=data.get("name", ""),
                                  deck=data.get("deck"), deck_name=data.get("deck_name", ""),
                                  byes=data["byes"])
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=s.DeckUpdate, responses={200: s.EntrySerializer})
    @action(detail=True, methods=["patch"], url_path=r"entries/(?P<entry_id>\d+)")
    def entry(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        """Change a deck before the start (the player or the organiser)."""
        data = _data(request, s.DeckUpdate)
        entry = services.update_deck(self._t(), int(entry_id), by=request.user,
                                     deck=data["deck"], deck_name=data.get("deck_name", ""))
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(request=None, responses={200: s.EntrySerializer, 204: None})
    @action(detail=True, methods=["post"], url_path=r"entries/(?P<entry_id>\d+)/drop")
    def drop(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        """Leave the tournament (never paired again); before the start: withdraw."""
        entry = services.drop(self._t(), int(entry_id), by=request.user)
        if entry is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(responses={200: s.DeckCheckRow(many=True)})
    @action(detail=True, url_path="deck-check", pagination_class=None)
    def deck_check(self, request: Request, pk: str | None = None) -> Response:
        """The organiser's deck-check report: each list and what the validator says."""
        t = self._t()
        services.require_organiser(request.user, t)
        return Response(services.deck_report(t))

    @extend_schema(request=s.UndropInput, responses={200: s.EntrySerializer})
    @action(detail=True, methods=["post"], url_path=r"entries/(?P<entry_id>\d+)/undrop")
    def undrop(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        """The organiser takes a drop back: the player returns with their record and is
        paired from the next round; ``missed`` says how the rounds missed count
        (not_played: no points, nothing in any percentage; loss: each a lost round)."""
        data = _data(request, s.UndropInput) if request.data else {"missed": "not_played"}
        entry = services.undrop(self._t(), int(entry_id), by=request.user,
                                missed=data["missed"])
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(request=s.CheckInInput, responses={200: s.EntrySerializer})
    @action(detail=True, methods=["post"], url_path=r"entries/(?P<entry_id>\d+)/check-in")
    def check_in(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        """Before round 1: the player (or the organiser) checks in; see ``start``'s
        ``drop_no_shows``."""
        data = _data(request, s.CheckInInput)
        entry = services.check_in(self._t(), int(entry_id), by=request.user,
                                  present=data["present"])
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(request=s.StartInput, responses={200: s.TournamentSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str | None = None) -> Response:
        """Close registration and lock the decks; announces ``rounds_planned``
        (``drop_no_shows``: players who did not check in are withdrawn first)."""
        data = _data(request, s.StartInput) if request.data else {"drop_no_shows": False}
        t = services.start(self._t(), by=request.user, drop_no_shows=data["drop_no_shows"])
        return Response(self.get_serializer(t).data)

    @extend_schema(request=s.EndInput, responses={200: s.TournamentSerializer})
    @action(detail=True, methods=["post"])
    def end(self, request: Request, pk: str | None = None) -> Response:
        """The organiser ends the event early, with a reason shown beside the results;
        decided places stand and the standings order the rest."""
        data = _data(request, s.EndInput)
        t = services.end_event(self._t(), by=request.user, reason=data["reason"])
        return Response(self.get_serializer(t).data)

    @extend_schema(responses={200: s.DecklistOut(many=True)})
    @action(detail=True, pagination_class=None)
    def decklists(self, request: Request, pk: str | None = None) -> Response:
        """Every player's deck list: for the organiser at any time; for everyone once the
        event is over, if the organiser publishes them (``publish_decklists``)."""
        return Response(services.decklists(self._t(), user=request.user))

    # ---- rounds

    @extend_schema(methods=["GET"], responses={200: s.RoundOut(many=True)})
    @extend_schema(methods=["POST"], request=s.PairOptions,
                   responses={201: s.RoundOut, 202: s.JobOut})
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        """POST pairs the next round (409 ``no_valid_pairing`` names the organiser's options:
        pair again with ``allow_rematch`` / ``allow_second_bye``). A large event is paired
        by a Celery task: 202 and a job to poll."""
        t = self._t()
        if request.method == "GET":
            return Response(services.rounds_data(t))
        data = _data(request, s.PairOptions)
        as_task = data.pop("run_as_task", None)
        if as_task is None:
            last = t.rounds.order_by("-number").first()
            as_task = len(services.active_for(t, (last.number if last else 0) + 1)) >= \
                services.async_pairing_from()
        if as_task:
            job = services.queue_pairing(t, by=request.user, **data)
            return Response(job_data(job), status=status.HTTP_202_ACCEPTED)
        rnd = services.pair_next_round(t, by=request.user, **data)
        return Response(services.rounds_data(t, [rnd.number])[0], status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[CSV_PARAM], responses={200: s.RoundOut,
                                                      (200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True, url_path=r"rounds/(?P<number>\d+)")
    def round(self, request: Request, pk: str | None = None, number: str = "") -> HttpResponse:
        t = self._t()
        rnd = services.get_round(t, number)
        if t.mode == Tournament.ONLINE and rnd.status == rnd.STARTED:
            services.sync_round(rnd)
        if _wants_csv(request):
            return _csv(exports.pairings_csv(t, rnd.number), f"pairings-{t.pk}-{rnd.number}.csv")
        return Response(services.rounds_data(t, [rnd.number])[0])

    @extend_schema(request=s.PairOptions, responses={200: s.RoundOut})
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>\d+)/repair")
    def repair(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """Pair a round again while it has not started."""
        t = self._t()
        data = _data(request, s.PairOptions)
        data.pop("run_as_task", None)
        rnd = services.repair_round(t, int(number), by=request.user, **data)
        return Response(services.rounds_data(t, [rnd.number])[0])

    @extend_schema(request=s.SwapInput, responses={200: s.RoundOut})
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>\d+)/swap")
    def swap(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """Hand pairing before the round starts: two players change places (tables, or a
        table and the bye). A change that breaks a rule answers 409
        ``pairing_rule_broken`` naming each broken rule, unless ``accept`` is true."""
        t = self._t()
        data = _data(request, s.SwapInput)
        rnd = services.swap_players(t, int(number), data["a"], data["b"], by=request.user,
                                    accept=data["accept"])
        return Response(services.rounds_data(t, [rnd.number])[0])

    @extend_schema(request=None, responses={200: s.RoundOut})
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>\d+)/start")
    def start_round(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """Results may be entered from now on (online: each table's match is created)."""
        t = self._t()
        rnd = services.start_round(t, int(number), by=request.user)
        return Response(services.rounds_data(t, [rnd.number])[0])

    @extend_schema(request=None, responses={200: s.RoundOut})
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>\d+)/finish")
    def finish_round(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """End a round; refused (409 ``round_incomplete``) while a result is missing."""
        t = self._t()
        rnd = services.finish_round(t, int(number), by=request.user)
        return Response(services.rounds_data(t, [rnd.number])[0])

    @extend_schema(responses={200: s.JobOut})
    @action(detail=True, url_path=r"pairing-jobs/(?P<job_id>\d+)")
    def pairing_job(self, request: Request, pk: str | None = None, job_id: str = "") -> Response:
        jid = services.as_id(job_id)
        job = self._t().pairing_jobs.filter(pk=jid).first() if jid else None
        if job is None:
            raise ApiError("not_found", f"no pairing job {job_id}", 404)
        return Response(job_data(job))

    # ---- results

    @extend_schema(parameters=[ROUND_PARAM, CSV_PARAM],
                   responses={200: s.PairingOut(many=True), (200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True, pagination_class=None)
    def pairings(self, request: Request, pk: str | None = None) -> HttpResponse:
        """Every table (of one round with ``?round=``); ``?format=csv`` to download."""
        t = self._t()
        raw = request.query_params.get("round")
        number = services.as_id(raw) if raw not in (None, "") else None
        if raw not in (None, "") and (number is None or number >= 2**15):
            raise ApiError("invalid_parameter", "round: a round number", 400,
                           {"parameter": "round"})
        if _wants_csv(request):
            return _csv(exports.pairings_csv(t, number), f"pairings-{t.pk}.csv")
        rounds = services.rounds_data(t, [number] if number else None)
        return Response([p for r in rounds for p in r["pairings"]])

    @extend_schema(request=s.GamesInput, responses={200: s.PairingOut})
    @action(detail=True, methods=["post"], url_path=r"pairings/(?P<pairing_id>\d+)/report")
    def report(self, request: Request, pk: str | None = None, pairing_id: str = "") -> Response:
        """A player reports their own table; it stands when both players agree, and a
        disagreement is flagged (``disputed``) for the organiser."""
        data = _data(request, s.GamesInput)
        p = services.report_result(self._t(), int(pairing_id), by=request.user,
                                   games_a=data["games_a"], games_b=data["games_b"])
        return Response(services.pairing_data(p))

    @extend_schema(request=s.ResultInput, responses={200: s.PairingOut})
    @action(detail=True, methods=["post"], url_path=r"pairings/(?P<pairing_id>\d+)/result")
    def result(self, request: Request, pk: str | None = None, pairing_id: str = "") -> Response:
        """The organiser enters, decides or corrects a result (kept in the audit trail);
        standings are recomputed, later pairings stand. ``outcome`` no_show / forfeit with
        ``winner`` records a match that was not played. After the cut the answer carries a
        ``notice``: the final's seeds do not move."""
        t = self._t()
        data = _data(request, s.ResultInput)
        p = services.set_result(t, int(pairing_id), by=request.user,
                                games_a=data.get("games_a"), games_b=data.get("games_b"),
                                note=data.get("note", ""), outcome=data["outcome"],
                                winner=data.get("winner"))
        out = services.pairing_data(p)
        notice = services.correction_notice(t)
        if notice:
            out["notice"] = notice
        return Response(out)

    @extend_schema(responses={200: s.ChangeOut(many=True)})
    @action(detail=True, url_path=r"pairings/(?P<pairing_id>\d+)/history",
            pagination_class=None)
    def result_history(self, request: Request, pk: str | None = None,
                       pairing_id: str = "") -> Response:
        """The audit trail of a table's result: all of it for the organiser and staff; the
        table's players see its steps without the organiser's notes; others get 403."""
        return Response(services.result_history(self._t(), int(pairing_id),
                                                user=request.user))

    # ---- standings, exports, the final

    @extend_schema(parameters=[CSV_PARAM, OpenApiParameter(
        "round", ROUND_NUMBER, description="the standings after this round (default: now)")],
        responses={200: s.StandingsOut, (200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True)
    def standings(self, request: Request, pk: str | None = None) -> HttpResponse:
        """Rank, points and every tie-break figure, in the documented order of the event's
        tie-break profile; ``?round=N`` gives the standings after round N."""
        t = self._t()
        upto = _round_param(request, t)
        if _wants_csv(request):
            return _csv(exports.standings_csv(t, upto=upto), f"standings-{t.pk}.csv")
        return Response({"profile": t.tiebreaks, "round": upto,
                         "tiebreaks": services.tiebreaks_of(t),
                         "rows": services.standings(t, upto=upto),
                         "placements": services.placements(t) if upto is None else []})

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR}, examples=[
        OpenApiExample("TRF16", response_only=True, status_codes=["200"],
                       media_type="text/plain",
                       value="012 Klubest\nXXR 4\n001    1      Kiss Anna"
                             "                         1500       3.0    1 ...\n")])
    @action(detail=True)
    def trf(self, request: Request, pk: str | None = None) -> HttpResponse:
        """The Swiss history as FIDE TRF16 (for external pairing checkers)."""
        t = self._t()
        try:
            text = exports.trf(t)
        except swiss.TrfTooLarge as exc:
            raise ApiError("trf_too_large", str(exc), 422,
                           {"players": exc.players, "limit": swiss.trf.MAX_START_NUMBER}) \
                from exc
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="tournament-{t.pk}.trf"'
        return response

    @extend_schema(methods=["GET"], responses={200: s.FinalOut})
    @extend_schema(methods=["POST"], request=None, responses={200: s.FinalOut})
    @action(detail=True, methods=["get", "post"])
    def final(self, request: Request, pk: str | None = None) -> Response:
        """GET: the top-4 bracket. POST: end the Swiss stage and seed the final (KG-13.4.2)."""
        t = self._t()
        if request.method == "POST":
            services.start_final(t, by=request.user)
        elif (t.mode == Tournament.ONLINE and t.status == Tournament.FINAL
              and services.sync_final(t)):
            t.refresh_from_db()
        return Response({"status": t.status, "bracket": services.bracket_data(t),
                         "placements": services.placements(t)})

    @extend_schema(request=s.FinalGameInput, responses={200: s.FinalOut})
    @action(detail=True, methods=["post"], url_path="final/games")
    def final_game(self, request: Request, pk: str | None = None) -> Response:
        """Record one game of a best-of-three final series."""
        t = self._t()
        data = _data(request, s.FinalGameInput)
        services.record_final_game(t, data["series"], data["winner"], by=request.user)
        return Response({"status": t.status, "bracket": services.bracket_data(t),
                         "placements": services.placements(t)})
