"""The Celery app. Who runs its tasks (Celery's workers, the serving process's in-process
worker, or the caller at once) is ``settings.KAOSZ_TASKS``: see ``kaosz.task_runner``."""

import os

from celery import Celery

from kaosz import heartbeats

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")

app = Celery("kaosz", task_cls="kaosz.task_runner:Task")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Workers and beat say they are alive (/readyz reports them; kaosz.heartbeats).
heartbeats.connect()
