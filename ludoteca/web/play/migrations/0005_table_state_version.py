"""The version `Table.state` was written at (the state is no longer written
on every move, see `models.STATE_EVERY`); every existing table's state is at
its version."""

from django.db import migrations, models
from django.db.models import F


def state_at_version(apps, schema_editor):  # type: ignore[no-untyped-def]
    Table = apps.get_model("play", "Table")
    Table.objects.update(state_version=F("version"))


class Migration(migrations.Migration):
    dependencies = [("play", "0004_table_paused_phases")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="state_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(state_at_version, migrations.RunPython.noop),
    ]
