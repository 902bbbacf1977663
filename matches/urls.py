from django.urls import path

from matches import positions, stops_page, views

urlpatterns = [
    path("play/", views.lobby, name="play-lobby"),
    path("play/new/", views.create_match, name="play-create"),
    path("play/positions/", positions.positions, name="play-positions"),
    path("play/stops/", stops_page.stops_page, name="play-stops"),
    path("play/<int:pk>/", views.board, name="play-board"),
    path("play/<int:pk>/join/", views.join_match, name="play-join"),
    path("play/simulations/", views.simulations, name="play-simulations"),
    path("play/simulations/<int:pk>/", views.simulation_detail, name="play-simulation"),
]
