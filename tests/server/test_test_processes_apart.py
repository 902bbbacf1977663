"""Two test processes (pytest-xdist) share nothing through Redis: each has a database of its
own there, as each has a test database of its own, so one's Celery worker never takes the
other's tasks and one's cache or limits never answer the other."""

import os

import pytest
from django.conf import settings

from kaosz.settings_test import _redis_database_of_this_test_process as database_for


def test_each_worker_is_given_its_own_redis_database():
    assert database_for("redis://127.0.0.1:6379/0", "gw0") == "redis://127.0.0.1:6379/1"
    assert database_for("redis://127.0.0.1:6379/0", "gw1") == "redis://127.0.0.1:6379/2"
    assert database_for("redis://127.0.0.1:6379", "gw1") == "redis://127.0.0.1:6379/2"
    assert database_for("redis://127.0.0.1:6379/", "gw0") == "redis://127.0.0.1:6379/1"


def test_a_run_without_workers_keeps_the_url_it_was_given():
    assert database_for("redis://127.0.0.1:6379/0", "") == "redis://127.0.0.1:6379/0"
    assert database_for("", "gw0") == ""


@pytest.mark.skipif(not (settings.REDIS_URL and os.environ.get("PYTEST_XDIST_WORKER")),
                    reason="two test processes on Redis (the production-like pass)")
def test_this_process_reads_and_queues_on_its_own_database():
    n = 1 + int(os.environ["PYTEST_XDIST_WORKER"].removeprefix("gw"))
    assert settings.REDIS_URL.endswith(f"/{n}")
    assert settings.CELERY_BROKER_URL == settings.REDIS_URL
    assert settings.CACHES["default"]["LOCATION"] == settings.REDIS_URL
