from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self) -> None:
        # The store says "a match changed"; bots listen (the store never imports them).
        from matches import bots
        from matches.live import account
        from matches.store import match_changed

        match_changed.connect(bots.on_match_changed, dispatch_uid="matches.bots")
        # ...and so do the account streams (your turn, a match finished).
        match_changed.connect(account.on_match_changed, dispatch_uid="matches.live.account")
