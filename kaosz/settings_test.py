"""The test suite's settings: production settings served over plain HTTP with a test key.

pytest-django imports this module (``DJANGO_SETTINGS_MODULE`` in pyproject.toml) before any
test or conftest runs; the Celery worker the tests start inherits the same environment.
A test that wants the production defaults runs ``manage.py`` in a subprocess without them.
"""

import os

os.environ.setdefault("KAOSZ_PLAIN_HTTP", "1")
os.environ.setdefault("SECRET_KEY", "kaosz-test-suite-key-not-secret-0123456789abcdefghij")


def _redis_database_of_this_test_process(url: str, worker: str) -> str:
    """Under pytest-xdist each test process has a Redis database of its own, as it has a
    test database of its own: its Celery worker's queues, its cache and its limits are then
    nobody else's (Redis numbers its databases 0-15; kombu prefixes broadcasts with the
    number too). ``gw0`` takes database 1, ``gw1`` database 2, and so on; without xdist the
    URL is left as given."""
    if not (url and worker.startswith("gw")):
        return url
    base, _, last = url.rpartition("/")
    if not last.isdigit():  # (no database named: the URL's own end)
        base = url.rstrip("/")
    return f"{base}/{1 + int(worker[2:])}"


# Once, in the test process (an xdist worker): a server or Celery worker it starts inherits
# the marker and keeps the REDIS_URL it is given (the test process's own, or a Redis of a
# test's own).
if (os.environ.get("REDIS_URL") and os.environ.get("PYTEST_XDIST_WORKER")
        and not os.environ.get("KAOSZ_TEST_REDIS_SPLIT")):
    os.environ["REDIS_URL"] = _redis_database_of_this_test_process(
        os.environ["REDIS_URL"], os.environ["PYTEST_XDIST_WORKER"])
    os.environ["KAOSZ_TEST_REDIS_SPLIT"] = "1"

from kaosz.settings import *  # noqa: E402, F403 (after the environment it reads is set)

# Tasks run at enqueue, in the test (or the live server's request thread), unless a real
# Celery worker is there (REDIS_URL) or a test takes the in-process worker
# (tests/support/tasks.py). A server a test starts with these settings does the same.
KAOSZ_TASKS = os.environ.get("KAOSZ_TASKS") or ("celery" if REDIS_URL else "eager")  # noqa: F405
CELERY_TASK_ALWAYS_EAGER = KAOSZ_TASKS != "celery"
# A turn mail goes out when due: the tests of mails play both people from one process,
# seconds apart. The tests of presence and the digest set these themselves.
KAOSZ_TURN_MAIL_AWAY = float(os.environ.get("KAOSZ_TURN_MAIL_AWAY", "0"))
KAOSZ_TURN_MAIL_GAP = float(os.environ.get("KAOSZ_TURN_MAIL_GAP", "0"))

# The embedded (SQLite) test database is a file in WAL mode, not Django's shared-cache
# in-memory database: there a reader meets "database table is locked" at once while another
# connection writes (the live server's request threads, a bot's move, the test itself), which
# made page tests fail by load and by order. In a WAL file readers never wait and writers wait
# for each other (the busy timeout); a transaction takes its write lock when it begins, so it
# never has to be retried for reading first. One file per test process (pytest-xdist adds
# each worker's suffix to the name); Django creates it and deletes it at the end of the run.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}  # noqa: F405
    DATABASES["default"]["OPTIONS"].update({  # noqa: F405
        "timeout": 30, "transaction_mode": "IMMEDIATE",
        # nothing to keep after a crash: the file lives as long as the test run
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;"})

# A password is hashed in microseconds, not with production's deliberate slowness: each page
# test signs in through the login form, and on a loaded machine a sign-in (its PBKDF2 hash
# included) took longer than the page's 15 s wait (a browser-suite run failed so). Production
# (kaosz/settings.py) keeps Django's default hashers.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
