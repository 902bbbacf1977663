from django.urls import path

from matches.tournaments import views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournament-list"),
    path("tournaments/<int:pk>/", views.public, name="tournament-public"),
    path("tournaments/<int:pk>/manage/", views.manage, name="tournament-manage"),
    path("tournaments/<int:pk>/print/standings/", views.print_standings,
         name="tournament-print-standings"),
    path("tournaments/<int:pk>/print/round/<int:number>/", views.print_round,
         name="tournament-print-round"),
]
