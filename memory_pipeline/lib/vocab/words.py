"""Data: general word lists: stop-word exceptions, fillers, determiners, phrase stops, antonyms."""

# sklearn's English stop words minus these make the one stop list (lib.text.STOP_WORDS): negations
# and numbers carry the facts ("I don't use X", "two cats"), so they stay content words.
STOP_WORD_EXCEPTIONS = frozenset(
    {"no", "not", "never", "nor", "none", "nothing", "cannot",
     "one", "two", "three", "four", "five", "six", "eight", "nine", "ten", "eleven", "twelve",
     "fifteen", "twenty", "forty", "fifty", "sixty", "hundred", "first", "third", "last"}
)  # fmt: skip
# Narrower than the stop list on purpose: the save-path wording check compares prepositions and
# pronouns ("on" / "off", "he" / "she"), so it drops only articles, copulas and a few pointers.
WORDING_FILLER = frozenset(
    {"a", "an", "the", "is", "are", "was", "were", "be", "been", "am", "it", "its", "this", "that", "of",
     "to"}
)
# Narrower too: a habit key keeps "before" / "after" ("run before work" is not "run after work").
HABIT_FILLER = frozenset(
    {"a", "an", "the", "to", "for", "my", "of", "in", "on", "at", "i", "me", "and", "it", "is"}
)

# Pairs the save path treats as opposites when only one side of a near-duplicate has each word.
ANTONYMS = (
    ("huge", "small"), ("huge", "tiny"), ("big", "small"), ("big", "little"), ("large", "small"),
    ("tall", "short"), ("long", "short"), ("on", "off"), ("in", "out"), ("up", "down"), ("close", "far"),
    ("near", "far"), ("open", "closed"), ("before", "after"), ("above", "below"), ("over", "under"),
    ("more", "less"), ("increase", "decrease"), ("win", "lose"), ("won", "lost"), ("start", "stop"),
    ("started", "stopped"), ("always", "never"), ("buy", "sell"), ("bought", "sold"), ("true", "false"),
    ("hot", "cold"), ("early", "late"), ("old", "new"), ("first", "last"), ("accept", "reject"),
    ("accepted", "rejected"), ("enable", "disable"), ("enabled", "disabled"), ("add", "remove"),
    ("added", "removed"), ("allow", "deny"), ("left", "right"), ("happy", "sad"), ("inside", "outside"),
    ("behind", "ahead"), ("like", "dislike"), ("love", "hate"), ("loves", "hates"), ("yes", "no"),
    ("pass", "fail"), ("passed", "failed"), ("light", "dark"), ("fast", "slow"), ("full", "empty"),
    ("rich", "poor"), ("young", "old"), ("up", "off"), ("into", "out"), ("onto", "off"),
    ("arrive", "leave"), ("arrived", "left"),
)  # fmt: skip

# -- where an object phrase ends ---------------------------------------------------------------

CLAUSE_STOPS = frozenset(
    {"because", "but", "since", "when", "while", "although", "though", "so", "if", "unless", "until",
     "whereas", "which", "who", "whose", "where", "cause", "cos"}
)  # fmt: skip
PREFERENCE_STOPS = CLAUSE_STOPS | {
    "now", "anymore", "instead", "rather", "than", "over", "more", "these", "nowadays", "lately", "too",
    "better", "best", "most", "anyway",
}  # fmt: skip
DETERMINERS = frozenset({"a", "an", "the", "my", "our", "some"})
# Values that name nothing.
PRONOUNS = frozenset(
    {"it", "this", "that", "them", "these", "those", "both", "everything", "something", "anything",
     "nothing", "one", "him", "her", "you", "me", "us", "myself", "yourself", "what", "which", "all",
     "so", "there", "here", "to", "a", "an", "the"}
)  # fmt: skip
# Words a seed 002 REPLACE ignores when it asks whether one text holds every word of the other.
DECISION_FILLER = frozenset(
    {"a", "an", "the", "i", "my", "me", "is", "am", "are", "was", "to", "of", "in", "on", "at", "and", "or",
     "for", "with", "it", "that", "this"}
)  # fmt: skip
