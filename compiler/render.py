"""The card-text back end: what a card says, in English, generated from its checked definition.

Designers read this beside the printed card to see that text and behaviour agree, so every word
comes from the IR (and the phrasing templates the vocabulary gives its hooks), never from the
card file's own text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from paxc.compiler import ir
from paxc.compiler.vocabulary import HookSpec, ZoneSpec

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
        if expr.type.name == "zone":  # "the court", "the market": a zone said as a place
            return f"the {words(expr.member)}"
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
        return "what it would otherwise be"
    if isinstance(expr, ir.LocalRef):
        return words(expr.name)
    if isinstance(expr, ir.HookParamRef):
        return f"the {words(expr.name)}"
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
    if isinstance(expr, ir.MemoryRef):
        return expr.memory.text.replace("{card}", value_text(expr.subject))
    if isinstance(expr, ir.KnownRef):
        return value_text(expr.original)
    if isinstance(expr, ir.IsSetExpr):
        return _is_set_text(expr)
    if isinstance(expr, ir.FieldRef):
        return f"the {words(expr.field)} of {value_text(expr.subject)}"
    if isinstance(expr, ir.CardsInZone):
        return f"the cards in {zone_text(expr.zone, expr.holder, expr.every)}"
    if isinstance(expr, ir.CardPlace):
        return f"the {expr.what} of {value_text(expr.subject)}"
    if isinstance(expr, ir.MoneyOf):
        return f"the {expr.money.plural} of {value_text(expr.holder)}"
    if isinstance(expr, ir.NotExpr):
        return f"not ({value_text(expr.operand)})"
    left = value_text(expr.left)
    return f"{left} {_be(left, _COMPARISON_WORDS.get(expr.operator, expr.operator))} {value_text(expr.right)}"


def _is_set_text(test: ir.IsSetExpr) -> str:
    """ "c has a region", "the card this card marks is known" (or their negations)."""
    operand = test.operand
    if isinstance(operand, ir.FieldRef):
        field = words(operand.field)
        has = f"a{'n' if field[:1] in 'aeiou' else ''} {field}" if test.present else f"no {field}"
        return f"{value_text(operand.subject)} has {has}"
    return f"{value_text(operand)} is {'' if test.present else 'not '}known"


def zone_text(zone: ZoneSpec, holder: ir.Expr | None, every: bool = False) -> str:
    """ "the market", "the court of you", "every court": a zone as the vocabulary words it."""
    if every:
        return f"every {words(zone.name)}"
    return zone.phrase(value_text(holder) if holder is not None else None)


def _money_text(statement: ir.MoneyStmt) -> str:
    """ "you take 2 rupees from the bank", "P pays 1 gold to you", with a computed amount "you take
    from the bank as many rupees as ..." (`pay` all or nothing, `take` what there is)."""
    money = statement.money
    player = value_text(statement.player)
    if statement.verb == "gain":
        source, subject = "from the bank", player
    elif statement.verb == "pay":
        receiver = value_text(statement.receiver) if statement.receiver is not None else "the bank"
        source, subject = f"to {receiver}", player
    else:
        assert statement.receiver is not None
        source, subject = f"from {player}", value_text(statement.receiver)
    verb = "pays" if statement.verb == "pay" else "takes"
    if isinstance(statement.amount, ir.IntConst | ir.LocalRef):  # "2 rupees", "n rupees"
        text = f"{subject} {verb} {money.amount(value_text(statement.amount))} {source}"
    else:
        many = "much" if money.singular == money.plural else "many"  # "as much gold", "as many rupees"
        text = f"{subject} {verb} {source} as {many} {money.plural} as {value_text(statement.amount)}"
    if statement.verb == "pay":
        return f"{text}, if {player} can (if not, nothing more happens)"
    if statement.verb == "take":
        return f"{text}, or all {player} has if less"
    return text


def _builtin_text(call: ir.BuiltinCall) -> str:
    args = [value_text(arg) for arg in call.args]
    if call.function == "count":
        return f"the number of {args[0]}"
    if call.function == "exists":
        return (
            f"there are {args[0]}"
            if isinstance(call.args[0], ir.SelectionExpr)
            else f"{args[0]} is not empty"
        )
    if call.function == "sum":
        return f"the total of {args[0]}"
    least = "the least" if call.function == "min" else "the most"
    if len(args) == 1:
        return f"{least} of {args[0]}"
    return f"{least} of {', '.join(args[:-1])} and {args[-1]}"


# Where a value meets the template's own words, the English around it may change: a possessive
# before a phrase ("{owner}'s {card}"), an article before a phrase ("a {action} action"), a count
# before its noun ("{amount} rupees"). Matched on the template, so card text never reaches them.
_POSSESSIVE = re.compile(r"\{(\w+)\}'s (?:\{(\w+)\}|([a-z]+))")
_ARTICLE = re.compile(r"\b(a|an) \{(\w+)\} ([a-z]+)")
_COUNTED = re.compile(r"\{(\w+)\} ((?:\{\w+\} )?)([a-z]+s)\b")


def _fill(hook: HookSpec, args: list[str]) -> str:
    """A hook's phrasing template with its arguments in place, or its name and arguments."""
    values = {param.name: text for param, text in zip(hook.params, args, strict=True)}
    if hook.text is None:
        return " ".join([words(hook.name), *args])
    counts = {param.name for param in hook.params if param.type.kind == "int"}

    def value(name: str) -> str:
        return values.get(name, "{" + name + "}")

    def possessive(match: re.Match[str]) -> str:
        owner, thing, noun = value(match.group(1)), match.group(2), match.group(3)
        if thing is not None:  # "the owner's the card" -> "the owner's card"
            owned = value(thing)
            if owned.startswith("this "):  # "the owner's this card" -> "this card of the owner"
                return f"{owned} of {owner}"
            return f"{owner}'s {owned[4:] if owned.startswith('the ') else owned}"
        if len(owner.split()) >= 3:  # "the player this card names's turn" -> "the turn of ..."
            return f"the {noun} of {owner}"
        return f"{owner}'s {noun}"

    def article(match: re.Match[str]) -> str:
        name, noun = match.group(2), match.group(3)
        shown = value(name)
        if shown == f"the {noun}":  # "a {action} action" of any action: "an action"
            return f"{_a(noun)} {noun}"
        if shown.startswith("the "):
            return f"{shown} {noun}"
        return f"{_a(shown)} {shown} {noun}"

    def counted(match: re.Match[str]) -> str:
        name, between, noun = match.groups()
        if name not in counts:
            return match.group(0)
        amount = value(name)
        if amount == "1":
            return f"1 {_fill_between(between, value)}{singular(noun)}"
        if " " in amount:  # "the number of chosen rupees" -> "as many rupees as the number of chosen"
            return f"as many {_fill_between(between, value)}{noun} as {amount}"
        return match.group(0)

    text = _POSSESSIVE.sub(possessive, hook.text)
    text = _ARTICLE.sub(article, text)
    text = _COUNTED.sub(counted, text)
    return _PLACEHOLDER.sub(lambda m: value(m.group(1)), text)


def _fill_between(between: str, value: Callable[[str], str]) -> str:
    return _PLACEHOLDER.sub(lambda m: value(m.group(1)), between)


def _a(word: str) -> str:
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


def _event_text(hook: HookSpec, known: dict[str, str] | None = None) -> str:
    """A trigger or event phrase with its parameters named, or given where a condition pins
    them: `when action_taken if action == tax` reads "after ... takes a tax action"."""
    known = known or {}
    return _fill(hook, [known.get(p.name, f"the {words(p.name)}") for p in hook.params])


def _pinned(condition: ir.Expr | None, hook: HookSpec) -> tuple[dict[str, str], ir.Expr | None]:
    """The parameters a condition fixes (`param == value` among its `and`-ed parts), as text,
    and what is left of the condition once they are said in the event's phrase (a parameter
    the phrase does not name stays in the condition)."""
    if condition is None:
        return {}, None
    named = set(_PLACEHOLDER.findall(hook.text)) if hook.text is not None else {p.name for p in hook.params}
    parts: list[ir.Expr] = []

    def split(expr: ir.Expr) -> None:
        if isinstance(expr, ir.BinaryExpr) and expr.operator == "and":
            split(expr.left)
            split(expr.right)
        else:
            parts.append(expr)

    split(condition)
    known: dict[str, str] = {}
    rest: list[ir.Expr] = []
    for part in parts:
        if (
            isinstance(part, ir.BinaryExpr)
            and part.operator == "=="
            and isinstance(part.left, ir.HookParamRef)
            and part.left.name in named
            and part.left.name not in known
            and not isinstance(part.right, ir.HookParamRef)
        ):
            known[part.left.name] = value_text(part.right)
        else:
            rest.append(part)
    remaining: ir.Expr | None = None
    for part in rest:
        remaining = part if remaining is None else ir.BinaryExpr("and", remaining, part, part.type)
    return known, remaining


def statements_text(statements: tuple[ir.Stmt, ...]) -> str:
    return "; ".join(_statement(s) for s in statements) or "nothing"


def _statement(statement: ir.Stmt) -> str:
    if isinstance(statement, ir.OperationStmt):
        return _fill(statement.operation, [value_text(v) for _, v in statement.args])
    if isinstance(statement, ir.MoveStmt):
        return f"move {value_text(statement.card)} to {zone_text(statement.zone, statement.holder)}"
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
        where = f" where {value_text(statement.where)}" if statement.where is not None else ""
        if statement.source is not None:
            among = f" of {value_text(statement.source)}"
            return f"for each {words(statement.variable)}{among}{where}: {statements_text(statement.body)}"
        order = " in turn order" if statement.kind.kind == "player" else ""
        return f"for each {statement.kind} {words(statement.variable)}{order}{where}: {statements_text(statement.body)}"
    if isinstance(statement, ir.ChooseOneStmt):
        return "choose one: " + " or ".join(f"({text})" for text, _ in statement.branches)
    if isinstance(statement, ir.MayStmt):
        return may_text(statement.body)
    if isinstance(statement, ir.SetStmt):
        remembered = statement.memory.text.replace("{card}", value_text(statement.subject))
        return f"{remembered} becomes {value_text(statement.value)}"
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
    where = f" where {value_text(statement.where)}" if statement.where is not None else ""
    among = f" from {value_text(statement.source)}" if statement.source is not None else ""
    return f"{value_text(statement.chooser)} chooses a {statement.kind} {words(statement.variable)}{among}{where}"


def plural(noun: str) -> str:
    """ "cards", "impacts", "classes"."""
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def may_text(body: tuple[ir.Stmt, ...]) -> str:
    """ "you may take 2 rupees": an optional step, in the second person."""
    text = second_person(statements_text(body))
    return f"you may {text[4:]}" if text.startswith("you ") else f"you may: {text}"


# How each kind of modifier says its value.
_CHANGE_TEXT = {
    "to": "{}",
    "plus": "{} more",
    "minus": "{} less",
    "at_most": "at most {}",
    "at_least": "at least {}",
}


def modifier_text(hook: ir.ModifierHook) -> str:
    known, rest = _pinned(hook.when, hook.modifier)
    when = f" when {value_text(rest)}" if rest is not None else ""
    subject = _event_text(hook.modifier, known)
    change = _CHANGE_TEXT[hook.change].format(value_text(hook.value))
    return f"{subject} {_be(subject, 'is')} {change}{when}"


def hook_text(hook: ir.Hook) -> str:
    if isinstance(hook, ir.OneShotHook):
        return f"On {words(hook.timing)}: {statements_text(hook.body)}."
    if isinstance(hook, ir.ModifierHook):
        return f"{hook.place_text[:1].upper()}{hook.place_text[1:]}, {modifier_text(hook)}."
    spec = hook.trigger if isinstance(hook, ir.TriggerHook) else hook.event
    known, rest = _pinned(hook.condition, spec)
    condition = f", if {value_text(rest)}" if rest is not None else ""
    body = may_text(hook.body) if hook.optional else statements_text(hook.body)
    if isinstance(hook, ir.TriggerHook):
        once = "Once per turn, " if hook.once_per_turn else "Once per round, " if hook.once_per_round else ""
        event = _event_text(spec, known) if once else _capital(_event_text(spec, known))
        return f"{once}{event}{condition}, {body}."
    return f"Instead of {_event_text(spec, known)}{condition}, {body}."


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
    return _YOU_VERB.sub(fix, text.replace("you's ", "your "))


def card_text(card: ir.CardIR) -> str:
    """The full text of one card, as `paxc render` prints it (and as generated code keeps it in
    `Card.text`, for the runtime to show without rendering anything itself)."""
    kind = words(card.card_type).capitalize()
    lines = [
        f"#{card.number} {card.name}",
        f"{kind if kind.endswith(' card') else kind + ' card'} ({card.provenance})",
    ]
    lines += [f"  {_capital(words(a.field.name))}: {value_text(a.value)}" for a in card.attributes]
    for ability in card.abilities:
        lines += _ability_lines(ability, "  ")
    for side in card.sides:
        lines.append(f'  Side "{side.title}":')
        lines += _side_lines(card, side, "    ")
    for erratum in card.errata:
        changes = "; ".join(f"{words(c.field.name)} {value_text(c.value)}" for c in erratum.changes)
        lines.append(f"  Erratum {erratum.version} ({erratum.note}): {changes}")
    if card.note:
        lines.append(f"  Note: {card.note}")
    return "\n".join(second_person(line) for line in lines)


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
    lines = [
        f"{indent}{_capital(words(a.field.name))}: {value_text(a.value)}"
        for a in side.attributes
        if printed.get(a.field.name) != a.value
    ]
    for ability in side.abilities:
        lines += _ability_lines(ability, indent)
    return lines


def _ability_lines(ability: ir.AbilityIR, indent: str) -> list[str]:
    if ability.title is None:
        return [f"{indent}{hook_text(hook)}" for hook in ability.hooks]
    lines = [f"{indent}{ability.title}:"]
    lines += [f"{indent}  {hook_text(hook)}" for hook in ability.hooks]
    return lines
