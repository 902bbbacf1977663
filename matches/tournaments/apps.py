from django.apps import AppConfig

from matches.tournaments import error_codes
from web import error_catalogue


class TournamentsConfig(AppConfig):
    name = "matches.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        error_catalogue.register("matches.tournaments", error_codes.CODES)
