# The sign-in throttle's counters (SignInSlot), and the database cache's table: `migrate` alone gives a
# working deployment (the project's createcachetable makes the table, unlogged on PostgreSQL).

from django.core.management import call_command
from django.db import migrations, models


def create_cache_table(apps, schema_editor):
    from duplicate.management.commands.createcachetable import cache_tables

    call_command("createcachetable", *cache_tables(), database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    from duplicate.management.commands.createcachetable import cache_tables

    for table in cache_tables():
        schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(table)}")


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
