"""Text normalisation shared by the lib: the stop-word list, the tokeniser and number words."""

from __future__ import annotations

import re

from memory_pipeline.lib.vocab.calendar import SMALL_NUMBERS
from memory_pipeline.lib.vocab.stop_words import ENGLISH_STOP_WORDS
from memory_pipeline.lib.vocab.words import STOP_WORD_EXCEPTIONS

# The one stop list: sklearn's English stop words, keeping negations and numbers as content words.
STOP_WORDS = frozenset(ENGLISH_STOP_WORDS - STOP_WORD_EXCEPTIONS)

# Token shapes for `words`. Each caller keeps the shape its results were tuned with.
WORD = re.compile(r"\w+")  # letters, digits and "_": summaries and TF-IDF features
LETTERS = re.compile(r"[a-z]+")  # ASCII letter runs: rule trigger words, habit keys
WORD_APOSTROPHE = re.compile(r"[a-z0-9']+")  # "don't" stays one word: the save path's wording check


def words(text: str, token: re.Pattern[str] = WORD) -> list[str]:
    """The lower-cased tokens of `text`, in order, in the shape `token` matches."""
    return token.findall(text.lower())


def content_words(
    text: str, stop: frozenset[str] = STOP_WORDS, token: re.Pattern[str] = WORD
) -> list[str]:
    """`words(text, token)` without the words in `stop`. Callers that compare prepositions or pronouns
    pass a narrower list (vocab.words.WORDING_FILLER, HABIT_FILLER) instead of the stop list."""
    return [w for w in words(text, token) if w not in stop]


def number_value(token: str) -> int | None:
    """The integer a digit string or number word stands for ("3", "three"); None otherwise."""
    t = token.strip().lower()
    if t.isdigit():
        return int(t)
    return SMALL_NUMBERS.get(t)


# three or more words in a row typed all in capitals
_CAPITALS_RUN = re.compile(r"\b[A-Z]+(?:['’][A-Z]+)?(?:[ ,]+[A-Z]+(?:['’][A-Z]+)?\b){2,}")


def unshouted(text: str) -> str:
    """The text with shouting read in lower case: a run of three or more words in capitals that holds a
    function word ("WE SOLD THE BOAT", "PASSED THE EXAM") is emphasis, not names; "I" stays, and a run of
    acronyms ("AWS RDS VPC") holds no function word and stays as typed."""
    def lower(m: re.Match[str]) -> str:
        said = m[0].replace("’", "'").split()
        if not any(w.strip(",").lower() in STOP_WORDS for w in said if w.strip(",") != "I"):
            return m[0]
        return re.sub(r"\b(?!I\b)[A-Z]+\b", lambda w: w[0].lower(), m[0])

    return _CAPITALS_RUN.sub(lower, text)


# contractions typed without their apostrophe that are no other word ("cant", "wont", "ill", "id" are)
_BARE_CONTRACTIONS = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't",
    "wasnt": "wasn't", "arent": "aren't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
}
_BARE_CONTRACTION = re.compile(rf"\b(?:{'|'.join(_BARE_CONTRACTIONS)})\b", re.IGNORECASE)


def with_apostrophes(text: str) -> str:
    """The text with its contractions typed without an apostrophe written out ("ive moved" -> "I've moved")."""
    return _BARE_CONTRACTION.sub(lambda m: _BARE_CONTRACTIONS[m[0].lower()], text)
