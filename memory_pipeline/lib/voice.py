"""The user named in the third person, read as the first.

Agent-written memories speak of the user in the third person ("The user keeps bees", "User's kayak is
red", "The user said she sold her bike"): that is the user's own voice. `own_voice` rewrites it in the first
person, so the clause reader, the profile and the judge read an agent's note as they read the user's
own words. A speaker label ("User: ...") is no subject and is left alone.

Grammar only: a reporting verb after the user ("said", "mentioned" ...) drops its frame ("the user said
she ..." is what she said of herself), and a third-person pronoun after the user, in a text that names no
other person before it, is the user ("... ; she is leaving Acme", "sold her bike").
"""

from __future__ import annotations

import re

from memory_pipeline.lib.vocab.judge import PERSON_NOUNS

# the user as a clause's subject (not "the user manual", "fixed the user's bug"): at the text's or a
# clause's start, or after a conjunction
_START = r"(^|[.;:!?,]\s+|\b(?:and|but|so|because|that|when|while|since|as|if)\s+)"
# "the user and Tom": Tom and I
_USER_AND = re.compile(rf"{_START}(?:[Tt]he\s+)?[Uu]ser\s+and\s+([A-Z][\w'-]*)(?!:)")
_USER_OWN = re.compile(rf"{_START}(?:[Tt]he\s+)?[Uu]ser(?:'s|\u2019s)(?=\s)")
_USER_VERB = re.compile(rf"{_START}(?:[Tt]he\s+)?[Uu]ser\s+(?:(is|was|has)|([a-z]+?[^s]s)|([a-z]+))\b(?!:)")
_BE = {"is": "am", "was": "was", "has": "have"}
# verbs that report what the user said: their frame drops, what was said stays ("I said I sold my bike")
_REPORT = re.compile(
    r"\bI (?:said|say|mentioned|mention|noted|note|reported|report|explained|explain|shared|share|confirmed"
    r"|confirm|added|add|told (?:me|us)|tell (?:me|us))(?: again)?(?: that)?\s+(?=(?:she|he|they|I)\b)")
# a third-person pronoun and the form of "be" / "have" / a present verb that agrees with it
_PRONOUN = re.compile(r"\b([Ss]he|[Hh]e|[Tt]hey)(?:'s|\u2019s|'re|\u2019re)?\b"
                      r"(?:\s+(?!always|sometimes|perhaps)(is|are|was|were|has|have|[a-z]+?[^s]s)\b)?")
_POSSESSIVE = re.compile(r"\b(her|his|their|hers|theirs|him|them|herself|himself|themselves|themself)\b")
_OBJECT = {"him": "me", "them": "me", "hers": "mine", "theirs": "mine", "herself": "myself", "himself": "myself",
           "themselves": "myself", "themself": "myself", "his": "my", "their": "my"}
# a present verb after "I" and an adverb ("the user now drives" -> "I now drive")
_AFTER_I = re.compile(r"\b(I (?:[a-z]+ly |now |also |still |often |always |sometimes |never |just |only |too )?)"
                      r"(is|was|has|[a-z]+?[^s]s)\b")
_AGREE = {"is": "am", "are": "am", "was": "was", "were": "was", "has": "have", "have": "have"}
# another person named before a pronoun: the pronoun may be theirs, so it is left alone
# (a person noun after a possessive, or a capitalised name that is a clause's subject)
_OTHER_PERSON = re.compile(
    rf"\b(?:my|our|his|her|their)\s+(?:{'|'.join(sorted(PERSON_NOUNS))})\b"
    r"|\b[A-Z][a-z]+\s+(?:is|was|has|had|said|says|told|tells|wants|thinks|thought)\b")
# the function words after "her" that make it an object ("told her that"), not a possessive ("her bike")
_AFTER_OBJECT = frozenset({"that", "to", "and", "or", "but", "about", "for", "with", "at", "in", "on", "from",
                           "so", "because", "if", "when", "again", "too", "now", "yesterday", "today"})


def own_voice(text: str) -> str:
    """The text with the user named in the third person turned into the first ("the user's" -> "my",
    "the user keeps bees" -> "I keep bees", "the user said she sold her bike" -> "I sold my bike")."""
    found = [m.start() + len(m[1]) for rx in (_USER_AND, _USER_OWN, _USER_VERB) if (m := rx.search(text))]
    if not found:
        return text
    # only what follows the user's first mention is theirs ("when she came, the user was out": she is not)
    before, text = text[: min(found)], text[min(found):]
    first = _USER_OWN.sub(r"\1my", _USER_AND.sub(r"\1\2 and I", text))
    first = _USER_VERB.sub(lambda m: f"{m[1]}I " + (_BE[m[2]] if m[2] else _base(m[3]) if m[3] else m[4]), first)
    first = _REPORT.sub("", first)
    cut = _OTHER_PERSON.search(first)
    head, tail = (first[: cut.start()], first[cut.start():]) if cut else (first, "")
    return before + _AFTER_I.sub(lambda m: m[1] + _AGREE.get(m[2], _base(m[2])), _pronouns(head)) + tail


def _base(verb: str) -> str:
    """The first-person form of a third-person present verb ("lives" -> "live", "watches" -> "watch")."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "oes")):
        return verb[:-2]
    return verb[:-1]


# a count of things ("three ferrets", "5 kayaks"): a "they" after it may be them, so they-forms are left alone
_PLURAL = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|both|several|many)\s+[a-z]+s\b")


def _pronouns(text: str) -> str:
    plural = _PLURAL.search(text)
    if plural:  # only the gendered pronouns are read after a count
        head, tail = text[: plural.start()], text[plural.start():]
        return _pronouns(head) + _gendered(tail)
    return _gendered(text, they=True)


def _gendered(text: str, they: bool = False) -> str:
    def subject(m: re.Match[str]) -> str:
        if not they and m[1].lower() == "they":
            return m[0]
        verb = m[2]
        if verb is None:
            contracted = m[0][len(m[1]):]
            return "I'm" if contracted[1:2] in ("s", "r") else "I"
        return "I " + _AGREE.get(verb, _base(verb))

    def possessive(m: re.Match[str]) -> str:
        word = m[1]
        if not they and word.startswith("the"):
            return word
        if word != "her":
            return _OBJECT[word]
        after = text[m.end():].lstrip()
        nxt = re.match(r"[A-Za-z]+", after)
        return "me" if not nxt or nxt[0].lower() in _AFTER_OBJECT else "my"

    return _POSSESSIVE.sub(possessive, _PRONOUN.sub(subject, text))
