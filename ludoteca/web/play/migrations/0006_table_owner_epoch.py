"""`Table.owner_epoch`: the fence of the table actors (`ludoteca.web.live`)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("play", "0005_table_state_version")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="owner_epoch",
            field=models.PositiveBigIntegerField(default=0),
        ),
    ]
