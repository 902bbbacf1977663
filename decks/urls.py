from django.urls import path

from decks import collection_views, views

urlpatterns = [
    # A person's card collection: its pages compare it with decks (what each deck still
    # needs), so they live with the decks, which read the cards (one way: decks -> cards).
    path("collection/", collection_views.collection, name="collection"),
    path("collection/edit/", collection_views.bulk_edit, name="collection-edit"),
    path("collection/summary/", collection_views.summary, name="collection-summary"),
    path("collection/export/", collection_views.export, name="collection-export"),
    path("collection/import/", collection_views.import_view, name="collection-import"),
    path("decks/", views.deck_list, name="deck-public"),
    path("decks/mine/", views.deck_list, {"mine": True}, name="deck-mine"),
    path("decks/new/", views.builder, name="deck-new"),
    path("decks/import/", views.import_page, name="deck-import"),
    path("decks/bulk/", views.bulk, name="deck-bulk"),
    path("decks/bulk/<int:pk>/", views.bulk_status, name="deck-bulk-status"),
    path("decks/builder/check/", views.builder_check, name="deck-builder-check"),
    path("decks/builder/search/", views.builder_search, name="deck-builder-search"),
    path("decks/<int:pk>/", views.detail, name="deck-detail"),
    path("decks/<int:pk>/edit/", views.builder, name="deck-edit"),
    path("decks/<int:pk>/copy/", views.copy, name="deck-copy"),
    path("decks/<int:pk>/deck.txt", views.download, name="deck-download"),
]
