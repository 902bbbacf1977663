"""JSON request bodies with the types the schema documents, not DRF's best guess.

DRF's fields coerce: a ``CharField`` takes ``0`` as ``"0"``, an ``IntegerField`` takes
``"5"``, a ``BooleanField`` takes ``"yes"`` or ``1``. For a form post that is right (every
value arrives as text), but a JSON client that sends ``{"name": 0}`` has a bug the API
should name, and the schema promises a string. ``StrictJSONMixin`` checks the JSON type of
each given value against its field before DRF's own validation; form and multipart bodies
(a ``QueryDict``) are left to DRF as they are.
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

# (field class, the JSON types it takes, how the error names them). Order matters: the
# first class a field is an instance of decides (ChoiceField before CharField...).
_KINDS: list[tuple[type, tuple[type, ...], str]] = [
    (serializers.BooleanField, (bool,), "a boolean"),
    (serializers.IntegerField, (int,), "an integer"),
    (serializers.FloatField, (int, float), "a number"),
    (serializers.DecimalField, (int, float), "a number"),
    (serializers.ListField, (list,), "a list"),
    (serializers.DictField, (dict,), "an object"),
    (serializers.CharField, (str,), "a string"),
]


def type_problem(field: serializers.Field, value: Any) -> str | None:
    """The error message when ``value`` (from JSON) is not of ``field``'s JSON type."""
    if value is None:
        return None  # DRF's own allow_null check answers this one
    if isinstance(field, serializers.MultipleChoiceField):
        return None
    if isinstance(field, serializers.ChoiceField):
        kinds = {type(key) for key in field.choices}
        wrong_type = bool(kinds) and not isinstance(value, tuple(kinds))
        if wrong_type or (isinstance(value, bool) and bool not in kinds):
            return f"Expected one of: {', '.join(str(k) for k in field.choices)}."
        return None
    for cls, types, name in _KINDS:
        if isinstance(field, cls):
            if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
                return f"Expected {name}."
            if isinstance(field, serializers.ListField) and isinstance(value, list):
                return _list_problem(field, value)
            return None
    return None


def _list_problem(field: serializers.ListField, value: list[Any]) -> str | None:
    for i, item in enumerate(value):
        problem = type_problem(field.child, item)
        if problem:
            return f"Item {i}: {problem}"
    return None


class StrictJSONMixin:
    """Refuse JSON values of the wrong type (a 400 ``invalid`` naming each field)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict) and not isinstance(data, QueryDict):
            errors = {}
            for name, field in self.fields.items():  # type: ignore[attr-defined]
                if field.read_only or field.source == "*":
                    continue
                if name in data:
                    problem = type_problem(field, data[name])
                    if problem:
                        errors[name] = [problem]
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)  # type: ignore[misc]


@extend_schema_field({"type": "object", "additionalProperties": True})
class JSONObjectField(serializers.JSONField):
    """A JSON object (documented as one; DRF's JSONField would be "any value")."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            self.fail("invalid")
        return super().to_internal_value(data)
