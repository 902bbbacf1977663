"""Query parameters read as the schema documents them: a wrong value is a 400
``invalid_parameter`` naming the parameter, never silently read as something else."""

from __future__ import annotations

from typing import Any

from web.api.errors import ApiError

TRUE, FALSE = ("1", "true", "True"), ("0", "false", "False")


def flag(request: Any, name: str) -> bool | None:
    """``?name=true|false|1|0``: the boolean; absent: ``None`` (an empty value is not a
    boolean: a 400, as the schema's type says)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if raw in TRUE:
        return True
    if raw in FALSE:
        return False
    raise ApiError("invalid_parameter", f"{name}: true or false", 400, {"parameter": name})
