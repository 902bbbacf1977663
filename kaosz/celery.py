"""The Celery app. Eager in-process without REDIS_URL (see settings)."""

import os

from celery import Celery

from kaosz import heartbeats

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")

app = Celery("kaosz")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Workers and beat say they are alive (/readyz reports them; kaosz.heartbeats).
heartbeats.connect()
