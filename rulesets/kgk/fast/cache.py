"""The speed layer's cache, an object its caller owns (the ruleset object, a bot, a search).

It keeps the last legal list built, for the very state and decision it was built for
(a bot asks for the legal actions and then applies one, so ``apply`` need not build the
list again), the index a bot picked from it, and, for the main phase, where the
sections of that list sit (``layout``) and a cash or search waiting for its choice
(``pending``), from which ``main_list`` derives the next list instead of building it.

A kept list (``Kept``) is valid only while the state's ``seq`` (actions applied), its
pending decision object, its task count and the deciding seat's credits and hand size are
unchanged (``Kept.fits``); the state and decision objects are held, so their ids cannot
be recycled. Each of ``kept``, ``layout`` and ``pending`` is replaced as a whole and read
once per use, so threads sharing one cache never mix one state's key with another's list
(at worst one rebuilds a list).
"""

from __future__ import annotations

from rulesets.kgk.jsontypes import Action, Decision, GameState

# The main list built last and where its sections sit, for ``main_list.after_develop``
# and friends: ``(acts, hand_end, pay_end, dev_start, cash_start, draw_start,
# attack_start, need, nxt)``, always unpacked whole, by name (see ``main_list``).
# (A plain tuple, not a class: one is built after most main-phase actions.)
MainLayout = tuple[list[Action], int, int, int, int, int, int, int, int]

# After a cash (KG-4.5.13) or a search (KG-9.3.3 h): the layout of the main list it was
# picked from, for the choice that completes it, with what that choice must find
# unchanged: ``(state, seq, layout, why, base, credits, hand, todo)``.
ChoicePending = tuple[GameState, int, MainLayout, str, int, int, int, int]


class Kept:
    """A legal list with the state and decision it was built for, and a bot's pick."""

    __slots__ = ("state", "seq", "dec", "todo", "cr", "hand", "legal", "hint", "handed")

    def __init__(self, state: GameState, dec: Decision, legal: list[Action]) -> None:
        p = state.p[dec["seat"]]
        self.state = state
        self.seq: int = state.seq
        self.dec = dec
        self.todo = len(state.todo)
        self.cr: int = p.cr
        self.hand = len(p.hand)
        self.legal = legal
        self.hint: int | None = None            # a bot's pick from ``legal``
        self.handed: list[Action] | None = None  # the copies legal_actions handed out

    def fits(self, state: GameState, dec: Decision) -> bool:
        """Whether it was built for this very state and decision, unchanged."""
        if self.state is not state or self.dec is not dec or self.seq != state.seq:
            return False
        p = state.p[dec["seat"]]
        return self.todo == len(state.todo) and self.cr == p.cr \
            and self.hand == len(p.hand)


class Cache:
    """One caller's kept legal list, main-list layout and pending choice."""

    __slots__ = ("kept", "layout", "pending")

    def __init__(self) -> None:
        self.kept: Kept | None = None
        self.layout: MainLayout | None = None
        self.pending: ChoicePending | None = None

    def forget(self) -> None:
        """Drop everything kept (after a resignation, or a state or its card definitions
        edited by hand)."""
        self.kept = None
        self.layout = None
        self.pending = None

    def keep(self, state: GameState, dec: Decision, legal: list[Action]) -> None:
        """Keep ``legal`` as the legal list of ``dec`` in ``state`` (no pick yet)."""
        self.kept = Kept(state, dec, legal)
