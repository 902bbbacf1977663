"""On PostgreSQL, a match row whose version or status changes notifies its channel
(``matches.live``): the long-polls waiting on it wake when the change commits, whatever
code made it, and the store pays no extra round trip for it."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION kaosz_match_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kaosz_match_' || NEW.id, NEW.version::text);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS kaosz_match_changed ON matches_match;
CREATE TRIGGER kaosz_match_changed AFTER UPDATE ON matches_match FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION kaosz_match_changed();
"""
DROP = """
DROP TRIGGER IF EXISTS kaosz_match_changed ON matches_match;
DROP FUNCTION IF EXISTS kaosz_match_changed();
"""


def run(sql: str):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)
    return apply


class Migration(migrations.Migration):
    dependencies = [("matches", "0002_snapshot_text")]
    operations = [migrations.RunPython(run(CREATE), run(DROP))]
