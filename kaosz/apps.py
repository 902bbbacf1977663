from django.apps import AppConfig


class KaoszConfig(AppConfig):
    name = "kaosz"

    def ready(self) -> None:
        from kaosz.api import auth

        auth.connect()
