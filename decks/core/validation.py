"""Deck validation: the single source of truth for deck legality.

``validate(deck, fmt, index)`` checks a deck (``slug -> count``) against a format record
(:mod:`decks.core.formats`) and returns every violation at once::

    {"valid": bool,
     "errors":   [{"code", "message": {"hu", "en"}, "details": {...}, "cards": [slug],
                   "rule": "KG-..." | None}],
     "warnings": [... same shape ...],
     "stats":    deck_stats(...) | None}

The checks read only format data, never the format's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from decks.core.cardindex import Card, CardIndex, CardInfo, display_name
from decks.core.formats import RACES, Format, get_format
from decks.core.messages import hint, violation
from decks.core.messages import reasons as localized_reasons
from decks.core.stats import finish_stats
from rulesets import registry

Deck = Mapping[str, int]
Playability = Callable[[Card], list[str]]
Result = dict[str, Any]

# Sentinel: "use the ruleset's own playability check, if it has one".
DEFAULT: Any = object()
_NAME_LIST_LIMIT = 10  # names spelled out in one message; the full list is in details
SUGGEST_LIMIT = 20     # unknown cards per deck that get "did you mean" suggestions

_default_hooks: dict[tuple[str, tuple[tuple[str, Any], ...]], Playability | None] = {}


def default_playability(engine: str, options: Mapping[str, Any] | None = None) -> Playability | None:
    """The ruleset's own playability check (the optional protocol method, found through
    ``rulesets.registry``) bound to a format's ``engine_options``, or ``None`` when the
    ruleset has none. Resolved once per process and options, so the per-index memo of
    answers (keyed by the hook) keeps working across calls."""
    opts = dict(options or {})
    key = (engine, tuple(sorted(opts.items(), key=lambda kv: kv[0])))
    if key not in _default_hooks:
        check = registry.playability(engine)
        _default_hooks[key] = None if check is None else _bound(check, opts)
    return _default_hooks[key]


def _bound(check: Callable[[Card, Mapping[str, Any]], list[str]],
           options: Mapping[str, Any]) -> Playability:
    def hook(card: Card) -> list[str]:
        return check(card, options)
    return hook


def reset_default_playability() -> None:
    """Forget resolved engine hooks (tests, or after a ruleset is registered)."""
    _default_hooks.clear()


def _names(infos: list[CardInfo]) -> str:
    names = [i.name for i in infos]
    if len(names) > _NAME_LIST_LIMIT:
        return ", ".join(names[:_NAME_LIST_LIMIT]) + f", … (+{len(names) - _NAME_LIST_LIMIT})"
    return ", ".join(names)


def _unplayable(hook: Playability, card: Card) -> dict[str, Any] | None:
    """The ``deck_card_unplayable`` violation for ``card``, or ``None`` when playable."""
    try:
        reasons = list(hook(card) or [])
    except Exception as exc:  # an engine bug must not break the deck page
        reasons = [f"playability check failed: {type(exc).__name__}: {exc}"]
    if not reasons:
        return None
    return violation("deck_card_unplayable", {"name": display_name(card), "reasons": reasons},
                     [card["slug"]], rule=None, params={"reasons": localized_reasons(reasons)})


def _copy(v: dict[str, Any]) -> dict[str, Any]:
    # Memoised violations are handed out as copies so callers may modify their result.
    return {**v, "message": dict(v["message"]),
            "details": {"name": v["details"]["name"], "reasons": list(v["details"]["reasons"])},
            "cards": list(v["cards"])}


def validate(deck: Deck | Iterable[Any], fmt: str | Format, index: CardIndex, *,
             playability: Playability | None = DEFAULT, with_stats: bool = True) -> Result:
    """Check ``deck`` against format ``fmt``; see the module docstring for the result.

    ``deck`` is ``slug -> count``; other shapes go through :func:`normalize_deck`.
    ``playability(card) -> [reason]`` says why the rules engine cannot play a card (empty =
    playable). By default the format's engine hook is used when importable; pass ``None``
    to skip the check.
    """
    f = get_format(fmt)
    if not isinstance(deck, dict):
        deck = normalize_deck(deck)
    errors: list[dict[str, Any]] = []
    warnings: list[dict[str, Any]] = []
    read = _read(deck, f, index, errors, with_stats)
    items = read.items
    _check_size(f, read.total, errors)
    if f.max_copies is not None and read.copy_problem:
        _check_copies(f.max_copies, items, errors)
    if read.unofficial_seen and not f.allow_unofficial:
        _check_unofficial(items, errors)
    if f.checks_races:
        _check_races(f, items, errors, warnings)
    if f.used_types is not None:
        _check_used_types(f.used_types, items, warnings)
    hook = (default_playability(f.engine, f.engine_options)
            if playability is DEFAULT else playability)
    if hook is not None and f.playability is not None:
        _check_playability(hook, f, deck, index, items,
                           errors if f.playability == "error" else warnings)
    acc = read.acc
    return {
        "valid": not errors,
        "format": f.key,
        "errors": errors,
        "warnings": warnings,
        "stats": None if acc is None else finish_stats(
            acc, index.layout, read.cost_sum, read.total - read.unknown_total, len(items),
            read.unknown_total),
    }


class _Read(NamedTuple):
    """The deck read in one pass: its known cards with their counts, the totals, the
    statistics' counters, and flags for the rarely needed slow checks."""

    items: list[tuple[CardInfo, int]]
    total: int
    unknown_total: int
    cost_sum: int
    acc: list[int] | None
    copy_problem: bool
    unofficial_seen: bool


def _read(deck: Deck, f: Format, index: CardIndex, errors: list[dict[str, Any]],
          with_stats: bool) -> _Read:
    """One pass over the deck: bad counts and unknown cards are errors; the statistics
    are counted in the same pass (see stats.stats_of)."""
    info = index.info
    items: list[tuple[CardInfo, int]] = []
    acc = [0] * index.layout.size if with_stats else None
    copy_limit = f.max_copies if f.max_copies is not None else 1 << 62
    total = unknown_total = unknown_seen = cost_sum = 0
    copy_problem = unofficial_seen = False
    for slug, count in deck.items():
        if type(count) is not int or count < 1:
            errors.append(violation("deck_invalid_count", {"slug": slug, "count": count},
                                    [slug], rule=None))
            continue
        ci = info.get(slug)
        total += count
        if ci is None:
            unknown_total += count
            # Suggestions cost a fuzzy search each; a pasted junk list must stay cheap.
            unknown_seen += 1
            suggestions = index.closest(str(slug)) if unknown_seen <= SUGGEST_LIMIT else []
            errors.append(violation(
                "deck_unknown_card",
                {"slug": slug, "count": count, "suggestions": [c["slug"] for c in suggestions]},
                [slug], rule=None,
                params=hint([c.get("name_hu") or c["slug"] for c in suggestions])))
            continue
        items.append((ci, count))
        if acc is not None:
            t, s, r, c = ci.slots
            acc[t] += count
            acc[s] += count
            acc[r] += count
            acc[c] += count
            cost_sum += ci.cost0 * count
        # Flags for the rarely needed slow paths.
        if count > copy_limit or ci.name_shared:
            copy_problem = True
        if not ci.official:
            unofficial_seen = True
    return _Read(items, total, unknown_total, cost_sum, acc, copy_problem, unofficial_seen)


def _check_size(f: Format, total: int, errors: list[dict[str, Any]]) -> None:
    """KG-1.6.1 / KG-1.5.1 / KG-16.1.1: exact deck size."""
    if f.size is not None and total != f.size:
        diff = total - f.size
        errors.append(violation("deck_size",
                                {"expected": f.size, "actual": total, "diff": abs(diff)},
                                [], rule=f.data.get("size_rule"),
                                variant="too_many" if diff > 0 else "too_few"))


def _check_copies(max_copies: int, items: list[tuple[CardInfo, int]],
                  errors: list[dict[str, Any]]) -> None:
    """KG-1.6.2: at most N cards of the same *name* (different slugs may share a name)."""
    by_name: dict[str, list[tuple[CardInfo, int]]] = {}
    for ci, count in items:
        by_name.setdefault(ci.name_key, []).append((ci, count))
    for group in by_name.values():
        n = sum(c for _, c in group) if len(group) > 1 else group[0][1]
        if n > max_copies:
            errors.append(violation("deck_too_many_copies",
                                    {"name": group[0][0].name, "count": n,
                                     "max": max_copies},
                                    [ci.slug for ci, _ in group], rule="KG-1.6.2"))


def _check_unofficial(items: list[tuple[CardInfo, int]], errors: list[dict[str, Any]]) -> None:
    unofficial = [ci for ci, _ in items if not ci.official]
    if unofficial:
        errors.append(violation("deck_unofficial_card",
                                {"names": [ci.name for ci in unofficial]},
                                [ci.slug for ci in unofficial], rule=None,
                                params={"names": _names(unofficial)}))


def _check_used_types(used_types: frozenset[str], items: list[tuple[CardInfo, int]],
                      warnings: list[dict[str, Any]]) -> None:
    """KG-16.1.4: cards of a type the format never plays."""
    dead = [(ci, n) for ci, n in items if ci.type not in used_types]
    if dead:
        warnings.append(violation("deck_type_not_used",
                                  {"count": sum(n for _, n in dead),
                                   "names": [ci.name for ci, _ in dead],
                                   "used_types": sorted(used_types)},
                                  [ci.slug for ci, _ in dead], rule="KG-16.1.4",
                                  params={"names": _names([ci for ci, _ in dead])}))


def _check_playability(hook: Playability, f: Format, deck: Deck, index: CardIndex,
                       items: list[tuple[CardInfo, int]], sink: list[dict[str, Any]]) -> None:
    """The cards the rules engine cannot play. The engine is asked once per card and index;
    the answers (rendered violations) are memoised on the index, which is rebuilt whenever
    the card data changes. Set operations keep the common all-playable deck at C speed."""
    memo = index.playability_cache.get(hook)
    if memo is None:
        memo = index.playability_cache[hook] = {"asked": set(), "bad": {}}
    asked, bad = memo["asked"], memo["bad"]
    new = deck.keys() - asked
    if new:
        for ci, _ in items:
            if ci.slug in new:
                v = _unplayable(hook, index[ci.slug])
                if v is not None:
                    bad[ci.slug] = v
                asked.add(ci.slug)
    if bad and not bad.keys().isdisjoint(deck):
        used = f.used_types
        for ci, _ in items:
            v = bad.get(ci.slug)
            # Dead cards (quick start) are never played: the engine need not know them.
            if v is not None and (used is None or ci.type in used):
                sink.append(_copy(v))


def _check_races(f: Format, items: list[tuple[CardInfo, int]],
                 errors: list[dict[str, Any]], warnings: list[dict[str, Any]]) -> None:
    present = {ci.race for ci, _ in items}
    unknown = [ci for ci, _ in items if ci.race is None] if None in present else []
    present.discard(None)
    by_race: dict[str, list[tuple[CardInfo, int]]] = {}
    # Fast path: most decks break no race rule, so only group cards when one is broken.
    broken = any(a in present and b in present for a, b in f.opposed_races) or (
        f.max_races is not None and len(present) > f.max_races)
    if broken:
        for ci, count in items:
            if ci.race is not None:
                by_race.setdefault(ci.race, []).append((ci, count))

    # KG-1.6.3 / KG-1.6.4: no two cards of opposed races.
    for a, b in f.opposed_races:
        if a in by_race and b in by_race:
            cards_a = [ci.slug for ci, _ in by_race[a]]
            cards_b = [ci.slug for ci, _ in by_race[b]]
            errors.append(violation(
                "deck_opposed_races",
                {"races": [a, b], "cards_by_race": {a: cards_a, b: cards_b},
                 "count_a": sum(n for _, n in by_race[a]),
                 "count_b": sum(n for _, n in by_race[b])},
                cards_a + cards_b, rule="KG-1.6.3",
                params={"race_a": RACES.get(a, {"hu": a, "en": a}),
                        "race_b": RACES.get(b, {"hu": b, "en": b})}))

    # KG-13.3.1: any races, but at most N different ones.
    if f.max_races is not None and len(by_race) > f.max_races:
        races = [r for r in (*RACES, *sorted(by_race)) if r in by_race]
        races = list(dict.fromkeys(races))
        errors.append(violation(
            "deck_too_many_races",
            {"max": f.max_races, "count": len(races), "races": races},
            [ci.slug for r in races for ci, _ in by_race[r]], rule="KG-13.3.1",
            params={"races": {lang: ", ".join(RACES.get(r, {}).get(lang, r) for r in races)
                              for lang in ("hu", "en")}}))

    if unknown:
        warnings.append(violation("deck_race_unknown",
                                  {"count": len(unknown), "names": [ci.name for ci in unknown]},
                                  [ci.slug for ci in unknown], rule="KG-1.6.3",
                                  params={"names": _names(unknown)}))


def validate_many(decks: Iterable[tuple[Any, Deck]] | Mapping[Any, Deck], fmt: str | Format,
                  index: CardIndex, *, playability: Playability | None = DEFAULT,
                  with_stats: bool = False, total: int | None = None) -> Iterator[dict[str, Any]]:
    """Validate many decks, yielding after each one (for Celery progress)::

        {"key": key, "result": validate(...), "done": i, "total": n | None}

    ``decks`` is a mapping or an iterable of ``(key, deck)`` pairs; ``total`` defaults to
    ``len(decks)`` when it has one.
    """
    f = get_format(fmt)
    pairs = decks.items() if isinstance(decks, Mapping) else decks
    if total is None and hasattr(decks, "__len__"):
        total = len(decks)  # type: ignore[arg-type]
    for done, (key, deck) in enumerate(pairs, start=1):
        yield {"key": key,
               "result": validate(deck, f, index, playability=playability,
                                  with_stats=with_stats),
               "done": done, "total": total}


# -- deck shapes -----------------------------------------------------------------------------

def normalize_deck(value: Mapping[str, int] | Iterable[Any]) -> dict[str, int]:
    """A ``slug -> count`` dict from a mapping, ``[(slug, count)]``, ``[{"slug", "count"}]``
    or a list of slugs / card dicts with one entry per copy (the match config shape).
    Counts of repeated entries add up; key order is first appearance."""
    if isinstance(value, Mapping):
        return dict(value)
    out: dict[str, int] = {}
    for entry in value:
        if isinstance(entry, str):
            slug, count = entry, 1
        elif isinstance(entry, Mapping):
            slug, count = entry["slug"], entry.get("count", 1)
        else:
            slug, count = entry
        out[slug] = out.get(slug, 0) + count
    return out


def expand_deck(deck: Deck, index: CardIndex) -> list[Card]:
    """One card record per copy, in slug order (``config["decks"][seat]`` for the engine).
    Raises ``KeyError`` for an unknown slug — validate first."""
    return [index[slug] for slug in sorted(deck) for _ in range(deck[slug])]
