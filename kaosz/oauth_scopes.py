"""The scopes an OAuth app may ask for, one per feature, and which a request needs (no
Django import: the settings read them)."""

from __future__ import annotations

# scope: (Hungarian, English) — what the consent page says an app may then do.
SCOPES: dict[str, tuple[str, str]] = {
    "read": ("Olvashatja a fiókodat, a meccseidet, a paklijaidat és a versenyeidet.",
             "Read your account, your matches, your decks and your tournaments."),
    "play": ("Léphet a meccseidben, meccset indíthat és feladhat helyetted.",
             "Make moves in your matches, start matches and resign them for you."),
    "challenge": ("Kihívást küldhet, fogadhat el és vonhat vissza a nevedben.",
                  "Send, accept and withdraw challenges in your name."),
    "tournaments": ("Versenyre nevezhet, versenyt szervezhet és eredményt jelenthet.",
                    "Enter and organise tournaments and report results."),
    "collection": ("Módosíthatja a gyűjteményedet, a paklijaidat és a javaslataidat.",
                   "Change your collection, your decks and your card proposals."),
}
DEFAULT_SCOPES = ["read"]

# The feature of each change, by path: the first prefix that matches names its scope.
CHANGE_SCOPES: list[tuple[str, str]] = [
    ("/api/v1/challenges/", "challenge"),
    ("/api/v1/matches/*/rematch/", "challenge"),
    ("/api/v1/matches/", "play"),
    ("/api/v1/simulations/", "play"),
    ("/api/v1/tournaments/", "tournaments"),
    ("/api/v1/collection/", "collection"),
    ("/api/v1/decks/", "collection"),
    ("/api/v1/contributions/", "collection"),
    ("/api/v1/cards/", "read"),   # (searches sent as POST: batch lookups, nothing changes)
]


def _matches(prefix: str, path: str) -> bool:
    if "*" not in prefix:
        return path.startswith(prefix)
    head, tail = prefix.split("*", 1)
    return path.startswith(head) and path.endswith(tail)


def required_scope(method: str, path: str) -> str | None:
    """The scope a request needs (None: no bearer token may make it)."""
    if method in ("GET", "HEAD", "OPTIONS"):
        return "read"
    return next((scope for prefix, scope in CHANGE_SCOPES if _matches(prefix, path)), None)
