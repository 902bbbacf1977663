import os

from django.core.wsgi import get_wsgi_application

from web.server import heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
application = get_wsgi_application()
from kaosz import embedded_beat, task_runner  # noqa: E402  (once Django is set up)

# The embedded default: tasks run by this process (runserver's serving process, a WSGI
# server's), after the answer.
if task_runner.serve():
    embedded_beat.start()
heap.settle()  # (URL maps built, start-up's objects out of the collector's walks)
