"""Recursive-descent parser: text -> `ParseResult` (AST, order, warnings).

Grammar (AND binds tighter than OR; juxtaposition is AND):
    query := or_expr EOF
    or_expr := and_expr (("or" | "vagy") and_expr)*
    and_expr := unary ((("and" | "és")? unary)*
    unary := "-" unary | atom
    atom := "(" or_expr ")" | WORD | PHRASE | keyword op value
Parts the parser does not understand (unknown keyword or value) are dropped with a warning;
`order:`/`direction:` are directives collected wherever they appear.
"""

from __future__ import annotations

import re

from cards.query import keywords as kw
from cards.query.ast import And, Node, Not, Or, OrderKey, ParseResult, Term
from cards.query.errors import QuerySyntaxError, QueryWarning
from cards.query.lexer import EOF, LPAREN, NEG, PHRASE, RPAREN, TERM, WORD, Token, tokenize
from cards.query.normalize import fold, set_slug

MAX_LENGTH = 2000
MAX_DEPTH = 40
_INT = re.compile(r"[+-]?\d{1,6}")
_COMPARISONS = ("<", "<=", ">", ">=")
# Fields that can be searched for an unknown value with `?` (a null in the catalogue).
UNKNOWN = "?"
UNKNOWN_FIELDS = ("cost", "speed", "firepower", "armor", "bombard", "race", "subtype",
                  "rarity")


def _join(kind: type[And] | type[Or], parts: list[Node | None]) -> Node | None:
    present = [p for p in parts if p is not None]
    if not present:
        return None
    return present[0] if len(present) == 1 else kind(tuple(present))


def _known_values(field: str) -> str:
    return ", ".join(f"{v.key} ({v.hu})" if fold(v.hu) != v.key else v.key for v in kw.VOCAB[field])


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.depth = 0
        self.warnings: list[QueryWarning] = []
        self.order: list[tuple[str, bool | None]] = []  # (field, explicit descending?)
        self.direction: str | None = None

    # -- token helpers -------------------------------------------------------------------
    def peek(self) -> Token:
        return self.tokens[self.i]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    @staticmethod
    def connective(tok: Token) -> str | None:
        if tok.kind != WORD:
            return None
        word = fold(tok.text)
        if word in kw.OR_WORDS:
            return "or"
        if word in kw.AND_WORDS:
            return "and"
        return None

    def starts_term(self, tok: Token) -> bool:
        return tok.kind in (LPAREN, NEG, WORD, PHRASE, TERM) and self.connective(tok) is None

    def warn(self, code: str, en: str, hu: str, tok: Token) -> None:
        self.warnings.append(QueryWarning(code, en, hu, tok.pos, tok.length))

    # -- grammar -------------------------------------------------------------------------
    def parse(self) -> ParseResult:
        node = self.or_expr()
        tok = self.peek()
        if tok.kind == RPAREN:
            raise QuerySyntaxError("Unmatched ')'", tok.pos, 1, message_hu="Nyitás nélküli ')'")
        assert tok.kind == EOF
        return ParseResult(node, self.final_order(), tuple(self.warnings))

    def or_expr(self) -> Node | None:
        parts = [self.and_expr()]
        while self.connective(self.peek()) == "or":
            tok = self.advance()
            if not self.starts_term(self.peek()):
                raise QuerySyntaxError(
                    f"'{tok.text}' needs a term after it",
                    tok.pos,
                    tok.length,
                    message_hu=f"A(z) '{tok.text}' után keresőfeltételnek kell állnia",
                )
            parts.append(self.and_expr())
        return _join(Or, parts)

    def and_expr(self) -> Node | None:
        parts: list[Node | None] = []
        while True:
            tok = self.peek()
            conn = self.connective(tok)
            if tok.kind in (EOF, RPAREN) or conn == "or":
                if conn == "or" and not parts:
                    raise QuerySyntaxError(
                        f"'{tok.text}' needs a term before it",
                        tok.pos,
                        tok.length,
                        message_hu=f"A(z) '{tok.text}' elé keresőfeltétel kell",
                    )
                break
            if conn == "and":
                self.advance()
                if not parts or not self.starts_term(self.peek()):
                    raise QuerySyntaxError(
                        f"'{tok.text}' needs a term on both sides",
                        tok.pos,
                        tok.length,
                        message_hu=f"A(z) '{tok.text}' mindkét oldalán keresőfeltétel kell",
                    )
            parts.append(self.unary(negated=False))
        return _join(And, parts)

    def unary(self, negated: bool) -> Node | None:
        # A run of '-' is read in a loop and counts against the nesting budget like '(':
        # `-` x 1000 was a RecursionError (a 500) here and in every walk of the tree.
        first, negations = self.peek(), 0
        while self.peek().kind == NEG:
            self.advance()
            negations += 1
        self.depth += negations
        if self.depth > MAX_DEPTH:
            raise QuerySyntaxError("Too deeply nested", first.pos, negations,
                                   message_hu="Túl mély zárójelezés vagy tagadás")
        node = self.atom(negated if negations % 2 == 0 else not negated)
        self.depth -= negations
        for _ in range(negations):
            node = Not(node) if node is not None else None
        return node

    def atom(self, negated: bool) -> Node | None:
        tok = self.advance()
        if tok.kind == LPAREN:
            return self.group(tok)
        if tok.kind == WORD:
            if self.connective(tok):
                raise QuerySyntaxError(
                    f"Unexpected '{tok.text}'",
                    tok.pos,
                    tok.length,
                    message_hu=f"Váratlan '{tok.text}'",
                )
            return self.name_term(tok.text, tok)
        if tok.kind == PHRASE:
            return self.name_term(tok.text, tok)
        if tok.kind == TERM:
            return self.keyword_term(tok, negated)
        what = "end of query" if tok.kind == EOF else f"'{tok.text}'"
        raise QuerySyntaxError(
            f"Expected a term, found {what}",
            tok.pos,
            max(tok.length, 1),
            message_hu="Itt keresőfeltételnek kellene állnia",
        )

    def group(self, lparen: Token) -> Node | None:
        if self.peek().kind == RPAREN:
            raise QuerySyntaxError("Empty parentheses", lparen.pos, 2, message_hu="Üres zárójel")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise QuerySyntaxError(
                "Too deeply nested", lparen.pos, 1, message_hu="Túl mély zárójelezés"
            )
        node = self.or_expr()
        self.depth -= 1
        if self.peek().kind != RPAREN:
            raise QuerySyntaxError("Unclosed '('", lparen.pos, 1, message_hu="Lezáratlan '('")
        self.advance()
        return node

    # -- terms ---------------------------------------------------------------------------
    def name_term(self, raw: str, tok: Token) -> Node | None:
        value = fold(raw)
        if not value:
            self.warn("empty_value", "Empty phrase ignored", "Az üres kifejezést kihagytuk", tok)
            return None
        return Term("name", ":", value)

    def keyword_term(self, tok: Token, negated: bool) -> Node | None:
        spec = kw.lookup_field(tok.text)
        if spec is None:
            guess = kw.closest_keyword(tok.text)
            self.warn(
                "unknown_keyword",
                f"Unknown keyword '{tok.text}' ignored"
                + (f"; did you mean '{guess}:'?" if guess else ""),
                f"Ismeretlen kulcsszó: '{tok.text}' (kihagytuk)"
                + (f"; erre gondoltál: '{guess}:'?" if guess else ""),
                tok,
            )
            return None
        if spec.kind == kw.DIRECTIVE:
            if negated:
                raise QuerySyntaxError(
                    f"'{tok.text}:' cannot be negated",
                    tok.pos,
                    tok.length,
                    message_hu=f"A(z) '{tok.text}:' nem tagadható",
                )
            self.directive(spec.name, tok)
            return None
        if tok.value.strip() == "?" and spec.name in UNKNOWN_FIELDS:
            # `ár:?` / `faj:?`: the value is unknown (not yet catalogued).
            if tok.op not in (":", "=", "!="):
                self.bad_operator(tok)
                return None
            unknown: Node = Term(spec.name, ":", UNKNOWN)
            return Not(unknown) if tok.op == "!=" else unknown
        if spec.kind == kw.NUMBER:
            return self.number_term(spec, tok)
        if tok.op in _COMPARISONS and spec.name != "rarity":
            self.bad_operator(tok)
            return None
        if spec.kind == kw.TEXT:
            value = set_slug(tok.value) if spec.name == "set" else fold(tok.value)
            if not value:
                self.warn(
                    "empty_value",
                    f"Empty value for '{tok.text}' ignored",
                    f"Üres érték ('{tok.text}'), kihagytuk",
                    tok,
                )
                return None
            term: Node = Term(spec.name, ":", value)
        else:  # ENUM or FLAG
            key = self.resolve(spec.name, tok)
            if key is None:
                return None
            field = "is" if spec.kind == kw.FLAG else spec.name
            op = ":" if tok.op in ("=", "!=", ":") else tok.op
            term = Term(field, op, key)
            if spec.name == "not":
                term = Not(term)
        return Not(term) if tok.op == "!=" else term

    def number_term(self, spec: kw.FieldSpec, tok: Token) -> Node | None:
        raw = tok.value.strip()
        if spec.name == "cost" and fold(raw) == "x":
            if tok.op not in (":", "=", "!="):
                self.bad_operator(tok)
                return None
            variable: Node = Term("is", ":", "variable")
            return Not(variable) if tok.op == "!=" else variable
        if not _INT.fullmatch(raw):
            self.warn(
                "bad_value",
                f"'{tok.text}' needs a whole number, not '{raw}'; ignored",
                f"A(z) '{tok.text}' után egész szám kell, nem '{raw}' (kihagytuk)",
                tok,
            )
            return None
        op = "=" if tok.op in (":", "=", "!=") else tok.op
        term = Term(spec.name, op, int(raw))
        return Not(term) if tok.op == "!=" else term

    def bad_operator(self, tok: Token) -> None:
        self.warn(
            "bad_operator",
            f"'{tok.text}' does not support '{tok.op}'; ignored",
            f"A(z) '{tok.text}' nem használható a(z) '{tok.op}' jellel (kihagytuk)",
            tok,
        )
        return None

    def resolve(self, field: str, tok: Token) -> str | None:
        res = kw.resolve_value(field, tok.value)
        if res.key is not None:
            return res.key
        if res.candidates:
            options = ", ".join(res.candidates)
            self.warn(
                "ambiguous_value",
                f"'{tok.value}' is ambiguous for '{tok.text}' ({options}); ignored",
                f"A(z) '{tok.value}' többértelmű ({options}), kihagytuk",
                tok,
            )
        else:
            known = _known_values(field)
            self.warn(
                "unknown_value",
                f"Unknown value '{tok.value}' for '{tok.text}' (known: {known}); ignored",
                f"Ismeretlen érték: '{tok.value}' ({known}), kihagytuk",
                tok,
            )
        return None

    def directive(self, name: str, tok: Token) -> None:
        if tok.op not in (":", "="):
            self.bad_operator(tok)
            return
        if name == "direction":
            key = self.resolve("direction", tok)
            if key is not None:
                self.direction = key
            return
        for part in tok.value.split(","):
            raw = part.strip()
            explicit: bool | None = None
            if raw.startswith(("-", "+")):
                explicit, raw = raw[0] == "-", raw[1:]
            field = kw.resolve_order_field(raw) if raw else None
            if field is None:
                orderable = ", ".join(f.name for f in kw.FIELDS.values() if f.orderable)
                self.warn(
                    "unknown_value",
                    f"Cannot order by '{part}' (known: {orderable}); ignored",
                    f"Nem rendezhető eszerint: '{part}' ({orderable}), kihagytuk",
                    tok,
                )
                continue
            self.order.append((field, explicit))

    def final_order(self) -> tuple[OrderKey, ...]:
        desc_default = self.direction == "desc"
        keys: list[OrderKey] = []
        seen: set[str] = set()
        for field, explicit in self.order:
            if field in seen:
                continue
            seen.add(field)
            keys.append(OrderKey(field, desc_default if explicit is None else explicit))
        if not keys and desc_default:
            keys.append(OrderKey("name", True))
        return tuple(keys)


def parse(text: str) -> ParseResult:
    """Parse a query. Raises `QuerySyntaxError` for text that cannot be read at all."""
    if len(text) > MAX_LENGTH:
        raise QuerySyntaxError(
            f"Query longer than {MAX_LENGTH} characters",
            MAX_LENGTH,
            len(text) - MAX_LENGTH,
            message_hu=f"A keresés hosszabb {MAX_LENGTH} karakternél",
        )
    return _Parser(text).parse()
