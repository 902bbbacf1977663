"""Pure rules engines. Nothing under this package imports Django.

Each game registers a :class:`rulesets.base.Ruleset` in :mod:`rulesets.registry`.
"""
