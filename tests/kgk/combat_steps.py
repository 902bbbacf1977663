"""Combat for the rule tests of sections 7, 9 and 12: ships read from the view, the
legal moves of a step, declaring an attack, passing to the bombardment."""

from __future__ import annotations

from typing import Any

from rulesets.kgk import RULESET as R

from .asked_positions import DANI, LACI, dec, settle
from .helpers import act


def ship(slug: str, label: str, **kw: Any) -> dict[str, Any]:
    return {"card": slug, "label": label, **kw}


def step(s) -> str | None:
    cb = R.view(s, DANI)["combat"]
    return cb["step"] if cb else None


def ship_of(s, cid: int) -> dict[str, Any] | None:
    """A ship as the view shows it (to either seat: ships are public), None when gone."""
    for p in R.view(s, DANI)["players"]:
        for v in p["hangar"]:
            if v["id"] == cid:
                return v
    return None


def legal(s, who: int) -> list[dict[str, Any]]:
    return R.legal_actions(s, who)


def declare(s, target: str, attackers: list[int], defenders: list[int] | None,
            **extra: Any) -> None:
    """Dani attacks ``target`` with ``attackers``; Laci defends with ``defenders``
    (None: Laci is not asked, e.g. he has no active ship)."""
    act(s, DANI, {"type": "attack", "target": target, **extra})
    settle(s)
    for x in attackers:
        act(s, DANI, {"type": "commit", "ship": x})
        settle(s)
    act(s, DANI, {"type": "done"})
    settle(s)
    if defenders is not None:
        assert dec(s) == {"kind": "equip", "seat": LACI}
        for x in defenders:
            act(s, LACI, {"type": "commit", "ship": x})
            settle(s)
        act(s, LACI, {"type": "done"})
        settle(s)


def pass_until_bomb(s) -> None:
    while (d := dec(s)) is not None and d["kind"] in ("fire", "prio"):
        act(s, d["seat"], {"type": "pass"})
    assert d is not None, "the combat ended before the bombardment step"
