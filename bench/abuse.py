"""Can one person take the server from others? Two attacks on the production-like stack,
with a victim measured during each.

    .venv/bin/python bench/abuse.py --root . [--root OTHER_CHECKOUT] \\
        [--attack photos,bots] [--database-url postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_h4]
        [--redis-url redis://127.0.0.1:6379/4] [--seconds 45] [--bot-matches 10]

For each ``--root`` (e.g. this checkout and a worktree of main before the change, in the
same run because the machine is noisy) the stack is started from that checkout as the
production docs describe it: uvicorn with 2 workers, a Celery worker per queue (bots -c 2;
sims,celery; mail; photos), one beat, PostgreSQL and Redis (the Redis database is emptied
first: a task left over from the other root must not be run by this one's workers).

- ``photos``: one account sends 16 photos of a nine-card binder page at once to the
  contribution page (the audit's flood). Meanwhile a victim makes ordinary API requests
  (card search, their decks, their matches) from 2 threads. Reported: the victim's p50,
  p99 and max latency, every status answered to anyone (500s counted), the attacker's
  statuses, until the readings are over (or ``--seconds``).
- ``bots``: one account makes ten six-seat KGK matches, five hard searching bots in each,
  and resigns from each. Meanwhile a victim plays Űrcsempészek against the normal searching
  bot. Reported: the victim's bot reply time (from their move's answer until it is their
  turn again): median and max, and moves made, over ``--seconds``.

Targets: the victim's API p99 <= 1.5 s and no 500 during the photo flood; the victim's bot
reply median <= 3 s and max <= 15 s during the bot attack. Prints one JSON object per root
on its last lines.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SECRET = "bench-abuse-not-secret-0123456789abcdefghijklmnopqrstuvwxyz"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stack:
    """The production-like stack from one checkout."""

    def __init__(self, root: Path, env: dict[str, str], logs: Path) -> None:
        self.root, self.env, self.logs = root, env, logs
        self.procs: list[subprocess.Popen] = []
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"

    def _start(self, name: str, args: list[str]) -> None:
        log = open(self.logs / f"{name}.log", "w")  # noqa: SIM115 - lives with the process
        self.procs.append(subprocess.Popen([sys.executable, "-m", *args], cwd=self.root,
                                           env=self.env, stdout=log, stderr=subprocess.STDOUT))

    def manage(self, *args: str) -> str:
        return subprocess.run([sys.executable, "manage.py", *args], cwd=self.root, env=self.env,
                              check=True, capture_output=True, text=True).stdout

    def start(self) -> None:
        self._start("web", ["uvicorn", "kaosz.asgi:application", "--workers", "2", "--port",
                            str(self.port), "--lifespan", "off", "--no-access-log",
                            "--timeout-graceful-shutdown", "5"])
        for name, queues, c in (("bots", "bots", 2), ("sims", "sims,celery", 1),
                                ("mail", "mail", 1), ("photos", "photos", 1)):
            self._start(f"worker-{name}", ["celery", "-A", "kaosz", "worker", "-Q", queues,
                                           "-c", str(c), "-n", f"{name}-{self.port}@%h",
                                           "--loglevel=WARNING"])
        self._start("beat", ["celery", "-A", "kaosz", "beat", "--loglevel=WARNING", "-s",
                             str(self.logs / "beat-schedule")])
        deadline = time.time() + 90
        while time.time() < deadline:
            try:
                if requests.get(self.base + "/healthz", timeout=2).status_code == 200:
                    break
            except requests.RequestException:
                pass
            time.sleep(0.3)
        else:
            raise RuntimeError(f"the web server did not start; see {self.logs}/web.log")
        time.sleep(5)  # (the workers' start: the first tasks must not wait for them)

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


PEOPLE = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
import json
out = {}
for name in ("attacker", "victim"):
    user, _ = get_user_model().objects.get_or_create(username="abuse-" + name)
    user.set_password("abuse-password-123"); user.save()
    token, _ = Token.objects.get_or_create(user=user)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "web.login_throttle.ThrottledModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    out[name] = {"token": token.key, "session": session.session_key}
print(json.dumps(out))
"""


def people(stack: Stack) -> dict[str, dict[str, str]]:
    return json.loads(stack.manage("shell", "-c", PEOPLE).strip().splitlines()[-1])


def binder_page(cache: Path) -> bytes:
    """A photo of a nine-card binder page (faces drawn by Chromium once, then cached)."""
    path = cache / "binder-page.jpg"
    if path.exists():
        return path.read_bytes()
    import cv2
    import django
    import numpy as np

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
    os.environ.setdefault("DEBUG", "1")
    django.setup()
    from bench import card_photo_set

    records = [r for r in card_photo_set.shipped_cards() if not r["official"]][:9]
    faces = card_photo_set.render_faces(records, cache / "faces")
    photo = card_photo_set.photograph_page(
        np.random.default_rng(43), [card_photo_set.load_face(faces[r["slug"]]) for r in records],
        [card_photo_set.printed(r) for r in records])
    ok, data = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    path.write_bytes(data.tobytes())
    return path.read_bytes()


class Victim(threading.Thread):
    """Ordinary API requests, one after another, until told to stop."""

    PATHS = ("/api/v1/cards/?q=t%3Aship", "/api/v1/decks/", "/api/v1/matches/?mine=1",
             "/api/v1/cards/?q=cost%3C3")

    def __init__(self, base: str, token: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.base, self.stop = base, stop
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {token}"
        self.times: list[float] = []
        self.statuses: Counter[int] = Counter()

    def run(self) -> None:
        i = 0
        while not self.stop.is_set():
            started = time.perf_counter()
            try:
                status = self.session.get(self.base + self.PATHS[i % len(self.PATHS)],
                                          timeout=60).status_code
            except requests.RequestException:
                status = 0
            self.times.append(time.perf_counter() - started)
            self.statuses[status] += 1
            i += 1
            time.sleep(0.05)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def photo_flood(stack: Stack, who: dict[str, dict[str, str]], photo: bytes,
                seconds: float) -> dict[str, Any]:
    session = requests.Session()
    session.cookies.set("sessionid", who["attacker"]["session"])
    page = session.get(stack.base + "/contribute/", timeout=30)
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    assert csrf, f"no CSRF token on /contribute/ ({page.status_code})"
    stop = threading.Event()
    victims = [Victim(stack.base, who["victim"]["token"], stop) for _ in range(2)]
    for v in victims:
        v.start()
    time.sleep(2)  # the victim's steady state before the flood
    attacker: Counter[int] = Counter()
    follow: list[str] = []
    lock = threading.Lock()

    def upload() -> None:
        try:
            r = session.post(stack.base + "/contribute/photo/",
                             data={"csrfmiddlewaretoken": csrf.group(1)},
                             files={"photo": ("page.jpg", photo, "image/jpeg")},
                             headers={"Referer": stack.base + "/contribute/",
                                      "Accept": "application/json"},
                             allow_redirects=False, timeout=120)
            status = r.status_code
            if status == 302:
                with lock:
                    follow.append(r.headers["Location"])
        except requests.RequestException:
            status = 0
        with lock:
            attacker[status] += 1

    started = time.perf_counter()
    threads = [threading.Thread(target=upload) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # Queued readings: until each is done (the page stops answering "queued"/"reading").
    while follow and time.perf_counter() - started < seconds:
        states = []
        for url in follow:
            r = session.get(stack.base + url, headers={"Accept": "application/json"},
                            allow_redirects=False, timeout=30)
            states.append(r.json().get("state") if r.status_code == 200
                          and r.headers.get("Content-Type", "").startswith("application/json")
                          else "done")
        if all(s not in ("queued", "reading") for s in states):
            break
        time.sleep(1)
    flood_seconds = time.perf_counter() - started
    stop.set()
    for v in victims:
        v.join()
    times = [t for v in victims for t in v.times]
    statuses: Counter[int] = Counter()
    for v in victims:
        statuses.update(v.statuses)
    return {"flood_seconds": round(flood_seconds, 1), "victim_requests": len(times),
            "victim_p50_s": round(statistics.median(times), 3) if times else None,
            "victim_p99_s": round(percentile(times, 0.99), 3),
            "victim_max_s": round(max(times), 3) if times else None,
            "victim_statuses": dict(statuses), "attacker_statuses": dict(attacker),
            "answers_500": statuses[500] + attacker[500]}


def _api(session: requests.Session, base: str, method: str, path: str,
         body: dict | None = None) -> tuple[int, Any]:
    r = session.request(method, base + path, json=body, timeout=60)
    try:
        return r.status_code, r.json()
    except ValueError:
        return r.status_code, r.text[:200]


def bot_attack(stack: Stack, who: dict[str, dict[str, str]], seconds: float,
               matches: int = 10) -> dict[str, Any]:
    attacker, victim = requests.Session(), requests.Session()
    attacker.headers["Authorization"] = f"Token {who['attacker']['token']}"
    victim.headers["Authorization"] = f"Token {who['victim']['token']}"
    deck = (stack.root / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
    # The victim's match first, so its bot is known to answer before the attack.
    status, m = _api(victim, stack.base, "POST", "/api/v1/matches/", {
        "ruleset": "smugglers", "seats": [{"player": "me"}, {"player": "bot:search"}]})
    assert status == 201, m
    match_id = m["id"]
    made = 0
    for _ in range(matches):
        status, body = _api(attacker, stack.base, "POST", "/api/v1/matches/", {
            "ruleset": "kgk", "options": {"format": "practice"},
            "seats": [{"player": "me", "deck": {"text": deck}}]
            + [{"player": "bot:search-hard", "deck": {"text": deck}} for _ in range(5)]})
        if status != 201:
            print("attacker's match refused:", status, body, file=sys.stderr)
            continue
        made += 1
        _api(attacker, stack.base, "POST", f"/api/v1/matches/{body['id']}/resign/", {})
    rng = random.Random(43)
    replies: list[float] = []
    stalled = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        status, legal = _api(victim, stack.base, "GET",
                             f"/api/v1/matches/{match_id}/legal-actions/")
        if status != 200 or not legal.get("actions"):
            status, state = _api(victim, stack.base, "GET", f"/api/v1/matches/{match_id}/")
            if state.get("status") == "finished":
                status, m = _api(victim, stack.base, "POST", "/api/v1/matches/", {
                    "ruleset": "smugglers",
                    "seats": [{"player": "me"}, {"player": "bot:search"}]})
                match_id = m["id"]
            time.sleep(0.2)
            continue
        status, body = _api(victim, stack.base, "POST", f"/api/v1/matches/{match_id}/actions/", {
            "action": rng.choice(legal["actions"]), "expected_version": legal["version"],
            "client_action_id": f"v-{match_id}-{legal['version']}"})
        if status != 200:
            continue
        moved = time.perf_counter()
        if body.get("status") == "finished" or 0 in (body.get("to_act") or [0]):
            continue  # (the victim acts again: no bot reply to wait for)
        while time.perf_counter() - moved < seconds:
            status, state = _api(victim, stack.base, "GET", f"/api/v1/matches/{match_id}/")
            if state.get("status") == "finished" or 0 in (state.get("to_act") or []):
                replies.append(time.perf_counter() - moved)
                break
            time.sleep(0.1)
        else:
            stalled += 1
            break
    still = stack.manage("shell", "-c", "from matches.models import Match; print(Match.objects"
                         ".filter(created_by__username='abuse-attacker', status='active')"
                         ".count())").strip().splitlines()[-1]
    return {"attacker_matches": made, "victim_bot_replies": len(replies),
            "reply_median_s": round(statistics.median(replies), 2) if replies else None,
            "reply_max_s": round(max(replies), 2) if replies else None,
            "no_reply_within_s": seconds if stalled else 0,
            "attackers_matches_still_active": int(still)}


def run_root(root: Path, args: argparse.Namespace, cache: Path) -> dict[str, Any]:
    env = dict(os.environ, DATABASE_URL=args.database_url, REDIS_URL=args.redis_url,
               SECRET_KEY=SECRET, KAOSZ_PLAIN_HTTP="1", DEBUG="0", DB_POOL_MAX="10",
               ALLOWED_HOSTS="127.0.0.1,localhost", OMP_THREAD_LIMIT="1",
               DJANGO_SETTINGS_MODULE="kaosz.settings")
    import psycopg
    import redis

    redis.Redis.from_url(args.redis_url).flushdb()
    name = args.database_url.rsplit("/", 1)[1]
    with psycopg.connect(args.database_url.rsplit("/", 1)[0] + "/postgres",
                         autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    logs = Path(tempfile.mkdtemp(prefix="abuse-"))
    stack = Stack(root, env, logs)
    stack.manage("migrate", "--no-input")
    if "Card" not in stack.manage("shell", "-c",
                                  "from cards.models import Card; "
                                  "print('Card' if Card.objects.exists() else '')"):
        stack.manage("load_cards")
    who = people(stack)
    out: dict[str, Any] = {"root": str(root), "logs": str(logs)}
    stack.start()
    try:
        if "photos" in args.attack:
            out["photos"] = photo_flood(stack, who, binder_page(cache), args.seconds * 4)
            print(json.dumps(out["photos"]), file=sys.stderr)
        if "bots" in args.attack:
            out["bots"] = bot_attack(stack, who, args.seconds, args.bot_matches)
    finally:
        stack.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", action="append", type=Path)
    parser.add_argument("--attack", default="photos,bots")
    parser.add_argument("--database-url",
                        default="postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_h4")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/4")
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--bot-matches", type=int, default=10,
                        help="the attacker's matches (0: the victim's bot alone, a baseline)")
    parser.add_argument("--cache", type=Path, default=ROOT / "var" / "bench-abuse")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    for root in args.root or [ROOT]:
        print(json.dumps(run_root(root.resolve(), args, args.cache)), flush=True)


if __name__ == "__main__":
    main()
