"""The words for KGK's scenario refusals (``rulesets/kgk/scenario_words.py``): every refusal
``scenario.py`` can raise has a sentence in both languages, keyed by its code or reason
(the host reads no message), each sentence names only values the refusal carries, and no
sentence is left over. (these were regular expressions over English messages in
``matches``.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rulesets.base import ConfigError
from rulesets.kgk import scenario
from rulesets.kgk.ruleset import KGKRuleset
from rulesets.kgk.scenario_words import CODES, REASONS, WORDS

SOURCE = Path(scenario.__file__).read_text(encoding="utf-8")
PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
HOST_CODES = {"bad_config"}   # the host's card data, not the person's document


def refusals() -> list[tuple[str, set[str], set[str]]]:
    """(code, reasons, detail names) of every ``_err`` call in scenario.py."""
    found = []
    for node in ast.walk(ast.parse(SOURCE)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_err":
            code = ast.literal_eval(node.args[0])
            reasons: set[str] = set()
            names = {"field"}
            for kw in node.keywords:
                if kw.arg == "reason":
                    reasons |= {c.value for c in ast.walk(kw.value)
                                if isinstance(c, ast.Constant) and isinstance(c.value, str)}
                elif kw.arg is not None:
                    names.add(kw.arg)
            found.append((code, reasons, names))
    return found


def test_the_ruleset_gives_its_words():
    assert KGKRuleset().scenario_words() is WORDS


def test_every_refusal_has_its_sentence_in_both_languages():
    for code, reasons, names in refusals():
        if code in HOST_CODES:
            continue
        keys = [(REASONS, r) for r in reasons] or [(CODES, code)]
        for table, key in keys:
            assert key in table, (code, key)
            hu, en = table[key]
            assert hu and en and hu != en, key
            wanted = {m.group(1) for m in PLACEHOLDER.finditer(hu)}
            assert wanted == {m.group(1) for m in PLACEHOLDER.finditer(en)}, key
            assert wanted <= names | {"reason"}, (key, wanted - names)


def test_no_sentence_is_left_over():
    raised = refusals()
    assert set(REASONS) == set().union(*(r for _, r, _ in raised))
    codes_without_reason = {c for c, r, _ in raised if not r}
    assert codes_without_reason - HOST_CODES <= set(CODES)


def test_a_refusal_carries_its_reason_and_values():
    try:
        scenario._int(-1, "scenario.seats[0].credits")
    except ConfigError as exc:
        assert exc.code == "bad_scenario"
        assert exc.details == {"field": "scenario.seats[0].credits", "reason": "at_least",
                               "lo": 0, "value": -1}
    else:
        raise AssertionError("a negative credit count was accepted")
