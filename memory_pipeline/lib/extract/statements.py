"""What a text states about its author now, read from clause structure: whose clause it is (the
first person, or another person named by a possessive + noun, a name or a pronoun), its modality (a plan,
a wish, a question, a hypothetical), a stopped state (a cessation verb, "no longer", "not X") and the
relation its head word names. The word classes are closed grammatical classes (pronouns, modal and
cessation verbs) or the short list of relation heads in vocab.profile_words; values are spans taken
by shape, never phrases of a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from memory_pipeline.lib.extract.clause_words import an_outing, clause_tokens, content_words, frame
from memory_pipeline.lib.text import unshouted, with_apostrophes
from memory_pipeline.lib.vocab import profile_words as pw
from memory_pipeline.lib.vocab.calendar import MONTHS, WEEKDAYS
from memory_pipeline.lib.vocab.tense import IRREGULAR_PAST, MODALS, PERFECT, SAME_PAST
from memory_pipeline.lib.voice import own_voice

_SENTENCE = re.compile(r".+?(?:[.!?]+(?=\s|$)|\n|$)", re.DOTALL)
# a clause ends at ";", a dash aside, a colon, a conjunction ("so" not after "is": "is so small"), "and" before a subject,
# a comma before a lower-case word, a pronoun, or a name and verb ("..., Omar has no idea"); one before a capital joins a list
_CLAUSE = re.compile(
    r"\s*(?:;|\s[-\u2013\u2014]\s|:\s|,\s*(?:and\s+|but\s+|so\s+)?(?!not\b|instead\b|rather\b)(?=[a-z]|(?:I|I'm|We|My|Our)\b|[A-Z][\w']*\s+(?:has|had|does|did)(?:n't)?\b)"
    r"|,?\s+(?:but|(?<!\bis )(?<!\bam )(?<!\bare )(?<!'s )(?<!'m )(?<!'re )(?<!\bwas )so|because|cos|since|while|which|who)\s+"
    r"|\s+and\s+(?=(?:I|I'm|we|We|he|He|she|She|they|They|it|it's|It|my|My|his|her|their)\b))",
)
# "and" before a relation verb with its complement shares the subject ("I live in Leeds and work at Arup")
_AND_VERB = re.compile(rf"\s+and\s+(?=(?i:{'|'.join(sorted(pw.HEADS))})\s+(?i:as|at|in|for|on|with|to|a|an|the|my|our)\b)")
# a self-introduction: "I'm" and a name or an age ("I'm Tom, 34")
_INTRODUCTION = re.compile(r"\s*(?i:i'm|i am)\s+(?:[A-Z][\w-]*|\d+)(?:,?\s+(?:[A-Z][\w-]*|\d+))*\s*$")
_NOTE_VERBS = frozenset({*pw.HEADS, *pw.BE, *(h + "s" for h in pw.ALL_HEADS), *(h for h in pw.ALL_HEADS if h[-1] == "s")})
_POSSESSED = re.compile(
    r"\b(?i:my|our)\s+(?P<np>(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z-]+))(?:\s+is|'s|,)?\s+(?P<name>[A-Z][a-z\u00C0-\u017F]+)"
)
_CAPS = r"([A-Z][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*)*)"  # a value named as not the user's: "X, not Y", "off Y", "from Y to"
_NOT_X = re.compile(
    rf"\b(?:not|off)\s+(?:the\s+|my\s+)?(?:{_CAPS}|(\d[\w:.]*)(?![\w:.]))|\bfrom\s+(?:the\s+|my\s+)?({_CAPS[1:-1]}|[\w.+#-]+)(?=\s+to\b)"
    r"|\b(?:instead of|rather than)\s+(?:an?\s+|the\s+|my\s+)?([^,;.!?]+)|,\s*not\s+(?:an?\s+|the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*[,.;!?]|\s*$)"
)  # the last: a lower-case ", not Y" set off by commas ("X, not Y", "wait, not Y, X")


@dataclass(frozen=True)
class Statement:
    """One first-person, non-modal clause: one naming a relation, a stopped state, or (a "note") one that
    carries a value; or the user's relation to a named person or pet. `key` is the attribute a newer
    statement replaces (residence, job...; a multi-valued one carries its value; a note its frame),
    `line` the clause in the third person, `past` a stopped state, `stale` values the clause names as
    no longer so ("not X", "instead of X")."""

    key: str
    line: str
    past: bool
    words: frozenset[str]
    stale: tuple[str, ...] = ()
    frame: frozenset[str] = frozenset()  # the content words once values (numbers, names) are masked
    ends: bool = False  # a stopped or negated state: it ends the older statements it speaks to
    relation: str = ""  # residence, job, spouse, ...
    value: str = ""  # the place, organisation or name the relation names, when the clause has one


def _owner(tokens: list[str], inherited: str, comma: bool = False) -> str:
    """"user", "other", or the inherited subject for a clause that drops its subject (chat style). The
    subject is the first person word, pronoun or name among the clause's first words; a name set off by
    a comma ("Sevenoaks, moving soon") is a topic, not a subject."""
    low = [t.lower() for t in tokens]
    if "i" in low[1:6] and low[low.index("i", 1) - 1] == "and":
        return "user"  # "Dev and I", "my girlfriend and I"
    for i, w in enumerate(low[:4]):
        nxt = low[i + 1 : i + 4]
        if w in pw.FIRST_PERSON:
            # "my sister is a nurse": the person's; after a preposition no subject ("live w/ my brother")
            return "other" if w in ("my", "our") and any(n.removesuffix("'s") in pw.PEOPLE for n in nxt[:3]) and not (
                i and low[i - 1] in pw.PREPOSITIONS | {"w", "to", "near", "by"} or "name" in nxt) else "user"
        if w in pw.OTHER_PRONOUNS or (w in pw.DETERMINERS and nxt[:1] and nxt[0] in pw.PEOPLE):
            return "other"
        if i == 0 and w == "the" and nxt[:1] and pw.HEADS.get(nxt[0]) == "residence" and nxt[0] not in pw.NOUN_TOO:
            return "user"  # "the flat is in Leith": the home a definite article points to is the speaker's
        if i == 0 and w in pw.DETERMINERS and any(n in pw.AUXILIARIES for n in low[1:5]):
            return "other"  # "the Camry can't fit the kids": a noun phrase is the subject
        if i == 0 and tokens[0][:1].isupper() and w not in _NOTE_VERBS and not tokens[0].isupper() and not comma:
            return "user" if set(nxt[:2]) & pw.FIRST_PERSON - {"my", "our"} else "other"  # a name opens it
    return inherited


def _third_person(clause: str) -> str:
    """The clause as said of the user: "I teach 4th grade" -> "Teaches 4th grade", "I'm a nurse" -> "Is a
    nurse"; a "we" clause keeps its subject (the user and others)."""
    tokens = clause.split()
    low = [t.lower().replace("\u2019", "'") for t in tokens]
    if low[:1] == ["i"] and len(low) > 1 and low[1] in pw.BE:
        tokens = ["was" if low[1] == "was" else "is", *tokens[2:]]
    elif low[:1] and low[0] in pw.SUBJECT_CONTRACTIONS and not low[0].startswith("we"):
        tokens = [pw.SUBJECT_CONTRACTIONS[low[0]], *tokens[1:]]
    elif low[:1] and low[0] in ("i", "myself") and len(low) > 1 and tokens[1][:1].islower():
        adverbs = 1 + next((k for k, w in enumerate(low[1:]) if not w.endswith("ly") and w not in pw.ADVERBS), 0)
        tokens = [*tokens[1:adverbs], _conjugate(low[adverbs]), *tokens[adverbs + 1 :]]
    text = " ".join(t if low[:1] == ["we"] and i == 0 else pw.POSSESSIVES.get(t.lower(), t)
                    for i, t in enumerate(tokens)).strip(" ,")  # "I am" within the clause: "they" agrees
    return re.sub(r"\b(they) (am|was)\b", lambda m: f"{m[1]} {'are' if m[2] == 'am' else 'were'}", text[:1].upper() + text[1:])


def _conjugate(verb: str) -> str:
    """The third person of the verb after "I" ("rent" -> "rents"); modals, past forms and contractions stay."""
    if verb in pw.IRREGULAR_THIRD:
        return pw.IRREGULAR_THIRD[verb]
    if not verb.isalpha() or verb in MODALS | SAME_PAST | IRREGULAR_PAST | PERFECT or verb.endswith(("ed", "ing", "s")):
        return verb
    if verb.endswith(("ch", "sh", "x", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _relation(tokens: list[str], heads: dict[str, str] = pw.HEADS) -> tuple[str, int] | None:
    """(relation, index of its head): the first head that is not the object of a preposition ("people
    from work") nor part of a name ("Diet Coke"); a possession verb gives way to a head noun after it
    ("bought a house": residence)."""
    words = [t.lower() for t in tokens]
    found = [(heads[w], i) for i, w in enumerate(words) if w in heads and not (i and tokens[i][:1].isupper())
             and (i == 0 or words[i - 1] not in pw.PREPOSITIONS)  # nor "with the house" (a place needs in/at)
             and not (i > 1 and words[i - 1] in pw.NOUN_MARKERS and words[i - 2] in pw.PREPOSITIONS - {"in", "at"})
             and not (w in pw.MOVE_VERBS and _moves_a_thing(tokens[i + 1 : i + 2]))
             and not (w == "like" and words[i + 1 : i + 2] and words[i + 1][:1].isdigit())
             # a head used as a noun ("our sprint work") or a verb whose subject is a thing ("scheduling has moved")
             and not (w in pw.NOUN_TOO and set(words[max(0, i - 2) : i]) & pw.NOUN_MARKERS)
             and not (w.endswith(("ed", "ing")) and not set(words[:i]) & pw.FIRST_PERSON and any(
                 t[:1].islower() and t.lower() not in pw.FUNCTION_WORDS and t[-2:] != "ly" for t in tokens[:i]))]
    found += [("tool", i) for i, w in enumerate(words) if w in pw.MOVE_VERBS and _moves_a_thing(tokens[i + 1 : i + 2])
              and _TO_NAME.search(" ".join(tokens[i + 1 :]))]  # "moved my recipes to Paprika": where it is kept
    if len(words) > 3 and words[0] in pw.ORDINALS and words[1] in pw.PERIODS and words[2] == "at":
        found.append(("job", 1))  # "first week at Wise": a period at an organisation is where one is now
    found += [("job", i) for i, w in enumerate(words[:4])  # "I do sales at Acme", "started at Acme": where
              if w in pw.DO_AT and (i == 0 or words[i - 1] in ("i", "we"))
              and (_ORG_AFTER.search if w == "do" else _ORG_AFTER.match)(" ".join(tokens[i + 1 :]))]
    found += [("role", i) for i, w in enumerate(words[:3])  # "I'm a nurse", "I am now the lead"
              if w in ("am", "i'm", "im") and i + 1 < len(words) and words[i + 1] in ("a", "an", "now")]
    found.sort(key=lambda f: (f[0] == "has", f[1], f[0] != "job"))
    return found[0] if found else None


_CALLED = re.compile(r"\b(?i:my\s+name\s+is|call\s+me)\s+([A-Z][\w'-]+)")
_NAMED = re.compile(r"\s*(?i:his|her|their)\s+name\s+is\s+([A-Z][\w'-]+)")
_ORG_AFTER = re.compile(r"\b(?:at|for)\s+[A-Z]")
_NAME = r"([A-Z][\w.&'\u00C0-\u017F-]*(?:\s+(?:of\s+)?[A-Z0-9][\w.&'\u00C0-\u017F-]*)*)"
_NOT_DATE = rf"(?!(?i:{'|'.join((*MONTHS, *WEEKDAYS))})s?\b)"  # "moving in together in January, into ... Altona"
_TO_NAME = re.compile(rf"\bto\s+{_NOT_DATE}[A-Z]")


def _moves_a_thing(after: list[str]) -> bool:
    """"moved our tracking to Linear", "moved notes to X": a verb of moving with an object moves the thing"""
    w = after[0] if after and after[0].islower() else ""
    return w in pw.DETERMINERS | pw.FIRST_PERSON | pw.OTHER_PRONOUNS | {"them"} or bool(w) and not (
        w in pw.FUNCTION_WORDS or w in pw.MOVE_PARTICLES or w.endswith("ly"))


def _value(relation: str, clause: str, head_word: str) -> str | None:
    """The capitalised span after the relation head (and a preposition) for a place or organisation: "starting at Wise" -> "Wise"."""
    if relation not in pw.PLACE_OF:
        return None
    preps = "|".join(pw.PLACE_OF[relation])
    m = re.search(rf"(?i:\b{re.escape(head_word)}\b(?:\s+\S+)*?\s+(?:{preps})|\b{re.escape(head_word)})"
                  rf"\s+(?:the\s+)?{_NOT_DATE}{_NAME}", clause)
    if m is None:  # else a name set before the head: "Sevenoaks, moving in a fortnight"
        m = re.match(rf"\s*{_NAME},", clause)
    if m is None and relation == "residence" and clause == clause.lower():  # typed in lower case: "live in tarbes"
        m = re.search(rf"\b{re.escape(head_word)}\b(?:\s+\S+)*?\s+(?:{preps})\s+(?:the\s+)?{_NOT_DATE}([a-z][\w'-]+)"
                      r"(?:\s+([a-z]+))?", clause)  # the place ends its phrase: not "the harbour canteen"
        m = m if m and m[1] not in pw.FUNCTION_WORDS and not m[1].endswith("ing") and m[2] in (None, *pw.FUNCTION_WORDS) else None
    return m.group(1) if m else None


def _stopped(words: list[str]) -> int | None:
    """Where the words after a cessation word (one word or two: "gave up") start, else None."""
    for i, w in enumerate(words):
        if w in pw.CESSATION and words[i + 1 : i + 2] != ["up"] and not (  # "ended up staying" ended nothing
                words[0] in pw.ORDINALS and set(words[1:2]) - pw.FIRST_PERSON) and not an_outing(words[i + 1 : i + 6]) \
                and not (w == "done" and {"get", "got", "getting", "have", "had"} & set(words[:i])):  # a task done
            return i + 1  # "first week at Stripe done" completes a period; the state it belongs to holds
        if i + 1 < len(words) and words[i + 1] in pw.CESSATION_PAIRS.get(w, ()) and not an_outing(words[i + 2 : i + 7]):
            return i + 2
        if w in ("finished", "complete", "completed") and 0 < i <= 4 and words[i - 1] in pw.BE:
            return i + 1  # "the plan is finished" (a short subject opens the clause); "finished work" is an event
    return None


def _key(relation: str, words: list[str], head: int) -> str:
    """The attribute; a multi-valued relation (tools, pets, family...) has one per value."""
    # a liking is one per thing ("favorite color", "coffee"): its first word names it
    rest = [w for w in words[head + 1 :] if w not in pw.FUNCTION_WORDS][:1 if relation in pw.LIKING else 2]
    return relation if relation in pw.SINGLE_VALUED else f"{relation}:{' '.join(rest)}"


def _people(clause: str) -> list[Statement]:
    """"my wife Sneha", "our cat Mango", "my new line manager is Nadia": the user's relation to a named
    person or pet is the user's fact (what the clause says of them is theirs)."""
    found = []
    for m in _POSSESSED.finditer(clause):
        noun, name = m["noun"].lower(), m["name"]
        if noun not in pw.PEOPLE and noun not in pw.PETS or name.lower() in pw.FUNCTION_WORDS:
            continue
        key = f"person:{noun}" if noun in pw.ONE_AT_A_TIME else f"person:{noun}:{name.lower()}"
        line = f"Their {' '.join(m['np'].split())} is {name}"
        relation = "spouse" if noun in ("husband", "wife") else "person"
        found.append(Statement(key, line, False, frozenset({noun, name.lower()}), relation=relation, value=name))
    return found


def _pieces(sentence: str) -> list[str]:
    """The sentence's clauses: a lone word is the next one's topic ("Sevenoaks, moving in a fortnight"), a piece
    opening with a preposition an adjunct of the one before, an apposition after "I'm Tom, 34" what one is."""
    out: list[str] = []
    for k, piece in [(k, p.strip()) for c in _CLAUSE.split(sentence) for k, p in enumerate(_AND_VERB.split(c))
                     if clause_tokens(p)]:
        if k and out and clause_tokens(out[-1])[0].lower() in ("i", "we"):  # "I coach and work as ...": one subject
            piece = f"{clause_tokens(out[-1])[0]} {piece}"
        first = clause_tokens(piece)[0]
        if out and (len(clause_tokens(out[-1])) == 1 or first.lower() in pw.PREPOSITIONS | {"into", "onto", "near"}
                    or first.lower() == "like" and "".join(clause_tokens(piece)[1:2])[:1].isdigit()):  # ", like 4 a day": about 4
            out[-1] = f"{out[-1]}, {piece}"
        elif out and _INTRODUCTION.match(out[-1]) and first.islower():
            out.append(f"I'm {'' if first in ('a', 'an') else 'a '}{piece}")  # "I'm 67, a retired teacher"
        else:
            out.append(piece)
    return out


def _clauses(text: str) -> Iterator[tuple[str, list[str], list[str], str]]:
    """(clause, tokens, lower-case words, standing) for every clause of `text`: standing is "user",
    "other" (another person's), or "modal" (a question, plan, wish or hypothetical)."""
    for sentence in _SENTENCE.findall(text):
        owner = "user"
        for clause in _pieces(sentence):
            tokens = clause_tokens(clause)
            if len(tokens) < 2:
                continue  # a lone word at a sentence's end ("yeah") is an aside
            owner = _owner(tokens, owner, clause.lstrip().startswith(tokens[0] + ","))
            words = [t.lower() for t in tokens]
            asks = words[0] in pw.WH_WORDS and (words[0].endswith("'s") or words[1] in pw.AUXILIARIES | pw.BE
                                                or words[1] in ("do", "should"))
            modal = sentence.rstrip().endswith("?") or asks or any(
                w in pw.INTENT and not _a_noun(words, i) for i, w in enumerate(words))
            if modal or any(w in pw.CONDITIONAL for w in words[:2]):
                yield clause, tokens, words, "modal"  # "if I moved to Oslo", "can you ...?"
            else:
                yield clause, tokens, words, owner


def _a_noun(words: list[str], i: int) -> bool:
    """After a determiner, "on the family plan" names a thing ("the plan is to move" still says an intent)."""
    return words[i] in ("plan", "plans", "hope", "wish") and words[i + 1:i + 2] not in (["is"], ["was"], ["to"]) \
        and any(w in pw.DETERMINERS or w in ("my", "our", "your", "his", "her", "their") for w in words[max(0, i - 2):i])


def said_by_user(text: str, value: str) -> bool:
    """Whether `value` appears in a clause of `text` that states something of the user now (not another
    person's, not a plan, wish or question, not a stopped state)."""
    low = value.lower()
    return any(standing == "user" and low in clause.lower() and _stopped(words) is None
               for clause, _, words, standing in _clauses(text))


def statements(text: str, *, profile: bool = False) -> list[Statement]:
    """The first-person statements of `text` that name a relation, in text order. With `profile`, the
    profile's wider reading (the judge's features were fitted on the narrower one): the relations of
    PROFILE_HEADS (likes, dislikes, origin, birthday), the user's name, and what a clause states of a
    person it names as its subject (relation "theirs": their news, not the user's fact)."""
    found: list[Statement] = []
    for clause, tokens, words, standing in _clauses(own_voice(with_apostrophes(unshouted(text)))):
        if standing == "modal":
            continue
        people = _people(clause)
        stale = tuple(next(g for g in m.groups() if g).rstrip(".:") for m in _NOT_X.finditer(clause))
        contrast = [Statement("contrast", "", False, frozenset(), stale, ends=False, relation="contrast")] if stale else []
        if standing == "other":
            # an explicit contrast retires its value whoever's clause it is ("they use Condens, not Dovetail")
            found += [p for p in people if _stopped(words) is None]
            if profile and (named := _NAMED.match(clause)) and found and not found[-1].value \
                    and any(pw.HEADS.get(w) == "partner" for w in found[-1].words):
                # "seeing someone! his name is Andre": the name of the person the clause before introduced
                st, name = found[-1], named[1]
                found[-1] = replace(st, line=f"{st.line}: {name}", words=st.words | {name.lower()}, value=name)
            found += _theirs(clause, tokens, words) if profile else []
            found += contrast
            continue
        said = _statement(clause, tokens, words, bool(people), stale, pw.ALL_HEADS if profile else pw.HEADS)
        named = _named(clause) if profile else []
        found += named or ([said] if said else people) or contrast
    return found


def _theirs(clause: str, tokens: list[str], words: list[str]) -> list[Statement]:
    """A clause whose subject is a named person ("Ruth is on maternity leave", "my husband Javier found a
    job"), as said of them, keyed by the person (their newest news holds); a stopped or negated one is left out."""
    m = _POSSESSED.match(clause.strip())
    name = m["name"] if m and m["noun"].lower() in pw.PEOPLE and clause.strip()[m.end():].strip(" .,!") else None
    if name is None and tokens[0][:1].isupper() and not tokens[0].isupper() and words[0] not in pw.FUNCTION_WORDS \
            and (words[0].endswith("'s") or tokens[1][:1].islower() and tokens[1].isalpha()):
        name = tokens[0].removesuffix("'s")  # "Aisha's pregnant", "Ruth is on leave"
    stop = _stopped(words)
    if name is None or stop is not None and words[stop - 1] not in pw.SUBJECT_ENDS or pw.NEGATORS & set(words):
        return []
    line = _third_person(clause.strip(" ,.!"))
    if stop is not None:  # "Pip died on Sunday": their end, which ends what names them
        return [Statement(f"theirs:{name.lower()}", line, True, frozenset({name.lower()}), ends=True, relation="theirs")]
    return [Statement(f"theirs:{name.lower()}", line, False, content_words(clause), frame=frame(clause),
                      relation="theirs", value=name)]


def _count(words: list[str]) -> str:
    """" (3 nephews now)" for "a third nephew": an ordinal after "a" counts what the user has."""
    for i, w in enumerate(words[:-2]):
        if w in ("a", "our", "my") and words[i + 1] in pw.ORDINAL_NUMBERS and words[i + 2] in pw.HEADS:
            noun = words[i + 2]
            return f" ({pw.ORDINAL_NUMBERS[words[i + 1]]} {noun}{'ren' if noun.endswith('child') else 's'} now)"
    return ""


def _named(clause: str) -> list[Statement]:
    """"my name is Alice", "call me Alice": what the user is called."""
    m = _CALLED.search(clause)
    return [Statement("name", f"Goes by {m[1]}", False, frozenset({m[1].lower()}), relation="name",
                      value=m[1])] if m else []


def _statement(clause: str, tokens: list[str], words: list[str], names_people: bool,
               stale: tuple[str, ...], heads: dict[str, str] = pw.HEADS) -> Statement | None:
    """The user's clause as a statement, or None when it names no relation and carries no value."""
    rel = _relation(tokens, heads)
    rest = _NOT_X.sub("", clause)
    stop_at = _stopped(low := [t.lower() for t in clause_tokens(rest)])
    stopped = stop_at is not None
    # a clause without a relation head is kept only when it carries a value (a number or a name)
    valued = any(any(c.isdigit() for c in t) or (i and t[:1].isupper()) for i, t in enumerate(tokens)) \
        or words[0].endswith("ing") and bool({"twice", "once", "every", "daily", "weekly", "times"} & set(words))
    if rel is None and not stopped and (names_people or len(content_words(clause)) < 2 or not valued):
        return None
    relation, head = rel or ("stopped" if stopped else "note", 0)
    # a stopped state is past ("I quit nursing"), a negated one current ("we don't have a car"): both end what they say
    negated = any(w in pw.NEGATORS for w in (words if stop_at is None else low[:stop_at]))  # not an aside after
    ends = stopped or negated
    former = rel is not None and head > 0 and words[head - 1] in ("old", "former", "previous", "ex")  # "our old flat"
    line = _third_person(rest.strip(" ,.!")) + _count(words)
    value = _value(relation, clause, words[head]) if not ends and not former else None
    value = value.rstrip(".") if value else ""
    key = _key(relation, words, head) if relation != "note" else "note:" + " ".join(sorted(frame(clause)))
    key = "job" if relation == "role" and value else key  # a role at an organisation is where one works
    if relation == "role" and not value and not ends and (title := _title(words, head)):
        relation, key, value = "title", "title", title  # "I'm a hospital pharmacist": the title one holds
    said = _object(words) if stopped and not negated else frozenset()
    return Statement(key, line, ends and not negated or former, said or content_words(clause), stale, frame(clause), ends,
                     relation, value)


def _title(words: list[str], head: int) -> str:
    """The title after "I'm a" / "I am now the": up to three modifiers and a job noun, the clause's
    own words ("I'm a hospital pharmacist at ..." -> "hospital pharmacist"); "" when no job noun ends it."""
    rest = words[head + 1 :]
    while rest and rest[0] in ("a", "an", "the", "now"):
        rest = rest[1:]
    for k, w in enumerate(rest[:4]):
        if w in pw.JOB_NOUNS and (k == len(rest) - 1 or rest[k + 1] not in pw.JOB_NOUNS):
            return " ".join(rest[: k + 1])
        if w in pw.FUNCTION_WORDS or not w.replace("-", "").isalpha():
            return ""
    return ""


def _object(words: list[str]) -> frozenset[str]:
    """What a cessation word stopped: its object, up to a preposition ("sold the III to a student": III)."""
    end = _stopped(words)
    if end is None:
        return frozenset()
    # "gave up on X", "pulled out of X": X; after one word ("stopped for a while") what stopped came before
    pair = end > 1 and words[end - 2] in pw.CESSATION_PAIRS or words[end : end + 1] == ["on"]
    verb = words[end - 2 : end] == ["used", "to"]  # "used to drive a Mini" ended the Mini, not driving
    span = []
    for w in words[end + verb + (end + verb < len(words) and words[end + verb] in pw.PREPOSITIONS and (pair or verb)):]:
        if w in pw.PREPOSITIONS or w == "to":
            break
        span.append(w)
    passive = end > 1 and words[end - 2] in pw.BE and not words[end - 1].endswith("ing")  # not "I'm quitting X"
    if not any(w.isalpha() for w in span) or words[end - 1] in pw.SUBJECT_ENDS or passive:  # "X was cancelled"
        span = words[: end - 1 - (words[end - 1] == "away")]
    return content_words(" ".join(span))
