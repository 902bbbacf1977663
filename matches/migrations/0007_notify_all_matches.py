"""Every match change is also announced on one channel for all matches, ``kaosz_matches``
(payload: "id|version|status|event_count|to_act"), so an ASGI process keeps ONE listening
connection for all its waiters (``matches.live_async``) instead of one per waiter; the
per-match channel stays for the threaded long-poll (``matches.live``)."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION kaosz_match_changed() RETURNS trigger AS $$
DECLARE
    progress text := NEW.version::text || '|' || NEW.status || '|'
                     || NEW.event_count::text || '|' || NEW.to_act::text;
BEGIN
    PERFORM pg_notify('kaosz_match_' || NEW.id, progress);
    PERFORM pg_notify('kaosz_matches', NEW.id::text || '|' || progress);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""
PREVIOUS = """
CREATE OR REPLACE FUNCTION kaosz_match_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kaosz_match_' || NEW.id, NEW.version::text || '|' || NEW.status
                      || '|' || NEW.event_count::text || '|' || NEW.to_act::text);
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
    dependencies = [("matches", "0006_match_statics")]
    operations = [migrations.RunPython(run(CREATE), run(PREVIOUS))]
