"""What ``OPTIONS`` answers on the API: the view's name, description, and media types.

DRF's default also describes the fields each writable method takes by building the view's
object, which fails on list routes that take PUT (``/collection/set/``: a 500). The schema
(``/api/v1/schema/``) is where clients learn the fields.
"""

from __future__ import annotations

from typing import Any

from rest_framework.metadata import SimpleMetadata


class PlainMetadata(SimpleMetadata):
    def determine_metadata(self, request: Any, view: Any) -> dict[str, Any]:
        out = super().determine_metadata(request, view)
        out.pop("actions", None)
        return out

    def determine_actions(self, request: Any, view: Any) -> dict[str, Any]:
        return {}
