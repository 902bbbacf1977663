import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
application = get_wsgi_application()


def _settle_heap() -> None:
    """Import every view now and move what start-up built out of the collector's sight.

    A full garbage collection walks every live object while holding the GIL, so every
    request of the process waits for it: with Django, DRF and all modules loaded that walk
    was 60-280 ms under load, the worst of the match API's latency tail. Frozen objects
    are never walked again; only what requests create is.
    """
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports every URLconf and view module
    gc.collect()
    gc.freeze()


_settle_heap()

