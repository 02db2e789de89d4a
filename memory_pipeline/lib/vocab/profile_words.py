"""Data: the closed word classes the profile's clause reader (lib/extract/statements.py) reads. Pronouns,
modal and cessation verbs are grammatical classes; HEADS is the short list of relation heads (what a
profile holds: residence, work, role, family and pets, tools, languages, diet, activities, health)."""

from memory_pipeline.lib.vocab.stop_words import ENGLISH_STOP_WORDS

FIRST_PERSON = frozenset({"i", "i'm", "im", "i've", "i'd", "i'll", "me", "my", "myself", "we", "we're", "we've", "our", "us"})
OTHER_PRONOUNS = frozenset({"he", "she", "they", "he's", "she's", "they're", "his", "her", "their", "you", "your", "it", "it's"})
PREPOSITIONS = frozenset({"at", "from", "for", "with", "of", "in", "on", "about", "after", "before"})
DETERMINERS = frozenset({"the", "a", "an", "each", "every", "some"})
AUXILIARIES = frozenset({"is", "are", "was", "were", "has", "have", "had", "can", "can't", "will", "won't",
                         "does", "doesn't", "isn't", "did", "didn't", "would", "could"})
# people a possessive can name: their facts are theirs ("my sister is a nurse")
PEOPLE = frozenset({
    "husband", "wife", "partner", "girlfriend", "boyfriend", "fiance", "fiancee", "son", "daughter", "kid",
    "kids", "child", "children", "baby", "mum", "mom", "dad", "mother", "father", "brother", "sister", "bro",
    "sis", "parents", "sibling", "spouse", "friend", "friends", "roommate", "flatmate", "colleague", "colleagues",
    "coworker", "teammate", "boss", "manager", "cofounder", "co-founder", "team", "grandchildren", "family",
    "neighbour", "neighbor", "client", "cousin", "aunt", "uncle", "grandma", "grandpa", "niece", "nephew", "mate",
})  # fmt: skip
BE = frozenset({"am", "'m", "is", "are", "was", "im", "i'm", "we're"})
SUBJECT_CONTRACTIONS = {"i'm": "is", "im": "is", "i've": "has", "we're": "are", "we've": "have"}
POSSESSIVES = {"my": "their", "myself": "themself", "me": "them", "our": "their", "i": "they", "i'm": "they're",
               "i've": "they've", "i'd": "they'd", "i'll": "they'll"}
IRREGULAR_THIRD = {"have": "has", "do": "does", "go": "goes", "am": "is", "be": "is", "will": "will", "need": "needs",
                   "don't": "doesn't"}  # and "need", whose "-ed" is no past
# verbs that, with "at"/"for" and a name, say where one works: "I do sales at Acme", "started at Acme"
DO_AT = frozenset({"do", "started", "start", "began"})
# adverbs between "I" and its verb ("I now drive"): the verb after them is the one that agrees
ADVERBS = frozenset({"now", "still", "also", "just", "already", "always", "never", "often", "even", "only"})
# people one has one of at a time: a newer one replaces the older
ONE_AT_A_TIME = frozenset({"husband", "wife", "partner", "girlfriend", "boyfriend", "fiance", "fiancee",
                           "manager", "boss"})
PETS = frozenset({"cat", "dog", "puppy", "kitten", "rabbit", "parrot", "hamster"})
WH_WORDS = frozenset({"what", "what's", "how", "which", "where", "when", "why", "who", "whats"})
CONDITIONAL = frozenset({"if", "unless", "suppose", "imagine", "once", "when", "whenever", "until", "till"})
# intent and possibility: a plan or a wish is not a current fact
INTENT = frozenset({
    "want", "wants", "wanna", "planning", "plan", "thinking", "considering", "hoping", "hope", "wish",
    "someday", "might", "maybe", "should", "could", "would", "i'd", "we'd", "dreaming", "trying", "try",
    "eventually", "let's", "lets",
})  # fmt: skip
# a state that ended: cessation verbs and adverbs, and those said in two words (a verb and its particle,
# "no" or "any" and a comparative): first word -> the second words that make it one
CESSATION = frozenset({
    "quit", "quitting", "stop", "stopped", "stopping", "cancelled", "canceled", "sold", "resigned", "dropped",
    "left", "ended", "withdrew", "postponed", "anymore", "ex", "former", "formerly", "done", "gone", "lasted",
    "died",
})  # fmt: skip
# a death ends its subject, not what follows ("Pip died on Sunday", "our old dog passed away")
SUBJECT_ENDS = frozenset({"died", "away"})
CESSATION_PAIRS = {
    **dict.fromkeys(("give", "gives", "gave", "given", "giving"), frozenset({"up"})), "used": frozenset({"to"}),
    **dict.fromkeys(("moved", "pulled", "pulling", "backed", "backing", "dropping"), frozenset({"out"})),
    "no": frozenset({"longer", "more"}), "any": frozenset({"longer", "more"}), "on": frozenset({"hold"}),
    "passed": frozenset({"away"}),
}
# a period's completion ("first week done") is no state ended; a period at an organisation is a job
# "a third nephew": an ordinal after "a" is how many there are now
ORDINAL_NUMBERS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
ORDINALS, PERIODS = frozenset({"first", *ORDINAL_NUMBERS}), frozenset({"week", "day", "month"})
NOUN_TOO = frozenset({"work", "use", "move", "drink", "study", "play", "lead", "reading", "running", "training"})
NOUN_MARKERS = frozenset({"my", "our", "their", "his", "her", "the", "a", "an", "this"})
NEGATORS = frozenset({"not", "no", "don't", "dont", "never", "doesn't", "didn't", "haven't", "isn't"})
# relation heads (verbs and nouns) -> the attribute they state
HEADS = {
    **dict.fromkeys(("live", "lives", "living", "based", "moved", "moving", "move", "relocated",
                     "flat", "flatshare", "apartment", "bungalow", "house", "arrived"), "residence"),
    **dict.fromkeys(("work", "works", "working", "job", "joined", "joining", "employer", "starting",
                     "hired", "promoted", "post", "position", "rotation"), "job"),
    **dict.fromkeys(("teach", "teaching", "manage", "managing", "lead", "leading", "studying",
                     "study"), "occupation"),
    **dict.fromkeys(("husband", "wife", "partner", "girlfriend", "boyfriend", "married", "engaged",
                     "dating", "seeing", "fiance", "fiancee", "proposed"), "partner"),
    **dict.fromkeys(("kids", "kid", "children", "son", "daughter", "grandchildren", "grandchild",
                     "baby"), "children"),
    **dict.fromkeys(("cat", "dog", "cats", "dogs", "pet", "puppy", "kitten"), "pet"),
    **dict.fromkeys(("use", "uses", "using", "stack", "editing", "switched", "switching", "migrating",
                     "upgraded"), "tool"),
    **dict.fromkeys(("speak", "learning", "learn", "class", "classes", "course"), "learning"),
    **dict.fromkeys(("vegetarian", "vegan", "veggie", "pescatarian", "diet", "fasting"), "diet"),
    **dict.fromkeys(("drink", "drinking", "coffee", "tea"), "drink"),
    **dict.fromkeys(("drive", "driving", "leasing", "car", "van", "minivan"), "vehicle"),
    **dict.fromkeys(("play", "playing", "running", "training", "volunteer", "volunteering", "goal",
                     "reading", "started"), "activity"),
    **dict.fromkeys(("allergic", "diabetes", "diagnosed", "medication"), "health"),
    **dict.fromkeys(("have", "has", "got", "own", "bought"), "has"),
    **dict.fromkeys(("subscription", "subscribed", "membership", "member"), "subscription"),
}
# heads only the profile reads (the judge's statement features were fitted without them)
PROFILE_HEADS = {
    **dict.fromkeys(("like", "likes", "love", "loves", "prefer", "prefers", "enjoy", "enjoys", "favorite",
                     "favourite", "fan"), "preference"),
    **dict.fromkeys(("hate", "hates", "dislike", "dislikes", "avoid", "avoids"), "dislike"),
    **dict.fromkeys(("grew", "raised", "born"), "origin"), "staying": "residence",
    "birthday": "birthday",
}
ALL_HEADS = HEADS | PROFILE_HEADS
LIKING = frozenset({"preference", "dislike"})
# a verb of moving, and what may follow it (besides function words) when the user is what moves
MOVE_VERBS = frozenset({"move", "moved", "moving", "relocated", "relocating"})
MOVE_PARTICLES = frozenset({"abroad", "away", "home", "house", "flat", "near"})
# a relation whose value is a place or an organisation: the prepositions before it
PLACE_OF = {"residence": ("in", "to", "near"), "job": ("at", "for", "in"), "role": ("at", "for"), "origin": ("in",)}
# one value at a time: a newer statement replaces the older
SINGLE_VALUED = frozenset({"residence", "job", "role", "partner", "diet", "drink", "vehicle", "occupation",
                           "origin", "birthday"})
# words that carry no content for matching a stopped state against the statement it ends: the stop list,
# cessation words and the words of time
FUNCTION_WORDS = ENGLISH_STOP_WORDS | {
    "i'm", "im", "don't", "just", "really", "anymore", "longer", "quit", "stop", "stopped", "gave", "giving",
    "cancelled", "sold", "left", "got", "today", "yesterday", "tonight", "tomorrow", "week", "weeks", "day",
    "days", "month", "months", "year", "years", "ago", "means", "recently",
}  # fmt: skip
# job-title head nouns: the clause reader reads "I'm a senior data analyst" as the title the user holds
JOB_NOUNS = frozenset({
    "engineer", "developer", "programmer", "designer", "manager", "teacher", "doctor", "nurse", "scientist",
    "analyst", "consultant", "student", "lawyer", "attorney", "architect", "writer", "author", "researcher",
    "professor", "lecturer", "accountant", "intern", "founder", "cofounder", "co-founder", "ceo", "cto", "cfo",
    "director", "lead", "freelancer", "contractor", "administrator", "journalist", "artist", "musician", "chef",
    "pilot", "pharmacist", "dentist", "therapist", "psychologist", "photographer", "translator", "librarian",
    "mechanic", "electrician", "officer", "recruiter", "marketer", "entrepreneur", "postdoc", "tutor", "coach",
    "physician", "surgeon", "technician", "specialist", "executive", "assistant", "clerk", "barista", "farmer",
    "retiree", "editor", "economist", "statistician", "strategist", "copywriter", "tester",
})  # fmt: skip
