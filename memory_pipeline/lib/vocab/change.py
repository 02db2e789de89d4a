"""Data: generic cues of a changed value, for the structural change detector (lib/change.py)."""

import re

# A value said right after one of these is the one being left behind ("I left Northwind", "a change
# from Boston", "my previous analyst title", "no longer at Acme", "instead of Tuesday").
DEPARTURE_BEFORE = frozenset({
    "left", "leaving", "quit", "quitting", "previous", "former", "formerly", "old", "ex", "used",
    "instead", "than", "replacing", "replaced", "longer", "not", "no", "never", "scrapped", "ditched",
    "uninstalled", "forget", "goodbye", "bye", "wiped", "removed", "deleted", "dumped",
})  # fmt: skip
# "from" leaves a value after a word of motion, change or contrast ("moved away from Boston", "a change
# from Boston", "different from X"), or in a newer text before "to" (lib/change.py); "the grant comes
# from X" and "a gift from X" leave nothing.
FROM_MOTION = frozenset({
    "moved", "moving", "move", "switched", "switching", "switch", "changed", "changing", "change", "went",
    "migrated", "migrating", "transferred", "relocated", "relocating", "away", "over", "back", "upgraded",
    "converted", "transitioned", "graduated", "retired", "resigned", "up", "on", "different",
})  # fmt: skip
# Words that place a time relative to now: never the word that names a value ("last" of "Last Saturday").
RELATIVE_TIME = frozenset({"last", "next", "this", "past", "coming"})
# "now" as a cue, not in an idiom that marks no change: "by now" (already), "until now", "up to now"
# ("for now" stays one: "put my calendar on Pacific time for now" asks for a change).
_NOW = r"(?<!\bby\s)(?<!\buntil\s)(?<!\bup\sto\s)now"
# A sentence that states a value anew says so with one of these.
CHANGE_CUE = re.compile(
    r"\b(?:" + _NOW + r"|new|moved|move|moving|relocated|relocating|switched|switching|changed|changing|change|"
    r"joined|started|first\s+day|became|promoted|instead|these\s+days|nowadays|going\s+forward|from\s+now\s+on|"
    r"no\s+longer|anymore|rescheduled|updated?|transferred|took\s+over)\b",
    re.IGNORECASE,
)
# Words that never make a value or its frame: the subject of a stored note, pronouns, fillers.
FRAME_STOP = frozenset({
    "user", "users", "i", "im", "ive", "me", "my", "mine", "you", "your", "we", "our", "they", "their",
    "he", "she", "his", "her", "it", "its", "is", "are", "was", "were", "be", "been", "am", "the", "a",
    "an", "of", "to", "in", "at", "on", "for", "and", "or", "but", "so", "that", "this", "s", "can",
    "will", "would", "could", "just", "really", "still", "also", "very", "with", "as", "by",
    "from", "into", "over", "after", "before", "about", "up", "down", "out", "off", "there", "here",
})  # fmt: skip
# The cues that say a restated value is a change. Narrower than CHANGE_CUE: "new" and "update" mostly
# qualify a thing or open a message rather than mark a changed value.
RESTATED_CUE = re.compile(
    r"\b(?:" + _NOW + r"|moved|relocated|relocating|switch|switched|changed|instead|these\s+days|nowadays|going\s+forward|"
    r"from\s+now\s+on|no\s+longer|anymore|rescheduled|promoted|became)\b",
    re.IGNORECASE,
)
# Capitalised words that name no value.
NOT_VALUES = frozenset({
    "I", "I'm", "I've", "I'd", "I'll", "Im", "OK", "Ok", "Oh", "Hey", "Hi", "Hello", "Yes", "Yeah", "Yep",
    "No", "Nope", "Thanks", "Thank", "Wow", "Cool", "Nice", "Great", "Awesome", "Sure", "Well", "So",
    "Sorry", "Please", "Congrats", "Congratulations", "Woohoo", "Haha", "Ah", "Aw", "Aww", "Hmm",
    "If", "When", "While", "Since", "Because", "Once", "Unless", "Until", "Although", "Though",
    "OMG", "LOL", "BTW", "FYI", "PS", "FWIW", "IMO", "IMHO", "TBH", "ASAP", "TL;DR", "TLDR", "OOO",
})  # fmt: skip
# A turn of talk says "I" or "you" ("Caroline: I went to ..."); a label before a text without them
# ("Memo: ...", "Drink: tea") names no speaker.
SPOKEN = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|me|my|mine|we|we're|we've|our|us|you|you're|your)\b",
                    re.IGNORECASE)
# Verbs after a sentence's opening word that make it a name ("Noah is responsible for X", "Vlad runs X",
# "Clojure has replaced Swift").
NAME_VERBS = frozenset({"is", "has", "runs", "owns", "leads", "manages", "handles", "maintains"})
# Words that open a statement of a property, not a name ("Favourite language: X", "Main editor is X"),
# and past forms that open a note with its verb ("Said X is ...", "Got X installed").
PROPERTY_OPENERS = frozenset({
    "favourite", "favorite", "main", "primary", "preferred", "current", "usual", "default", "top", "best",
    "most", "new", "old", "said", "told", "thought", "knew", "got", "went", "saw", "met", "made", "took",
    "gave", "came", "began", "wrote", "found", "kept", "left", "bought", "sold", "heard", "felt", "ran",
    "paid", "built", "sent", "spent", "won", "lost", "held", "brought", "taught", "chose",
})  # fmt: skip
# Values that name a time: a day replaces a day, not a number or a name.
TIME_WORDS = frozenset({
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues",
    "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "january", "february", "march", "april", "may",
    "june", "july", "august", "september", "october", "november", "december", "am", "pm",
})  # fmt: skip
# Frames that name the same relation in other words: "works at X" and "joined X" both say where the
# user is employed; "lives in X" and "based in X" where they live. A replacing value is looked for in
# the old value's relation, never in another one ("joined Aurora" does not replace "lives in London").
FRAME_CLASSES = {
    "residence": frozenset({
        "live", "lives", "living", "lived", "based", "reside", "resides", "residing", "moved", "move",
        "moving", "relocated", "relocate", "relocating", "home", "city", "town", "settled",
    }),
    "employment": frozenset({
        "work", "works", "working", "worked", "joined", "join", "joining", "hired", "employer", "employed",
        "company", "job", "position", "offer", "onboarding",
    }),
    "timezone": frozenset({"timezone", "zone", "tz", "utc", "gmt"}),  # and "X time": change_values.classes
    # the title one holds ("my role is X", "my title changed to X", "an X role"), not the employer
    "role": frozenset({"role", "title", "titled", "promoted", "promotion"}),
}  # fmt: skip
# Relations one holds one value of at a time: a new value replaces the old one even when nothing
# says it changed.
FUNCTIONAL = frozenset({"residence", "employment"})
# The words of those relations that govern a value as their object ("lives in X", "joined X"); narrower
# than FRAME_CLASSES, whose words may only stand near a value ("the X onboarding flow").
GOVERNS = {
    "residence": frozenset({
        "live", "lives", "living", "lived", "based", "reside", "resides", "residing", "moved", "relocated",
        "home", "settled",
    }),
    "employment": frozenset({
        "work", "works", "working", "worked", "joined", "employed", "employer", "company", "job", "hired",
        "position", "started", "offer",
    }),
}  # fmt: skip
GOVERNS_ANY = frozenset().union(*GOVERNS.values())
GOVERNING_NOUNS = frozenset({"home", "job", "company", "employer", "position", "offer"})
# Those verbs whose subject holds the relation ("Ines joined the choir"): a value right before one
# is its holder, not its new value ("Acme hired me" names the employer, so "hired" is not one).
HOLDER_VERBS = GOVERNS_ANY - GOVERNING_NOUNS - frozenset({"hired"})
# Those that name the value itself after "is" ("my employer is X"; "my job is X" names a role).
COPULA_NOUNS = frozenset({"home", "company", "employer"})
# Words that make the next word a noun ("my living", "a move").
DETERMINERS = frozenset({"my", "a", "an", "the", "your", "his", "her", "their", "our", "its"})
# Dwellings: where the user lives when the user owns them ("our new apartment in X", "my flat in X").
DWELLINGS = frozenset({"apartment", "flat", "house", "place", "condo"})
USER_OWNED = frozenset({"my", "our", "their"})
# Owners of such a noun that are someone else ("his job", "her company").
OTHER_OWNERS = frozenset({"his", "her", "its", "whose"})
# What may stand between such a word and its value.
GOVERN_LINKS = frozenset({"in", "at", "to", "for", "by", "from", "near", "is", "are", "out", "of"})
# Words by which a clause says the user is its subject (a note about the user says "user" or "they").
USER_WORDS = frozenset({"i", "i'm", "i've", "i'd", "im", "me", "my", "we", "we're", "we've", "our", "us", "user",
                        "user's", "they", "they're", "they've", "their", "them"})
# Verbs of motion whose target is a new value ("moved the backups to X", "the review got pushed to
# May 3", "was migrated onto X"), and the words that introduce the target.
MOTION_VERBS = frozenset({
    "moved", "move", "moving", "migrated", "migrating", "migrate", "switched", "switching", "switch",
    "transferred", "relocated", "relocating", "shifted", "pushed", "rescheduled", "postponed", "bumped",
    "ported", "changed", "upgraded", "converted", "swapped", "swapping",
})  # fmt: skip
MOTION_TO = frozenset({"to", "onto", "into"})
# A quoted verb of motion is mentioned, not used ("say 'the desk moved left' in Dutch").
QUOTED = re.compile(r"(?:^|[\s(])['\"\u2018\u201c][^'\"\u2019\u201d]*\b(?:" + "|".join(sorted(MOTION_VERBS))
                    + r")\b[^'\"\u2019\u201d]*['\"\u2019\u201d]")
# Verbs that say by themselves that the relation has a new value ("I joined Aurora Robotics").
CHANGE_VERBS = frozenset({"joined", "moved", "relocated", "relocating", "transferred", "hired"})
# A lower-case value (a drink, a format, a tool) is left behind when the newer clause says one of
# these right before it ("drop the emojis", "gave up coffee", "no longer use vim") ...
_DROP_CUES = (
    r"\b(?:drop(?:ped|ping)?|ditch(?:ed|ing)?|stop(?:ped|ping)?|quit(?:ting)?|g[ai]ve(?:n)?\s+up(?:\s+on)?|"
    r"giving\s+up(?:\s+on)?|moved\s+on\s+from|instead\s+of|no\s+longer|done\s+with|got\s+rid\s+of|"
    r"gotten\s+rid\s+of|no\s+more|rather\s+than|replacing|previously|formerly|away\s+from|"
    r"used\s+to\s+(?:be\s+)?\w+(?:\s+(?:everything|all|most|much|lots|loads))?(?:\s+(?:on|in|at|with|for|about|to|by|of))?|"
    r"(?:moved|moving|migrated|migrating|switched|came|is|are)\s+off|wip(?:ed|ing)|leaving)"
)
DROPPED_BEFORE = re.compile(
    _DROP_CUES
    # at most two words between: a determiner or a verb of use ("drop the", "stopped drinking my")
    + r"(?:\s+(?:the|my|our|a|an|his|her|their|all|those|these|that|this|any|own|use|\w+ing)){0,2}\s*$",
    re.IGNORECASE,
)
# Any of those cues, or "anymore", anywhere in a text (a cheap test before reading clause by clause).
DROPPING_CUE = re.compile(_DROP_CUES + r"|\bany\s?more\b", re.IGNORECASE)
# A cue negated right before it keeps the value ("don't stop dreaming", "won't quit on my dreams").
NEGATED_CUE = re.compile(r"(?:\b(?:not|never|no)|n't)(?:\s+\w+)?\s*$", re.IGNORECASE)
# ... or negates it with "anymore" in the same clause ("the bullet thing isn't working for me anymore").
NEGATION = re.compile(r"\b(?:not|no|never|nothing)\b|n't\b", re.IGNORECASE)
# ... but only a clause-final "anymore" leaves the words before it; "X no longer uses Y" leaves Y.
ANYMORE_AFTER = re.compile(r"\bany\s?more\b", re.IGNORECASE)
# A question that asks for something to be done states it ("can you switch to Pacific time?").
REQUEST = re.compile(r"\b(?:can|could|would|will)\s+you\b|\bplease\b|\bplz\b|\bpls\b", re.IGNORECASE)
# Job titles (lib/change_roles.py). Title nouns that more often name a thing or someone else's part.
NOT_ROLE_HEADS = frozenset({"owner", "editor", "driver", "assistant", "student", "retiree", "lead"})
# What says, right before a title, that the user holds it: a title noun's value ("Role: X", "my job
# title is X", "a new title, X", "the role of X", "the title X"), "as a" after a verb of work ("serves as
# a X", "listed as a X", "has me down as a X"), a rise ("promoted to X", "moved up into the X role",
# "was made a X"), "I'm a X", a note's copula at its start ("User is a X").
_ROLE_LEAD = r"\s*(?:(?:a|an|the|now|new|currently|officially|still|my|their)\s+)*$"
ROLE_BEFORE = re.compile(
    r"(?:\b(?:role|title|position|occupation|promotion|designation)\b(?:\s+[\w']+){0,3}?\s*(?::|,|\bis\b|\bto\b|\bas\b|\bof\b)"
    r"|\b(?:the|my|their|a|new)\s+(?:job\s+)?title|\bme\s+(?:down\s+)?as|\b(?:was|were|got|been|be)\s+made"
    r"|\b(?:works?|working|worked|employed|hired|listed|serves?|serving|served|started|starting|starts|"
    r"joined|joining|continues|continuing|stays?|staying|signed\s+on|brought\s+on|taken\s+on|took\s+over)\s+as"
    r"|\b(?:promoted|moved\s+up|stepped\s+up)(?:\s+[\w']+){0,3}?\s+(?:to|into)|\b(?:became|become|becomes|becoming)"
    r"|\bi\s+am|\bi['’]m|^\s*(?:[A-Z][\w ]{0,30}:\s*)?(?:(?:the\s+)?user\s+is|they\s+are|they['’]re|is))" + _ROLE_LEAD,
    re.IGNORECASE,
)
# A title held beside the job, anywhere in its sentence: "in my spare time I'm a photographer".
ROLE_ON_THE_SIDE = re.compile(
    r"\b(?:on\s+the\s+side|in\s+my\s+(?:spare|free)\s+time|on\s+weekends|part[-\s]time|as\s+a\s+hobby|"
    r"for\s+fun|volunteer(?:ing)?|side\s+(?:gig|hustle|job))\b",
    re.IGNORECASE,
)
# Words before a title that are not part of it ("no longer UX designer", "previously ML engineer").
ROLE_FUNCTION_WORDS = frozenset({
    "longer", "previously", "formerly", "former", "old", "ex", "now", "new", "currently", "officially", "still",
    "replacing", "replaced", "was", "were", "into", "as", "listed", "hold", "holds", "title", "role",
    "position", "promoted", "became", "through",
})  # fmt: skip
# A title in the clause of a wish, a search or someone else: not one the user holds ("wants to work as
# a nurse", "hiring a data engineer", "my sister serves as a nurse", "her title is").
ROLE_UNHELD = re.compile(
    r"\b(?:want|wants|wanted|wanting|hope|hopes|hoping|plan|plans|planning|would|could|might|dream|dreams|"
    r"i['’]d|love\s+to|like\s+to|wish|wishes|will|gonna|going\s+to|"
    r"someday|aspire|aspiring|considering|thinking|if|apply|applying|applied|interview|interviewing|hiring|"
    r"hire|looking\s+for|need|needs|he|she|his|her|him|hers|sister|brother|mom|mother|dad|father|wife|"
    r"husband|partner|son|daughter|friend|colleague|boss|cousin|aunt|uncle|(?!user['’]s\b)[a-z]+['’]s)\b[^,;:()]*$",
    re.IGNORECASE,
)
# A clause's opening word that is no other subject of a title ("User is", "Title was"), and the verbs
# after which an opening name is one ("Kira serves as a designer").
ROLE_SUBJECT_OK = frozenset({
    "i", "user", "they", "we", "the", "my", "their", "our", "role", "title", "position", "job", "promotion",
    "occupation",
})  # fmt: skip
ROLE_SUBJECT_VERBS = frozenset({
    "is", "was", "works", "worked", "holds", "held", "serves", "joined", "became", "got", "has", "started", "stays",
})  # fmt: skip
