from django.apps import AppConfig

from players import error_codes
from web import error_catalogue


class PlayersConfig(AppConfig):
    """People as players: ratings, leaderboards, player pages."""

    name = "players"

    def ready(self) -> None:
        error_catalogue.register("players", error_codes.CODES)
        # A finished rated match moves its players' ratings, and a move sets the next
        # turn-based deadline: listen to the store's signals (the store never imports
        # this app).
        from matches.live.account import account_event
        from matches.store import match_changed, match_writing
        from players import tasks
        from players.ratings import recording
        from players.turns import clocks

        match_changed.connect(recording.on_match_changed, dispatch_uid="players.ratings")
        match_writing.connect(clocks.on_match_writing, dispatch_uid="players.turns")
        match_changed.connect(tasks.on_match_changed, dispatch_uid="players.notify")
        account_event.connect(tasks.on_account_event,
                              dispatch_uid="players.notifications.kept")
