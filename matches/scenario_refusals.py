"""A refused scenario in words, Hungarian first (the "set up a position" page), for any
game that offers scenarios (``rulesets.base.Scenarios``).

The engine refuses a document with a ``ConfigError`` whose code names the kind of mistake,
whose ``details["field"]`` is the path of the offending field
(``scenario.seats[1].surface[0].development``) and, for its catch-all codes,
``details["reason"]`` names the rule of the document it breaks; its message is English, for
API clients, and is never read here. A person on the page gets neither the code nor the
path: they get *where* in words ("the 2nd player (Laci), surface, 1st card, developments")
and *what is wrong* as a sentence in the page's language, both from the game's own words
(``rs.scenario_words()``: plain data, keyed by code and reason). What the person typed
themselves (a slug, a misspelt field name, a value) is quoted as they wrote it, in
``<code>``, so they can find it in their document.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from rulesets.base import ScenarioWords

SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")


def _hu(lang: str) -> bool:
    return lang.startswith("hu")


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if _hu(lang) else pair[1]


def _ordinal(n: int, lang: str) -> str:
    if _hu(lang):
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def where(words: ScenarioWords, field: str, doc: Any, lang: str,
          quote_last: bool = False) -> SafeString:
    """``scenario.seats[1].surface[0].development`` -> "2. játékos (Laci) › felszín › 1. lap ›
    fejlesztések". ``quote_last``: the last name is one the person typed (an unknown field)."""
    parts: list[SafeString] = []
    tokens = [(m.group(1), m.group(2)) for m in SEGMENT.finditer(field or "")]
    prev = None
    node = doc
    for i, (name, index) in enumerate(tokens):
        last = i == len(tokens) - 1
        if name == words.root and i == 0:
            continue
        if index is not None:
            n = int(index) + 1
            node = node[int(index)] if isinstance(node, list) and int(index) < len(node) \
                else None
            own = prev in words.items
            said = _pick(words.items[prev if own and prev is not None else ""], lang).format(
                n=n, nth=_ordinal(n, lang))
            who = node.get("name") if prev in words.named_items and isinstance(node, dict) \
                else None
            item = format_html("{} ({})", said, who) if isinstance(who, str) and who \
                else format_html("{}", said)
            if own:
                parts[-1:] = [item]      # "player 2" instead of "players"
            else:
                parts.append(item)       # "surface › 1st card"
            continue
        node = node.get(name) if isinstance(node, dict) else None
        if prev in words.quoted_under or (last and quote_last) or name not in words.fields:
            parts.append(format_html("<code>{}</code>", name))
        else:
            parts.append(format_html("{}", _pick(words.fields[name], lang)))
        prev = name
    if not parts:
        return format_html("{}", _pick(words.fields.get(words.root, ("leírás", "document")),
                                       lang))
    return format_html_join(" › ", "{}", ((p,) for p in parts))


def _value(words: ScenarioWords, value: Any, how: str | None, doc: Any, lang: str) -> str:
    """One placeholder of a sentence, escaped (it may echo what the person typed)."""
    items = list(value) if isinstance(value, list | tuple) else [value]
    if how == "kind":
        return str(escape(_pick(words.kinds.get(str(value), (str(value), str(value))), lang)))
    if how == "words":
        said = [_pick(words.fields.get(str(v), (str(v), str(v))), lang) for v in items]
        return str(escape(", ".join(dict.fromkeys(said))))
    if how == "codes":
        return str(format_html_join(", ", "<code>{}</code>", ((v,) for v in items)))
    if how == "list":
        return str(escape(", ".join(str(v) for v in items)))
    if how == "where":
        return str(where(words, str(value), doc, lang))
    return str(escape(value))


def _fill(words: ScenarioWords, template: str, details: dict[str, Any], doc: Any,
          lang: str) -> SafeString | None:
    """The game's sentence (HTML it wrote) with the refusal's values put in; None when the
    refusal lacks a value the sentence names."""
    missing: list[str] = []

    def one(m: re.Match[str]) -> str:
        if m.group(1) not in details:
            missing.append(m.group(1))
            return ""
        return _value(words, details[m.group(1)], m.group(2), doc, lang)

    filled = PLACEHOLDER.sub(one, template)
    if missing:
        return None
    # (safe: the game's own template, its values escaped by _value)
    return mark_safe(filled.replace("{{", "{").replace("}}", "}"))


def _what(words: ScenarioWords, code: str, message: str, details: dict[str, Any], doc: Any,
          lang: str) -> SafeString:
    for template in (words.reasons.get(str(details.get("reason", ""))), words.codes.get(code)):
        if template is not None:
            said = _fill(words, _pick(template, lang), details, doc, lang)
            if said is not None:
                return said
    # An unforeseen refusal: a general sentence, and the engine's own words after it.
    tail = message.split(": ", 1)[1] if ": " in message else message
    return format_html("{} <code>{}</code>", "Ez az érték itt nem megfelelő:" if _hu(lang)
                       else "This value is not right here:", tail)


def scenario_error(words: ScenarioWords, code: str, message: str,
                   details: dict[str, Any] | None, doc: Any, lang: str) -> SafeString:
    """The refusal as one HTML sentence: where (in words), then what is wrong."""
    details = details or {}
    field = str(details.get("field") or "")
    what = _what(words, code, message, details, doc, lang)
    if not field:
        return what
    place = where(words, field, doc, lang, quote_last=code in words.quote_last_for)
    return format_html("<strong>{}</strong>: {}", place, what)


def json_error(exc: ValueError, lang: str) -> SafeString:
    """A document that is not JSON: where the reader stopped, in words."""
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if line is None:
        return mark_safe(_pick(("A leírás nem olvasható JSON.", "The document is not readable "
                                "JSON."), lang))
    return format_html("{}", f"A leírás nem érvényes JSON: a hiba a(z) {line}. sor {col}. "
                       "oszlopánál van (például hiányzó vessző, idézőjel vagy zárójel)."
                       if _hu(lang) else f"The document is not valid JSON: the mistake is at "
                       f"line {line}, column {col} (a missing comma, quote or bracket, say).")
