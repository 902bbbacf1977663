import os

from django.core.wsgi import get_wsgi_application

from kaosz.server import heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
application = get_wsgi_application()
heap.settle()  # (URL maps built, start-up's objects out of the collector's walks)
