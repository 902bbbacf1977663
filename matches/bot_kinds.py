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
        "A kereső gép kis kerettel (lépésenként kb. 0,05 mp): gyors, nagyjából az okosabb gép "
        "szintjén.",
        "The search bot on a small budget (about 0.05 s a move): quick, about the heuristic "
        "bot's level."),
    "search": (
        "Kereső gép", "Search bot",
        "Lépésenként legfeljebb kb. negyed másodpercig keres; Káosz Galaktikában a mérésekben "
        "többnyire legyőzte az okosabb gépet.",
        "Searches up to about a quarter of a second a move; in Káosz Galaktika it beat the "
        "heuristic bot in most measured matches."),
    "search-hard": (
        "Kereső gép (nehéz)", "Search bot (hard)",
        "Lépésenként kb. egy másodpercig keres: a legnagyobb keret, ez lép a leglassabban.",
        "Searches about a second a move: the largest budget, and the slowest to move."),
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
