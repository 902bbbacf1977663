from django.urls import path
from rest_framework.routers import DefaultRouter

from decks.api import views

router = DefaultRouter()
router.register("decks/bulk-validate", views.BulkValidationViewSet, basename="api-bulk-validate")
router.register("decks", views.DeckViewSet, basename="api-deck")

urlpatterns = [
    path("decks/validate/", views.validate_deck, name="api-deck-validate"),
    path("formats/", views.formats, name="api-formats"),
    *router.urls,  # (flat: see kaosz/urls.py)
]
