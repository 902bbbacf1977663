"""Stopping a child process a test started (a server), whatever signals the test run
itself was started to ignore."""

from __future__ import annotations

import subprocess


def stop(process: subprocess.Popen[bytes], grace: float = 20.0) -> bool:
    """End ``process`` with SIGTERM; True when it ended within ``grace`` seconds, else it
    is killed and False. Not SIGINT: a test run started in the background of a shell
    without job control (``nohup pytest … &``) ignores SIGINT, its children inherit that,
    and Python then installs no KeyboardInterrupt handler, so a development server sent
    SIGINT serves on and the test hangs until its timeout."""
    process.terminate()
    try:
        process.wait(timeout=grace)
        return True
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=grace)
        return False
