import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("name", models.CharField(max_length=100)),
                ("scope", models.CharField(choices=[("read", "read-only"),
                                                    ("write", "read-write")],
                                           default="write", max_length=5)),
                ("prefix", models.CharField(max_length=10)),
                ("digest", models.CharField(max_length=64, unique=True)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("last_used", models.DateTimeField(blank=True, null=True)),
                ("revoked", models.DateTimeField(blank=True, null=True)),
                ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="api_tokens",
                                           to=settings.AUTH_USER_MODEL)),
            ],
            options={"ordering": ["-created", "-id"]},
        ),
    ]
