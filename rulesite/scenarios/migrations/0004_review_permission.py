"""The permission to mark a ruling reviewed, and the ``reviewers`` group that holds it.

An administrator makes a judge a reviewer by adding them to the group in the admin.
"""

from django.db import migrations


def reviewers_group(apps, schema_editor):
    """Create the ``reviewers`` group with ``scenarios.review_ruling`` (Django makes permission
    rows after migrating; this one is made now, as Django would, so the group can hold it)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    alias = schema_editor.connection.alias  # the database being migrated, not always the default
    content_type, _ = ContentType.objects.using(alias).get_or_create(app_label="scenarios", model="annotation")
    permission, _ = Permission.objects.using(alias).get_or_create(
        codename="review_ruling", content_type=content_type, defaults={"name": "Can mark a ruling reviewed"})
    group, _ = Group.objects.using(alias).get_or_create(name="reviewers")
    group.permissions.add(permission)


def no_reviewers_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.using(schema_editor.connection.alias).filter(name="reviewers").delete()


class Migration(migrations.Migration):

    dependencies = [
        ("scenarios", "0003_scenario_board"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="annotation",
            options={"ordering": ["-updated_at"], "permissions": [("review_ruling", "Can mark a ruling reviewed")]},
        ),
        migrations.RunPython(reviewers_group, no_reviewers_group),
    ]
