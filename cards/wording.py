"""Words for people: field labels, provenance, statuses and values, in Hungarian and English.

Pages never show a model field name, an engine key or a provenance code; they go through
these tables. Pure data and small functions (no Django import), so tests read them too.
"""

from __future__ import annotations

from typing import Any

from cards import vocabulary as vocab
from cards.notes_hu import note_words

# field -> (hu, en)
FIELD_LABELS: dict[str, tuple[str, str]] = {
    "slug": ("Azonosító", "Identifier"),
    "name_hu": ("Magyar név", "Hungarian name"),
    "name_en": ("Angol név", "English name"),
    "official": ("Hivatalos", "Official"),
    "type": ("Típus", "Type"),
    "subtype": ("Altípus", "Subtype"),
    "race": ("Faj", "Race"),
    "clan": ("Klán", "Clan"),
    "rarity": ("Ritkaság", "Rarity"),
    "cost": ("Ár", "Cost"),
    "cost_rule": ("Változó ár", "Variable cost"),
    "speed": ("Sebesség", "Speed"),
    "firepower": ("Tűzerő", "Firepower"),
    "armor": ("Páncél", "Armour"),
    "bombard": ("Bombázás", "Bombard"),
    "size": ("Méret (hangárhely)", "Size (hangar spaces)"),
    "modifiers": ("Módosítók", "Modifiers"),
    "dev_limit": ("Fejlesztési limit", "Development limit"),
    "abilities": ("Képességek", "Abilities"),
    "text_hu": ("Szöveg (magyar)", "Text (Hungarian)"),
    "text_en": ("Szöveg (angol)", "Text (English)"),
    "effect": ("Gépi hatás", "Machine effect"),
    "provenance": ("Eredet", "Provenance"),
    "sources": ("Források", "Sources"),
    "notes": ("Megjegyzés", "Notes"),
    "source_note": ("Forrás", "Source"),
    "image": ("Kép", "Picture"),
    "card": ("Lap", "Card"),
    "set": ("Kiadás", "Set"),
    "revision": ("Változat", "Revision"),
    "status": ("Állapot", "Status"),
}

STATUS_WORDS: dict[str, tuple[str, str]] = {
    "pending": ("ellenőrzésre vár", "waiting for review"),
    "approved": ("elfogadva", "approved"),
    "rejected": ("elutasítva", "rejected"),
}

KIND_WORDS: dict[str, tuple[str, str]] = {
    "new": ("Új lap", "New card"),
    "correction": ("Javítás", "Correction"),
}

REVISION_KIND_WORDS: dict[str, tuple[str, str]] = {
    "import": ("betöltés", "import"),
    "contribution": ("beküldés", "contribution"),
    "revert": ("visszaállítás", "revert"),
    "edit": ("szerkesztés", "edit"),
}

MODIFIER_WORDS: dict[str, tuple[str, str]] = {
    "speed": ("sebesség", "speed"), "firepower": ("tűzerő", "firepower"),
    "armor": ("páncél", "armour"), "bombard": ("bombázás", "bombard"),
}


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "hu" else pair[1]


def field_label(field: str, lang: str) -> str:
    if field.startswith("provenance."):
        return pick(FIELD_LABELS["provenance"], lang)
    return pick(FIELD_LABELS.get(field, (field.replace("_", " "), field.replace("_", " "))), lang)


def value_words(field: str, value: Any, lang: str, card_type: str | None = None) -> str:
    """A field's value as a player reads it; unknown for null."""
    unknown = "ismeretlen" if lang == "hu" else "unknown"
    if value is None or value == "":
        return unknown
    if field == "type":
        return pick(vocab.TYPES[value][:2], lang) if value in vocab.TYPES else str(value)
    if field == "subtype":
        for types in ([card_type] if card_type in vocab.TYPES else list(vocab.TYPES)):
            name = vocab.subtype_name(types, value, lang)
            if name:
                return name
        return str(value)
    if field == "race":
        return pick(vocab.RACES[value], lang) if value in vocab.RACES else str(value)
    if field == "rarity":
        return pick(vocab.RARITIES[value], lang) if value in vocab.RARITIES else str(value)
    if field == "cost_rule":
        return pick(vocab.COST_RULES[value], lang) if value in vocab.COST_RULES else str(value)
    if field == "abilities":
        if not value:
            return "nincs" if lang == "hu" else "none"
        return ", ".join(pick(vocab.ABILITIES.get(a, (a, a)), lang) for a in value)
    if field == "official":
        return ("igen" if value else "nem") if lang == "hu" else ("yes" if value else "no")
    if field == "modifiers" and isinstance(value, dict):
        return ", ".join(f"{pick(MODIFIER_WORDS.get(k, (k, k)), lang)} {v:+d}"
                         if isinstance(v, int) else f"{k} {v}" for k, v in value.items())
    if field == "dev_limit" and str(value) == "?":
        return "? (csapda)" if lang == "hu" else "? (trap)"
    return str(value)


def provenance_words(entry: dict[str, Any] | None, lang: str,
                     sources: list[dict[str, Any]] | None = None) -> str:
    """Where a value comes from, as a sentence: never the bare code."""
    hu = lang == "hu"
    if not entry:
        return ""
    source = entry.get("source")
    note = note_words((entry.get("note") or "").strip(), lang)
    if source == "stated":
        text = "A szabálykönyvből" if hu else "From the rulebook"
        if note:
            return f"{text}: {note}"
        # Without a note the section is named only when the card has one quoted source.
        sections = {s.get("section") for s in sources or [] if s.get("section")}
        return f"{text} ({sections.pop()})" if len(sections) == 1 else text
    if source == "derived":
        return ("Levezetve a szabálykönyvből" if hu else "Derived from the rulebook") + (
            f": {note}" if note else "")
    if source == "contributed":
        who = entry.get("by") or ""
        if who:
            text = f"{who} küldte be" if hu else f"Added by {who}"
        else:
            text = "Gyűjtő küldte be" if hu else "Added by a collector"
        return text + (f" ({note})" if note else "")
    if source == "practice":
        return ("A projekt gyakorló készletéből – nem nyomtatott lap" if hu
                else "From the project's practice set – not a printed card")
    # unknown: the value already says so; only a reason is worth a line
    return (("Miért ismeretlen: " if hu else "Why unknown: ") + note) if note else ""


def status_words(status: str, lang: str) -> str:
    return pick(STATUS_WORDS.get(status, (status, status)), lang)


def tr_words(hu: str, en: str) -> str:
    """Pick by the active language (for messages built in views)."""
    from django.utils.translation import get_language  # only views call this

    return hu if (get_language() or "hu").startswith("hu") else en
