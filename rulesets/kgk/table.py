"""The decision and task tables: which function handles each kind of pending decision
and each continuation task, in one place (like boardgame.io's phase and stage table).

``engine.advance`` runs tasks from ``state.todo`` (``[name, arg]`` pairs, kept as
data so the stored form is plain JSON) until a decision is pending; ``engine.apply`` checks an
action against ``DECISIONS[kind].legal`` and runs ``DECISIONS[kind].act``. The names are
part of the stored JSON form of a match: renaming one breaks stored matches.

This table is the rules layer only: the speed layer (``rulesets/kgk/fast``) wraps it for
bots, simulations and search and is never called from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from rulesets.kgk import chain, combat, turn


@dataclass(frozen=True, slots=True)     # (slots: read at every step, by name)
class DecisionKind:
    """How one kind of decision is offered and carried out."""

    legal: Callable[[Any, Any], list[Any]]      # (state, decision) -> legal actions
    act: Callable[[Any, Any, Any], None]        # (state, decision, action): apply one


def _decision(pair: tuple[Any, Any]) -> DecisionKind:
    return DecisionKind(*pair)


# decision kind -> Decision, in the order a turn meets them (rules in engine.RULE_OF)
DECISIONS: Final[dict[str, DecisionKind]] = {
    "mulligan": _decision(turn.mulligan_decision()),         # KG-8.4
    "main": DecisionKind(turn.main_legal, turn.main_act),    # KG-9.3.3
    "choose": _decision(turn.choose_decision()),             # search, discards, limits, ...
    "prio": _decision(chain.prio_decision()),                # KG-10.7: an interrupt window
    "equip": _decision(combat.equip_decision()),             # KG-9.5
    "pay": _decision(combat.pay_decision()),                 # KG-9.6
    "fire": _decision(combat.fire_decision()),               # KG-9.7
    "ret": _decision(combat.return_fire_decision()),         # KG-9.7.5, KG-7.6
    "assign": _decision(combat.assign_decision()),           # KG-7.4, KG-7.5
    "bomb": _decision(combat.bomb_decision()),               # KG-9.8
    "trap": _decision(combat.trap_decision()),               # KG-4.5.10
}

# task name -> fn(state, arg), in the order of a turn
TASKS: Final[dict[str, Callable[[Any, Any], None]]] = {
    # the game start (KG-8)
    "ask_mulligan": turn.ask_mulligan,
    # the start phase (KG-9.2) and the main phase (KG-9.3)
    "begin_turn": turn.begin_turn,
    "main": turn.main_phase,
    # the interrupt chain (KG-10)
    "resolve": chain.resolve_chain,
    "ops": chain.continue_ops,
    "ability": combat.resolve_ability,
    # the combat phase (KG-9.4 - KG-9.9), step by step
    "c_equip_att": combat.equip_step_attacker,
    "c_equip_def": combat.equip_step_defender,
    "c_equip": combat.equip_step,
    "c_pay_att": combat.payment_step_attacker,
    "c_pay_def": combat.payment_step_defender,
    "c_pay": combat.payment_step,
    "c_eop": combat.end_of_payment,
    "c_fire": combat.firing_step,
    "fire_loop": combat.next_shooter,
    "shot": combat.carry_out_shot,
    "c_bomb": combat.bombardment_step,
    "c_bomb_dec": combat.ask_bombers,
    "c_bomb_land": combat.bombard_target,
    "c_disarm": combat.disarm_step,
    # the end phase (KG-9.10)
    "end_steps": turn.end_phase_win_check,
    "end_hand": turn.end_hand_limit,
    "end_hangar": turn.end_hangar_limit,
    "end_rest": turn.end_phase_rest,
    "next_turn": turn.next_turn,
}
