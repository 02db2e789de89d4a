"""Data: generic cues of conversational filler, for the fact sentences of extractive summaries
(lib/digest.py). Words, not sentences: a sentence is filler when nothing but these (and stop words,
and the names of the people talking) is left of it."""

# Interjections, greetings, acknowledgements and addressing words.
INTERJECTIONS = frozenset({
    "wow", "oh", "ooh", "oops", "hey", "hi", "hello", "yay", "woohoo", "woo", "haha", "hah", "lol", "omg",
    "aw", "aww", "ah", "hmm", "um", "uh", "yeah", "yes", "yep", "yup", "ok", "okay", "sure", "thanks",
    "thank", "congrats", "congratulations", "cheers", "bye", "goodbye", "welcome", "please", "sorry",
    "btw", "anyway", "anyways", "well", "gosh", "geez", "whoa", "cool", "nice", "great", "awesome",
    "absolutely", "totally", "definitely", "indeed", "agreed", "exactly", "right", "true", "dear",
})  # fmt: skip
# Evaluation and feeling words that carry no fact on their own ("That's so inspiring!").
EVALUATIVE = frozenset({
    "amazing", "wonderful", "fantastic", "beautiful", "lovely", "incredible", "impressive", "inspiring",
    "stunning", "gorgeous", "sweet", "fun", "super", "cute", "brilliant", "excellent", "perfect", "neat",
    "good", "glad", "happy", "proud", "excited", "thrilled", "stoked", "pumped", "grateful", "thankful",
    "appreciate", "appreciated", "love", "loved", "like", "mean", "means", "meant", "lot", "lots",
    "sounds", "sound", "looks", "look", "seems", "feel", "feels", "felt", "really", "pretty", "kind",
    "kinds", "words", "support", "supportive", "bet", "hope", "hoping", "wish", "wishing", "luck", "best",
    "keep", "going", "got", "get", "just", "know", "think", "thought", "guess", "say", "said", "tell", "chat",
    "chatting", "chatted", "talk", "talking", "talked", "touch", "hear", "hearing", "heard", "share",
    "sharing", "shared", "time", "times", "long", "catch", "soon", "things", "thing", "stuff",
    "life", "day", "way", "ll", "ve", "re", "don", "didn", "isn", "wasn", "haven", "awesome", "cool",
    "great", "nice", "wow", "yeah", "man", "guys", "buddy", "friend", "mate", "care", "doing", "new",
    "news", "lately", "recently", "since", "last", "spoke", "busy", "crazy", "wild", "rewarding", "tough",
    "hard", "easy", "important", "powerful", "special", "meaningful", "inspired", "inspire", "inspires", "inspiration", "amazed", "impressed", "wonder", "wonders", "so",
})  # fmt: skip
# A sentence that opens with one of these and ends with "?" asks the other speaker something back.
QUESTION_END = "?"
# A clause shorter than this many informative words says nothing a reader needs.
MIN_INFORMATIVE_WORDS = 2
# Irregular past forms, so a question's "go" meets a line's "went" (lib/digest.line_matches).
IRREGULAR_VERBS = {
    "went": "go", "gone": "go", "goes": "go", "bought": "buy", "made": "make", "took": "take", "taken": "take",
    "got": "get", "gotten": "get", "met": "meet", "saw": "see", "seen": "see", "ran": "run", "began": "begin",
    "begun": "begin", "gave": "give", "given": "give", "found": "find", "felt": "feel", "left": "leave",
    "lost": "lose", "won": "win", "wrote": "write", "written": "write", "drew": "draw",
    "drawn": "draw", "sang": "sing", "sung": "sing", "taught": "teach", "thought": "think", "brought": "bring",
    "built": "build", "held": "hold", "kept": "keep", "spent": "spend", "sent": "send", "told": "tell",
    "sold": "sell", "came": "come", "flew": "fly", "flown": "fly", "drove": "drive", "driven": "drive",
    "ate": "eat", "eaten": "eat", "swam": "swim", "rode": "ride", "ridden": "ride", "fell": "fall",
    "broke": "break", "broken": "break", "chose": "choose", "chosen": "choose", "did": "do", "done": "do",
    "had": "have", "has": "have", "was": "be", "were": "be", "paid": "pay", "heard": "hear", "learnt": "learn",
}  # fmt: skip
