"""A club night on ``make run``'s embedded default: SQLite, no Redis, tasks in the server.

    .venv/bin/python bench/club_night.py [--minutes 5] [--root PATH ...] [--bot-players 10]
        [--pairs 3] [--challengers 3] [--bot search-hard] [--think 0.5 2.0]

For each ``--root`` (a checkout; default this one; give two, e.g. a worktree of main and
this one, for before → after in the same window) it makes a fresh SQLite database in a
temporary directory, migrates it and loads the cards as ``make run`` does, and serves it
as that checkout's ``make run`` does (its Makefile's ``run`` recipe: ``manage.py
runserver`` with its autoreloader, or uvicorn with ``--reload``), DEBUG on, its e-mail
going to a real SMTP server (aiosmtpd) in this process. Then, through the API, with a
token each, as a REST client or the board page would:

* ``--bot-players`` people play against ``--bot`` (KGK and Roll for the Galaxy in turn),
  each thinking 0.5–2 s (uniform) before every action, waiting for the bot on the events
  long-poll (``until=turn``), starting a new match when one ends;
* ``--pairs`` pairs play turn-based KGK (a direct challenge, one day a move), the same way;
* ``--challengers`` people make an open challenge, think, withdraw it, again and again.

Reported (one JSON object on the last line; each root's on its own line before it):

* ``POST /actions/`` latency p50 / p99 / max (every action of every person);
* ``5xx``: answers 500 and over, of any request; ``lock_errors``: "database is locked" in
  the server's output (logged or in a traceback);
* ``duplicate_mails``: a "your turn" mail to a person for a match while a mail to them
  for that match was already in, with no action of theirs in that match in between;
* ``stuck_matches``: matches in which a person waited more than 30 s for the other side
  (the bot, or the other person's turn, however many moves it made); ``stalled_matches``:
  those in which no new event of the other side came for 30 s of the wait;
* ``bot_wait``: how long a person waited for the bot's answer (p50 / p99 / max).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from email.header import decode_header, make_header
from email.message import Message
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.httpbench import ROOT, percentile, request
from tests.support.processes import free_port
from tests.support.smtp import Inbox, serve_smtp

STUCK_SECONDS = 30.0
BOT_GAMES = ("kgk", "roll")
USERS = """
import json, os
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
out = []
for name in os.environ["CLUB_NAMES"].split():
    user = get_user_model().objects.create_user(name, email=f"{name}@club.example",
                                                password="club-night-password-1")
    out.append([name, Token.objects.create(user=user).key])
print("USERS " + json.dumps(out))
"""


def serve_command(root: Path, port: int) -> list[str]:
    """What the checkout's ``make run`` serves with (its Makefile's run recipe)."""
    makefile = (root / "Makefile").read_text()
    recipe = makefile[makefile.index("\nrun:"):].split("\n\n", 1)[0]
    if "uvicorn" in recipe:
        return [sys.executable, "-m", "uvicorn", "kaosz.asgi:application", "--host",
                "127.0.0.1", "--port", str(port), "--lifespan", "off", "--reload",
                *[a for d in ("kaosz", "web", "cards", "decks", "matches", "players", "rulesets")
                  if (root / d).is_dir() for a in ("--reload-dir", d)]]
    return [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}"]


class Tally:
    """What every person saw, shared by their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.action_latency: list[float] = []
        self.bot_wait: list[float] = []
        self.statuses: dict[str, int] = defaultdict(int)
        self.stuck: set[int] = set()
        self.stalled: set[int] = set()
        self.posted: dict[tuple[int, str], list[float]] = defaultdict(list)  # (match, who)
        self.matches_finished = 0
        self.challenges = 0

    def status(self, what: str, status: int) -> None:
        with self.lock:
            self.statuses[f"{what} {status}"] += 1

    def finished(self) -> None:
        with self.lock:
            self.matches_finished += 1


class Person(threading.Thread):
    def __init__(self, base: str, name: str, token: str, tally: Tally, stop: float,
                 seed: int, think: tuple[float, float]) -> None:
        super().__init__(daemon=True, name=name)
        self.base, self.name, self.tally, self.stop = base, name, tally, stop
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        self.rng = random.Random(seed)
        self.think_range = think
        host, port = base.split("//")[1].split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=90)

    def call(self, what: str, method: str, path: str, body: dict | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict]:
        for attempt in range(3):
            try:
                status, raw = request(method, self.base + path, body, headers or self.headers,
                                      self.conn)
                break
            except (OSError, http.client.HTTPException):
                self.conn.close()
                if attempt == 2:
                    self.tally.status(what, 0)
                    return 0, {}
        self.tally.status(what, status)
        try:
            return status, json.loads(raw) if raw else {}
        except ValueError:
            return status, {}

    def think(self) -> None:
        time.sleep(self.rng.uniform(*self.think_range))

    def play(self, match_id: int, against_bot: bool) -> None:
        """Play the match to its end (or the end of the night)."""
        last, legal = 0, None
        waiting_since: float | None = None
        progress_at = 0.0  # (when the other side's last new event was seen)
        while time.time() < self.stop:
            if legal is None:
                status, legal = self.call("legal", "GET",
                                          f"/api/v1/matches/{match_id}/legal-actions/")
                if status != 200:
                    legal = None
                    time.sleep(0.5)
                    continue
            if not legal["actions"]:
                waiting_since = waiting_since or time.time()
                status, ev = self.call("events", "GET", f"/api/v1/matches/{match_id}/events/"
                                       f"?after={last}&wait=10&until=turn"
                                       "&include_legal_actions=1")
                legal = None
                if status != 200:
                    time.sleep(0.5)
                    continue
                progress_at = time.time() if ev["last"] > last else progress_at
                last = ev["last"]
                waited = time.time() - waiting_since
                quiet = time.time() - max(waiting_since, progress_at)
                with self.tally.lock:
                    if waited > STUCK_SECONDS:
                        self.tally.stuck.add(match_id)
                    if quiet > STUCK_SECONDS:
                        self.tally.stalled.add(match_id)
                if ev["status"] == "finished":
                    return self.tally.finished()
                legal = ev.get("legal_actions")
                if legal and legal["actions"]:
                    if against_bot:
                        with self.tally.lock:
                            self.tally.bot_wait.append(waited)
                    waiting_since = None
                continue
            self.think()
            action = self.rng.choice(legal["actions"])
            started = time.perf_counter()
            status, body = self.call("action", "POST", f"/api/v1/matches/{match_id}/actions/", {
                "action": action, "expected_version": legal["version"],
                "client_action_id": f"{self.name}:{match_id}:{legal['version']}",
                "include_legal_actions": True})
            elapsed = time.perf_counter() - started
            legal = None
            with self.tally.lock:
                self.tally.action_latency.append(elapsed)
                self.tally.posted[(match_id, self.name)].append(time.time())
            if status == 200:
                last = max([last, *(e["n"] for e in body.get("events", []))])
                legal = body.get("legal_actions")
                if body.get("status") == "finished":
                    return self.tally.finished()
                if legal is not None and not legal["actions"]:
                    waiting_since = time.time()


class BotPlayer(Person):
    def __init__(self, *args, bot: str, games: tuple[str, ...], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.bot, self.games = bot, games

    def run(self) -> None:
        k = 0
        while time.time() < self.stop:
            game = self.games[k % len(self.games)]
            k += 1
            status, m = self.call("create", "POST", "/api/v1/matches/", {
                "ruleset": game, "seats": [{"player": "me"}, {"player": f"bot:{self.bot}"}]})
            if status != 201:
                time.sleep(1)
                continue
            self.play(m["id"], against_bot=True)


class TurnPair(Person):
    """The challenger of a pair: makes the direct challenge, its opponent accepts, and
    each plays from its own thread."""

    def __init__(self, *args, opponent: Person, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.opponent = opponent

    def run(self) -> None:
        while time.time() < self.stop:
            status, c = self.call("challenge", "POST", "/api/v1/challenges/", {
                "ruleset": "kgk", "time_control": "1d", "opponent": self.opponent.name})
            if status != 201:
                time.sleep(1)
                continue
            status, _ = self.opponent.call("accept", "POST",
                                           f"/api/v1/challenges/{c['id']}/accept/", {})
            if status != 200:
                time.sleep(1)
                continue
            other = threading.Thread(target=self.opponent.play, args=(c["id"], False),
                                     daemon=True)
            other.start()
            self.play(c["id"], against_bot=False)
            other.join(max(1.0, self.stop - time.time() + 30))


class Challenger(Person):
    def run(self) -> None:
        while time.time() < self.stop:
            status, c = self.call("challenge", "POST", "/api/v1/challenges/",
                                  {"ruleset": self.rng.choice(["kgk", "roll", "smugglers"])})
            if status == 201:
                with self.tally.lock:
                    self.tally.challenges += 1
                self.think()
                self.call("cancel", "POST", f"/api/v1/challenges/{c['id']}/cancel/", {})
            self.think()


class TimedInbox(Inbox):
    """The SMTP server's inbox, with when each message arrived."""

    def __init__(self) -> None:
        super().__init__()
        self.timed: list[tuple[float, Message]] = []

    async def handle_DATA(self, server, session, envelope):  # (aiosmtpd's name)
        answer = await super().handle_DATA(server, session, envelope)
        self.timed.append((time.time(), self.messages[-1]))
        return answer


def duplicate_mails(inbox: TimedInbox, tally: Tally) -> tuple[int, int]:
    """(turn mails, duplicates): a mail to a person for a match arriving while one was in
    already, with no action of theirs in that match in between."""
    arrivals: dict[tuple[int, str], list[float]] = defaultdict(list)
    total = 0
    for when, message in inbox.timed:
        found = re.search(r"#(\d+)", str(make_header(decode_header(message["Subject"] or ""))))
        if not found:
            continue
        total += 1
        name = str(message["To"]).split("@")[0]
        arrivals[(int(found.group(1)), name)].append(when)
    duplicates = 0
    for key, times in arrivals.items():
        posts = tally.posted.get(key, [])
        for before, after in zip(times, times[1:], strict=False):
            if not any(before <= p <= after for p in posts):
                duplicates += 1
    return total, duplicates


def night(root: Path, args: argparse.Namespace) -> dict:

    work = Path(tempfile.mkdtemp(prefix="club-night-"))
    port = free_port()
    inbox = TimedInbox()
    with serve_smtp(inbox) as (_, smtp_port):
        env = {k: v for k, v in os.environ.items()
               if k not in ("REDIS_URL", "DATABASE_URL", "KAOSZ_TASKS", "SECRET_KEY",
                            "KAOSZ_PLAIN_HTTP", "DJANGO_SETTINGS_MODULE")}
        env.update(DEBUG="1", KAOSZ_VAR_DIR=str(work), EMAIL_HOST="127.0.0.1", EMAIL_USE_TLS="0",
                   EMAIL_PORT=str(smtp_port), KAOSZ_SITE_URL=f"http://127.0.0.1:{port}")
        manage = [sys.executable, "manage.py"]
        for step in (["migrate", "--noinput", "-v", "0"], ["load_cards"]):
            subprocess.run([*manage, *step], cwd=root, env=env, check=True, capture_output=True)
        names = ([f"bot{i:02d}" for i in range(args.bot_players)]
                 + [f"pair{i:02d}{side}" for i in range(args.pairs) for side in "ab"]
                 + [f"chal{i:02d}" for i in range(args.challengers)])
        made = subprocess.run([*manage, "shell", "-c", USERS], cwd=root, check=True,
                              env=dict(env, CLUB_NAMES=" ".join(names)),
                              capture_output=True, text=True)
        tokens = dict(json.loads(made.stdout.split("USERS ", 1)[1]))
        log_path = work / "server.log"
        with open(log_path, "w") as log:
            server = subprocess.Popen(serve_command(root, port), cwd=root, env=env,
                                      stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.time() + 120
            while time.time() < deadline:
                try:
                    if request("GET", f"{base}/healthz")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.3)
            else:
                raise RuntimeError(f"the server did not start: {log_path.read_text()[-2000:]}")
            tally = Tally()
            stop = time.time() + args.minutes * 60
            think = (args.think[0], args.think[1])
            people: list[Person] = []
            for i in range(args.bot_players):
                name = f"bot{i:02d}"
                games = BOT_GAMES[i % 2:] + BOT_GAMES[:i % 2]
                people.append(BotPlayer(base, name, tokens[name], tally, stop, i, think,
                                        bot=args.bot, games=games))
            for i in range(args.pairs):
                a, b = f"pair{i:02d}a", f"pair{i:02d}b"
                opponent = Person(base, b, tokens[b], tally, stop, 100 + i, think)
                people.append(TurnPair(base, a, tokens[a], tally, stop, 200 + i, think,
                                       opponent=opponent))
            people += [Challenger(base, f"chal{i:02d}", tokens[f"chal{i:02d}"], tally, stop,
                                  300 + i, think) for i in range(args.challengers)]
            for p in people:
                p.start()
            for p in people:
                p.join(args.minutes * 60 + 120)
        finally:
            os.killpg(server.pid, 15)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
        text = log_path.read_text(errors="replace")
        mails, duplicates = duplicate_mails(inbox, tally)
    lat = tally.action_latency
    five = {k: v for k, v in tally.statuses.items() if int(k.rsplit(" ", 1)[1]) >= 500}
    return {
        "root": str(root), "server": "uvicorn" if "uvicorn" in serve_command(root, 0)
        else "runserver", "minutes": args.minutes,
        "actions": len(lat),
        "action_p50_ms": round(percentile(lat, 50) * 1000, 1),
        "action_p99_ms": round(percentile(lat, 99) * 1000, 1),
        "action_max_ms": round(max(lat, default=float("nan")) * 1000, 1),
        "5xx": sum(five.values()), "5xx_by_request": five,
        "connection_failures": sum(v for k, v in tally.statuses.items() if k.endswith(" 0")),
        "lock_errors": text.count("database is locked"),
        "tracebacks": text.count("Traceback (most recent call last)"),
        "turn_mails": mails, "duplicate_mails": duplicates,
        "stuck_matches": len(tally.stuck), "stalled_matches": len(tally.stalled),
        "bot_wait_p50_s": round(percentile(tally.bot_wait, 50), 2),
        "bot_wait_p99_s": round(percentile(tally.bot_wait, 99), 2),
        "bot_wait_max_s": round(max(tally.bot_wait, default=float("nan")), 2),
        "matches_finished": tally.matches_finished, "challenges": tally.challenges,
        "log": str(log_path),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--root", type=Path, action="append")
    parser.add_argument("--bot-players", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--challengers", type=int, default=3)
    parser.add_argument("--bot", default="search-hard")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0))
    args = parser.parse_args()
    results = []
    for root in args.root or [ROOT]:
        result = night(root.resolve(), args)
        print(json.dumps(result), flush=True)
        results.append(result)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
