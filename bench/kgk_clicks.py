"""Clicks a person makes in a KGK match against a bot on the board (not a test).

    python bench/kgk_clicks.py [--games N] [--bot heuristic|random]

Seat 0 is "the person": it chooses what the heuristic bot would choose, from the legal
list, so matches look like a sensible player's. Seat 1 is the bot. Every decision that
reaches seat 0 is one click; what reaches it is decided as the server and the board of
``matches/static/matches/kgk.js`` decide (keep them in step):

* ``before``: no stops, one click per decision the engine opens (every window asked);
* ``default`` and ``full`` (the default stops, and "ask me at every window"): the server
  passes every window the person's stops do not ask at (``rulesets/kgk/stops.py``,
  ``matches/store/stops.py``): no click, no wait. Of what reaches the board, a decision
  with one legal answer is answered by the board when seat 0 has no card in hand (public:
  nothing is revealed); an "end turn" while a card can still be played or an attack
  declared asks for a confirmation (one more click). Nothing is passed after a pause.

The game is set up as the match store sets up a person against a bot: the config names
seat 1 as played by a program (``automatic_seats``), so seat 0 is asked at every window it
might answer as far as the bot can tell (KG-12.3), and the bot keeps the quick skip.

Prints JSON: clicks per match for each, the passes the server made, the share of the
forced equip decisions, and the decisions by kind.

In Chromium, on the real board, this checkout and others side by side:

    python bench/kgk_clicks.py --browser [--root OTHER_CHECKOUT [--only-roots]]
        [--games 2] [--size phone|desktop]

For each checkout (this one first, then each ``--root``) a development server of that
checkout is started on its own SQLite file, and a person plays ``--games`` whole matches
against the heuristic bot on its board in headless Chromium, choosing what the heuristic
bot would (tests/support/kgk_driver.py: on the table where the board offers it, else the
card's popover, else the moves list). Reported per match: the person's clicks and moves,
how the moves were made (on a target, a card's popover, the bar, the list), clicks on
something that was off the screen first (a scroll), passes the board made by itself,
409 answers (a stale or double automatic move) and the wall-clock seconds.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import ViewportSize, sync_playwright  # noqa: E402

from rulesets.kgk import RULESET as R  # noqa: E402
from rulesets.kgk.game_state import Game  # noqa: E402
from rulesets.kgk.stops import (  # noqa: E402
    DEFAULT_STOPS,
    FULL_CONTROL,
    Stops,
    answer,
    ask_or_pass,
    window_context,
)
from tests.support.kgk_driver import play_on_table  # noqa: E402

USEFUL = {"play", "attack"}
SETTINGS: dict[str, Stops] = {"default": DEFAULT_STOPS, "full": Stops(FULL_CONTROL)}


def clicks(s: Game, legal: list[dict], a: dict) -> int:
    """The clicks a decision that reached the board costs (kgk.js ``forcedAction`` and
    ``confirmAction``): none when it has one answer and the hand is empty, two for an
    "end turn" that leaves a play or an attack, else one."""
    if len(legal) == 1 and not s["p"][0]["hand"]:
        return 0
    return 2 if a["type"] == "end_turn" and any(x["type"] in USEFUL for x in legal) else 1


def play(seed: str, bot: str, stops: Stops | None) -> dict[str, int]:
    """One match against the bot; ``stops`` None: every window asked, a click each."""
    s = R.new_game({**R.example_config(), "automatic_seats": [1]}, seed)
    c: collections.Counter[str] = collections.Counter()
    step = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        if seat == 0 and stops is not None:
            ctx = window_context(s)
            if ctx is not None and not ask_or_pass(ctx, stops, 0):
                c["server_passes"] += 1
                R.apply(s, 0, answer(s))
                continue
        legal = R.legal_actions(s, seat)
        a = R.bot_action(s, seat, "heuristic" if seat == 0 else bot, f"{seed}:{step}")
        if seat == 0:
            kind = s["dec"]["kind"]
            c["decisions"] += 1
            c[f"kind:{kind}"] += 1
            if kind == "equip" and len(legal) == 1 and legal[0]["type"] == "done":
                c["equip_done_only"] += 1
            c["clicks"] += 1 if stops is None else clicks(s, legal, a)
        R.apply(s, seat, a)
        step += 1
    return c


# ------------------------------------------------------------------ in Chromium

PASSWORD = "bench-jelszo-123"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server(root: Path, tmp: Path) -> tuple[subprocess.Popen, str]:
    """A development server of the checkout ``root`` on its own SQLite file, cards loaded
    and a player made; bots move in the server's process (no REDIS_URL)."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}", DEBUG="1", PYTHONPATH=str(root))
    run = [sys.executable, "manage.py"]
    for cmd in (["migrate", "--noinput", "-v", "0"], ["load_cards"],
                ["shell", "-c", "from django.contrib.auth import get_user_model; "
                 f"get_user_model().objects.create_user('bench', password='{PASSWORD}')"]):
        subprocess.run(run + cmd, cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)
    port = _free_port()
    log = open(tmp / "server.log", "w")  # noqa: SIM115 - lives with the server
    proc = subprocess.Popen(run + ["runserver", f"127.0.0.1:{port}", "--noreload"], cwd=root,
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"the server of {root} did not start (see {tmp / 'server.log'})")


def _browser_matches(url: str, games: int, size: str) -> dict:
    viewport: ViewportSize = ({"width": 390, "height": 844} if size == "phone"
                              else {"width": 1280, "height": 800})
    total: collections.Counter[str] = collections.Counter()
    ways: collections.Counter[str] = collections.Counter()
    with sync_playwright() as pw:
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                     args=["--no-sandbox", "--disable-dev-shm-usage"])
        for _ in range(games):
            ctx = browser.new_context(viewport=viewport, locale="hu-HU")
            page = ctx.new_page()
            page.set_default_timeout(30000)
            conflicts: list[int] = []

            def seen(r: Any, c: list[int] = conflicts) -> None:
                if r.status == 409:
                    c.append(1)

            page.on("response", seen)
            page.on("dialog", lambda d: d.accept())
            page.goto(url + "/accounts/login/?next=/play/")
            page.fill("#id_username", "bench")
            page.fill("#id_password", PASSWORD)
            page.click("main button[type=submit]")
            page.wait_for_url("**/play/")
            page.select_option("#ruleset", "kgk")
            page.select_option("#opponent", "bot:heuristic")
            page.click("#create")
            page.wait_for_selector("#board[data-status=active]")
            tally = play_on_table(page)
            total.update(clicks=tally.clicks, moves=tally.moves, scrolls=tally.scrolls,
                         auto=tally.auto, conflicts=len(conflicts),
                         stale_countdowns=tally.stale_countdowns)
            total["ms"] += int(tally.seconds * 1000)
            ways.update(tally.by_way)
            ctx.close()
        browser.close()
    per: dict[str, Any] = {k: round(total[k] / games, 1)
                           for k in ("clicks", "moves", "scrolls", "auto", "conflicts",
                                     "stale_countdowns")}
    per["seconds"] = round(total["ms"] / 1000 / games, 1)
    # (matches differ in length: the per-move figures compare boards more fairly)
    per["clicks_per_move"] = round(total["clicks"] / max(1, total["moves"]), 2)
    per["scrolls_per_move"] = round(total["scrolls"] / max(1, total["moves"]), 2)
    per["seconds_per_decision"] = round(total["ms"] / 1000 / max(1, total["moves"] + total["auto"]), 2)
    per["moves_by_way"] = {k: round(v / games, 1) for k, v in sorted(ways.items())}
    return per


def browser_main(roots: list[Path], games: int, size: str) -> None:
    checkouts: dict[str, dict] = {}
    out = {"games": games, "size": size, "bot": "heuristic", "checkouts": checkouts}
    for root in roots:
        with tempfile.TemporaryDirectory(prefix="kgk-clicks-") as tmp:
            proc, url = _server(root, Path(tmp))
            try:
                checkouts[str(root)] = _browser_matches(url, games, size)
            finally:
                proc.terminate()
                proc.wait(timeout=20)
    print(json.dumps(out, ensure_ascii=False))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--bot", default="heuristic", choices=["heuristic", "random"])
    ap.add_argument("--browser", action="store_true",
                    help="play on the real board in Chromium (this checkout and each --root)")
    ap.add_argument("--root", action="append", default=[], type=Path,
                    help="another checkout to measure beside this one (with --browser)")
    ap.add_argument("--size", default="phone", choices=["phone", "desktop"])
    ap.add_argument("--only-roots", action="store_true",
                    help="measure the --root checkouts only (this one measured before)")
    args = ap.parse_args()
    if args.browser:
        browser_main(([] if args.only_roots else [ROOT]) + args.root, args.games or 2,
                     args.size)
        return
    args.games = args.games or 40
    n = args.games
    runs: dict[str, collections.Counter[str]] = {}
    for name, stops in {"before": None, **SETTINGS}.items():
        runs[name] = collections.Counter()
        for g in range(n):
            runs[name].update(play(f"clicks-{g}", args.bot, stops))
    out = {
        "games": n, "bot": args.bot,
        "clicks_per_match": {k: round(c["clicks"] / n, 1) for k, c in runs.items()},
        "decisions_per_match": {k: round(c["decisions"] / n, 1) for k, c in runs.items()},
        "server_passes_per_match": {k: round(c["server_passes"] / n, 1)
                                    for k, c in runs.items()},
        "forced_equip_done_share_of_clicks_before": round(
            runs["before"]["equip_done_only"] / max(1, runs["before"]["clicks"]), 3),
        "decisions_per_match_by_kind": {
            name: {k[5:]: round(v / n, 1) for k, v in sorted(c.items()) if k.startswith("kind:")}
            for name, c in runs.items()},
    }
    print(json.dumps(out, ensure_ascii=False))

if __name__ == "__main__":
    main()
