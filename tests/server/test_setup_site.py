"""``manage.py setup_site`` (``make run``'s set-up, one process): the dependencies'
migrations first, then the project's, then the cards; the same database as ``migrate``
then ``load_cards``."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import pytest
from django.db import connection

from kaosz.management.commands.setup_site import _is_the_projects, dependency_apps
from tests.support.imports import ROOT


def test_the_dependencies_apps_are_migrated_first():
    first = dependency_apps()
    assert {"auth", "contenttypes", "oauth2_provider"} <= set(first)
    assert not {"kaosz", "cards", "decks", "matches", "players"} & set(first)


def test_a_dependency_in_a_virtualenv_inside_the_repository_is_not_the_projects():
    # (``make`` makes ``.venv`` at the repository's top, as CI's fresh checkout has it)
    inside = ROOT / ".venv" / "lib" / "python3.11" / "site-packages" / "django" / "contrib" / "auth"
    assert not _is_the_projects("django.contrib.auth", inside)
    assert _is_the_projects("cards", ROOT / "cards")


@pytest.mark.skipif(connection.vendor != "sqlite", reason="make run's database")
def test_a_fresh_database_is_migrated_and_has_the_cards(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE", "KAOSZ_TASKS",
                        "SECRET_KEY", "KAOSZ_PLAIN_HTTP")}
    env.update(DEBUG="1", KAOSZ_VAR_DIR=str(tmp_path))
    path = tmp_path / "kaosz.sqlite3"
    done = subprocess.run([sys.executable, "manage.py", "setup_site"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    check = subprocess.run([sys.executable, "manage.py", "migrate", "--check"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=600)
    assert check.returncode == 0, check.stdout + check.stderr   # (nothing left to apply)
    with sqlite3.connect(path) as db:
        cards = db.execute("SELECT count(*) FROM cards_card").fetchone()[0]
        applied = {row[0] for row in db.execute("SELECT DISTINCT app FROM django_migrations")}
    assert cards > 0
    assert {"oauth2_provider", "cards", "matches", "players"} <= applied
