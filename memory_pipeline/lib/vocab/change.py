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
# Verbs that say by themselves that the relation has a new value ("I joined Aurora Robotics").
CHANGE_VERBS = frozenset({"joined", "moved", "relocated", "relocating", "transferred", "hired"})
# A question that asks for something to be done states it ("can you switch to Pacific time?").
REQUEST = re.compile(r"\b(?:can|could|would|will)\s+you\b|\bplease\b|\bplz\b|\bpls\b", re.IGNORECASE)
