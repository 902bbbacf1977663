from django.urls import path

from cards import views

urlpatterns = [
    path("", views.browse, name="card-browser"),
    path("cards/", views.browse, name="card-browser-alt"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("cards/<slug:slug>/owned/", views.set_owned, name="card-set-owned"),
    path("collection/", views.collection, name="collection"),
    path("contribute/", views.contribute, name="contribute"),
    path("contributions/", views.my_contributions, name="my-contributions"),
    path("review/", views.review_queue, name="review-queue"),
    path("review/<int:pk>/", views.review_decide, name="review-decide"),
]
