from django.urls import path

from players import views
from players.challenges import views as challenge_views
from players.notifications import views as notification_views

urlpatterns = [
    path("players/<str:username>/", views.player, name="player"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", views.leaderboard, name="leaderboard"),
    path("play/mine/", views.my_matches, name="my-matches"),
    path("challenges/", challenge_views.challenges_page, name="challenges"),
    path("challenges/new/", challenge_views.create, name="challenge-create"),
    path("challenges/<int:pk>/accept/", challenge_views.accept, name="challenge-accept"),
    path("challenges/<int:pk>/cancel/", challenge_views.cancel, name="challenge-cancel"),
    path("challenges/<int:pk>/decline/", challenge_views.decline, name="challenge-decline"),
    path("challenges/<int:pk>/open/", challenge_views.open_to_anyone, name="challenge-open"),
    path("notifications/", notification_views.inbox_page, name="notification-inbox"),
    path("account/notifications/", notification_views.settings_page, name="notifications"),
    path("notifications/unsubscribe/<str:token>/", notification_views.unsubscribe,
         name="unsubscribe"),
]
