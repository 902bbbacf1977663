"""Shared helpers for the HTTP benchmarks: a gunicorn server, timed requests, percentiles."""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
# The benchmarks serve production settings (DEBUG off) on plain HTTP on this machine: with
# DEBUG off the project refuses to start without a SECRET_KEY, and would redirect to HTTPS.
os.environ.setdefault("KAOSZ_PLAIN_HTTP", "1")
os.environ.setdefault("SECRET_KEY", "kaosz-benchmark-key-not-secret-0123456789abcdefghijkl")


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * pct / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary_ms(values: list[float]) -> dict[str, float]:
    return {"n": len(values), "p50_ms": round(percentile(values, 50) * 1000, 2),
            "p99_ms": round(percentile(values, 99) * 1000, 2),
            "mean_ms": round(statistics.fmean(values) * 1000, 2) if values else float("nan")}


@contextmanager
def gunicorn(env: dict[str, str], port: int, workers: int = 2, threads: int = 1):
    """Serve the project with gunicorn on 127.0.0.1:port for the duration of the block."""
    cmd = [sys.executable, "-m", "gunicorn", "kaosz.wsgi:application", "--bind",
           f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
           "--log-level", "warning", "--timeout", "120"]
    if threads > 1:
        cmd += ["--worker-class", "gthread"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ, **env))
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                status, _ = request("GET", f"http://127.0.0.1:{port}/healthz")
                if status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("gunicorn did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def request(method: str, url: str, body: dict | None = None,
            headers: dict[str, str] | None = None,
            conn: http.client.HTTPConnection | None = None) -> tuple[int, bytes]:
    parts = urlsplit(url)
    own = conn is None
    if conn is None:
        assert parts.hostname, f"no host in {url}"
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    data = json.dumps(body).encode() if body is not None else None
    hdrs = {"Content-Type": "application/json"} if data else {}
    hdrs.update(headers or {})
    try:
        conn.request(method, path, body=data, headers=hdrs)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        if own:
            conn.close()


def throughput(urls: list[str], clients: int, seconds: float) -> dict[str, float]:
    """Requests per second with ``clients`` threads cycling through ``urls`` for ``seconds``."""
    done = [0] * clients
    errors = [0] * clients
    stop = time.time() + seconds

    def run(i: int) -> None:
        k = i
        while time.time() < stop:
            status, _ = request("GET", urls[k % len(urls)])
            k += 1
            if status == 200:
                done[i] += 1
            else:
                errors[i] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    start = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - start
    return {"requests": sum(done), "errors": sum(errors), "seconds": round(elapsed, 2),
            "rps": round(sum(done) / elapsed, 1)}


def throughput_interleaved(groups: dict[str, list[str]], clients: int, seconds: float,
                           slice_seconds: float = 0.5) -> dict[str, dict[str, float]]:
    """``throughput`` of each group of URLs for ``seconds`` in all, measured in alternating
    slices: on a shared machine the load of other work comes and goes, and a ratio of two
    groups is only fair if both saw the same machine."""
    totals = {name: {"requests": 0, "errors": 0, "seconds": 0.0, "slices": 0} for name in groups}
    while any(t["seconds"] < seconds for t in totals.values()):
        for name, urls in groups.items():
            part = throughput(urls, clients, slice_seconds)
            total = totals[name]
            total["requests"] += part["requests"]
            total["errors"] += part["errors"]
            total["seconds"] += part["seconds"]
            total["slices"] += 1
    for total in totals.values():
        total["seconds"] = round(total["seconds"], 2)
        total["rps"] = round(total["requests"] / total["seconds"], 1) if total["seconds"] else 0
    return totals
