"""One digest of everything a game's engine shows over seeded games, to prove that a change
of how the rules hold the state changed nothing else: run it before and after, in one
checkout each, and compare the last line.

At every step of each game, hashed in order: every seat's legal list, every seat's view and
the spectator's, the heuristic bot's part of the view (where the game has one), a
determinized sample for every seat with ``evaluate`` of it and its JSON form, the action a
bot picked, the raw events and each seat's and the spectator's filtered events, and the
state's JSON form. Every 50 steps the state goes through a JSON round trip (the host's
path); once a game, a copy of it resigns a seat (seat and step from the game's number).
Random and heuristic bots alternate by game; two to the game's maximum of four players.

    .venv/bin/python bench/engine_digest.py --game pulsar --count 30
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.rng import Rng  # noqa: E402


def _dump(data: Any) -> bytes:
    return json.dumps(data, sort_keys=False, default=repr).encode()


class Digest:
    """A SHA-256 of the items fed in. The components (printed, never changed) are hashed
    once a game, not with every view and state (nor where a copy put them)."""

    def __init__(self, trace: Any = None) -> None:
        self.h = hashlib.sha256()
        self.items = 0
        self.trace = trace

    def add(self, *parts: Any) -> None:
        for part in parts:
            self.h.update(_dump(part))
            self.h.update(b"\x00")
        self.items += 1
        if self.trace is not None:   # one line an item, to find where two runs part
            print(self.items, _dump(parts).decode()[:2000], file=self.trace)


def _without(view: Any, key: str) -> Any:
    if isinstance(view, dict) and key in view:
        return {k: v for k, v in view.items() if k != key}
    return view


def play(rs: Any, bot_view: Any, players: int, index: int, d: Digest) -> int:
    seed = f"digest-{players}-{index}"
    state = rs.new_game(rs.example_config(players), seed)
    kinds = ("random", "heuristic")
    resign_at = 20 + 17 * index
    d.add("comp", rs.to_json(state).get("comp"))
    step = 0
    while rs.outcome(state) is None:
        d.add("json", _without(rs.to_json(state), "comp"))
        for seat in range(players):
            d.add("legal", seat, rs.legal_actions(state, seat))
        for seat in [*range(players), None]:
            d.add("view", seat, _without(rs.view(state, seat), "components"))
        if bot_view is not None:
            for seat in range(players):
                d.add("bot_view", seat, _without(bot_view(state, seat), "components"))
        for seat in range(players):
            sample = rs.determinize(state, seat, Rng.from_seed(f"{seed}/d{step}/{seat}"))
            d.add("sample", seat, rs.evaluate(sample), _without(rs.to_json(sample), "comp"))
        if step == resign_at:
            copy = rs.from_json(json.loads(json.dumps(rs.to_json(state))))
            _, events = rs.resign(copy, index % players)
            # (Roll's JSON form keeps no "result": its outcome, hashed too, says it all)
            d.add("resign", events, rs.to_json(copy).get("result"), rs.outcome(copy))
        acting = rs.to_act(state)
        seat = acting[step % len(acting)]
        action = rs.bot_action(state, seat, kinds[(index + step) % 2], f"{seed}/{step}")
        d.add("action", seat, action)
        state, events = rs.apply(state, seat, action)
        d.add("events", events)
        for viewer in [*range(players), None]:
            d.add("event_view", viewer, [rs.event_view(e, viewer) for e in events])
        step += 1
        if step % 50 == 0:
            state = rs.from_json(json.loads(json.dumps(rs.to_json(state))))
    d.add("end", rs.to_json(state), rs.outcome(state))
    return step


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="pulsar")
    ap.add_argument("--count", type=int, default=30, help="games (player counts cycle)")
    ap.add_argument("--trace", help="write every item to this file")
    args = ap.parse_args()
    rs = importlib.import_module(f"rulesets.{args.game}").RULESET
    try:
        bot_view = importlib.import_module(f"rulesets.{args.game}.view").bot_view
    except (ImportError, AttributeError):
        bot_view = None
    d = Digest(open(args.trace, "w") if args.trace else None)  # noqa: SIM115
    steps = 0
    for i in range(args.count):
        players = rs.min_players + i % (min(rs.max_players, 4) - rs.min_players + 1)
        steps += play(rs, bot_view, players, i, d)
    print(f"{args.game}: {args.count} games, {steps} steps, {d.items} items")
    print(d.h.hexdigest())


if __name__ == "__main__":
    main()
