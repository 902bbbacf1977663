from django.urls import path
from rest_framework.routers import DefaultRouter

from matches.api import live_views, simulations, stops_views, views

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("matches", views.MatchViewSet, basename="api-match")
router.register("simulations", simulations.SimulationViewSet, basename="api-simulation")

urlpatterns = [
    path("rulesets/", views.rulesets, name="api-rulesets"),
    # The long-poll waits without a thread under ASGI (before the router's own route).
    path("matches/<str:pk>/events/", live_views.events, name="api-match-events-live"),
    path("matches/<str:pk>/stream/", live_views.stream, name="api-match-stream"),
    path("me/stream/", live_views.account_stream, name="api-account-stream"),
    path("matches/<str:pk>/stops/", stops_views.match_stops, name="api-match-stops"),
    path("me/stops/", stops_views.my_stops, name="api-my-stops"),
    *router.urls,  # (flat: see kaosz/urls.py)
]
