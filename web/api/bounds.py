"""Serializers of models whose integer bounds are the model's, not the database's.

Django gives a model's integer field the range its database stores (SQLite: 64 bits for
every kind; PostgreSQL: 16, 32 or 64 bits by kind), and Django REST framework turns that
range into the field's ``min_value``/``max_value``. The schema, and what the API accepts,
then depended on the database: a client generated against one refused answers of the
other. :class:`ModelSerializer` bounds each integer by its kind, whatever the database
(Django's portable ranges, which PostgreSQL's are), keeping a model's own tighter bounds.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from rest_framework import serializers


def integer_bounds(model_field: models.Field[Any, Any]) -> tuple[int, int] | None:
    """The values an integer model field holds on every database this project runs on."""
    kind = model_field.get_internal_type()
    if kind == "AutoField":
        kind = "IntegerField"
    elif kind == "BigAutoField":
        kind = "BigIntegerField"
    elif kind == "SmallAutoField":
        kind = "SmallIntegerField"
    return BaseDatabaseOperations.integer_field_ranges.get(kind)


class ModelSerializer(serializers.ModelSerializer):
    """``serializers.ModelSerializer`` with bounds that do not depend on the database."""

    def build_standard_field(self, field_name: str,
                             model_field: Any) -> tuple[type[serializers.Field], dict[str, Any]]:
        field_class, kwargs = super().build_standard_field(field_name, model_field)
        bounds = integer_bounds(model_field)
        if bounds is not None and issubclass(field_class, serializers.IntegerField) \
                and not kwargs.get("read_only"):
            low, high = bounds
            kwargs["min_value"] = max(low, kwargs.get("min_value", low))
            kwargs["max_value"] = min(high, kwargs.get("max_value", high))
        elif bounds is not None and "choices" in kwargs:
            # (a choice's values are its bounds: the range validators add nothing but
            # the database's numbers)
            kwargs["validators"] = [
                v for v in kwargs.get("validators", [])
                if not isinstance(v, (MinValueValidator, MaxValueValidator))]
        return field_class, kwargs
