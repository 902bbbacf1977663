"""Deck statistics and deck diffs (pure; JSON-ready results).

A deck everywhere in this package is a mapping ``slug -> count``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from decks.core.cardindex import CardIndex, CardInfo, StatsLayout
from decks.core.formats import TYPE_ORDER
from decks.core.messages import violation

Deck = Mapping[str, int]

COST_BUCKETS: tuple[str, ...] = tuple(str(i) for i in range(10)) + ("10+",)
# KG-1.5.3: advice only — at least half of the deck should be ships.
MIN_SHIP_SHARE = 0.5
_NTYPES = len(TYPE_ORDER)


def deck_stats(deck: Deck, index: CardIndex) -> dict[str, Any]:
    """Counts by type / subtype / race, cost curve, average cost and ship share.

    Unknown slugs and bad counts are skipped here (the validator reports them); they show
    up only in ``unknown_cards``.
    """
    items: list[tuple[CardInfo, int]] = []
    unknown = 0
    info = index.info
    for slug, count in deck.items():
        if type(count) is not int or count < 1:
            continue
        ci = info.get(slug)
        if ci is None:
            unknown += count
        else:
            items.append((ci, count))
    return stats_of(items, index.layout, unknown)


def stats_of(items: Iterable[tuple[CardInfo, int]], layout: StatsLayout,
             unknown: int = 0) -> dict[str, Any]:
    """Statistics over resolved cards of one index (``layout = index.layout``); ``unknown``
    copies count only toward ``total``. ``ship_share`` is over known cards and
    ``average_cost`` over known costs; unknown and variable costs are counted apart."""
    acc = [0] * layout.size
    cost_sum = total = distinct = 0
    for ci, count in items:
        total += count
        distinct += 1
        t, s, r, c = ci.slots
        acc[t] += count
        acc[s] += count
        acc[r] += count
        acc[c] += count
        cost_sum += ci.cost0 * count
    return finish_stats(acc, layout, cost_sum, total, distinct, unknown)


def finish_stats(acc: list[int], layout: StatsLayout, cost_sum: int, total: int,
                 distinct: int, unknown: int) -> dict[str, Any]:
    """The statistics dict from slot counters (the validator fills them in its own loop)."""
    # The six KG-4 types always appear (charts want the zeros); odd types only when used.
    by_type = {t: acc[k] for n, (t, k) in enumerate(layout.types) if n < _NTYPES or acc[k]}
    by_subtype = {t: {sub: acc[k] for sub, k in subs if acc[k]}
                  for t, tk, subs in layout.subtypes_by_type if acc[tk]}
    cost_n = sum(acc[:11])
    ships = by_type["ship"]
    share = ships / total if total else 0.0
    notes = []
    if total and share < MIN_SHIP_SHARE:
        notes.append(violation("stats_few_ships",
                               {"ships": ships, "total": total, "percent": round(share * 100)},
                               [], rule="KG-1.5.3"))
    return {
        "total": total + unknown,
        "distinct": distinct,
        "unknown_cards": unknown,
        "by_type": by_type,
        "by_subtype": by_subtype,
        "by_race": {r: acc[k] for r, k in layout.races if acc[k]},
        "cost_curve": dict(zip(COST_BUCKETS, acc[:11], strict=True)),
        "cost_unknown": acc[11],
        "cost_variable": acc[12],
        # int(x + 0.5) instead of round(): several times faster, same for these positives.
        "average_cost": int(cost_sum * 100 / cost_n + 0.5) / 100 if cost_n else None,
        "ship_share": int(share * 10000 + 0.5) / 10000,
        "notes": notes,
    }


def diff_decks(old: Deck, new: Deck) -> dict[str, Any]:
    """What changed from ``old`` to ``new`` (for deck revisions), sorted by slug.

    ``{"added": [{slug, count}], "removed": [{slug, count}],
    "changed": [{slug, from, to, delta}], "cards_added": n, "cards_removed": n}``
    where the last two are totals of copies in and out.
    """
    added, removed, changed = [], [], []
    cards_in = cards_out = 0
    for slug in sorted(set(old) | set(new)):
        a, b = old.get(slug, 0), new.get(slug, 0)
        if a == b:
            continue
        if a == 0:
            added.append({"slug": slug, "count": b})
        elif b == 0:
            removed.append({"slug": slug, "count": a})
        else:
            changed.append({"slug": slug, "from": a, "to": b, "delta": b - a})
        if b > a:
            cards_in += b - a
        else:
            cards_out += a - b
    return {"added": added, "removed": removed, "changed": changed,
            "cards_added": cards_in, "cards_removed": cards_out}


def apply_diff(old: Deck, diff: Mapping[str, Any]) -> dict[str, int]:
    """Rebuild the new deck from the old one and a :func:`diff_decks` result."""
    out = dict(old)
    for row in diff["removed"]:
        out.pop(row["slug"], None)
    for row in diff["added"]:
        out[row["slug"]] = row["count"]
    for row in diff["changed"]:
        out[row["slug"]] = row["to"]
    return out
