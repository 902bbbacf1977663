"""The bots a person can play against, each with ONE name used everywhere (issue 32).

The lobby, the simulations page, every board (through the page's JSON data, read by
board.js), the logs and the final scoring all name a bot from this table, so one bot never
has several names. ``kind`` is what the API and the engines call it (``bot:<kind>``).

Each entry: ``kind -> (name_hu, name_en, line_hu, line_en)``; the line says in a few words
how the bot plays (shown next to the choice in the lobby).
"""

from __future__ import annotations

BOT_KINDS: dict[str, tuple[str, str, str, str]] = {
    "random": (
        "Véletlen gép", "Random bot",
        "a szabályos lépések közül véletlenszerűen választ",
        "picks any legal move at random",
    ),
    "heuristic": (
        "Okos gép", "Smart bot",
        "egyszerű szabályok szerint a jobbnak látszó lépést választja",
        "picks the move that looks best by simple rules",
    ),
}


def bot_kinds_json() -> dict[str, list[str]]:
    """The table as the boards' JavaScript reads it (``json_script``)."""
    return {kind: list(names) for kind, names in BOT_KINDS.items()}
