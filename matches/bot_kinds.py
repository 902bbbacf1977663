"""The bot kinds a seat may be played by: one name and one line on its strength each,
in Hungarian and English, for the lobby, the simulations page, the board and the API.

``kind`` is what a seat spec says after ``bot:`` and what a ruleset's ``bot_action``
takes; the ``search`` kinds are the searching bot (``rulesets/search``) at its levels.
The strength lines sum up what ``bench/bot_strength.py`` measured (see the README).
"""

from __future__ import annotations

# kind -> (name_hu, name_en, line_hu, line_en), weakest first
BOT_KINDS: dict[str, tuple[str, str, str, str]] = {
    "random": (
        "Véletlen gép", "Random bot",
        "Találomra lép: a szabályok kipróbálására jó.",
        "Moves at random: good for trying out the rules."),
    "heuristic": (
        "Okosabb gép", "Heuristic bot",
        "Mohón játszik, egy lépésre előre néz; a véletlen gépet szinte mindig legyőzi.",
        "Plays greedily, one move ahead; beats the random bot almost always."),
    "search-easy": (
        "Kereső gép (könnyű)", "Search bot (easy)",
        "Kevés lehetséges folytatást próbál ki: gyors, az okosabb géppel nagyjából egy szinten.",
        "Tries few continuations: quick, about as strong as the heuristic bot."),
    "search": (
        "Kereső gép", "Search bot",
        "Lépésenként kb. negyed másodpercig keres: az okosabb gépnél erősebb.",
        "Searches about a quarter of a second a move: stronger than the heuristic bot."),
    "search-hard": (
        "Kereső gép (nehéz)", "Search bot (hard)",
        "Lépésenként kb. egy másodpercig keres: a legerősebb, de lassabban lép.",
        "Searches about a second a move: the strongest, and the slowest to move."),
}


def bot_name(kind: str, hungarian: bool) -> str:
    """The kind's display name (the kind itself when unknown)."""
    entry = BOT_KINDS.get(kind)
    if entry is None:
        return kind
    return entry[0] if hungarian else entry[1]


def bot_line(kind: str, hungarian: bool) -> str:
    """The kind's one line on how strong it is (empty when unknown)."""
    entry = BOT_KINDS.get(kind)
    if entry is None:
        return ""
    return entry[2] if hungarian else entry[3]
