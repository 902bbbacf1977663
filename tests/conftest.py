"""Shared fixtures. Engine tests need none of these; they run without Django too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

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
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real Celery worker on Redis against the test database (only when REDIS_URL is set).

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
    env = dict(os.environ, DATABASE_URL=url, DB_CONN_MAX_AGE="0")
    (ROOT / "var").mkdir(exist_ok=True)
    log = open(ROOT / "var" / "celery-test-worker.log", "w")  # noqa: SIM115 - lives with the worker
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "kaosz", "worker", "--pool=solo",
         "--loglevel=INFO", "-n", f"test-{os.getpid()}@%h",
         "-Q", "celery,bots,sims"],  # (every queue: see CELERY_TASK_ROUTES)
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    from kaosz.celery import app

    deadline = time.time() + 60
    while time.time() < deadline:
        if app.control.ping(timeout=1.0):
            break
        if proc.poll() is not None:
            raise RuntimeError("the Celery worker exited; see var/celery-test-worker.log")
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


# Headless Chromium as root on a machine with no network but the package registries:
# without the background-networking flags it tries (and fails) to reach Google's hosts.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def _as_function(expression: str) -> str:
    """A predicate written as an expression, as a function. Playwright evaluates a string
    expression with ``eval`` in the page each time it polls, which the site's
    Content-Security-Policy (no 'unsafe-eval', issue 27) refuses; a function it compiles
    outside the page's policy."""
    text = expression.strip()
    if text.startswith(("function", "async ")) or "=>" in text.split("\n", 1)[0]:
        return expression
    return f"() => ({expression})"


def _predicates_as_functions() -> None:
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        original = cls.wait_for_function
        if getattr(original, "kaosz_wrapped", False):
            continue

        def wait_for_function(self, expression, *args, _original=original, **kwargs):
            return _original(self, _as_function(expression), *args, **kwargs)

        wait_for_function.kaosz_wrapped = True  # type: ignore[attr-defined]
        cls.wait_for_function = wait_for_function  # type: ignore[method-assign]


def launch_chromium(pw, chromium_path: str):
    """Debian's Chromium under Playwright, as every page test starts it."""
    # Playwright's sync API keeps an event loop on this thread; Django's ORM would refuse
    # the test's own database calls beside it, though they are plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    _predicates_as_functions()
    return pw.chromium.launch(executable_path=chromium_path, headless=True,
                              args=CHROMIUM_ARGS)


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
        pg.set_default_timeout(15000)
        yield pg
        context.close()
        browser.close()


@pytest.fixture
def bots_in_process():
    """Bot moves run in the server process right after each commit, in both CI passes.

    The real-worker path of bot moves is covered by tests/matches/test_bots.py; in page
    tests the page is under test, so the bot's timing must not depend on a queue.
    """
    from kaosz.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long property sweeps (``@pytest.mark.slow``) run only when asked for.

    ``-m slow`` (any ``-m``) or ``KAOSZ_SLOW=1`` selects them; otherwise they are
    deselected (reported as such), not skipped. CI runs them in a step of their own.
    """
    if config.getoption("markexpr") or os.environ.get("KAOSZ_SLOW") == "1":
        return
    keep = [i for i in items if i.get_closest_marker("slow") is None]
    dropped = [i for i in items if i.get_closest_marker("slow") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
