"""Settings, all from the environment so one build runs embedded, in CI and in production.

Embedded default (no variables set): SQLite file in ``var/``, Celery tasks run eagerly
in-process, local-memory cache, DEBUG on only because ``make run`` sets it.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

from kaosz.oauth_scopes import DEFAULT_SCOPES as OAUTH_DEFAULT_SCOPES
from kaosz.oauth_scopes import SCOPES as OAUTH_SCOPES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [v.strip() for v in os.environ.get(name, default).split(",") if v.strip()]


# Safe production default: DEBUG off. `make run` turns it on explicitly.
DEBUG = env_bool("DEBUG", False)
# ---- Secret key (safe by default) ------------------------------------------------
# With DEBUG off the server refuses to start without SECRET_KEY: a public development key
# would let anyone forge sessions. `make run` sets DEBUG=1; the tests use kaosz.settings_test.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set SECRET_KEY (a long random string) in production, "
            "or DEBUG=1 for a development server on this machine.")
    # Development only (DEBUG on): a fixed key is harmless where nothing is exposed.
    SECRET_KEY = "kaosz-insecure-development-key-change-me"
# ---- end secret key ---------------------------------------------------------------------------
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
    "drf_spectacular_sidecar",  # Swagger UI / ReDoc assets, served locally
    "corsheaders",  # Browser clients on the origins in KAOSZ_CORS_ORIGINS
    "oauth2_provider",  # apps acting for a person: OAuth 2 with PKCE (kaosz.oauth)
    "kaosz",
    "cards",
    "decks",
    "matches",
    "matches.tournaments",
    "players",  # ratings, leaderboards, player pages, challenges
]

MIDDLEWARE = [
    "web.server.release.ReleaseRenderedPayload",
    # X-Request-ID on every API answer, and in its error body.
    "web.api.request_id.RequestIdMiddleware",
    # CORS for the API only, from an allow-list (before anything that may answer).
    "corsheaders.middleware.CorsMiddleware",
    # Malformed query strings and oversized API bodies answered in the error shape.
    "web.api.guard.InputGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every answer, a nonce per page (outside
    # WhiteNoise, so static SVG gets the SVG policy too).
    "web.csp.ContentSecurityPolicyMiddleware",
    # WhiteNoise, in both middleware modes: every middleware here is async-capable, so under
    # ASGI a request passes them all on the event loop without a thread.
    "web.server.static_files.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "web.api.language.LocaleMiddleware",  # API answers: English unless asked
    "django.middleware.common.CommonMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Who is on the site, for the turn mail (a cache write a minute per person at most).
    "matches.live.presence.PresenceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A read whose connection died under it runs once more (web.db_outage).
    "web.db_outage.RetryReadOnDeadConnection",
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
                "web.csp.context",  # csp_nonce
            ],
            # The words of each app's things, in every template without a {% load %}: the
            # apps own them (no import from the web library into an app).
            "builtins": ["web.templatetags.kaosz_tags", "cards.templatetags.card_names",
                         "decks.templatetags.deck_names", "matches.templatetags.match_names",
                         "players.templatetags.local_times"],
            # The web library is no app, so its tag library is named here for {% load %}.
            "libraries": {"kaosz_tags": "web.templatetags.kaosz_tags"},
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
    # One file serving requests and the in-process worker at once. WAL: readers never wait
    # for the writer. IMMEDIATE: a transaction takes the write lock when it begins, so
    # that it waits its turn (the busy timeout) instead of failing: a transaction that
    # read first and then wrote after another had written meanwhile got "database is
    # locked" at once, with no wait (SQLite cannot let it write from a stale snapshot).
    # synchronous=NORMAL is WAL's durable-enough setting (a power cut may lose the last
    # commits, never corrupt the file) and spares a sync on every commit.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE",
         "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---- Live play at scale: the database pool -------------------------------
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
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # After a PostgreSQL restart every kept connection is dead, and each one
    # failed a request with a 500. Checked before use: as it leaves the pool (Django hands
    # the pool psycopg's check), or, a persistent one, before a request first uses it.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Waiting long-polls without an account, per client address (matches.api.live_views).
KAOSZ_ANON_WAITERS_PER_CLIENT = int(os.environ.get("KAOSZ_ANON_WAITERS_PER_CLIENT", "8"))
# ... and per signed-in user (session or token), wherever they come from.
KAOSZ_WAITERS_PER_USER = int(os.environ.get("KAOSZ_WAITERS_PER_USER", "64"))
# Matches with bots in every seat (matches.services.seating.check_bot_only_matches): at most
# this many running per user (staff exempt) and on the whole server; their moves go to
# the simulations queue, so people's bots on the bots queue come first.
KAOSZ_BOT_MATCHES_PER_USER = int(os.environ.get("KAOSZ_BOT_MATCHES_PER_USER", "2"))
KAOSZ_BOT_MATCHES_RUNNING = int(os.environ.get("KAOSZ_BOT_MATCHES_RUNNING", "20"))
# Open challenges waiting for an opponent, and turn-based matches running
# (challenges and invitations included), per user (staff exempt).
KAOSZ_CHALLENGES_PER_USER = int(os.environ.get("KAOSZ_CHALLENGES_PER_USER", "5"))
KAOSZ_TURN_MATCHES_PER_USER = int(os.environ.get("KAOSZ_TURN_MATCHES_PER_USER", "30"))
# Challenges a user may make (or withdraw) in an hour: making and withdrawing in a loop
# would otherwise flood the invited player and the public list.
KAOSZ_CHALLENGES_PER_HOUR = int(os.environ.get("KAOSZ_CHALLENGES_PER_HOUR", "30"))
# Who may make a match with which options: each a function (user, ruleset, options, seat
# specs) -> options, refusing with a DomainError; every way of making a match calls them.
KAOSZ_MATCH_POLICIES = ["players.challenges.policies.challenges_through_their_rules"]
# Who may take a seat in a waiting match: each a function (match, user, invitation or None)
# refusing with a DomainError; every way of joining calls them (matches.services.joining).
KAOSZ_JOIN_POLICIES = ["players.challenges.policies.minimum_rating",
                       "players.challenges.policies.accepting_within_caps"]
# Matches whose state (text) and static parts each web process keeps (matches.store.cache):
# at least every match being played at once, or each action reads and parses its match
# again (1,000 players play 500 matches; a KGK state is about 15 KB of text).
KAOSZ_MATCH_CACHE = int(os.environ.get("KAOSZ_MATCH_CACHE", "1024"))
# Under ASGI a request's sync work runs on a thread borrowed from a free list and given
# back (web.server.threads); at most this many idle ones are kept for reuse.
KAOSZ_ASGI_IDLE_THREADS = int(os.environ.get("KAOSZ_ASGI_IDLE_THREADS", "64"))
# ...and at most this many lent out at once (0: no limit); by default the pool's size, so
# that a request waits for a thread on the event loop rather than for a connection.
KAOSZ_ASGI_THREADS = int(os.environ.get("KAOSZ_ASGI_THREADS", str(DB_POOL_MAX)))
# ---- end of the live-play block ------------------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "web.redis_cache.RedisCache",
                          "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Who runs the tasks (kaosz.task_runner): "celery" (workers on the broker; the default with
# REDIS_URL), "inprocess" (the embedded default: the serving process runs them on a few
# threads per queue, after the answer) or "eager" (at enqueue, in the caller). A process
# of the embedded default that serves nothing (a manage.py command) runs them eagerly.
KAOSZ_TASKS = os.environ.get("KAOSZ_TASKS") or ("celery" if REDIS_URL else "inprocess")
if KAOSZ_TASKS not in ("celery", "inprocess", "eager"):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(f"KAOSZ_TASKS={KAOSZ_TASKS!r}: celery, inprocess or eager")
# The in-process worker's threads per queue ("bots=2,mail=1"; the rest keep these). Bots
# get two, so that one person's hard bot thinking does not hold up another's.
KAOSZ_INPROCESS_THREADS = {"bots": 2, "sims": 1, "mail": 1, "photos": 1, "celery": 1}
for _part in env_list("KAOSZ_INPROCESS_THREADS", ""):
    _queue, _, _count = _part.partition("=")
    KAOSZ_INPROCESS_THREADS[_queue.strip()] = int(_count)
# ...and the processes in which its bots think (matches.thinking): one per core by default,
# at a lower CPU priority than the requests; 0: they think in the worker's threads.
KAOSZ_BOT_PROCESSES = int(os.environ.get("KAOSZ_BOT_PROCESSES", str(os.cpu_count() or 1)))
# Their niceness. 0: they think at the requests' priority; their own processes already
# keep them off the requests' interpreter lock. A club night on a shared machine (load
# 10-25) measured both: niced by 10 the bots starved (a median 29 s for their move) and
# the clicks were no quicker (p99 1.67 s against 0.62 s at 0).
KAOSZ_BOT_NICENESS = int(os.environ.get("KAOSZ_BOT_NICENESS", "0"))
# While other bot work waits in the in-process worker, the CPU milliseconds a round of the
# waiting search bots' decisions may take, shared between them (matches.thinking.budget_now;
# 0: always their level's whole work): a crowd of hard bots on two cores then answers each
# person in seconds, not in half a minute; a bot alone on the server plays at its full level.
KAOSZ_BOT_BUSY_THINK_MS = int(os.environ.get("KAOSZ_BOT_BUSY_THINK_MS", "250"))
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
# Outside a serving process of the embedded default (no in-process worker started) a task
# runs at once rather than on a broker nobody reads.
CELERY_TASK_ALWAYS_EAGER = KAOSZ_TASKS != "celery"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

# ---- Live play at scale: queues, beat, a broker of its own --------------
# Bot moves and simulations on separate queues, each with its own workers in production
# (docs/operating.md): a simulation flood never queues in front of a bot's move.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or CELERY_BROKER_URL
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    "matches.tasks.play_bots": {"queue": "bots"},
    "matches.tasks.play_owner_bots": {"queue": "bots"},
    "matches.tasks.sweep_bots": {"queue": "bots"},
    "matches.tasks.run_simulation_chunk": {"queue": "sims"},
    # "your turn" e-mails on a queue of their own: an SMTP server that is slow or
    # down (the task retries) never holds up a bot's move or a simulation.
    "players.tasks.notify_turn": {"queue": "mail"},
    # Reading a photo of cards costs a core for up to 20 s: a queue and workers of its own,
    # so photos wait for each other, never in front of a bot's move or a web request.
    "cards.tasks.read_photo": {"queue": "photos"},
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
# Turn-based deadlines are enforced (and left-behind ratings recorded) this often.
KAOSZ_TURN_SWEEP_EVERY = float(os.environ.get("KAOSZ_TURN_SWEEP_EVERY", "20"))
CELERY_BEAT_SCHEDULE["sweep-turns"] = {"task": "players.tasks.sweep_turns",
                                       "schedule": KAOSZ_TURN_SWEEP_EVERY}
# "Your turn" e-mails (players.notifications.outbox): a due mail waits while its person is on the site
# and goes once they have been away this many seconds (0: at once); a person gets at most
# one every KAOSZ_TURN_MAIL_GAP seconds, naming every match that came due meanwhile (a
# digest). Presence (matches.live.presence) is written at most this often per process.
KAOSZ_TURN_MAIL_AWAY = float(os.environ.get("KAOSZ_TURN_MAIL_AWAY", "300"))
KAOSZ_TURN_MAIL_GAP = float(os.environ.get("KAOSZ_TURN_MAIL_GAP", "600"))
KAOSZ_PRESENCE_EVERY = float(os.environ.get("KAOSZ_PRESENCE_EVERY", "60"))
# One person's bot work takes the bots queue for this long at a time, then goes to the back
# of the queue (matches.bot_turns): nobody's matches hold up another person's bot for long.
KAOSZ_BOT_SLICE_SECONDS = float(os.environ.get("KAOSZ_BOT_SLICE_SECONDS", "0.5"))
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
STORAGES: dict[str, dict[str, object]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
                    if not DEBUG and env_bool("KAOSZ_COLLECTSTATIC", False)
                    else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# ---- Login throttling -------------------------------------------------------------------
AUTHENTICATION_BACKENDS = ["web.login_throttle.ThrottledModelBackend"]
LOGIN_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))  # per account and address
LOGIN_FAILURE_LIMIT_PER_IP = int(os.environ.get("LOGIN_FAILURE_LIMIT_PER_IP", "50"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))
# Account-wide, from any address: after this many wrong passwords one check per
# pause, the pause doubling per further failure up to LOGIN_ACCOUNT_MAX_PAUSE seconds.
LOGIN_ACCOUNT_FAILURE_LIMIT = int(os.environ.get("LOGIN_ACCOUNT_FAILURE_LIMIT", "20"))
LOGIN_ACCOUNT_MAX_PAUSE = int(os.environ.get("LOGIN_ACCOUNT_MAX_PAUSE", "300"))
# Repeatable actions (web.rate_limits): (how many, per how many seconds).
# Sign-ups and reset e-mails per address (IPv6: per /64), reset e-mails per typed address
# too, invalid API tokens per address (then every token from it is refused until the
# window passes), contribution CSV files per account.
KAOSZ_RATE_LIMITS = {
    "signup": (int(os.environ.get("SIGNUP_LIMIT_PER_IP", "10")), 3600),
    "password_reset": (int(os.environ.get("PASSWORD_RESET_LIMIT_PER_IP", "10")), 3600),
    "password_reset_email": (int(os.environ.get("PASSWORD_RESET_LIMIT_PER_EMAIL", "3")), 3600),
    "bad_token": (int(os.environ.get("INVALID_TOKEN_LIMIT_PER_IP", "30")), 600),
    "contribution_csv": (int(os.environ.get("CONTRIBUTION_CSV_LIMIT", "10")), 3600),
    "photo_reading": (int(os.environ.get("PHOTO_READINGS_PER_HOUR", "30")), 3600),
}
# Photos waiting to be read on the whole server (cards.photo_reading): beyond it an upload
# is refused at once (503) rather than left waiting for many minutes.
PHOTO_QUEUE_MAX = int(os.environ.get("PHOTO_QUEUE_MAX", "40"))
# Pending contributions one account may have at once (staff: no limit), and rows per CSV.
KAOSZ_CONTRIB_MAX_PENDING = int(os.environ.get("KAOSZ_CONTRIB_MAX_PENDING", "300"))
KAOSZ_CONTRIB_CSV_MAX_ROWS = int(os.environ.get("KAOSZ_CONTRIB_CSV_MAX_ROWS", "200"))
# ---- end login throttling ---------------------------------------------------------------------------

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# ---- HTTPS and cookies (safe by default) ---------------------------------------------
# With DEBUG off everything `manage.py check --deploy` asks for is on, each item overridable
# from the environment. KAOSZ_PLAIN_HTTP=1 serves plain HTTP with DEBUG off (local runs,
# tests, behind nothing): no HTTPS redirect, no HSTS, no Secure-only cookies.
PLAIN_HTTP = env_bool("KAOSZ_PLAIN_HTTP", False)
_HTTPS = not DEBUG and not PLAIN_HTTP
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", _HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if _HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", _HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", _HTTPS)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", _HTTPS)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", _HTTPS)

# E-mail (password reset links): printed to the console unless an SMTP host is given.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                 else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Kaosz <noreply@localhost>")
EMAIL_TIMEOUT = 20
# Links in e-mails sent by the worker (no request to take the host from).
KAOSZ_SITE_URL = os.environ.get("KAOSZ_SITE_URL", "http://localhost:8000").rstrip("/")

SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = os.environ.get("SECURE_REFERRER_POLICY", "same-origin")
X_FRAME_OPTIONS = "DENY"
# Behind a TLS-terminating proxy: SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO (the proxy
# must set that header, and strip it from clients).
if os.environ.get("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = (os.environ["SECURE_PROXY_SSL_HEADER"], "https")
# The liveness and readiness probes answer on plain HTTP (a load balancer's health check).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
# Request bodies: over this the API answers 413 in its error shape (web.api.guard).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440))
# A multipart body (a picture upload, a CSV file) may be this large (0: CARD_IMAGE_MAX_BYTES
# and a megabyte for the form); anything larger is refused before it is read
# (web.body_limit).
KAOSZ_MAX_UPLOAD_BYTES = int(os.environ.get("KAOSZ_MAX_UPLOAD_BYTES", "0"))
# ---- end HTTPS and cookies ----------------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "kaosz.api.auth.CachedTokenAuthentication",
        "kaosz.oauth.ScopedOAuth2Authentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Depth, NUL and lone-surrogate checks on every parsed body (web.api.guard).
    "DEFAULT_PARSER_CLASSES": [
        "web.api.parsers.GuardedJSONParser",
        "web.api.parsers.GuardedFormParser",
        "web.api.parsers.GuardedMultiPartParser",
    ],
    "DEFAULT_METADATA_CLASS": "web.api.metadata.PlainMetadata",  # OPTIONS (no 500)
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "web.api.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "web.api.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "web.api.throttling.AnonWindowThrottle",
        "web.api.throttling.UserWindowThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "3000/min"),
        "user": os.environ.get("THROTTLE_USER", "6000/min"),
        "search": os.environ.get("THROTTLE_SEARCH", "600/min"),
        "verify": os.environ.get("THROTTLE_VERIFY", "60/min"),  # a full replay per miss
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # `?format=csv` is ours (exports), not DRF's renderer override.
    "URL_FORMAT_OVERRIDE": None,
}

# ---- CORS: browser clients on other origins may call the API ------------------------
# A comma-separated allow-list of origins (e.g. "https://bot.example,http://localhost:5173");
# empty (the default): no other origin. Tokens travel in the Authorization header, so no
# credentials (cookies) cross origins.
CORS_ALLOWED_ORIGINS = env_list("KAOSZ_CORS_ORIGINS", "")
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_CREDENTIALS = False
CORS_EXPOSE_HEADERS = ["Retry-After", "RateLimit", "RateLimit-Policy", "X-Request-ID", "ETag"]
CORS_ALLOW_HEADERS = ["accept", "accept-language", "authorization", "content-type",
                      "if-none-match", "x-request-id"]
# ---- end CORS ------------------------------------------------------------------------------------

# ---- API documentation ----------------------------------------------------------------
API_DESCRIPTION = """Káosz Galaktika card database, decks, matches and tournaments.

**Start here.** Make a personal API token on [your account's token page](/account/tokens/)
(or `POST /api/v1/tokens/` when signed in) and send it as `Authorization: Token <key>`.
Reading cards and decks needs no token. A *read* token may only GET.

* Card search uses the [query language](/help/query/) in `q` (Hungarian or English keywords).
* Playing: create a match, then loop on `GET …/events/?after=N&wait=25&until=turn&include_legal_actions=1`
  and `POST …/actions/` with `expected_version` and a fresh `client_action_id` (safe to retry).
  The [bot-client guide](/api/v1/guide/bot-client.md) (`docs/api/bot-client.md` in the
  repository) walks through it with a complete Python bot.
* Also as [ReDoc](/api/v1/schema/redoc/). Both work offline.

**Errors** always have one shape, `{"error": {"code", "message", "details"}}`. The codes
(filled in from every app's catalogue when the document is made):

{error_table}
"""

# OAuth 2 for apps (kaosz.oauth): authorization code with PKCE, required of every app; a
# public app (no secret) is the usual bot or mobile client.
OAUTH2_PROVIDER = {
    "SCOPES": {name: en for name, (_hu, en) in OAUTH_SCOPES.items()},
    "DEFAULT_SCOPES": OAUTH_DEFAULT_SCOPES,
    "PKCE_REQUIRED": True,
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https", "http"],
    "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
    "REFRESH_TOKEN_EXPIRE_SECONDS": 30 * 24 * 3600,
    # The OAuth 2.0 Security BCP (RFC 9700): no implicit or password grant, PKCE by S256
    # only, tokens only in the Authorization header, the issuer in the authorization
    # response, tokens stored hashed, a replayed refresh token revokes its whole family.
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
}
# Plain-http redirect addresses stay allowed: a bot on a person's own machine receives its
# code on a loopback address (http://127.0.0.1:PORT/, RFC 8252 7.3), which has no https.
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W008"]

SPECTACULAR_SETTINGS = {
    "TITLE": "Kaosz API",
    "DESCRIPTION": API_DESCRIPTION,
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI and ReDoc from drf-spectacular-sidecar's static files: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name per choice set that two serializers share (else check --deploy warns).
    "ENUM_NAME_OVERRIDES": {
        "TokenScopeEnum": "kaosz.models.ApiToken.SCOPES",
        "FinalSizeEnum": "matches.tournaments.models.Tournament.FINAL_SIZES",
        "MatchStatusEnum": "matches.models.Match.STATUSES",
    },
    # The OAuth 2 scheme (drf-spectacular's django-oauth-toolkit extension reads these).
    "OAUTH2_FLOWS": ["authorizationCode"],
    "OAUTH2_AUTHORIZATION_URL": "/oauth/authorize/",
    "OAUTH2_TOKEN_URL": "/oauth/token/",
    "OAUTH2_REFRESH_URL": "/oauth/token/",
    "OAUTH2_SCOPES": {name: en for name, (_hu, en) in OAUTH_SCOPES.items()},
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             # the event streams (async views the generator cannot see)
                             "matches.api.stream_schema.postprocess",
                             # before kaosz's: the examples it draws take the formats' enum
                             "decks.api.schema.postprocess",
                             # the card data's components, before kaosz's writes out
                             # their nullable references
                             "cards.api.card_schema.postprocess",
                             # each game's options, config and replay, before kaosz's
                             # makes each game's answers (and their examples)
                             "matches.api.config_schema.postprocess",
                             "web.api.schema.postprocess"],
}
# ---- end API documentation ------------------------------------------------------------------------

# ---- Readiness ----------------------------------------------------------------------
# /readyz answers 503 when one of these is down (a part that is not configured is skipped).
READY_REQUIRES = env_list("KAOSZ_READY_REQUIRES", "database,redis,broker")
# Workers and beat write heartbeats (kaosz.heartbeats): every this many seconds, and a part
# silent for longer than KAOSZ_HEARTBEAT_STALE is reported down.
KAOSZ_HEARTBEAT_EVERY = float(os.environ.get("KAOSZ_HEARTBEAT_EVERY", "5"))
KAOSZ_HEARTBEAT_STALE = float(os.environ.get(
    "KAOSZ_HEARTBEAT_STALE", str(max(3 * KAOSZ_HEARTBEAT_EVERY, 5 * KAOSZ_BOT_SWEEP_EVERY))))
KAOSZ_HEARTBEAT_PREFIX = os.environ.get("KAOSZ_HEARTBEAT_PREFIX", "kaosz:heartbeat")
# ---- end readiness ------------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# --- Card pictures (cards app): media files and their storage --------------------------------
# Local files under var/media by default, served by the cards app at MEDIA_URL. Set
# MEDIA_S3_BUCKET to store them in any S3-compatible store through django-storages instead.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")
CARD_IMAGE_MAX_BYTES = int(os.environ.get("CARD_IMAGE_MAX_BYTES", str(10 * 1024 * 1024)))
CARD_IMAGE_MAX_PIXELS = int(os.environ.get("CARD_IMAGE_MAX_PIXELS", "40000000"))
# The Tesseract program photo reading runs; missing, the form says so.
TESSERACT_BINARY = os.environ.get("TESSERACT_BINARY", "tesseract")
if os.environ.get("MEDIA_S3_BUCKET"):
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": os.environ["MEDIA_S3_BUCKET"],
            "endpoint_url": os.environ.get("MEDIA_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("MEDIA_S3_REGION") or None,
            "access_key": os.environ.get("MEDIA_S3_ACCESS_KEY_ID") or None,
            "secret_key": os.environ.get("MEDIA_S3_SECRET_ACCESS_KEY") or None,
            "custom_domain": os.environ.get("MEDIA_S3_CUSTOM_DOMAIN") or None,
            "querystring_auth": env_bool("MEDIA_S3_SIGNED_URLS", False),
            "default_acl": os.environ.get("MEDIA_S3_ACL") or None,
            "file_overwrite": False,
            "addressing_style": os.environ.get("MEDIA_S3_ADDRESSING_STYLE") or None,
        },
    }
# --- end of card pictures ---------------------------------------------------------------------
