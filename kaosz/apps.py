from django.apps import AppConfig

from kaosz import error_codes
from web import error_catalogue


class KaoszConfig(AppConfig):
    name = "kaosz"

    def ready(self) -> None:
        error_catalogue.register("kaosz", error_codes.CODES)
        from kaosz.api import auth  # (app loading: it reads the models, ready only now)
        from web import login_throttle  # noqa: F401 (connects the login-failure counters)

        auth.connect()
