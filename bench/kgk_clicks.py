"""Clicks a person makes in a KGK match against a bot on the board (not a test).

    python bench/kgk_clicks.py [--games N] [--bot heuristic|random]

Seat 0 is "the person": it chooses what the heuristic bot would choose, from the legal
list, so matches look like a sensible player's. Seat 1 is the bot. Every decision of
seat 0 is one click in the moves list; the board of ``matches/static/matches/kgk.js``
changes that as follows, and this script applies the same rules (keep them in step):

* ``before``: one click per decision (the board before issue 15);
* ``ask`` (the "always ask me" choice): a decision with one legal action is answered by
  the board when seat 0 has no card in hand (public: nothing is revealed); an "end turn"
  while a card can still be played or an attack declared asks for a confirmation (one
  more click);
* ``pause`` (the default): also every window, and every step whose only other moves are
  interrupts or abilities, is passed after the same pause (``PASS_PAUSE_S``) whatever the
  hand holds, unless the person responds: no click, some waiting (``pause_seconds``);
* ``instant`` (the person's opt-in): the one-answer "done", "bombard", "pass" and
  "commit" decisions are answered at once also with cards in hand (the speed may tell
  the opponent that no interrupt was playable).

The game is set up as the match store sets up a person against a bot: the config names
seat 1 as played by a program (``automatic_seats``), so seat 0 is asked at every window it
might answer as far as the bot can tell (KG-12.3), and the bot keeps the quick skip.

Prints JSON: clicks per match for each, the share of the forced equip decisions, and the
decisions by kind.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.kgk import RULESET as R  # noqa: E402

USEFUL = {"play", "attack"}


PASS_PAUSE_S = 1.0            # kgk.js PASS_PAUSE_MS
DONE_LIKE = {"done", "bombard", "pass", "commit"}


def is_response(s: dict, a: dict) -> bool:
    if a["type"] == "ability":
        return True
    return a["type"] == "play" and s["defs"][s["cards"][a["card"]]["d"]]["type"] == "interrupt"


def paused(s: dict, legal: list[dict]) -> dict | None:
    """The answer the board gives after the pause in the default mode (kgk.js)."""
    quiet = [a for a in legal if a["type"] in ("pass", "done")]
    others = [a for a in legal if a["type"] not in ("pass", "done")]
    if len(quiet) == 1 and (s["dec"]["kind"] == "prio" or all(is_response(s, a) for a in others)):
        return quiet[0]
    if len(legal) == 1 and legal[0]["type"] in DONE_LIKE:
        return legal[0]
    return None


def play(seed: str, bot: str) -> dict[str, int]:
    s = R.new_game({**R.example_config(), "automatic_seats": [1]}, seed)
    c: collections.Counter[str] = collections.Counter()
    step = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        legal = R.legal_actions(s, seat)
        a = R.bot_action(s, seat, "heuristic" if seat == 0 else bot, f"{seed}:{step}")
        if seat == 0:
            kind = s["dec"]["kind"]
            c["before"] += 1
            c[f"kind:{kind}"] += 1
            single = len(legal) == 1
            if kind == "equip" and single and legal[0]["type"] == "done":
                c["equip_done_only"] += 1
            public = single and not s["p"][0]["hand"]
            confirm = a["type"] == "end_turn" and any(x["type"] in USEFUL for x in legal)
            if not public:
                c["ask"] += 1
                auto = paused(s, legal)
                if auto is not None and auto == a:
                    c["pause_waits"] += 1
                else:
                    c["pause"] += 1
                if not (single and legal[0]["type"] in DONE_LIKE):
                    c["instant"] += 1
            for k in ("ask", "pause", "instant"):
                c[k] += confirm
        R.apply(s, seat, a)
        step += 1
    return c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bot", default="heuristic", choices=["heuristic", "random"])
    args = ap.parse_args()
    total: collections.Counter[str] = collections.Counter()
    for g in range(args.games):
        total.update(play(f"clicks-{g}", args.bot))
    n = args.games
    out = {
        "games": n, "bot": args.bot,
        "clicks_per_match": {k: round(total[k] / n, 1) for k in ("before", "ask", "pause", "instant")},
        "pause_seconds_per_match": round(total["pause_waits"] * PASS_PAUSE_S / n, 1),
        "forced_equip_done_share_of_clicks_before": round(total["equip_done_only"] / total["before"], 3),
        "decisions_per_match_by_kind": {k[5:]: round(v / n, 1) for k, v in sorted(total.items())
                                         if k.startswith("kind:")},
    }
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
