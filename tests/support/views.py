"""Comparing a bot's part of a view with the whole view (``tests/<game>/test_bot_view.py``)."""

from __future__ import annotations

from typing import Any


def cut(whole: Any, part: Any) -> Any:
    """``whole`` cut down to the shape of ``part``: of a dict the keys ``part`` has (those
    ``whole`` has), of a list of the same length each item cut alike, anything else as
    it is. ``part == cut(whole, part)`` says that ``part`` is ``whole`` with parts left
    out: a changed value, a key ``whole`` lacks or a changed length makes them differ."""
    if isinstance(part, dict) and isinstance(whole, dict):
        return {k: cut(whole[k], part[k]) for k in part if k in whole}
    if isinstance(part, list) and isinstance(whole, list) and len(part) == len(whole):
        return [cut(w, p) for w, p in zip(whole, part, strict=True)]
    return whole
