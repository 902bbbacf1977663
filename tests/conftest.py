"""Shared fixtures. Engine tests need none of these; they run without Django too."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import PATIENCE_MS, launch_chromium
from tests.support.selection import shuffled, slow_tests_run
from tests.support.tasks import inprocess_worker  # noqa: F401 (a fixture for every test)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cards_loaded(db):
    """The shipped card fixtures (rulebook + practice set), loaded like `make run` does."""
    from django.core.management import call_command

    with open(os.devnull, "w") as sink:
        call_command("load_cards", stdout=sink)


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def user(db, django_user_model):
    return django_user_model.objects.create_user("gyujto", password="titkos-jelszo-123")


@pytest.fixture
def staff(db, django_user_model):
    return django_user_model.objects.create_user("szerkeszto", password="titkos-jelszo-123",
                                                 is_staff=True)


@pytest.fixture(scope="session")
def worker_smtp():
    """The real SMTP server (aiosmtpd) the real Celery worker sends its mail to, for the
    whole session: ``(inbox, port)``."""
    from tests.support.smtp import serve_smtp

    with serve_smtp() as served:
        yield served


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, worker_smtp):
    """A real Celery worker on Redis against the test database (only when REDIS_URL is set).
    Its mail goes to ``worker_smtp``.

    Without REDIS_URL the settings run tasks eagerly in-process, so tests that use this
    fixture exercise the same task code either way.
    """
    from django.conf import settings
    from django.db import connection

    if not settings.REDIS_URL:
        yield None
        return
    with django_db_blocker.unblock():
        db = connection.settings_dict
        url = (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
               f"{db['PORT'] or 5432}/{db['NAME']}")
    from tests.support.smtp import worker_mail_env

    env = dict(os.environ, DATABASE_URL=url, DB_CONN_MAX_AGE="0",
               **worker_mail_env(worker_smtp[1]))
    from kaosz.celery import app
    from kaosz.heartbeats import QUEUES as WORKER_QUEUES  # (once Django is set up)

    # A task left on the queues by an earlier run (of another database) is not this run's.
    with app.connection_for_write() as conn:
        for queue in WORKER_QUEUES:
            conn.default_channel.queue_purge(queue)
    (ROOT / "var").mkdir(exist_ok=True)
    name = f"celery-test-worker{os.environ.get('PYTEST_XDIST_WORKER', '')}.log"
    log = open(ROOT / "var" / name, "w")  # noqa: SIM115 - lives with the worker
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "kaosz", "worker", "--pool=solo",
         "--loglevel=INFO", "-n", f"test-{os.getpid()}@%h",
         "-Q", ",".join(WORKER_QUEUES)],  # (every queue: see CELERY_TASK_ROUTES)
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while time.time() < deadline:
        if app.control.ping(timeout=1.0):
            break
        if proc.poll() is not None:
            raise RuntimeError(f"the Celery worker exited; see var/{name}")
    else:
        proc.kill()
        raise RuntimeError("the Celery worker did not answer within 60 s")
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError("Chromium is not installed: `make test` installs it (make browser)")
    return path


@pytest.fixture(scope="module")
def browser(chromium_path):
    """One Chromium for a whole test module (modules that open many pages)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = launch_chromium(pw, chromium_path)
        yield chromium
        chromium.close()


@pytest.fixture
def page(live_server, chromium_path):
    """A real headless Chromium page (Playwright driving Debian's Chromium)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        context = browser.new_context(locale="hu-HU")
        pg = context.new_page()
        pg.set_default_timeout(PATIENCE_MS)
        yield pg
        context.close()
        browser.close()


@pytest.fixture(autouse=True)
def _live_server_requests_finish(request):
    """A test with the live server ends when the requests it sent have been answered.

    Torn down after the test's own fixtures (its browser page is closed by then) and before
    pytest-django empties the database for the next test: a request still running then (a
    move and the bot's answer) fails this test, here, instead of some later test by order.
    The events long-poll is let go: it only reads, and ends once its match is gone.
    """
    if "live_server" not in request.fixturenames:
        yield
        return
    from tests.support.live_server import counted, long_poll

    request.getfixturevalue("transactional_db")
    inflight = counted(request.getfixturevalue("live_server"))
    yield
    left = inflight.wait_idle(60.0, ignore=long_poll)
    assert not left, f"the live server was still answering after the test: {left}"


@pytest.fixture
def bots_in_process():
    """Bot moves run in the server process right after each commit, in both CI passes.

    The real-worker path of bot moves is covered by tests/matches/test_bots.py; in page
    tests the page is under test, so the bot's timing must not depend on a queue.
    """
    with tasks_in_process():
        yield


@contextlib.contextmanager
def tasks_in_process() -> Iterator[None]:
    """Celery's tasks run eagerly, in this process, while it lasts."""
    from kaosz.celery import app  # (Celery's app, once Django's settings are read)

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = old


def claims_the_worker(item: pytest.Item, fixturenames: list[str]) -> bool:
    """Whether a test is about the real Celery worker: marked ``celery`` or asking for the
    worker (or its mail server)."""
    return (item.get_closest_marker("celery") is not None
            or bool({"celery_worker_process", "worker_smtp"} & set(fixturenames)))


@pytest.fixture(autouse=True)
def _tasks_in_process_unless_the_test_claims_the_worker(request):
    """In the production-like pass (REDIS_URL set) a real Celery worker, started once for
    the session by the first test that claims it, consumes every queue against the test
    database. A task queued by any other test (a bot's move after a match is made) would be
    run by that worker while the test checks its own rows and while its teardown empties
    the tables: CI stop 36 failed on such a teardown, deadlocked with the worker playing a
    bot match, and the next test then counted the leftover matches. So such a test's tasks
    run in-process, as in the embedded pass; the tests of the worker claim it."""
    from django.conf import settings

    if (not settings.configured      # (the pure engine sweeps run without Django)
            or not settings.REDIS_URL or claims_the_worker(request.node, request.fixturenames)):
        yield
        return
    with tasks_in_process():
        yield


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--shuffle", metavar="SEED", default=None,
        help="run the test modules in a random order, and the tests of each module in a "
             "random order, drawn from SEED (the same SEED, the same order: every xdist "
             "worker collects the same list). Tests must pass in any order.")


def pytest_report_header(config: pytest.Config) -> str | None:
    seed = config.getoption("shuffle")
    return f"test order shuffled: --shuffle={seed}" if seed is not None else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long property sweeps (``@pytest.mark.slow``) run only when asked for
    (:func:`slow_tests_run`); otherwise they are deselected (reported as such), not skipped.
    CI runs them in a step of their own. ``--shuffle SEED`` then shuffles the order."""
    seed = config.getoption("shuffle")
    if seed is not None:
        items[:] = shuffled(items, seed)
    if slow_tests_run(config.getoption("markexpr"), os.environ):
        return
    keep = [i for i in items if i.get_closest_marker("slow") is None]
    dropped = [i for i in items if i.get_closest_marker("slow") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


@pytest.hookimpl(trylast=True)   # after the session's fixtures (the database) are gone
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Django deletes this process's SQLite test database file at the end; its WAL files
    (``-wal``, ``-shm``, see kaosz/settings_test.py) are left to us."""
    from django.conf import settings

    if not settings.configured:
        return
    db = settings.DATABASES["default"]
    name = db.get("TEST", {}).get("NAME")
    if db["ENGINE"] != "django.db.backends.sqlite3" or not name:
        return
    for suffix in ("-wal", "-shm"):
        extra = Path(f"{name}{suffix}")
        if extra.exists() and not Path(name).exists():
            extra.unlink()
