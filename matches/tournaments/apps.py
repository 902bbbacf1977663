from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "matches.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
