"""JSON and CSV forms of the catalogue, for the import/export commands and the bulk API."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from cards.models import RECORD_FIELDS, Card
from web import csvsafe
from web.api.guard import MAX_JSON_DEPTH, bad_text, check_document

JSON_COLUMNS = ("modifiers", "effect", "provenance", "sources")
INT_COLUMNS = ("cost", "speed", "firepower", "armor", "bombard", "size")


class FormatError(ValueError):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(e["message"] for e in errors))
        self.errors = errors


def export_records(queryset=None) -> list[dict[str, Any]]:
    qs = queryset if queryset is not None else Card.objects.all()
    return [c.to_record() | {"sets": c.set_slugs.split()} for c in qs.order_by("slug")]


def to_csv(records: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(RECORD_FIELDS), extrasaction="ignore")
    writer.writeheader()
    for record in records:
        row = {}
        for key in RECORD_FIELDS:
            value = record.get(key)
            if key in JSON_COLUMNS:
                row[key] = "" if value is None else json.dumps(value, ensure_ascii=False)
            elif key == "abilities":
                row[key] = ";".join(value or [])
            elif key == "official":
                row[key] = "true" if value else "false"
            else:
                row[key] = "" if value is None else value
            row[key] = csvsafe.cell(row[key])  # no formulas when opened in a spreadsheet
        writer.writerow(row)
    return out.getvalue()


# What one CSV cell may be: an integer column's value fits the catalogue's numbers (a
# 5,000-digit number was a ValueError, a 500), a JSON cell is nested at most as deep as
# the API allows (50,000 '[' was a RecursionError), and no cell carries NUL (which
# PostgreSQL refuses in text) or a lone surrogate.
_INT = re.compile(r"[+-]?\d{1,6}")


def _json_cell(raw: str) -> tuple[Any, str | None]:
    if not raw:
        return None, None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"invalid JSON: {exc.msg}"
    except RecursionError:
        return None, f"JSON nested more than {MAX_JSON_DEPTH} levels deep"
    return value, check_document(value)


def _cell(key: str, raw: str) -> tuple[Any, str | None]:
    """The value of one cell, or why it is refused."""
    if bad_text(raw):
        return None, "a NUL character or a lone surrogate"
    if key in JSON_COLUMNS:
        return _json_cell(raw)
    if key in INT_COLUMNS:
        if raw == "":
            return None, None
        return (int(raw), None) if _INT.fullmatch(raw) else (None, "a whole number or empty")
    if key == "abilities":
        return [a.strip() for a in raw.split(";") if a.strip()], None
    if key == "official":
        if raw.lower() in ("true", "1", "yes", ""):
            return True, None
        if raw.lower() in ("false", "0", "no"):
            return False, None
        return None, "true or false"
    return raw or None, None


def from_csv(text: str, max_rows: int | None = None) -> list[dict[str, Any]]:
    """Parse CSV rows into records; cell-level problems become FormatError with row/field.
    More than ``max_rows`` rows (when given) is refused before any row is read."""
    reader = csv.DictReader(io.StringIO(text))
    try:
        fieldnames = reader.fieldnames or []
    except csv.Error as exc:
        raise FormatError([{"row": None, "field": "", "message": f"not CSV: {exc}"}]) from exc
    missing = [c for c in ("slug", "name_hu", "type") if c not in fieldnames]
    if missing:
        raise FormatError([{"row": None, "field": c, "message": "missing column"} for c in missing])
    unknown = [c for c in fieldnames if c not in RECORD_FIELDS]
    if unknown:
        raise FormatError([{"row": None, "field": c, "message": "unknown column"}
                           for c in unknown])
    records: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    try:
        for i, row in enumerate(reader, start=1):
            if max_rows is not None and i > max_rows:
                raise FormatError([{"row": None, "field": "",
                                    "message": f"more than {max_rows} rows"}])
            record: dict[str, Any] = {}
            for key, raw in row.items():
                if key is None:  # (more cells than columns)
                    errors.append({"row": i, "field": "", "message": "too many cells"})
                    continue
                value, why = _cell(key, csvsafe.unescape((raw or "").strip()))
                if why:
                    errors.append({"row": i, "field": key, "message": why})
                else:
                    record[key] = value
            if record.get("provenance") is None:
                record["provenance"] = {}
            if record.get("sources") is None:
                record["sources"] = []
            records.append(record)
    except csv.Error as exc:
        errors.append({"row": reader.line_num, "field": "", "message": f"not CSV: {exc}"})
    if errors:
        raise FormatError(errors)
    return records


def read_file(path: Path, fmt: str | None = None) -> tuple[list[Any], dict[str, Any] | None]:
    """Records and the set they belong to (JSON files may carry a ``set``)."""
    fmt = fmt or path.suffix.lstrip(".").lower()
    text = path.read_text(encoding="utf-8")
    if fmt == "csv":
        return from_csv(text), None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError([{"row": None, "field": "",
                            "message": f"invalid JSON at line {exc.lineno}: {exc.msg}"}]) from exc
    if isinstance(data, dict) and "cards" in data:
        return data["cards"], data.get("set")
    if isinstance(data, list):
        return data, None
    raise FormatError([{"row": None, "field": "",
                        "message": "expected a list of cards or {\"set\": ..., \"cards\": [...]}"}])
