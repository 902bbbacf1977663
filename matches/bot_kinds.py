"""The bots a person can play against, each with ONE name used everywhere.

The lobby, the simulations page, every board (through the page's JSON data, read by
board.js), the logs and the final scoring all name a bot from this table, so one bot never
has several names. ``kind`` is what a seat spec says after ``bot:`` and what a ruleset's
``bot_action`` takes; the ``search`` kinds are the searching bot (``rulesets/search``) at
its levels, and their lines sum up what ``bench/bot_strength.py`` measured (see ``bench/RESULTS.md``).

Each entry: ``kind -> (name_hu, name_en, line_hu, line_en)``, weakest first; the line says in
a few words how the bot plays and how strong it is (shown next to the choice in the lobby).
"""

from __future__ import annotations

BOT_KINDS: dict[str, tuple[str, str, str, str]] = {
    "random": (
        "Véletlen gép", "Random bot",
        "a szabályos lépések közül véletlenszerűen választ: a szabályok kipróbálására jó",
        "picks any legal move at random: good for trying out the rules",
    ),
    "heuristic": (
        "Okos gép", "Smart bot",
        "egyszerű szabályok szerint a jobbnak látszó lépést választja; a véletlen gépet "
        "szinte mindig legyőzi",
        "picks the move that looks best by simple rules; beats the random bot almost always",
    ),
    "search-easy": (
        "Kereső gép (könnyű)", "Search bot (easy)",
        "a kereső gép kis kerettel (lépésenként legfeljebb kb. 0,03 mp): gyors, nagyjából az "
        "okos gép szintjén",
        "the search bot on a small budget (up to about 0.03 s a move): quick, about the smart "
        "bot's level",
    ),
    "search": (
        "Kereső gép", "Search bot",
        "lépésenként legfeljebb kb. negyed másodpercig keres; a mérésekben az okos gép "
        "ellen tíz játszmából hetet-nyolcat nyert, a Pulsarban kilencet",
        "searches up to about a quarter of a second a move; measured against the smart bot, "
        "it won seven or eight games in ten, nine in Pulsar",
    ),
    "search-hard": (
        "Kereső gép (nehéz)", "Search bot (hard)",
        "a kereső gép négyszeres kerettel (lépésenként legfeljebb kb. fél másodperc): a "
        "mérésekben a KGK-ban és a Roll for the Galaxyben tíz játszmából nyolcat, az "
        "Űrcsempészekben és a Pulsarban hetet nyert a kereső gép ellen",
        "the search bot on four times its budget (up to about half a second a move): "
        "measured against the search bot, it won eight games in ten in KGK and Roll for the "
        "Galaxy and seven in Űrcsempészek and Pulsar",
    ),
}


def bot_name(kind: str, hungarian: bool) -> str:
    """The kind's display name (the kind itself when unknown)."""
    entry = BOT_KINDS.get(kind)
    if entry is None:
        return kind
    return entry[0] if hungarian else entry[1]


def bot_line(kind: str, hungarian: bool) -> str:
    """The kind's one line on how it plays (empty when unknown)."""
    entry = BOT_KINDS.get(kind)
    if entry is None:
        return ""
    return entry[2] if hungarian else entry[3]


def bot_kinds_json() -> dict[str, list[str]]:
    """The table as the boards' JavaScript reads it (``json_script``)."""
    return {kind: list(names) for kind, names in BOT_KINDS.items()}
