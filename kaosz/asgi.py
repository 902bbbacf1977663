"""The ASGI application (production: ``uvicorn kaosz.asgi:application``).

Django's own handler, except that a request's synchronous work runs on a reused thread
instead of a new one per request (``kaosz.asgi_threads``)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
django.setup(set_prefix=False)

from kaosz.asgi_threads import PooledThreadsASGIHandler  # noqa: E402  (after setup)

application = PooledThreadsASGIHandler()
