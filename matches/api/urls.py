from django.urls import path
from rest_framework.routers import DefaultRouter

from matches.api import views

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("matches", views.MatchViewSet, basename="api-match")
router.register("simulations", views.SimulationViewSet, basename="api-simulation")

urlpatterns = [
    path("rulesets/", views.rulesets, name="api-rulesets"),
    *router.urls,  # (flat: see kaosz/urls.py)
]
