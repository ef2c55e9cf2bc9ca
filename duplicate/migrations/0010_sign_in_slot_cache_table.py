# The sign-in throttle's counters (SignInSlot), and the database cache's table: `migrate` alone gives a
# working deployment. What the table needs is frozen here, as a migration must stand alone (it runs on every
# fresh database for as long as the project lives, whatever the app's code is renamed to): the table's name,
# as the settings gave it (CACHE_TABLE), made by Django's own createcachetable code, and made unlogged on
# PostgreSQL, as the project's createcachetable command does (a cache needs no write-ahead log).

from django.core.management.commands.createcachetable import Command as DjangoCreateCacheTable
from django.db import migrations, models

CACHE_TABLE = "kalamazoo_cache"


def create_cache_table(apps, schema_editor):
    connection = schema_editor.connection
    maker = DjangoCreateCacheTable()
    maker.verbosity = 0
    maker.create_table(connection.alias, CACHE_TABLE, dry_run=False)  # nothing when it is there already
    if connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(CACHE_TABLE)
    with connection.cursor() as cursor:
        cursor.execute("SELECT relpersistence FROM pg_class WHERE oid = to_regclass(%s)", [table])
        found = cursor.fetchone()
        if found is not None and found[0] == "p":  # permanent: made unlogged
            cursor.execute(f"ALTER TABLE {table} SET UNLOGGED")


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(CACHE_TABLE)}")


class Migration(migrations.Migration):

    dependencies = [
        ('duplicate', '0009_event_site'),
    ]

    operations = [
        migrations.CreateModel(
            name='SignInSlot',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('counter', models.CharField(max_length=100)),
                ('window', models.BigIntegerField()),
                ('slot', models.PositiveIntegerField()),
                ('expires', models.DateTimeField(db_index=True)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('counter', 'window', 'slot'), name='sign_in_slot_taken_once')],
            },
        ),
        migrations.RunPython(create_cache_table, drop_cache_table),
    ]
