"""English word forms for card text: plurals, articles and a verb's agreement with its subject.

The `inflect` library knows the irregular forms ("spy" -> "spies", "an army", "a unit"); this
module only says where card text needs them.
"""

from __future__ import annotations

from functools import lru_cache

import inflect

_ENGINE = inflect.engine()

# Words after which no verb follows, only more of a noun phrase.
_DETERMINERS = frozenset({"a", "an", "the", "any", "each", "every", "no", "this", "another", "some"})
_MODALS = frozenset({"may", "can", "must", "will", "should", "might", "could", "would"})


@lru_cache(maxsize=4096)
def plural_noun(noun: str) -> str:
    """ "card" -> "cards", "spy" -> "spies", "Herat card" -> "Herat cards" (the last word)."""
    head, _, last = noun.rpartition(" ")
    if not last:
        return noun
    many = _ENGINE.plural_noun(last)
    many = many if isinstance(many, str) and many else last + "s"
    return f"{head} {many}" if head else many


@lru_cache(maxsize=4096)
def singular_noun(noun: str) -> str:
    """ "rupees" -> "rupee", "armies" -> "army"; a word that is no plural stays as it is."""
    one = _ENGINE.singular_noun(noun)
    return one if isinstance(one, str) and one else noun


def article(phrase: str) -> str:
    """ "a" or "an" for the phrase that follows it ("an army", "a unit", "an Afghan army")."""
    said = _ENGINE.a(phrase)
    return said.split(" ", 1)[0] if isinstance(said, str) and " " in said else "a"


def singular_verb(verb: str) -> str:
    """The form of a verb after a singular subject: "are" -> "is", "give" -> "gives", "may"
    stays "may"."""
    if verb in _MODALS or not verb.isalpha():
        return verb
    irregular = {"are": "is", "have": "has", "do": "does", "go": "goes", "were": "was"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def is_bare_noun(phrase: str) -> bool:
    """Whether a value is a bare noun a plural can be made of ("gift", "tribe"), not a phrase
    with its own determiner ("this card", "the player this card names") nor a name ("Herat")."""
    return phrase.isalpha() and phrase.islower() and phrase not in _DETERMINERS and phrase != "you"
