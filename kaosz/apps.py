from django.apps import AppConfig


class KaoszConfig(AppConfig):
    name = "kaosz"
