"""Data: what a profile value may not start or end with (lib/profile.noun_phrase)."""

# A value opening with one of these is a clause or a pointer, not a noun phrase ("how art lets us
# get our emotions out", "it's both a creative outlet").
NP_NOT_HEAD = frozenset({
    "how", "what", "why", "when", "where", "who", "whom", "which", "whether", "if", "that", "it", "it's",
    "its", "they", "them", "we", "us", "you", "he", "she", "him", "her", "this", "these", "those", "there",
    "i", "me", "being", "getting", "seeing", "having", "is", "are", "was", "were", "be", "just", "so",
    "really", "also", "even", "still",
})  # fmt: skip
# Words a value cannot end on: the phrase was cut mid-way ("a creative outlet and a").
NP_DANGLING = frozenset({
    "a", "an", "the", "and", "or", "but", "of", "to", "with", "my", "our", "your", "their", "for", "in",
    "on", "at", "by", "from", "as", "so", "than", "that", "through", "about", "into", "over",
    "without", "like",
})  # fmt: skip
# A value ending on one of these lost its noun to the next clause ("making it", "life without it").
NP_NOT_TAIL = frozenset({"it", "them", "me", "us", "you", "him", "her", "this", "those", "these"})
