"""The keyword table: fields with their English and Hungarian aliases, and value vocabularies.

Aliases are stored folded (accent-free, lower-case); look-ups fold their input first, so
`típus:`, `tipus:` and `TÍPUS:` are one keyword.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from cards import vocabulary as vocab
from cards.query.normalize import compact, fold

# Kinds decide how a term parses and compiles.
TEXT = "text"  # substring of a folded column
ENUM = "enum"  # one key of a fixed vocabulary
NUMBER = "number"  # integer comparison; NULL never matches
FLAG = "flag"  # is:...
DIRECTIVE = "directive"  # order:, direction: (not filters)


@dataclass(frozen=True)
class FieldSpec:
    name: str  # canonical English keyword, used by the printer
    kind: str
    aliases: tuple[str, ...]
    label_en: str
    label_hu: str
    orderable: bool = False


FIELDS: dict[str, FieldSpec] = {
    f.name: f
    for f in [
        FieldSpec("name", TEXT, ("name", "n", "nev"), "name", "név", orderable=True),
        FieldSpec("text", TEXT, ("text", "o", "oracle", "szoveg"), "rules text", "szabályszöveg"),
        FieldSpec("type", ENUM, ("type", "t", "tipus"), "type", "típus", orderable=True),
        FieldSpec("subtype", ENUM, ("subtype", "st", "altipus"), "subtype", "altípus"),
        FieldSpec("race", ENUM, ("race", "faj"), "race", "faj", orderable=True),
        FieldSpec(
            "rarity", ENUM, ("rarity", "r", "ritkasag"), "rarity", "ritkaság", orderable=True
        ),
        FieldSpec("ability", ENUM, ("ability", "ab", "kepesseg", "kep"), "ability", "képesség"),
        FieldSpec("clan", TEXT, ("clan", "klan"), "clan", "klán"),
        FieldSpec("set", TEXT, ("set", "s", "e", "edition", "keszlet"), "set", "készlet"),
        FieldSpec("cost", NUMBER, ("cost", "ar", "koltseg"), "cost", "ár", orderable=True),
        FieldSpec(
            "speed",
            NUMBER,
            ("speed", "spd", "seb", "sebesseg"),
            "speed",
            "sebesség",
            orderable=True,
        ),
        FieldSpec(
            "firepower",
            NUMBER,
            ("firepower", "fp", "tuz", "tuzero"),
            "firepower",
            "tűzerő",
            orderable=True,
        ),
        FieldSpec(
            "armor",
            NUMBER,
            ("armor", "armour", "arm", "pan", "pancel"),
            "armor",
            "páncél",
            orderable=True,
        ),
        FieldSpec(
            "bombard",
            NUMBER,
            ("bombard", "bb", "bomb", "bombazas"),
            "bombard",
            "bombázás",
            orderable=True,
        ),
        FieldSpec(
            "owned",
            NUMBER,
            ("owned", "own", "birtokolt", "birtok"),
            "owned copies",
            "birtokolt példány",
            orderable=True,
        ),
        FieldSpec("is", FLAG, ("is",), "is", "tulajdonság"),
        FieldSpec("not", FLAG, ("not",), "not", "nem"),
        FieldSpec("order", DIRECTIVE, ("order", "sort", "rendezes", "rend"), "order", "rendezés"),
        FieldSpec("direction", DIRECTIVE, ("direction", "dir", "irany"), "direction", "irány"),
    ]
}

ALIASES: dict[str, str] = {alias: f.name for f in FIELDS.values() for alias in f.aliases}

# Bare words that join terms rather than search names.
OR_WORDS = frozenset({"or", "vagy"})
AND_WORDS = frozenset({"and", "es"})


def lookup_field(word: str) -> FieldSpec | None:
    name = ALIASES.get(fold(word))
    return FIELDS[name] if name else None


def closest_keyword(word: str) -> str | None:
    """The keyword a mistyped one most likely meant (``fajj`` → ``faj``), or None."""
    folded = fold(word)
    close = difflib.get_close_matches(folded, ALIASES, n=1, cutoff=0.7)
    return close[0] if close else None


@dataclass(frozen=True)
class Value:
    key: str
    en: str
    hu: str
    aliases: tuple[str, ...] = field(default=())

    def forms(self) -> set[str]:
        return {compact(x) for x in (self.key, self.en, self.hu, *self.aliases)}


def _subtypes() -> tuple[Value, ...]:
    values: list[Value] = []
    for type_key, (_, _, subs) in vocab.TYPES.items():
        for key, hu, en in subs:
            if key == "reaction":
                # Two types share the key; the Hungarian names tell them apart.
                values.append(Value(f"{type_key}-reaction", f"{type_key} reaction", hu))
            else:
                values.append(Value(key, en, hu))
    values.append(Value("reaction", "reaction", "reagálás/reakció"))
    return tuple(values)


_EXTRA: dict[str, dict[str, tuple[str, ...]]] = {
    "type": {"ship": ("ships",), "armament": ("arms",)},
    "subtype": {"fighter": ("vadasz",)},
    "race": {"ember": ("humans",), "inszektoid": ("insect",), "urcapa": ("shark", "capa")},
    "rarity": {"common": ("c",), "uncommon": ("u",), "ultra_rare": ("ur", "ultra")},
    "ability": {"cloaking": ("cloak",), "rapid_fire": ("rapid",), "heavy_weapons": ("heavy",)},
}

VOCAB: dict[str, tuple[Value, ...]] = {
    "type": tuple(Value(k, en, hu) for k, (hu, en, _) in vocab.TYPES.items()),
    "subtype": _subtypes(),
    "race": tuple(Value(k, en, hu) for k, (hu, en) in vocab.RACES.items()),
    "rarity": tuple(Value(k, en, hu) for k, (hu, en) in vocab.RARITIES.items()),
    "ability": tuple(Value(k, en, hu) for k, (hu, en) in vocab.ABILITIES.items()),
    "is": (
        Value("official", "official", "hivatalos"),
        Value("unofficial", "unofficial", "nem hivatalos"),
        Value("complete", "complete", "teljes"),
        Value("incomplete", "incomplete", "hiányos"),
        Value("variable", "variable cost", "változó ár", ("variable", "valtozo", "x")),
    ),
    "direction": (
        Value("asc", "ascending", "növekvő", ("up",)),
        Value("desc", "descending", "csökkenő", ("down",)),
    ),
}
VOCAB = {
    name: tuple(
        Value(v.key, v.en, v.hu, v.aliases + _EXTRA.get(name, {}).get(v.key, ())) for v in values
    )
    for name, values in VOCAB.items()
}
VOCAB["not"] = VOCAB["is"]

RARITY_ORDER: tuple[str, ...] = tuple(vocab.RARITIES)  # common < uncommon < rare < ultra_rare
TYPE_ORDER: tuple[str, ...] = tuple(vocab.TYPES)


def value_info(field_name: str, key: str) -> Value | None:
    for v in VOCAB.get(field_name, ()):
        if v.key == key:
            return v
    return None


@dataclass(frozen=True)
class Resolution:
    key: str | None
    candidates: tuple[str, ...] = ()  # when ambiguous


def resolve_value(field_name: str, raw: str) -> Resolution:
    """Exact match on any form first, then a unique prefix; a trailing plural `s` is forgiven."""
    values = VOCAB[field_name]
    wanted = compact(raw)
    if not wanted:
        return Resolution(None)
    for attempt in (wanted, wanted[:-1] if wanted.endswith("s") and len(wanted) > 2 else None):
        if not attempt:
            continue
        exact = [v.key for v in values if attempt in v.forms()]
        if len(exact) == 1:
            return Resolution(exact[0])
        prefix = [v.key for v in values if any(f.startswith(attempt) for f in v.forms())]
        if len(prefix) == 1:
            return Resolution(prefix[0])
        if len(prefix) > 1:
            return Resolution(None, tuple(prefix))
    return Resolution(None)


def resolve_order_field(raw: str) -> str | None:
    spec = lookup_field(raw)
    return spec.name if spec and spec.orderable else None


def reference() -> list[dict[str, object]]:
    """The keyword table as data, for a syntax help page (keywords, labels, accepted values)."""
    rows: list[dict[str, object]] = []
    for spec in FIELDS.values():
        values = VOCAB.get(spec.name, ())
        if spec.name == "order":
            values = tuple(
                Value(f.name, f.label_en, f.label_hu) for f in FIELDS.values() if f.orderable
            )
        rows.append(
            {
                "field": spec.name,
                "kind": spec.kind,
                "keywords": list(spec.aliases),
                "label_en": spec.label_en,
                "label_hu": spec.label_hu,
                "values": [{"key": v.key, "en": v.en, "hu": v.hu} for v in values],
            }
        )
    return rows
