"""Data: regex fragments shared by the fact and slot rule tables, and the rules both tables hold."""

# "really", "just", "kind of": up to two hedges or intensifiers before a verb.
RX_ADVERBS = (
    r"(?:(?:really|just|also|still|now|mostly|mainly|primarily|actually|definitely|totally|absolutely"
    r"|honestly|currently|personally|much|strongly|kind\s+of|sort\s+of)\s+){0,2}"
)
RX_I_AM = r"\bi(?:['’]m|\s+am)"
RX_DONT = r"(?:don['’]?t|do\s+not)"
RX_CANT = r"(?:can['’]?t|cannot|can\s+not)"

# (trigger words, pattern) of the statements both tables read: a fact for the profile's wording and a
# slot for supersession come from the same match.
FAVORITE_RULE = (
    "favorite favourite",
    r"\bmy\s+(?:new\s+|current\s+|all[-\s]time\s+)?favou?rite\s+(?P<cat>[a-z]+(?:\s+[a-z]+){0,2}?)"
    r"\s+(?:is|are)\s+(?:now\s+)?",
)
USE_RULE = (
    "use work code program develop write rely",
    rf"\bi\s+{RX_ADVERBS}(?:use|work\s+with|code\s+in|program\s+in|develop\s+in|write\s+code\s+in"
    r"|rely\s+on)\s+",
)
USING_RULE = (
    "using coding working programming",
    rf"{RX_I_AM}\s+{RX_ADVERBS}(?:using|coding\s+in|working\s+with|programming\s+in)\s+",
)
