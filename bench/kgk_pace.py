"""How often KGK asks a person, with given stops (not a test).

    python bench/kgk_pace.py [--games N] [--stops before|default|full|all]

Two kinds of match, played in memory with the engine as the match store plays it:

* **against the bot**: seat 0 is a person (it chooses what the heuristic bot would, so
  matches look like a sensible player's), seat 1 the heuristic bot (``automatic_seats``,
  so the bot keeps its own quick passing). Per match: the person's decisions, the windows
  among them, and the windows right after the person's own play or ability.
* **turn-based, two people**: both seats are people choosing as the heuristic bot would.
  Per game turn (a turn of one player): *visits* (a visit is a run of consecutive
  decisions by one person: the other person has to come back to the site for the next)
  and *e-mails* ("your turn" mails when nobody is online between moves).

Stops: ``before`` asks a person at every window the engine opens for them (the server
kept no stops, the board passed after a pause while the page was open, and a turn-based
window waited for its person); ``default`` and ``full`` are the stops of
``rulesets/kgk/stops.py`` (the default, and "ask me at every window"), the passes made by
the server as ``matches/store/stops.py`` makes them.

E-mails: ``before`` mails a person every time they come to act (the notification of
``players/notifications/outbox.py`` before the per-turn policy: each visit is a mail when
the person is away); the other settings mail as ``players/notifications/told.py`` does: at most once per player
per game turn, so a second visit within a game turn comes from the header count or the
browser notification, or from the mail of the next game turn.

Prints JSON, per setting.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.kgk import RULESET as R  # noqa: E402
from rulesets.kgk.game_state import Game  # noqa: E402
from rulesets.kgk.stops import (  # noqa: E402
    DEFAULT_STOPS,
    FULL_CONTROL,
    Stops,
    answer,
    ask_or_pass,
    window_context,
    window_kind,
)

SETTINGS: dict[str, Stops | None] = {"before": None, "default": DEFAULT_STOPS,
                                     "full": Stops(FULL_CONTROL)}


def asked(s: Game, seat: int, stops: Stops | None) -> bool:
    """Whether the person at ``seat`` is asked the pending decision (False: the server
    passes this window for them)."""
    ctx = window_context(s)
    return ctx is None or stops is None or ask_or_pass(ctx, stops, seat)


def is_window(s: Game) -> bool:
    """A window proper (kind ``prio``), as the issue counts them."""
    return s["dec"]["kind"] == "prio"


def vs_bot(seed: str, stops: Stops | None) -> collections.Counter[str]:
    s = R.new_game({**R.example_config(), "automatic_seats": [1]}, seed)
    c: collections.Counter[str] = collections.Counter()
    step = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        if seat == 0 and not asked(s, 0, stops):
            c["auto_passes"] += 1
            R.apply(s, 0, answer(s))
            continue
        a = R.bot_action(s, seat, "heuristic", f"{seed}:{step}")
        if seat == 0:
            c["decisions"] += 1
            ctx = window_context(s)
            if ctx is not None and is_window(s):
                c["windows"] += 1
                c["windows_after_own"] += window_kind(ctx, 0) == "own"
        R.apply(s, seat, a)
        step += 1
    return c


def turn_based(seed: str, stops: Stops | None) -> collections.Counter[str]:
    s = R.new_game({**R.example_config(), "automatic_seats": []}, seed)
    c: collections.Counter[str] = collections.Counter()
    step = 0
    last: int | None = None               # the seat of the last decision a person made
    mailed: set[tuple[int, int]] = set()  # (seat, game turn) told this game turn
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        if not asked(s, seat, stops):
            R.apply(s, seat, answer(s))
            continue
        if seat != last:
            c["visits"] += 1
            if s["phase"] == "mulligan":
                c["visits_before_play"] += 1
            key = (seat, s["turn"])
            if stops is None or key not in mailed:
                c["mails"] += 1
                mailed.add(key)
            last = seat
        c["decisions"] += 1
        R.apply(s, seat, R.bot_action(s, seat, "heuristic", f"{seed}:{step}"))
        step += 1
    c["game_turns"] += sum(p["turns"] for p in s["p"])
    return c


def measure(games: int, stops: Stops | None) -> dict[str, Any]:
    bot: collections.Counter[str] = collections.Counter()
    tb: collections.Counter[str] = collections.Counter()
    for g in range(games):
        bot.update(vs_bot(f"pace-{g}", stops))
        tb.update(turn_based(f"pace-tb-{g}", stops))
    turns = max(1, tb["game_turns"])
    return {
        "vs_bot_per_match": {
            "decisions": round(bot["decisions"] / games, 1),
            "windows_asked": round(bot["windows"] / games, 1),
            "windows_after_own_play": round(bot["windows_after_own"] / games, 1),
            "window_share": round(bot["windows"] / max(1, bot["decisions"]), 3),
            "automatic_passes": round(bot["auto_passes"] / games, 1),
        },
        "turn_based": {
            "game_turns_per_match": round(tb["game_turns"] / games, 1),
            "decisions_per_game_turn": round(tb["decisions"] / turns, 2),
            "visits_per_game_turn": round(tb["visits"] / turns, 2),
            "mails_per_game_turn": round(tb["mails"] / turns, 2),
            "visits_per_match": round(tb["visits"] / games, 1),
        },
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--stops", default="all", choices=[*SETTINGS, "all"])
    args = ap.parse_args()
    names = list(SETTINGS) if args.stops == "all" else [args.stops]
    out = {"games": args.games,
           "stops": {name: measure(args.games, SETTINGS[name]) for name in names}}
    print(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
