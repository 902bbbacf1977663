from django.apps import AppConfig

from matches import error_codes
from web import error_catalogue


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self) -> None:
        error_catalogue.register("matches", error_codes.CODES)
        # The store says "a match changed"; bots listen (the store never imports them).
        # (Imported here: models may be imported only once the app registry is ready.)
        from matches import bots  # (app loading: see above)
        from matches.live import account  # (app loading: see above)
        from matches.store import match_changed  # (app loading: see above)

        match_changed.connect(bots.on_match_changed, dispatch_uid="matches.bots")
        # ...and so do the account streams (your turn, a match finished).
        match_changed.connect(account.on_match_changed, dispatch_uid="matches.live.account")
