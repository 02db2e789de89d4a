"""Data: closed grammatical classes the tense reader (lib.tense) reads; no phrase from any text."""


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


FUTURE_WORDS = _words("will shall won't shan't gonna gotta wanna")
MODALS = _words("can could should must might may would ought can't cannot couldn't shouldn't mustn't")
# Verbs of planning, wanting or commitment: followed by "to" (or "up to/for"), their infinitive lies ahead.
COMMITMENT_VERBS = _words(
    "plan intend hope want need expect aim mean meant decide agree promise arrange offer sign register enrol"
    " enroll volunteer schedule book try tried prepare"
)
# Verbs that set or move an arrangement: "booked a table for Friday", "moved it to Monday" point ahead.
ARRANGEMENT_VERBS = _words("book rebook schedule reschedule move push postpone delay arrange reserve bump")
PERFECT = _words("have has haven't hasn't had hadn't")
PRESENT_BE = _words("is are am isn't aren't be being")
# "it's", "that's": the contraction is "is"; "Leo's" is a possessive.
PRONOUNS_IS = _words("it that he she there here what who where when this everything nothing everyone")
DETERMINERS = _words("a an the my our your his her their its this that these those")
# Clause boundaries inside a sentence.
CONJUNCTIONS = _words("and but so because cause although though while whereas")
# English irregular past-tense forms (not the ones identical to the base form, such as "put" or "cut").
IRREGULAR_PAST = _words(
    "was were did didn't wasn't weren't went came got gave took made said saw met ran began drank ate fell felt"
    " found flew forgot froze grew heard held kept knew left lost paid rode rang rose sang sat slept spoke"
    " spent stood stole swam taught told thought threw understood woke wore won wrote bought brought caught"
    " fought sought built sent lent bent meant dealt dreamt learnt burnt spelt drove broke chose shook"
    " forgave hid bit led fed fled sold stuck struck swung hung dug became overcame sank shrank stank"
    " sprang slid lit wept swept crept knelt bled bred blew drew withdrew arose awoke bore tore swore"
    " undertook mistook overtook"
)
# Past participles that are neither "-ed"/"-en" forms nor in IRREGULAR_PAST.
PARTICIPLES = _words(
    "been done gone seen had begun drunk sung swum rung shrunk taken given eaten written broken stolen chosen"
    " spoken forgotten hidden driven ridden fallen beaten frozen known shown thrown grown drawn flown worn torn"
)
# Verbs of saying or thinking: the clause they open keeps its own tense.
REPORTING_VERBS = _words(
    "said says say told tells tell thought thinks think reckon reckons reckoned mentioned heard hear texted"
    " emailed confirmed announced explained replied wrote writes knew know realised realized guess guessed"
    " promised warned"
)
PERFECT_ADVERBS = _words("just already never finally not ever also recently always since still")
# Verbs whose past is their base form: past after a subject pronoun ("she put" would be "puts" now).
SAME_PAST = _words("quit put cut hit let set shut hurt read upset split spread cast")
SUBJECT_PRONOUNS = _words("i we you he she they it")
PLAIN_SUBJECTS = _words("i we they")  # their simple present shows no ending ("you" is an object as often)
NOT_VERBS = PERFECT_ADVERBS | _words("all both too only even really to in on at for with of about")
# Before "quit" or "put" these leave it a base form: "to quit", "will quit", "don't quit".
NOT_BEFORE_PAST = _words("to do does don't doesn't didn't let let's will shall can could should must might may would")
# "-ed" words that are not past verbs.
NOT_PAST_ED = _words(
    "hundred sacred naked wicked kindred rugged ragged crooked jagged beloved bred shed bed red wed fed led"
    " ashamed excited tired bored interested scared worried supposed used stressed pleased thrilled"
    " terrified exhausted relieved gutted chuffed annoyed frustrated overwhelmed delighted disappointed"
    " amazed surprised confused embarrassed concerned"
)
