"""A game's vocabulary: the names, card types and runtime hooks its cards may use.

Vocabularies are written in the card language itself (`vocabulary pamir "..." { ... }`, kept in
`cards/<game>/game.pax`) and read here into a checked model the rest of the compiler consults.
"""

from __future__ import annotations

import dataclasses
import keyword
import re
from dataclasses import dataclass

from paxc.compiler import ast
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.pynames import camel, package_problem, shorten
from paxc.compiler.source import Span
from paxc.compiler.types import BUILTINS, ZONE, Type, enum_type, list_of

# Attributes every card has whatever its game; they cannot be redeclared by a card type. `text`
# is the text the card's designer means it to have (a card's or a side's), compared with the text
# generated from what the card does (`paxc render --compare`).
CORE_ATTRIBUTES = ("provenance", "note", "text")
PROVENANCES = ("printed", "inferred", "reconstructed")
# Every field the generated Card class has whatever the game (templates/vocabulary.py.jinja; a card
# type declaring one would silently replace it), and `owner` and `zone`: where a card is in play
# (`card.owner`, `card.zone`), which every card has.
RESERVED_FIELDS = frozenset(
    {
        "number",
        "name",
        "card_type",
        "provenance",
        "note",
        "source",
        "text",
        "ability_text",
        "intended_text",
        "abilities",
        "lasting",
        "sides",
        "errata",
        "version",
        "versions",
        "owner",
        "zone",
    }
)
# The statements of the language that look like operations: `move` in a game that declares zones,
# `gain`, `pay` and `take` in a game that declares money (it cannot declare operations by these names).
BUILTIN_OPERATIONS = ("move", "gain", "pay", "take")
HOOK_KINDS = ("operation", "query", "trigger", "modifier", "replaceable")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::plural)?\}")
# A placeholder of another language's phrasing: `{count:army}`, `{card:plural}`, `{card=a|b}`, `{card+}`.
_WORDED = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[:=+][^{}]*)?\}")
# A phrasing's optional words (`[ in {region}]`, left out where a parameter in them is unpinned).
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")

# A modifier's phrasings after its first (`"the bribe {payer} owes ... | none: {payer:plural} pay
# no bribe ..."`): how card text says it set to 0 or no (`none`), set to `{value}` (`to`), or
# changed by `{value}` (`more`, `less`); `usual` says what it would be unchanged ("the usual
# price", for "half of the usual price"). A yes-or-no modifier says both ways instead:
# `"whether A | B"`.
FORM_KEYS = ("none", "to", "more", "less", "usual")


def base_phrasing(text: str) -> str:
    """A hook's first phrasing (the one that names its value), without a modifier's keyed forms."""
    return text if text.startswith("whether ") else text.split(" | ", 1)[0]


def phrasing_forms(text: str) -> dict[str, str]:
    """A modifier's keyed phrasings ("none" -> "{payer:plural} pay no bribe ...")."""
    if text.startswith("whether "):
        return {}
    forms: dict[str, str] = {}
    for part in text.split(" | ")[1:]:
        key, _, said = part.partition(": ")
        forms[key.strip()] = said
    return forms


@dataclass(frozen=True, slots=True)
class EnumKind:
    name: str
    members: tuple[str, ...]
    span: Span
    # How a card's attribute says a member, for the members the vocabulary words (`enum_member`).
    texts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    type: Type
    required: bool
    span: Span
    label: str | None = None  # the attribute's label on a card (None: its name in words)
    # How the card says the values of an enum attribute, where the vocabulary words them.
    value_texts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class CardTypeSpec:
    name: str
    fields: tuple[FieldSpec, ...]
    span: Span

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True, slots=True)
class ParamSpec:
    preposition: str | None
    name: str
    type: Type
    # The values of an enum parameter the runtime gives (`piece: piece {tribe}`); empty: all.
    asked: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Halts:
    """The value of a modifier that leaves the game unable to end while a card gives it without a
    condition (`halts to false "why"`): `value` exactly, or, `at_most`, any number up to `value`.
    `why` says how the game stops (the message of `check`'s `game-cannot-end`)."""

    value: bool | int
    at_most: bool
    why: str

    def reached(self, change: str, value: bool | int) -> bool:
        """Whether `modify HOOK <change> <value>` (a constant) gives the halting value whatever the
        value was: `to` a halting value, or `to at most` one (a ceiling)."""
        if isinstance(self.value, bool) or isinstance(value, bool):
            return change == "to" and value is self.value
        if change == "to":
            return value <= self.value if self.at_most else value == self.value
        return change == "at_most" and self.at_most and value <= self.value


@dataclass(frozen=True, slots=True)
class HookSpec:
    """An operation, query, trigger, modifier or replaceable event the runtime offers to cards."""

    kind: str
    name: str
    params: tuple[ParamSpec, ...]
    result: Type | None
    text: str | None
    span: Span
    # A modifier whose use the rules tell (`spent`): a `modify` of it may be `once per round`.
    spent: bool = False
    # A modifier whose value can halt the game (`halts to false "why"`).
    halts: Halts | None = None

    @property
    def positional(self) -> tuple[ParamSpec, ...]:
        return tuple(p for p in self.params if p.preposition is None)

    def by_preposition(self, preposition: str) -> ParamSpec | None:
        return next((p for p in self.params if p.preposition == preposition), None)


@dataclass(frozen=True)
class MemorySpec:
    """What a card in play may remember (`memory named: player "the player {card} names"`)."""

    name: str
    type: Type
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class DurationEndSpec:
    """When a duration ends: at the trigger `ends` (only the effect owner's, when `ends_player`
    names the trigger's player parameter), once `after` has come since the effect started (if
    given; likewise maybe only the owner's). "Until the end of your next turn": ends at
    `turn_ended if player == you` after `turn_started if player == you`."""

    ends: str
    ends_player: str | None = None
    after: str | None = None
    after_player: str | None = None


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """A place cards are in (`zone court of player "the court of {player}"`): shared, or one for
    each player (`per_player`), and how card text says it."""

    name: str
    per_player: bool
    text: str
    span: Span
    moved: str | None = None  # a card moved there, said: "discard {card}" (else "move {card} to ...")

    def phrase(self, holder: str | None = None) -> str:
        return self.text.replace("{player}", holder) if holder is not None else self.text


@dataclass(frozen=True, slots=True)
class MoneySpec:
    """The game's money (`money rupees "rupee" "rupees"`): `rupees of p`, gain, pay and take."""

    name: str
    singular: str
    plural: str
    span: Span
    on_cards: bool = False  # money may lie on cards too: `rupees of CARD`, `pay 1 to CARD`

    def amount(self, count: str) -> str:
        return f"{count} {self.singular if count == '1' else self.plural}"


# What a `language` block may word, besides the hooks (HOOK_KINDS): `word` a name of the vocabulary
# (an enum member, a card type, a piece a phrasing counts), `label` a card type's attribute, and the
# vocabulary's other phrasings by their name.
LANGUAGE_KINDS = (
    "word",
    "cardtype",
    "label",
    "zone",
    "money",
    "duration",
    "while",
    "timing",
    "memory",
    *HOOK_KINDS,
)
# A word's kind after its texts: a noun's gender, an adjective that agrees with its noun; without
# one the word is a name, said as it is.
WORD_KINDS = ("m", "f", "adj")


@dataclass(frozen=True, slots=True)
class WordSpec:
    """A word of another language for a name of the vocabulary: `word Persia "Perse" f "en: en
    Perse"`: its text, its kind (WORD_KINDS, or None: a name), and forms by key (`pl`, `en`)."""

    text: str
    kind: str | None
    forms: tuple[tuple[str, str], ...] = ()

    def form(self, key: str) -> str | None:
        return dict(self.forms).get(key)


@dataclass(frozen=True)
class LanguageSpec:
    """How card text says a game's vocabulary in another language (`language fr { ... }`): its
    words, and the phrasings of its hooks and other phrases, by kind and name."""

    name: str
    span: Span
    words: dict[str, WordSpec] = dataclasses.field(default_factory=dict)
    phrasings: dict[tuple[str, str], tuple[str, ...]] = dataclasses.field(default_factory=dict)
    # The gender of a card type's or a label's noun ("carte de cour" f), where given.
    genders: dict[tuple[str, str], str] = dataclasses.field(default_factory=dict)

    def phrasing(self, kind: str, name: str) -> str | None:
        texts = self.phrasings.get((kind, name))
        return texts[0] if texts else None

    def phrasings_of(self, kind: str, name: str) -> tuple[str, ...]:
        return self.phrasings.get((kind, name), ())


@dataclass(frozen=True)
class Vocabulary:
    name: str
    title: str
    path: str
    enums: dict[str, EnumKind]
    adjacency: dict[str, tuple[tuple[str, str], ...]]
    card_types: dict[str, CardTypeSpec]
    hooks: dict[str, HookSpec]
    timings: tuple[str, ...]
    # Declared durations, name -> phrase ("until the end of your turn"), and what cards remember.
    durations: dict[str, str] = dataclasses.field(default_factory=dict)
    duration_ends: dict[str, DurationEndSpec] = dataclasses.field(default_factory=dict)
    memories: dict[str, MemorySpec] = dataclasses.field(default_factory=dict)
    zones: dict[str, ZoneSpec] = dataclasses.field(default_factory=dict)
    money: MoneySpec | None = None
    # The card moves the runtime makes, (origin zone, destination zone): `move CARD to ZONE` is
    # checked against them.
    moves: tuple[tuple[str, str], ...] = ()
    # Places besides play where continuous effects act, name -> phrase ("while in the market").
    places: dict[str, str] = dataclasses.field(default_factory=dict)
    # Card text in other languages, by language name ("fr"): `language fr { ... }`.
    languages: dict[str, LanguageSpec] = dataclasses.field(default_factory=dict)

    def moves_to(self, destination: str) -> list[str]:
        """The zones a card may be moved to `destination` from, in declared order."""
        return [origin for origin, to in self.moves if to == destination]

    def hooks_of(self, kind: str) -> dict[str, HookSpec]:
        return {name: hook for name, hook in self.hooks.items() if hook.kind == kind}

    def enums_with_member(self, member: str) -> list[str]:
        return [kind.name for kind in self.enums.values() if member in kind.members]

    def all_members(self) -> list[str]:
        return [member for kind in self.enums.values() for member in kind.members]

    def field_anywhere(self, name: str) -> FieldSpec | None:
        """A field as seen on a card of unknown type: optional unless every card type requires it."""
        specs = [spec.field(name) for spec in self.card_types.values()]
        present = [spec for spec in specs if spec is not None]
        if not present:
            return None
        first = present[0]
        everywhere = len(present) == len(specs) and all(spec.required for spec in present)
        # A list attribute a card lacks is an empty list, never absent.
        certain = everywhere or first.type.kind == "list"
        return FieldSpec(
            name,
            first.type if certain else first.type.maybe(),
            everywhere,
            first.span,
            first.label,
            first.value_texts,
        )

    def all_fields(self) -> list[FieldSpec]:
        """Every field of every card type, once each, in a stable order (by name)."""
        names = sorted({f.name for spec in self.card_types.values() for f in spec.fields})
        fields = [self.field_anywhere(name) for name in names]
        return [f for f in fields if f is not None]


# Names the generated code itself uses where a declared field or parameter would land.
_RESERVED_MEMBER_NAMES = frozenset({"self", "ctx", "event", "current"})
# Classes every generated vocabulary module defines or imports besides the declared ones.
_RESERVED_CLASSES = frozenset(
    {
        "Card",
        "CardType",
        "Duration",
        "Provenance",
        "PlayerId",
        "Effect",
        "EffectContext",
        "Ability",
        "Erratum",
        "Choice",
        "Decision",
        "Protocol",
        "Enum",
        "Zone",
    }
)


def reserved_word(name: str) -> bool:
    """Whether a field or parameter name cannot be a Python attribute of generated code."""
    return (
        keyword.iskeyword(name)
        or keyword.issoftkeyword(name)
        or name.startswith("_")
        or name in _RESERVED_MEMBER_NAMES
    )


def build_vocabulary(decl: ast.VocabularyDecl, path: str, reporter: Reporter) -> Vocabulary:
    """Check a vocabulary declaration and turn it into the model; problems go to the reporter."""
    builder = _Builder(decl, path, reporter)
    return builder.build()


class _Builder:
    def __init__(self, decl: ast.VocabularyDecl, path: str, reporter: Reporter) -> None:
        self.decl = decl
        self.path = path
        self.reporter = reporter
        self.enums: dict[str, EnumKind] = {}
        self.declared: dict[str, Span] = {}
        # A game that declares zones may name a zone as a value of a hook (`origin: zone`).
        self.has_zones = any(isinstance(item, ast.ZoneDecl) for item in decl.items)

    def _declare(self, ident: ast.Ident, what: str) -> bool:
        if ident.text in BUILTINS or ident.text in self.declared or ident.text == "card_type":
            self.reporter.error(
                ident.span,
                Code.DUPLICATE_NAME,
                f"{what} '{ident.text}' is already declared",
                "built-in types are int, bool, text, player and card" if ident.text in BUILTINS else None,
            )
            return False
        self.declared[ident.text] = ident.span
        return True

    def build(self) -> Vocabulary:
        items = self.decl.items
        for item in items:
            if isinstance(item, ast.EnumDecl):
                self._enum(item)
        adjacency: dict[str, tuple[tuple[str, str], ...]] = {}
        card_types: dict[str, CardTypeSpec] = {}
        hooks: dict[str, HookSpec] = {}
        timings: list[str] = []
        durations: dict[str, str] = {}
        duration_decls: list[ast.DurationDecl] = []
        memories: dict[str, MemorySpec] = {}
        zones: dict[str, ZoneSpec] = {}
        money: MoneySpec | None = None
        places: dict[str, str] = {}
        move_decls: list[ast.MoveDecl] = []
        language_decls: list[ast.LanguageDecl] = []
        for item in items:
            if isinstance(item, ast.AdjacencyDecl):
                pairs = self._adjacency(item)
                if pairs is not None:
                    adjacency[item.kind.text] = pairs
            elif isinstance(item, ast.CardTypeDecl):
                if self._declare(item.name, "card type"):
                    card_types[item.name.text] = self._card_type(item)
            elif isinstance(item, ast.SignatureDecl):
                if self._declare(item.name, item.kind):
                    hooks[item.name.text] = self._hook(item)
            elif isinstance(item, ast.MemoryDecl):
                memory = self._memory(item)
                if memory is not None and self._declare(item.name, "memory"):
                    memories[memory.name] = memory
            elif isinstance(item, ast.ZoneDecl):
                # Zones have names of their own (a zone and a card type may both be `court`:
                # `card.zone == court`, `card.card_type == court`).
                zone = self._zone(item)
                if zone is not None and zone.name in zones:
                    self.reporter.error(
                        item.name.span, Code.DUPLICATE_NAME, f"zone '{zone.name}' is declared twice"
                    )
                elif zone is not None:
                    zones[zone.name] = zone
            elif isinstance(item, ast.MoveDecl):
                move_decls.append(item)
            elif isinstance(item, ast.LanguageDecl):
                language_decls.append(item)
            elif isinstance(item, ast.MoneyDecl):
                if money is not None:
                    self.reporter.error(
                        item.span, Code.DUPLICATE_NAME, f"the game's money is already '{money.name}'"
                    )
                elif self._declare(item.name, "money"):
                    money = MoneySpec(
                        item.name.text, item.singular.value, item.plural.value, item.span, item.on_cards
                    )
            elif isinstance(item, ast.DurationDecl):
                if self._declare(item.name, "duration"):
                    durations[item.name.text] = item.text.value
                    duration_decls.append(item)
            elif isinstance(item, ast.WhileDecl):
                if item.name.text == "play":
                    self.reporter.error(
                        item.name.span,
                        Code.BAD_VOCABULARY,
                        "'while in play' is built in: it needs no declaration",
                    )
                elif self._declare(item.name, "place"):
                    places[item.name.text] = item.text.value
            elif isinstance(item, ast.TimingDecl):
                for ident in item.names:
                    if ident.text in timings:
                        self.reporter.error(
                            ident.span, Code.DUPLICATE_NAME, f"timing '{ident.text}' is declared twice"
                        )
                    else:
                        timings.append(ident.text)
        self._check_field_consistency(card_types)
        for memory in memories.values():
            if any(spec.field(memory.name) is not None for spec in card_types.values()):
                self.reporter.error(
                    memory.span,
                    Code.DUPLICATE_NAME,
                    f"memory '{memory.name}' has the name of a card attribute",
                    "cards read both as CARD.NAME: give the memory another name",
                )
        duration_ends = {
            decl.name.text: end
            for decl in duration_decls
            if (end := self._duration_end(decl, hooks)) is not None
        }
        self._check_class_names(hooks)
        self._check_game_name()
        self._check_builtin_statements(hooks, bool(zones), money is not None)
        moves = self._moves(move_decls, zones)
        known = {
            "zone": set(zones),
            "money": {money.name} if money is not None else set(),
            "duration": set(durations),
            "while": {*places, "play"},
            "timing": set(timings),
            "memory": set(memories),
            "label": {f.name for spec in card_types.values() for f in spec.fields}
            | {f"{spec.name}__{f.name}" for spec in card_types.values() for f in spec.fields},
            "cardtype": set(card_types),
        }
        for kind in HOOK_KINDS:
            known[kind] = {name for name, hook in hooks.items() if hook.kind == kind}
        languages: dict[str, LanguageSpec] = {}
        for decl in language_decls:
            if decl.language.text in languages:
                self.reporter.error(
                    decl.language.span,
                    Code.DUPLICATE_NAME,
                    f"language '{decl.language.text}' is declared twice",
                )
                continue
            languages[decl.language.text] = self._language(decl, known, hooks)
        return Vocabulary(
            name=self.decl.name.text,
            title=self.decl.title.value,
            path=self.path,
            enums=self.enums,
            adjacency=adjacency,
            card_types=card_types,
            hooks=hooks,
            timings=tuple(timings),
            durations=durations,
            duration_ends=duration_ends,
            memories=memories,
            zones=zones,
            money=money,
            moves=moves,
            places=places,
            languages=languages,
        )

    def _language(
        self, decl: ast.LanguageDecl, known: dict[str, set[str]], hooks: dict[str, HookSpec]
    ) -> LanguageSpec:
        """A `language` block: each entry words something the vocabulary declares, once; a word
        has a known kind; a hook's phrasing names only its parameters (and a modifier's form its
        `{value}`)."""
        words: dict[str, WordSpec] = {}
        phrasings: dict[tuple[str, str], tuple[str, ...]] = {}
        genders: dict[tuple[str, str], str] = {}
        for entry in decl.entries:
            kind, name = entry.kind.text, entry.name.text
            if kind not in LANGUAGE_KINDS:
                self.reporter.unknown(entry.kind.span, "kind of wording", kind, LANGUAGE_KINDS)
                continue
            if (kind, name) in phrasings or (kind == "word" and name in words):
                self.reporter.error(
                    entry.name.span,
                    Code.DUPLICATE_NAME,
                    f"{kind} '{name}' is worded twice in '{decl.language.text}'",
                )
                continue
            if kind == "word":
                gender = entry.gender.text if entry.gender is not None else None
                if gender is not None and gender not in WORD_KINDS:
                    self.reporter.unknown(
                        entry.gender.span if entry.gender else entry.span, "kind of word", gender, WORD_KINDS
                    )
                    continue
                forms = tuple(
                    (key.strip(), said.strip())
                    for text in entry.texts[1:]
                    for key, _, said in [text.value.partition(":")]
                )
                words[name] = WordSpec(entry.texts[0].value, gender, forms)
                continue
            if entry.gender is not None and kind in ("cardtype", "label"):
                if entry.gender.text not in ("m", "f"):
                    self.reporter.unknown(entry.gender.span, "gender", entry.gender.text, ("m", "f"))
                else:
                    genders[(kind, name)] = entry.gender.text
            elif entry.gender is not None:
                self.reporter.error(
                    entry.gender.span,
                    Code.BAD_VOCABULARY,
                    f"only a word, a card type or a label has a gender, not a {kind}",
                )
            if name not in known[kind]:
                self.reporter.unknown(entry.name.span, kind, name, sorted(known[kind]))
                continue
            if kind in HOOK_KINDS:
                allowed = [p.name for p in hooks[name].params]
                if kind == "modifier":
                    allowed.append("value")
                for text in entry.texts:
                    for placeholder in _WORDED.findall(text.value):
                        if placeholder not in allowed:
                            self.reporter.unknown(text.span, "parameter", placeholder, allowed)
            phrasings[(kind, name)] = tuple(text.value for text in entry.texts)
        return LanguageSpec(decl.language.text, decl.language.span, words, phrasings, genders)

    def _moves(self, decls: list[ast.MoveDecl], zones: dict[str, ZoneSpec]) -> tuple[tuple[str, str], ...]:
        """The declared moves: between declared zones, each once; a move within one shared zone
        would leave the card where it is."""
        moves: list[tuple[str, str]] = []
        for decl in decls:
            ok = True
            for end in (decl.origin, decl.destination):
                if end.text not in zones:
                    self.reporter.unknown(end.span, "zone", end.text, zones)
                    ok = False
            pair = (decl.origin.text, decl.destination.text)
            if not ok:
                continue
            if pair in moves:
                self.reporter.error(
                    decl.span, Code.DUPLICATE_NAME, f"the move from {pair[0]} to {pair[1]} is declared twice"
                )
            elif pair[0] == pair[1] and not zones[pair[0]].per_player:
                self.reporter.error(
                    decl.span,
                    Code.BAD_VOCABULARY,
                    f"a card in {pair[0]} is already there",
                    "a move within a zone is one between the zones of two players",
                )
            else:
                moves.append(pair)
        return tuple(moves)

    def _check_builtin_statements(self, hooks: dict[str, HookSpec], has_zones: bool, has_money: bool) -> None:
        """`move` is the language's statement in a game with zones, `gain`, `pay` and `take` in a
        game with money: such a game cannot declare operations by those names (a game without
        them may, and its cards then mean its own operations)."""
        for name in BUILTIN_OPERATIONS:
            hook = hooks.get(name)
            builtin = has_zones if name == "move" else has_money
            if hook is not None and builtin:
                self.reporter.error(
                    hook.span,
                    Code.BAD_VOCABULARY,
                    f"'{name}' is a statement of the language in a game with "
                    + ("zones" if name == "move" else "money"),
                    "give the operation another name",
                )

    def _duration_end(self, decl: ast.DurationDecl, hooks: dict[str, HookSpec]) -> DurationEndSpec | None:
        """A duration must say the moment that ends it, a trigger the game declares (the runtime
        ends it when its rules tell that moment, after the abilities answering it have acted)."""
        if decl.ends is None:
            self.reporter.error(
                decl.span,
                Code.BAD_VOCABULARY,
                f"duration '{decl.name.text}' does not say when it ends",
                "add 'ends TRIGGER' (e.g. 'ends turn_ended if player == you')",
            )
            return None
        ends = self._moment(decl.ends, hooks)
        after = self._moment(decl.after, hooks) if decl.after is not None else (None, None)
        if ends is None or after is None:
            return None
        return DurationEndSpec(ends[0], ends[1], after[0], after[1])

    def _moment(
        self, moment: ast.DurationMoment, hooks: dict[str, HookSpec]
    ) -> tuple[str, str | None] | None:
        hook = hooks.get(moment.trigger.text)
        if hook is None or hook.kind != "trigger":
            triggers = [name for name, h in hooks.items() if h.kind == "trigger"]
            self.reporter.unknown(moment.trigger.span, "trigger", moment.trigger.text, triggers)
            return None
        if moment.player is None:
            return hook.name, None
        players = [p.name for p in hook.params if p.type.kind == "player" and not p.type.optional]
        if moment.player.text not in players:
            self.reporter.error(
                moment.player.span,
                Code.BAD_VOCABULARY,
                f"trigger '{hook.name}' has no player parameter '{moment.player.text}'",
                f"its player parameters: {', '.join(players)}" if players else "it has no player parameter",
            )
            return None
        if moment.compare != "==":
            self.reporter.error(
                moment.span,
                Code.BAD_VOCABULARY,
                f"a duration's moment can only test '{moment.player.text} == you'",
            )
            return None
        return hook.name, moment.player.text

    def _zone(self, item: ast.ZoneDecl) -> ZoneSpec | None:
        """A zone's name is a value of card text (`card.zone == court`): it must not be an enum's
        member too, and its wording names `{player}` exactly when it is one per player."""
        name = item.name.text
        owners = [kind.name for kind in self.enums.values() if name in kind.members]
        if owners:
            self.reporter.error(
                item.name.span,
                Code.DUPLICATE_NAME,
                f"zone '{name}' is already a member of enum '{owners[0]}'",
                "cards compare zones by name (card.zone == ...): give the zone another name",
            )
            return None
        if reserved_word(name):
            self.reporter.error(item.name.span, Code.BAD_VOCABULARY, f"'{name}' is a reserved word")
            return None
        placeholders = set(_PLACEHOLDER.findall(item.text.value))
        wanted = {"player"} if item.per_player else set()
        if placeholders != wanted:
            self.reporter.error(
                item.text.span,
                Code.BAD_VOCABULARY,
                f"the wording of zone '{name}' must name "
                + ("its player as {player}" if item.per_player else "no placeholder (it is shared)"),
            )
            return None
        moved = item.moved.value if item.moved is not None else None
        if item.moved is not None and (
            "{card}" not in item.moved.value
            or not set(_PLACEHOLDER.findall(item.moved.value)) <= {"card", *wanted}
        ):
            self.reporter.error(
                item.moved.span,
                Code.BAD_VOCABULARY,
                f"how zone '{name}' says a card moved there must name the card as {{card}}"
                + (" (and may name its player as {player})" if item.per_player else ""),
            )
            return None
        return ZoneSpec(name, item.per_player, item.text.value, item.span, moved)

    def _enum(self, item: ast.EnumDecl) -> None:
        if not self._declare(item.name, "enum"):
            return
        members: list[str] = []
        texts: list[tuple[str, str]] = []
        upper: dict[str, str] = {}
        for index, member in enumerate(item.members):
            key = member.text.upper()
            if key in upper:
                self.reporter.error(
                    member.span,
                    Code.DUPLICATE_NAME,
                    f"'{member.text}' is already a member of enum '{item.name.text}'"
                    + (
                        ""
                        if upper[key] == member.text
                        else f" (as '{upper[key]}'; names differing only in case clash)"
                    ),
                )
                continue
            upper[key] = member.text
            members.append(member.text)
            text = item.texts[index] if index < len(item.texts) else None
            if text is not None and self._worded(text, f"member '{member.text}'"):
                texts.append((member.text, text.value))
        self.enums[item.name.text] = EnumKind(item.name.text, tuple(members), item.span, tuple(texts))

    def _worded(self, text: ast.StrLit, what: str) -> bool:
        """A label or a member's words: some words, on one line."""
        if text.value.strip() and "\n" not in text.value:
            return True
        self.reporter.error(
            text.span, Code.BAD_VOCABULARY, f"the words of {what} must be some text on one line"
        )
        return False

    def _adjacency(self, item: ast.AdjacencyDecl) -> tuple[tuple[str, str], ...] | None:
        kind = self.enums.get(item.kind.text)
        if kind is None:
            self.reporter.unknown(item.kind.span, "enum", item.kind.text, self.enums)
            return None
        pairs: list[tuple[str, str]] = []
        for left, right in item.pairs:
            ok = True
            for end in (left, right):
                if end.text not in kind.members:
                    self.reporter.unknown(end.span, kind.name, end.text, kind.members)
                    ok = False
            if ok:
                pairs.append(tuple(sorted((left.text, right.text))))  # type: ignore[arg-type]
        return tuple(sorted(set(pairs)))

    def _type(self, ref: ast.TypeRef) -> Type | None:
        name = ref.name.text
        if name in BUILTINS:
            base = BUILTINS[name]
        elif name in self.enums:
            base = enum_type(name)
        elif name == ZONE.name and self.has_zones:
            base = ZONE  # compared with a zone's name: `when card_moved if origin == court`
        else:
            known = [*BUILTINS, *self.enums, *([ZONE.name] if self.has_zones else [])]
            self.reporter.unknown(ref.name.span, "type", name, known)
            return None
        return list_of(base) if ref.is_list else base

    def _memory(self, item: ast.MemoryDecl) -> MemorySpec | None:
        """A memory holds one value: a number, yes/no, a player, an enum member or a card (which
        the runtime keeps as its number, plain data like the others)."""
        if item.name.text in RESERVED_FIELDS:
            self.reporter.error(
                item.name.span,
                Code.BAD_VOCABULARY,
                f"'{item.name.text}' is a built-in attribute of every card",
            )
            return None
        type_ = self._type(item.type)
        if type_ is None:
            return None
        if type_.kind not in ("int", "bool", "player", "enum", "card"):
            self.reporter.error(
                item.type.span,
                Code.BAD_VOCABULARY,
                f"a card can remember a number, yes/no, a player, a named value or a card, not {type_}",
            )
            return None
        return MemorySpec(item.name.text, type_, item.text.value, item.span)

    def _card_type(self, item: ast.CardTypeDecl) -> CardTypeSpec:
        fields: list[FieldSpec] = []
        for field in item.fields:
            if field.name.text in RESERVED_FIELDS:
                self.reporter.error(
                    field.name.span,
                    Code.BAD_VOCABULARY,
                    f"'{field.name.text}' is a built-in attribute of every card and cannot be declared",
                )
                continue
            if any(f.name == field.name.text for f in fields):
                self.reporter.error(
                    field.name.span, Code.DUPLICATE_NAME, f"attribute '{field.name.text}' is declared twice"
                )
                continue
            if reserved_word(field.name.text):
                self.reporter.error(
                    field.name.span, Code.BAD_VOCABULARY, f"'{field.name.text}' is a reserved word"
                )
                continue
            type_ = self._type(field.type)
            if type_ is not None:
                label = field.label
                worded = label is not None and self._worded(label, f"attribute '{field.name.text}'")
                kind = self.enums.get(type_.element.name if type_.element is not None else type_.name)
                texts = kind.texts if kind is not None and type_.kind in ("enum", "list") else ()
                fields.append(
                    FieldSpec(
                        field.name.text,
                        type_,
                        field.required,
                        field.span,
                        label.value if worded and label is not None else None,
                        texts,
                    )
                )
        return CardTypeSpec(item.name.text, tuple(fields), item.span)

    def _check_game_name(self) -> None:
        """The game's name is its generated package's: Python must be able to import it."""
        problem = package_problem(self.decl.name.text)
        if problem is not None:
            self.reporter.error(
                self.decl.name.span,
                Code.BAD_VOCABULARY,
                f"'{shorten(self.decl.name.text)}' cannot name a game: {problem}",
                "name it with letters, digits and '_', starting with a letter",
            )

    def _check_class_names(self, hooks: dict[str, HookSpec]) -> None:
        """Enums and events become Python classes: their names must not clash once camel-cased."""
        protocol = camel(self.decl.name.text) + "Effects"
        taken: dict[str, str] = {name: "a class every game has" for name in _RESERVED_CLASSES}
        taken[protocol] = "the game's effects protocol"
        declared = [(kind.name, kind.span) for kind in self.enums.values()]
        declared += [
            (hook.name, hook.span)
            for hook in hooks.values()
            if hook.kind in ("trigger", "modifier", "replaceable")
        ]
        for name, span in declared:
            cls = camel(name)
            if name.startswith("_") or cls in ("None", "True", "False"):
                self.reporter.error(span, Code.BAD_VOCABULARY, f"'{name}' cannot name a class in Python")
            elif cls in taken:
                self.reporter.error(
                    span,
                    Code.DUPLICATE_NAME,
                    f"'{name}' becomes the class {cls}, which is already {taken[cls]}",
                )
            else:
                taken[cls] = f"the class of '{name}'"

    def _check_field_consistency(self, card_types: dict[str, CardTypeSpec]) -> None:
        """A field name means one thing in a game: the same type on every card type that has it."""
        seen: dict[str, FieldSpec] = {}
        for spec in card_types.values():
            for field in spec.fields:
                first = seen.setdefault(field.name, field)
                if first.type != field.type:
                    self.reporter.error(
                        field.span,
                        Code.BAD_VOCABULARY,
                        f"attribute '{field.name}' is {field.type} here but {first.type} on another card type",
                    )

    def _asked(self, param: ast.Param, type_: Type) -> tuple[str, ...]:
        """The values `{a, b}` of an enum parameter: members of its enum, each once."""
        if not param.asked:
            return ()
        kind = self.enums.get(type_.name) if type_.kind == "enum" else None
        if kind is None:
            self.reporter.error(
                param.asked[0].span,
                Code.BAD_VOCABULARY,
                f"only a parameter of a named kind lists the values asked, not {type_}",
            )
            return ()
        values: list[str] = []
        for ident in param.asked:
            if ident.text not in kind.members:
                self.reporter.unknown(ident.span, kind.name, ident.text, kind.members)
            elif ident.text not in values:
                values.append(ident.text)
        return tuple(values)

    def _phrasing(self, item: ast.SignatureDecl, params: list[ParamSpec]) -> None:
        """A hook's phrasing names only its parameters; a modifier's keyed forms (`| none: ...`)
        are among FORM_KEYS and may name its `{value}` too; `[...]` are not nested."""
        assert item.text is not None
        text, span = item.text.value, item.text.span
        names = [p.name for p in params]
        forms = phrasing_forms(text) if item.kind == "modifier" else {}
        if item.kind != "modifier" or text.startswith("whether "):
            parts = [text]
        else:
            parts = text.split(" | ")
        for index, part in enumerate(parts):
            if index > 0:
                key = part.partition(": ")[0].strip()
                if key not in FORM_KEYS or not part.partition(": ")[2].strip():
                    self.reporter.error(
                        span,
                        Code.BAD_VOCABULARY,
                        f"'{part}' is no phrasing of a modifier's value",
                        "write it '| KEY: words', KEY one of " + ", ".join(FORM_KEYS),
                    )
                    continue
            allowed = [*names, "value"] if index > 0 else names
            for placeholder in _PLACEHOLDER.findall(part):
                if placeholder not in allowed:
                    self.reporter.unknown(span, "parameter", placeholder, allowed)
            if _OPTIONAL.sub("", part).count("[") or _OPTIONAL.sub("", part).count("]"):
                self.reporter.error(
                    span,
                    Code.BAD_VOCABULARY,
                    "a phrasing's optional words '[...]' must be closed and not nested",
                )
        del forms

    def _hook(self, item: ast.SignatureDecl) -> HookSpec:
        params: list[ParamSpec] = []
        for param in item.params:
            if any(p.name == param.name.text for p in params):
                self.reporter.error(
                    param.name.span, Code.DUPLICATE_NAME, f"parameter '{param.name.text}' is declared twice"
                )
                continue
            if param.preposition is not None and any(p.preposition == param.preposition for p in params):
                self.reporter.error(
                    param.span, Code.DUPLICATE_NAME, f"preposition '{param.preposition}' is used twice"
                )
                continue
            if reserved_word(param.name.text):
                self.reporter.error(
                    param.name.span, Code.BAD_VOCABULARY, f"'{param.name.text}' is a reserved word"
                )
                continue
            type_ = self._type(param.type)
            if type_ is not None:
                params.append(ParamSpec(param.preposition, param.name.text, type_, self._asked(param, type_)))
        result = self._type(item.result) if item.result is not None else None
        wants_result = item.kind in ("query", "modifier")
        if wants_result and item.result is None:
            self.reporter.error(
                item.span, Code.BAD_VOCABULARY, f"a {item.kind} needs a result type ('-> TYPE')"
            )
        if not wants_result and item.result is not None:
            self.reporter.error(item.result.span, Code.BAD_VOCABULARY, f"a {item.kind} has no result type")
        if item.kind in ("trigger", "replaceable", "modifier") and any(p.preposition for p in params):
            self.reporter.error(
                item.span, Code.BAD_VOCABULARY, f"the parameters of a {item.kind} take no prepositions"
            )
        text = item.text.value if item.text is not None else None
        if item.text is not None:
            self._phrasing(item, params)
        if item.spent and item.kind != "modifier":
            self.reporter.error(
                item.span, Code.BAD_VOCABULARY, f"only a modifier may be 'spent', not a {item.kind}"
            )
        spent = item.spent and item.kind == "modifier"
        halts = self._halts(item, result) if item.halts is not None else None
        return HookSpec(item.kind, item.name.text, tuple(params), result, text, item.span, spent, halts)

    def _halts(self, item: ast.SignatureDecl, result: Type | None) -> Halts | None:
        """`halts to VALUE "why"`: on a modifier of a yes/no, `to true` or `to false`; on one of a
        number, `to N` or `to at most N`."""
        declared = item.halts
        assert declared is not None
        if item.kind != "modifier":
            self.reporter.error(
                declared.span, Code.BAD_VOCABULARY, f"only a modifier may halt the game, not a {item.kind}"
            )
            return None
        value = declared.value
        if declared.bound == "least":
            self.reporter.error(
                declared.span,
                Code.BAD_VOCABULARY,
                "a floor cannot halt the game",
                "write 'halts to VALUE' or, for a number, 'halts to at most N'",
            )
            return None
        if result is not None and result.kind == "bool":
            fits = isinstance(value, ast.BoolLit) and declared.bound is None
        else:
            fits = result is not None and result.kind == "int" and isinstance(value, ast.IntLit)
        if not fits:
            self.reporter.error(
                declared.value.span,
                Code.BAD_VOCABULARY,
                f"modifier '{item.name.text}' cannot halt the game at this value",
                "a yes/no modifier halts 'to true' or 'to false'; a number 'to N' or 'to at most N'",
            )
            return None
        if not declared.why.value.strip():
            self.reporter.error(declared.why.span, Code.BAD_VOCABULARY, "say why the game halts")
            return None
        return Halts(value.value, declared.bound == "most", declared.why.value)
