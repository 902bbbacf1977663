from django.urls import path

from players import api
from players.challenges import api as challenge_api
from players.notifications import api as notification_api

urlpatterns = [
    path("leaderboards/<str:game>/", api.leaderboard, name="api-leaderboard"),
    path("players/<str:username>/", api.player, name="api-player"),
    path("challenges/", challenge_api.challenge_list, name="api-challenges"),
    path("challenges/<int:pk>/accept/", challenge_api.accept, name="api-challenge-accept"),
    path("challenges/<int:pk>/cancel/", challenge_api.cancel, name="api-challenge-cancel"),
    path("challenges/<int:pk>/open/", challenge_api.open_to_anyone, name="api-challenge-open"),
    path("matches/<int:pk>/rematch/", challenge_api.rematch, name="api-match-rematch"),
    path("matches/<int:pk>/abort/", challenge_api.abort, name="api-match-abort"),
    path("my-matches/", api.my_matches, name="api-my-matches"),
    path("my-matches/count/", api.my_turn_count, name="api-my-turn-count"),
    path("notifications/", notification_api.inbox, name="api-notifications"),
    path("notifications/count/", notification_api.count, name="api-notification-count"),
    path("notifications/seen/", notification_api.seen, name="api-notifications-seen"),
]
