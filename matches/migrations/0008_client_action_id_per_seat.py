"""A ``client_action_id`` is unique per seat of a match, not per match: a person could
otherwise take the key a bot (or another player) would send next, and that seat's own
move was refused for ever."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [("matches", "0007_notify_all_matches")]

    operations = [
        migrations.AddConstraint(
            model_name="matchaction",
            constraint=models.UniqueConstraint(
                condition=models.Q(("client_action_id__isnull", False)),
                fields=("match", "seat", "client_action_id"),
                name="match_action_seat_client_id_unique"),
        ),
        migrations.RemoveConstraint(model_name="matchaction",
                                    name="match_action_client_id_unique"),
    ]
