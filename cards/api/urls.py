from django.urls import path
from rest_framework.routers import DefaultRouter

from cards.api import views

router = DefaultRouter()
router.register("cards", views.CardViewSet, basename="api-card")
router.register("sets", views.CardSetViewSet, basename="api-set")
router.register("collection", views.CollectionViewSet, basename="api-collection")
router.register("contributions", views.ContributionViewSet, basename="api-contribution")
router.register("revisions", views.RevisionViewSet, basename="api-revision")

urlpatterns = [
    path("data-version/", views.data_version, name="api-data-version"),
    *router.urls,  # (flat: see kaosz/urls.py)
]
