"""Data: the word lists and cue patterns the slot rules read, and the slot rule table."""

import re

from memory_pipeline.lib.vocab.calendar import NUMBER_WORDS_PATTERN
from memory_pipeline.lib.vocab.patterns import (
    FAVORITE_RULE,
    RX_ADVERBS,
    RX_DONT,
    RX_I_AM,
    USE_RULE,
    USING_RULE,
)
from memory_pipeline.lib.vocab.words import LIST_STOPS, OBJECT_STOPS, ROLE_STOPS

# A job title ends in one of these: "I'm a data engineer" is a role, "I'm a morning person" is not.
JOB_NOUNS = frozenset(
    {"engineer", "developer", "programmer", "designer", "manager", "teacher", "doctor", "nurse", "scientist",
     "analyst", "consultant", "student", "lawyer", "attorney", "architect", "writer", "author", "researcher",
     "professor", "lecturer", "accountant", "intern", "founder", "cofounder", "co-founder", "ceo", "cto",
     "cfo", "coo", "vp", "director", "lead", "freelancer", "contractor", "administrator", "sysadmin",
     "journalist", "artist", "musician", "chef", "pilot", "pharmacist", "dentist", "therapist",
     "psychologist", "photographer", "translator", "librarian", "mechanic", "electrician", "plumber",
     "carpenter", "firefighter", "officer", "recruiter", "marketer", "entrepreneur", "postdoc", "tutor",
     "coach", "physician", "surgeon", "veterinarian", "paramedic", "technician", "specialist", "advocate",
     "executive", "assistant", "secretary", "clerk", "cashier", "waiter", "waitress", "barista",
     "bartender", "driver", "farmer", "retiree", "editor", "economist", "statistician", "mathematician",
     "physicist", "chemist", "biologist", "strategist", "copywriter", "sre", "tester", "owner"}
)  # fmt: skip
# Possessions whose number is a lasting fact; "I have 3 meetings" is not one.
COUNT_NOUNS = frozenset(
    {"cats", "dogs", "pets", "kids", "children", "sons", "daughters", "brothers", "sisters", "siblings",
     "cars", "bikes", "bicycles", "houses", "apartments", "computers", "laptops", "monitors", "fish",
     "birds", "horses", "rabbits", "hamsters", "grandchildren", "grandkids", "roommates", "chickens",
     "parrots", "turtles", "guitars", "tattoos", "plants", "goldfish", "guinea pigs"}
)  # fmt: skip
# singular -> plural, where adding "s" is wrong
IRREGULAR_PLURALS = {
    "child": "children", "grandchild": "grandchildren", "fish": "fish", "goldfish": "goldfish",
}  # fmt: skip
PETS = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit"}
PARTNERS = r"wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|spouse"
PET_WORDS = r"dog|cat|puppy|kitten|parrot|rabbit|bunny|hamster|horse|bird|fish|turtle|snake|guinea\s+pig"
# Favourites covered by a vocabulary slot would only duplicate it.
FAVORITE_COVERED = frozenset(
    {"language", "programming language", "editor", "drink", "os", "operating system", "code editor"}
)
NOT_A_PERSON = frozenset(
    {"i", "he", "she", "it", "they", "we", "you", "everyone", "everybody", "someone", "somebody", "nobody",
     "who", "this", "that", "the", "there", "here", "my", "our", "your", "their", "his", "her", "its", "a",
     "an", "and", "but", "or", "so", "then", "also", "just"}
)  # fmt: skip
# Words in the newer memory that announce a change and raise confidence.
CHANGE_CUE = re.compile(
    r"\b(?:now|moved|move|relocated|switched|migrated|changed|joined|left|quit|started|new|no\s+longer"
    r"|anymore|any\s+more|stopped|became|promoted|instead|these\s+days|nowadays|update|no\s+more|off)\b",
    re.IGNORECASE,
)
FIRST_PERSON = re.compile(r"\b(?:i|i['’](?:m|ve|d|ll)|me|my|mine|myself)\b", re.IGNORECASE)
FIRST_PERSON_PLURAL = re.compile(
    r"\b(?:i|i['’](?:m|ve|d|ll)|me|my|mine|myself|we|us|our|ours)\b", re.IGNORECASE
)
TIME_ZONE = re.compile(r"\btime\s*zone\b|\bofficially\b", re.IGNORECASE)
EMPLOYER_CONTEXT = re.compile(
    r"\b(?:job|jobs|work-wise|employer|company|staff|workplace|years\s+at|left|notice|offer)\b", re.IGNORECASE
)
LOCATION_FOLLOWS = re.compile(
    r"\s+and\s+(?:now\s+|have\s+|then\s+)?(?:live|moved|relocated|am\s+living|settled)\s+(?:in|to)\s+",
    re.IGNORECASE,
)
JOIN_FOLLOWS = re.compile(
    r"\s+(?:to|and)\s+(?:join(?:ed)?|start(?:ed)?\s+(?:at|with)|work(?:ed)?\s+(?:at|for))\s+", re.IGNORECASE
)
CONTRAST = re.compile(
    r",?\s+(?:not|instead\s+of|rather\s+than|no\s+longer)\s+(?:in\s+|at\s+)?", re.IGNORECASE
)
TO = re.compile(r"\s+(?:to|for)\s+", re.IGNORECASE)
FROM = re.compile(r"\s+from\s+", re.IGNORECASE)
AT_ORG = re.compile(r"\s+(?:at|for|with)\s+", re.IGNORECASE)

TOOL_STOPS = LIST_STOPS | {"instead", "but", "not"}
PLACE_STOPS = OBJECT_STOPS | {"where", "with", "near", "so", "remember"}
SLOT_ROLE_STOPS = ROLE_STOPS | {"the", "since"}

_A = RX_ADVERBS
# "I moved", "I have moved", "I've moved"
_I_HAVE = r"\bi(?:\s+have\s+|['’]ve\s+|\s+)"
_WE_HAVE = r"\b(?:i|we)(?:\s+have\s+|['’]ve\s+|\s+)"
_CAPS = r"(?P<val>(?:[A-Z][\w'’.-]*\s+(?:(?:de|da|del|do|of|la|le|am|upon)\s+)?){0,3}[A-Z][\w'’.-]*)"
_WHO = r"(?P<who>[A-Z][a-z]+)"
_TEAM = r"(?P<team>[a-z][a-z ]*?)"
_NUMBER = rf"\d+|{NUMBER_WORDS_PATTERN}|an?|no"
_CASE = {"case": True}
_PLACE = {"negated": False}
_NAMED_PLACE = {"capital": True, "case": True}
_CAPITAL_PLACE = {"capital": True}
_PET_TRIGGERS = "dog cat puppy kitten parrot rabbit bunny hamster horse bird fish turtle snake pig"

# (trigger words, pattern, handler[, handler parameters]), in this order; "case": True matches case-
# sensitively (names must be capitalised), every other rule ignores case. A rule runs only when the
# text has one of its trigger words ("fianc" is what the tokeniser leaves of "fiancé").
SLOT_RULES = (
    # -- location
    (
        "live living reside residing based located settled",
        rf"{_WE_HAVE}(?:been\s+)?{_A}(?:live|living|reside|residing)\s+in\s+"
        rf"|{RX_I_AM}\s+{_A}(?:living|based|located|settled|residing)\s+in\s+",
        "place",
        _PLACE,
    ),
    ("living", r"(?:^|[.!?:;,]\s*)(?:and\s+)?living\s+in\s+", "place", _CAPITAL_PLACE),
    (
        "moved relocated move",
        rf"{_WE_HAVE}{_A}(?:moved|relocated)\s+(?:back\s+)?to\s+|\bmade\s+the\s+move\s+to\s+",
        "place",
        _PLACE,
    ),
    (
        "apartment flat house home place base",
        r"\b(?:my|our)\s+(?:new\s+|current\s+)?(?:apartment|flat|house|home|place"
        r"|home\s+base)\s+is\s+(?:now\s+)?"
        r"(?:in\s+)?|\bhome\s+for\s+me\s+is\s+(?:now\s+)?",
        "place",
        _CAPITAL_PLACE,
    ),
    (
        "live where",
        rf"\b{_CAPS}\s+is\s+(?:now\s+)?where\s+(?:I|we)\s+live\b",
        "value_before",
        {"slot": "location", "case": True},
    ),
    (
        "call home",
        rf"\b[Ii]\s+(?:now\s+)?call\s+{_CAPS}\s+home\b",
        "value_before",
        {"slot": "location", "case": True},
    ),
    (
        "resident",
        rf"\bI(?:['’]m|\s+am)\s+(?:now\s+)?an?\s+{_CAPS}\s+resident\b",
        "value_before",
        {"slot": "location", "case": True},
    ),
    (
        "m am",
        rf"{RX_I_AM}\s+(?:now\s+|officially\s+|currently\s+){{0,2}}in\s+",
        "place",
        {"capital": True, "cue": True},
    ),
    (
        "live living based",
        rf"\b(?:i|we)\s+(?:no\s+longer|{RX_DONT})\s+{_A}live\s+in\s+|{RX_I_AM}\s+no\s+longer\s+(?:living"
        rf"|based)\s+in\s+",
        "place",
        {"negated": True},
    ),
    ("move", r"\bthe\s+move\s+from\s+", "place", {"negated": True, "capital": True}),
    # -- named people: "Alice lives in Berlin", "Alice moved to Berlin"
    (
        "lives living based resides works moved relocated",
        rf"\b{_WHO}\s+(?:(?:lives|is\s+living|is\s+based|resides)\s+in|works\s+out\s+of"
        r"|(?:has\s+)?(?:moved|relocated)\s+to)\s+",
        "place",
        _NAMED_PLACE,
    ),
    ("is", rf"\b{_WHO}\s+is\s+in\s+", "place", {"capital": True, "cue": True, "case": True}),
    ("moved relocated", rf"\b{_WHO}\s+(?:has\s+)?(?P<verb>moved|relocated)\s+from\s+", "named_move", _CASE),
    (
        "team",
        rf"\b{_WHO}\s+(?:is\s+on|works\s+on|works\s+in|joined|is\s+part\s+of|moved\s+to"
        rf"|switched\s+to)\s+the\s+"
        rf"{_TEAM}\s+team\b",
        "team",
        _CASE,
    ),
    # -- switches between two values
    (
        "switched migrated moved changed went transitioned relocated move",
        rf"{_WE_HAVE}{_A}(?:finally\s+)?(?P<verb>switched|migrated|moved|changed|went|transitioned|relocated)"
        r"\s+(?:my\s+\w+\s+|over\s+|away\s+)?(?:from|out\s+of)\s+"
        r"|\bmade\s+the\s+move\s+from\s+",
        "switch",
    ),
    # -- tools
    (*USE_RULE, "uses", {"negated": False}),
    (*USING_RULE, "uses", {"negated": False}),
    (
        "switched migrated moved changed",
        rf"{_WE_HAVE}{_A}(?:switched|migrated|moved\s+over|changed)\s+to\s+",
        "uses",
        {"negated": False},
    ),
    (
        "don do longer never",
        rf"\bi\s+(?:{RX_DONT}|no\s+longer|never)\s+{_A}(?:use|work\s+with|code\s+in|program\s+in)\s+",
        "uses",
        {"negated": True},
    ),
    (
        "stopped quit using gave ditched dropped abandoned uninstalled",
        rf"{_I_HAVE}{_A}(?:(?:stopped|quit)\s+using|gave\s+up(?:\s+on)?|ditched|dropped|abandoned"
        rf"|uninstalled)\s+"
        rf"|{RX_I_AM}\s+(?:no\s+longer|not)\s+using\s+",
        "uses",
        {"negated": True},
    ),
    # -- employer
    (
        "work working employed staff team accepted offer got took landed hired started job position role",
        rf"{_I_HAVE}(?:been\s+)?{_A}(?:work|working)\s+(?:at|for)\s+"
        rf"|{RX_I_AM}\s+{_A}(?:working|employed)\s+(?:at|for|by)\s+"
        rf"|{RX_I_AM}\s+{_A}(?:on\s+staff|part\s+of\s+the\s+team|on\s+the\s+team)\s+at\s+"
        r"|\bi\s+(?:got|accepted|took|landed)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:job|offer|position|role)"
        r"\s+(?:at|with|from)\s+|\bi\s+was\s+hired\s+by\s+"
        rf"|{_I_HAVE}{_A}started\s+(?:a\s+new\s+job|a\s+job|working|a\s+new\s+role"
        rf"|a\s+new\s+position)\s+(?:at|for|with)\s+",
        "employer",
        {"negated": False},
    ),
    (
        "employer company day living job",
        r"\bmy\s+(?:new\s+|current\s+)?(?:employer|company)\s+is\s+(?:now\s+)?|\bmy\s+day\s+job\s+is\s+(?:at"
        r"|with)\s+"
        r"|\bi\s+earn\s+my\s+living\s+at\s+|\bnew\s+job\s*:\s*",
        "employer",
        {"negated": False, "capital": True},
    ),
    (
        "company work",
        rf"\b{_CAPS}\s+is\s+(?:now\s+)?the\s+company\s+I\s+work\s+(?:for|at)\b",
        "value_before",
        {"slot": "employer", "case": True},
    ),
    ("joined", rf"{_I_HAVE}{_A}joined\s+", "employer", {"negated": False, "capital": True}),
    ("moved", r"\bmoved\s+on\s+to\s+", "employer", {"negated": False, "context": True}),
    ("m am", rf"{RX_I_AM}\s+(?:now\s+)?at\s+", "employer", {"negated": False, "context": True}),
    (
        "work working employed laid fired let",
        rf"\bi\s+(?:no\s+longer|{RX_DONT})\s+work\s+(?:at|for)\s+|{RX_I_AM}\s+no\s+longer\s+(?:working"
        rf"|employed)\s+(?:at|for|by)\s+"
        r"|\bi\s+(?:was|got|have\s+been|['’]ve\s+been)\s+(?:laid\s+off|fired|let\s+go)\s+(?:from|by)\s+",
        "employer",
        {"negated": True},
    ),
    (
        "left quit",
        rf"{_I_HAVE}{_A}(?:left|quit)\s+(?:my\s+job\s+at\s+)?",
        "employer",
        {"negated": True, "capital": True},
    ),
    (
        "notice years",
        r"\bhanded\s+in\s+(?:my\s+)?notice\s+at\s+|\bafter\s+(?:\w+\s+)?years\s+at\s+",
        "employer",
        {"negated": True, "capital": True},
    ),
    # -- role
    (
        "work working job role title position promoted made",
        rf"\bi\s+{_A}work\s+as\s+(?:an?\s+)?|{RX_I_AM}\s+{_A}working\s+as\s+(?:an?\s+)?"
        r"|\bmy\s+(?:new\s+|current\s+|official\s+)?(?:job\s+title|job|role|title"
        r"|position)\s+is\s+(?:now\s+)?(?:an?\s+)?"
        r"|\bi\s+have\s+the\s+title\s+|\bthey\s+made\s+me\s+(?:an?\s+)?"
        r"|\bi\s+(?:got|was|have\s+been|['’]ve\s+been|just\s+got)\s+promoted\s+to\s+(?:an?\s+)?",
        "role",
        {"job_noun": False},
    ),
    ("m am", rf"{RX_I_AM}\s+{_A}(?:now\s+)?an?\s+", "role", {"job_noun": True}),
    ("longer", rf"{RX_I_AM}\s+no\s+longer\s+(?:an?\s+)?", "role", {"job_noun": True, "negated": True}),
    # -- people and pets
    ("name called", rf"\bmy\s+name\s+is\s+|{RX_I_AM}\s+called\s+", "person", {"slot": "name"}),
    (
        "wife husband partner girlfriend boyfriend fiance fiancee fianc spouse",
        rf"\bmy\s+(?:{PARTNERS})(?:['’]s\s+name)?,?\s+(?:is\s+)?(?:called\s+|named\s+)?",
        "person",
        {"slot": "partner"},
    ),
    (
        "partner wife husband",
        rf"\b{_CAPS}\s+is\s+my\s+(?:{PARTNERS})\b",
        "value_before",
        {"slot": "partner", "case": True},
    ),
    (
        "married dating engaged",
        rf"{RX_I_AM}\s+{_A}(?:married\s+to|dating|engaged\s+to)\s+",
        "person",
        {"slot": "partner"},
    ),
    (
        "broke broken split divorced separated",
        rf"{_I_HAVE}(?:broken?\s+up\s+with|split\s+up\s+with|divorced|separated\s+from)\s+",
        "person",
        {"slot": "partner", "negated": True},
    ),
    (
        _PET_TRIGGERS,
        rf"\bmy\s+(?P<pet>{PET_WORDS})(?:['’]s\s+name\s+is|\s+is\s+(?:called|named))\s+",
        "pet",
    ),
    (
        _PET_TRIGGERS,
        rf"\b(?:i|we)\s+(?:have|got|adopted)\s+a\s+(?:new\s+)?(?P<pet>{PET_WORDS})\s+(?:called|named)\s+",
        "pet",
    ),
    # -- favourites, counts
    (*FAVORITE_RULE, "favorite"),
    (
        "have got own with",
        rf"\b(?:have|got|own|with)\s+(?:now\s+)?"
        rf"(?P<n>{_NUMBER})\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\b",
        "count",
    ),
    (
        "don do have",
        rf"\b(?:i|we)\s+{RX_DONT}\s+(?:have|own)\s+(?P<n>any)\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\b",
        "count",
    ),
)
