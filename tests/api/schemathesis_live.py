"""Schemathesis against the live schema of a running server (`make schemathesis`; CI runs it
on the PostgreSQL pass). The schema has to be true: any failure of any check fails the run.

It migrates the database named by DATABASE_URL, loads the cards, makes a user with a
read-write API token and a saved deck, serves the project with gunicorn (production
settings over plain HTTP), and runs Schemathesis over every operation with a fixed seed and
a bounded number of examples, signed in with the token. Exit status: 0 only when no check
failed and nothing errored.

    DATABASE_URL=postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_h6 \\
        .venv/bin/python tests/api/schemathesis_live.py --max-examples 5

Checks: all of Schemathesis's defaults (every built-in check: no 5xx, status codes, content
types, headers and bodies as documented, malformed input refused, valid input accepted,
...). ``schemathesis.toml`` beside this file says, per operation, which answers to a
schema-valid request are still correct (a legal-looking move the game refuses is a 400),
and why.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.httpbench import gunicorn  # noqa: E402 (sets the plain-HTTP defaults)

CONFIG = Path(__file__).with_name("schemathesis.toml")


def prepare() -> str:
    """Migrate, load cards, and return a read-write token for a fresh user."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    with open(os.devnull, "w") as sink:
        call_command("load_cards", stdout=sink)
    user, _ = get_user_model().objects.get_or_create(username="schemathesis")
    try:
        from kaosz.models import ApiToken
    except ImportError:  # (a tree from before personal tokens: measuring the old code)
        from rest_framework.authtoken.models import Token

        return Token.objects.get_or_create(user=user)[0].key
    return ApiToken.issue(user, "schemathesis", ApiToken.WRITE)[1]


def failures_by_check(log: str) -> Counter[str]:
    """Unique failures per check, counted from the console report's failure headings."""
    import re

    return Counter(re.findall(r"^- (ST\d+ [^\n]+)$", log, flags=re.M))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=0, help="0: a free port the system gives")
    ap.add_argument("--max-examples", type=int, default=5)
    ap.add_argument("--seed", type=int, default=20261126)
    # One worker: Python 3.11.7's ast.parse is not thread-safe (CPython gh-106905), and
    # Hypothesis calls it while describing strategies, so two worker threads now and then
    # crash Schemathesis itself ("AST constructor recursion depth mismatch").
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--report", default=str(ROOT / "var" / "schemathesis.json"))
    ap.add_argument("--max-time", type=int, default=0, help="seconds; 0: no time bound")
    ap.add_argument("--checks", default="",
                    help="comma-separated checks (default: all of Schemathesis's defaults)")
    args = ap.parse_args()
    if not args.port:
        from tests.support.processes import free_port

        args.port = free_port()
    if not os.environ.get("DATABASE_URL"):
        ap.error("set DATABASE_URL (CI: the PostgreSQL pass's database)")
    token = prepare()
    env = {"DEBUG": "0", "THROTTLE_ANON": "100000000/min", "THROTTLE_USER": "100000000/min",
           "THROTTLE_SEARCH": "100000000/min", "THROTTLE_VERIFY": "100000000/min",
           "INVALID_TOKEN_LIMIT_PER_IP": "100000000"}
    Path(args.report).parent.mkdir(parents=True, exist_ok=True)
    with gunicorn(env, args.port, workers=2) as base:
        cmd = [str(Path(sys.executable).parent / "schemathesis")]
        if CONFIG.exists():
            cmd += ["--config-file", str(CONFIG)]
        cmd += ["run", f"{base}/api/v1/schema/",
                "--seed", str(args.seed), "--max-examples", str(args.max_examples),
                "--workers", str(args.workers), "--generation-database", "none",
                "--phases", "examples,coverage,fuzzing", "--no-shrink",
                "--request-timeout", "40", "--suppress-health-check", "all",
                "-H", f"Authorization: Token {token}", "--no-color",
                "--report", "json", "--report-json-path", args.report]
        if args.checks:
            cmd += ["--checks", args.checks]
        if args.max_time:
            cmd += ["--max-time", str(args.max_time)]
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    try:
        summary = json.loads(Path(args.report).read_text())
    except (OSError, ValueError):
        return done.returncode or 1
    failures = summary.get("failures", [])
    print(json.dumps({"test_cases": summary.get("test_cases"),
                      "failures": [(f["code"], f["title"], f["count"]) for f in failures],
                      "failures_by_check": failures_by_check(done.stdout),
                      "errors": len(summary.get("errors") or [])}))
    if failures or summary.get("errors"):
        return 1
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
