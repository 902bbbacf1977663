"""Tokens with character positions, so errors and warnings can point into the query."""

from __future__ import annotations

from dataclasses import dataclass

from cards.query.errors import QuerySyntaxError

LPAREN, RPAREN, NEG, WORD, PHRASE, TERM, EOF = (
    "LPAREN",
    "RPAREN",
    "NEG",
    "WORD",
    "PHRASE",
    "TERM",
    "EOF",
)
# Longest first so `<=` wins over `<`.
OPERATORS = ("!=", "<=", ">=", ":", "=", "<", ">")
_STOP = set('()"') | {" ", "\t", "\n", "\r"}


@dataclass(frozen=True)
class Token:
    kind: str
    text: str  # WORD: the word; PHRASE: unescaped content; TERM: the keyword
    pos: int
    length: int
    op: str = ""  # TERM only
    value: str = ""  # TERM only, unescaped
    value_pos: int = 0  # TERM only


def _is_space(ch: str) -> bool:
    return ch.isspace()


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """Read `"..."` starting at the quote; `\\"` and `\\\\` escape. Returns (content, end)."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
            continue
        if ch == '"':
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise QuerySyntaxError(
        "Unclosed quote", start, len(text) - start, message_hu="Lezáratlan idézőjel"
    )


def _find_operator(run: str) -> tuple[int, str] | None:
    for i in range(len(run)):
        for op in OPERATORS:
            if run.startswith(op, i):
                return i, op
    return None


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if _is_space(ch):
            i += 1
        elif ch == "(":
            tokens.append(Token(LPAREN, ch, i, 1))
            i += 1
        elif ch == ")":
            tokens.append(Token(RPAREN, ch, i, 1))
            i += 1
        elif ch == '"':
            content, end = _read_quoted(text, i)
            tokens.append(Token(PHRASE, content, i, end - i))
            i = end
        elif ch == "-":
            if i + 1 >= n or _is_space(text[i + 1]) or text[i + 1] == ")":
                raise QuerySyntaxError(
                    "'-' must be followed by a term",
                    i,
                    1,
                    message_hu="A '-' után keresőfeltételnek kell állnia",
                )
            tokens.append(Token(NEG, ch, i, 1))
            i += 1
        else:
            i = _read_run(text, i, tokens)
    tokens.append(Token(EOF, "", n, 0))
    return tokens


def _read_run(text: str, start: int, tokens: list[Token]) -> int:
    """A bare word, or `keyword<op>value` where value may be quoted."""
    n = len(text)
    end = start
    while end < n and text[end] not in _STOP and not _is_space(text[end]):
        end += 1
    run = text[start:end]
    found = _find_operator(run)
    if found is None:
        tokens.append(Token(WORD, run, start, end - start))
        return end
    at, op = found
    if at == 0:
        raise QuerySyntaxError(
            f"Operator '{op}' needs a keyword before it",
            start,
            len(op),
            message_hu=f"A(z) '{op}' műveleti jel elé kulcsszó kell",
        )
    key = run[:at]
    value_start = start + at + len(op)
    value = run[at + len(op) :]
    if not value and end < n and text[end] == '"':
        value, end = _read_quoted(text, end)
    elif not value:
        raise QuerySyntaxError(
            f"Missing value after '{key}{op}'",
            start,
            end - start,
            message_hu=f"Hiányzik az érték ez után: '{key}{op}'",
        )
    tokens.append(Token(TERM, key, start, end - start, op=op, value=value, value_pos=value_start))
    return end
