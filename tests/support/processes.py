"""Child processes a test starts (servers): a free port for one, and stopping it whatever
signals the test run itself was started to ignore."""

from __future__ import annotations

import socket
import subprocess


def free_port() -> int:
    """A port nothing listens on, chosen by the system (bind to port 0). A fixed range is
    shared with everyone else's test servers on the machine: a test then talked to
    another checkout's server."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
