"""The match-changed notification carries the row's progress (version, status, event
count, who is to act), so a waiting long-poll decides from the notification itself whether
to answer, instead of re-reading the row after every move of the other side."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION kaosz_match_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kaosz_match_' || NEW.id, NEW.version::text || '|' || NEW.status
                      || '|' || NEW.event_count::text || '|' || NEW.to_act::text);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""
PREVIOUS = """
CREATE OR REPLACE FUNCTION kaosz_match_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kaosz_match_' || NEW.id, NEW.version::text);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""


def run(sql: str):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)
    return apply


class Migration(migrations.Migration):
    dependencies = [("matches", "0004_snapshot_lz4")]
    operations = [migrations.RunPython(run(CREATE), run(PREVIOUS))]
