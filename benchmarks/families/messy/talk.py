"""Data: the messy phrasing family, part 3 of 3: surface variation (``PREFIXES``, ``SUFFIXES``,
``EXPANSIONS``), dated events, distractors, filler and tasks."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import words

# Variations layered over any fact frame, so the same frame is not always the same string. The
# prefixes are lower case, so a prefixed text starts lower case; the expansions go the other way
# (typed short forms). None may touch a value or a relative date expression.
PREFIXES = words(
    "oh btw|random but|ok so|lol ok|also fyi|not that it matters but|sorry unrelated but|oh yeah and|"
    "quick thing,|anyway"
)
SUFFIXES = words("lol|just saying|(not that it matters)|anyway|haha")
EXPANSIONS = (
    ("I'm ", "im "),
    ("don't ", "dont "),
    ("you ", "u "),
    ("about ", "abt "),
    ("I've ", "ive "),
    ("that's ", "thats "),
    ("it's ", "its "),
)


# Events said with a relative date: (clause, question); {p}, {name}, ... as in filler. The clause
# may drop its subject ("got the flu jab"), as people do when they type.
PAST_EVENTS = (
    ("put my signature on the lease", "what day did I sign the lease on?"),
    ("got my teeth checked at the dentist", "when was I at the dentist?"),
    ("got the flu jab", "when did I get the flu jab"),
    ("the {p} beta went out the door", "what day did the {p} beta go out the door?"),
    ("grabbed coffee w/ {name}", "coffee w/ {name} was when?"),
    ("I finally got through {book}", "when did I get to the end of {book}?"),
    ("my {rel} stayed over", "which day did my {rel} sleep over?"),
    ("sorted out the passport renewal", "passport renewal got done when?"),
    ("{p} went down hard", "{p} outage was which day?"),
    ("did my first ever half marathon", "what day was my first half marathon?"),
    ("bought myself a new bike", "when'd I get myself that bike?"),
    ("had the interview w/ {company}", "the {company} interview, what day was that?"),
    ("transferred the money for the {utility} bill", "when did the {utility} money go out?"),
    ("the tax return got submitted", "what day did the taxes get filed?"),
    ("was on the phone w/ {name} re the {p} contract", "call w/ {name} about the {p} contract was when?"),
    ("the {p} release got reverted", "when was the {p} release reverted?"),
    ("got handed the keys to the new place", "what day did I get the keys for the new place?"),
    ("did my {concept} talk", "when did I do my {concept} talk?"),
    ("the monster {p} refactor finally landed on main", "what day did the big {p} refactor merge?"),
    ("killed the flaky {p} test for good", "when did the flaky {p} test get sorted?"),
    ("locked in flights to {city}", "when did I lock in the {city} flights?"),
    ("{name} had their first day on the {team} team", "{name}'s first day on the {team} team was when?"),
    ("sat through my perf review with {name}", "{name} did my perf review on which day?"),
    ("sent {company} the {p} proposal", "the {p} proposal went to {company} when?"),
    ("had {dish} for the first time in my life", "first time I ate {dish}, when was that?"),
)
FUTURE_EVENTS = (
    ("flying out to {city}", "{city} flight is when?"),
    ("got an interview at {company}", "the {company} interview is when?"),
    ("we're showing {p} to leadership", "when are we showing {p} to leadership?"),
    ("my {rel} is crashing at mine", "when's my {rel} crashing at mine?"),
    ("got a dentist appointment", "dentist appt is when?"),
    ("collecting the new bike from the shop", "when do I collect the bike from the shop?"),
    ("the {p} kickoff is happening", "when's the {p} kickoff?"),
    ("gotta present the {p} roadmap", "the {p} roadmap presentation is on what day?"),
    ("grabbing dinner w/ {name}", "dinner w/ {name} is when?"),
    ("signing the {company} contract", "when do we sign with {company}?"),
    ("doing the {city} 10k", "what day's the {city} 10k?"),
    ("the {p} code freeze kicks in", "when's the {p} code freeze starting"),
)
PAST_FRAMES = words(
    "{expr} {vp}, just so it's written down somewhere|so yeah {vp} {expr}|{vp} {expr} lol|"
    "{Expr} {vp}. anyway|forgot to mention, {vp} {expr}|wait did I tell you?? {vp} {expr}|"
    "{vp} {expr}, long story|{expr} {vp} and I'm still processing it|random update but {vp} {expr}"
)
FUTURE_FRAMES = words(
    "{vp} {expr} and I'm so not ready|so {vp} {expr}, wish me luck|{expr} {vp}, if I go quiet that's why|"
    "{Expr} {vp}, ugh|mental note, {vp} {expr}|lowkey nervous bc {vp} {expr}|"
    "fyi {vp} {expr} so I'm kinda busy"
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference. Row by
# row the same item, hours, expression and question as the conversational family.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    ("number", "can someone look at PR {x} pls, it still needs a second approval", None, "", 0, "", ""),
    ("number", "finally got word that invoice {x} from {company} is paid, all of it", None, "", 0, "", ""),
    ("number", "the schema change is still blocking {code}-{x} ugh", None, "", 0, "", ""),
    ("number", "booked room {x} for the {p} retro, hope the projector works", None, "", 0, "", ""),
    ("number", "only got like {x} hours of sleep last night and it shows", None, "last night", -1, "", ""),
    ("number", "did {x} km this morning before anyone else was up", (9, 23), "this morning", 0, "", ""),
    ("number", "CI for {p} ran {x} tests today and somehow none of them flaked", None, "today", 0, "", ""),
    ("number", "the {p} hardware finally shipped, order #{x}", None, "", 0, "", ""),
    ("date", "gotta pay the {utility} bill by {x} or they charge a late fee", None, "", 0, "", ""),
    ("date", "{p} status report is due {x}, not looking forward to it", None, "", 0, "", ""),
    ("date", "sprint review for {p} is on {x}, in case anyone asks", None, "", 0, "", ""),
    ("date", "maintenance window for {p} is {x}, expect things to be flaky", None, "", 0, "", ""),
    ("date", "the {city} office rent is due {x}, someone remind finance", None, "", 0, "", ""),
    (
        "name",
        "{what} w/ {x} is on {day}, pls don't let me double book",
        None,
        "",
        0,
        "when's my {what} with {x}?",
        "day",
    ),
    ("name", "{p} contract draft needs to go to {x}, can u do that", None, "", 0, "", ""),
    ("name", "{x} has the {p} design doc for review rn", None, "", 0, "", ""),
    ("name", "ok lunch at {place} with {x} is confirmed", None, "", 0, "", ""),
    (
        "name",
        "{x} covered my concert ticket, I owe them {amount}",
        None,
        "",
        0,
        "how much do I owe {x}?",
        "amount",
    ),
    ("name", "need to call {x} re the {p} budget", None, "", 0, "", ""),
    ("negation", "fyi today im {x}working from my couch", None, "today", 0, "", ""),
    ("negation", "we are {x}deploying {p} today", None, "today", 0, "", ""),
    ("negation", "{name} will {x}make it to standup this morning", (7, 12), "this morning", 0, "", ""),
    ("negation", "ok so I'm {x}doing gym tonight", (7, 19), "tonight", 0, "", ""),
    ("negation", "CI on {p} is {x}red this afternoon", (12, 18), "this afternoon", 0, "", ""),
    ("negation", "the 8:15 was {x}delayed this morning lol", (9, 23), "this morning", 0, "", ""),
    ("negation", "im {x}feeling great today tbh", None, "today", 0, "", ""),
    ("negation", "office is {x}getting a visit from {name} today", None, "today", 0, "", ""),
)

FILLER_USER = words(
    "ok dumb question but how does {concept} actually work under the hood|"
    "{tool} or {tool2}?? I keep going back and forth|"
    "can u write {name} a quick msg about {concept}, nothing formal|need ideas for {activity}, I'm all out|"
    "any tips for {activity} that aren't the obvious ones|tldr of {book}?|"
    "easy recipe for {dish}? nothing fancy|is my thinking on {concept} totally off or|"
    "commit msg for the {change} pls, I'm blanking|weekend in {city}, what do I even pack|"
    "{tool} for {usecase}: overkill or nah?|"
    "how do u say '{phrase}' in {hlang} without sounding like a robot|explain {concept} like im five|"
    "what usually goes wrong w/ {concept}|podcast recs for {field}?|"
    "what's {city} like weather-wise in {month}|what's a sane {tool} setup for {usecase}|"
    "why do ppl pick {tool} over {tool2} tho|can u turn my messy {concept} notes into a checklist|"
    "gift idea for {activity}, budget is tight|{concept} vs {concept2} in like two sentences|"
    "write me a haiku about {annoyance}, I need to vent|already know {tool2}, is {tool} worth the hassle?|"
    "ok {book} is done, what do I read next|{city} for a weekend, what would u do? {sight} is a must|"
    "how do ppl even test {concept}|grocery list for {dish} pls|"
    "where would u start with {field} if u knew nothing|is {tool} still a thing or has everyone moved on"
)
FILLER_ASSISTANT = words(
    "{concept} clicks faster with a concrete example, so let's walk through one.|"
    "Short version: {tool} for {usecase}, {tool2} if {quality} is what you care about.|"
    "For {activity} maybe {idea}? Or {idea2}, or {idea3} if that's more your thing.|"
    "Here's a casual message for {name} about {concept}; feel free to edit it.|"
    "The usual trap with {concept} is {pitfall}.|"
    "For {dish}, the trick is {ingredient}; everything else is forgiving.|"
    "If you're in {city}, {sight} and {sight2} are both worth a look.|"
    "Sounds like {cause}. I'd try {fix} before anything else.|"
    "Basically {concept} buys you {quality} and costs you {quality2}.|"
    "Split the {change}: {concept} in one commit, the tests in another.|"
    "People who like {book} usually enjoy {book2} too.|"
    "Go with {tool} for {usecase}; {tool2} can come later if you outgrow it.|"
    "One thing to write a test for with {concept} is {pitfall}.|"
    "Here's the {hlang} version, plus a more relaxed one.|"
    "{city} in {month}: mostly mild, sometimes wet, so layers.|"
    "Your {concept} notes, as a checklist of {n} steps.|"
    "{n} things on the list for {dish}; {ingredient} is the only one you might not have.|"
    "For {field}, pick one beginner book and one tiny project and go from there.|"
    "Running {tool} and {tool2} in parallel while {usecase} moves over is totally fine.|"
    "Fair point: {concept} can be overkill here, and a simpler option might do."
)
FILLER_CHAT = words(
    "ohhh ok the {concept} thing makes sense now|{annoyance}. AGAIN. why is it always me|"
    "that {concept} meeting went on foreverrr|just got back from {hobby} and feel amazing|"
    "lmao ok {tool} point taken|made the {dish}, 10/10 would make again|halfway thru {book} and hooked|"
    "still not sold on {tool2} but whatever, let's try|yesss that fixed the {tool} thing|"
    "fine, trip's gonna be {city}|{annoyance} is genuinely ruining my week|{fix} worked, ty!!"
)
TASK_FRAMES = words(
    "ugh {p} still needs me to {task}|before the {p} review I really need to {task}|"
    "can someone {task} for {p}? ok fine it's gonna be me|{p} todo, pls track it: {task}|"
    "pls make sure I {task}, I will absolutely forget|add '{task}' to the {p} pile|"
    "nothing moves on {p} until I {task}|from the {p} sync: somebody needs to {task}, prob me|"
    "need to {task} at some point for {p}, not urgent|{name} is waiting on me to {task}|"
    "{p}: gotta {task} next"
)
