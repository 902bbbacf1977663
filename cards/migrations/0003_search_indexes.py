"""PostgreSQL: indexes for the default search (official cards) at catalogue scale.

- Each enum column gets a partial index (official cards) that also carries the other
  narrow filter columns, so the page count of `t:ship`, `race:zarg -t:ship`,
  `r:rare cost>=8` ... is an index-only scan instead of a visit to every matching row.
- Ship stats get small partial indexes (only cards that have the stat: a comparison never
  matches an unknown value), which bitmap-AND with the others.
- `order:cost` / `order:-cost` match the compiled sort (cost NULLS LAST, name_hu, slug), so
  the first page is read in order instead of sorting every match.

SQLite (the embedded default) keeps its small catalogue without them, as for 0002.
"""

from django.db import migrations

NARROW = ("type", "subtype", "race", "rarity", "cost", "speed", "firepower", "armor", "bombard",
          "complete")
INDEXES = [
    *(
        (f"cards_card_off_{column}_cover", f"({column}) INCLUDE "
         f"({', '.join(c for c in NARROW if c != column)}) WHERE official")
        for column in ("type", "subtype", "race", "rarity")
    ),
    *(
        (f"cards_card_off_{column}", f"({column}) WHERE official AND {column} IS NOT NULL")
        for column in ("speed", "firepower", "armor", "bombard")
    ),
    ("cards_card_off_cost_name", "(cost, name_hu, slug) WHERE official"),
    ("cards_card_off_cost_desc_name", "(cost DESC NULLS LAST, name_hu, slug) WHERE official"),
]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, definition in INDEXES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON cards_card {definition}")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("cards", "0002_trigram_indexes")]
    operations = [migrations.RunPython(forwards, backwards)]
