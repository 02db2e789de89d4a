"""Data: the conversational phrasing family, part 3 of 3: surface variation (``PREFIXES``, ``SUFFIXES``,
``EXPANSIONS``), dated events, distractors, filler and tasks."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import words

# Variations layered over any fact frame, so the same frame is not always the same string.
PREFIXES = words(
    "By the way, |Just so you know, |FYI: |Oh, and |For the record, |Quick note: |Also, |"
    "Something to remember: |Side note: |In case it matters, "
)
SUFFIXES = words(" Just so you have it.| Keep that in mind.| Thought you should know.| Worth remembering.")
EXPANSIONS = (
    ("I'm ", "I am "),
    ("I've ", "I have "),
    ("we're ", "we are "),
    ("We're ", "We are "),
    ("don't ", "do not "),
    ("it's ", "it is "),
    ("can't ", "cannot "),
    ("isn't ", "is not "),
    ("I'd ", "I would "),
)


# Events said with a relative date: (verb phrase, question); {p}, {name}, ... as in filler.
PAST_EVENTS = (
    ("I signed the lease", "When did I sign the lease?"),
    ("I had my dentist appointment", "When was my dentist appointment?"),
    ("I got my flu shot", "When did I get my flu shot?"),
    ("we shipped the {p} beta", "When did we ship the {p} beta?"),
    ("I met {name} for coffee", "When did I meet {name} for coffee?"),
    ("I finished reading {book}", "When did I finish reading {book}?"),
    ("my {rel} came to visit", "When did my {rel} visit?"),
    ("I renewed my passport", "When did I renew my passport?"),
    ("we had the {p} outage", "When was the {p} outage?"),
    ("I ran my first half marathon", "When did I run my first half marathon?"),
    ("I bought a new bike", "When did I buy the new bike?"),
    ("I interviewed with {company}", "When did I interview with {company}?"),
    ("I paid the {utility} bill", "When did I pay the {utility} bill?"),
    ("I submitted my tax return", "When did I submit my tax return?"),
    ("I called {name} about the {p} contract", "When did I call {name} about the {p} contract?"),
    ("we rolled back the {p} release", "When did we roll back the {p} release?"),
    ("I got the keys to the new flat", "When did I get the keys to the new flat?"),
    ("I gave the talk on {concept}", "When did I give the talk on {concept}?"),
    ("we merged the big {p} refactor", "When did we merge the big {p} refactor?"),
    ("I fixed the flaky {p} test", "When did I fix the flaky {p} test?"),
    ("I booked the flights to {city}", "When did I book the flights to {city}?"),
    ("{name} started on the {team} team", "When did {name} start on the {team} team?"),
    ("I had the performance review with {name}", "When was my performance review with {name}?"),
    ("I sent the {p} proposal to {company}", "When did I send the {p} proposal to {company}?"),
    ("I tried {dish} for the first time", "When did I first try {dish}?"),
)
FUTURE_EVENTS = (
    ("I'm flying to {city}", "When am I flying to {city}?"),
    ("I'm interviewing at {company}", "When is my interview at {company}?"),
    ("we're demoing {p} to the leadership team", "When are we demoing {p} to the leadership team?"),
    ("my {rel} is coming to visit", "When is my {rel} coming to visit?"),
    ("I'm seeing the dentist", "When am I seeing the dentist?"),
    ("I'm picking up the new bike", "When am I picking up the new bike?"),
    ("we're kicking off the {p} project", "When are we kicking off the {p} project?"),
    ("I'm presenting the {p} roadmap", "When am I presenting the {p} roadmap?"),
    ("I'm having dinner with {name}", "When am I having dinner with {name}?"),
    ("we're signing the contract with {company}", "When are we signing the contract with {company}?"),
    ("I'm running the {city} 10k", "When am I running the {city} 10k?"),
    ("the {p} freeze starts", "When does the {p} freeze start?"),
)
PAST_FRAMES = words(
    "{Expr}, {vp}.|{Expr} {vp}.|{Vp} {expr}.|Quick update: {vp} {expr}.|{Vp} {expr}, so that's done.|"
    "Note to self: {vp} {expr}.|{Vp} {expr}, in case it comes up later.|Just for the log, {vp} {expr}.|"
    "{Vp} {expr} and it went fine."
)
FUTURE_FRAMES = words(
    "{Expr} {vp}.|{Vp} {expr}.|Heads-up: {vp} {expr}.|Reminder that {vp} {expr}.|"
    "{Vp} {expr}, so I'll be offline for a bit.|Don't forget, {vp} {expr}.|{Expr}, {vp}."
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    ("number", "PR #{x} needs a second review before it can merge.", None, "", 0, "", ""),
    ("number", "Invoice {x} from {company} has been paid in full.", None, "", 0, "", ""),
    ("number", "Ticket {code}-{x} is blocked on the schema change.", None, "", 0, "", ""),
    ("number", "Room {x} is booked for the {p} retro.", None, "", 0, "", ""),
    ("number", "I slept {x} hours last night.", None, "last night", -1, "", ""),
    ("number", "I ran {x} km this morning.", (9, 23), "this morning", 0, "", ""),
    ("number", "The {p} test suite took {x} minutes on CI today.", None, "today", 0, "", ""),
    ("number", "Order #{x} for the {p} hardware shipped.", None, "", 0, "", ""),
    ("date", "Pay the {utility} bill by {x}.", None, "", 0, "", ""),
    ("date", "The {p} status report is due on {x}.", None, "", 0, "", ""),
    ("date", "The {p} sprint review is on {x}.", None, "", 0, "", ""),
    ("date", "The {p} maintenance window is on {x}.", None, "", 0, "", ""),
    ("date", "The rent for the {city} office is due on {x}.", None, "", 0, "", ""),
    ("name", "The {what} with {x} is on {day}.", None, "", 0, "When is the {what} with {x}?", "day"),
    ("name", "Send the {p} contract draft to {x}.", None, "", 0, "", ""),
    ("name", "{x} is reviewing the {p} design doc.", None, "", 0, "", ""),
    ("name", "Lunch with {x} at {place} is confirmed.", None, "", 0, "", ""),
    ("name", "I owe {x} {amount} for the concert tickets.", None, "", 0, "How much do I owe {x}?", "amount"),
    ("name", "Remember to call {x} about the {p} budget.", None, "", 0, "", ""),
    ("negation", "I'm {x}working from home today.", None, "today", 0, "", ""),
    ("negation", "The {p} deploy is {x}going out today.", None, "today", 0, "", ""),
    ("negation", "{name} is {x}joining the standup this morning.", (7, 12), "this morning", 0, "", ""),
    ("negation", "I'm {x}going to the gym tonight.", (7, 19), "tonight", 0, "", ""),
    ("negation", "The {p} build is {x}green this afternoon.", (12, 18), "this afternoon", 0, "", ""),
    ("negation", "The train was {x}on time this morning.", (9, 23), "this morning", 0, "", ""),
    ("negation", "I'm {x}feeling well today.", None, "today", 0, "", ""),
    ("negation", "{name} is {x}in the office today.", None, "today", 0, "", ""),
)

FILLER_USER = words(
    "Can you explain how {concept} works?|What's the difference between {tool} and {tool2}?|"
    "Could you draft a short note to {name} about {concept}?|Give me three ideas for {activity}.|"
    "Any tips for {activity}?|Summarize the main points of {book} for me.|"
    "What's a good recipe for {dish}?|Can you check my reasoning on {concept}?|"
    "Help me write a commit message for the {change}.|What should I pack for a weekend in {city}?|"
    "Is {tool} a good fit for {usecase}?|Translate '{phrase}' into {hlang}.|"
    "Explain {concept} like I'm new to it.|What are common pitfalls with {concept}?|"
    "Recommend a podcast about {field}.|What's the weather usually like in {city} in {month}?|"
    "How would you set up {tool} for {usecase}?|Why would someone pick {tool} over {tool2}?|"
    "Can you turn my notes on {concept} into a checklist?|What's a nice gift for {activity}?|"
    "Compare {concept} and {concept2} in two sentences.|Write a haiku about {annoyance}.|"
    "Is it worth learning {tool} if I already know {tool2}?|What should I read after {book}?|"
    "Suggest a weekend plan for {city} with {sight}.|How do people usually test {concept}?|"
    "Make a grocery list for {dish}.|Where do I start with {field}?"
)
FILLER_ASSISTANT = words(
    "Sure, here is a short overview of {concept} with an example.|"
    "{tool} is usually better for {usecase}, while {tool2} shines when you need {quality}.|"
    "Here are three ideas for {activity}: {idea}, {idea2} and {idea3}.|"
    "I drafted the note to {name} about {concept}; let me know if the tone works.|"
    "The main risk with {concept} is {pitfall}.|For {dish}, start with {ingredient} and go slowly.|"
    "A weekend in {city} could include {sight} and {sight2}.|"
    "That error usually means {cause}; try {fix} first.|"
    "In short, {concept} trades {quality} for {quality2}.|"
    "I'd split the {change} into two commits, one for {concept} and one for the tests.|"
    "If you liked {book}, you might enjoy {book2}.|"
    "For {usecase}, I'd start with {tool} and add {tool2} later if needed.|"
    "A common mistake with {concept} is {pitfall}, so add a test for it.|"
    "Here is the translation into {hlang}, with a more casual variant too.|"
    "{city} in {month} is usually mild, but pack a light jacket.|"
    "I've turned your notes on {concept} into a checklist of {n} steps.|"
    "The grocery list for {dish} has {n} items; {ingredient} is the only unusual one.|"
    "A good first step into {field} is an introductory book and a small project.|"
    "You can keep {tool} and {tool2} side by side while you migrate {usecase}."
)
FILLER_CHAT = words(
    "Thanks, the part about {concept} was really clear.|Ugh, {annoyance} again.|"
    "Long day, the discussion about {concept} dragged on.|Just finished a session of {hobby}, feeling good.|"
    "Haha, fair point about {tool}.|That recipe for {dish} turned out great.|"
    "I'm halfway through {book} and enjoying it.|Not sure I agree about {tool2}, but let's try it.|"
    "Perfect, that fixed the issue with {tool}.|Ok, {city} it is for the trip then.|"
    "Honestly, {annoyance} is the worst part of the week.|Good call on {fix}, that did it."
)
TASK_FRAMES = words(
    "TODO: {task} for {p}.|Remind me to {task} before the {p} review.|I still need to {task} for {p}.|"
    "Action item from the {p} sync: {task}.|Don't let me forget to {task}.|"
    "Can you add '{task}' to my list for {p}?|Next up on {p}: {task}.|"
    "Blocked on {p} until I {task}.|Note for {p}: someone has to {task}.|"
    "Put '{task}' on the {p} board.|I promised {name} I'd {task}."
)
