"""AST -> Django `Q`, ordering and annotations for `cards.Card`.

Unknown stays unknown (three-valued logic): a comparison on a NULL value matches neither
the comparison nor its negation. So `cost<5`, `-cost<5` and `cost!=5` all skip cards with
unknown cost, and `-race:ember` skips cards with unknown race. Negation is pushed down to the
terms to make that hold through `-( ... or ... )` too. Containment terms (name, text, clan,
set, ability) and flags negate plainly: a card without abilities is "not salvo".

Without a user, `owned` terms are unknown as well: they match nothing, negated or not, and
add a warning (so `owned=0` without logging in is empty, not "everything").
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import Any

from django.db.models import Case, F, IntegerField, OuterRef, Q, Subquery, Value, When
from django.db.models.expressions import OrderBy
from django.db.models.functions import Coalesce

from cards.query import keywords as kw
from cards.query.ast import And, Node, Not, Or, OrderKey, ParseResult, Term, walk
from cards.query.errors import QueryWarning

NOTHING = Q(pk__in=[])  # Django short-circuits this to an empty result

_NUMBER_COLUMNS = {
    "cost": "cost",
    "speed": "speed",
    "firepower": "firepower",
    "armor": "armor",
    "bombard": "bombard",
    "owned": "owned",
}
_LOOKUP = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
# not(x < n) on a known value is x >= n, etc.; '=' negates to "< or >".
_COMPLEMENT = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_FLAGS = {
    "official": Q(official=True),
    "unofficial": Q(official=False),
    "complete": Q(complete=True),
    "incomplete": Q(complete=False),
    "variable": Q(cost_rule__isnull=False),
}
_TEXT_COLUMNS = {"name": "search_name", "text": "search_text", "clan": "clan_search"}


def _all(qs: list[Q]) -> Q:
    return reduce(operator.and_, qs) if qs else Q()


def _any(qs: list[Q]) -> Q:
    return reduce(operator.or_, qs) if qs else NOTHING


class _Compiler:
    def __init__(self, user: Any) -> None:
        self.user = user if user is not None and getattr(user, "is_authenticated", True) else None
        self.uses_owned = False
        self.warnings: list[QueryWarning] = []

    def node(self, node: Node, neg: bool) -> Q:
        if isinstance(node, Not):
            return self.node(node.child, not neg)
        if isinstance(node, And | Or):
            parts = [self.node(c, neg) for c in node.children]
            # De Morgan: a negated AND is an OR of negations, and vice versa.
            return _all(parts) if isinstance(node, And) != neg else _any(parts)
        return self.term(node, neg)

    def term(self, t: Term, neg: bool) -> Q:
        if t.value == "?" and t.field != "name":
            return self.unknown(t, neg)
        if t.field in _NUMBER_COLUMNS:
            return self.number(t, neg)
        if t.field in _TEXT_COLUMNS:
            q = Q(**{f"{_TEXT_COLUMNS[t.field]}__contains": t.value})
        elif t.field == "set":
            q = Q(set_slugs__contains=f" {t.value}")  # prefix of any of the card's set slugs
        elif t.field == "ability":
            q = Q(ability_tags__contains=f" {t.value} ")
        elif t.field == "is":
            q = _FLAGS[str(t.value)]
        elif t.field in ("type", "race", "subtype", "rarity"):
            return self.enum(t, neg)
        else:
            raise ValueError(f"cannot compile term {t!r}")
        return ~q if neg else q

    def unknown(self, t: Term, neg: bool) -> Q:
        """`ár:?`: the value is not known. A variable cost (X) is known: it has a rule."""
        column = _NUMBER_COLUMNS.get(t.field, t.field)
        q = Q(**{f"{column}__isnull": True})
        if column == "cost":
            q &= Q(cost_rule__isnull=True)
        return ~q if neg else q

    def enum(self, t: Term, neg: bool) -> Q:
        column, key = t.field, str(t.value)
        if column == "subtype" and "-" in key:
            card_type, sub = key.split("-", 1)
            q = Q(type=card_type, subtype=sub)
        elif column == "rarity" and t.op != ":":
            q = Q(rarity__in=_rarity_range(t.op, key))
        else:
            q = Q(**{column: key})
        return Q(**{f"{column}__isnull": False}) & ~q if neg else q

    def number(self, t: Term, neg: bool) -> Q:
        column = _NUMBER_COLUMNS[t.field]
        if column == "owned":
            self.uses_owned = True
            if self.user is None:
                if not any(w.code == "needs_login" for w in self.warnings):
                    self.warnings.append(
                        QueryWarning(
                            "needs_login",
                            "'owned' needs a logged-in user; it matches nothing",
                            "Az 'owned' (birtokolt) feltételhez be kell jelentkezni; nincs találat",
                        )
                    )
                return NOTHING
        value = int(t.value)
        if not neg:
            return Q(**{f"{column}__{_LOOKUP[t.op]}": value})
        if t.op == "=":
            return Q(**{f"{column}__lt": value}) | Q(**{f"{column}__gt": value})
        return Q(**{f"{column}__{_LOOKUP[_COMPLEMENT[t.op]]}": value})


def _rarity_range(op: str, key: str) -> list[str]:
    rank = kw.RARITY_ORDER.index(key)
    test = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}[op]
    return [r for i, r in enumerate(kw.RARITY_ORDER) if test(i, rank)]


def _rank(column: str, keys: tuple[str, ...]) -> Case:
    return Case(
        *(When(**{column: k}, then=Value(i)) for i, k in enumerate(keys)),
        default=None,
        output_field=IntegerField(),
    )


_ORDER_EXPR: dict[str, Any] = {
    "name": lambda: F("name_hu"),
    "cost": lambda: F("cost"),
    "speed": lambda: F("speed"),
    "firepower": lambda: F("firepower"),
    "armor": lambda: F("armor"),
    "bombard": lambda: F("bombard"),
    "owned": lambda: F("owned"),
    "race": lambda: F("race"),
    "rarity": lambda: _rank("rarity", kw.RARITY_ORDER),
    "type": lambda: _rank("type", kw.TYPE_ORDER),
}


def _order_by(
    order: tuple[OrderKey, ...], has_owned: bool, warnings: list[QueryWarning]
) -> list[Any]:
    result: list[Any] = []
    fields = []
    for key in order:
        if key.field == "owned" and not has_owned:
            warnings.append(
                QueryWarning(
                    "needs_login",
                    "Ordering by 'owned' needs a logged-in user; ignored",
                    "A birtokolt szerinti rendezéshez be kell jelentkezni (kihagytuk)",
                )
            )
            continue
        expr = _ORDER_EXPR[key.field]()
        # Unknown values sort last whichever the direction.
        result.append(OrderBy(expr, descending=key.descending, nulls_last=True))
        fields.append(key.field)
    if "name" not in fields:
        result.append("name_hu")
    result.append("slug")  # unique: stable pagination
    return result


def owned_annotation(user: Any) -> Any:
    from cards.models import CollectionEntry  # lazy: the parser works without Django set up

    entries = CollectionEntry.objects.filter(user=user, card=OuterRef("pk")).values("owned")[:1]
    return Coalesce(Subquery(entries), 0, output_field=IntegerField())


def compile_query(
    ast: ParseResult | Node | None, user: Any = None
) -> tuple[Q, list[Any], dict[str, Any], list[QueryWarning]]:
    """Return `(q, order_by, annotations, warnings)` for `Card.objects`.

    Use as `Card.objects.annotate(**annotations).filter(q).order_by(*order_by)`.
    Given a `ParseResult`, the warnings include the parse warnings, then compile warnings.
    Does not add the "official cards only" default: see `mentions_officiality`.
    """
    if isinstance(ast, ParseResult):
        node, order, warnings = ast.query, ast.order, list(ast.warnings)
    else:
        node, order, warnings = ast, (), []
    compiler = _Compiler(user)
    q = compiler.node(node, False) if node is not None else Q()
    warnings.extend(compiler.warnings)
    wants_owned = compiler.uses_owned or any(k.field == "owned" for k in order)
    annotations: dict[str, Any] = {}
    if wants_owned and compiler.user is not None:
        annotations["owned"] = owned_annotation(compiler.user)
    return q, _order_by(order, "owned" in annotations, warnings), annotations, warnings


def mentions_officiality(ast: ParseResult | Node | None) -> bool:
    """True when the query says anything about officiality (is:official/unofficial, set:),
    so the view should not add its default "official cards only" filter."""
    node = ast.query if isinstance(ast, ParseResult) else ast
    return any(
        isinstance(n, Term)
        and (n.field == "set" or (n.field == "is" and n.value in ("official", "unofficial")))
        for n in walk(node)
    )
