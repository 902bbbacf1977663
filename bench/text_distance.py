"""The edit distance the photo benchmark and its tests score readings with.

A module of its own with no side effect on import: ``bench/card_photos.py`` sets up Django
(and DEBUG) when imported, so a test importing it would change the test process's
environment (that leak made test servers answer an outage with a debug page).
"""

from __future__ import annotations


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions, each costing one."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]
