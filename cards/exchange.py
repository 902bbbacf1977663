"""JSON and CSV forms of the catalogue, for the import/export commands and the bulk API."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from cards.models import RECORD_FIELDS, Card
from kaosz import csvsafe

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


def from_csv(text: str) -> list[dict[str, Any]]:  # noqa: C901
    """Parse CSV rows into records; cell-level problems become FormatError with row/field."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("slug", "name_hu", "type") if c not in (reader.fieldnames or [])]
    if missing:
        raise FormatError([{"row": None, "field": c, "message": "missing column"} for c in missing])
    unknown = [c for c in reader.fieldnames or [] if c not in RECORD_FIELDS]
    if unknown:
        raise FormatError([{"row": None, "field": c, "message": "unknown column"}
                           for c in unknown])
    records: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for i, row in enumerate(reader, start=1):
        record: dict[str, Any] = {}
        for key, raw in row.items():
            raw = csvsafe.unescape((raw or "").strip())  # undo the export's formula guard
            if key in JSON_COLUMNS:
                try:
                    record[key] = json.loads(raw) if raw else None
                except json.JSONDecodeError as exc:
                    errors.append({"row": i, "field": key, "message": f"invalid JSON: {exc.msg}"})
            elif key in INT_COLUMNS:
                if raw == "":
                    record[key] = None
                elif raw.lstrip("-").isdigit():
                    record[key] = int(raw)
                else:
                    errors.append({"row": i, "field": key, "message": "a whole number or empty"})
            elif key == "abilities":
                record[key] = [a.strip() for a in raw.split(";") if a.strip()]
            elif key == "official":
                if raw.lower() in ("true", "1", "yes", ""):
                    record[key] = True
                elif raw.lower() in ("false", "0", "no"):
                    record[key] = False
                else:
                    errors.append({"row": i, "field": key, "message": "true or false"})
            else:
                record[key] = raw or None
        if record.get("provenance") is None:
            record["provenance"] = {}
        if record.get("sources") is None:
            record["sources"] = []
        records.append(record)
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
