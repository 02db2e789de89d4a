"""Data: the asides phrasing family, part 3 of 3: surface variation (``PREFIXES``, ``SUFFIXES``,
``EXPANSIONS``), dated events, distractors, filler and tasks."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import words

# Variations layered over any fact frame, so the same frame is not always the same string.
PREFIXES = words(
    "Hey,|Hi,|Hello again,|Quick one:|ok so|Sorry, another one:|Hiya,|Right,|Um,|Question:|Hi there,"
)
SUFFIXES = words("Thanks!|Thank you.|Cheers.|ty|Appreciate it.|No rush.|Thanks in advance!|Much appreciated.")
EXPANSIONS = (
    ("I'm ", "I am "),
    ("I've ", "I have "),
    ("don't ", "do not "),
    ("can't ", "cannot "),
    ("it's ", "it is "),
    ("that's ", "that is "),
    ("they're ", "they are "),
    ("What's ", "What is "),
    ("I'd ", "I would "),
    ("We've ", "We have "),
)


# Events said with a relative date: (verb phrase, question); {p}, {name}, ... as in filler.
PAST_EVENTS = (
    ("I picked up my new glasses", "When did I pick up my new glasses?"),
    ("I had the {p} retro with {name}", "When did I have the {p} retro with {name}?"),
    ("I got the car serviced", "When did I get the car serviced?"),
    ("I sent the {p} invoice to {company}", "When did I send the {p} invoice to {company}?"),
    ("we hit the {p} milestone", "When did we hit the {p} milestone?"),
    ("I returned {book} to the library", "When did I return {book} to the library?"),
    ("my {rel} called about the holidays", "When did my {rel} call about the holidays?"),
    ("I paid the deposit for the {city} trip", "When did I pay the deposit for the {city} trip?"),
    ("I cooked {dish} for the first time", "When did I first cook {dish}?"),
    ("I got the {utility} meter read", "When did I get the {utility} meter read?"),
    ("we migrated the {p} staging server", "When did we migrate the {p} staging server?"),
    (
        "I had a call with {company} about {concept}",
        "When did I have the call with {company} about {concept}?",
    ),
    ("I had my eye test", "When was my eye test?"),
    ("I presented {concept} to the {team} team", "When did I present {concept} to the {team} team?"),
    ("I submitted the {p} expense claim", "When did I submit the {p} expense claim?"),
    ("I got a parking ticket", "When did I get the parking ticket?"),
    ("{name} reviewed my {p} pull request", "When did {name} review my {p} pull request?"),
    ("I finished the {book} audiobook", "When did I finish the {book} audiobook?"),
    ("I reported the {p} security bug", "When did I report the {p} security bug?"),
    ("I sent back the broken headphones", "When did I send back the broken headphones?"),
    ("I went to {name}'s leaving drinks", "When did I go to {name}'s leaving drinks?"),
    ("we onboarded {company} onto {p}", "When did we onboard {company} onto {p}?"),
    ("I switched {utility} providers", "When did I switch {utility} providers?"),
    ("I sold my old laptop", "When did I sell my old laptop?"),
    ("I signed up for the {city} marathon", "When did I sign up for the {city} marathon?"),
)
FUTURE_EVENTS = (
    ("I'm driving to {city}", "When am I driving to {city}?"),
    ("I have a call with {company} about {p}", "When is my call with {company} about {p}?"),
    ("my {rel} is arriving", "When is my {rel} arriving?"),
    ("I'm getting my hair cut", "When am I getting my hair cut?"),
    ("the {p} migration is scheduled", "When is the {p} migration scheduled?"),
    ("I'm meeting {name} at the airport", "When am I meeting {name} at the airport?"),
    ("I'm hosting the {team} team lunch", "When am I hosting the {team} team lunch?"),
    ("the plumber is coming", "When is the plumber coming?"),
    ("I'm taking the car in for its inspection", "When am I taking the car in for its inspection?"),
    ("we're releasing the {p} update", "When are we releasing the {p} update?"),
    ("I'm giving a workshop on {concept}", "When am I giving the workshop on {concept}?"),
    ("my book club is discussing {book}", "When is my book club discussing {book}?"),
    ("I'm cooking {dish} for friends", "When am I cooking {dish} for friends?"),
    ("the {utility} engineer is visiting", "When is the {utility} engineer visiting?"),
    ("{name} is handing over the {p} docs", "When is {name} handing over the {p} docs?"),
)
PAST_FRAMES = words(
    "Can you note down that {vp} {expr}?|{Expr} {vp} - can you add that to my log?|"
    "{Vp} {expr}. Could you file that under admin stuff?|for my records: {vp} {expr}. thanks|"
    "Help me write a one-line note for my journal: {vp} {expr}.|{Vp} {expr}, so please tick it off my list.|"
    "Can you remember that {vp} {expr}? I'll need it later.|{Expr}, {vp}. Remind me of that if I ask?|"
    "Add to my timeline: {vp} {expr}."
)
FUTURE_FRAMES = words(
    "Can you block my calendar? {Vp} {expr}.|{Expr} {vp}, so please plan around it.|"
    "Remind me that {vp} {expr}?|heads up for scheduling: {vp} {expr}|{Vp} {expr} - what should I prep?|"
    "Could you keep in mind that {vp} {expr} when you plan my week?|{Expr}, {vp}. Can you make me a "
    "checklist?"
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    (
        "number",
        "Can you chase the reviewers on PR #{x}? It's been sitting there forever.",
        None,
        "",
        0,
        "",
        "",
    ),
    (
        "number",
        "Help me write a polite reminder about invoice {x} from {company}, still unpaid.",
        None,
        "",
        0,
        "",
        "",
    ),
    ("number", "What does error code {x} mean in the {p} logs? I keep seeing it.", None, "", 0, "", ""),
    ("number", "Can you draft a complaint about order #{x}? It arrived damaged.", None, "", 0, "", ""),
    (
        "number",
        "Summarise ticket {code}-{x} for me, I need to post an update about {p}.",
        None,
        "",
        0,
        "",
        "",
    ),
    ("number", "Could you explain the stack trace around line {x} of the {p} importer?", None, "", 0, "", ""),
    (
        "number",
        "Booking ref {x} for the {city} hotel - can you ask them for a late check-in?",
        None,
        "",
        0,
        "",
        "",
    ),
    (
        "number",
        "I slept {x} hours last night, can you suggest a lighter workout?",
        None,
        "last night",
        -1,
        "",
        "",
    ),
    (
        "number",
        "I cycled {x} km this morning - roughly how many calories is that?",
        (9, 23),
        "this morning",
        0,
        "",
        "",
    ),
    ("date", "Can you remind me to renew the {utility} contract by {x}?", None, "", 0, "", ""),
    ("date", "Draft an email confirming the {p} demo for {x}.", None, "", 0, "", ""),
    ("date", "Help me prepare for the {p} audit on {x}.", None, "", 0, "", ""),
    ("date", "Could you add the dentist checkup on {x} to my calendar?", None, "", 0, "", ""),
    ("date", "What do I need to bring to the {p} quarterly review on {x}?", None, "", 0, "", ""),
    (
        "name",
        "Can you help me prep for the {what} with {x} on {day}?",
        None,
        "",
        0,
        "What day is my {what} with {x}?",
        "day",
    ),
    ("name", "Write a nudge to {x} about the {p} code review, please.", None, "", 0, "", ""),
    (
        "name",
        "Help me settle up: I owe {x} {amount} for the gig tickets.",
        None,
        "",
        0,
        "What amount do I owe {x} for the gig tickets?",
        "amount",
    ),
    ("name", "Could you shorten the {p} handover doc before I send it to {x}?", None, "", 0, "", ""),
    ("name", "Can you draft a message booking {place} for me and {x}?", None, "", 0, "", ""),
    ("name", "Please remind me to thank {x} for covering the {p} on-call shift.", None, "", 0, "", ""),
    ("name", "{x} asked for the {p} slides - can you make them less wordy?", None, "", 0, "", ""),
    (
        "negation",
        "I'm {x}coming into the office today, so can you move my calls around?",
        None,
        "today",
        0,
        "",
        "",
    ),
    (
        "negation",
        "The {p} release is {x}happening today - help me write the update for the channel.",
        None,
        "today",
        0,
        "",
        "",
    ),
    (
        "negation",
        "{name} is {x}joining the sync this morning - could you tweak the agenda?",
        (7, 12),
        "this morning",
        0,
        "",
        "",
    ),
    (
        "negation",
        "I'm {x}cooking tonight, so what should I do with the leftovers?",
        (7, 19),
        "tonight",
        0,
        "",
        "",
    ),
    (
        "negation",
        "The {p} tests are {x}passing this afternoon, any idea why the deploy is stuck?",
        (12, 18),
        "this afternoon",
        0,
        "",
        "",
    ),
    (
        "negation",
        "My train was {x}delayed this morning - can you help me reply to the team chat?",
        (9, 23),
        "this morning",
        0,
        "",
        "",
    ),
    (
        "negation",
        "{name} is {x}working remotely today, should I book a room for our chat?",
        None,
        "today",
        0,
        "",
        "",
    ),
)

FILLER_USER = words(
    "Can you help me write a polite email turning down an invite to {activity}?|"
    "What's a simple way to explain {concept} to a new colleague?|"
    "Could you make a three-day itinerary for {city}? I'd like to see {sight}.|"
    "help me debug this, i think it's {cause} but not sure|"
    "Can you rewrite this paragraph about {concept} so it's half as long?|"
    "How do I make {dish} without it going bland?|"
    "Draft a message to {name} asking to move our catch-up.|"
    "Can you turn this list into a table: {tool}, {tool2}, {tool3}?|"
    "Give me a packing list for {activity}.|"
    "What's the {hlang} for '{phrase}'? Need it for a message.|"
    "Help me set a budget for {activity}.|"
    "Could you suggest a name for a newsletter about {field}?|"
    "Proofread this commit message for the {change}, please.|"
    "How should I structure a README for {usecase}?|"
    "Make me a study plan for {field} over {n} weeks.|"
    "what's a good icebreaker for {activity}?|"
    "Can you compare {tool} and {tool2} for {usecase} in a short table?|"
    "Write a short thank-you note to {name}, nothing fancy.|"
    "Suggest {n} questions for a book club on {book}.|"
    "Could you draft a grocery list for {dish} and {dish2}?|"
    "How do I get {tool} to stop failing? I suspect {cause}.|"
    "Can you explain what {pitfall} means in plain words?|"
    "Find me a fun way to spend an afternoon in {city} with {sight}.|"
    "I need a catchy title for a talk on {concept}. Ideas?|"
    "Write me a limerick about {annoyance}, I need cheering up.|"
    "Could you plan a {month} weekend in {city}? Something with {sight}.|"
    "Turn these notes into an agenda for {activity}, please.|"
    "Help me reply to a friend who asked what {field} is about.|"
    "What's a gentle way to say no to {activity}?|"
    "Draft a to-do list for setting up {tool} for {usecase}.|"
    "What are the trade-offs of {concept} versus {concept2}?|"
    "can u recomend a beginner book on {field}|"
    "Rewrite this so it sounds less passive-aggressive: '{phrase}'.|"
    "Is {fix} a safe thing to try, or could it break something?|"
    "Give me a quick outline for a blog post on {concept} and {pitfall}."
)
FILLER_ASSISTANT = words(
    "Here's a shorter version of the paragraph on {concept}, about half the length.|"
    "I'd go with {tool} for {usecase}; {tool2} is fine too if you value {quality}.|"
    "Here's a draft for {name}: a friendly opener, the ask, and a short sign-off.|"
    "For {dish}, {ingredient} makes the biggest difference.|"
    "A three-day plan for {city}: day one {sight}, day two {sight2}, and keep day three loose.|"
    "That error is most likely {cause}. I'd try {fix} before anything else.|"
    "Here are {n} ideas for {activity}, starting with {idea} and {idea2}.|"
    "In {hlang} that comes out a bit more formal than in English; here are two options.|"
    "The short version: {concept} buys you {quality} at the cost of {quality2}.|"
    "Watch out for {pitfall}; it's the usual way this goes wrong.|"
    "I've reworded the commit message for the {change} so it leads with the why.|"
    "If you enjoyed {book}, {book2} has a similar feel.|"
    "Here's the table comparing {tool} and {tool2}; the big difference is {quality}.|"
    "A study plan for {field}: one intro book, one course, and a small project to tie it together.|"
    "Your packing list for {activity} has {n} items; I left out anything bulky.|"
    "I'd structure the README for {usecase} as: what it is, how to run it, how to test it.|"
    "{concept} is easiest to see with a tiny example, so here's one.|"
    "Sure, here's a polite decline for {activity} that still leaves the door open.|"
    "For a {month} trip to {city}, book {sight} early; it gets busy.|"
    "You could fix that with {fix}; if it comes back, check for {cause}.|"
    "Here's an agenda for {activity} with {n} short items and a buffer at the end.|"
    "Good catch. With {tool}, the usual culprit is {cause}."
)
FILLER_CHAT = words(
    "perfect, that fixed the {tool} thing, thanks|Hmm, not quite what I meant about {concept}, but close.|"
    "lol {annoyance} strikes again|Sorry, got distracted by {annoyance}.|"
    "Nice, the {dish} plan looks doable.|Oh, that's way better than my version of the {change} message.|"
    "Fair enough, I'll try {tool} first.|Good shout on {fix}, sorted.|ok {city} it is then|"
    "Added {book} to my list, cheers.|ugh, {annoyance}. anyway.|That {hlang} version is spot on, thank you.|"
    "Makes sense now, {concept} finally clicked."
)
TASK_FRAMES = words(
    "Can you remind me to {task} for {p}?|add '{task}' to my {p} list pls|"
    "Before the {p} review I have to {task}. Can you break it into steps?|"
    "Help me find time to {task} - it's for {p}.|{name} asked me to {task}. Could you draft a plan?|"
    "What's the quickest way to {task}? It's on my plate for {p}.|"
    "Put '{task}' on my to-do list under {p}, would you?|"
    "I keep putting off having to {task} for {p}. Nudge me?|"
    "Can you write a checklist so I remember to {task}?|my todo for {p}: {task}. can you keep track|"
    "Roughly how long will it take me to {task} for {p}?"
)
