from django.apps import AppConfig

from decks import error_codes
from web import error_catalogue


class DecksConfig(AppConfig):
    name = "decks"

    def ready(self) -> None:
        error_catalogue.register("decks", error_codes.CODES)
