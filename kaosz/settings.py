"""Settings, all from the environment so one build runs embedded, in CI and in production.

Embedded default (no variables set): SQLite file in ``var/``, Celery tasks run eagerly
in-process, local-memory cache, DEBUG on only because ``make run`` sets it.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [v.strip() for v in os.environ.get(name, default).split(",") if v.strip()]


# Safe production default: DEBUG off. `make run` turns it on explicitly.
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and os.environ.get("KAOSZ_REQUIRE_SECRET") == "1":
        raise RuntimeError("SECRET_KEY must be set in production")
    # Development/test only: a fixed key is harmless where nothing is exposed.
    SECRET_KEY = "kaosz-insecure-development-key-change-me"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "kaosz",
    "cards",
    "decks",
    "matches",
    "matches.tournaments",
]

MIDDLEWARE = [
    "kaosz.api.release.ReleaseRenderedPayload",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "kaosz.urls"
WSGI_APPLICATION = "kaosz.wsgi.application"
ASGI_APPLICATION = "kaosz.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "kaosz" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

VAR_DIR = Path(os.environ.get("KAOSZ_VAR_DIR", BASE_DIR / "var"))
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'kaosz.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL + a busy timeout let the embedded server, a test and a task share the file.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "init_command": "PRAGMA journal_mode=WAL;"}
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---- Live play at scale (issue 17): the database pool -------------------------------
# DB_POOL_MAX > 0 (PostgreSQL): each server process takes connections from a pool of at
# most that many (Django's native pool, psycopg-pool) instead of one per thread. Size it
# so processes x DB_POOL_MAX + workers stays below PostgreSQL's max_connections. A request
# that finds none free within DB_POOL_TIMEOUT seconds answers 503 ``server_busy`` in the
# error shape (kaosz.views.server_error), never a 500.
DB_POOL_MAX = int(os.environ.get("DB_POOL_MAX", "0"))
if DB_POOL_MAX > 0 and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # (the pool keeps them; Django requires 0)
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, DB_POOL_MAX), "max_size": DB_POOL_MAX,
        "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "5"))}
# Waiting long-polls without an account, per client address (matches.api.live_views).
KAOSZ_ANON_WAITERS_PER_CLIENT = int(os.environ.get("KAOSZ_ANON_WAITERS_PER_CLIENT", "8"))
# ---- end of the live-play block ------------------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "kaosz.redis_cache.RedisCache",
                          "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: without Redis every task runs eagerly in-process (the embedded default).
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

# ---- Live play at scale (issue 17): queues, beat, a broker of its own --------------
# Bot moves and simulations on separate queues, each with its own workers in production
# (README): a simulation flood never queues in front of a bot's move.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or CELERY_BROKER_URL
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    "matches.tasks.play_bots": {"queue": "bots"},
    "matches.tasks.sweep_bots": {"queue": "bots"},
    "matches.tasks.run_simulation_chunk": {"queue": "sims"},
}
# A task a killed worker held comes back after this many seconds (Redis transport), not
# an hour; bots do not even wait for that: the sweeper below re-schedules their move.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "60"))}
# A broker outage must not hold up the request that hands the turn to a bot: publishing
# gives up quickly (the move is applied; the sweeper schedules the bot once Redis is back).
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0,
                                    "interval_step": 0.2, "interval_max": 0.5}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Beat: the bot sweeper (matches.bots.sweep) looks for bots to act whose move has not
# come for KAOSZ_BOT_STALL_SECONDS and schedules it again.
KAOSZ_BOT_SWEEP_EVERY = float(os.environ.get("KAOSZ_BOT_SWEEP_EVERY", "3"))
KAOSZ_BOT_STALL_SECONDS = float(os.environ.get("KAOSZ_BOT_STALL_SECONDS", "3"))
CELERY_BEAT_SCHEDULE = {"sweep-bots": {"task": "matches.tasks.sweep_bots",
                                       "schedule": KAOSZ_BOT_SWEEP_EVERY}}
# A pause before each bot move (0: none). Tests use it to kill a worker mid-move.
KAOSZ_BOT_MOVE_DELAY_MS = int(os.environ.get("KAOSZ_BOT_MOVE_DELAY_MS", "0"))
# Simulations: games per request and simulations running at once per user.
KAOSZ_SIM_MAX_GAMES = int(os.environ.get("KAOSZ_SIM_MAX_GAMES", "2000"))
KAOSZ_SIM_MAX_RUNNING = int(os.environ.get("KAOSZ_SIM_MAX_RUNNING", "2"))
# ---- end of the live-play queues block ----------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "hu"
LANGUAGES = [("hu", "Magyar"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Budapest"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
                    if not DEBUG and env_bool("KAOSZ_COLLECTSTATIC", False)
                    else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "kaosz.api.auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "kaosz.api.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "kaosz.api.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "kaosz.api.throttling.AnonWindowThrottle",
        "kaosz.api.throttling.UserWindowThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "3000/min"),
        "user": os.environ.get("THROTTLE_USER", "6000/min"),
        "search": os.environ.get("THROTTLE_SEARCH", "600/min"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # `?format=csv` is ours (exports), not DRF's renderer override.
    "URL_FORMAT_OVERRIDE": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Kaosz API",
    "DESCRIPTION": "Káosz Galaktika card database, decks, matches and tournaments.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
