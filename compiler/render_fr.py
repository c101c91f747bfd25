"""The French card-text back end: what a card says, in French, from its checked definition.

It reads the same IR as `render.py` and shares its language-neutral reading of it (which
conditions pin a parameter, which choices are said where their value is used, how a modifier's
value changes), then says it with a grammar of its own (`compiler/french.py`: articles with
élision and contractions, gender and number agreement, verb forms) and the words and phrasings of
the game's `language fr` block (`cards/<game>/game.pax`). Where that block lacks something a card
needs, rendering stops with a `MissingWording` located at what the vocabulary declares.

A French phrasing of an operation is an order in the infinitive, maybe after its subject
(`"{player} placer un espion sur {card}"`): said to the card's owner it is an order ("placez un
espion sur ...") or follows "vous pouvez" ("vous pouvez placer ..."), said of another player it
is conjugated ("P place ..."). Placeholders: `{x}` the value, `{x:plural}` as many, `{n:WORD}` a
count of a vocabulary word ("2 armées"), `{x:adj}` a word agreeing with the noun before it
("armées afghanes"), `{x:en}` a place ("à Kaboul", "en Perse"), `{x=SG|PL|VOUS}` a verb agreeing
with x, `{x+}` a participle's ending agreeing with x ("achetée"); `[...]` as in English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from paxc.compiler import french, ir
from paxc.compiler.render_common import (
    and_parts,
    modifier_form,
    moved_each,
    nodes,
    pin_parameters,
    used_next,
    uses,
)
from paxc.compiler.source import Span
from paxc.compiler.types import Type
from paxc.compiler.vocabulary import FieldSpec, HookSpec, LanguageSpec, Vocabulary, WordSpec, ZoneSpec

LANGUAGE = "fr"


class MissingWording(Exception):
    """A card needs a word or phrasing the game's `language fr` block does not give."""

    def __init__(self, span: Span, what: str, hint: str) -> None:
        super().__init__(what)
        self.span = span
        self.what = what
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Phrase:
    """A value said in French, with what agreement needs: its gender, whether it is many, whether
    it is the card's owner ("vous")."""

    text: str
    gender: str = "m"
    many: bool = False
    you: bool = False


_YOU = Phrase("vous", "m", False, True)
_CARD_NOUN = french.noun("carte", "f")
_PLAYER_NOUN = french.noun("joueur", "m")


# ---------------------------------------------------------------- the renderer


class FrenchRenderer:
    """Says one game's cards in French (one renderer per vocabulary: it holds the words)."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        language = vocabulary.languages.get(LANGUAGE)
        if language is None:
            raise MissingWording(
                _vocabulary_span(vocabulary),
                f"the vocabulary of '{vocabulary.name}' has no French",
                f"add a `language {LANGUAGE} {{ ... }}` block to {vocabulary.path} (see README, The card language)",
            )
        self.language: LanguageSpec = language
        self._folded: dict[str, Phrase] = {}
        self._said_folded: set[str] = set()
        self._slots: list[dict[str, _Slot]] = []
        self._others: list[frozenset[str]] = []
        self._just_set: set[str] = set()
        self._usual: list[str] = []
        self._doer: str | None = None  # the token of the player doing what is said, each in turn

    # ------------------------------------------------------------ words

    def word(self, name: str, span: Span | None = None) -> WordSpec:
        found = self.language.words.get(name)
        if found is None:
            where = span if span is not None else self._span_of_name(name)
            raise MissingWording(
                where,
                f"no French word for '{name}'",
                f'add `word {name} "..." m|f|adj` to the `language {LANGUAGE}` block of {self.vocabulary.path}',
            )
        return found

    def _span_of_name(self, name: str) -> Span:
        for kind in self.vocabulary.enums.values():
            if name in kind.members or kind.name == name:
                return kind.span
        spec = self.vocabulary.card_types.get(name)
        if spec is not None:
            return spec.span
        if self.vocabulary.money is not None and self.vocabulary.money.name == name:
            return self.vocabulary.money.span
        return self.language.span

    def phrasing(self, kind: str, name: str, span: Span | None = None) -> tuple[str, ...]:
        texts = self.language.phrasings_of(kind, name)
        if not texts:
            where = span if span is not None else self.language.span
            raise MissingWording(
                where,
                f"no French phrasing for {kind} '{name}'",
                f'add `{kind} {name} "..."` to the `language {LANGUAGE}` block of {self.vocabulary.path}',
            )
        return texts

    def hook_phrasing(self, hook: HookSpec) -> tuple[str, ...]:
        return self.phrasing(hook.kind, hook.name, hook.span)

    def noun_of(self, name: str) -> french.Noun:
        """A vocabulary name said as a noun ("armée", f): its word must have a gender."""
        if name == "card":
            return _CARD_NOUN
        if name == "player":
            return _PLAYER_NOUN
        spec = self.word(name)
        gender = spec.kind if spec.kind in ("m", "f") else "m"
        return french.noun(spec.text, gender, spec.form("pl"))

    def card_type_noun(self, card_type: str) -> french.Noun:
        spec = self.vocabulary.card_types.get(card_type)
        texts = self.phrasing("cardtype", card_type, spec.span if spec is not None else None)
        gender = self.language.genders.get(("cardtype", card_type), "f")
        return french.noun(texts[0], gender, texts[1] if len(texts) > 1 else None)

    def member(self, member: str) -> Phrase:
        spec = self.word(member)
        gender = spec.kind if spec.kind in ("m", "f") else "m"
        return Phrase(spec.text, gender)

    def adjective(self, member: str, gender: str, many: bool) -> str:
        """A member said of a noun: an adjective agrees ("armées afghanes"), a name follows "de"
        ("cartes de Hérat"), a noun stands after its noun ("carte mine")."""
        spec = self.word(member)
        fixed = spec.form("inv")
        if fixed is not None:
            return fixed
        if spec.kind == "adj":
            return french.agree(spec.form("adj") or spec.text, gender, many)
        if spec.kind in ("m", "f"):
            return spec.text
        return spec.form("de") or f"de {spec.text}"

    def place(self, member: str) -> str:
        spec = self.word(member)
        return spec.form("en") or f"à {spec.text}"

    # ------------------------------------------------------------ values

    def value(self, expr: ir.Expr) -> Phrase:
        if isinstance(expr, ir.IntConst):
            return Phrase(str(expr.value), "m", expr.value > 1)
        if isinstance(expr, ir.TextConst):
            return Phrase(f"« {expr.value} »")
        if isinstance(expr, ir.BoolConst):
            return Phrase("oui" if expr.value else "non")
        if isinstance(expr, ir.EnumConst):
            if expr.type.name == "zone":
                return self.zone_phrase(self._zone(expr.member), None)
            return self.member(expr.member)
        if isinstance(expr, ir.ListConst):
            items = [self.value(item).text for item in expr.items]
            return Phrase(", ".join(items) or "aucun", "m", len(items) > 1)
        if isinstance(expr, ir.YouRef):
            return _YOU
        if isinstance(expr, ir.ThisRef):
            return Phrase("cette carte", "f")
        if isinstance(expr, ir.ThisField):
            return self._field_of(expr.field, Phrase("cette carte", "f"))
        if isinstance(expr, ir.CurrentValue):
            return Phrase(self._usual[-1] if self._usual else "sa valeur habituelle", "f")
        if isinstance(expr, ir.LocalRef):
            if expr.name in self._folded:
                return replace(self._folded[expr.name], text=_token(expr.name))
            return Phrase(expr.name.replace("_", " "))
        if isinstance(expr, ir.HookParamRef):
            return self._param_value(expr)
        if isinstance(expr, ir.QueryCall):
            return self._said(
                self.fill(expr.query, self.hook_phrasing(expr.query)[0], [self.value(a) for a in expr.args])
            )
        if isinstance(expr, ir.AdjacentCall):
            return Phrase(f"{self.value(expr.left).text} borde {self.value(expr.right).text}")
        if isinstance(expr, ir.BuiltinCall):
            return self._builtin(expr)
        if isinstance(expr, ir.AttributeOfEach):
            return Phrase(
                f"les {self._label_noun(expr.field).plural} de {self.value(expr.source).text}", "m", True
            )
        if isinstance(expr, ir.MemoryRef):
            if expr.memory.name in self._just_set:
                noun = (
                    self.noun_of(expr.memory.type.name) if expr.memory.type.kind != "player" else _PLAYER_NOUN
                )
                return Phrase(
                    f"{french.demonstrative(noun.gender, False, noun.singular)} {noun.singular}", noun.gender
                )
            said = self.phrasing("memory", expr.memory.name, expr.memory.span)[0]
            return self._said(said.replace("{card}", self.value(expr.subject).text))
        if isinstance(expr, ir.KnownRef):
            return self.value(expr.original)
        if isinstance(expr, ir.IsSetExpr):
            return Phrase(self._is_set(expr))
        if isinstance(expr, ir.FieldRef):
            return self._field_of(expr.field, self.value(expr.subject))
        if isinstance(expr, ir.CardsInZone):
            if expr.every:
                zone = self.zone_noun(expr.zone)
                return Phrase(f"les cartes de chaque {zone.singular}", "f", True)
            return Phrase(f"les cartes de {self.zone_phrase(expr.zone, expr.holder).text}", "f", True)
        if isinstance(expr, ir.PickCard):
            which = "la carte du dessus" if expr.kind == "top" else "une carte au hasard"
            return Phrase(f"{which} de {self.zone_phrase(expr.zone.zone, expr.zone.holder).text}", "f")
        if isinstance(expr, ir.CardPlace):
            what = "le propriétaire" if expr.what == "owner" else "la zone"
            return Phrase(f"{what} de {self.value(expr.subject).text}", "m" if expr.what == "owner" else "f")
        if isinstance(expr, ir.MoneyOf):
            money = self.money_noun(expr.money.name)
            on = "sur" if expr.holder.type.kind == "card" else "de"
            if money.singular == money.plural:  # "l'or de P": money that is not counted in pieces
                return Phrase(f"le {money.singular} {on} {self.value(expr.holder).text}", money.gender)
            return Phrase(f"les {money.plural} {on} {self.value(expr.holder).text}", money.gender, True)
        if isinstance(expr, ir.NotExpr):
            return Phrase(f"il est faux que {self.value(expr.operand).text}")
        if isinstance(expr, ir.SelectionExpr):
            kind = expr.type.element.name if expr.type.element is not None else "card"
            noun = self.noun_of(kind) if kind != "card" else _CARD_NOUN
            where = f" telles que {self.condition(expr.where)}" if expr.where is not None else ""
            return Phrase(f"les {noun.plural} de {self.value(expr.source).text}{where}", noun.gender, True)
        assert isinstance(expr, ir.BinaryExpr)
        return Phrase(self._binary(expr))

    def _said(self, text: str) -> Phrase:
        """A phrase from a phrasing: its gender and number read from its article."""
        first = text.split(" ", 1)[0].lower()
        if first in ("les", "des", "vos", "ces"):
            return Phrase(text, "f" if _feminine_head(text) else "m", True)
        if first in ("la", "une", "cette", "votre") and first != "votre":
            return Phrase(text, "f")
        if first == "votre" or first.startswith("l'"):
            return Phrase(text, "f" if _feminine_head(text) else "m")
        return Phrase(text)

    def money_noun(self, name: str) -> french.Noun:
        return self.noun_of(name)

    def _label_noun(self, name: str) -> french.Noun:
        texts = self.phrasing("label", name)
        label = texts[1] if len(texts) > 1 else texts[0]  # a label's second text: said in a sentence
        gender = self.language.genders.get(("label", name), "m")
        return french.noun(label[:1].lower() + label[1:], gender)

    def _field_of(self, name: str, subject: Phrase) -> Phrase:
        noun = self._label_noun(name)
        return Phrase(
            f"{french.definite(noun.gender, False, noun.singular)} {noun.singular} de {subject.text}",
            noun.gender,
        )

    def _is_set(self, test: ir.IsSetExpr) -> str:
        operand = test.operand
        if isinstance(operand, ir.FieldRef):
            noun = self._label_noun(operand.field)
            subject = self.value(operand.subject).text
            if test.present:
                return f"{subject} a {french.indefinite(noun.gender, False)} {noun.singular}"
            return f"{subject} n'a pas de {noun.singular}"
        said = self.value(operand)
        return f"{said.text} {'est connu' if test.present else 'est inconnu'}{_agreement(said)}"

    def _builtin(self, call: ir.BuiltinCall) -> Phrase:
        args = [self.value(arg) for arg in call.args]
        if call.function == "count":
            first = args[0].text
            many = first.startswith("les ")
            return Phrase(f"le nombre de {first[4:] if many else first}")
        if call.function == "exists":
            (listed,) = call.args
            if isinstance(listed, ir.CardsInZone) and not listed.every:
                return Phrase(f"il y a des cartes dans {self.zone_phrase(listed.zone, listed.holder).text}")
            first = args[0].text
            if first.startswith("les "):
                return Phrase(f"il y a des {first[4:]}")
            return Phrase(f"{first} n'est pas vide")
        if call.function == "sum":
            (summed,) = call.args
            if isinstance(summed, ir.AttributeOfEach):
                noun = self._label_noun(summed.field)
                return Phrase(f"le total des {noun.plural} de {self.value(summed.source).text}")
            return Phrase(f"le total de {args[0].text}")
        least = "le moins" if call.function == "min" else "le plus"
        if len(args) == 1:
            return Phrase(f"{least} de {args[0].text}")
        return Phrase(f"{least} de {', '.join(a.text for a in args[:-1])} et {args[-1].text}")

    def _binary(self, expr: ir.BinaryExpr) -> str:
        operator, left_expr, right_expr = expr.operator, expr.left, expr.right
        if operator in ("and", "or"):
            word = "et" if operator == "and" else "ou"
            return f"{self.condition(left_expr)} {word} {self.condition(right_expr)}"
        if operator in ("+", "-", "*"):
            word = {"+": "plus", "-": "moins", "*": "fois"}[operator]
            return f"{self.value(left_expr).text} {word} {self.value(right_expr).text}"
        negative = operator == "!="
        if (
            operator in ("==", "!=")
            and isinstance(right_expr, ir.EnumConst)
            and isinstance(left_expr, ir.FieldRef | ir.ThisField)
            and left_expr.field == "card_type"
        ):
            subject = (
                "cette carte" if isinstance(left_expr, ir.ThisField) else self.value(left_expr.subject).text
            )
            kind = self.card_type_noun(right_expr.member)
            return f"{subject} {'n’est pas' if negative else 'est'} {french.indefinite(kind.gender, False)} {kind.singular}"
        if (
            operator in ("==", "!=")
            and isinstance(left_expr, ir.CardPlace)
            and left_expr.what == "zone"
            and isinstance(right_expr, ir.EnumConst)
        ):
            subject = self.value(left_expr.subject).text
            zone = self._zone(right_expr.member)
            if zone.per_player:
                noun = self.zone_noun(zone)
                where = f"dans {french.indefinite(noun.gender, False)} {noun.singular}"
            else:
                where = f"dans {self.zone_phrase(zone, None).text}"
            return f"{subject} {'n’est pas' if negative else 'est'} {where}"
        if (
            operator in ("==", "!=")
            and isinstance(left_expr, ir.FieldRef)
            and isinstance(right_expr, ir.BoolConst)
        ):
            holds = right_expr.value == (operator == "==")
            noun = self._label_noun(left_expr.field)
            return f"{self.value(left_expr.subject).text} {'est' if holds else 'n’est pas'} {noun.singular}"
        if operator == "in" and isinstance(right_expr, ir.FieldRef):
            listed = self.value(right_expr).text
            return f"{listed} comprend {self.value(left_expr).text}"
        if isinstance(left_expr, ir.MoneyOf) and isinstance(right_expr, ir.IntConst) and operator in _HAS:
            holder = self.value(left_expr.holder)
            money = self.money_noun(left_expr.money.name)
            has = "avez" if holder.you else "a"
            if operator == "==" and right_expr.value == 0:
                return f"{holder.text} n'{has} aucun{'e' if money.gender == 'f' else ''} {money.singular}"
            count = right_expr.value
            return f"{holder.text} {has} {_HAS[operator]} {count} {money.form(count > 1)}"
        if isinstance(left_expr, ir.MoneyOf) and operator in _HAS:
            holder = self.value(left_expr.holder)
            money = self.money_noun(left_expr.money.name)
            other = (
                self.value(right_expr.holder).text
                if isinstance(right_expr, ir.MoneyOf)
                else self.value(right_expr).text
            )
            has = "avez" if holder.you else "a"
            said = {
                ">": f"plus de {money.plural} que",
                "<": f"moins de {money.plural} que",
                ">=": f"au moins autant de {money.plural} que",
                "<=": f"au plus autant de {money.plural} que",
            }[operator]
            return f"{holder.text} {has} {said} {other}"
        left = self.value(left_expr)
        if isinstance(right_expr, ir.IntConst) and left.many and left.text.startswith("les "):
            if operator == "==" and right_expr.value == 0:
                return f"il n'y a pas de {left.text[4:]}"
            if (operator, right_expr.value) in ((">", 0), (">=", 1)):
                return f"il y a des {left.text[4:]}"
        right = self.value(right_expr).text
        be = "sont" if left.many else "est"
        said = {
            "==": f"{be} {right}",
            "!=": f"n'{be} pas {right}",
            "<": f"{be} inférieur{_agreement(left)} à {right}",
            "<=": f"{be} d'au plus {right}",
            ">": f"{be} supérieur{_agreement(left)} à {right}",
            ">=": f"{be} d'au moins {right}",
            "in": f"{be} parmi {right}",
        }.get(operator, f"{operator} {right}")
        return f"{left.text} {said}"

    def condition(self, expr: ir.Expr) -> str:
        return self.value(expr).text

    # ------------------------------------------------------------ zones

    def _zone(self, name: str) -> ZoneSpec:
        return self.vocabulary.zones[name]

    def zone_phrase(self, zone: ZoneSpec, holder: ir.Expr | None) -> Phrase:
        said = self.phrasing("zone", zone.name, zone.span)[0]
        if holder is not None:
            said = said.replace("{player}", self.value(holder).text)
        return self._said(said)

    def zone_noun(self, zone: ZoneSpec) -> french.Noun:
        """ "cour" of "la cour de {player}": the zone's noun, for "chaque cour"."""
        said = self.phrasing("zone", zone.name, zone.span)[0]
        words = said.split(" ")
        article, rest = words[0], words[1:]
        head = rest[0] if rest else article
        if article.startswith("l'"):
            head = article[2:]
        gender = "f" if article in ("la", "une") or _FEMININE_NOUNS.match(head) else "m"
        return french.noun(head, gender)

    def moved(self, card: Phrase, zone: ZoneSpec, holder: ir.Expr | None) -> Verb:
        texts = self.phrasing("zone", zone.name, zone.span)
        if len(texts) > 1:
            said = texts[1].replace("{card}", card.text)
            if holder is not None:
                said = said.replace("{player}", self.value(holder).text)
            return Verb.parse(said)
        return Verb("mettre", f"{card.text} dans {self.zone_phrase(zone, holder).text}")

    # ------------------------------------------------------------ filling a phrasing

    def fill(
        self,
        hook: HookSpec,
        template: str,
        args: list[Phrase],
        unpinned: frozenset[str] = frozenset(),
        universal: bool = False,
        slots: dict[str, _Slot] | None = None,
        extra: dict[str, Phrase] | None = None,
    ) -> str:
        """A French phrasing with its values in place (see the module's docstring)."""
        values = {param.name: said for param, said in zip(hook.params, args, strict=True)}
        values.update(extra or {})
        said_slots = self._slots_for(hook, unpinned, slots)
        described = {name for name, slot in said_slots.items() if slot.described}
        open_ = unpinned - described
        template = _OPTIONAL.sub(lambda m: "" if open_ & set(_names(m.group(1))) else m.group(1), template)
        first: dict[str, Phrase] = {}
        counts = {param.name for param in hook.params if param.type.kind == "int"}
        for param in hook.params:
            if param.name not in unpinned:
                continue
            if param.name in counts:
                template = re.sub(r"\s*\{" + param.name + r"(?::[^{}]*)?\}", "", template)
                continue
            slot = said_slots[param.name]
            if param.name in described:  # "les troupes de vous (une carte troupe)"
                template = template.replace(f" ({{{param.name}}})", f" ({slot.phrase('a', self).text})")
            template = template.replace(f" ({{{param.name}}})", "")
            first[param.name] = slot.phrase("any" if universal else "a", self)
            values[param.name] = slot.phrase("the", self)
        last: list[tuple[str, bool]] = [("m", False)]

        def value(name: str) -> Phrase:
            if name in first:
                return first.pop(name)
            return values.get(name, Phrase("{" + name + "}"))

        def many(name: str) -> Phrase:
            if name in said_slots:
                first.pop(name, None)
                return said_slots[name].phrase("plural", self)
            member = self._member_of(hook, name, values)
            if member is not None and self.word(member).kind in ("m", "f"):  # "espion": "les espions"
                noun = self.noun_of(member)
                return Phrase(f"les {noun.plural}", noun.gender, True)
            return value(name)

        seen: dict[str, Phrase] = {}

        def placeholder(match: re.Match[str]) -> str:
            name, mark, rest = match.group(1), match.group(2), match.group(3) or ""
            if mark == "=":
                said = seen.get(name) or values.get(name) or Phrase("")
                forms = rest.split("|")
                if said.you and len(forms) > 2:
                    return forms[2]
                return forms[1] if (said.many or said.you) and len(forms) > 1 else forms[0]
            if mark == "+":
                said = seen.get(name) or values.get(name) or Phrase("")
                return _agreement(said)
            if mark == ":" and rest == "plural":
                said = many(name)
            elif mark == ":" and rest == "adj":
                said = value(name)
                gender, plural_ = self._noun_before(template[: match.start()]) or last[-1]
                member = self._member_of(hook, name, values)
                seen[name] = said
                if member is not None:
                    return self.adjective(member, gender, plural_)
                return f"de {said.text}"
            elif mark == ":" and rest == "de":
                said = value(name)
                seen[name] = said
                member = self._member_of(hook, name, values)
                if member is not None:
                    return self.word(member).form("de") or f"de {self.word(member).text}"
                return f"de {said.text}"
            elif mark == ":" and rest == "en":
                said = value(name)
                seen[name] = said
                member = self._member_of(hook, name, values)
                if member is not None:
                    return self.place(member)
                return f"dans {said.text}"
            elif mark == ":" and rest:
                amount = value(name)
                noun = self.noun_of(rest)
                one = amount.text in ("0", "1")
                last.append((noun.gender, not one))
                seen[name] = amount
                if " " in amount.text:
                    return f"autant {_de(noun.plural)} que {amount.text}"
                return f"{amount.text} {noun.form(not one)}"
            else:
                said = value(name)
            seen[name] = said
            last.append((said.gender, said.many))
            return said.text

        return _PLACE.sub(placeholder, template)

    def _noun_before(self, text: str) -> tuple[str, bool] | None:
        """The gender and number of the noun a template writes before a placeholder ("armées")."""
        words = text.split()
        if not words:
            return None
        last = words[-1]
        for spec in self.language.words.values():
            if spec.kind in ("m", "f"):
                many = spec.form("pl") or french.plural_phrase(spec.text)
                if last == many:
                    return spec.kind, True
                if last == spec.text:
                    return spec.kind, False
        return None

    def _member_of(self, hook: HookSpec, name: str, values: dict[str, Phrase]) -> str | None:
        """The enum member a value is, if it is one (said through its word)."""
        said = values.get(name)
        if said is None:
            return None
        for member, spec in self.language.words.items():
            if spec.text == said.text and any(
                member in kind.members for kind in self.vocabulary.enums.values()
            ):
                return member
        return None

    def _slots_for(
        self, hook: HookSpec, unpinned: frozenset[str], given: dict[str, _Slot] | None
    ) -> dict[str, _Slot]:
        slots: dict[str, _Slot] = {}
        seen: set[str] = set()
        for param in hook.params:
            if param.name not in unpinned or param.type.kind == "int":
                continue
            slot = (given or {}).get(param.name) or self.new_slot(param.type, param.asked)
            slot.other = slot.other or slot.noun.singular in seen
            seen.add(slot.noun.singular)
            slots[param.name] = slot
        return slots

    def new_slot(self, kind: Type, asked: tuple[str, ...] = ()) -> _Slot:
        if kind.kind in ("player", "card"):
            return _Slot(self.noun_of(kind.kind))
        if kind.kind == "enum":
            choices = tuple(asked) if len(asked) > 1 else ()
            return _Slot(self.noun_of(kind.name), choices=choices, asked=choices)
        return _Slot(french.noun(kind.name.replace("_", " "), "m"))

    def _param_value(self, expr: ir.HookParamRef) -> Phrase:
        if expr.name in _AS_TOKEN:
            return Phrase(_token(expr.name))
        for slots in reversed(self._slots):
            if expr.name in slots:
                return slots[expr.name].phrase("the", self)
        if self._others and expr.name in self._others[-1]:
            return Phrase("ce joueur")
        if expr.type.kind == "int":
            return Phrase("le montant payé")
        return self.new_slot(expr.type).phrase("the", self)

    # ------------------------------------------------------------ conditions folded into a noun

    def pinned(
        self, condition: ir.Expr | None, hook: HookSpec, phrasing: str
    ) -> tuple[dict[str, Phrase], dict[str, _Slot], ir.Expr | None]:
        """As English's `_pinned`: parameters a condition fixes, the noun phrases of the others,
        and what is left of it (`render_common.pin_parameters`)."""

        def same_field(name: str) -> str:  # "de la même région"
            noun = self._label_noun(name)
            return f"{_de(french.definite(noun.gender, False, noun.singular))} même {noun.singular}"

        return pin_parameters(
            condition,
            hook,
            set(_names(phrasing)),
            say_value=self.value,
            another_player=Phrase("un autre joueur"),
            new_slot=lambda param: self.new_slot(param.type, param.asked),
            describe=self.describe,
            same_field=same_field,
            noun_key=lambda slot: slot.noun.singular,
        )

    def describe(self, part: ir.Expr, subject: ir.Expr, slot: _Slot) -> bool:
        """A condition said in a noun phrase: "une carte de Hérat", "une carte troupe", "une carte
        non fédérale", "une région que vous gouvernez", "une carte sans espion"."""
        if (
            isinstance(part, ir.BinaryExpr)
            and part.operator == "=="
            and isinstance(part.left, ir.FieldRef)
            and part.left.subject == subject
            and part.left.field == "card_type"
            and isinstance(part.right, ir.EnumConst)
        ):
            slot.noun = self.card_type_noun(part.right.member)
            slot.retyped = True
            return True
        values = _one_of(part, subject)
        if values is not None:
            slot.choices = values
            return True
        if isinstance(part, ir.AdjacentCall) and subject in (part.left, part.right):
            other = part.right if part.left == subject else part.left  # "une région voisine de Kaboul"
            slot.after.append(
                f"{french.agree('voisin', slot.noun.gender, False)} de {self.value(other).text}"
            )
            return True
        described = self._adjective(part, subject)
        if described is not None:
            slot.describers.append(described)
            return True
        if isinstance(part, ir.BinaryExpr) and part.operator == "!=" and isinstance(part.right, ir.EnumConst):
            if (
                isinstance(part.left, ir.FieldRef)
                and part.left.subject == subject
                and part.left.field != "card_type"
            ):
                said = self._adjective(replace(part, operator="=="), subject)
                if said is not None:
                    slot.describers.append(("non", *said))
                    return True
            if part.left == subject:
                slot.after.append(f"autre que {self.value(part.right).text}")
                return True
        token_name = subject.name if isinstance(subject, ir.HookParamRef | ir.LocalRef) else ""
        if isinstance(subject, ir.HookParamRef):
            _AS_TOKEN.add(subject.name)
        try:
            text = self.condition(part)
        finally:
            _AS_TOKEN.discard(token_name)
        clause = _relative(text, _token(token_name))
        if clause is None:
            return False
        slot.after.append(clause)
        return True

    def _adjective(self, test: ir.Expr, subject: ir.Expr) -> tuple[str, ...] | None:
        """The members `subject.field == member` (or `A or B` of one field) says of its noun."""
        if isinstance(test, ir.BinaryExpr) and test.operator == "or":
            left, right = test.left, test.right
            if (
                isinstance(left, ir.BinaryExpr)
                and isinstance(right, ir.BinaryExpr)
                and left.left == right.left
            ):
                first, second = self._adjective(left, subject), self._adjective(right, subject)
                if first is not None and second is not None:
                    return ("or", *first[1:], *second[1:]) if first[0] == "is" else None
            return None
        if (
            isinstance(test, ir.BinaryExpr)
            and test.operator == "in"
            and isinstance(test.right, ir.FieldRef)
            and test.right.subject == subject
            and isinstance(test.left, ir.EnumConst)
        ):
            return ("is", test.left.member)
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
        if test.left.field != test.left.type.name:  # "patriote russe": the field said with its value
            return ("field", test.left.field, test.right.member)
        return ("is", test.right.member)

    def describer_text(self, describer: tuple[str, ...], gender: str, many: bool) -> str:
        kind = describer[0]
        if kind == "non":  # "non fédérale"
            return "non " + self.describer_text(describer[1:], gender, many)
        if kind == "field":
            noun = self._label_noun(describer[1])
            return f"{_de(noun.singular)} {self.adjective(describer[2], noun.gender, False)}"
        members = describer[1:]
        said = [self.adjective(m, gender, many) for m in members]
        if len(said) > 1 and all(s.startswith("de ") for s in said):
            return "de " + " ou de ".join(s[3:] for s in said)
        return " ou ".join(said)

    # ------------------------------------------------------------ statements

    def statements(self, statements: tuple[ir.Stmt, ...], mood: str = "order") -> str:
        folded, phrases = self._fold(statements)
        said = self._unfold(self._statements(folded, mood), phrases)
        return said if said is not None else self._statements(statements, mood)

    def _statements(self, statements: tuple[ir.Stmt, ...], mood: str = "order") -> str:
        parts: list[str] = []
        index = 0
        while index < len(statements):
            statement = statements[index]
            exchange = self._exchange(statements[index:])
            if exchange is not None:
                parts.append(exchange.say(mood if not parts else "order"))
                index += 4
                continue
            said = self.statement(statement)
            doer = self._doer
            if (
                doer is not None
                and said.verb is not None
                and said.subject is None
                and self._mentions_doer(said.rest)
            ):
                said = replace(said, subject=Phrase(doer))  # each player in turn does it: "il défausse"
            parts.append(said.say(mood if not parts else "order"))
            if isinstance(statement, ir.SetStmt):
                self._just_set.add(statement.memory.name)
            index += 1
        for statement in statements:
            if isinstance(statement, ir.SetStmt):
                self._just_set.discard(statement.memory.name)
        return " ; ".join(parts) or "rien"

    def statement(self, statement: ir.Stmt) -> Verb:
        if isinstance(statement, ir.OperationStmt):
            hook = statement.operation
            args = [self.value(v) for _, v in statement.args]
            template = self.hook_phrasing(hook)[0]
            return self.operation(hook, template, args)
        if isinstance(statement, ir.MoveStmt):
            return self.moved(self.value(statement.card), statement.zone, statement.holder)
        if isinstance(statement, ir.MoneyStmt):
            return self.money(statement)
        if isinstance(statement, ir.LetStmt):
            return Verb.said(f"soit {statement.name.replace('_', ' ')} : {self.value(statement.value).text}")
        if isinstance(statement, ir.IfStmt):
            text = f"si {self.condition(statement.condition)}, {self.statements(statement.then)}"
            if statement.otherwise:
                text += f" ; sinon, {self.statements(statement.otherwise)}"
            return Verb.said(text)
        if isinstance(statement, ir.ForEachStmt):
            return self.for_each(statement)
        if isinstance(statement, ir.ChooseOneStmt):
            branches = " ou ".join(f"({self.statements(body)})" for _, body in statement.branches)
            return Verb("choisir", f"l'une des options : {branches}")
        if isinstance(statement, ir.MayStmt):
            return Verb.said(self.may(statement.body))
        if isinstance(statement, ir.SetStmt):
            subject, value = self.value(statement.subject), self.value(statement.value)
            said = self.phrasing("memory", statement.memory.name, statement.memory.span)
            if len(said) > 1:  # how setting it is said: "{card} désigne {value}"
                return Verb.said(said[1].replace("{card}", subject.text).replace("{value}", value.text))
            return Verb.said(f"{said[0].replace('{card}', subject.text)} devient {value.text}")
        if isinstance(statement, ir.LastingStmt):
            duration = self.phrasing("duration", statement.duration)[0]
            return Verb.said(f"{duration}, " + " ; ".join(self.modifier(m) for m in statement.modifiers))
        if isinstance(statement, ir.ChooseSeveralStmt):
            where = f" telles que {self.condition(statement.where)}" if statement.where is not None else ""
            count = self.value(statement.count).text
            noun = self.noun_of(statement.element.name if statement.element.kind != "card" else "card")
            up = (
                "jusqu'à "
                if isinstance(statement.at_least, ir.IntConst) and statement.at_least.value == 0
                else ""
            )
            return self._chooser(
                statement.chooser,
                f"{up}{count} {noun.form(count != '1')} {statement.variable} parmi {self.value(statement.source).text}{where}",
            )
        if isinstance(statement, ir.ChooseNumberStmt):
            return self._chooser(
                statement.chooser,
                f"un nombre {statement.variable} de {self.value(statement.low).text} à {self.value(statement.high).text}",
            )
        assert isinstance(statement, ir.ChooseStmt)
        phrase = self.choice_phrase(statement)
        if phrase is not None:
            return self._chooser(statement.chooser, f"{phrase.text} ({statement.variable})")
        noun = self.noun_of(statement.kind.name if statement.kind.kind == "enum" else statement.kind.kind)
        where = f" telle que {self.condition(statement.where)}" if statement.where is not None else ""
        source = f" parmi {self.value(statement.source).text}" if statement.source is not None else ""
        return self._chooser(
            statement.chooser,
            f"{french.indefinite(noun.gender, False)} {noun.singular} {statement.variable}{source}{where}",
        )

    def _chooser(self, chooser: ir.Expr, what: str) -> Verb:
        who = self.value(chooser)
        if who.you:
            return Verb("choisir", what)
        return Verb("choisir", what, subject=who)

    def operation(self, hook: HookSpec, template: str, args: list[Phrase]) -> Verb:
        names = [p.name for p in hook.params]
        subject: Phrase | None = None
        lead = re.match(r"\{(\w+)\} ", template)
        if lead is not None and lead.group(1) in names:
            subject = args[names.index(lead.group(1))]
            template = template[lead.end() :]
        text = self.fill(hook, template, args)
        verb, _, rest = text.partition(" ")
        if not french.is_infinitive(verb):
            return Verb.said(self.fill(hook, self.hook_phrasing(hook)[0], args))
        if subject is not None and subject.you:
            subject = None
        return Verb(verb, rest, subject=subject)

    def money(self, statement: ir.MoneyStmt, offered: bool = False) -> Verb:
        money = self.money_noun(statement.money.name)
        player = self.value(statement.player)
        amount_expr = statement.amount
        if isinstance(amount_expr, ir.IntConst | ir.LocalRef):
            amount = self.value(amount_expr).text
            counted = f"{amount} {money.form(amount not in ('0', '1'))}"
        else:
            counted = f"autant {_de(money.plural)} que {self.value(amount_expr).text}"
            if statement.verb == "gain":  # "prenez de la réserve autant d'or que ..."
                return Verb("prendre", f"de la réserve {counted}", subject=None if player.you else player)
            if statement.verb == "take":
                receiver = self.value(statement.receiver) if statement.receiver is not None else _YOU
                tail = ", ou tout ce qu'il a si c'est moins"
                return Verb(
                    "prendre", f"à {player.text} {counted}{tail}", subject=None if receiver.you else receiver
                )
            if statement.verb == "pay" and statement.receiver is None:
                tail = (
                    ""
                    if offered
                    else (
                        ", si vous le pouvez (sinon, rien de plus ne se passe)"
                        if player.you
                        else ", s'il le peut (sinon, rien de plus ne se passe)"
                    )
                )
                return Verb("payer", f"à la réserve {counted}{tail}", subject=None if player.you else player)
        up = "jusqu'à " if statement.verb == "pay_up_to" else ""
        if statement.verb == "gain":
            verb = Verb("prendre", f"{counted} de la réserve", subject=None if player.you else player)
            return verb
        if statement.verb in ("pay", "pay_up_to"):
            if statement.receiver is None:
                to = "à la réserve"
            else:
                receiver = self.value(statement.receiver)
                to = f"{'sur' if statement.receiver.type.kind == 'card' else 'à'} {receiver.text}"
            tail = ""
            if statement.verb == "pay_up_to":
                tail = f", ou tout ce {_qu(player)} a s'il en a moins"
            elif not offered:
                tail = f", s'{'il' if not player.you else 'il'} le peut (sinon, rien de plus ne se passe)"
                if player.you:
                    tail = ", si vous le pouvez (sinon, rien de plus ne se passe)"
            return Verb("payer", f"{up}{counted} {to}{tail}", subject=None if player.you else player)
        assert statement.receiver is not None
        receiver = self.value(statement.receiver)
        if player.you:
            tail = ", ou tout ce que vous avez si c'est moins"
        else:
            tail = f", ou tout ce {_qu(player)} a si c'est moins"
        return Verb("prendre", f"{counted} à {player.text}{tail}", subject=None if receiver.you else receiver)

    def for_each(self, statement: ir.ForEachStmt) -> Verb:
        moved = moved_each(statement)
        if moved is not None and isinstance(statement.source, ir.CardsInZone) and not statement.source.every:
            return self.moved(
                self.zone_phrase(statement.source.zone, statement.source.holder), moved.zone, moved.holder
            )
        if moved is not None and statement.source is not None:
            cards = self.value(statement.source)
            if cards.many:
                return self.moved(cards, moved.zone, moved.holder)
        other = _not_you(statement)
        if statement.source is not None:
            each = self._each_of(statement)
            if each is not None:
                return each
            where = f" telle que {self.condition(statement.where)}" if statement.where is not None else ""
            return Verb.said(
                f"pour chaque {statement.variable} de {self.value(statement.source).text}{where} : {self.statements(statement.body)}"
            )
        if statement.kind.kind == "player":
            return self._each_player(statement, other)
        noun = self.noun_of(statement.kind.name)
        where = f" telle que {self.condition(statement.where)}" if statement.where is not None else ""
        return Verb.said(f"pour chaque {noun.singular}{where} : {self.statements(statement.body)}")

    def _each_player(self, loop: ir.ForEachStmt, other: bool) -> Verb:
        name = loop.variable
        each = "chaque autre joueur" if other else "chaque joueur"
        self._folded[name] = Phrase(_token(name))
        try:
            body_statements = loop.body
            if (
                len(body_statements) == 1
                and uses(body_statements, name) == 1
                and not _chooses(body_statements)
            ):
                said = self.statement(body_statements[0])
                text = said.say("order")
                if _token(name) in text:
                    return (
                        Verb.said(text.replace(_token(name), each))
                        if said.verb is None
                        else replace(said, rest=said.rest.replace(_token(name), each))
                    )
            self._doer = _token(name)
            body = self._statements_for(body_statements, name)
        finally:
            self._folded.pop(name, None)
            self._doer = None
        return Verb.said(
            f"chaque joueur, dans l'ordre du tour : {body}"
            if not other
            else f"chaque autre joueur, dans l'ordre du tour : {body}"
        )

    def _mentions_doer(self, text: str) -> bool:
        """Whether a step names the player doing things each in turn, or a choice of theirs."""
        doer = self._doer
        if doer is None:
            return False
        folded = (self._folded[m.group(1)].text for m in _TOKEN.finditer(text) if m.group(1) in self._folded)
        return doer in text or any(doer in phrase for phrase in folded)

    def _statements_for(self, statements: tuple[ir.Stmt, ...], name: str) -> str:
        """What each player does, said of them ("il paie ...", "sa main")."""
        parts: list[str] = []
        for statement in statements:
            said = self.statement(statement)
            if said.verb is not None and said.subject is None and _token(name) in said.rest:
                said = replace(said, subject=Phrase(_token(name)))
            parts.append(_their(said, _token(name)))
        return " ; ".join(parts)

    def _each_of(self, loop: ir.ForEachStmt) -> Verb | None:
        name = loop.variable
        if len(loop.body) != 1 or _chooses(loop.body) or uses(loop.body, name) != 1:
            return None
        noun = self.noun_of(loop.kind.name if loop.kind.kind == "enum" else loop.kind.kind)
        slot = _Slot(noun)
        chosen = ir.LocalRef(name, loop.kind)
        for part in and_parts(loop.where) if loop.where is not None else []:
            if not self.describe(part, chosen, slot):
                return None
        self._folded[name] = Phrase(_token(name), slot.noun.gender)
        try:
            said = self.statement(loop.body[0])
        finally:
            self._folded.pop(name, None)
        source = loop.source
        if isinstance(source, ir.CardsInZone):
            zone = self.zone_noun(source.zone)
            place = (
                f" dans chaque {zone.singular}"
                if source.every
                else f" dans {self.zone_phrase(source.zone, source.holder).text}"
            )
        elif source is not None:
            place = f" de {self.value(source).text}"
        else:
            place = ""
        phrase = slot.phrase("each", self).text + place
        if said.verb is None:
            return Verb.said(said.rest.replace(_token(name), phrase))
        return replace(said, rest=said.rest.replace(_token(name), phrase))

    def _exchange(self, statements: tuple[ir.Stmt, ...]) -> Verb | None:
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
        if len(statements) > 4:
            later = " ".join(str(s) for s in statements[4:])
            if mine.name in later or theirs.name in later:
                return None
        first = self.zone_phrase(mine.value.zone, mine.value.holder).text
        second = self.zone_phrase(theirs.value.zone, theirs.value.holder).text
        return Verb("échanger", f"{first} avec {second}")

    # ------------------------------------------------------------ choices said where used

    def _fold(self, statements: tuple[ir.Stmt, ...]) -> tuple[tuple[ir.Stmt, ...], dict[str, Phrase]]:
        kept: list[ir.Stmt] = []
        phrases: dict[str, Phrase] = {}
        for index, statement in enumerate(statements):
            if (
                isinstance(statement, ir.ChooseStmt)
                and statement.variable not in self._folded
                and used_next(statements[index + 1 :], statement.variable)
                and uses(statements[index + 1 :], statement.variable) <= 2
            ):
                self._folded[statement.variable] = Phrase(_token(statement.variable))
                phrase = self.choice_phrase(statement)
                if phrase is not None:
                    phrases[statement.variable] = phrase
                    self._folded[statement.variable] = phrase
                    continue
                del self._folded[statement.variable]
            kept.append(statement)
        return tuple(kept), phrases

    def _unfold(self, text: str, phrases: dict[str, Phrase]) -> str | None:
        said: set[str] = set()
        for name in phrases:
            self._folded.pop(name, None)
        while True:
            match = next((m for m in _TOKEN.finditer(text) if m.group(1) in phrases), None)
            if match is None:
                break
            name = match.group(1)
            phrase = phrases[name]
            if name in said:
                head = phrase.text.split(" ")[1] if " " in phrase.text else phrase.text
                shown = f"{french.demonstrative(phrase.gender, phrase.many, head)} {head}"
            else:
                shown = phrase.text
            said.add(name)
            text = text[: match.start()] + shown + text[match.end() :]
        return text

    def choice_phrase(self, choice: ir.ChooseStmt) -> Phrase | None:
        """ "une région que vous gouvernez", "un autre joueur de votre choix", "une carte que P
        choisit dans la main de P"."""
        rest = choice.where
        other = False
        if choice.kind.kind == "player" and rest is not None:
            not_you = ir.BinaryExpr(
                "!=", ir.LocalRef(choice.variable, choice.kind), ir.YouRef(choice.kind), rest.type
            )
            if rest == not_you:
                other, rest = True, None
            elif isinstance(rest, ir.BinaryExpr) and rest.operator == "and" and rest.left == not_you:
                other, rest = True, rest.right
        noun = self.noun_of(choice.kind.name if choice.kind.kind == "enum" else choice.kind.kind)
        slot = _Slot(noun, other=other)
        chosen = ir.LocalRef(choice.variable, choice.kind)
        for part in and_parts(rest) if rest is not None else []:
            if not self.describe(part, chosen, slot):
                return None
        source = ""
        if isinstance(choice.source, ir.CardsInZone):
            place = choice.source
            if place.every:
                zone = self.zone_noun(place.zone)
                source = (
                    f" de n'importe quelle {zone.singular}"
                    if zone.gender == "f"
                    else f" de n'importe quel {zone.singular}"
                )
            else:
                source = f" de {self.zone_phrase(place.zone, place.holder).text}"
        elif choice.source is not None:
            source = f" parmi {self.value(choice.source).text}"
        chooser = self.value(choice.chooser)
        clauses, slot.after = slot.after, []
        said = slot.phrase("a", self).text
        tail = "".join(f" {c}" for c in clauses)
        if not chooser.you:
            where = source.replace(" de ", " dans ", 1) if source.startswith(" de ") else source
            return Phrase(f"{said}{tail} que {chooser.text} choisit{where}", noun.gender)
        if not source and not clauses:
            return Phrase(f"{said} de votre choix", noun.gender)
        return Phrase(f"{said}{source}{tail}", noun.gender)

    # ------------------------------------------------------------ may

    def may(self, body: tuple[ir.Stmt, ...]) -> str:
        folded, phrases = self._fold(body)
        said = self._unfold(self._may(folded), phrases)
        return said if said is not None else self._may(body)

    def _may(self, body: tuple[ir.Stmt, ...]) -> str:
        if not body:
            return "vous pouvez ne rien faire"
        head = body[0]
        if isinstance(head, ir.IfStmt) and not head.otherwise:
            return f"si {self.condition(head.condition)}, {self._may((*head.then, *body[1:]))}"
        first = self.money(head, offered=True) if isinstance(head, ir.MoneyStmt) else self.statement(head)
        text = first.say("may")
        if len(body) > 1:
            text += f" ; si vous le faites, {self.statements(body[1:])}"
        return text

    # ------------------------------------------------------------ modifiers

    def modifier(self, hook: ir.ModifierHook) -> str:
        texts = self.hook_phrasing(hook.modifier)
        forms = _forms(texts)
        base = forms.get("", texts[0])
        known, slots, rest = self.pinned(hook.when, hook.modifier, " ".join(texts))
        self._slots.append(slots)
        self._others.append(frozenset(n for n, p in known.items() if p.text == "un autre joueur"))
        usual = forms.get("usual")
        if usual is not None:
            self._usual.append(usual)
        try:
            return self._modifier(hook, known, slots, rest, forms, base)
        finally:
            self._slots.pop()
            self._others.pop()
            if usual is not None:
                self._usual.pop()

    def _event(
        self,
        hook: HookSpec,
        template: str,
        known: dict[str, Phrase],
        slots: dict[str, _Slot],
        universal: bool = False,
        extra: dict[str, Phrase] | None = None,
    ) -> str:
        unpinned = frozenset(p.name for p in hook.params if p.name not in known)
        args = [
            known.get(
                p.name,
                self.new_slot(p.type, p.asked).phrase("the", self)
                if p.type.kind != "int"
                else Phrase("le montant payé"),
            )
            for p in hook.params
        ]
        return self.fill(hook, template, args, unpinned, universal, slots, extra)

    def _modifier(
        self,
        hook: ir.ModifierHook,
        known: dict[str, Phrase],
        slots: dict[str, _Slot],
        rest: ir.Expr | None,
        forms: dict[str, str],
        base: str,
    ) -> str:
        when = f" quand {self.condition(rest)}" if rest is not None else ""
        spec = hook.modifier
        if isinstance(hook.value, ir.BoolConst):
            allowed = hook.value.value
            key = "yes" if allowed else "no"
            if key not in forms:
                raise MissingWording(
                    spec.span,
                    f"no French '{key}:' phrasing for modifier '{spec.name}'",
                    f'add `"{key}: ..."` to `modifier {spec.name}` in the `language {LANGUAGE}` block of {self.vocabulary.path}',
                )
            return self._event(spec, forms[key], known, slots, universal=allowed) + when
        form = modifier_form(hook, forms)
        if form is not None:
            key, amount = form
            value = self.value(amount) if key != "none" else Phrase("0")
            return self._event(spec, forms[key], known, slots, extra={"value": value}) + when
        subject = self._said(self._event(spec, base, known, slots))
        return f"{subject.text} {self._change(hook, subject)}{when}"

    def _change(self, hook: ir.ModifierHook, subject: Phrase) -> str:
        value: ir.Expr = hook.value
        be = "sont" if subject.many else "est"
        vaut = "valent" if subject.many else "vaut"
        if hook.change == "to":
            floor: ir.Expr | None = None
            if (
                isinstance(value, ir.BuiltinCall)
                and value.function == "max"
                and len(value.args) == 2
                and isinstance(value.args[1], ir.IntConst)
            ):
                floor, value = value.args[1], value.args[0]
            if (
                isinstance(value, ir.BinaryExpr)
                and isinstance(value.left, ir.CurrentValue)
                and value.operator in ("+", "-", "*")
            ):
                amount = self.value(value.right).text
                if value.operator == "*":
                    change = f"{be} multiplié{_agreement(subject)} par {amount}"
                else:
                    change = f"{be} {'augmenté' if value.operator == '+' else 'réduit'}{_agreement(subject)} de {amount}"
                return change if floor is None else f"{change}, sans descendre sous {self.value(floor).text}"
            return f"{vaut} {self.value(value).text}"
        amount = self.value(hook.value).text
        return {
            "plus": f"{be} augmenté{_agreement(subject)} de {amount}",
            "minus": f"{be} réduit{_agreement(subject)} de {amount}",
            "at_most": f"{vaut} au plus {amount}",
            "at_least": f"{vaut} au moins {amount}",
        }[hook.change]

    # ------------------------------------------------------------ hooks

    def hook(self, hook: ir.Hook) -> str:
        if isinstance(hook, ir.OneShotHook):
            timing = self.phrasing("timing", hook.timing)[0]
            return f"{french.capital(timing)} : {self.statements(hook.body)}."
        if isinstance(hook, ir.ModifierHook):
            place = self.phrasing("while", hook.place)[0]
            once = "une fois par manche, " if hook.once_per_round else ""
            return f"{french.capital(place)}, {once}{self.modifier(hook)}."
        spec = hook.trigger if isinstance(hook, ir.TriggerHook) else hook.event
        texts = self.hook_phrasing(spec)
        known, slots, rest = self.pinned(hook.condition, spec, texts[0])
        self._slots.append(slots)
        self._others.append(frozenset(n for n, p in known.items() if p.text == "un autre joueur"))
        try:
            condition = f", si {self.condition(rest)}" if rest is not None else ""
            body = self.may(hook.body) if hook.optional else self.statements(hook.body)
            event = self._event(spec, texts[0], known, slots)
        finally:
            self._slots.pop()
            self._others.pop()
        if isinstance(hook, ir.TriggerHook):
            once = (
                "une fois par tour, "
                if hook.once_per_turn
                else "une fois par manche, "
                if hook.once_per_round
                else ""
            )
            return f"{french.capital(once + event)}{condition}, {body}."
        return f"Au lieu {_de(event)}{condition}, {body}."

    # ------------------------------------------------------------ a card

    def card_text(self, card: ir.CardIR, notes: bool = False) -> str:
        kind = self.card_type_noun(card.card_type)
        heading = french.capital(kind.singular)
        lines = [
            f"#{card.number} {card.name}",
            f"{heading} ({_PROVENANCE[card.provenance]})" if notes else heading,
        ]
        lines += [self._attribute_line(a, "  ", card.card_type) for a in card.attributes]
        for ability in card.abilities:
            lines += self._ability_lines(ability, "  ")
        for side in card.sides:
            lines.append(f"  Face « {side.title} » :")
            lines += self._side_lines(card, side, "    ")
        if notes and card.note:
            lines.append(f"  Note (en anglais) : {card.note}")
        return "\n".join(finish(line) for line in lines)

    def abilities_text(self, abilities: tuple[ir.AbilityIR, ...]) -> str:
        return "\n".join(finish(line) for ability in abilities for line in self._ability_lines(ability, ""))

    def side_text(self, card: ir.CardIR, side: ir.SideIR) -> str:
        return "\n".join(finish(line) for line in self._side_lines(card, side, ""))

    def _side_lines(self, card: ir.CardIR, side: ir.SideIR, indent: str) -> list[str]:
        printed = {a.field.name: a.value for a in card.attributes}
        lines = [
            self._attribute_line(a, indent, card.card_type)
            for a in side.attributes
            if printed.get(a.field.name) != a.value
        ]
        for ability in side.abilities:
            lines += self._ability_lines(ability, indent)
        return lines

    def _ability_lines(self, ability: ir.AbilityIR, indent: str) -> list[str]:
        if ability.title is None:
            return [f"{indent}{self.hook(hook)}" for hook in ability.hooks]
        return [f"{indent}{ability.title} :", *(f"{indent}  {self.hook(hook)}" for hook in ability.hooks)]

    def label(self, spec: FieldSpec, card_type: str) -> str:
        """An attribute's label on a card of `card_type` (its own `CARDTYPE__FIELD` first)."""
        own = self.language.phrasing("label", f"{card_type}__{spec.name}")
        return own if own is not None else self.phrasing("label", spec.name, spec.span)[0]

    def _attribute_line(self, attribute: ir.AttributeValue, indent: str, card_type: str) -> str:
        spec = attribute.field
        label = self.label(spec, card_type)
        return f"{indent}{label} : {self.attribute_value(spec, attribute.value)}"

    def attribute_value(self, spec: FieldSpec, value: ir.Expr) -> str:
        if isinstance(value, ir.ListConst):
            items = [self.attribute_value(spec, item) for item in value.items]
            texts = dict(spec.value_texts)
            return ("; " if texts else ", ").join(items) or "aucun"
        if isinstance(value, ir.EnumConst) and value.type.name != "zone":
            word = self.word(value.member)
            return word.form("card") or word.text
        if isinstance(value, ir.BoolConst):
            return "oui" if value.value else "non"
        return self.value(value).text


_PROVENANCE = {"printed": "imprimée", "inferred": "déduite des règles", "reconstructed": "reconstituée"}


@dataclass(slots=True)
class _Slot:
    """A parameter no condition pins, said as a French noun phrase ("une carte de Hérat")."""

    noun: french.Noun
    describers: list[tuple[str, ...]] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    other: bool = False
    choices: tuple[str, ...] = ()
    retyped: bool = False
    asked: tuple[str, ...] = ()

    @property
    def described(self) -> bool:
        return bool(self.describers or self.after or self.choices != self.asked or self.retyped)

    def phrase(self, form: str, renderer: FrenchRenderer) -> Phrase:
        many = form == "plural"
        if self.choices:
            nouns = [renderer.noun_of(c) for c in self.choices]
            gender = "f" if all(n.gender == "f" for n in nouns) else "m"
            if many:
                return Phrase("les " + " et ".join(n.plural for n in nouns), gender, True)
            if form == "a":
                return Phrase(
                    " ou ".join(f"{french.indefinite(n.gender, False)} {n.singular}" for n in nouns), gender
                )
            noun = self.noun
            return Phrase(
                f"{french.definite(noun.gender, False, noun.singular)} {noun.singular}", noun.gender
            )
        noun = self.noun
        gender = noun.gender
        head = noun.form(many)
        described = "".join(f" {renderer.describer_text(d, gender, many)}" for d in self.describers)
        tail = "".join(f" {words}" for words in self.after)
        other = ""
        if self.other:
            other = "autres " if many else "autre "
        if many:
            return Phrase(f"les {other}{head}{described}{tail}", gender, True)
        if form == "the":
            article = french.definite(gender, False, other or head)
            return Phrase(f"{article} {other}{head}{described}", gender)
        if form == "each":
            return Phrase(f"chaque {other}{head}{described}{tail}", gender)
        if form == "any":
            if self.other:
                return Phrase(
                    f"n'importe quel{'le' if gender == 'f' else ''} autre {head}{described}{tail}", gender
                )
            return Phrase(f"n'importe quel{'le' if gender == 'f' else ''} {head}{described}{tail}", gender)
        return Phrase(f"{french.indefinite(gender, False)} {other}{head}{described}{tail}", gender)


@dataclass(frozen=True, slots=True)
class Verb:
    """A step said in French: an infinitive and what follows it, maybe with a subject other than
    the card's owner; or a clause said as it is (`verb` None)."""

    verb: str | None
    rest: str
    subject: Phrase | None = None

    @staticmethod
    def said(text: str) -> Verb:
        return Verb(None, text)

    @staticmethod
    def parse(text: str) -> Verb:
        verb, _, rest = text.partition(" ")
        return Verb(verb, rest) if french.is_infinitive(verb) else Verb.said(text)

    def say(self, mood: str) -> str:
        """ "order": "placez ..." (or "P place ..."); "may": "vous pouvez placer ..." (or "P peut
        placer ...")."""
        if self.verb is None:
            return f"vous pouvez : {self.rest}" if mood == "may" else self.rest
        rest = f" {self.rest}" if self.rest else ""
        if self.subject is not None:
            if mood == "may":
                can = "peuvent" if self.subject.many else "peut"
                return f"{self.subject.text} {can} {self.verb}{rest}"
            return f"{self.subject.text} {french.conjugate(self.verb, '3p' if self.subject.many else '3s')}{rest}"
        if mood == "may":
            return f"vous pouvez {self.verb}{rest}"
        return f"{french.imperative_of(self.verb)}{rest}"


# ---------------------------------------------------------------- helpers

_HAS = {"==": "exactement", ">": "plus de", ">=": "au moins", "<": "moins de", "<=": "au plus"}
_PLACE = re.compile(r"\{(\w+)(?:([:=+])([^{}]*))?\}")
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_TOKEN = re.compile("\x02(\\w+)\x02")
_AS_TOKEN: set[str] = set()
_FEMININE_NOUNS = re.compile(r".*(tion|ée|ure|ille|ine|ance|ence|ise|ité|ie|ue|ale|elle)$")


def _names(text: str) -> list[str]:
    return [m.group(1) for m in _PLACE.finditer(text)]


def _token(name: str) -> str:
    return f"\x02{name}\x02"


def _agreement(said: Phrase) -> str:
    """A past participle's or adjective's ending agreeing with `said`: "", "e", "s", "es"."""
    if said.you:
        return ""
    return ("e" if said.gender == "f" else "") + ("s" if said.many else "")


def _de(text: str) -> str:
    """ "de" before a word, elided later ("d'armées")."""
    return f"de {text}"


def _qu(player: Phrase) -> str:
    return f"que {player.text}"


def _forms(texts: tuple[str, ...]) -> dict[str, str]:
    """A modifier's French phrasings by key: the first without a key (""), then "none: ...",
    "yes: ..." and so on."""
    forms: dict[str, str] = {}
    for index, text in enumerate(texts):
        key, colon, said = text.partition(": ")
        if colon and key in ("none", "to", "more", "less", "usual", "yes", "no"):
            forms[key] = said
        elif index == 0:
            forms[""] = text
    return forms


def _feminine_head(text: str) -> bool:
    words = text.split(" ")
    head = words[1] if len(words) > 1 else words[0]
    if words[0].startswith("l'"):
        head = words[0][2:]
    return bool(_FEMININE_NOUNS.match(head)) or head in (
        "roupie",
        "roupies",
        "carte",
        "cartes",
        "main",
        "cour",
        "défausse",
        "armée",
        "armées",
        "route",
        "routes",
        "tribu",
        "tribus",
        "loyauté",
        "pile",
        "réserve",
        "rangée",
    )


def _one_of(test: ir.Expr, subject: ir.Expr) -> tuple[str, ...] | None:
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
        return (test.right.member,)
    return None


def _relative(text: str, token: str) -> str | None:
    """A condition on a thing said after its noun: "vous gouvernez T" -> "que vous gouvernez",
    "il n'y a pas d'espion sur T" -> "sans espion", "T borde Kaboul" -> "qui borde Kaboul"."""
    there = re.fullmatch(rf"il n'y a pas (?:de|d') ?(\w+) (?:sur|dans|de) {token}", text)
    if there is not None:
        noun = there.group(1)
        return f"sans {noun[:-1] if noun.endswith('s') else noun}"
    if text.endswith(f" {token}") and text.count(token) == 1:
        return f"que {text[: -len(token) - 1]}"
    if text.startswith(f"{token} ") and text.count(token) == 1:
        return f"qui {text[len(token) + 1 :]}"
    return None


def _not_you(loop: ir.ForEachStmt) -> bool:
    if loop.kind.kind != "player" or loop.where is None:
        return False
    not_you = ir.BinaryExpr(
        "!=", ir.LocalRef(loop.variable, loop.kind), ir.YouRef(loop.kind), loop.where.type
    )
    return loop.where == not_you


def _chooses(statements: tuple[ir.Stmt, ...]) -> bool:
    return any(isinstance(n, ir.ChooseStmt | ir.ChooseSeveralStmt | ir.MayStmt) for n in nodes(statements))


def _their(said: Verb, token: str) -> str:
    """A step done by each player in turn, said of them: "il paie ...", "sa main"."""
    text = said.say("order") if said.subject is None or token not in said.subject.text else ""
    if said.subject is not None and token in said.subject.text:
        verb = french.conjugate(said.verb, "3s") if said.verb is not None else ""
        text = f"il {verb} {said.rest}".strip()
    text = re.sub(
        rf"\b(?:le|la) (\w+) de {token}",
        lambda m: (
            f"{'son' if m.group(0).startswith('le') or french.starts_with_vowel(m.group(1)) else 'sa'} {m.group(1)}"
        ),
        text,
    )
    text = re.sub(rf"\bles (\w+) de {token}", r"ses \1", text)
    text = re.sub(
        rf"(?:que )?{token} (\w+)",
        lambda m: f"qu'il {m.group(1)}" if m.group(0).startswith("que") else f"il {m.group(1)}",
        text,
    )
    return text.replace(token, "lui")


# "la main de vous" -> "votre main", "les cartes de vous" -> "vos cartes" (before the contractions).
_OF_YOU = re.compile(
    r"\b(les|le|la|l') ?([\wÀ-ÿ]+(?: et [\wÀ-ÿ]+| de [A-ZÀ-Ý][\wÀ-ÿ]+| [\wÀ-ÿ]+)?) de vous\b"
)
_OF_YOU_ELIDED = re.compile(r"\b(du|des|au|aux) ([\wÀ-ÿ]+) de vous\b")


def finish(text: str) -> str:
    """The finished line: "de vous" as a possessive, then élision and contractions."""

    def mine(match: re.Match[str]) -> str:
        article, noun = match.group(1), match.group(2)
        parts = noun.split(" ")
        if (
            len(parts) > 1
            and parts[1] in ("des", "du", "à")
            or (len(parts) > 2 and parts[1] == "de" and parts[2].islower())
        ):
            return match.group(0)
        return f"{'vos' if article == 'les' else 'votre'} {noun}"

    def mine_after(match: re.Match[str]) -> str:
        article, noun = match.group(1), match.group(2)
        preposition = "de" if article in ("du", "des") else "à"
        return f"{preposition} {'vos' if article in ('des', 'aux') else 'votre'} {noun}"

    text = _OF_YOU.sub(mine, text)
    text = french.polish(text)
    text = _OF_YOU_ELIDED.sub(mine_after, text)
    return text


def _vocabulary_span(vocabulary: Vocabulary) -> Span:
    for kind in vocabulary.enums.values():
        return kind.span
    return Span(vocabulary.path, 1, 1, 1, 1)


def _iter_hooks(card: ir.CardIR) -> Iterator[ir.Hook]:
    for ability in (*card.abilities, *(a for side in card.sides for a in side.abilities)):
        yield from ability.hooks
