"""The name skeleton of every user who signed up before skeletons were kept."""

from django.conf import settings
from django.db import migrations

from ludoteca.web.accounts.names import skeleton


def fill(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    NameSkeleton = apps.get_model("accounts", "NameSkeleton")
    NameSkeleton.objects.bulk_create(
        [
            NameSkeleton(user_id=pk, skeleton=skeleton(name))
            for pk, name in User.objects.values_list("pk", "username")
        ],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
