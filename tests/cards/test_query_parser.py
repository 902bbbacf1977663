"""Parser tests: pure, no Django settings (`pytest -p no:django`)."""

from __future__ import annotations

import pytest

from cards.query import And, Not, Or, OrderKey, QuerySyntaxError, Term, parse


def q(text: str):
    return parse(text).query


def name(v: str) -> Term:
    return Term("name", ":", v)


# -- names, phrases, folding ------------------------------------------------------------
@pytest.mark.parametrize(
    "text,expected",
    [
        ("halalszarny", name("halalszarny")),
        ("Halálszárny", name("halalszarny")),
        ("HALÁLSZÁRNY", name("halalszarny")),
        ('"Mamut  I."', name("mamut i.")),
        ("mamut-i", name("mamut-i")),
        ('"or"', name("or")),
        ("Űrcápa", name("urcapa")),
    ],
)
def test_names_fold(text, expected):
    assert q(text) == expected


def test_implicit_and_and_keyword_and():
    both = And((name("a"), name("b")))
    assert q("a b") == both
    assert q("a and b") == both
    assert q("a AND b") == both
    assert q("a és b") == both
    assert q("a es b") == both


def test_or_precedence_lower_than_and():
    assert q("a b or c") == Or((And((name("a"), name("b"))), name("c")))
    assert q("a or b c") == Or((name("a"), And((name("b"), name("c")))))
    assert q("a vagy b") == Or((name("a"), name("b")))
    assert q("a OR b or c") == Or((name("a"), name("b"), name("c")))


def test_parentheses_keep_groups():
    assert q("(a b) c") == And((And((name("a"), name("b"))), name("c")))
    assert q("a (b or c)") == And((name("a"), Or((name("b"), name("c")))))
    assert q("((a))") == name("a")


def test_negation():
    assert q("-a") == Not(name("a"))
    assert q("-(a or b)") == Not(Or((name("a"), name("b"))))
    assert q("--a") == Not(Not(name("a")))
    assert q("-t:ship") == Not(Term("type", ":", "ship"))


def test_empty_query_matches_everything():
    r = parse("   ")
    assert r.query is None and r.order == () and r.warnings == ()


# -- keywords in both languages ------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "t:ship",
        "type:ship",
        "t:űrhajó",
        "t:urhajo",
        "típus:űrhajó",
        "tipus:URHAJO",
        "t=ship",
        "t:s",
        "t:ships",
        "TÍPUS:Űrhajó",
        "t:urh",
    ],
)
def test_type_aliases(text):
    assert q(text) == Term("type", ":", "ship")


@pytest.mark.parametrize(
    "text,field,key",
    [
        ("t:bázis", "type", "base"),
        ("t:legénység", "type", "crew"),
        ("t:megszakítás", "type", "interrupt"),
        ("t:esemény", "type", "event"),
        ("t:fegyverzet", "type", "armament"),
        ("st:felderítő", "subtype", "scout"),
        ("altípus:vadászgép", "subtype", "fighter"),
        ("st:vadász", "subtype", "fighter"),
        ("altipus:cirkalo", "subtype", "cruiser"),
        ("st:romboló", "subtype", "destroyer"),
        ("st:rakéta", "subtype", "rocket"),
        ("st:kapitány", "subtype", "captain"),
        ("st:csapda", "subtype", "trap"),
        ("st:reaction", "subtype", "reaction"),
        ("st:reagálás", "subtype", "event-reaction"),
        ("st:reakció", "subtype", "interrupt-reaction"),
        ("st:kezdő", "subtype", "start"),
        ("st:általános", "subtype", "general"),
        ("race:ember", "race", "ember"),
        ("race:human", "race", "ember"),
        ("faj:urcapa", "race", "urcapa"),
        ("faj:Űrcápa", "race", "urcapa"),
        ("race:space-shark", "race", "urcapa"),
        ("race:insectoid", "race", "inszektoid"),
        ("race:carnoplantus", "race", "karnoplantusz"),
        ("r:rare", "rarity", "rare"),
        ("r:ritka", "rarity", "rare"),
        ("r:r", "rarity", "rare"),
        ("ritkaság:gyakori", "rarity", "common"),
        ('r:"nem gyakori"', "rarity", "uncommon"),
        ("r:nem_gyakori", "rarity", "uncommon"),
        ("r:uncommon", "rarity", "uncommon"),
        ("r:ultra_rare", "rarity", "ultra_rare"),
        ('r:"ultra ritka"', "rarity", "ultra_rare"),
        ("ability:salvo", "ability", "salvo"),
        ("képesség:sorozatlövés", "ability", "salvo"),
        ("kepesseg:sorozatloves", "ability", "salvo"),
        ('képesség:"gyors tüzelés"', "ability", "rapid_fire"),
        ("ability:rapid_fire", "ability", "rapid_fire"),
        ("ability:álcázás", "ability", "cloaking"),
        ("ability:kötelék", "ability", "formation"),
        ("ability:lopakodás", "ability", "stealth"),
        ('ability:"nehéz fegyverzet"', "ability", "heavy_weapons"),
        ("ability:javítás", "ability", "repair"),
        ("ability:tűzszerészet", "ability", "pyrotechnics"),
    ],
)
def test_enum_values(text, field, key):
    assert q(text) == Term(field, ":", key)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("cost<5", Term("cost", "<", 5)),
        ("ár<=5", Term("cost", "<=", 5)),
        ("ar>5", Term("cost", ">", 5)),
        ("cost:3", Term("cost", "=", 3)),
        ("cost=3", Term("cost", "=", 3)),
        ("cost!=3", Not(Term("cost", "=", 3))),
        ("spd>=2", Term("speed", ">=", 2)),
        ("seb>=2", Term("speed", ">=", 2)),
        ("fp>1", Term("firepower", ">", 1)),
        ("tűz>1", Term("firepower", ">", 1)),
        ("arm<3", Term("armor", "<", 3)),
        ("pán<3", Term("armor", "<", 3)),
        ("páncél<3", Term("armor", "<", 3)),
        ("bb=0", Term("bombard", "=", 0)),
        ("bomb=0", Term("bombard", "=", 0)),
        ("owned>0", Term("owned", ">", 0)),
        ("owned:2", Term("owned", "=", 2)),
        ("cost>-1", Term("cost", ">", -1)),
    ],
)
def test_numbers(text, expected):
    assert q(text) == expected


def test_variable_cost():
    assert q("cost:x") == Term("is", ":", "variable")
    assert q("ár=X") == Term("is", ":", "variable")
    assert q("is:variable") == Term("is", ":", "variable")
    assert q("cost!=x") == Not(Term("is", ":", "variable"))


@pytest.mark.parametrize(
    "text,expected",
    [
        ("is:official", Term("is", ":", "official")),
        ("is:hivatalos", Term("is", ":", "official")),
        ("is:unofficial", Term("is", ":", "unofficial")),
        ('is:"nem hivatalos"', Term("is", ":", "unofficial")),
        ("is:complete", Term("is", ":", "complete")),
        ("is:teljes", Term("is", ":", "complete")),
        ("not:official", Not(Term("is", ":", "official"))),
        ("o:sebzés", Term("text", ":", "sebzes")),
        ('o:"Deal  2 damage"', Term("text", ":", "deal 2 damage")),
        ("szöveg:pajzs", Term("text", ":", "pajzs")),
        ("clan:Vörös", Term("clan", ":", "voros")),
        ("klán:voros", Term("clan", ":", "voros")),
        ("set:practice", Term("set", ":", "practice")),
        ('set:"First Edition"', Term("set", ":", "first-edition")),
        ("név:mamut", Term("name", ":", "mamut")),
        ("name!=mamut", Not(Term("name", ":", "mamut"))),
        ("r>=rare", Term("rarity", ">=", "rare")),
        ("r<ritka", Term("rarity", "<", "rare")),
        ("race!=ember", Not(Term("race", ":", "ember"))),
    ],
)
def test_other_keywords(text, expected):
    assert q(text) == expected


def test_combined_hungarian_query():
    r = parse("típus:űrhajó faj:ember ár<=4 -képesség:álcázás rendezés:-ár")
    assert r.query == And(
        (
            Term("type", ":", "ship"),
            Term("race", ":", "ember"),
            Term("cost", "<=", 4),
            Not(Term("ability", ":", "cloaking")),
        )
    )
    assert r.order == (OrderKey("cost", True),)


# -- order / direction --------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,order",
    [
        ("order:cost", (OrderKey("cost"),)),
        ("order:-cost", (OrderKey("cost", True),)),
        ("order:name", (OrderKey("name"),)),
        ("order:spd", (OrderKey("speed"),)),
        ("order:rarity order:-fp", (OrderKey("rarity"), OrderKey("firepower", True))),
        ("order:cost,-name", (OrderKey("cost"), OrderKey("name", True))),
        ("order:cost direction:desc", (OrderKey("cost", True),)),
        ("order:cost irány:csökkenő", (OrderKey("cost", True),)),
        ("order:+cost direction:desc", (OrderKey("cost", False),)),
        ("direction:desc", (OrderKey("name", True),)),
        ("direction:asc", ()),
        ("rendezés:ár", (OrderKey("cost"),)),
        ("order:cost order:cost", (OrderKey("cost"),)),
    ],
)
def test_order(text, order):
    r = parse(text)
    assert r.query is None
    assert r.order == order


def test_order_is_extracted_from_anywhere():
    r = parse("(t:ship order:cost) or t:base")
    assert r.query == Or((Term("type", ":", "ship"), Term("type", ":", "base")))
    assert r.order == (OrderKey("cost"),)


def test_unknown_order_field_warns():
    r = parse("order:flavour t:ship")
    assert r.order == ()
    assert [w.code for w in r.warnings] == ["unknown_value"]


# -- warnings -------------------------------------------------------------------------------
def test_unknown_keyword_is_ignored_with_warning():
    r = parse("foo:bar mamut")
    assert r.query == name("mamut")
    (w,) = r.warnings
    assert w.code == "unknown_keyword"
    assert (w.position, w.length) == (0, 7)
    assert "foo" in w.message and "foo" in w.message_hu


def test_unknown_keyword_alone_means_everything():
    r = parse("-foo:bar")
    assert r.query is None
    assert len(r.warnings) == 1


@pytest.mark.parametrize(
    "text,code",
    [
        ("t:spaceship", "unknown_value"),
        ("st:re", "ambiguous_value"),
        ("race:c", "ambiguous_value"),
        ("cost:abc", "bad_value"),
        ("cost<x", "bad_operator"),
        ("t>ship", "bad_operator"),
        ("o<foo", "bad_operator"),
        ('o:""', "empty_value"),
        ('""', "empty_value"),
    ],
)
def test_value_warnings(text, code):
    r = parse(f"mamut {text}")
    assert r.query == name("mamut")
    assert [w.code for w in r.warnings] == [code]
    assert r.warnings[0].position == 6


def test_warning_as_dict():
    (w,) = parse("x:1").warnings
    assert w.as_dict() == {
        "code": "unknown_keyword",
        "message": w.message,
        "message_hu": w.message_hu,
        "position": 0,
        "length": 3,
    }


# -- syntax errors ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,position,length",
    [
        ("(t:ship", 0, 1),  # unclosed paren points at '('
        ("t:ship )", 7, 1),  # unmatched ')'
        ("a ()", 2, 2),  # empty parentheses
        ('"halál', 0, 6),  # unclosed quote
        ("t:", 0, 2),  # missing value
        ("a cost< 5", 2, 5),  # missing value (space after operator)
        (":ship", 0, 1),  # operator without keyword
        ("a - b", 2, 1),  # dangling minus
        ("a -", 2, 1),
        ("or a", 0, 2),
        ("a or", 2, 2),
        ("a or or b", 2, 2),
        ("(a or) b", 3, 2),
        ("and a", 0, 3),
        ("a and", 2, 3),
        ("a vagy", 2, 4),
        ("-order:cost", 1, 10),
        ("-or", 1, 2),
    ],
)
def test_syntax_errors_point_at_position(text, position, length):
    with pytest.raises(QuerySyntaxError) as err:
        parse(text)
    assert (err.value.position, err.value.length) == (position, length)
    assert err.value.message and err.value.message_hu
    assert err.value.as_dict()["position"] == position


def test_too_long_and_too_deep():
    with pytest.raises(QuerySyntaxError):
        parse("a " * 1500)
    with pytest.raises(QuerySyntaxError) as err:
        parse("(" * 60 + "a" + ")" * 60)
    assert "nested" in err.value.message


def test_error_is_a_value_error():
    assert issubclass(QuerySyntaxError, ValueError)


# -- the keyword table ---------------------------------------------------------------------
def test_every_vocabulary_name_resolves_to_its_own_key():
    from cards.query import keywords as kw

    for row in kw.reference():
        field = row["field"]
        if field in ("order", "not"):
            continue
        for value in row["values"]:
            for form in (value["key"], value["en"], value["hu"]):
                assert kw.resolve_value(field, form).key == value["key"], (field, form)


def test_every_keyword_alias_parses():
    from cards.query import keywords as kw

    for row in kw.reference():
        for alias in row["keywords"]:
            value = row["values"][0]["key"] if row["values"] else "1"
            r = parse(f"{alias}:{value}")
            assert r.warnings == (), (alias, r.warnings)
