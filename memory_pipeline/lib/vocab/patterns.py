"""Data: regex fragments the fact rule table reads."""

# "really", "just", "kind of": up to two hedges or intensifiers before a verb.
RX_ADVERBS = (
    r"(?:(?:really|just|also|still|now|mostly|mainly|primarily|actually|definitely|totally|absolutely"
    r"|honestly|currently|personally|much|strongly|kind\s+of|sort\s+of)\s+){0,2}"
)
RX_I_AM = r"\bi(?:['’]m|\s+am)"
RX_DONT = r"(?:don['’]?t|do\s+not)"
RX_CANT = r"(?:can['’]?t|cannot|can\s+not)"

# (trigger words, pattern): "my favourite X is ..."
FAVORITE_RULE = (
    "favorite favourite",
    r"\bmy\s+(?:new\s+|current\s+|all[-\s]time\s+)?favou?rite\s+(?P<cat>[a-z]+(?:\s+[a-z]+){0,2}?)"
    r"\s+(?:is|are)\s+(?:now\s+)?",
)
