"""Bot-vs-bot simulations: the pure engine in memory, chunks as Celery tasks, and the
summary (win rate with its 95% Wilson interval, average match length).

Each game is fully determined by (simulation seed, game index), so a chunk replayed after
a worker crash gives the same results; a chunk's result is recorded once, under a row lock.
Entrants (decks, or bot kinds) rotate seats game by game when they differ (the ruleset
uses decks, or the seats have different bots), so the first-seat advantage does not bias a
deck or bot comparison; identical bots without decks keep their seats, so the summary
reads as each seat's win rate. When several seats may act at once (Űrcsempészek's
real-time bidding, Roll's simultaneous phases), the one that moves first is drawn by a
driver generator of the game's own (seeded from the simulation's seed and the game
number, the game's generator untouched): always taking the first listed seat made
seat 0 win every race to a sector, 86 of 100 Űrcsempészek games between two heuristic
bots (53 of 100 with the draw).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import shared_task
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from matches.models import Simulation, SimulationChunk
from matches.store import with_retry
from rulesets import registry
from rulesets.base import Ruleset
from rulesets.rng import Arrival
from rulesets.stats import wilson
from web.api.timestamps import utc_text

MAX_GAMES = 10_000


def rotates(rs: Ruleset, bots: list[str]) -> bool:
    """Whether entrants change seats game by game: they differ (decks, or bot kinds)."""
    return rs.uses_decks or len(set(bots)) > 1


def entrant_labels(rs: Ruleset, players: int, bots: list[str]) -> list[str]:
    """The entrants' generic names: ``example i`` (a deck game's example decks), ``player
    i`` (different bots, changing seats) or ``seat i`` (identical bots keep their seats)."""
    head = "example" if rs.uses_decks else "player" if rotates(rs, bots) else "seat"
    return [f"{head} {i}" for i in range(players)]


def seating(rs: Ruleset, players: int, game: int, bots: list[str]) -> list[int]:
    """``seating[seat] = entrant`` for game number ``game``."""
    shift = game % players if rotates(rs, bots) else 0
    return [(seat + shift) % players for seat in range(players)]


def game_config(rs: Ruleset, config: dict[str, Any], players: int, game: int,
                bots: list[str]) -> dict[str, Any]:
    order = seating(rs, players, game, bots)
    out = dict(config)
    if rs.uses_decks and config.get("decks"):
        out["decks"] = [config["decks"][e] for e in order]
    return out


def play_game(rs: Ruleset, config: dict[str, Any], players: int, bots: list[str], seed: str,
              game: int, max_steps: int) -> dict[str, Any]:
    """One bot-vs-bot game in memory: who won (as entrants), why, and how long it took."""
    order = seating(rs, players, game, bots)
    state = rs.new_game(game_config(rs, config, players, game, bots), f"{seed}:{game}")
    arrival = Arrival(f"{seed}:{game}")   # who is first, of seats acting at once
    steps = 0
    outcome = rs.outcome(state)
    while outcome is None and steps < max_steps:
        to_act = rs.to_act(state)
        if not to_act:
            break
        seat = arrival.first(to_act)
        action = rs.bot_action(state, seat, bots[order[seat]], f"{seed}:{game}:{steps}")
        state, _ = rs.apply(state, seat, action)
        steps += 1
        outcome = rs.outcome(state)
    if outcome is None:
        return {"game": game, "winners": [], "reason": "unfinished", "steps": steps}
    return {"game": game, "winners": sorted(order[s] for s in outcome.winners),
            "reason": outcome.reason, "steps": steps}


def summarize(results: list[dict[str, Any]], players: int, labels: list[str]) -> dict[str, Any]:
    n = len(results)
    finished = [r for r in results if r["reason"] != "unfinished"]
    entrants = []
    for e in range(players):
        wins = sum(1 for r in results if e in r["winners"])
        lo, hi = wilson(wins, n)
        entrants.append({"entrant": e, "label": labels[e] if e < len(labels) else f"seat {e}",
                         "wins": wins, "win_rate": round(wins / n, 4) if n else None,
                         "ci95": [round(lo, 4), round(hi, 4)]})
    steps = [r["steps"] for r in results]
    return {"games": n, "finished": len(finished), "unfinished": n - len(finished),
            "shared_wins": sum(1 for r in results if len(r["winners"]) > 1),
            "entrants": entrants,
            "average_length": round(sum(steps) / n, 2) if n else None,
            "reasons": _count(r["reason"] for r in results)}


def _count(items) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return dict(sorted(out.items()))


def run_games(sim: Simulation, start: int, count: int) -> list[dict[str, Any]]:
    rs = registry.get(sim.ruleset)
    return [play_game(rs, sim.config, sim.players, sim.bots, sim.seed, g, sim.max_steps)
            for g in range(start, start + count)]


# ---------------------------------------------------------------- stored simulations

def create(ruleset: str, config: dict[str, Any], players: int, games: int, seed: str,
           bots: list[str], labels: list[str], chunk_size: int = 10, created_by: Any = None,
           max_steps: int = 20000, lease_seconds: int = 300) -> Simulation:
    with transaction.atomic():
        sim = Simulation.objects.create(
            ruleset=ruleset, config=config, players=players, games=games, seed=seed,
            bots=bots, labels=labels, chunk_size=chunk_size, max_steps=max_steps,
            lease_seconds=lease_seconds, created_by=created_by)
        SimulationChunk.objects.bulk_create([
            SimulationChunk(simulation=sim, index=i, start=start,
                            count=min(chunk_size, games - start))
            for i, start in enumerate(range(0, games, chunk_size))])
        transaction.on_commit(lambda: dispatch(sim.pk))
    return sim


def dispatch(sim_id: int, only_stale: bool = False) -> int:
    """Enqueue the chunks not done (all, or only those whose lease ran out)."""
    sim = Simulation.objects.get(pk=sim_id)
    now = timezone.now()
    chunks = SimulationChunk.objects.filter(simulation=sim, done=False)
    if only_stale:
        chunks = chunks.filter(dispatched__lt=now - timedelta(seconds=sim.lease_seconds))
    indices = list(chunks.values_list("index", flat=True))
    for index in indices:
        SimulationChunk.objects.filter(simulation=sim, index=index, done=False).update(
            dispatched=now)
        run_simulation_chunk.delay(sim.pk, index)
    return len(indices)


def redispatch_stale(sim: Simulation) -> int:
    """Re-enqueue chunks whose worker died (lease expired). Safe to call any time: a chunk
    that is done anyway is recorded only once."""
    if sim.status in (Simulation.DONE, Simulation.FAILED, Simulation.CANCELLED):
        return 0
    return dispatch(sim.pk, only_stale=True)


def running_count(user: Any) -> int:
    """How many of ``user``'s simulations are waiting or running."""
    return Simulation.objects.filter(created_by=user, status__in=[
        Simulation.PENDING, Simulation.RUNNING]).count()


def cancel(sim: Simulation) -> bool:
    """Stop a simulation: the chunks not yet played are skipped when their task comes
    (the games already played stay in its summary). False if it had already ended."""
    return bool(Simulation.objects.filter(
        pk=sim.pk, status__in=[Simulation.PENDING, Simulation.RUNNING]).update(
        status=Simulation.CANCELLED, finished=timezone.now()))


def run_chunk(sim_id: int, index: int, worker: str | None = None) -> bool:
    """Play a chunk and record it; ``False`` when it was already recorded."""
    chunk = SimulationChunk.objects.select_related("simulation").filter(
        simulation_id=sim_id, index=index).first()
    if chunk is None or chunk.done:
        return False
    sim = chunk.simulation
    if sim.status == Simulation.CANCELLED:
        return False
    SimulationChunk.objects.filter(pk=chunk.pk).update(attempts=F("attempts") + 1,
                                                       worker=worker or "local")
    if sim.status == Simulation.PENDING:
        Simulation.objects.filter(pk=sim.pk, status=Simulation.PENDING).update(
            status=Simulation.RUNNING)
    try:
        results = run_games(sim, chunk.start, chunk.count)
    except Exception as exc:  # an engine error: recorded, the simulation is marked failed
        Simulation.objects.filter(pk=sim.pk).update(status=Simulation.FAILED,
                                                    error=repr(exc)[:2000])
        raise

    def record() -> bool:
        # The simulation row is the lock: recordings of one simulation serialize, so the
        # last chunk reliably sees all the others done.
        with transaction.atomic():
            if connection.vendor == "sqlite":
                Simulation.objects.filter(pk=sim.pk).update(games_done=F("games_done"))
            Simulation.objects.select_for_update().get(pk=sim.pk)
            locked = SimulationChunk.objects.get(pk=chunk.pk)
            if locked.done or Simulation.objects.filter(
                    pk=sim.pk, status=Simulation.CANCELLED).exists():
                return False
            locked.done, locked.result = True, results
            locked.save(update_fields=["done", "result"])
            Simulation.objects.filter(pk=sim.pk).update(games_done=F("games_done") + chunk.count)
            if not SimulationChunk.objects.filter(simulation=sim, done=False).exists():
                Simulation.objects.filter(pk=sim.pk).exclude(
                    status__in=[Simulation.FAILED, Simulation.CANCELLED]).update(
                    status=Simulation.DONE, finished=timezone.now())
            return True

    return with_retry(record)


def results_of(sim: Simulation) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for chunk in sim.chunks.filter(done=True).order_by("index"):
        out.extend(chunk.result or [])
    return out


def shown_labels(sim: Simulation, viewer: Any) -> list[str]:
    """The seats' names as ``viewer`` may see them: a deck's name (a saved deck may be
    private, even from staff) only for the simulation's creator, and ``deck <i>`` for
    everyone else. ``viewer`` None: the command line, which sees everything."""
    if viewer is None or (getattr(viewer, "is_authenticated", False)
                          and viewer.pk == sim.created_by_id):
        return list(sim.labels)
    generic = ("seat", "example", "player")
    return [label if label in {f"{g} {i}" for g in generic} else f"deck {i}"
            for i, label in enumerate(sim.labels)]


def report(sim: Simulation, viewer: Any = None) -> dict[str, Any]:
    """The API/page/command view of a simulation for ``viewer`` (see
    :func:`shown_labels`): progress and the summary so far."""
    results = results_of(sim)
    labels = shown_labels(sim, viewer)
    return {
        "id": sim.pk, "ruleset": sim.ruleset, "players": sim.players, "bots": sim.bots,
        "labels": labels, "games": sim.games, "seed": sim.seed, "status": sim.status,
        "games_done": sim.games_done,
        "progress": round(sim.games_done / sim.games, 4) if sim.games else 1.0,
        "chunks": {"total": sim.chunks.count(), "done": sim.chunks.filter(done=True).count()},
        "error": sim.error or None,
        "summary": summarize(results, sim.players, labels),
        "created": utc_text(sim.created),
        "finished": utc_text(sim.finished),
    }


# The chunk's Celery task (named ``matches.tasks.*`` as queued tasks and the routes know it).
@shared_task(name="matches.tasks.run_simulation_chunk", acks_late=True,
             reject_on_worker_lost=True, ignore_result=True)
def run_simulation_chunk(simulation_id: int, index: int) -> bool:
    """Play one chunk of a simulation and record it exactly once."""
    request = run_simulation_chunk.request
    worker = "eager" if request.is_eager else request.hostname
    return run_chunk(simulation_id, index, worker=worker)
