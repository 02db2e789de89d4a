"""Data: the plain phrasing family, part 3 of 3: surface variation (``PREFIXES``, ``SUFFIXES``,
``EXPANSIONS``), dated events, distractors, filler and tasks."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import words

# Variations layered over any fact frame, so the same frame is not always the same string.
PREFIXES = words("Note:|FWIW,|Context:|Noted -|Worth knowing:|PS:|btw|For reference:|Memo:|Aside:")
SUFFIXES = words("(noted)|For future reference.|Keep on file.|Relevant for later.")
EXPANSIONS = (
    ("they're ", "they are "),
    ("I'm ", "I am "),
    ("it's ", "it is "),
    ("that's ", "that is "),
    ("There's ", "There is "),
    ("You'll ", "You will "),
    ("what's ", "what is "),
)


# Events said with a relative date: (clause, question); {p}, {name}, ... as in filler.
PAST_EVENTS = (
    ("user signed the rental lease", "When was the lease signed?"),
    ("the dentist appointment happened", "When did I go to the dentist?"),
    ("they got a flu shot", "flu shot, when was it?"),
    ("the {p} beta went out", "When did the {p} beta ship?"),
    ("coffee with {name} happened", "When did I have coffee with {name}?"),
    ("user finished {book}", "When did I finish {book}?"),
    ("their {rel} visited", "When was my {rel} over?"),
    ("the passport renewal went through", "When was my passport renewed?"),
    ("{p} had an outage", "When did {p} go down?"),
    ("user completed a first half marathon", "When did I do my first half marathon?"),
    ("a new bike was bought", "When did I get the new bike?"),
    ("user had an interview with {company}", "When was the {company} interview?"),
    ("the {utility} bill got paid", "When was the {utility} bill paid?"),
    ("the tax return was filed", "When did the tax return go in?"),
    ("user phoned {name} regarding the {p} contract", "When did I talk to {name} about the {p} contract?"),
    ("the {p} release was rolled back", "When was the {p} rollback?"),
    ("keys to the new flat were handed over", "When did I get the new flat's keys?"),
    ("user presented a talk about {concept}", "When was my {concept} talk?"),
    ("the large {p} refactor got merged", "When did the {p} refactor land?"),
    ("the flaky {p} test got fixed", "When was the flaky {p} test fixed?"),
    ("flights to {city} were booked", "When did I book the {city} flights?"),
    ("{name} joined the {team} team", "When did {name} join the {team} team?"),
    ("user's performance review with {name} took place", "When did I have the review with {name}?"),
    ("the {p} proposal went to {company}", "When was the {p} proposal sent to {company}?"),
    ("user tasted {dish} for the first time", "When did I first have {dish}?"),
)
FUTURE_EVENTS = (
    ("user flies out to {city}", "When is my flight to {city}?"),
    ("there's an interview at {company}", "When do I interview with {company}?"),
    ("{p} gets demoed to leadership", "When is the {p} demo for leadership?"),
    ("their {rel} comes to stay", "When does my {rel} arrive?"),
    ("the dentist appointment is on", "When's the dentist?"),
    ("the new bike is ready for pickup", "When can I collect the new bike?"),
    ("the {p} project kicks off", "When does the {p} kickoff happen?"),
    ("user presents the {p} roadmap", "When is my {p} roadmap presentation?"),
    ("dinner with {name} is planned", "When is dinner with {name}?"),
    ("the {company} contract gets signed", "When will the {company} contract be signed?"),
    ("user runs the {city} 10k", "When is the {city} 10k?"),
    ("the code freeze for {p} begins", "When does the {p} code freeze begin?"),
)
PAST_FRAMES = words(
    "{Expr}: {vp}.|{Vp} {expr}.|Logged: {vp} {expr}.|{Expr}, {vp} (per chat).|"
    "{Vp} {expr} - done and dusted.|For the record, {vp} {expr}.|{Vp}; that was {expr}.|"
    "Per user, {vp} {expr}."
)
FUTURE_FRAMES = words(
    "{Expr}: {vp}.|{Vp} {expr}.|Upcoming, {vp} {expr}.|Calendar: {vp} {expr}.|"
    "{Vp} {expr}, so expect them to be busy.|Scheduled {expr}: {vp}.|Plan is that {vp} {expr}."
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    ("number", "Pull request {x} on {p} is waiting for a second approval.", None, "", 0, "", ""),
    ("number", "Paid in full: {company} invoice no. {x}.", None, "", 0, "", ""),
    ("number", "Schema change is blocking ticket {code}-{x}.", None, "", 0, "", ""),
    ("number", "{p} retro booked in meeting room {x}.", None, "", 0, "", ""),
    ("number", "Got about {x} hours of sleep last night.", None, "last night", -1, "", ""),
    ("number", "Morning run done: {x} km this morning.", (9, 23), "this morning", 0, "", ""),
    ("number", "{p} CI run today: {x} tests passed.", None, "today", 0, "", ""),
    ("number", "Shipment #{x} (the {p} hardware) is on its way.", None, "", 0, "", ""),
    ("date", "{utility} bill due {x}.", None, "", 0, "", ""),
    ("date", "Status report for {p} has to be in by {x}.", None, "", 0, "", ""),
    ("date", "Sprint review ({p}) scheduled for {x}.", None, "", 0, "", ""),
    ("date", "{p} maintenance window: {x}.", None, "", 0, "", ""),
    ("date", "Office rent in {city} needs paying on {x}.", None, "", 0, "", ""),
    ("name", "{what} with {x} is set for {day}.", None, "", 0, "What day is the {what} with {x}?", "day"),
    ("name", "The {p} contract draft should go to {x}.", None, "", 0, "", ""),
    ("name", "Design doc for {p} is with {x} for review.", None, "", 0, "", ""),
    ("name", "Confirmed lunch at {place} with {x}.", None, "", 0, "", ""),
    ("name", "Concert tickets: user owes {x} {amount}.", None, "", 0, "How much does the user owe {x}?", "amount"),
    ("name", "Need to ring {x} about the {p} budget.", None, "", 0, "", ""),
    ("negation", "User is {x}working from home today.", None, "today", 0, "", ""),
    ("negation", "Today the {p} deploy is {x}happening.", None, "today", 0, "", ""),
    ("negation", "Standup this morning: {name} is {x}attending.", (7, 12), "this morning", 0, "", ""),
    ("negation", "Plan for tonight: {x}hitting the gym.", (7, 19), "tonight", 0, "", ""),
    ("negation", "{p} build this afternoon is {x}passing.", (12, 18), "this afternoon", 0, "", ""),
    ("negation", "Commute this morning: the train was {x}on schedule.", (9, 23), "this morning", 0, "", ""),
    ("negation", "User says they're {x}feeling well today.", None, "today", 0, "", ""),
    ("negation", "{name} is {x}at the office today.", None, "today", 0, "", ""),
)

FILLER_USER = words(
    "how does {concept} actually work|{tool} vs {tool2}, which one?|"
    "Draft something short for {name} on {concept}, please.|ideas for {activity}?|"
    "Need tips: {activity}.|{book} - give me the gist.|Recipe for {dish}, something simple.|"
    "Does my take on {concept} hold up?|Commit message for the {change}, go.|"
    "Packing list for {city}, weekend trip.|Would {tool} work for {usecase}?|"
    "How do you say '{phrase}' in {hlang}?|ELI5 {concept}|Where do people trip up with {concept}?|"
    "Any good podcasts on {field}?|Typical weather in {city} during {month}?|"
    "Walk me through configuring {tool} for {usecase}.|When does {tool} beat {tool2}?|"
    "Turn these {concept} notes into a checklist.|Gift idea for {activity}?|"
    "{concept} versus {concept2}, short version please.|Haiku about {annoyance}, for fun.|"
    "Worth picking up {tool} when I already use {tool2}?|Next book after {book}?|"
    "Plan me a weekend in {city} that includes {sight}.|Testing strategy for {concept}?|"
    "Shopping list for {dish}.|Beginner resources for {field}?|Sanity check: is {concept} overkill here?|"
    "Rewrite this intro on {concept} so it reads better."
)
FILLER_ASSISTANT = words(
    "Here's a quick rundown of {concept}, plus a small example.|"
    "For {usecase} I'd lean towards {tool}; {tool2} is stronger if {quality} matters most.|"
    "Three options for {activity}: {idea}, {idea2}, or {idea3}.|"
    "Draft for {name} on {concept} is below; tweak the tone as needed.|"
    "Biggest risk with {concept}: {pitfall}.|With {dish}, the key is {ingredient}; don't rush it.|"
    "In {city} I'd fit in {sight} and maybe {sight2}.|"
    "Most likely cause is {cause}; {fix} usually sorts it out.|"
    "Short answer: {concept} gives up {quality} to get {quality2}.|"
    "I'd break the {change} into two commits: {concept} first, tests second.|"
    "Since {book} worked for you, {book2} could be a good next read.|"
    "Start {usecase} on {tool}; bring in {tool2} only once it hurts.|"
    "Watch out for {pitfall} with {concept}; a regression test helps.|"
    "Translated into {hlang} below, with an informal version as well.|"
    "Expect mild weather in {city} in {month}; a light layer should do.|"
    "Checklist from your {concept} notes: {n} steps.|"
    "Grocery list for {dish}: {n} items, only {ingredient} might need a special trip.|"
    "To get into {field}, pick one intro book and one small project.|"
    "Running {tool} next to {tool2} during the {usecase} migration is fine.|"
    "Good question; {concept} is easier to see with a diagram, so here's one in text."
)
FILLER_CHAT = words(
    "ok that {concept} explanation clicked|{annoyance}. again.|"
    "meeting about {concept} ran way over|back from {hobby}, feel great|"
    "lol fair re {tool}|made the {dish}, turned out well|halfway into {book}, liking it so far|"
    "not convinced about {tool2} but fine, let's try|yep that fixed {tool}|"
    "alright, {city} for the trip|{annoyance} is the worst, honestly|{fix} did the trick, thanks"
)
TASK_FRAMES = words(
    "To do ({p}): {task}.|Need to {task} ahead of the {p} review.|Open item on {p}: {task}.|"
    "From the {p} sync, someone owes: {task}.|Must not forget: {task}.|Add to the {p} list: {task}.|"
    "{p}, next step: {task}.|{p} is stuck until I {task}.|Outstanding for {p}: {task}.|"
    "{p} board item: {task}.|Told {name} I would {task}."
)
