"""The schema URL: ``?format=json`` (or ``yaml``) picks the representation, as client
generators and browsers expect; without it the Accept header decides (YAML by default).

The API turns DRF's ``?format=`` override off (``?format=csv`` is an export's own
parameter), so the schema view reads the parameter itself."""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularAPIView


class SchemaView(SpectacularAPIView):
    def perform_content_negotiation(self, request: Any, force: bool = False) -> Any:
        wanted = request.query_params.get("format")
        if wanted:
            for renderer in self.get_renderers():
                if renderer.format == wanted:
                    return renderer, renderer.media_type
        return super().perform_content_negotiation(request, force)
