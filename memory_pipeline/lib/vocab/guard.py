"""Data: what the save-path merge guard compares: number, negation and name patterns, sentence openers."""

import re

from memory_pipeline.lib.vocab.calendar import (
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUMBER_WORDS,
    SMALL_NUMBERS,
    TENS,
    WEEKDAYS,
)

NUMBER = re.compile(
    rf"(?<![\w.])\d+(?:[.,:]\d+)*"
    rf"|\b(?P<tens>{'|'.join(TENS)})(?:[-\s](?P<unit>{'|'.join(list(NUMBER_WORDS)[1:10])}))?\b"
    rf"|\b(?P<word>{'|'.join(sorted(SMALL_NUMBERS, key=len, reverse=True))})\b",
    re.IGNORECASE,
)
NUMBER_WORDS_ALL = frozenset(TENS) | frozenset(SMALL_NUMBERS)
DIGIT = re.compile(r"\d")
THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")
NEGATION = re.compile(
    r"\b(?:not|never|none|nobody|nothing|nowhere|neither|nor|without|cannot|no\s+longer|no(?=\s+[^\W\d_]))\b"
    r"|n['’]t\b"
    r"|\b(?:dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|havent|hasnt|hadnt|shouldnt|wouldnt"
    r"|couldnt)\b",
    re.IGNORECASE,
)
# Negative words that do not negate the statement: "I can't start the day without tea", "nothing beats it".
NOT_NEGATIONS = re.compile(
    r"\b(?:nothing\s+beats|(?:can['’]?t|cannot|couldn['’]?t|never)\b[^.!?]{0,40}?\bwithout\b"
    r"|can['’]?t\s+wait"
    r"|cannot\s+wait|no\s+problem|no\s+doubt|no\s+worries|not\s+only|never\s+mind|not\s+bad"
    r"|(?:don['’]?t|do\s+not)\s+(?:let\s+me\s+)?forget)",
    re.IGNORECASE,
)
NAME_TOKEN = re.compile(r"[^\W\d_][\w'’-]*")
SENTENCE_BREAK = frozenset('.!?\n:;"“')
DATE_NAMES = frozenset(
    {*WEEKDAYS, *MONTHS, *MONTH_ABBREVIATIONS, "today", "tonight", "yesterday", "tomorrow"}
)
NOT_NAMES = frozenset({"i", "ok", "okay", "mr", "mrs", "ms", "dr"})
# Words that start sentences: a capitalised opener is a name only when it is not one of these.
OPENERS = frozenset(
    {"a", "about", "above", "action", "add", "after", "again", "all", "allergy", "almost", "also",
     "although", "always", "an", "and", "another", "any", "anyone", "anything", "anyway", "are", "as", "ask",
     "at", "back", "be", "because", "been", "before", "being", "below", "best", "better", "between", "big",
     "blocked", "book", "both", "btw", "but", "by", "call", "can", "change", "check", "could", "cup", "dear",
     "decision", "did", "didn", "diet", "diet-wise", "do", "does", "doesn", "don", "don't", "done", "down",
     "during", "each", "either", "even", "ever", "every", "everyone", "everything", "finally", "finance",
     "fine", "first", "for", "forget", "from", "fyi", "given", "go", "going", "good", "goodbye", "great",
     "had", "has", "have", "he", "heads", "heads-up", "her", "here", "hey", "hi", "his", "home", "hosting",
     "how", "however", "i", "if", "in", "instead", "is", "isn", "it", "it's", "its", "job", "job-wise",
     "just", "keep", "last", "later", "launch", "let", "let's", "like", "living", "make", "many", "mark",
     "maybe", "me", "meeting", "more", "most", "much", "my", "never", "new", "next", "no", "none", "not",
     "note", "nothing", "now", "of", "off", "officially", "oh", "ok", "okay", "on", "once", "one", "only",
     "or", "other", "our", "out", "outside", "over", "perhaps", "please", "ps", "put", "questions", "queue",
     "quick", "really", "remember", "remind", "reminder", "right", "same", "see", "send", "she", "should",
     "side", "since", "so", "some", "someone", "something", "sometimes", "soon", "still", "such", "sure",
     "tell", "thank", "thanks", "that", "the", "their", "them", "then", "there", "these", "they", "this",
     "those", "though", "thought", "to", "today", "todo", "together", "tomorrow", "tonight", "too", "tried",
     "two", "under", "until", "up", "update", "us", "use", "very", "was", "wasn", "we", "well", "were",
     "what", "whatever", "when", "whenever", "where", "whether", "which", "while", "who", "why", "will",
     "with", "without", "won", "work", "work-wise", "worth", "would", "yes", "yesterday", "yet", "you",
     "your"}
)  # fmt: skip
# "a week", "three days": the count inside a date expression, compared as a digit.
UNIT_NUMBER = re.compile(
    rf"\b(?P<n>{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))}|an?)"
    r"(?=\s+(?:day|week|fortnight|month|year)s?\b)",
    re.IGNORECASE,
)
