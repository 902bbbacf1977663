from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self) -> None:
        # The store says "a match changed"; bots listen (the store never imports them).
        from matches import bots
        from matches.store import match_changed

        match_changed.connect(bots.on_match_changed, dispatch_uid="matches.bots")
