from rest_framework.routers import DefaultRouter

from matches.tournaments.api import views

router = DefaultRouter()
router.register("tournaments", views.TournamentViewSet, basename="api-tournament")

urlpatterns = [*router.urls]
