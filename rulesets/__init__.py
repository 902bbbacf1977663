"""Pure rules engines. Nothing under this package imports Django.

Each game registers a :class:`rulesets.base.Ruleset` in :mod:`rulesets.registry`.
With ``KAOSZ_COMPILED=1`` and a build from ``make compiled``, the engine modules are
imported from their compiled build instead (:mod:`rulesets.compiled`).
"""

from rulesets import compiled as _compiled

_compiled.install()
