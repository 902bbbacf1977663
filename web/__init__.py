"""The shared web library every app builds on: the API's error shape, guards, throttles and
schema (``web.api``), the ASGI server's handler and middlewares (``web.server``), the error
catalogue, the page messages and the template tags. The project itself (settings, URLs,
the server entry points, Celery) is ``kaosz``; nothing here imports it."""
