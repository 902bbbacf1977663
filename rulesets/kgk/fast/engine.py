"""``FastEngine``: the KGK rules wrapped for bots, simulations and search.

It answers the protocol's ``legal_actions``, ``bot_action`` and ``apply`` with the same
lists and the same results as the rules layer (``rulesets/kgk/engine.py``, the
reference), faster: the main list is written out in one pass (``main_list``), the list a
bot picked from is reused by ``apply`` instead of being built again, and after the
commonest main-phase actions the next list is derived from the one before. Everything it
keeps lives in the object (``Cache``), which its caller owns: the ruleset object keeps
one per thread, a search may keep its own.

``tests/kgk/test_fast_layer.py`` plays seeded matches in every format through this
engine and the plain one side by side and compares the lists at every decision.
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.kgk import engine as rules
from rulesets.kgk.fast import main_list
from rulesets.kgk.fast.cache import Cache, fits
from rulesets.kgk.jsontypes import Action, Decision, GameState
from rulesets.kgk.table import DECISIONS
from rulesets.rng import sha256
from rulesets.search import LEVELS, Game
from rulesets.search import bot_action as search_bot_action

_from_bytes: Final = int.from_bytes
# The actions after which the next main list may be derived from the one they were picked
# from (``FastEngine._next_list``): most actions are none of these.
_DERIVING: Final = frozenset(("develop", "draw", "place", "cash", "search", "choose"))


class FastEngine(Cache):
    """The speed layer for one caller: the protocol's legal list, bot step and apply."""

    __slots__ = ("search_on",)

    def __init__(self, search_on: Game | None = None) -> None:
        super().__init__()
        # The ruleset object whose ``bot_action`` this is, for the searching bot's levels
        # (``rulesets/search``, which searches on that object); None: the game's own bots
        # only.
        self.search_on = search_on

    def build(self, state: GameState, dec: Decision) -> list[Action]:
        """``dec``'s legal list, built now (the main list written out in one pass)."""
        kind = dec["kind"]
        if kind == "main":
            return main_list.main_legal(self, state, dec)
        return DECISIONS[kind].legal(state, dec)

    def kept_legal(self, state: GameState, seat: int) -> list[Action]:
        """``seat``'s legal list, kept for ``apply`` (shared: callers must not edit it)."""
        dec = state.dec
        if dec is None or dec["seat"] != seat or state.phase == "over":
            return []
        e = self.kept
        if e is not None and fits(e, state, dec):
            return e[6]                                              # (its legal list)
        legal = self.build(state, dec)
        self.keep(state, dec, legal)
        return legal

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """The protocol's legal list, always built from the state as it is (a caller
        may have edited it by hand); copies, so a caller cannot edit the action tables.
        The list is kept with the copies handed out: ``apply`` of one of those very
        objects on this very state, unchanged, need not build it again (a search asks,
        then applies)."""
        dec = state.dec
        if dec is None or dec["seat"] != seat or state.phase == "over":
            return []
        legal = self.build(state, dec)
        copies = [dict(a) for a in legal]
        self.keep(state, dec, legal, copies)
        return copies

    def bot_action(self, state: GameState, seat: int, kind: str, seed: str) -> Action:
        """The protocol's ``bot_action`` (``RulesetBase.bot_action``'s dispatch, for a
        ruleset object that binds this method in its place); the pick is noted for
        ``apply`` (and ``play_bot``) with the list it was picked from."""
        if kind != "random" and self.search_on is not None and kind in LEVELS:
            # (the search's protocol types the state as a dict; KGK's is a Game)
            return search_bot_action(self.search_on, state, seat, kind, seed)  # type: ignore[arg-type]
        legal, i = self._pick(state, seat, kind, seed)
        return legal[i].copy()

    def _pick(self, state: GameState, seat: int, kind: str, seed: str
              ) -> tuple[list[Action], int]:
        """The legal list of ``seat``'s decision and where bot ``kind``'s pick is in it,
        noted for ``apply`` (the kept list's own action, never edited, is the pick)."""
        dec = state.dec
        if dec is None or dec["seat"] != seat or state.phase == "over":
            raise ValueError("this seat has nothing to do now")
        p = state.p[seat]
        seq, todo, cr, hand = state.seq, len(state.todo), p.cr, len(p.hand)
        e = self.kept
        if e is not None:
            k_state, k_seq, k_dec, k_todo, k_cr, k_hand, legal, _, _ = e
            if k_state is not state or k_dec is not dec or k_seq != seq or k_todo != todo \
                    or k_cr != cr or k_hand != hand:                     # (cache.fits)
                legal = self.build(state, dec)
        else:
            legal = self.build(state, dec)
        n = len(legal)
        if kind == "random":                 # (at every step of a bot match)
            if n == 0:
                raise ValueError("this seat has nothing to do now")
            # (bots.random_index, written out; any hash mod 1 is 0: unhashed)
            i = 0 if n == 1 else _from_bytes(sha256(seed.encode()).digest(), "big") % n
        else:
            i = rules.choose_bot_index(state, seat, kind, seed, legal)
        # (kept with the pick, which ``apply`` compares first; ``keep``, written out)
        self.kept = (state, seq, dec, todo, cr, hand, legal, i, None)
        return legal, i

    def play_bot(self, state: GameState, seat: int, kind: str, seed: str) -> GameState:
        """``apply`` of the pick ``bot_action`` hands back, for a caller that only plays
        on and reads no events (the search's playouts, ``rulesets/search``): the pick is
        the legal list's own action, so it needs none of the checks ``apply`` makes of a
        caller's action, and no event is made."""
        if kind != "random" and kind != "heuristic":
            return self.apply(state, seat, self.bot_action(state, seat, kind, seed))[0]
        dec = state.dec
        legal, i = self._pick(state, seat, kind, seed)
        self.kept = None
        action = legal[i]
        rules.perform(state, dec, action, quiet=True)
        if action["type"] in _DERIVING:
            self._next_list(state, seat, dec, legal, action)
        return state

    def apply(self, state: GameState, seat: Any, action: Any) -> tuple[GameState, Any]:
        """The protocol's ``apply``: the rules' checks and ``perform``, with the legal
        list the bot just picked from when there is one, and the next main list derived
        after a develop, a draw, a face-down placement, a cash or a search."""
        dec = rules.check_turn(state, seat, action)
        # The list a bot just picked from, kept for this very state and decision; the
        # kept list is dropped either way (the state is about to change).
        e = self.kept
        self.kept = None
        legal: list[Action] | None = None
        hint = 0
        if e is not None:
            k_state, k_seq, k_dec, k_todo, k_cr, k_hand, kept_legal, pick, handed = e
            p = state.p[seat]
            if k_state is state and k_dec is dec and k_seq == state.seq \
                    and k_todo == len(state.todo) and k_cr == p.cr \
                    and k_hand == len(p.hand):                           # (cache.fits)
                if pick is None and handed is not None:
                    # one of the very copies legal_actions handed out? (compared below:
                    # it may have been edited since)
                    pick = rules.index_by_identity(handed, action)
                if pick is not None:
                    legal = kept_legal
                    hint = pick
        if legal is None:
            legal = self.build(state, dec)
            if action not in legal:
                raise rules.diagnose(state, seat, action, legal)
        elif legal[hint] != action and action not in legal:
            raise rules.diagnose(state, seat, action, legal)
        events = rules.perform(state, dec, action)
        if action["type"] in _DERIVING:
            self._next_list(state, seat, dec, legal, action)
        return state, events

    def _next_list(self, state: GameState, seat: int, dec: Decision, legal: list[Action],
                   action: Action) -> None:
        """After ``action``, picked from ``legal`` (decision ``dec``'s list) and carried
        out: the next main list derived from it when the action was a develop, a draw, a
        face-down placement, or the choice that completes a cash or a search."""
        t = action["type"]
        nd = state.dec
        if t == "choose":                    # (a cash's second base, a search's card)
            main_list.after_choice(self, state, seat, dec["why"], action["pick"])
        elif nd is None or nd["kind"] != "main" or state.opts["rules"] == "quick_start":
            if nd is not None and (t == "cash" or t == "search"):
                main_list.note_before_choice(self, state, legal, action)
        elif t == "develop":
            main_list.after_develop(self, state, nd, legal, action["base"])
        elif t == "place":
            main_list.after_place(self, state, nd, legal, action["card"], action["as"])
        elif t == "draw":
            main_list.after_draw(self, state, nd, legal)

    def resign(self, state: GameState, seat: int) -> tuple[GameState, Any]:
        """The rules' ``resign``; what is kept is dropped (a resignation changes what
        the others may do without an action applied)."""
        self.forget()
        result: tuple[GameState, Any] = rules.resign(state, seat)
        return result
