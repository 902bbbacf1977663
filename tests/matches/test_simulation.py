"""Simulations: the command, the API, Wilson intervals, and chunks recorded exactly once —
also when a real Celery worker is killed in the middle (with REDIS_URL)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from django.core.management import call_command

from matches import simulation as sims
from matches.models import Simulation, SimulationChunk
from rulesets import registry
from tests.support.api import client_for
from tests.support.matches import ROOT, wait_for


def test_wilson_interval_known_values():
    lo, hi = sims.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert sims.wilson(0, 10)[0] == 0.0 and round(sims.wilson(0, 10)[1], 4) == 0.2775
    assert sims.wilson(0, 0) == (0.0, 1.0)


def run_command(*args: str) -> dict:
    out = io.StringIO()
    call_command("simulate", *args, stdout=out, stderr=io.StringIO())
    return json.loads(out.getvalue().strip().splitlines()[-1])


@pytest.mark.django_db(transaction=True)
def test_simulate_command_prints_a_json_summary_and_is_deterministic():
    a = run_command("--ruleset", "kgk", "--games", "4", "--seed", "s1", "--chunk-size", "2")
    b = run_command("--ruleset", "kgk", "--games", "4", "--seed", "s1", "--inline")
    assert a["games"] == 4 and a["finished"] == 4
    assert sum(e["wins"] for e in a["entrants"]) == 4
    assert a["entrants"] == b["entrants"] and a["average_length"] == b["average_length"]
    lo, hi = a["entrants"][0]["ci95"]
    assert 0 <= lo <= a["entrants"][0]["win_rate"] <= hi <= 1
    c = run_command("--ruleset", "roll", "--players", "3", "--games", "2", "--seed", "x")
    assert len(c["entrants"]) == 3 and c["games"] == 2


@pytest.mark.django_db(transaction=True)
def test_simulate_command_with_deck_files(cards_loaded):
    deck = ROOT / "fixtures" / "decks"
    s = run_command("--ruleset", "kgk", "--games", "2", "--seed", "d",
                    "--deck-a", str(deck / "practice-b.txt"),
                    "--deck-b", str(deck / "practice-a.txt"))
    assert [e["label"] for e in s["entrants"]] == ["practice-b", "practice-a"]


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_simulation_api_with_progress(celery_worker_process, django_user_model, api):
    c = client_for(django_user_model.objects.create_user("sim"))
    r = c.post("/api/v1/simulations/", {"ruleset": "smugglers", "games": 12, "seed": "api",
                                        "chunk_size": 5, "bots": ["heuristic", "random"]},
               format="json")
    assert r.status_code == 202, r.content
    sim_id = r.json()["id"]
    done = wait_for(lambda: (lambda b: b if b["status"] == "done" else None)(
        api.get(f"/api/v1/simulations/{sim_id}/").json()), timeout=120)
    assert done["games_done"] == 12 and done["progress"] == 1.0
    assert done["summary"]["games"] == 12 and done["chunks"] == {"total": 3, "done": 3}
    # different bots change seats game by game: the entrants are players, not seats
    assert r.json()["summary"]["entrants"][0]["label"] == "player 0"
    bad = c.post("/api/v1/simulations/", {"ruleset": "roll", "games": 0}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid"


def expected_results(sim: Simulation) -> list[dict]:
    return sims.run_games(sim, 0, sim.games)


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_a_chunk_run_twice_is_recorded_once(celery_worker_process):
    rs = registry.get("smugglers")
    sim = sims.create("smugglers", rs.example_config(2), 2, 6, "twice", ["random", "random"],
                      ["a", "b"], chunk_size=3)
    wait_for(lambda: Simulation.objects.get(pk=sim.pk).status == Simulation.DONE, timeout=120)
    sim.refresh_from_db()
    assert sim.status == Simulation.DONE and sim.games_done == 6
    # A redelivered task (the worker died after committing, before acking) finds it done.
    assert sims.run_chunk(sim.pk, 0) is False
    sim.refresh_from_db()
    assert sim.games_done == 6
    assert sims.results_of(sim) == expected_results(sim)


@pytest.fixture
def killable_worker(celery_worker_process):
    """A second real Celery worker (REDIS_URL only) the test may kill with SIGKILL."""
    from django.conf import settings
    from django.db import connection

    if celery_worker_process is None:
        yield None
        return
    db = connection.settings_dict
    url = (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
           f"{db['PORT'] or 5432}/{db['NAME']}")
    name = f"killable-{os.getpid()}@test"
    log = open(ROOT / "var" / "celery-killable-worker.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "kaosz", "worker", "--pool=solo",
         "--loglevel=INFO", "-n", name, "-Q", "sims"],
        cwd=ROOT, env=dict(os.environ, DATABASE_URL=url, DB_CONN_MAX_AGE="0",
                           REDIS_URL=settings.REDIS_URL), stdout=log, stderr=subprocess.STDOUT)
    from kaosz.celery import app

    wait_for(lambda: app.control.ping(destination=[name], timeout=1.0), timeout=60)
    yield proc, name
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)
    log.close()


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_loses_and_doubles_nothing(killable_worker):
    rs = registry.get("kgk")
    games = 24
    if killable_worker is None:
        # Eager mode (no broker): every chunk ran at creation; then every chunk's task is
        # delivered again, as after a crash between commit and ack. Nothing doubles.
        sim = sims.create("kgk", rs.example_config(2), 2, games, "crash",
                          ["random", "random"], ["a", "b"], chunk_size=4, lease_seconds=0)
        for index in range(sim.chunks.count()):
            assert sims.run_chunk(sim.pk, index) is False
        assert sims.dispatch(sim.pk) == 0
    else:
        proc, name = killable_worker
        sim = sims.create("kgk", rs.example_config(2), 2, games, "crash",
                          ["random", "random"], ["a", "b"], chunk_size=4, lease_seconds=5)
        # Kill the second worker while it is in the middle of a chunk.
        wait_for(lambda: SimulationChunk.objects.filter(simulation=sim, worker=name,
                                                        done=False).exists(),
                 timeout=120, every=0.02)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        killed = list(SimulationChunk.objects.filter(simulation=sim, worker=name, done=False)
                      .values_list("index", flat=True))
        # The remaining worker finishes; chunks whose lease ran out are sent again.
        deadline = time.time() + 240
        while time.time() < deadline:
            sim.refresh_from_db()
            if sim.status == Simulation.DONE:
                break
            sims.redispatch_stale(sim)
            time.sleep(0.5)
        print("killed mid-chunk:", killed, "attempts:", list(sim.chunks.values_list("index", "attempts", "worker")))
        assert killed, "the worker was not killed mid-chunk; the test proved nothing"
    sim.refresh_from_db()
    assert sim.status == Simulation.DONE and sim.games_done == games
    results = sims.results_of(sim)
    assert [r["game"] for r in results] == list(range(games))
    assert results == expected_results(sim)
    assert sims.report(sim)["summary"]["games"] == games


def _waiting_simulation(user, games: int = 6) -> Simulation:
    """A stored simulation whose chunks were never sent (as if its tasks wait in the
    queue)."""
    rs = registry.get("smugglers")
    sim = Simulation.objects.create(ruleset="smugglers", config=rs.example_config(2),
                                    players=2, games=games, seed="q", bots=["random"] * 2,
                                    labels=["a", "b"], chunk_size=3, created_by=user)
    SimulationChunk.objects.bulk_create([SimulationChunk(simulation=sim, index=i, start=3 * i,
                                                         count=3) for i in range(games // 3)])
    return sim


@pytest.mark.django_db
def test_simulation_limits_per_user_answer_in_the_error_shape(django_user_model, settings):
    settings.KAOSZ_SIM_MAX_GAMES, settings.KAOSZ_SIM_MAX_RUNNING = 500, 2
    user = django_user_model.objects.create_user("flood")
    c = client_for(user)
    body = {"ruleset": "smugglers", "games": 501, "seed": "x"}
    r = c.post("/api/v1/simulations/", body, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "too_many_games"
    assert r.json()["error"]["details"]["max_games"] == 500
    for _ in range(2):
        _waiting_simulation(user)
    r = c.post("/api/v1/simulations/", {**body, "games": 2}, format="json")
    assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_simulations"
    assert r.json()["error"]["details"] == {"running": 2, "max_running": 2,
                                            "retry_after_seconds": 30}
    assert r["Retry-After"] == "30"
    # Another user is not held up by this one's simulations.
    other = client_for(django_user_model.objects.create_user("calm"))
    assert other.post("/api/v1/simulations/", {**body, "games": 2},
                      format="json").status_code == 202


@pytest.mark.django_db
def test_a_cancelled_simulation_plays_no_more_chunks(django_user_model):
    owner = django_user_model.objects.create_user("owner")
    sim = _waiting_simulation(owner)
    stranger = client_for(django_user_model.objects.create_user("stranger"))
    r = stranger.post(f"/api/v1/simulations/{sim.pk}/cancel/")
    assert r.status_code == 403 and r.json()["error"]["code"] == "permission_denied"
    c = client_for(owner)
    r = c.post(f"/api/v1/simulations/{sim.pk}/cancel/")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    # The chunks' tasks arrive later: they play nothing.
    assert sims.run_chunk(sim.pk, 0) is False
    sim.refresh_from_db()
    assert sim.games_done == 0 and sim.status == Simulation.CANCELLED
    assert not SimulationChunk.objects.filter(simulation=sim, attempts__gt=0).exists()
    r = c.post(f"/api/v1/simulations/{sim.pk}/cancel/")
    assert r.status_code == 409 and r.json()["error"]["code"] == "simulation_ended"
    # A cancelled simulation no longer counts against its owner's limit.
    assert sims.running_count(owner) == 0
