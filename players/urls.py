from django.urls import path

from players import views

urlpatterns = [
    path("players/<str:username>/", views.player, name="player"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", views.leaderboard, name="leaderboard"),
]
