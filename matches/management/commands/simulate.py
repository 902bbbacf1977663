"""Bot-vs-bot simulations from the command line.

    manage.py simulate --ruleset kgk --deck-a A --deck-b B --games N --seed S
    manage.py simulate --ruleset roll --players 3 --games 50

Decks (rulesets with decks) are a deck file (text list), a saved deck id, or a deck code;
by default the ruleset's two ready-made example decks. Games run as Celery tasks in chunks
(eagerly in-process without REDIS_URL); progress goes to stderr and a JSON summary is the
last line of stdout. ``--inline`` plays in this process without the database at all.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from matches import simulation as sims
from matches import store
from matches.models import Seat, Simulation
from matches.services.simulations import start_simulation
from rulesets import registry
from web.domain import DomainError


def deck_spec(value: str) -> Any:
    if value.isdigit():
        return int(value)
    path = Path(value)
    if path.is_file():
        return {"text": path.read_text(encoding="utf-8"), "name": path.stem}
    return {"code": value, "name": value[:20]}


class Command(BaseCommand):
    help = "Play N bot-vs-bot games and report win rates (95% Wilson interval) and lengths."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--ruleset", required=True)
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", default=None)
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--deck-a", default=None, help="deck file, saved deck id or code")
        parser.add_argument("--deck-b", default=None)
        parser.add_argument("--format", default="practice")
        parser.add_argument("--bot", choices=list(Seat.BOT_KINDS), default="random",
                            help="bot kind for every seat")
        parser.add_argument("--bots", default=None, help="comma-separated, one per seat")
        parser.add_argument("--chunk-size", type=int, default=10)
        parser.add_argument("--inline", action="store_true",
                            help="play in this process, no database or Celery")
        parser.add_argument("--timeout", type=float, default=3600)

    def handle(self, *args: Any, **o: Any) -> None:

        if not 1 <= o["games"] <= sims.MAX_GAMES:
            raise CommandError(f"--games: 1 to {sims.MAX_GAMES}")
        decks = [deck_spec(d) if d else None for d in (o["deck_a"], o["deck_b"])]
        while decks and decks[-1] is None:
            decks.pop()
        data = {"ruleset": o["ruleset"], "games": o["games"], "players": o["players"],
                "seed": o["seed"] or secrets.token_hex(8), "decks": decks,
                "options": {"format": o["format"]}, "chunk_size": o["chunk_size"]}
        if o["bots"]:
            data["bots"] = [b.strip() for b in o["bots"].split(",")]
        try:
            if o["inline"]:
                summary = self.inline(data, o["bot"])
            else:
                if not o["bots"]:
                    data["bots"] = None
                    data["bot_kind"] = o["bot"]
                summary = self.stored(data, o)
        except DomainError as exc:
            raise CommandError(f"{exc.error_code}: {exc.message} {exc.details or ''}") from exc
        self.stdout.write(json.dumps(summary, ensure_ascii=False))

    def stored(self, data: dict[str, Any], o: dict[str, Any]) -> dict[str, Any]:
        if data.get("bots") is None:
            rs = registry.get(data["ruleset"]) if data["ruleset"] in registry.names() else None
            players = data["players"] or (rs.min_players if rs else 2)
            data["bots"] = [data.pop("bot_kind")] * players
        else:
            data.pop("bot_kind", None)
        sim = start_simulation(data, None)
        deadline = time.time() + o["timeout"]
        last = -1
        while True:
            sim.refresh_from_db()
            if sim.games_done != last:
                last = sim.games_done
                sys.stderr.write(f"\r{sim.games_done}/{sim.games} games")
                sys.stderr.flush()
            if sim.status in (Simulation.DONE, Simulation.FAILED):
                break
            if time.time() > deadline:
                raise CommandError(f"simulation {sim.pk} did not finish in time")
            sims.redispatch_stale(sim)
            time.sleep(0.5)
        sys.stderr.write("\n")
        report = sims.report(sim)
        if sim.status == Simulation.FAILED:
            raise CommandError(f"simulation failed: {sim.error}")
        return {"simulation": sim.pk, "ruleset": sim.ruleset, "seed": sim.seed,
                "bots": sim.bots, **report["summary"]}

    def inline(self, data: dict[str, Any], bot: str) -> dict[str, Any]:
        """The same games without the database: config from the example (decks need the
        database to resolve, so only the example decks here)."""
        if data["ruleset"] not in registry.names():
            raise CommandError(f"unknown ruleset {data['ruleset']!r}")
        if any(data["decks"]):
            raise CommandError("--inline plays the example decks only")
        rs = registry.get(data["ruleset"])
        players = data["players"] or rs.min_players
        config = store.with_options(rs.example_config(players), data["options"])
        bots = data.get("bots") or [bot] * players
        labels = sims.entrant_labels(rs, players, bots)
        results = []
        for g in range(data["games"]):
            results.append(sims.play_game(rs, config, players, bots, data["seed"], g, 20000))
            if g % 10 == 9:
                sys.stderr.write(f"\r{g + 1}/{data['games']} games")
        sys.stderr.write("\n")
        return {"simulation": None, "ruleset": rs.name, "seed": data["seed"], "bots": bots,
                **sims.summarize(results, players, labels)}
