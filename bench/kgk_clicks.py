"""Clicks a person makes in a KGK match against a bot on the board (not a test).

    python bench/kgk_clicks.py [--games N] [--bot heuristic|random]

Seat 0 is "the person": it chooses what the heuristic bot would choose, from the legal
list, so matches look like a sensible player's. Seat 1 is the bot. Every decision of
seat 0 is one click in the moves list; the board of ``matches/static/matches/kgk.js``
changes that as follows, and this script applies the same rules (keep them in step):

* ``before``: one click per decision (the board before issue 15);
* ``after``: a decision with one legal action is answered by the board when seat 0 has
  no card in hand (public: nothing is revealed); an "end turn" while a card can still
  be played or an attack declared asks for a confirmation (one more click);
* ``after_opt_in``: also the one-answer "done", "bombard", "pass" and "commit" decisions
  with cards in hand (the person's opt-in; the speed may tell the opponent that no
  interrupt was playable).

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
OPT_IN = {"done", "bombard", "pass", "commit"}


def play(seed: str, bot: str) -> dict[str, int]:
    s = R.new_game(R.example_config(), seed)
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
            if not public:
                c["after"] += 1
            if not (public or (single and legal[0]["type"] in OPT_IN)):
                c["after_opt_in"] += 1
            if a["type"] == "end_turn" and any(x["type"] in USEFUL for x in legal):
                c["after"] += 1          # the confirmation
                c["after_opt_in"] += 1
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
        "clicks_per_match": {k: round(total[k] / n, 1) for k in ("before", "after", "after_opt_in")},
        "forced_equip_done_share_of_clicks_before": round(total["equip_done_only"] / total["before"], 3),
        "decisions_per_match_by_kind": {k[5:]: round(v / n, 1) for k, v in sorted(total.items())
                                         if k.startswith("kind:")},
    }
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
