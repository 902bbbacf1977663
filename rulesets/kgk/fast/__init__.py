"""The KGK speed layer: the rules wrapped for bots, simulations and search.

``FastEngine`` (``engine.py``) answers ``legal_actions``, ``bot_action`` and ``apply``
exactly as the rules layer does, faster, with a cache object its caller owns
(``cache.py``); ``main_list.py`` is KG-9.3.3 written out in one pass with the lists
derived after the commonest actions. The rules (``engine.py``, ``table.py``, ``turn.py``
one level up) never call into this package.
"""

from rulesets.kgk.fast.engine import FastEngine

__all__ = ["FastEngine"]
