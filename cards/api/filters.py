import django_filters
from django import forms

from cards import vocabulary as vocab
from cards.models import RACE_CHOICES, RARITY_CHOICES, SUBTYPE_CHOICES, TYPE_CHOICES, Card


class IntegerFilter(django_filters.NumberFilter):
    """A whole number (costs are whole; ``1.5`` is a 400, not "anything from 1.5")."""

    field_class = forms.IntegerField


class CardFilter(django_filters.FilterSet):
    type = django_filters.MultipleChoiceFilter(choices=TYPE_CHOICES)
    subtype = django_filters.MultipleChoiceFilter(choices=SUBTYPE_CHOICES)
    race = django_filters.MultipleChoiceFilter(choices=RACE_CHOICES)
    rarity = django_filters.MultipleChoiceFilter(choices=RARITY_CHOICES)
    official = django_filters.BooleanFilter()
    complete = django_filters.BooleanFilter()
    cost_min = IntegerFilter(field_name="cost", lookup_expr="gte")
    cost_max = IntegerFilter(field_name="cost", lookup_expr="lte")
    ability = django_filters.ChoiceFilter(choices=[(k, v[1]) for k, v in vocab.ABILITIES.items()],
                                          method="filter_ability")
    set = django_filters.CharFilter(method="filter_set")

    class Meta:
        model = Card
        fields = ["type", "subtype", "race", "rarity", "official", "complete"]

    def filter_ability(self, queryset, name, value):
        return queryset.filter(ability_tags__contains=f" {value} ")

    def filter_set(self, queryset, name, value):
        return queryset.filter(set_slugs__contains=f" {value} ")
