from django.urls import path

from players import api

urlpatterns = [
    path("leaderboards/<str:game>/", api.leaderboard, name="api-leaderboard"),
    path("players/<str:username>/", api.player, name="api-player"),
]
