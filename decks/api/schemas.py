"""The deck API's answers as typed schemas (a format declared only `key` while
thirteen fields were sent; validation errors were `list[Any]`). They document what
``decks.core.formats`` and ``decks.core.validation`` produce; the strict schema test
(tests/api/test_answers_match_schema.py) fails when those produce a field not named here."""

from __future__ import annotations

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers


class Translated(serializers.Serializer):
    hu = serializers.CharField()
    en = serializers.CharField()


class Format(serializers.Serializer):
    key = serializers.CharField()
    title = Translated()
    description = Translated()
    size = serializers.IntegerField(allow_null=True, help_text="Exact deck size (null: any).")
    size_rule = serializers.CharField(allow_null=True, required=False,
                                      help_text="The rule that sets the size.")
    max_copies = serializers.IntegerField(allow_null=True, help_text="Copies of one name.")
    opposed_races = serializers.ListField(child=serializers.ListField(
        child=serializers.CharField()), help_text="Pairs of races that may not mix.")
    max_races = serializers.IntegerField(allow_null=True)
    allow_unofficial = serializers.BooleanField()
    used_types = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                       help_text="Card types the game uses (null: all).")
    playability = serializers.CharField(help_text=(
        "Whether cards the engine cannot play are an `error`, a `warning` or not checked."))
    engine = serializers.CharField(help_text="The ruleset that plays this format.")
    engine_options = serializers.DictField(help_text="Options handed to the ruleset.")
    rules = serializers.ListField(child=serializers.CharField(), help_text="Rule ids.")


def _ints() -> serializers.Field:
    return serializers.IntegerField(required=False)


def _strs() -> serializers.Field:
    return serializers.ListField(child=serializers.CharField(), required=False)


class ViolationDetails(serializers.Serializer):
    """The facts a violation carries, each under the one name every code uses for it
    (``decks.core.validation``, ``textformat``, ``stats`` and ``decks.services``), each
    present only where its code writes it."""

    name = serializers.CharField(required=False, help_text="The card's name.")
    names = _strs()
    slug = serializers.CharField(required=False)
    count = _ints()
    max = _ints()
    expected = serializers.IntegerField(required=False, help_text="deck_size: the size.")
    actual = _ints()
    diff = _ints()
    reasons = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="Why the engine cannot play the card.")
    suggestions = serializers.ListField(child=serializers.CharField(), required=False,
                                        help_text="Close card slugs.")
    candidates = serializers.ListField(child=serializers.CharField(), required=False,
                                       help_text="The cards an ambiguous name may mean.")
    used_types = _strs()
    races = _strs()
    cards_by_race = serializers.DictField(child=serializers.ListField(
        child=serializers.CharField()), required=False, help_text="race → card slugs")
    count_a = _ints()
    count_b = _ints()
    line = serializers.IntegerField(required=False, help_text="The text's line (from 1).")
    text = serializers.CharField(required=False, help_text="That line as written.")
    position = serializers.IntegerField(required=False, help_text="The entry in `cards`.")
    ships = _ints()
    total = _ints()
    percent = _ints()


class DeckViolation(serializers.Serializer):
    code = serializers.CharField(help_text="e.g. deck_size, deck_copies, deck_races, "
                                 "deck_unknown_card, deck_card_unplayable (an open list).")
    message = Translated()
    details = ViolationDetails(help_text="Code-specific facts (names, counts).")
    cards = serializers.ListField(child=serializers.CharField(), help_text="Card slugs.")
    rule = serializers.CharField(allow_null=True, help_text="The rulebook rule, e.g. KG-1.6.")


class DeckStats(serializers.Serializer):
    total = serializers.IntegerField()
    distinct = serializers.IntegerField()
    unknown_cards = serializers.IntegerField()
    by_type = serializers.DictField(child=serializers.IntegerField())
    by_subtype = serializers.DictField(child=serializers.DictField(
        child=serializers.IntegerField()))
    by_race = serializers.DictField(child=serializers.IntegerField())
    cost_curve = serializers.DictField(child=serializers.IntegerField(),
                                       help_text='"0" to "9" and "10+".')
    cost_unknown = serializers.IntegerField()
    cost_variable = serializers.IntegerField()
    average_cost = serializers.FloatField(allow_null=True)
    ship_share = serializers.FloatField()
    notes = DeckViolation(many=True)


# (built by inline_serializer: a field named `errors` would shadow Serializer.errors)
DeckValidation = inline_serializer("DeckValidation", fields={
    "valid": serializers.BooleanField(),
    "format": serializers.CharField(required=False, help_text="The format checked."),
    "errors": DeckViolation(many=True),
    "warnings": DeckViolation(many=True),
    "stats": DeckStats(allow_null=True, required=False),
    "code": serializers.CharField(allow_null=True, required=False,
                                  help_text="The deck code (validate only)."),
})


class DeckCardEntry(serializers.Serializer):
    """One line of a deck given as a list (``cards`` of a validation, ``card_list`` of a
    saved deck): ``decks.services.parse_input`` reads exactly these two keys."""

    card = serializers.CharField(help_text="The card's slug, or its name in Hungarian or "
                                 "English (accents optional).")
    count = serializers.IntegerField(min_value=1, max_value=99, required=False, default=1,
                                     help_text="Copies (default 1).")


class BulkDeck(serializers.Serializer):
    """One deck of a bulk validation: a key of the caller's choosing and the list, given
    one way (as text, as cards or as a deck code)."""

    key = serializers.CharField(required=False, help_text="Returned with its result "
                                "(default: the deck's position).")
    text = serializers.CharField(required=False, help_text="One line per card: `3 Name`.")
    cards = serializers.ListField(child=DeckCardEntry(), required=False)
    code = serializers.CharField(required=False, help_text="The deck code.")


# One deck's result in a bulk validation job (``decks.tasks.bulk_validate``). (Inline: a
# serializer class cannot have a field named ``errors``, DRF's own property.)
BulkResult = inline_serializer("BulkResult", fields={
    "key": serializers.CharField(),
    "valid": serializers.BooleanField(),
    "errors": DeckViolation(many=True),
    "warnings": DeckViolation(many=True),
})
