"""Production defaults: no start without SECRET_KEY, `check --deploy` clean, plain HTTP only
when asked for. Each case runs the settings fresh in a subprocess with its own environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_KEY = "x7Qp-3vLk9_Zr2mWb8NfTj4HcYs6DgAe1uKo5RiPq0wXzVn-Mb3Ly7Ft9Gh2Jd4Sa"
SETTINGS = ["DEBUG", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SESSION_COOKIE_SECURE",
            "CSRF_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "SECURE_HSTS_PRELOAD"]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"SECRET_KEY", "KAOSZ_PLAIN_HTTP", "DEBUG", "SECURE_COOKIES",
                        "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
                        "DJANGO_ALLOW_ASYNC_UNSAFE"}}  # (set by the browser tests' fixture)
    env["DJANGO_SETTINGS_MODULE"] = "kaosz.settings"
    env.update(extra)
    return env


def _run(args: list[str], **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=_env(**extra),
                          capture_output=True, text=True, timeout=120)


def _settings(**extra: str) -> dict:
    code = ("import django, json; django.setup(); from django.conf import settings as s; "
            f"print(json.dumps({{k: getattr(s, k) for k in {SETTINGS!r}}}))")
    done = _run(["-c", code], **extra)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_refuses_to_start_without_a_secret_key_when_debug_is_off():
    done = _run(["manage.py", "check"])
    assert done.returncode != 0
    assert "SECRET_KEY is not set" in done.stderr


def test_debug_runs_without_a_secret_key():
    done = _run(["manage.py", "check"], DEBUG="1")
    assert done.returncode == 0, done.stderr


def test_check_deploy_with_production_settings_has_no_warnings():
    done = _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                SECRET_KEY=PRODUCTION_KEY, ALLOWED_HOSTS="kaosz.example")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_https_defaults_on_with_debug_off():
    s = _settings(SECRET_KEY=PRODUCTION_KEY)
    assert s["SECURE_SSL_REDIRECT"] and s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"]
    assert s["SECURE_HSTS_SECONDS"] >= 31536000 and s["SECURE_HSTS_PRELOAD"]
    assert s["SESSION_COOKIE_HTTPONLY"] and not s["DEBUG"]


def test_plain_http_turns_off_only_the_https_parts():
    s = _settings(SECRET_KEY=PRODUCTION_KEY, KAOSZ_PLAIN_HTTP="1")
    assert not s["SECURE_SSL_REDIRECT"] and not s["SESSION_COOKIE_SECURE"]
    assert not s["CSRF_COOKIE_SECURE"] and s["SECURE_HSTS_SECONDS"] == 0
    assert s["SESSION_COOKIE_HTTPONLY"] and not s["DEBUG"]


def test_each_item_is_configurable():
    s = _settings(SECRET_KEY=PRODUCTION_KEY, SECURE_HSTS_SECONDS="60", SECURE_COOKIES="0")
    assert s["SECURE_HSTS_SECONDS"] == 60 and not s["SESSION_COOKIE_SECURE"]
    assert s["SECURE_SSL_REDIRECT"]
