"""The card-text back end: what a card says, in English, generated from its checked definition.

Designers read this beside the printed card to see that text and behaviour agree, so every word
comes from the IR (and the phrasing templates the vocabulary gives its hooks), never from the
card file's own text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from paxc.compiler import english, ir
from paxc.compiler.render_common import (
    and_parts,
    modifier_form,
    moved_each,
    nodes,
    pin_parameters,
    used_next,
    uses,
)
from paxc.compiler.types import Type
from paxc.compiler.vocabulary import FieldSpec, HookSpec, ParamSpec, ZoneSpec, base_phrasing, phrasing_forms

_COMPARISON_WORDS = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
    "in": "is among",
    "+": "plus",
    "-": "minus",
    "*": "times",
}
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_ANY_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::plural)?\}")


def words(name: str) -> str:
    return name.replace("_", " ")


def value_text(expr: ir.Expr) -> str:
    """A constant or expression in words."""
    if isinstance(expr, ir.IntConst):
        return str(expr.value)
    if isinstance(expr, ir.TextConst):
        return f'"{expr.value}"'
    if isinstance(expr, ir.BoolConst):
        return "yes" if expr.value else "no"
    if isinstance(expr, ir.EnumConst):
        if expr.type.name == "zone":  # "the court", "the bull/bear pile": a zone said as a place
            return expr.text if expr.text is not None else f"the {words(expr.member)}"
        return words(expr.member)
    if isinstance(expr, ir.ListConst):
        return ", ".join(value_text(item) for item in expr.items) or "none"
    if isinstance(expr, ir.YouRef):
        return "you"
    if isinstance(expr, ir.ThisRef):
        return "this card"
    if isinstance(expr, ir.ThisField):
        return f"this card's {words(expr.field)}"
    if isinstance(expr, ir.CurrentValue):
        return _USUAL[-1] if _USUAL else "what it would otherwise be"
    if isinstance(expr, ir.LocalRef):
        return _token(expr.name) if expr.name in _FOLDED else words(expr.name)
    if isinstance(expr, ir.HookParamRef):
        return _param_value(expr)
    if isinstance(expr, ir.QueryCall):
        return _fill(expr.query, [value_text(a) for a in expr.args])
    if isinstance(expr, ir.AdjacentCall):
        return f"{value_text(expr.left)} borders {value_text(expr.right)}"
    if isinstance(expr, ir.SelectionExpr):
        where = f" where {value_text(expr.where)}" if expr.where is not None else ""
        kind = plural(words(expr.type.element.name if expr.type.element is not None else "value"))
        source = value_text(expr.source)
        if source.startswith(f"the {kind} "):  # "the cards c in every court", not "in the cards in ..."
            return f"the {kind} {words(expr.variable)} {source[len(kind) + 5 :]}{where}"
        return f"the {kind} {words(expr.variable)} in {source}{where}"
    if isinstance(expr, ir.BuiltinCall):
        return _builtin_text(expr)
    if isinstance(expr, ir.AttributeOfEach):  # "the points of the cards in your hand"
        return f"the {words(expr.field)} of {value_text(expr.source)}"
    if isinstance(expr, ir.MemoryRef):
        if (expr.memory.name, expr.subject) in _JUST_SET:  # "this card names a player ...; that player's"
            return f"that {expr.memory.type.name}"
        return expr.memory.text.replace("{card}", value_text(expr.subject))
    if isinstance(expr, ir.KnownRef):
        return value_text(expr.original)
    if isinstance(expr, ir.IsSetExpr):
        return _is_set_text(expr)
    if isinstance(expr, ir.FieldRef):
        return f"the {words(expr.field)} of {value_text(expr.subject)}"
    if isinstance(expr, ir.CardsInZone):
        return f"the cards in {zone_text(expr.zone, expr.holder, expr.every)}"
    if isinstance(expr, ir.PickCard):  # "the top card of the deck", "a random card of your hand"
        which = "the top card" if expr.kind == "top" else "a random card"
        return f"{which} of {zone_text(expr.zone.zone, expr.zone.holder, False)}"
    if isinstance(expr, ir.CardPlace):
        return f"the {expr.what} of {value_text(expr.subject)}"
    if isinstance(expr, ir.MoneyOf):  # a player's money, or the money lying on a card
        on = "on" if expr.holder.type.kind == "card" else "of"
        return f"the {expr.money.plural} {on} {value_text(expr.holder)}"
    if isinstance(expr, ir.NotExpr):
        return f"not ({value_text(expr.operand)})"
    return _binary_text(expr)


def _is_set_text(test: ir.IsSetExpr) -> str:
    """ "c has a region", "the card this card marks is known" (or their negations)."""
    operand = test.operand
    if isinstance(operand, ir.FieldRef):
        field = words(operand.field)
        has = f"a{'n' if field[:1] in 'aeiou' else ''} {field}" if test.present else f"no {field}"
        return f"{value_text(operand.subject)} has {has}"
    return f"{value_text(operand)} is {'' if test.present else 'not '}known"


# Words a parameter's name may start with that belong to the phrase around it, not to the thing
# it names: the event's `on_card` is "the card".
_PREPOSITIONS = frozenset({"on", "in", "from", "to", "for", "of", "by", "with", "onto", "at"})


def param_text(name: str, kind: str, definite: bool, universal: bool = False) -> str:
    """A trigger's, modifier's or event's parameter where nothing pins it: "a card" where the event
    first names it, "the card" after; an amount is "the amount paid". `universal`: what a modifier
    allows holds for every value, "any card"."""
    noun = words(name)
    head, _, rest = noun.partition(" ")
    if head in _PREPOSITIONS and rest:
        noun = rest
    if kind == "int":
        return f"the amount {noun}"
    if definite:
        return f"the {noun}"
    return f"any {noun}" if universal else f"{_a(noun)} {noun}"


# How "P has ..." says a comparison of P's money with a number, or with what another has.
_MORE_OR_LESS = frozenset({">", "<", ">=", "<="})
_HAS_WORDS = {"==": "exactly", ">": "more than", ">=": "at least", "<": "less than", "<=": "at most"}


def _binary_text(expr: ir.BinaryExpr) -> str:
    """A comparison or arithmetic in words, said the way a card says it where a pattern is known."""
    operator, left_expr, right_expr = expr.operator, expr.left, expr.right
    if (
        operator in ("==", "!=")
        and isinstance(left_expr, ir.FieldRef)
        and left_expr.field == "card_type"
        and isinstance(right_expr, ir.EnumConst)
    ):  # "the card is an enterprise", not "the card type of the card is enterprise"
        kind = words(right_expr.member)
        kind = kind if kind.endswith("card") else f"{kind} card"  # as the card's own header says it
        return f"{value_text(left_expr.subject)} is {'' if operator == '==' else 'not '}{_a(kind)} {kind}"
    if (
        operator in ("==", "!=")
        and isinstance(left_expr, ir.ThisField)
        and left_expr.field == "card_type"
        and isinstance(right_expr, ir.EnumConst)
    ):  # "this card is a unit card"
        kind = words(right_expr.member)
        kind = kind if kind.endswith("card") else f"{kind} card"
        return f"this card is {'' if operator == '==' else 'not '}{_a(kind)} {kind}"
    if (
        operator in ("==", "!=")
        and isinstance(left_expr, ir.CardPlace)
        and left_expr.what == "zone"
        and isinstance(right_expr, ir.EnumConst)
        and right_expr.text is not None
    ):  # "this card is in the discard pile"
        subject = value_text(left_expr.subject)
        return f"{subject} is {'' if operator == '==' else 'not '}in {right_expr.text}"
    if (
        operator in ("==", "!=")
        and isinstance(left_expr, ir.CardPlace)
        and left_expr.what == "zone"
        and isinstance(right_expr, ir.EnumConst)
    ):  # a zone of each player, whoever's: "this card is in a row"
        subject, zone = value_text(left_expr.subject), words(right_expr.member)
        return f"{subject} is {'' if operator == '==' else 'not '}in {_a(zone)} {zone}"
    if (
        operator in ("==", "!=")
        and isinstance(left_expr, ir.FieldRef)
        and isinstance(right_expr, ir.BoolConst)
    ):
        # "v is a leader" reads "v is leader": a yes-or-no attribute said of its card
        holds = right_expr.value == (operator == "==")
        return f"{value_text(left_expr.subject)} is {'' if holds else 'not '}{words(left_expr.field)}"
    if operator == "in" and isinstance(right_expr, ir.FieldRef):  # "the impact of c includes spy"
        listed = value_text(right_expr)
        return f"{listed} {'include' if _is_plural(listed) else 'includes'} {value_text(left_expr)}"
    if isinstance(left_expr, ir.MoneyOf) and isinstance(right_expr, ir.IntConst) and operator in _HAS_WORDS:
        holder, money = value_text(left_expr.holder), left_expr.money
        if operator == "==" and right_expr.value == 0:  # "you have no rupees"
            return f"{holder} has no {money.plural}"
        less = "fewer than" if money.singular != money.plural else "less than"
        how = less if operator == "<" else _HAS_WORDS[operator]
        return f"{holder} has {how} {money.amount(str(right_expr.value))}"
    if isinstance(left_expr, ir.MoneyOf) and operator in _MORE_OR_LESS:
        # "the player has more gold than you", "p has at least as many rupees as you"
        holder, money = value_text(left_expr.holder), left_expr.money
        other = (
            value_text(right_expr.holder) if isinstance(right_expr, ir.MoneyOf) else value_text(right_expr)
        )
        many = "much" if money.singular == money.plural else "many"
        fewer = "less" if money.singular == money.plural else "fewer"
        said = {
            ">": f"more {money.plural} than",
            "<": f"{fewer} {money.plural} than",
            ">=": f"at least as {many} {money.plural} as",
            "<=": f"at most as {many} {money.plural} as",
        }[operator]
        return f"{holder} has {said} {other}"
    left = value_text(left_expr)
    if isinstance(right_expr, ir.IntConst) and left.startswith("the ") and _is_plural(left):
        # "there are no spies on c" for "the spies on c are 0"; "there are armies in R" for "> 0"
        if operator == "==" and right_expr.value == 0:
            return f"there are no {left[4:]}"
        if (operator, right_expr.value) in ((">", 0), (">=", 1)):
            return f"there are {left[4:]}"
    return f"{left} {_be(left, _COMPARISON_WORDS.get(operator, operator))} {value_text(right_expr)}"


def zone_text(zone: ZoneSpec, holder: ir.Expr | None, every: bool = False) -> str:
    """ "the market", "the court of you", "every court": a zone as the vocabulary words it."""
    if every:
        return f"every {words(zone.name)}"
    return zone.phrase(value_text(holder) if holder is not None else None)


def moved_text(card: str, zone: ZoneSpec, holder: ir.Expr | None) -> str:
    """ "discard this card" where the zone says how a card moved there is said, "move this card
    to the hand of p" otherwise."""
    if zone.moved is None:
        return f"move {card} to {zone_text(zone, holder)}"
    said = zone.moved.replace("{card}", card)
    return said.replace("{player}", value_text(holder)) if holder is not None else said


def _money_text(statement: ir.MoneyStmt, offered: bool = False) -> str:
    """ "you take 2 rupees from the bank", "P pays 1 gold to you", with a computed amount "you take
    from the bank as many rupees as ..." (`pay` all or nothing, `take` what there is)."""
    money = statement.money
    player = value_text(statement.player)
    paying = statement.verb in ("pay", "pay_up_to")
    if statement.verb == "gain":
        source, subject = "from the bank", player
    elif paying:
        receiver = value_text(statement.receiver) if statement.receiver is not None else "the bank"
        onto = statement.receiver is not None and statement.receiver.type.kind == "card"
        source, subject = f"{'onto' if onto else 'to'} {receiver}", player
    else:
        assert statement.receiver is not None
        source, subject = f"from {player}", value_text(statement.receiver)
    verb = "pays" if paying else "takes"
    most = "up to " if statement.verb == "pay_up_to" else ""
    if isinstance(statement.amount, ir.IntConst | ir.LocalRef):  # "2 rupees", "n rupees"
        text = f"{subject} {verb} {most}{money.amount(value_text(statement.amount))} {source}"
    else:
        many = "much" if money.singular == money.plural else "many"  # "as much gold", "as many rupees"
        text = f"{subject} {verb} {source} {most}as {many} {money.plural} as {value_text(statement.amount)}"
    if statement.verb == "pay_up_to":  # what the payer has, if less
        return f"{text}, or all {player} has if less"
    if statement.verb == "pay" and not offered:  # offered: "you may pay ...; if you do, ..." says it
        return f"{text}, if {player} can (if not, nothing more happens)"
    if statement.verb == "take":
        return f"{text}, or all {player} has if less"
    return text


def _builtin_text(call: ir.BuiltinCall) -> str:
    args = [value_text(arg) for arg in call.args]
    many = args[0][4:] if args[0].startswith("the ") and _is_plural(args[0]) else None
    if call.function == "count":  # "the number of cards in the market"
        return f"the number of {many if many is not None else args[0]}"
    if call.function == "exists":  # "there are cards in the hand of p"
        return f"there are {many}" if many is not None else f"{args[0]} is not empty"
    if call.function == "sum":
        (summed,) = call.args
        if isinstance(summed, ir.AttributeOfEach):  # "the total rank of the cards in your court"
            return f"the total {words(summed.field)} of {value_text(summed.source)}"
        return f"the total of {args[0]}"
    least = "the least" if call.function == "min" else "the most"
    if len(args) == 1:
        return f"{least} of {args[0]}"
    return f"{least} of {', '.join(args[:-1])} and {args[-1]}"


# Where a value meets the template's own words, the English around it may change: a possessive
# before a phrase ("{owner}'s {card}"), an article before a phrase ("a {action} action"), a count
# before its noun ("{amount} rupees"). Matched on the template, so card text never reaches them.
_POSSESSIVE = re.compile(r"\{(\w+)\}'s (?:\{(\w+)(:plural)?\}|([a-z]+))")
_ARTICLE = re.compile(r"\b(a|an) \{(\w+)\} ([a-z]+)")
_COUNTED = re.compile(r"\{(\w+)\} ((?:\{\w+\} )?)([a-z]+)\b")
# Words after a count that are no noun it counts ("{amount} more {kind}").
_NOT_COUNTED = frozenset({"more", "less", "times", "to", "of", "from", "on", "in", "and", "or"})
# `[...]` in a phrasing: words said only when every parameter in them is known ("[ in {region}]"
# is left out of "no battle may remove your tribes" when the region is any region).
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
# `{name:plural}`: the parameter said as many ("your spies"); a verb written after it is plural,
# and agrees with a value that is one thing ("this card counts").
_PLURAL = re.compile(r"\{(\w+):plural\}")
# Left after a value said as one thing where the phrasing wanted many: the verb after it agrees.
_ONE = "\x01"
_AGREE = re.compile(_ONE + r" (\w+)(?: and (\w+))?")


def _agree(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        verb, second = match.group(1), match.group(2)
        said = f" {english.singular_verb(verb)}"
        return said + (f" and {english.singular_verb(second)}" if second else "")

    return _AGREE.sub(one, text).replace(_ONE, "")


@dataclass(slots=True)
class _Slot:
    """A parameter no condition pins, said as a noun phrase: its type's noun, with what the
    conditions folded into it say ("a Herat card", "any other card of the same region")."""

    noun: str
    adjectives: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    other: bool = False  # a second parameter of the same noun: "another card"
    choices: tuple[str, ...] = ()  # the values it may be, said instead of its noun: "army or road"
    retyped: bool = False  # its noun says its card type ("a troop card")
    asked: tuple[str, ...] = ()  # the values its hook gives at all: saying them narrows nothing

    @property
    def described(self) -> bool:
        """Whether conditions said something of it (a phrasing must not then leave it out)."""
        return bool(self.adjectives or self.after or self.choices != self.asked or self.retyped)

    def phrase(self, form: str) -> str:
        """`form`: "a" (where first named), "any" (what a modifier allows), "the" (named again),
        "plural" (said as many), "each"."""
        if self.choices:
            core = " or ".join(self.choices)
            if form == "plural":
                return " and ".join(english.plural_noun(c) for c in self.choices)
            if form in ("a", "the"):
                return f"{english.article(core)} {core}" if form == "a" else f"the {self.noun}"
            return f"{form} {core}"
        core = " ".join([*self.adjectives, self.noun])
        tail = "".join(f" {words}" for words in self.after)
        if form == "plural":
            return f"{'other ' if self.other else ''}{english.plural_noun(core)}{tail}"
        if form == "the":  # named again: what was said of it the first time is not said again
            return f"the {'other ' if self.other else ''}{core}"
        if form == "each":
            return f"each {'other ' if self.other else ''}{core}{tail}"
        if self.other:
            return f"{'any other' if form == 'any' else 'another'} {core}{tail}"
        if form == "any":
            return f"any {core}{tail}"
        return f"{english.article(core)} {core}{tail}"


def _type_noun(param: ParamSpec) -> str:
    """The noun an unpinned parameter is said with: its type's ("a card", "a player", "a
    region"), not its name in the vocabulary ("a remover", "an origin")."""
    kind = param.type
    if kind.kind in ("player", "card"):
        return kind.kind
    if kind.kind == "enum":
        return words(kind.name)
    return words(param.name)


def _new_slot(param: ParamSpec) -> _Slot:
    """An unpinned parameter's noun phrase before any condition describes it; an enum parameter
    the runtime gives only some values of is said as those ("an army or tribe")."""
    asked = tuple(words(value) for value in param.asked) if len(param.asked) > 1 else ()
    return _Slot(_type_noun(param), choices=asked, asked=asked)


def _slots_for(hook: HookSpec, unpinned: frozenset[str], given: dict[str, _Slot] | None) -> dict[str, _Slot]:
    slots: dict[str, _Slot] = {}
    seen: set[str] = set()
    for param in hook.params:
        if param.name not in unpinned or param.type.kind == "int":
            continue
        slot = (given or {}).get(param.name) or _new_slot(param)
        slot.other = slot.other or slot.noun in seen
        seen.add(slot.noun)
        slots[param.name] = slot
    return slots


def _fill(
    hook: HookSpec,
    args: list[str],
    unpinned: frozenset[str] = frozenset(),
    universal: bool = False,
    slots: dict[str, _Slot] | None = None,
    template: str | None = None,
    extra: dict[str, str] | None = None,
) -> str:
    """A hook's phrasing template with its arguments in place, or its name and arguments.

    `unpinned` names the event's parameters no condition fixes: the phrase names each the first
    time with "a" ("after a player plays a card"), leaves out an amount ("pays to play"), a
    detail in brackets ("a piece (the piece)") and an optional part ("[ in {region}]"); later
    words say "the card". `slots` says how conditions describe them ("a Herat card");
    `template` is another phrasing of the hook (a modifier's "none:" form), `extra` values of
    its own placeholders ("{value}")."""
    values = {param.name: text for param, text in zip(hook.params, args, strict=True)}
    values.update(extra or {})
    template = template if template is not None else _base_text(hook)
    if template is None:
        return " ".join([words(hook.name), *args])
    counts = {param.name for param in hook.params if param.type.kind == "int"}
    said = _slots_for(hook, unpinned, slots)
    described = {name for name, slot in said.items() if slot.described}
    open_ = unpinned - described  # left open, and nothing said of it: words about it may go
    template = _OPTIONAL.sub(lambda m: "" if open_ & set(_placeholders(m.group(1))) else m.group(1), template)
    _UNSAID.extend(name for name in described if name not in _placeholders(template))
    first: dict[str, str] = {}
    for param in hook.params:
        if param.name not in unpinned:
            continue
        if param.name in described:  # "a piece (an army or spy)"
            template = template.replace(f" ({{{param.name}}})", f" ({said[param.name].phrase('a')})")
        template = template.replace(f" ({{{param.name}}})", "")
        if param.type.kind == "int":
            template = template.replace(f" {{{param.name}}} ", " ")
        else:
            slot = said[param.name]
            first[param.name] = slot.phrase("any" if universal else "a")
            values[param.name] = slot.phrase("the")

    def value(name: str) -> str:
        if name in first:
            return first.pop(name)
        return values.get(name, "{" + name + "}")

    def many(name: str) -> str:
        """The value said as many: "cards", "other players", "gifts"; one thing keeps its
        form and marks the verb after it to agree."""
        if name in said:
            first.pop(name, None)
            return said[name].phrase("plural")
        shown = value(name)
        if shown == "you":
            return shown
        if shown.startswith("another "):
            return f"other {english.plural_noun(shown[len('another ') :])}"
        if english.is_bare_noun(shown):
            return english.plural_noun(shown)
        return shown + _ONE

    def possessive(match: re.Match[str]) -> str:
        owner_name, thing, plural_thing, noun = match.groups()
        owner_unpinned = owner_name in unpinned
        owner = value(owner_name)
        if thing is not None:  # "the owner's the card" -> "the owner's card"
            owned = many(thing) if plural_thing else value(thing)
            if owned.startswith("this "):  # "the owner's this card" -> "this card of the owner"
                return owned if owner_unpinned else f"{owned} of {owner}"
            if len(owner.split()) >= 3:  # "the patriots of the player this card names"
                return f"the {_without_article(owned)} of {owner}"
            return f"{owner}'s {_without_article(owned)}"
        if len(owner.split()) >= 3:  # "the player this card names's turn" -> "the turn of ..."
            return f"the {noun} of {owner}"
        return f"{owner}'s {noun}"

    def article(match: re.Match[str]) -> str:
        name, noun = match.group(2), match.group(3)
        shown = value(name)
        if noun in _PREPOSITIONS:  # "a {piece} of": the value is the noun ("a tribe of", "a piece of")
            return f"{shown if _has_article(shown) else _a(shown) + ' ' + shown} {noun}"
        if _without_article(shown) == noun:  # "a {action} action" of any action: "an action"
            return f"{_a(noun)} {noun}"
        if shown.startswith(("a ", "an ", "any ")):  # "a {piece} across" of any piece: "a piece across"
            return f"{shown} {noun}"
        if " " in shown:  # "a {coalition} army" of "the loyalty of you": "an army of the loyalty of you"
            return f"{_a(noun)} {noun} of {shown}"
        return f"{_a(shown)} {shown} {noun}"

    def counted(match: re.Match[str]) -> str:
        name, between, noun = match.groups()
        if name not in counts or noun in _NOT_COUNTED:
            return match.group(0)
        amount = value(name)
        described = _fill_between(between, value).strip()
        one = amount == "1"
        # "1 rupee" of "rupees"; a noun without -s ("gold", "unrest") counts the same either way
        shown = singular(noun) if one and noun.endswith("s") and not noun.endswith("ss") else noun
        if " " in described:  # "1 {coalition} army" of "the loyalty of you": "1 army of your loyalty"
            counted_noun = f"{shown} of {described}"
        else:
            counted_noun = f"{described} {shown}".strip()
        if " " in amount:  # "the number of chosen rupees" -> "as many rupees as the number of chosen"
            many_ = "many" if noun.endswith("s") else "much"  # "as much gold as ..."
            return f"as {many_} {counted_noun} as {amount}"
        return f"{amount} {counted_noun}"

    text = _POSSESSIVE.sub(possessive, template)
    text = _PLURAL.sub(lambda m: many(m.group(1)), text)
    text = _ARTICLE.sub(article, text)
    text = _COUNTED.sub(counted, text)
    return _agree(_PLACEHOLDER.sub(lambda m: value(m.group(1)), text))


def _placeholders(text: str) -> list[str]:
    return [m.group(1) for m in _ANY_PLACEHOLDER.finditer(text)]


def _base_text(hook: HookSpec) -> str | None:
    return base_phrasing(hook.text) if hook.text is not None else None


def _has_article(phrase: str) -> bool:
    return phrase.split(" ", 1)[0] in ("a", "an", "the", "any")


def _without_article(phrase: str) -> str:
    """ "the card" -> "card", "a card" -> "card"."""
    return phrase.split(" ", 1)[1] if _has_article(phrase) and " " in phrase else phrase


def _fill_between(between: str, value: Callable[[str], str]) -> str:
    return _PLACEHOLDER.sub(lambda m: value(m.group(1)), between)


def _a(word: str) -> str:
    if word.lower().startswith(("uni", "use", "usu", "one", "eu")):  # "a unit", "a user", "a one"
        return "a"
    return "an" if word[:1].lower() in "aeiou" else "a"


def singular(noun: str) -> str:
    """ "rupees" -> "rupee", "armies" -> "army", "boxes" -> "box"."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("ches", "shes", "sses", "xes")):
        return noun[:-2]
    return noun[:-1]


def _is_plural(subject: str) -> bool:
    """Whether a phrase such as "the spies on target" or "the Loyalty points of you" names many
    things (its first noun, or the one after a capitalised word, ends in -s)."""
    parts = subject.split()
    if len(parts) < 2 or parts[0] != "the":
        return False
    noun = parts[2] if parts[1][:1].isupper() and len(parts) > 2 else parts[1]
    return noun.endswith("s") and not noun.endswith("ss")


def _be(subject: str, verb: str) -> str:
    """The verb phrase after `subject`: "is more than" becomes "are more than" after a plural."""
    return "are" + verb[2:] if verb.startswith("is") and _is_plural(subject) else verb


def _event_text(
    hook: HookSpec,
    known: dict[str, str] | None = None,
    universal: bool = False,
    slots: dict[str, _Slot] | None = None,
    template: str | None = None,
    extra: dict[str, str] | None = None,
) -> str:
    """A trigger or event phrase with its parameters named, or given where a condition pins
    them: `when action_taken if action == tax` reads "after ... takes a tax action"."""
    known = known or {}
    unpinned = frozenset(p.name for p in hook.params if p.name not in known)
    args = [known.get(p.name, param_text(p.name, p.type.kind, definite=True)) for p in hook.params]
    return _fill(hook, args, unpinned, universal, slots, template, extra)


def _adjective(test: ir.Expr, subject: ir.Expr) -> str | None:
    """What `subject.field == value` says before the subject's noun: "Herat" (a Herat card),
    "Political"; a field not named as its type says which ("Russian patriot"); `value in
    subject.list` the value ("a mine card"); `A or B` of the same field "Sonora or Chihuahua"."""
    if isinstance(test, ir.BinaryExpr) and test.operator == "or":
        left, right = test.left, test.right
        if isinstance(left, ir.BinaryExpr) and isinstance(right, ir.BinaryExpr) and left.left == right.left:
            first, second = _adjective(left, subject), _adjective(right, subject)
            if first is not None and second is not None:
                return f"{first} or {second}"
        return None
    if (
        isinstance(test, ir.BinaryExpr)
        and test.operator == "in"
        and isinstance(test.right, ir.FieldRef)
        and test.right.subject == subject
        and isinstance(test.left, ir.EnumConst)
    ):
        return value_text(test.left)
    if not (
        isinstance(test, ir.BinaryExpr)
        and test.operator == "=="
        and isinstance(test.left, ir.FieldRef)
        and test.left.subject == subject
        and isinstance(test.right, ir.EnumConst)
        and test.right.type.name != "zone"
        and test.left.field != "card_type"
    ):
        return None
    said = value_text(test.right)
    return said if test.left.field == test.left.type.name else f"{said} {words(test.left.field)}"


def _kind_noun(test: ir.Expr, subject: ir.Expr) -> str | None:
    """ "troop card" for `subject.card_type == troop`: the noun a card of that type is said with."""
    if (
        isinstance(test, ir.BinaryExpr)
        and test.operator == "=="
        and isinstance(test.left, ir.FieldRef)
        and test.left.subject == subject
        and test.left.field == "card_type"
        and isinstance(test.right, ir.EnumConst)
    ):
        kind = words(test.right.member)
        return kind if kind.endswith("card") else f"{kind} card"
    return None


def _one_of(test: ir.Expr, subject: ir.Expr) -> tuple[str, ...] | None:
    """The values `subject == A or subject == B ...` allows, in words."""
    if isinstance(test, ir.BinaryExpr) and test.operator == "or":
        left, right = _one_of(test.left, subject), _one_of(test.right, subject)
        return (*left, *right) if left is not None and right is not None else None
    if (
        isinstance(test, ir.BinaryExpr)
        and test.operator == "=="
        and test.left == subject
        and isinstance(test.right, ir.EnumConst)
        and test.right.type.name != "zone"
    ):
        return (value_text(test.right),)
    return None


def _describe(part: ir.Expr, subject: ir.Expr, slot: _Slot, strict: bool) -> bool:
    """Says a condition on `subject` in its noun phrase, if it can: "an enterprise card" (its
    type), "a Herat card", "a non-Federal card", "any district other than America", "a region
    you rule", "a card with no spies on it", "a card whose family includes mine". `strict`: only
    where the words read well (a modifier's condition is said "when ..." otherwise)."""
    noun = _kind_noun(part, subject)
    if noun is not None:
        slot.noun, slot.retyped = noun, True
        return True
    values = _one_of(part, subject)
    if values is not None:  # "the piece is army or the piece is road": "an army or road"
        slot.choices = values
        return True
    adjective = _adjective(part, subject)
    if adjective is not None:
        slot.adjectives.append(adjective)
        return True
    if isinstance(part, ir.BinaryExpr) and part.operator == "!=" and isinstance(part.right, ir.EnumConst):
        if (
            isinstance(part.left, ir.FieldRef)
            and part.left.subject == subject
            and part.left.field != "card_type"
        ):
            said = _adjective(replace(part, operator="=="), subject)
            if said is not None:
                slot.adjectives.append(f"non-{said}")
                return True
        if part.left == subject:
            slot.after.append(f"other than {value_text(part.right)}")
            return True
    if isinstance(subject, ir.HookParamRef):
        _AS_TOKEN.add(subject.name)
        try:
            text = value_text(part)
        finally:
            _AS_TOKEN.discard(subject.name)
        name = subject.name
    else:
        assert isinstance(subject, ir.LocalRef)
        text, name = value_text(part), subject.name
    clause = _relative(text, _token(name), strict, person=subject.type.kind == "player")
    if clause is None:
        return False
    slot.after.append(clause)
    return True


def _pinned(
    condition: ir.Expr | None, hook: HookSpec, fold: bool = True
) -> tuple[dict[str, str], dict[str, _Slot], ir.Expr | None]:
    """The parameters a condition fixes, as text; the noun phrases of the others, with what the
    condition says of them; and what is left of the condition (`render_common.pin_parameters`)."""
    named = set(_placeholders(hook.text)) if hook.text is not None else {p.name for p in hook.params}
    return pin_parameters(
        condition,
        hook,
        named,
        say_value=value_text,
        another_player="another player",
        new_slot=_new_slot,
        describe=lambda part, subject, slot: _describe(part, subject, slot, strict=True),
        same_field=lambda name: f"of the same {words(name)}",
        noun_key=lambda slot: slot.noun,
        fold=fold,
    )


_SAYING: list[dict[str, _Slot]] = []
# Parameters pinned as "another player": named again "that player".
_OTHERS: list[frozenset[str]] = []


# Parameters said as a token while a condition on them is worded as a relative clause.
_AS_TOKEN: set[str] = set()


def _param_value(expr: ir.HookParamRef) -> str:
    """A parameter named in a condition: as the phrase around it names it ("the other card")."""
    if expr.name in _AS_TOKEN:
        return _token(expr.name)
    for slots in reversed(_SAYING):
        if expr.name in slots:
            return slots[expr.name].phrase("the")
    if _OTHERS and expr.name in _OTHERS[-1]:
        return "that player"
    return param_text(expr.name, expr.type.kind, definite=True)


def _mentions_current(expr: object) -> bool:
    return any(isinstance(node, ir.CurrentValue) for node in nodes(expr))


# A choice said where its value is used ("place a spy on a Kandahar card in any court with no
# spies on it", not "you choose a card target ...; place a spy on target"): while the rest is
# said, the chosen name is a token, replaced at the end by the choice's noun phrase where first
# met, by "it" after.
_FOLDED: set[str] = set()
_TOKEN = re.compile("\x02(\\w+)\x02")


def _token(name: str) -> str:
    return f"\x02{name}\x02"


def _fold_choices(statements: tuple[ir.Stmt, ...]) -> tuple[tuple[ir.Stmt, ...], dict[str, str]]:
    """The statements without the choices said where their value is used (a choice whose value
    the very next statement uses), and each folded choice's noun phrase."""
    kept: list[ir.Stmt] = []
    phrases: dict[str, str] = {}
    for index, statement in enumerate(statements):
        if (
            isinstance(statement, ir.ChooseStmt)
            and statement.variable not in _FOLDED
            and used_next(statements[index + 1 :], statement.variable)
            and uses(statements[index + 1 :], statement.variable) <= 2
        ):
            _FOLDED.add(statement.variable)
            phrase = _choice_phrase(statement)
            if phrase is not None:
                phrases[statement.variable] = phrase
                continue
            _FOLDED.discard(statement.variable)
        kept.append(statement)
    return tuple(kept), phrases


def _unfold(text: str, phrases: dict[str, str]) -> str | None:
    """The tokens of folded choices replaced: the first by the choice's phrase, the others "it".
    None where a choice's phrase names another chosen thing before that one is said (the
    choices are then said as steps of their own)."""
    said: set[str] = set()
    for name in phrases:
        _FOLDED.discard(name)
    while True:
        match = next((m for m in _TOKEN.finditer(text) if m.group(1) in phrases), None)
        if match is None:
            break
        name = match.group(1)
        shown = "it" if name in said else phrases[name]
        if name not in said and any(
            m.group(1) in phrases and m.group(1) not in said and m.group(1) != name
            for m in _TOKEN.finditer(shown)
        ):
            return None
        said.add(name)
        text = text[: match.start()] + shown + text[match.end() :]
    return re.sub(r"\bthe ([a-z]+) of it\b", r"its \1", text) if said else text


def _relative(text: str, token: str, strict: bool = False, person: bool = False) -> str | None:
    """A condition on a chosen thing said after its noun: "you rule T" -> "you rule", "T borders
    Kabul" -> "that borders Kabul", "there are no spies on T" -> "with no spies on it"."""
    for there, said in (("there are no ", "with no "), ("there are ", "with ")):
        if text.startswith(there) and " where " not in text:
            if person:  # "a player with cards in their hand", "with spies of theirs on it"
                text = re.sub(rf"\bthe ([a-z]+) of {token}", r"their \1", text).replace(
                    f"of {token}", "of theirs"
                )
            return said + text[len(there) :].replace(token, "them" if person else "it")
    if text.endswith(f" {token}") and text.count(token) == 1:
        return text[: -len(token) - 1]
    if text.startswith(f"{token} ") and text.count(token) == 1:
        return f"that {text[len(token) + 1 :]}"
    whose = re.fullmatch(rf"the ([a-z]+(?: [a-z]+)?) of {token} (.+)", text)
    if whose is not None and token not in whose.group(2):  # "whose family includes mine"
        return f"whose {whose.group(1)} {whose.group(2)}"
    return None if strict else "such that " + text.replace(token, "it")


def _choice_phrase(choice: ir.ChooseStmt) -> str | None:
    """ "a Kandahar card in any court with no spies on it", "a region you rule", "another player of
    your choice", "a card p chooses from the hand of p"; None where a condition on the choice
    cannot be said in its noun phrase (the choice is then said as a step of its own)."""
    kind_text, rest = _other_player(choice.kind, choice.variable, choice.where)
    noun = words(choice.kind.name)
    slot = _Slot(noun, other=kind_text.startswith("other "))
    chosen = ir.LocalRef(choice.variable, choice.kind)
    for part in and_parts(rest) if rest is not None else []:
        if not _describe(part, chosen, slot, strict=True):
            return None
    source = ""
    if isinstance(choice.source, ir.CardsInZone):
        place = choice.source
        source = (
            f" in any {words(place.zone.name)}"
            if place.every
            else f" from {zone_text(place.zone, place.holder)}"
        )
    elif choice.source is not None:
        source = f" from {value_text(choice.source)}"
    chooser = value_text(choice.chooser)
    clauses, slot.after = slot.after, []
    said = slot.phrase("a")
    if chooser != "you":
        return f"{said} {chooser} chooses{source}" + "".join(f" {c}" for c in clauses)
    if not source and not clauses:
        return f"{said} of your choice"
    return said + source + "".join(f" {c}" for c in clauses)


def statements_text(statements: tuple[ir.Stmt, ...]) -> str:
    folded, phrases = _fold_choices(statements)
    said = _unfold(_statements_text(folded), phrases)
    return said if said is not None else _statements_text(statements)


def _statements_text(statements: tuple[ir.Stmt, ...]) -> str:
    parts: list[str] = []
    index = 0
    while index < len(statements):
        exchange = _exchange_text(statements[index:])
        if exchange is not None:
            parts.append(exchange)
            index += 4
            continue
        statement = statements[index]
        parts.append(_statement(statement))
        if isinstance(statement, ir.SetStmt) and _REMEMBERS.fullmatch(statement.memory.text):
            _JUST_SET.add((statement.memory.name, statement.subject))  # said after: "that player"
        index += 1
    for statement in statements:
        if isinstance(statement, ir.SetStmt):
            _JUST_SET.discard((statement.memory.name, statement.subject))
    return "; ".join(parts) or "nothing"


# Memories a step before set ("this card names a player of your choice"): named again "that player".
_JUST_SET: set[tuple[str, ir.Expr]] = set()


def _exchange_text(statements: tuple[ir.Stmt, ...]) -> str | None:
    """ "exchange the cards in your hand with the cards in the hand of p": two zones' cards noted
    (`let`), then each list moved to the other zone, when nothing after uses the two names."""
    if len(statements) < 4:
        return None
    mine, theirs, give, take = statements[:4]
    if not (isinstance(mine, ir.LetStmt) and isinstance(theirs, ir.LetStmt)):
        return None
    if not (isinstance(mine.value, ir.CardsInZone) and isinstance(theirs.value, ir.CardsInZone)):
        return None
    given, taken = moved_each(give), moved_each(take)
    if given is None or taken is None:
        return None
    assert isinstance(give, ir.ForEachStmt) and isinstance(take, ir.ForEachStmt)
    if not (
        isinstance(give.source, ir.LocalRef)
        and give.source.name == mine.name
        and isinstance(take.source, ir.LocalRef)
        and take.source.name == theirs.name
    ):
        return None
    first, second = value_text(mine.value), value_text(theirs.value)
    if (
        f"the cards in {zone_text(given.zone, given.holder)}" != second
        or f"the cards in {zone_text(taken.zone, taken.holder)}" != first
    ):
        return None
    later = _statements_text(statements[4:]).split()
    if words(mine.name) in later or words(theirs.name) in later:
        return None
    return f"exchange {first.removeprefix('the cards in ')} with {second.removeprefix('the cards in ')}"


# A memory worded "the NOUN {card} VERB": setting it is said "{card} VERB value".
_REMEMBERS = re.compile(r"the [a-z]+ \{card\} ([a-z]+)")


def _statement(statement: ir.Stmt) -> str:
    if isinstance(statement, ir.OperationStmt):
        return _fill(statement.operation, [value_text(v) for _, v in statement.args])
    if isinstance(statement, ir.MoveStmt):
        return moved_text(value_text(statement.card), statement.zone, statement.holder)
    if isinstance(statement, ir.MoneyStmt):
        return _money_text(statement)
    if isinstance(statement, ir.LetStmt):
        return f"let {words(statement.name)} be {value_text(statement.value)}"
    if isinstance(statement, ir.IfStmt):
        text = f"if {value_text(statement.condition)}: {statements_text(statement.then)}"
        if statement.otherwise:
            text += f"; otherwise {statements_text(statement.otherwise)}"
        return text
    if isinstance(statement, ir.ForEachStmt):
        moved = moved_each(statement)
        if moved is not None and statement.source is not None:
            cards = value_text(statement.source)
            if cards.startswith("the ") and _is_plural(cards):  # "move the cards in P's prizes to ..."
                return moved_text(cards, moved.zone, moved.holder)
        kind_text, rest = _other_player(statement.kind, statement.variable, statement.where)
        where = f" where {value_text(rest)}" if rest is not None else ""
        if statement.source is not None:
            each = _each_of(statement)
            if each is not None:
                return each
            among = f" of {value_text(statement.source)}"
            return f"for each {words(statement.variable)}{among}{where}: {statements_text(statement.body)}"
        if statement.kind.kind == "player" and statement.variable not in _FOLDED:
            return _each_player(statement, kind_text, rest)
        order = " in turn order" if statement.kind.kind == "player" else ""
        return f"for each {kind_text} {words(statement.variable)}{order}{where}: {statements_text(statement.body)}"
    if isinstance(statement, ir.ChooseOneStmt):
        return "choose one: " + " or ".join(f"({text})" for text, _ in statement.branches)
    if isinstance(statement, ir.MayStmt):
        return may_text(statement.body)
    if isinstance(statement, ir.SetStmt):
        subject, value = value_text(statement.subject), value_text(statement.value)
        said = _REMEMBERS.fullmatch(statement.memory.text)
        if said is not None:  # "the player {card} names": "this card names a player of your choice"
            return f"{subject} {said.group(1)} {value}"
        remembered = statement.memory.text.replace("{card}", subject)
        return f"{remembered} becomes {value}"
    if isinstance(statement, ir.ChooseSeveralStmt):
        where = f" where {value_text(statement.where)}" if statement.where is not None else ""
        how_many = (
            "up to " if isinstance(statement.at_least, ir.IntConst) and statement.at_least.value == 0 else ""
        )
        count = value_text(statement.count)
        noun = words(statement.element.name) if count == "1" else plural(words(statement.element.name))
        return (
            f"{value_text(statement.chooser)} chooses {how_many}{count} {noun} "
            f"{words(statement.variable)} from {value_text(statement.source)}{where}"
        )
    if isinstance(statement, ir.ChooseNumberStmt):
        return (
            f"{value_text(statement.chooser)} chooses a number {words(statement.variable)} "
            f"from {value_text(statement.low)} to {value_text(statement.high)}"
        )
    if isinstance(statement, ir.LastingStmt):
        return f"{statement.text}, " + "; ".join(modifier_text(m) for m in statement.modifiers)
    kind_text, rest = _other_player(statement.kind, statement.variable, statement.where)
    where = f" where {value_text(rest)}" if rest is not None else ""
    among = f" from {value_text(statement.source)}" if statement.source is not None else ""
    article = "an" if kind_text.startswith("other ") else _a(kind_text)
    kind_text = f"{article} {kind_text}".replace("an other ", "another ")
    return f"{value_text(statement.chooser)} chooses {kind_text} {words(statement.variable)}{among}{where}"


def _each_player(loop: ir.ForEachStmt, kind_text: str, rest: ir.Expr | None) -> str:
    """ "discard the cards in the prizes of each player" (one thing done once for each player);
    "for each player in turn order: discard a card they choose from their hand" (the player
    named again as "they")."""
    name = loop.variable
    each = "each other player" if kind_text == "other player" else "each player"
    _FOLDED.add(name)
    try:
        where = f" where {value_text(rest)}" if rest is not None else ""
        body = _statements_text(loop.body)
    finally:
        _FOLDED.discard(name)
    token = _token(name)
    if not where and len(loop.body) == 1 and body.count(token) == 1 and not _chooses(loop.body):
        return body.replace(token, each)
    return f"for {each} in turn order{_they(where, token)}: {_they(body, token)}"


def _they(text: str, token: str) -> str:
    """A player said again in what is done for each of them: "their hand", "they choose"."""
    text = re.sub(rf"\bthe ([a-z]+(?: [a-z]+)?) of {token}", r"their \1", text)
    text = re.sub(
        rf"{token} ([a-z]+)\b",
        lambda m: f"they {_base_form(m.group(1)) if _third_person_verb(m.group(1)) else m.group(1)}",
        text,
    )
    return text.replace(f"{token}'s ", "their ").replace(token, "them")


def _each_of(loop: ir.ForEachStmt) -> str | None:
    """ "nationalize each Sonora enterprise card in every row": one thing done to each card of a
    list, said with the card described where the thing names it."""
    name = loop.variable
    if len(loop.body) != 1 or _chooses(loop.body) or uses(loop.body, name) != 1 or name in _FOLDED:
        return None
    slot = _Slot(words(loop.kind.name))
    _FOLDED.add(name)
    try:
        for part in and_parts(loop.where) if loop.where is not None else []:
            if not _describe(part, ir.LocalRef(name, loop.kind), slot, strict=True):
                return None
        body = _statements_text(loop.body)
    finally:
        _FOLDED.discard(name)
    source = loop.source
    if isinstance(source, ir.CardsInZone):
        place = (
            f" in every {words(source.zone.name)}"
            if source.every
            else f" in {zone_text(source.zone, source.holder)}"
        )
    elif source is not None:
        place = f" of {value_text(source)}"
    else:
        place = ""
    tail, slot.after = "".join(f" {words}" for words in slot.after), []
    return body.replace(_token(name), f"{slot.phrase('each')}{place}{tail}")


def _chooses(statements: tuple[ir.Stmt, ...]) -> bool:
    return any(isinstance(n, ir.ChooseStmt | ir.ChooseSeveralStmt | ir.MayStmt) for n in nodes(statements))


def _other_player(kind: Type, variable: str, where: ir.Expr | None) -> tuple[str, ir.Expr | None]:
    """ "other player" for a player chosen or gone through `where x != you` (the first condition
    of an `and`), and what is left of the condition."""
    if kind.kind != "player" or where is None:
        return str(kind), where
    not_you = ir.BinaryExpr("!=", ir.LocalRef(variable, kind), ir.YouRef(kind), where.type)
    if where == not_you:
        return "other player", None
    if isinstance(where, ir.BinaryExpr) and where.operator == "and" and where.left == not_you:
        return "other player", where.right
    return str(kind), where


def plural(noun: str) -> str:
    """ "cards", "impacts", "classes"."""
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


# First words of a step that is not an order to the player ("the favored suit becomes ...",
# "for each ..."): "you may" then stands before it with a colon.
_NOT_ORDERS = frozenset({"the", "a", "an", "each", "every", "for", "if", "let", "until", "no", "this"})


def may_text(body: tuple[ir.Stmt, ...]) -> str:
    folded, phrases = _fold_choices(body)
    said = _unfold(_may_text(folded), phrases)
    return said if said is not None else _may_text(body)


def _may_text(body: tuple[ir.Stmt, ...]) -> str:
    """ "you may pay 2 rupees; if you do, place a spy on c": an optional step, in the second
    person. The first step is what is offered; the rest happens only if the player does it (an
    offered payment the player cannot make is not made, and nothing more happens)."""
    lets = 0
    while lets < len(body) and isinstance(body[lets], ir.LetStmt):
        lets += 1  # naming a value does nothing: said before the offer ("let n be ...; you may gain n")
    if lets:
        said = second_person(statements_text(body[:lets]))
        return f"{said}; {_may_text(body[lets:])}" if lets < len(body) else said
    if not body:
        return "you may do nothing"
    head = body[0]
    if isinstance(head, ir.IfStmt) and not head.otherwise:
        # "if this card is in a row, you may discard this card; if you do, ..."
        offered = _may_text((*head.then, *body[1:]))
        return f"if {value_text(head.condition)}, {offered}"
    first = second_person(
        _money_text(head, offered=True) if isinstance(head, ir.MoneyStmt) else _statement(head)
    )
    if first.startswith("you "):
        text = f"you may {first[4:]}"
    elif first.split(" ", 1)[0] in _NOT_ORDERS or not first[:1].islower():
        text = f"you may: {first}"
    else:  # an order ("place 1 army ..."): "you may place 1 army ..."
        text = f"you may {first}"
    if len(body) > 1:
        text += f"; if you do, {second_person(statements_text(body[1:]))}"
    return text


# How each kind of modifier says its value.
_CHANGE_TEXT = {
    "to": "{}",
    "plus": "{} more",
    "minus": "{} less",
    "at_most": "at most {}",
    "at_least": "at least {}",
}


# Described parameters a phrasing did not name (their conditions are then said after "when").
_UNSAID: list[str] = []


def modifier_text(hook: ir.ModifierHook) -> str:
    mark = len(_UNSAID)
    said = _said_modifier_text(hook, fold=True)
    if len(_UNSAID) > mark:
        del _UNSAID[mark:]
        said = _said_modifier_text(hook, fold=False)
    return said


def _said_modifier_text(hook: ir.ModifierHook, fold: bool) -> str:
    known, slots, rest = _pinned(hook.when, hook.modifier, fold)
    _SAYING.append(slots)
    _OTHERS.append(frozenset(name for name, said in known.items() if said == "another player"))
    try:
        return _modifier_text(hook, known, slots, rest)
    finally:
        _SAYING.pop()
        _OTHERS.pop()


# How the value a modifier changes is said where it was not changed ("the usual price"): its
# phrasing's `| usual: ...`.
_USUAL: list[str] = []


def _modifier_text(
    hook: ir.ModifierHook, known: dict[str, str], slots: dict[str, _Slot], rest: ir.Expr | None
) -> str:
    usual = phrasing_forms(hook.modifier.text or "").get("usual")
    if usual is None:
        return _said_modifier(hook, known, slots, rest)
    _USUAL.append(usual)
    try:
        return _said_modifier(hook, known, slots, rest)
    finally:
        _USUAL.pop()


def _said_modifier(
    hook: ir.ModifierHook, known: dict[str, str], slots: dict[str, _Slot], rest: ir.Expr | None
) -> str:
    when = f" when {value_text(rest)}" if rest is not None else ""
    spec = hook.modifier
    if isinstance(hook.value, ir.BoolConst) and spec.text is not None and spec.text.startswith("whether "):
        # What a yes allows holds for every value nobody pins: "you tax as the ruler of any region".
        allowed = hook.value.value
        yes, bar, no = spec.text[len("whether ") :].partition(" | ")
        if bar:  # the vocabulary says both ways: "whether A | B" reads A for yes, B for no
            clause = _event_text(spec, known, allowed, slots, template=yes if allowed else no)
            return f"{clause}{when}"
        # "whether a buyer may buy this card" set to no: "a buyer may not buy this card"
        clause = _event_text(spec, known, allowed, slots, template=yes)
        return f"{clause if allowed else negated(clause)}{when}"
    forms = phrasing_forms(spec.text or "")
    form = modifier_form(hook, forms)
    if form is not None:  # "you pay no bribe to play a card"
        key, amount = form
        said = {"value": value_text(amount)}
        return f"{_event_text(spec, known, False, slots, forms[key], said)}{when}"
    subject = _event_text(spec, known, False, slots)
    if "," in subject:  # "the firepower of a troop, owned by you, is 3": close the aside
        subject += ","
    return f"{subject} {_be(subject, 'is')} {_change_text(hook)}{when}"


def _change_text(hook: ir.ModifierHook) -> str:
    """The new value: "0", "1 more", "at most 3"; a value computed from what it would otherwise be
    says the change ("1 less", "1 less, but not less than 0", "2 times what it would otherwise be")."""
    value: ir.Expr = hook.value
    if hook.change == "to":
        floor: ir.Expr | None = None
        if (
            isinstance(value, ir.BuiltinCall)
            and value.function == "max"
            and len(value.args) == 2
            and isinstance(value.args[1], ir.IntConst)
        ):
            floor = value.args[1]
            value = value.args[0]
        if (
            isinstance(value, ir.BinaryExpr)
            and isinstance(value.left, ir.CurrentValue)
            and value.operator in ("+", "-", "*")
        ):
            amount = value_text(value.right)
            if value.operator == "*":
                change = f"{amount} times what it would otherwise be"
            else:
                change = f"{amount} {'more' if value.operator == '+' else 'less'}"
            return change if floor is None else f"{change}, but not less than {value_text(floor)}"
    return _CHANGE_TEXT[hook.change].format(value_text(hook.value))


# Words that carry a clause's negation themselves ("may not", "is not").
_AUXILIARIES = frozenset({"may", "can", "must", "will", "should", "is", "are"})
# Words after which a word ending in -s is a noun, not the clause's verb.
_BEFORE_NOUNS = frozenset(
    {"the", "a", "an", "each", "every", "of", "this", "your", "its", "their", "any", "no", "some"}
)
_BASE_FORMS = {"has": "have", "does": "do", "goes": "go"}


def _third_person_verb(word: str) -> bool:
    return (
        word.isalpha()
        and word.islower()
        and len(word) >= 3
        and word.endswith("s")
        and not word.endswith("ss")
        and word not in _NOT_VERBS
    )


def _base_form(verb: str) -> str:
    """ "taxes" -> "tax", "holds" -> "hold", "has" -> "have"."""
    if verb in _BASE_FORMS:
        return _BASE_FORMS[verb]
    if verb.endswith("es") and verb[:-2].endswith(("ch", "sh", "ss", "x", "o")):
        return verb[:-2]
    return verb[:-1]


def negated(clause: str) -> str:
    """A clause said the other way: "a buyer may buy it" -> "a buyer may not buy it", "this card
    counts as ..." -> "this card does not count as ...", "a tribe moves and battles" -> "a tribe
    does not move and battle"."""
    parts = clause.split(" ")
    for index, word in enumerate(parts):
        if word in _AUXILIARIES:
            return " ".join([*parts[: index + 1], "not", *parts[index + 1 :]])
        if index > 0 and _third_person_verb(word) and parts[index - 1] not in _BEFORE_NOUNS:
            rest = parts[index + 1 :]
            if len(rest) >= 2 and rest[0] == "and" and _third_person_verb(rest[1]):
                rest = ["and", _base_form(rest[1]), *rest[2:]]
            return " ".join([*parts[:index], "does", "not", _base_form(word), *rest])
    return f"it is not so that {clause}"


def hook_text(hook: ir.Hook) -> str:
    if isinstance(hook, ir.OneShotHook):
        return f"On {words(hook.timing)}: {statements_text(hook.body)}."
    if isinstance(hook, ir.ModifierHook):
        once = "once per round, " if hook.once_per_round else ""
        return f"{hook.place_text[:1].upper()}{hook.place_text[1:]}, {once}{modifier_text(hook)}."
    mark = len(_UNSAID)
    said = _event_hook_text(hook, fold=True)
    if len(_UNSAID) > mark:
        del _UNSAID[mark:]
        said = _event_hook_text(hook, fold=False)
    return said


def _event_hook_text(hook: ir.TriggerHook | ir.ReplacementHook, fold: bool) -> str:
    spec = hook.trigger if isinstance(hook, ir.TriggerHook) else hook.event
    known, slots, rest = _pinned(hook.condition, spec, fold)
    _SAYING.append(slots)
    _OTHERS.append(frozenset(name for name, said in known.items() if said == "another player"))
    try:
        condition = f", if {value_text(rest)}" if rest is not None else ""
        body = may_text(hook.body) if hook.optional else statements_text(hook.body)
        event = _event_text(spec, known, slots=slots)
    finally:
        _SAYING.pop()
        _OTHERS.pop()
    if isinstance(hook, ir.TriggerHook):
        once = "Once per turn, " if hook.once_per_turn else "Once per round, " if hook.once_per_round else ""
        return f"{once}{event if once else _capital(event)}{condition}, {body}."
    return f"Instead of {event}{condition}, {body}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# Phrasing templates are written for a third person ("{player} gains", "{player}'s turn"); where
# the player is "you", the verb loses its -s ("you gain", "you pass", "you are") and the
# possessive becomes "your". Words after "you" that end in -s but are no verbs stay as they are.
_YOU_VERB = re.compile(r"(?<!of )(?<!for )(?<!to )(?<!with )(?<!by )\byou ([a-z]+)\b")  # "you" as a subject
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_NOT_VERBS = frozenset({"as", "us", "plus", "minus", "less", "unless", "this", "thus"})
# "the court of you" reads "your court", and "a spy of you" "a spy of yours" (one or two words
# between, none of them a word that ends a noun phrase).
_THE_X_OF_YOU = re.compile(r"\bthe ([A-Za-z]+(?: [A-Za-z]+)?) of you\b(?![r'])")
_A_X_OF_YOU = re.compile(r"\b(a|an|each|any|this) ([A-Za-z]+(?: [A-Za-z]+)?) of you\b(?![r'])")
_SOME_X_OF_YOU = re.compile(r"\b(there are (?:no )?[a-z]+) of you\b(?![r'])")
_WITH_X_OF_YOU = re.compile(r"\b(with (?:no )?[a-z]+) of you\b(?![r'])")
_NOT_NOUNS = frozenset({"the", "of", "a", "an", "and", "or", "is", "to", "in", "on", "for", "from", "number"})


def second_person(text: str) -> str:
    def fix(match: re.Match[str]) -> str:
        word = match.group(1)
        if word in _IRREGULAR:
            return f"you {_IRREGULAR[word]}"
        if word in _NOT_VERBS or not word.endswith("s") or word.endswith("ss") or len(word) < 3:
            return match.group(0)
        stem = word[:-1]
        if word.endswith("es") and word[:-2].endswith(("ch", "sh", "ss", "x", "o")):
            stem = word[:-2]  # "passes" -> "pass", but "takes" -> "take"
        return f"you {stem}"

    text = _THE_X_OF_YOU.sub(
        lambda m: m.group(0) if _NOT_NOUNS & set(m.group(1).split()) else f"your {m.group(1)}", text
    )
    text = _A_X_OF_YOU.sub(
        lambda m: m.group(0) if _NOT_NOUNS & set(m.group(2).split()) else f"{m.group(0)}rs", text
    )
    text = _SOME_X_OF_YOU.sub(r"\1 of yours", text)
    text = _WITH_X_OF_YOU.sub(r"\1 of yours", text)
    return _YOU_VERB.sub(fix, text.replace("you's ", "your "))


def card_text(card: ir.CardIR, notes: bool = False, intended: bool | None = None) -> str:
    """The full text of one card, as `paxc render` prints it (and as generated code keeps it in
    `Card.text`, for the runtime to show without rendering anything itself). What only a designer
    reads (the card's provenance, its note, its errata and why, the text it is meant to have) is
    left out unless `notes`; the intended text goes with the notes unless `intended` says."""
    intended = notes if intended is None else intended
    kind = words(card.card_type).capitalize()
    heading = kind if kind.endswith(" card") else kind + " card"
    lines = [f"#{card.number} {card.name}", f"{heading} ({card.provenance})" if notes else heading]
    lines += [_attribute_line(a, "  ") for a in card.attributes]
    for ability in card.abilities:
        lines += _ability_lines(ability, "  ")
    for side in card.sides:
        lines.append(f'  Side "{side.title}":')
        lines += _side_lines(card, side, "    ")
        if intended and side.intended_text:
            lines.append(f"    Intended: {side.intended_text}")
    if intended and card.intended_text:
        lines.append(f"  Intended: {card.intended_text}")
    if notes:
        for erratum in card.errata:
            changes = [f"{words(c.field.name)} {value_text(c.value)}" for c in erratum.changes]
            changes += [
                f"{title} rewritten" if title else "its effects rewritten" for title in erratum.abilities
            ]
            lines.append(f"  Erratum {erratum.version} ({erratum.note}): {'; '.join(changes)}")
        if card.note:
            lines.append(f"  Note: {card.note}")
    return "\n".join(second_person(line) for line in lines)


def _attribute_line(attribute: ir.AttributeValue, indent: str) -> str:
    """ "Region: Kabul", or as the vocabulary labels the attribute and words its values
    ("Cost by boot: 6"; a family's value says what the rules make of it)."""
    field = attribute.field
    label = field.label if field.label is not None else _capital(words(field.name))
    return f"{indent}{label}: {attribute_value_text(field, attribute.value)}"


def attribute_value_text(field: FieldSpec, value: ir.Expr) -> str:
    """An attribute's value as its card says it: an enum member the vocabulary words is said so."""
    texts = dict(field.value_texts)
    if isinstance(value, ir.EnumConst) and value.member in texts:
        return texts[value.member]
    if isinstance(value, ir.ListConst) and texts:
        return "; ".join(attribute_value_text(field, item) for item in value.items) or "none"
    return value_text(value)


def side_text(card: ir.CardIR, side: ir.SideIR) -> str:
    """What one side of a card says beyond the card itself (its own attributes and abilities)."""
    return "\n".join(second_person(line) for line in _side_lines(card, side, ""))


def abilities_text(abilities: tuple[ir.AbilityIR, ...]) -> str:
    """Only what the abilities say, one line per effect (a titled ability: its title, then its
    effects indented), for a table that shows a card's attributes its own way."""
    lines = [line for ability in abilities for line in _ability_lines(ability, "")]
    return "\n".join(second_person(line) for line in lines)


def _side_lines(card: ir.CardIR, side: ir.SideIR, indent: str) -> list[str]:
    printed = {a.field.name: a.value for a in card.attributes}
    lines = [_attribute_line(a, indent) for a in side.attributes if printed.get(a.field.name) != a.value]
    for ability in side.abilities:
        lines += _ability_lines(ability, indent)
    return lines


def _ability_lines(ability: ir.AbilityIR, indent: str) -> list[str]:
    if ability.title is None:
        return [f"{indent}{hook_text(hook)}" for hook in ability.hooks]
    lines = [f"{indent}{ability.title}:"]
    lines += [f"{indent}  {hook_text(hook)}" for hook in ability.hooks]
    return lines
