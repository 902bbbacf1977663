"""On PostgreSQL 14+ built with lz4, the snapshot column is compressed with lz4 rather than
the default pglz: every action rewrites a ~25 KB snapshot, and pglz spent more time
compressing it (about 1.5 ms per action here) than the rest of the UPDATE took. Rows are
recompressed as they are next written. Elsewhere nothing changes."""

from django.db import migrations


def lz4(apps, schema_editor):
    conn = schema_editor.connection
    if conn.vendor != "postgresql" or conn.pg_version < 140000:
        return
    with conn.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
                       "AND 'lz4' = ANY(enumvals)")
        if cursor.fetchone() is None:  # a server built without lz4
            return
        cursor.execute("ALTER TABLE matches_match ALTER COLUMN snapshot SET COMPRESSION lz4")


def pglz(apps, schema_editor):
    conn = schema_editor.connection
    if conn.vendor == "postgresql" and conn.pg_version >= 140000:
        with conn.cursor() as cursor:
            cursor.execute("ALTER TABLE matches_match ALTER COLUMN snapshot "
                           "SET COMPRESSION pglz")


class Migration(migrations.Migration):
    dependencies = [("matches", "0003_notify_trigger")]
    operations = [migrations.RunPython(lz4, pglz)]
