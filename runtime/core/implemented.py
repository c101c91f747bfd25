"""Whether a game's rules implement what its vocabulary declares, checked when the game is loaded:
before anything is played, never when a card first reaches a missing operation.

The generated `DECLARED` (in `generated/<game>/vocabulary.py`) lists each operation, query,
trigger, modifier and replaceable event of `cards/<game>/game.pax` with its line, and what zones,
money, memories and durations need of the rules. An operation or query (and each of those) must
be a method of the game's effects class (`GameKit.effects`) that takes the arguments the
generated code passes (an operation's by name, the others in order), as the generated
`<Game>Effects` protocol says:
an operation gives an `Effect` (a generator), a query answers a value. A trigger, modifier or
replaceable event must be built by the rules: some module of the rules' package names its class
in its code (`CardPlayed(...)`), or no card's trigger could ever act. Each problem names the line
of game.pax and the cards that use what is missing, with their files and lines.
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import marshal
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from paxc.runtime.effects import Declared

# What an operation of the effects class may be annotated to give: an effect, a generator.
_EFFECT_WORDS = ("Effect", "Generator", "Iterator", "Iterable")

_VERB = {"trigger": "tell", "replaceable": "tell", "modifier": "ask"}


@dataclass(frozen=True)
class Problem:
    """One way the rules fall short: where it is declared (`cards/<game>/game.pax:LINE`), and what."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"

    @property
    def path(self) -> str:
        return _file(self.where)

    @property
    def line(self) -> int:
        tail = self.where.rsplit(":", 1)[-1]
        return int(tail) if tail.isdigit() and ":" in self.where else 1


def problems(game: str, effects: type | None, rules: type, cards: Sequence[Any]) -> list[Problem]:
    """Each way the rules of `game` (its effects class, its rules' class) fall short of what its
    vocabulary declares; none for a game whose cards carry no `DECLARED`."""
    if not cards:
        return []
    return list(_problems(game, effects, rules, tuple(cards)))


@functools.cache
def _problems(game: str, effects: type | None, rules: type, cards: tuple[Any, ...]) -> tuple[Problem, ...]:
    vocabulary = sys.modules.get(type(cards[0]).__module__)
    declared: tuple[Declared, ...] = getattr(vocabulary, "DECLARED", ())
    if vocabulary is None or not declared:
        return ()
    protocol = _protocol(vocabulary)
    found: list[tuple[Declared, str]] = []
    methods = [d for d in declared if d.event is None]
    if methods and effects is None:
        return (
            Problem(
                _file(declared[0].where),
                f"the rules of {game} name no effects class (GameKit.effects), the class card effects "
                "run in: paxc cannot check that it implements what the cards use",
            ),
        )
    for item in methods:
        assert effects is not None
        problem = _method_problem(game, item, effects, protocol)
        if problem is not None:
            found.append((item, f"{_what(item)} {problem}"))
    events = [d for d in declared if d.event is not None]
    if events:
        packages = _packages((rules, *((effects,) if effects is not None else ())))
        told = _names_in_code(packages, frozenset(d.event.__name__ for d in events if d.event is not None))
        for item in events:
            assert item.event is not None
            if item.event.__name__ not in told:
                found.append(
                    (
                        item,
                        f"{_what(item)} is declared but the rules of {game} never {_VERB[item.kind]} it "
                        f"(no module of {' or '.join(packages)} builds {item.event.__name__}(...))",
                    )
                )
    if not found:
        return ()
    uses = _uses(cards)
    return tuple(Problem(item.where, f"{line}{_used_by(uses, item)}") for item, line in found)


def _what(item: Declared) -> str:
    if item.kind in ("operation", "query", "trigger", "modifier", "replaceable"):
        return f"{item.kind} '{item.name}'"
    return f"the {item.kind} it declares need the method '{item.attribute}', which"


def _file(where: str) -> str:
    return where.rsplit(":", 1)[0] if where.rsplit(":", 1)[-1].isdigit() else where


def _protocol(vocabulary: ModuleType) -> type | None:
    """The generated `<Game>Effects` protocol of a vocabulary module."""
    for value in vars(vocabulary).values():
        if (
            isinstance(value, type)
            and value.__module__ == vocabulary.__name__
            and value.__name__.endswith("Effects")
            and getattr(value, "_is_protocol", False)
        ):
            return value
    return None


def _method_problem(game: str, item: Declared, effects: type, protocol: type | None) -> str | None:
    """Why the effects class does not implement `item` as generated code calls it, or None."""
    name = item.attribute
    owner = effects.__name__
    missing = (
        f"is declared but the rules of {game} do not implement it"
        if item.kind in ("operation", "query")
        else f"the rules of {game} do not implement"
    )
    try:
        raw = inspect.getattr_static(effects, name)
    except AttributeError:
        return f"{missing} (no method {owner}.{name})"
    if isinstance(raw, staticmethod):
        function, bound = raw.__func__, False
    elif isinstance(raw, classmethod):
        function, bound = getattr(effects, name), False
    elif inspect.isfunction(raw):
        function, bound = raw, True
    elif callable(raw):  # a compiled function (`paxc accelerate`): its signature cannot be read
        return None
    else:
        return f"{missing} ({owner}.{name} is not a method)"
    expected = getattr(protocol, name, None) if protocol is not None else None
    if expected is None:
        return None
    try:
        want, have = inspect.signature(expected), inspect.signature(function)
    except (TypeError, ValueError):
        return None
    arguments = list(want.parameters)[1:]
    self_ = (object(),) if bound else ()
    # As the generated code calls it: an operation with its arguments by name, the rest in order.
    if item.kind == "operation":
        fits = _binds(have, self_, {a: a for a in arguments})
    else:
        fits = _binds(have, (*self_, *arguments), {})
    if _annotation(want.return_annotation) == "Effect":
        fits = fits and _gives_effect(function, have)
    else:  # a query answers at once: a generator would hand the card a generator, not a value
        fits = fits and not inspect.isgeneratorfunction(function)
    if fits:
        return None
    return (
        f"is implemented by {owner}.{name} with the wrong signature: expected {name}{_shown(want)}, "
        f"found {name}{_shown(have, bound)}"
    )


def _binds(signature: inspect.Signature, args: tuple[object, ...], kwargs: Mapping[str, object]) -> bool:
    try:
        signature.bind(*args, **kwargs)
    except TypeError:
        return False
    return True


def _gives_effect(function: Any, signature: inspect.Signature) -> bool:
    """Whether an operation's implementation gives an effect: a generator function, or one
    annotated to return one (a function handing back another's generator)."""
    if inspect.isgeneratorfunction(function):
        return True
    returns = signature.return_annotation
    if returns is inspect.Signature.empty:
        return False
    text = returns if isinstance(returns, str) else getattr(returns, "__name__", str(returns))
    return any(word in text for word in _EFFECT_WORDS)


def _shown(signature: inspect.Signature, with_self: bool = True) -> str:
    """A signature as written, its annotations without quotes: `(self, amount: int) -> Effect`."""
    parts = [] if with_self else ["self"]
    for parameter in signature.parameters.values():
        text = parameter.name
        if parameter.kind is parameter.VAR_POSITIONAL:
            text = "*" + text
        elif parameter.kind is parameter.VAR_KEYWORD:
            text = "**" + text
        if parameter.annotation is not parameter.empty:
            text += f": {_annotation(parameter.annotation)}"
        if parameter.default is not parameter.empty:
            text += " = ..."
        parts.append(text)
    returns = signature.return_annotation
    tail = "" if returns is signature.empty else f" -> {_annotation(returns)}"
    return f"({', '.join(parts)}){tail}"


def _annotation(value: object) -> str:
    return value if isinstance(value, str) else getattr(value, "__name__", str(value))


# ---------------------------------------------------------------------- what the rules build


def _packages(classes: Iterable[type]) -> list[str]:
    """The packages of the rules (each class's module's package; a module alone if in none)."""
    found: list[str] = []
    for cls in classes:
        module = cls.__module__
        parent = module.rpartition(".")[0]
        package = parent if parent and hasattr(sys.modules.get(parent), "__path__") else module
        if package not in found:
            found.append(package)
    return found


def _names_in_code(packages: Sequence[str], wanted: frozenset[str]) -> frozenset[str]:
    """Those of `wanted` that the code of these packages reads, in a function or a class (a
    global or an attribute): a class named there is one the rules use. A name only imported, or
    only in a comment or a string, is not read."""
    left = set(wanted)
    for package in packages:
        for path in _source_files(package):
            if not left:
                break
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if any(name in text for name in left):
                left -= _code_names(path)
    return frozenset(wanted - left)


def _source_files(package: str) -> list[Path]:
    module = sys.modules.get(package)
    if module is None:
        spec = importlib.util.find_spec(package)
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        origin = spec.origin if spec is not None and not locations else None
    else:
        locations = list(getattr(module, "__path__", []))
        origin = None if locations else getattr(module, "__file__", None)
    if origin is not None:
        return [Path(origin)] if origin.endswith(".py") else []
    return sorted(path for folder in locations for path in Path(folder).rglob("*.py"))


@functools.cache
def _code_names(path: Path) -> frozenset[str]:
    """The names the functions and classes of a module read (not its top level, which imports)."""
    code = _compiled(path)
    if code is None:
        return frozenset()
    return frozenset(name for inner in _inner_code(code) for name in inner.co_names)


def _inner_code(code: CodeType) -> Iterator[CodeType]:
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield constant
            yield from _inner_code(constant)


def _compiled(path: Path) -> CodeType | None:
    """The module's code: from its bytecode cache when that matches the source (imported just
    now, it usually does), else compiled from the source."""
    try:
        source = path.read_bytes()
        stat = path.stat()
    except OSError:
        return None
    try:
        cached = Path(importlib.util.cache_from_source(str(path))).read_bytes()
    except (OSError, NotImplementedError, ValueError):
        cached = b""
    if (
        len(cached) > 16
        and cached[:4] == importlib.util.MAGIC_NUMBER
        and int.from_bytes(cached[4:8], "little") == 0
        and int.from_bytes(cached[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF
        and int.from_bytes(cached[12:16], "little") == stat.st_size & 0xFFFFFFFF
    ):
        try:
            code = marshal.loads(cached[16:])
        except (ValueError, EOFError, TypeError):
            code = None
        if isinstance(code, CodeType):
            return code
    try:
        return compile(source, str(path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None


# ---------------------------------------------------------------------- what the cards use


def _uses(cards: Sequence[Any]) -> dict[str, list[str]]:
    """For each name a card effect uses (a method of the effects class, a hook's class), the
    cards using it: `#4 Scribe at cards/mygame/nobles.pax:30`, once each."""
    uses: dict[str, list[str]] = {}
    for card in cards:
        for face in _faces(card):
            for ability in (*face.abilities, *face.lasting):
                for kind in ("one_shots", "triggers", "modifiers", "replacements"):
                    for effect in getattr(ability, kind):
                        where = f"#{card.number} {card.name} at {effect.source}"
                        hook = getattr(effect, "event", None) or getattr(effect, "hook", None)
                        named = {hook.__name__} if isinstance(hook, type) else set()
                        for attribute in ("run", "applies", "apply"):
                            code = getattr(getattr(effect, attribute, None), "__code__", None)
                            if isinstance(code, CodeType):
                                named |= set(code.co_names)
                                for inner in _inner_code(code):
                                    named |= set(inner.co_names)
                        for name in named:
                            seen = uses.setdefault(name, [])
                            if where not in seen:
                                seen.append(where)
    return uses


def _faces(card: Any) -> Iterator[Any]:
    for version in (card, *getattr(card, "versions", ())):
        yield version
        yield from getattr(version, "sides", ())


def _used_by(uses: Mapping[str, list[str]], item: Declared) -> str:
    key = item.event.__name__ if item.event is not None else item.attribute
    found = uses.get(key, [])
    if not found:
        return " (no card uses it yet)"
    shown = ", ".join(found[:5])
    more = f", and {len(found) - 5} more" if len(found) > 5 else ""
    return f" (used by {shown}{more})"
