"""Pulsar 2849 (Czech Games Edition) as a pure-Python ruleset.

Rules: the Hungarian rulebook, cited as A2.x (the numbering of ``docs/rules/pulsar/``; see
README.md here); the rulebook wins where they differ. Component data (board graph, tiles, boards) is not in the rulebook:
``data/standin.json`` is an invented, labelled stand-in; a real set goes in
``config["components"]`` and is validated (``components.validate``).
"""

from rulesets.pulsar.components import load_components, standin, validate
from rulesets.pulsar.ruleset import RULESET, PulsarRuleset

__all__ = ["RULESET", "PulsarRuleset", "load_components", "standin", "validate"]
