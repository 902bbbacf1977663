"""PostgreSQL: trigram indexes so name and rules-text `contains` searches use an index.

SQLite (the embedded default) has no such index type; the catalogue is small there.
"""

from django.db import migrations

INDEXES = [
    ("cards_card_search_name_trgm", "search_name"),
    ("cards_card_search_text_trgm", "search_text"),
    ("cards_card_ability_tags_trgm", "ability_tags"),
]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, column in INDEXES:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON cards_card USING gin ({column} gin_trgm_ops)")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("cards", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
