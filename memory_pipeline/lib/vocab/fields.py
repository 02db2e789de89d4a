"""Data: the words of field statements ("key: value" lines) for lib/fields.py."""

import re

# Words that label a message or a line, not an attribute: "Note: ...", "PS: ...", "Update: ...".
FIELD_LABELS = frozenset({
    "note", "notes", "memo", "ps", "pps", "nb", "fyi", "btw", "context", "aside", "reminder", "update",
    "updates", "tip", "important", "summary", "todo", "question", "answer", "q", "a", "re", "edit",
    "edited", "info", "detail", "details", "quick", "heads", "up", "also", "and", "so", "but", "ok",
    "okay", "well", "hey", "hi", "hello", "thanks", "example", "e.g", "i.e", "warning", "caution",
    "source", "sources",
})  # fmt: skip
# Key words that make a statement about something other than a single-valued attribute: plans,
# feelings, events ("the plan is ...", "my problem is ...", "the thing is ...").
NOT_FIELD_KEYS = frozenset({
    "thing", "things", "problem", "problems", "issue", "issues", "point", "idea", "ideas", "plan", "plans",
    "goal", "goals", "question", "questions", "reason", "reasons", "hope", "worry", "fear", "dream",
    "dreams", "feeling", "feelings", "day", "days", "week", "weekend", "morning", "night", "weather",
    "trip", "life", "mood", "kids", "kid", "friends", "family", "parents", "way", "fact", "truth", "part",
    "best", "worst", "only", "whole", "rest", "same", "other", "first", "last", "next", "one", "ones",
    "it", "this", "that", "what", "which", "who", "everything", "something", "nothing", "all", "story",
    "list", "item", "option", "step", "task", "todo", "reminder", "key", "secret", "trick", "tip",
})  # fmt: skip
# A value with one of these words is a state, an opinion or a clause, not an attribute's value.
NOT_FIELD_VALUES = frozenset({
    "i", "you", "we", "they", "he", "she", "it", "me", "us", "them", "not", "no", "never", "so", "very",
    "really", "too", "also", "just", "pretty", "quite", "super", "kind", "sort", "like", "than", "that",
    "what", "how", "why", "when", "where", "who", "which", "if", "because", "been", "be", "was", "were",
    "will", "would", "can", "could", "should", "might", "must", "going", "doing", "gonna", "great",
    "good", "fine", "ok", "okay", "nice", "bad", "awesome", "amazing", "cool", "hard", "easy", "fun",
    "busy", "sure", "done", "here", "there", "over", "back", "up", "out", "off", "on", "in", "to",
    "and", "or", "but", "with", "about", "all", "more", "less", "much", "many", "some", "any", "my",
    "your", "our", "is", "are", "at", "by", "for", "from", "of", "bye", "lol", "haha", "agreed", "totally", "thanks", "welcome",
})  # fmt: skip
USER_OWNERS = frozenset({"user", "them", "me", "us"})  # the user, an article dropped ("Top language for them: Go")
# Words after a value that say when it holds, not what it is ("helix now", "Berlin these days").
VALUE_TAIL = re.compile(
    r"\s+(?:now|these\s+days|nowadays|going\s+forward|from\s+now\s+on|for\s+now|currently|anymore|"
    r"again|instead|too|as\s+well)\s*$",
    re.IGNORECASE,
)
# Keys that name one attribute in other words ("location" / "current address", "title" / "role").
KEY_CLASSES = {
    "residence": frozenset({"location", "residence", "home", "city", "address", "based"}),
    "employment": frozenset({"employer", "company", "workplace", "job"}),
    "role": frozenset({"role", "title", "position"}),
    "timezone": frozenset({"timezone", "tz", "zone"}),
}  # fmt: skip
