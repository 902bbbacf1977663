"""The ASGI application (production: ``uvicorn kaosz.asgi:application``).

Django's own handler, except that a request's synchronous work runs on a reused thread
instead of a new one per request (``web.server.threads``). Start-up freezes the heap, as
the WSGI entry point does (``web.server.heap``): under ASGI too, a full collection walking the
110,000 objects of start-up held up every request of the process for 50-200 ms."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
django.setup(set_prefix=False)

from kaosz import embedded_beat, task_runner  # noqa: E402  (after setup)
from web.server import heap  # noqa: E402
from web.server.threads import PooledThreadsASGIHandler  # noqa: E402

application = PooledThreadsASGIHandler()
# The embedded default: tasks run by this process, after the answer.
if task_runner.serve():
    embedded_beat.start()
heap.settle()  # (URL maps built, start-up's objects out of the collector's walks)
