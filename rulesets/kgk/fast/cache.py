"""The speed layer's cache, an object its caller owns (the ruleset object, a bot, a search).

It keeps the last legal list built, for the very state and decision it was built for
(a bot asks for the legal actions and then applies one, so ``apply`` need not build the
list again), the index a bot picked from it, and, for the main phase, where the
sections of that list sit (``layout``) and a cash or search waiting for its choice
(``pending``), from which ``main_list`` derives the next list instead of building it.

A kept list (``Kept``) is valid only while the state's ``seq`` (actions applied), its
pending decision object, its task count and the deciding seat's credits and hand size are
unchanged (``fits``); the state and decision objects are held, so their ids cannot
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


# A kept legal list (``Cache.kept``): ``(state, seq, dec, todo, cr, hand, legal, hint,
# handed)``, read by name. ``legal`` is decision ``dec``'s list in ``state``, valid while the
# state's ``seq`` (actions applied), its task count ``todo`` and the deciding seat's credits
# ``cr`` and hand size ``hand`` are unchanged (``fits``); ``hint`` is a bot's pick from it,
# ``handed`` the copies ``legal_actions`` handed out. (A plain tuple, not a class: one is
# built at every step, and a tuple is a fraction of an object's cost.)
Kept = tuple[GameState, int, Decision, int, int, int, list[Action], int | None,
             list[Action] | None]


def fits(kept: Kept, state: GameState, dec: Decision) -> bool:
    """Whether ``kept`` was built for this very state and decision, unchanged."""
    k_state, seq, k_dec, todo, cr, hand, _, _, _ = kept
    if k_state is not state or k_dec is not dec or seq != state.seq:
        return False
    p = state.p[dec["seat"]]
    return todo == len(state.todo) and cr == p.cr and hand == len(p.hand)


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

    def keep(self, state: GameState, dec: Decision, legal: list[Action],
             handed: list[Action] | None = None) -> None:
        """Keep ``legal`` as the legal list of ``dec`` in ``state`` as it is now (no pick
        yet), with the copies of it ``legal_actions`` handed out, if any."""
        p = state.p[dec["seat"]]
        self.kept = (state, state.seq, dec, len(state.todo), p.cr, len(p.hand), legal, None,
                     handed)
