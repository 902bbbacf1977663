"""The pure deck core of Kaosz: formats as data, validation, text and code formats,
statistics and the cost-curve chart. No Django import anywhere in this package.

A deck is a mapping ``slug -> count``; cards are fixture dicts (fixtures/cards/SCHEMA.md)
looked up through a :class:`CardIndex`.
"""

from decks.core.cardindex import CardIndex, fold, loose, slugify
from decks.core.deckcode import DeckCodeError
from decks.core.deckcode import decode as decode_deck_code
from decks.core.deckcode import encode as encode_deck_code
from decks.core.formats import FORMATS, Format, UnknownFormat, all_formats, get_format
from decks.core.stats import apply_diff, deck_stats, diff_decks
from decks.core.svg import cost_curve_svg
from decks.core.textformat import export_text, import_text
from decks.core.validation import (
    default_playability,
    expand_deck,
    normalize_deck,
    reset_default_playability,
    validate,
    validate_many,
)

__all__ = [
    "FORMATS",
    "CardIndex",
    "DeckCodeError",
    "Format",
    "UnknownFormat",
    "all_formats",
    "apply_diff",
    "cost_curve_svg",
    "deck_stats",
    "decode_deck_code",
    "default_playability",
    "diff_decks",
    "encode_deck_code",
    "expand_deck",
    "export_text",
    "fold",
    "get_format",
    "import_text",
    "loose",
    "normalize_deck",
    "reset_default_playability",
    "slugify",
    "validate",
    "validate_many",
]
