"""The credits a main-phase list holds for (KG-9.3.3): what lets the speed layer keep a list
after an action that only changed the credits.

Every credit-dependent action of the main list is "cost <= credits". While the list is
built, each such cost is noted here: ``need`` is the highest cost among the actions
offered, ``nxt`` the lowest among those left out, so the same sections would offer the same
actions for any credit total in ``[need, nxt)``. The rules build their list through these
notes too (``turn.main_sections``), so there is one implementation of each section.
"""

from __future__ import annotations

from typing import Final

NEVER: Final = 1 << 30     # a ``need`` no credit total meets


class Bounds:
    """The credit bounds of one list, ``need`` and ``nxt`` (see above)."""

    __slots__ = ("need", "nxt")

    def __init__(self, need: int = 0, nxt: int = NEVER) -> None:
        self.need = need
        self.nxt = nxt

    def take(self, cost: int, cr: int) -> bool:
        """Whether ``cost`` is affordable with ``cr`` credits, noted in the bounds."""
        if cost <= cr:
            if cost > self.need:
                self.need = cost
            return True
        if cost < self.nxt:
            self.nxt = cost
        return False

    def vary(self) -> None:
        """The list holds for these credits only (an interrupt's targets vary with what
        it may pay for): no credit total keeps it."""
        self.need = NEVER
        self.nxt = 0
