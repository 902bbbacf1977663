"""Why a card search found nothing, in words a new collector can act on.

`faj:ember`, the help page's own example, finds no official card: the rulebook gives almost
no race, cost or subtype, and an unknown value matches nothing. An empty result therefore
says how many official cards have that value unknown (with the `faj:?` search that lists
them) and how many practice cards would match (with the search that shows them).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from cards.models import Card
from cards.query import ParseResult, Term, mentions_officiality
from cards.query.ast import walk
from cards.query.parser import UNKNOWN, UNKNOWN_FIELDS
from cards.search import search_cards

# field -> (Hungarian keyword, "its <value>" in Hungarian, the value in English)
FIELD_WORDS: dict[str, tuple[str, str, str]] = {
    "race": ("faj", "faja", "race"),
    "cost": ("ár", "ára", "cost"),
    "subtype": ("altípus", "altípusa", "subtype"),
    "rarity": ("ritkaság", "ritkasága", "rarity"),
    "speed": ("seb", "sebessége", "speed"),
    "firepower": ("tűz", "tűzereje", "firepower"),
    "armor": ("pán", "páncélja", "armour"),
    "bombard": ("bomb", "bombázása", "bombard"),
}


@dataclass(frozen=True)
class Hint:
    hu: str
    en: str
    query: str  # the search that shows what the hint is about


def why_empty(text: str, parsed: ParseResult | None, user=None) -> list[Hint]:
    """Hints for a query that matched no card (the caller knows it matched none)."""
    if parsed is None or parsed.query is None:
        return []
    hints: list[Hint] = []
    asked = []
    for node in walk(parsed.query):
        if (isinstance(node, Term) and node.field in UNKNOWN_FIELDS
                and node.value != UNKNOWN and node.field not in asked):
            asked.append(node.field)
    for name in asked:
        unknown = Card.objects.filter(Q(**{f"{name}__isnull": True}), official=True).count()
        if unknown:
            keyword, hu, en = FIELD_WORDS.get(name, (name, name, name))
            hints.append(Hint(
                f"{unknown} hivatalos lap {hu} még ismeretlen, és az ismeretlen érték semmire "
                f"sem illik. Ezeket a(z) {keyword}:? keresés mutatja.",
                f"The {en} of {unknown} official cards is not known yet, and an unknown value "
                f"matches nothing. The search {keyword}:? lists them.",
                f"{keyword}:?"))
    if not mentions_officiality(parsed):
        practice = search_cards(f"({text}) is:unofficial", user=user).queryset.count()
        if practice:
            hints.append(Hint(
                f"A nem hivatalos gyakorló lapok közül {practice} illik rá.",
                f"{practice} of the unofficial practice cards match.",
                f"({text}) is:unofficial"))
    return hints
