"""Data: closed grammatical classes the judge's features read (single words, no phrases)."""

from memory_pipeline.lib.vocab.profile_words import PEOPLE

# A short closed list of words that announce a change ("no longer" is read as "no" + "longer").
CHANGE_CUES = frozenset({
    "now", "anymore", "switched", "switching", "moved", "moving", "quit", "stopped", "started", "instead",
    "actually", "correction", "update", "updated", "new", "changed", "changing", "left", "joined",
    "nowadays", "finally", "officially", "first", "sorry", "typo", "since", "replaced", "cancelled",
    "became", "promoted", "sold", "gave", "returned", "ended", "longer",
})  # fmt: skip
NEGATORS = frozenset({"not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without"})
# Words that put a value in the past.
PAST_MARKERS = frozenset({"was", "were", "used", "left", "quit", "ex", "former", "formerly", "previously",
                          "before", "from", "anymore", "longer", "old", "instead"})
# Modality: plans and wishes, hypotheticals (modal verbs and their kin).
PLAN_WORDS = frozenset({"will", "gonna", "going", "plan", "planning", "plans", "thinking", "considering",
                        "might", "may", "maybe", "hope", "hoping", "want", "wants", "wanna", "like",
                        "someday", "eventually", "next", "interview", "tempted", "dream", "wish"})
# Subordinating conjunctions that set a clause in another time or condition ("back when I lived in X").
SUBORDINATORS = frozenset({"when", "while", "whilst", "whenever", "until", "till", "before", "after", "if", "unless"})
HYPOTHETICAL = frozenset({"if", "would", "could", "suppose", "imagine", "hypothetically", "whether", "unless"})
ADDITIVE = frozenset({"also", "too", "well", "another", "additionally", "plus"})  # more said of a thing, no news
POSSESSIVES = frozenset({"my", "our", "his", "her", "their", "your"})
THIRD_PERSON = frozenset({"he", "she", "they", "he's", "she's", "they're", "his", "her", "their", "him",
                          "them", "someone", "somebody"})
# Nouns for people, so "my brother" is another holder while "my flat" is the user's.
PERSON_NOUNS = PEOPLE  # one list of the people one names: the clause reader's
# Words after which a lower-case word is a value ("work as a nurse", "switched to tea").
RELATION_WORDS = frozenset({"a", "an", "as", "to", "at", "in", "on", "from", "with", "for", "into", "onto",
                            "is", "am", "are", "using", "use", "uses", "drink", "eat", "play", "prefer"})
# Discourse words that open a turn capitalised ("Hey", "Thanks"): never a name.
INTERJECTIONS = frozenset({"hey", "hi", "hello", "thanks", "thank", "yeah", "yes", "yep", "wow", "oh", "ok", "okay",
                           "sure", "great", "nice", "cool", "awesome", "sorry", "lol", "haha", "congrats",
                           "congratulations", "aw", "aww", "omg", "btw", "fyi", "ugh", "hmm", "well", "also", "just",
                           "good", "glad", "totally", "definitely", "absolutely", "exactly", "ah", "hiya", "ps"})
