"""The simulations API: start a bot-vs-bot simulation, follow it, cancel it."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from matches import simulation as sims
from matches.api import serializers as s
from matches.api.views import validated
from matches.models import Simulation
from matches.services.simulations import start_simulation
from web.api.errors import ApiError


class SimulationViewSet(viewsets.GenericViewSet):
    queryset = Simulation.objects.all()
    serializer_class = s.SimulationOut
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    filter_backends: list = []

    def get_object(self) -> Simulation:
        pk = str(self.kwargs.get("pk", ""))
        sim = Simulation.objects.filter(pk=int(pk)).first() if pk.isdigit() else None
        if sim is None:
            raise ApiError("not_found", f"no simulation {pk}", 404)
        return sim

    @extend_schema(responses=s.SimulationOut(many=True))
    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(Simulation.objects.order_by("-id"))
        assert page is not None  # (None only for a view without pagination)
        return self.get_paginated_response([sims.report(sim, request.user) for sim in page])

    @extend_schema(request=s.SimulationRequest, responses={202: s.SimulationOut}, examples=[
        OpenApiExample("100 seeded Pulsar games", request_only=True, value={
            "ruleset": "pulsar", "games": 100, "players": 2, "seed": "s1",
            "bots": ["random", "heuristic"]})])
    def create(self, request: Request) -> Response:
        data = validated(s.SimulationRequest, request.data)
        sim = start_simulation(data, request.user)
        sim.refresh_from_db()
        return Response(sims.report(sim, request.user), status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses=s.SimulationOut)
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        sim = self.get_object()
        sims.redispatch_stale(sim)
        return Response(sims.report(sim, request.user))

    @extend_schema(request=None, responses=s.SimulationOut)
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str | None = None) -> Response:
        """Stop a simulation (its creator or staff): the games already played stay."""
        sim = self.get_object()
        if not (request.user.is_staff or sim.created_by_id == request.user.pk):
            raise ApiError("permission_denied", "only its creator or staff may cancel a "
                           "simulation", 403)
        if not sims.cancel(sim):
            raise ApiError("simulation_ended", f"the simulation has already ended "
                           f"({sim.status})", 409, {"status": sim.status})
        sim.refresh_from_db()
        return Response(sims.report(sim, request.user))


__all__ = ["SimulationViewSet"]
