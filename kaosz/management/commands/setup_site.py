"""``manage.py setup_site``: what ``make run`` does before serving, in one process:
migrate the database, then load the card data (``load_cards``).

The migrations of the apps that come with the project's dependencies (Django's own,
django-oauth-toolkit, …) are applied first, each app with what it depends on, and the
project's after them. In the plan ``migrate`` makes by itself, django-oauth-toolkit's 22
migrations (82 field changes) came after most of the project's: each field change made
Django render its model again with every model related to it, and through the user model
that is all the project's models. Applied first, they render a handful: on a fresh SQLite
database 3.1-3.4 s of CPU instead of 4.4-4.8 s; one process instead of two also spares a
start of Django. The result is the same database as ``migrate`` then ``load_cards``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader


def dependency_apps() -> list[str]:
    """The labels of the installed apps with migrations that live outside the project
    (Django's, the dependencies'), in the order of INSTALLED_APPS."""
    with_migrations = MigrationLoader(None, ignore_no_migrations=True).migrated_apps
    return [app.label for app in apps.get_app_configs()
            if app.label in with_migrations and not _is_the_projects(app.name, Path(app.path))]


def _is_the_projects(module: str, path: Path) -> bool:
    """Whether an app is one of the project's own: its top package is a folder at the
    repository's top. (Not "anywhere under the repository": ``make`` puts the virtualenv,
    and with it every dependency, in ``.venv`` there.)"""
    top = Path(settings.BASE_DIR).resolve() / module.split(".")[0]
    return top.is_dir() and path.resolve().is_relative_to(top)


class Command(BaseCommand):
    help = ("Migrate the database (the dependencies' apps first) and load the card data: "
            "make run's set-up, in one process.")

    def handle(self, *args: Any, **options: Any) -> None:
        # (one plan for all the dependencies' apps: a ``migrate`` per app would build the
        # project's state and send post_migrate to every app each time)
        executor = MigrationExecutor(connection)
        first = set(dependency_apps())
        targets = [key for key in executor.loader.graph.leaf_nodes() if key[0] in first]
        executor.migrate(targets)
        call_command("migrate", interactive=False, verbosity=0)
        call_command("load_cards", stdout=self.stdout, stderr=self.stderr)
