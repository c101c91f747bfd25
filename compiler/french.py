"""French word forms for card text: articles, élision and contractions, plurals, the agreement of
adjectives and participles, and the forms of a verb card text needs.

`compiler/render_fr.py` builds French card text from a card's IR and its game's `language fr`
block; this module only knows French, not cards. What a word is (its gender, an irregular form)
comes from the vocabulary where the rules here do not know it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_VOWELS = "aeiouyàâäéèêëîïôöùûüœæ"
# Words whose "h" is aspirated: no élision before them ("le Hacendado", "de Huerta").
_ASPIRATED = frozenset({"hacendado", "hacendados", "huerta", "haut", "hors"})
# Words that lose their vowel before a vowel ("le" -> "l'", "de" -> "d'", "que" -> "qu'").
_ELIDED = ("le", "la", "de", "que", "ne", "se", "jusque", "lorsque", "puisque")


def starts_with_vowel(word: str) -> bool:
    """Whether a word takes élision before it: a vowel, or a silent "h" ("l'armée", "d'Hérat")."""
    low = word.lower()
    if not low:
        return False
    if low[0] == "h":
        return re.sub(r"[^a-zà-ÿ].*", "", low) not in _ASPIRATED and len(low) > 1 and low[1] in _VOWELS
    return low[0] in _VOWELS


@dataclass(frozen=True, slots=True)
class Noun:
    """A noun with what agreement needs: its singular, its plural, its gender ("m" or "f")."""

    singular: str
    plural: str
    gender: str

    def form(self, many: bool) -> str:
        return self.plural if many else self.singular


def plural(word: str) -> str:
    """ "carte" -> "cartes", "cheval" -> "chevaux", "réseau" -> "réseaux", "prix" -> "prix"."""
    if not word or word[-1] in "sxz" or not word[-1].isalpha():
        return word
    low = word.lower()
    if low.endswith("al") and low not in ("bal", "carnaval", "festival", "chacal", "récital", "régal"):
        return word[:-2] + "aux"
    if low.endswith("ail") and low in ("travail", "vitrail", "corail", "émail", "bail"):
        return word[:-3] + "aux"
    if low.endswith(("au", "eau", "eu")) and low not in ("pneu", "bleu"):
        return word + "x"
    if low in ("bijou", "caillou", "chou", "genou", "hibou", "joujou", "pou"):
        return word + "x"
    return word + "s"


def noun(singular: str, gender: str, plural_form: str | None = None) -> Noun:
    return Noun(singular, plural_form if plural_form is not None else plural_phrase(singular), gender)


def plural_phrase(phrase: str) -> str:
    """The plural of a noun phrase: its head noun and what follows it up to a preposition
    ("carte de cour" -> "cartes de cour"; "armée afghane" -> "armées afghanes")."""
    words = phrase.split(" ")
    out: list[str] = []
    fixed = False
    for index, word in enumerate(words):
        if word in (
            "de",
            "d'",
            "du",
            "des",
            "à",
            "au",
            "aux",
            "en",
            "sur",
            "pour",
            "ou",
            "et",
        ) or word.startswith("d'"):
            fixed = True
        out.append(word if fixed or (index > 0 and word[:1].isupper()) else plural(word))
    return " ".join(out)


# Adjectives whose forms no rule gives (`orange` and the like are invariable: a vocabulary word
# says so with its forms).
_FEMININE = {
    "public": "publique",
    "blanc": "blanche",
    "franc": "franche",
    "favori": "favorite",
    "turc": "turque",
}


def feminine(adjective: str) -> str:
    """ "afghan" -> "afghane", "fédéral" -> "fédérale", "rebelle" -> "rebelle", "acheté" -> "achetée"."""
    low = adjective.lower()
    if low in _FEMININE:
        return _FEMININE[low]
    if low.endswith("e") and not low.endswith("é"):
        return adjective
    if low.endswith(("el", "en", "on", "et")) and not low.endswith("ret"):
        return adjective + adjective[-1] + "e"
    if low.endswith("eux"):
        return adjective[:-1] + "se"
    if low.endswith("f"):
        return adjective[:-1] + "ve"
    if low.endswith("er"):
        return adjective[:-2] + "ère"
    return adjective + "e"


def agree(adjective: str, gender: str, many: bool) -> str:
    """An adjective or past participle agreeing with its noun: "afghan" (f, many) -> "afghanes",
    "fédéral" (m, many) -> "fédéraux", "placé" (f) -> "placée"."""
    word = feminine(adjective) if gender == "f" else adjective
    if not many:
        return word
    if gender != "f" and word.lower().endswith("al"):
        return word[:-2] + "aux"
    if word[-1:] in ("s", "x"):
        return word
    if word.lower().endswith("eau"):
        return word + "x"
    return word + "s"


def definite(gender: str, many: bool, following: str) -> str:
    """The definite article before `following`: "le", "la", "l'", "les" (élision made later)."""
    if many:
        return "les"
    return "la" if gender == "f" else "le"


def indefinite(gender: str, many: bool) -> str:
    if many:
        return "des"
    return "une" if gender == "f" else "un"


def possessive(gender: str, many: bool) -> str:
    """ "votre" or "vos": the card's owner is "vous"."""
    return "vos" if many else "votre"


def demonstrative(gender: str, many: bool, following: str) -> str:
    if many:
        return "ces"
    if gender == "f":
        return "cette"
    return "cet" if starts_with_vowel(following) else "ce"


def each(gender: str) -> str:
    return "chaque"


# Contractions of "à"/"de" with "le"/"les", and élision before a vowel, made on the finished text
# (the words around a value are the template's, the value's first word its own).
_CONTRACT = [
    (re.compile(r"\bde les\b"), "des"),
    (re.compile(r"\bà les\b"), "aux"),
    (re.compile(r"\bde le\b"), "du"),
    (re.compile(r"\bà le\b"), "au"),
    (re.compile(r"\bde des\b"), "de"),
    (re.compile(r"\bde du\b"), "du"),
]
_ELISION = re.compile(r"\b(" + "|".join(_ELIDED) + r") (?=([A-Za-zÀ-ÿ][\wÀ-ÿ-]*))", re.IGNORECASE)
_SI_IL = re.compile(r"\bsi (ils?)\b")


def polish(text: str) -> str:
    """Élision ("de une" -> "d'une", "la armée" -> "l'armée", "que il" -> "qu'il", "si il" ->
    "s'il") then the contractions ("de le" -> "du", "à les" -> "aux"), and no doubled spaces."""

    def elide(match: re.Match[str]) -> str:
        word, following = match.group(1), match.group(2)
        if not starts_with_vowel(following):
            return match.group(0)
        return f"{word[:-1]}'"

    previous = None
    while previous != text:
        previous = text
        text = _ELISION.sub(elide, text)
    text = _SI_IL.sub(r"s'\1", text)
    for pattern, said in _CONTRACT:
        text = pattern.sub(said, text)
    indent = text[: len(text) - len(text.lstrip(" "))]
    return indent + re.sub(r" {2,}", " ", text[len(indent) :]).replace(" ,", ",")


# ---------------------------------------------------------------- verbs

# Irregular verbs: (infinitive) -> (vous, imperative; il/elle; ils/elles; past participle).
_IRREGULAR = {
    "prendre": ("prenez", "prend", "prennent", "pris"),
    "mettre": ("mettez", "met", "mettent", "mis"),
    "résoudre": ("résolvez", "résout", "résolvent", "résolu"),
    "faire": ("faites", "fait", "font", "fait"),
    "pouvoir": ("pouvez", "peut", "peuvent", "pu"),
    "avoir": ("avez", "a", "ont", "eu"),
    "être": ("êtes", "est", "sont", "été"),
    "devenir": ("devenez", "devient", "deviennent", "devenu"),
    "recevoir": ("recevez", "reçoit", "reçoivent", "reçu"),
    "battre": ("battez", "bat", "battent", "battu"),
    "combattre": ("combattez", "combat", "combattent", "combattu"),
    "perdre": ("perdez", "perd", "perdent", "perdu"),
    "rendre": ("rendez", "rend", "rendent", "rendu"),
    "dire": ("dites", "dit", "disent", "dit"),
    "valoir": ("valez", "vaut", "valent", "valu"),
    "voir": ("voyez", "voit", "voient", "vu"),
    "permettre": ("permettez", "permet", "permettent", "permis"),
    "payer": ("payez", "paie", "paient", "payé"),
}
# Verbs in -ir conjugated as "finir" (choisir -> choisissez); other -ir verbs are listed above.
_SECOND_GROUP = frozenset({"choisir", "finir", "saisir", "bâtir", "réussir", "agir", "subir", "fournir"})


def is_infinitive(word: str) -> bool:
    return word in _IRREGULAR or word in _SECOND_GROUP or (word.endswith("er") and len(word) > 3)


def conjugate(infinitive: str, form: str) -> str:
    """A verb's form: "inf", "vous" (present or imperative, the same but for a few), "3s", "3p",
    "pp" (past participle)."""
    if form == "inf":
        return infinitive
    if infinitive in _IRREGULAR:
        vous, third, third_many, participle = _IRREGULAR[infinitive]
        return {"vous": vous, "3s": third, "3p": third_many, "pp": participle}[form]
    if infinitive in _SECOND_GROUP:
        stem = infinitive[:-2]
        return {"vous": stem + "issez", "3s": stem + "it", "3p": stem + "issent", "pp": stem + "i"}[form]
    stem = infinitive[:-2]
    many = stem + ("ent" if not stem.endswith("g") else "ent")
    return {"vous": stem + "ez", "3s": stem + "e", "3p": many, "pp": stem + "é"}[form]


def imperative_of(infinitive: str) -> str:
    """The order given to the card's owner: "placer" -> "placez", "faire" -> "faites"."""
    return conjugate(infinitive, "vous")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
