"""Data: the narrative phrasing family, part 3 of 3: surface variation (``PREFIXES``, ``SUFFIXES``,
``EXPANSIONS``), dated events, distractors, filler and tasks."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import words

# Variations layered over any fact frame, so the same frame is not always the same string.
PREFIXES = words(
    "Anyway, |As it happens, |For context, |Before I forget, |Some background: |To fill you in, |While I think of it, |"
    "On a different note, |In case I never mentioned it, |As background for later, "
)
SUFFIXES = words(
    " That's the gist of it.| Just so it's on record.| It may come up again later.|"
    " Figured it was worth writing down.| I'll probably refer back to this."
)
EXPANSIONS = (
    ("I'm ", "I am "),
    ("I've ", "I have "),
    ("didn't ", "did not "),
    ("wasn't ", "was not "),
    ("haven't ", "have not "),
    ("couldn't ", "could not "),
    ("doesn't ", "does not "),
    ("we've ", "we have "),
    ("We've ", "We have "),
    ("they're ", "they are "),
)


# Events said with a relative date: (verb phrase, question); {p}, {name}, ... as in filler.
PAST_EVENTS = (
    ("I finally signed the lease", "On what date did I sign the lease?"),
    ("I sat through my dentist appointment", "When did I go to the dentist?"),
    ("I got my flu jab at the pharmacy", "When did I get the flu jab?"),
    ("we pushed the {p} beta out to testers", "When did the {p} beta go out to testers?"),
    ("I caught up with {name} over coffee", "When did I have coffee with {name}?"),
    ("I got to the last page of {book}", "When did I finish {book}?"),
    ("my {rel} came to stay with us", "When did my {rel} come to stay?"),
    ("I sorted out my passport renewal", "When did I sort out my passport renewal?"),
    ("{p} went down for a few hours", "When did {p} have its outage?"),
    ("I finished my first half marathon", "On which day did I complete my first half marathon?"),
    ("I picked up a new bike", "When did I buy my new bike?"),
    ("I had my interview with {company}", "When was my interview with {company}?"),
    ("I settled the {utility} bill", "When did I settle the {utility} bill?"),
    ("I filed my tax return", "When did I file my tax return?"),
    ("I rang {name} about the {p} contract", "When did I ring {name} about the {p} contract?"),
    ("we had to roll back the {p} release", "When was the {p} release rolled back?"),
    ("I collected the keys to the new flat", "When did I collect the keys to the new flat?"),
    ("I gave my talk on {concept}", "When did I give my talk on {concept}?"),
    ("the big {p} refactor finally got merged", "When was the big {p} refactor merged?"),
    ("I got to the bottom of the flaky {p} test", "When did I sort out the flaky {p} test?"),
    ("I booked our flights to {city}", "When did I book our flights to {city}?"),
    ("{name} joined the {team} team", "When did {name} join the {team} team?"),
    ("I had my performance review with {name}", "When did I have my performance review with {name}?"),
    ("I emailed the {p} proposal to {company}", "When did I email the {p} proposal to {company}?"),
    ("I tasted {dish} for the very first time", "When did I first taste {dish}?"),
)
FUTURE_EVENTS = (
    ("I'm catching a flight to {city}", "When is my flight to {city}?"),
    ("I have an interview lined up at {company}", "When is the {company} interview?"),
    ("we're showing {p} to the leadership team", "When do we show {p} to the leadership team?"),
    ("my {rel} arrives for a visit", "When does my {rel} arrive for a visit?"),
    ("I'm back at the dentist", "When do I go back to the dentist?"),
    ("I'm collecting the new bike from the shop", "When am I collecting the new bike?"),
    ("the {p} project officially kicks off", "When does the {p} project kick off?"),
    ("I'm walking everyone through the {p} roadmap", "When do I present the {p} roadmap?"),
    ("I'm meeting {name} for dinner", "When is my dinner with {name}?"),
    (
        "we're putting our signatures on the {company} contract",
        "When do we sign the contract with {company}?",
    ),
    ("I'm lining up for the {city} 10k", "When is the {city} 10k I'm running?"),
    ("the code freeze on {p} begins", "When does the code freeze on {p} begin?"),
)
PAST_FRAMES = words(
    "{Vp} {expr}, which felt like a bigger deal than I expected.|"
    "{Expr} {vp}, which I'm noting here so I don't lose track of it.|"
    "Writing this down before it slips my mind: {vp} {expr}.|It was {expr} that {vp}, in case anyone asks.|"
    "For my own records, {vp} {expr}.|{Vp} {expr}. Not much else to report on that front.|"
    "So that's where things are: {vp} {expr}.|{Expr}, {vp}; I've been meaning to tell you.|"
    "In case I need the date later, {vp} {expr}."
)
FUTURE_FRAMES = words(
    "{Vp} {expr}, so I'll be slow to reply around then.|Just so it's written down somewhere, {vp} {expr}.|"
    "{Vp} {expr}, assuming nothing falls through.|As things stand, {vp} {expr}.|"
    "{Expr}, if all goes to plan, {vp}.|The plan is that {vp} {expr}.|Mark it somewhere for me: {vp} {expr}."
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference.
# Row by row the same items as the conversational family, in other words.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    (
        "number",
        "I'm still waiting on a second review for PR #{x} before I can merge it.",
        None,
        "",
        0,
        "",
        "",
    ),
    ("number", "The invoice from {company}, number {x}, has been paid in full.", None, "", 0, "", ""),
    ("number", "Ticket {code}-{x} is stuck until the schema change goes in.", None, "", 0, "", ""),
    ("number", "I managed to get room {x} for the {p} retro.", None, "", 0, "", ""),
    ("number", "My watch says I got {x} hours of sleep last night.", None, "last night", -1, "", ""),
    (
        "number",
        "I did {x} km on my run this morning before the rain started.",
        (9, 23),
        "this morning",
        0,
        "",
        "",
    ),
    ("number", "According to CI, the {p} test suite took {x} seconds today.", None, "today", 0, "", ""),
    ("number", "The hardware for {p} shipped under order #{x}.", None, "", 0, "", ""),
    ("date", "The {utility} bill arrived and has to be paid by {x}.", None, "", 0, "", ""),
    ("date", "I was told the {p} status report is due on {x}.", None, "", 0, "", ""),
    ("date", "We've scheduled the {p} sprint review for {x}.", None, "", 0, "", ""),
    ("date", "Ops announced a maintenance window for {p} on {x}.", None, "", 0, "", ""),
    ("date", "Rent for the {city} office has to be paid on {x}.", None, "", 0, "", ""),
    (
        "name",
        "I've got the {what} with {x} pencilled in for {day}.",
        None,
        "",
        0,
        "What day is the {what} with {x}?",
        "day",
    ),
    ("name", "I still need to send the {p} contract draft over to {x}.", None, "", 0, "", ""),
    ("name", "{x} offered to review the {p} design doc.", None, "", 0, "", ""),
    ("name", "Lunch with {x} at {place} is on; they confirmed.", None, "", 0, "", ""),
    (
        "name",
        "I borrowed {amount} from {x} for the concert tickets and haven't paid it back yet.",
        None,
        "",
        0,
        "How much money do I owe {x}?",
        "amount",
    ),
    ("name", "I promised to call {x} about the {p} budget.", None, "", 0, "", ""),
    ("negation", "As it stands, I'm {x}working from home today.", None, "today", 0, "", ""),
    ("negation", "Turns out the {p} deploy is {x}going out today after all.", None, "today", 0, "", ""),
    (
        "negation",
        "{name} let me know they're {x}joining the standup this morning.",
        (7, 12),
        "this morning",
        0,
        "",
        "",
    ),
    ("negation", "After the week I've had, I'm {x}going to the gym tonight.", (7, 19), "tonight", 0, "", ""),
    (
        "negation",
        "Last I checked, the {p} build was {x}green this afternoon.",
        (12, 18),
        "this afternoon",
        0,
        "",
        "",
    ),
    (
        "negation",
        "My train was {x}on time this morning, for what it's worth.",
        (9, 23),
        "this morning",
        0,
        "",
        "",
    ),
    ("negation", "Honestly, I'm {x}feeling well today.", None, "today", 0, "", ""),
    ("negation", "Apparently {name} is {x}in the office today.", None, "today", 0, "", ""),
)

FILLER_USER = words(
    "I've been reading about {concept} and keep getting lost halfway through; could you walk me through it slowly?|"
    "My team is split between {tool} and {tool2}, and I'd love a fair comparison before our next meeting.|"
    "Could you help me write a friendly note to {name} explaining {concept}? I fumbled it when they asked.|"
    "We're planning {activity} and I've run out of ideas; what would you suggest?|"
    "I could use some tips for {activity}; I always overthink these things.|"
    "A friend lent me {book}, but I won't have time to finish it; what are the main ideas?|"
    "I want to cook {dish} for some friends; is there a recipe that's hard to mess up?|"
    "I wrote up my reasoning about {concept}, and I'd like you to poke holes in it.|"
    "I just finished the {change}, and I need a commit message that explains it properly.|"
    "I'm spending a weekend in {city} and have no idea what to pack; what would you bring?|"
    "Someone suggested {tool} for {usecase}; does that sound sensible to you?|"
    "A colleague asked me how to say '{phrase}' in {hlang}, and I'd rather not guess.|"
    "I keep nodding along when people mention {concept}; could you explain it as if I'd never heard of it?|"
    "What usually goes wrong with {concept}? I'd like to avoid the classic mistakes.|"
    "I have a long drive coming up; is there a good podcast about {field}?|"
    "I'm thinking of visiting {city} in {month}; what's the weather usually like then?|"
    "How would you set up {tool} for {usecase} if you were starting from scratch?|"
    "My lead keeps pushing {tool} over {tool2}, and I'm trying to understand why.|"
    "I scribbled some notes on {concept} during a meeting; could you turn them into a checklist?|"
    "I need a gift idea for someone who's organising {activity}.|"
    "I was asked to compare {concept} and {concept2} in a few sentences for a doc; could you draft that?|"
    "I'm in a mood, so write me a short poem about {annoyance}.|"
    "I already know {tool2}; would learning {tool} actually be worth my time?|"
    "I loved {book}; what should I read next?|"
    "We have a free weekend in {city} and want to see {sight}; could you sketch a plan?|"
    "How do teams normally test {concept}? Ours just doesn't.|"
    "I'm making {dish} at the weekend; could you write out a shopping list?|"
    "I've always been curious about {field}, but I don't know where to begin.|"
    "Could you summarise the trade-offs of {concept} in a way I could explain to my manager?|"
    "I'm stuck on a problem involving {concept} and {tool}; where would you start?"
)
FILLER_ASSISTANT = words(
    "Happy to. Here's {concept} step by step, with a small example at the end.|"
    "From what you describe, {tool} would suit {usecase} better, while {tool2} is the stronger pick if you "
    "need {quality}.|"
    "A few ideas for {activity}: {idea}, {idea2} or, if people are up for it, {idea3}.|"
    "Here's a draft of the note to {name} about {concept}; feel free to soften the wording.|"
    "The thing to watch out for with {concept} is {pitfall}.|"
    "For {dish}, the secret is mostly {ingredient}, and patience.|"
    "If you have a weekend in {city}, I'd start with {sight} and leave time for {sight2}.|"
    "That error is usually caused by {cause}, so I'd try {fix} before anything else.|"
    "Put simply, {concept} gives you {quality} at the cost of {quality2}.|"
    "I'd break the {change} into two commits: one for the logic and one for the tests.|"
    "Since you enjoyed {book}, {book2} might be a good next read.|"
    "For {usecase} I'd begin with {tool} and only bring in {tool2} once you feel the need.|"
    "People often trip over {pitfall} when working with {concept}, so a test for that is worth adding.|"
    "Here's the {hlang} version, plus a slightly more informal alternative.|"
    "In {month}, {city} can be unpredictable, so I'd pack layers.|"
    "I've organised your notes on {concept} into a checklist of {n} items.|"
    "The shopping list for {dish} comes to {n} items, and {ingredient} is the only one you may need to hunt for.|"
    "A gentle way into {field} is one good introductory book and a small hands-on project.|"
    "Running {tool} and {tool2} side by side for a while is a reasonable way to migrate {usecase}.|"
    "The short answer is that {concept} matters most when {pitfall} is a real risk.|"
    "I'd think about {concept} in terms of what happens under failure; that's where {pitfall} shows up.|"
    "If {tool} feels heavy, {tool2} covers most of what you need for {usecase}."
)
FILLER_CHAT = words(
    "Thanks, that explanation of {concept} finally made it click for me.|"
    "Well, {annoyance} struck again, and I lost half an hour to it.|"
    "Long week; the debate about {concept} went around in circles.|"
    "Just got back from {hobby} and I feel like a new person.|"
    "Fair enough about {tool}; I hadn't thought of it that way.|"
    "I made the {dish} and everyone asked for seconds.|"
    "I'm about halfway through {book}, and it's better than I expected.|"
    "I'm not convinced about {tool2}, but I'll give it a go.|"
    "That did it; {fix} sorted out the problem with {tool}.|"
    "Alright, {city} it is; I'll start looking at trains.|"
    "Between you and me, {annoyance} is what wears me down the most.|"
    "You were right about {fix}; it worked on the first try.|"
    "I told my team about {concept} and they were impressed, so thanks.|"
    "Ha, I should have asked you before spending hours on {tool}."
)
TASK_FRAMES = words(
    "My manager asked me to {task} for {p} before the end of the sprint.|"
    "At the {p} meeting it came up that someone has to {task}, and somehow that someone is me.|"
    "I keep forgetting to {task} for {p}; please nag me about it.|"
    "{name} reminded me, politely, that I still haven't managed to {task}.|"
    "Before the {p} review, I really need to {task}.|"
    "The one thing I must get done for {p} this week is to {task}.|"
    "I told {name} I would {task}, so I'd better actually do it.|"
    "The {p} board has a card that says '{task}', and it's been sitting there with my name on it.|"
    "Buried in my pile of work for {p} is a note to {task}.|"
    "I lost track of it last sprint, but I still have to {task} for {p}.|"
    "Once the dust settles on {p}, I want to {task}.|"
    "I volunteered to {task} for {p}, which in hindsight was optimistic."
)
