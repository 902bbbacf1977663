from django.apps import AppConfig


class KaoszConfig(AppConfig):
    name = "kaosz"

    def ready(self) -> None:
        from kaosz import login_throttle  # noqa: F401 (connects the login-failure counters)
        from kaosz.api import auth  # (app loading: it reads the models, ready only now)

        auth.connect()
