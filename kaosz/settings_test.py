"""The test suite's settings: production settings served over plain HTTP with a test key.

pytest-django imports this module (``DJANGO_SETTINGS_MODULE`` in pyproject.toml) before any
test or conftest runs; the Celery worker the tests start inherits the same environment.
A test that wants the production defaults runs ``manage.py`` in a subprocess without them.
"""

import os

os.environ.setdefault("KAOSZ_PLAIN_HTTP", "1")
os.environ.setdefault("SECRET_KEY", "kaosz-test-suite-key-not-secret-0123456789abcdefghij")

from kaosz.settings import *  # noqa: E402,F403
