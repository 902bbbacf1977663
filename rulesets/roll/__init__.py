"""Roll for the Galaxy (Rio Grande Games) as a pure-Python ruleset (rules A3, components B1:
docs/rules/roll/).

Modules: ``ruleset`` (the protocol object), ``engine`` (setup, rounds, the task driver, the
end), ``assign`` (rolling and assigning dice), the phases ``explore``, ``develop_settle``,
``produce_ship`` and ``manage`` (the empire's upkeep), ``phases`` (the table of decisions
and the phase bookkeeping), ``taskqueue`` (the queue of pending decisions), ``powers``,
``empire``, ``data``, ``view`` and ``bots``.
"""

from rulesets.roll.ruleset import RULESET, RollRuleset

__all__ = ["RULESET", "RollRuleset"]
