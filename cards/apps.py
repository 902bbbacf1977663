from django.apps import AppConfig

from cards import error_codes
from web import error_catalogue


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self) -> None:
        error_catalogue.register("cards", error_codes.CODES)
