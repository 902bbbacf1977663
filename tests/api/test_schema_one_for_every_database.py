"""One schema whatever the database: the document generated with SQLite's settings and
the one generated with PostgreSQL's are equal (integer bounds come from the models'
kinds, not from the database's storage: web.api.bounds). Generating needs no
connection, so the PostgreSQL one is made even where no server runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _schema(tmp_path: Path, database_url: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["DJANGO_SETTINGS_MODULE"] = "kaosz.settings_test"
    if database_url:
        env["DATABASE_URL"] = database_url
    out = tmp_path / f"{'pg' if database_url else 'sqlite'}.json"
    run = subprocess.run([sys.executable, "manage.py", "spectacular", "--format",
                          "openapi-json", "--file", str(out)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
                         check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def test_sqlite_and_postgresql_give_the_same_schema(tmp_path):
    sqlite = _schema(tmp_path, None)
    # (port 1: nothing listens there; the document must not need the server)
    postgresql = _schema(tmp_path, "postgres://kaosz:kaosz@127.0.0.1:1/kaosz")
    differ = [name for name in sorted(set(sqlite["components"]["schemas"])
                                      | set(postgresql["components"]["schemas"]))
              if sqlite["components"]["schemas"].get(name)
              != postgresql["components"]["schemas"].get(name)]
    assert not differ, differ
    assert sqlite == postgresql
