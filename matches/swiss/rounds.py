"""How many Swiss rounds to announce for a field (KG-13.4.2 leaves it to the organiser)."""

from __future__ import annotations


def suggested_rounds(players: int) -> int:
    """``max(3, ceil(log2 N))``, capped so a rematch-free schedule can exist.

    ceil(log2 N) rounds leave a single unbeaten player when N is a power of two; the
    minimum of 3 follows MTR 10.2. Without rematches a player meets at most N - 1
    others, and with at most one bye each an odd field allows N rounds at most.
    """
    if players < 2:
        return 0
    log2 = (players - 1).bit_length()  # ceil(log2 N) for N >= 2
    cap = players - 1 if players % 2 == 0 else players
    return min(max(3, log2), cap)
