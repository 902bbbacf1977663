"""Round-trip properties of parser and canonical printer (pure; `pytest -p no:django`)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.query import And, Not, Or, OrderKey, ParseResult, QuerySyntaxError, Term, parse
from cards.query import keywords as kw
from cards.query.normalize import fold, set_slug
from cards.query.printer import to_text

# Includes every character the printer has to quote or escape.
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789éőű -.'\"\\:<>=!()_,"


def _folded(transform=fold):
    return st.text(_ALPHABET, min_size=1, max_size=12).map(transform).filter(bool)


def _term_of(field: str) -> Callable[[str], Term]:
    return lambda key: Term(field, ":", key)


_enum_terms = st.one_of(
    *(
        st.sampled_from([v.key for v in kw.VOCAB[field]]).map(_term_of(field))
        for field in ("type", "subtype", "race", "rarity", "ability")
    ),
    st.builds(
        Term,
        st.just("rarity"),
        st.sampled_from(["<", "<=", ">", ">="]),
        st.sampled_from(kw.RARITY_ORDER),
    ),
    st.sampled_from([v.key for v in kw.VOCAB["is"]]).map(lambda k: Term("is", ":", k)),
)
_number_terms = st.builds(
    Term,
    st.sampled_from(["cost", "speed", "firepower", "armor", "bombard", "owned"]),
    st.sampled_from(["=", "<", "<=", ">", ">="]),
    st.integers(-20, 999),
)
_text_terms = st.one_of(
    st.builds(Term, st.sampled_from(["name", "text", "clan"]), st.just(":"), _folded()),
    st.builds(Term, st.just("set"), st.just(":"), _folded(set_slug)),
)
terms = st.one_of(_enum_terms, _number_terms, _text_terms)

nodes = st.recursive(
    terms,
    lambda children: st.one_of(
        children.map(Not),
        st.lists(children, min_size=2, max_size=4).map(lambda c: And(tuple(c))),
        st.lists(children, min_size=2, max_size=4).map(lambda c: Or(tuple(c))),
    ),
    max_leaves=12,
)

_orderable = [f.name for f in kw.FIELDS.values() if f.orderable]
orders = st.lists(
    st.builds(OrderKey, st.sampled_from(_orderable), st.booleans()),
    max_size=3,
    unique_by=lambda k: k.field,
).map(tuple)

results = st.builds(ParseResult, st.one_of(st.none(), nodes), orders)


@given(results)
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_print_then_parse_gives_the_same_ast(result):
    text = to_text(result)
    reparsed = parse(text)
    assert reparsed == result, text
    assert reparsed.warnings == ()


# Query-ish strings: real keywords in both languages, values, connectives and junk.
_pieces = st.sampled_from(
    [
        "t:ship",
        "típus:űrhajó",
        "t:urh",
        "st:reagálás",
        "altípus:felderítő",
        "race:ember",
        "faj:urcapa",
        "r:ritka",
        'r:"nem gyakori"',
        "r>=rare",
        "cost<5",
        "ár>=3",
        "cost:x",
        "spd>2",
        "seb=1",
        "fp>=2",
        "tűz<1",
        "arm:3",
        "pán>1",
        "bb=0",
        "bomb>1",
        "owned>0",
        "ability:salvo",
        "képesség:sorozatlövés",
        "clan:vörös",
        "set:practice",
        'o:"deal 2"',
        "is:official",
        "is:unofficial",
        "is:complete",
        "not:official",
        "order:-cost",
        "order:name",
        "direction:desc",
        "irány:növekvő",
        "foo:bar",
        "t:nothing",
        "st:re",
        "halalszarny",
        "Halálszárny",
        '"mamut i."',
        "mamut-i",
        "or",
        "vagy",
        "and",
        "és",
        "(",
        ")",
        "-",
        "--",
        '"',
        ":",
        "<",
        "x",
        "cost!=3",
        "race!=xeno",
    ]
)
query_strings = st.lists(st.one_of(_pieces, st.text(_ALPHABET, max_size=6)), max_size=10).map(
    lambda parts: " ".join(parts)
) | st.lists(_pieces, max_size=8).map("".join)


def _parse_or_none(text: str) -> ParseResult | None:
    try:
        return parse(text)
    except QuerySyntaxError as err:
        assert 0 <= err.position <= len(text)
        return None


@given(query_strings)
@settings(max_examples=1500, deadline=None)
def test_parse_print_parse_is_stable(text):
    first = _parse_or_none(text)
    if first is None:
        return
    canonical = to_text(first)
    second = parse(canonical)
    assert second == first, (text, canonical)
    assert to_text(second) == canonical
    assert second.warnings == ()  # the canonical form has nothing left to warn about


@given(st.text(max_size=40))
@settings(max_examples=1000, deadline=None)
def test_arbitrary_text_parses_or_raises_syntax_error_only(text):
    result = _parse_or_none(text)
    if result is not None:
        assert parse(to_text(result)) == result


@given(query_strings)
@settings(max_examples=300, deadline=None)
def test_folding_makes_case_and_accents_irrelevant(text):
    first = _parse_or_none(text)
    if first is None:
        return
    assert _parse_or_none(text.upper()) == first
    assert _parse_or_none(fold(text)) == first
