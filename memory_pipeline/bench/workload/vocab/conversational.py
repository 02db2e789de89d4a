"""Data: the conversational phrasing family (first-person chat): its sentence frames and questions."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

# --------------------------------------------------------------------------------------------------
# Fact types. Each has many sentence frames so paraphrases are not one template with a new value.
# {v} value, {old} previous value, {p} entity (project / person), {av} value with "a"/"an",
# {kind} pet kind.
# --------------------------------------------------------------------------------------------------

PERSONAL: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "location",
            "personal",
            "I live in {v}.|I'm based in {v}.|Home for me is {v}.|{v} is where I live.|"
            "I've been living in {v} for a while now.|My apartment is in {v}.|I'm currently living in {v}.|"
            "We live in {v}.|My home base is {v}.|I reside in {v}.|I call {v} home.|"
            "I'm in {v}, so keep my time zone in mind.|Our place is in {v}.|My flat is in {v}.|"
            "Living in {v} these days.|I'm {av} resident.",
            "I just moved to {v}.|We moved from {old} to {v}.|I've relocated to {v}.|"
            "Big news: I left {old} and now live in {v}.|The move is done, I'm officially in {v} now.|"
            "Update: my new home is {v}, not {old} anymore.|I finally made the move from {old} to {v}.|"
            "I'm living in {v} now after the move from {old}.",
            "Where do I live?|Which city am I based in?|What city is home for me?|Where am I living?",
        ),
        fact_type(
            "employer",
            "work",
            "I work at {v}.|I'm employed by {v}.|My employer is {v}.|{v} is the company I work for.|"
            "I've been working for {v} for a couple of years.|My day job is at {v}.|I work for {v}.|"
            "These days I work at {v}.|I'm on staff at {v}.|I'm part of the team at {v}.|"
            "Work-wise, I'm at {v}.|I earn my living at {v}.",
            "I started a new job at {v}.|I left {old} and joined {v}.|I've switched jobs: I'm at {v} now.|"
            "I accepted the offer from {v} and handed in my notice at {old}.|New job: {v}.|"
            "I'm now working at {v} instead of {old}.|After years at {old} I moved on to {v}.",
            "Where do I work?|Which company do I work for?|Who is my employer?|What company am I at?",
        ),
        fact_type(
            "job_title",
            "work",
            "I'm {av}.|I work as {av}.|My title is {v}.|My role is {v}.|Job-wise, I'm {av}.|"
            "I'm working as {av} at the moment.|Officially my title is {v}.|I have the title {v}.|"
            "On paper I'm {av}.|My position is {v}.",
            "I got promoted to {v}.|I'm now {av}, the promotion came through.|My new title is {v}.|"
            "I moved from {old} to {v}.|Good news: they made me {av}.|I'm no longer {old}; I'm {av} now.",
            "What is my job title?|What's my role?|What do I do for a living?|What's my position?",
        ),
        fact_type(
            "editor",
            "work",
            "I use {v} as my editor.|My editor of choice is {v}.|I write all my code in {v}.|"
            "{v} is my main editor.|I do most of my editing in {v}.|My go-to editor is {v}.|"
            "I prefer {v} for coding.|When it comes to editors, I'm {av} person.|"
            "For text editing I always reach for {v}.|My daily driver for code is {v}.|"
            "I'm most productive in {v}.",
            "I've switched from {old} to {v}.|I moved my whole setup from {old} to {v}.|"
            "I gave up on {old}; I'm using {v} now.|Tried {v} and I'm not going back to {old}.|"
            "I'm {av} user now, no more {old}.|Goodbye {old}, my editor is {v} now.",
            "Which editor do I use?|What's my code editor?|What editor do I prefer?",
        ),
        fact_type(
            "language",
            "work",
            "My favourite programming language is {v}.|{v} is my favorite language.|"
            "I enjoy writing {v} more than anything else.|If I can choose, I write it in {v}.|"
            "I love programming in {v}.|My language of choice is {v}.|"
            "{v} is the language I reach for first.|Given the choice, I'd pick {v} every time.|"
            "Nothing beats {v} for me when coding.",
            "I've fallen out of love with {old}; {v} is my favourite now.|"
            "These days I prefer {v} over {old}.|My favourite language changed from {old} to {v}.|"
            "I used to swear by {old}, but {v} is my favourite now.",
            "What's my favourite programming language?|Which language do I like best?|"
            "What language do I prefer to code in?",
        ),
        fact_type(
            "os",
            "work",
            "I'm on {v}.|My laptop runs {v}.|I use {v} for work and at home.|"
            "{v} is my operating system of choice.|I daily-drive {v}.|All my machines run {v}.|"
            "I prefer {v} as my OS.|My computer is set up with {v}.|I'm {av} user.",
            "I switched my laptop from {old} to {v}.|I moved off {old}, I'm on {v} now.|"
            "I finally installed {v} and wiped {old}.|No more {old} for me, everything runs {v} now.",
            "Which operating system do I use?|What OS am I on?|What does my laptop run?",
        ),
        fact_type(
            "drink",
            "personal",
            "I drink {v} every morning.|I'm {av} person.|I prefer {v}.|{v} is my drink of choice.|"
            "I can't start the day without {v}.|I'd always pick {v} over anything else.|"
            "My usual order is {v}.|Put me down for {v}, always.|A cup of {v} is all I need.",
            "I've switched from {old} to {v}.|I gave up {old}; it's {v} for me now.|"
            "No more {old} for me, I drink {v} now.|I'm off {old} and onto {v}.",
            "Do I prefer coffee or tea?|What do I like to drink?|What's my drink of choice?",
        ),
        fact_type(
            "diet",
            "personal",
            "I'm {v}.|I follow a {v} diet.|I've been {v} for years.|Diet-wise I'm {v}.|"
            "Please remember I'm {v} when suggesting recipes.|I eat a {v} diet.|Keep in mind that I'm {v}.|"
            "When you suggest food, note that I'm {v}.",
            "I've gone {v}; I used to be {old}.|I switched from being {old} to {v}.|"
            "I'm {v} now, no longer {old}.|Diet update: I'm {v} now instead of {old}.",
            "What's my diet?|Do I have dietary restrictions?|What kind of diet do I follow?",
        ),
        fact_type(
            "pets",
            "personal",
            "I have {v}.|We have {v} at home.|I live with {v}.|I've got {v}.|"
            "Our household includes {v}.|I'm the proud owner of {v}.|At home I look after {v}.|"
            "My flat is home to {v}.",
            "We adopted another {kind}, so now we have {v}.|I have {v} now since we took in another {kind}.|"
            "Our family grew: {v} now.|Another {kind} joined us, that makes {v}.",
            "How many pets do I have?|What pets do I have?|Which animals live with me?",
        ),
        fact_type(
            "partner",
            "personal",
            "My partner's name is {v}.|I live with my partner, {v}.|{v} is my partner.|"
            "My partner {v} says hi.|I'm married to {v}.|Me and my partner {v} are planning a trip.|"
            "You might hear me mention {v}; that's my partner.",
            "",
            "What's my partner's name?|Who is my partner?",
        ),
        fact_type(
            "email",
            "work",
            "My email is {v}.|You can reach me at {v}.|My email address is {v}.|"
            "Use {v} for anything work related.|Send things to {v}.|The best address for me is {v}.",
            "",
            "What's my email address?|Where can I be reached by email?",
        ),
        fact_type(
            "hometown",
            "personal",
            "I grew up in {v}.|I'm originally from {v}.|{v} is my hometown.|I was born and raised in {v}.|"
            "My hometown is {v}.|I spent my childhood in {v}.|Before all this, I was a kid in {v}.",
            "",
            "Where did I grow up?|What's my hometown?|Where am I originally from?",
        ),
        fact_type(
            "birthday",
            "personal",
            "My birthday is on {v}.|I was born on {v}.|{v} is my birthday.|"
            "I celebrate my birthday on {v}.|Mark {v} in the calendar, it's my birthday.",
            "",
            "When is my birthday?|What date is my birthday?",
        ),
        fact_type(
            "allergy",
            "personal",
            "I'm allergic to {v}.|I have an allergy to {v}.|Heads-up: I react to {v}.|"
            "Please note my allergy to {v}.|I react badly to {v}, it's an allergy.|"
            "Allergy warning for me: {v}.",
            "",
            "What am I allergic to?|Do I have any allergies?",
        ),
        fact_type(
            "hobby",
            "personal",
            "My main hobby is {v}.|I'm really into {v}.|In my free time I do a lot of {v}.|"
            "{v} is how I unwind.|I spend most weekends on {v}.|Outside work, it's all about {v} for me.|"
            "I picked up {v} a few years back and love it.",
            "",
            "What's my main hobby?|What do I do in my free time?",
        ),
        fact_type(
            "food",
            "personal",
            "My favourite food is {v}.|I could eat {v} every single week.|Nothing beats {v} for me.|"
            "{v} is my comfort food.|If you ask me, {v} is the best meal there is.|"
            "Whenever I eat out I order {v}.",
            "",
            "What's my favourite food?|What food do I love most?",
        ),
    )
}
CHANGEABLE = ("location", "employer", "job_title", "editor", "language", "os", "drink", "diet", "pets")

PROJECT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "database",
            "projects",
            "We decided to use {v} for the {p} database.|{p} will store its data in {v}.|"
            "The {p} team picked {v} as the datastore.|For {p} we're going with {v} as the database.|"
            "{v} is the database behind {p}.|We settled on {v} for the storage of {p}.|"
            "The plan for {p} is to keep everything in {v}.|Decision for {p}: the data lives in {v}.",
            "We're migrating {p} from {old} to {v}.|Change of plan: {p} moves to {v} instead of {old}.|"
            "We dropped {old} for {p} and switched to {v}.|{p} no longer uses {old}; it's on {v} now.",
            "Which database does {p} use?|Where does {p} keep its data?",
        ),
        fact_type(
            "queue",
            "projects",
            "We decided to use {v} for the {p} queue.|The {p} job queue runs on {v}.|"
            "{p} gets its queue from {v}.|Queue for {p}: {v}.|We'll back the {p} work queue with {v}.|"
            "The background jobs of {p} go through {v}.|{v} handles the {p} message queue.",
            "We replaced {old} with {v} for the {p} queue.|The {p} queue moved from {old} to {v}.|"
            "We ripped out {old}; {p} queues on {v} now.",
            "What does the {p} queue run on?|Which queue does {p} use?",
        ),
        fact_type(
            "deadline",
            "projects",
            "The {p} launch is planned for {v}.|We're targeting {v} for the {p} release.|"
            "{p} has to ship by {v}.|The deadline for {p} is {v}.|{p} goes live on {v}.|"
            "Launch date for {p}: {v}.|We promised {p} for {v}.",
            "The {p} deadline slipped to {v}.|{p} is now due on {v} instead of {old}.|"
            "We pushed the {p} launch from {old} to {v}.|New date for {p}: {v}, not {old}.",
            "When is the {p} deadline?|When does {p} launch?",
        ),
        fact_type(
            "owner",
            "projects",
            "{v} owns {p}.|{p} is owned by {v}.|{v} is the point person for {p}.|"
            "Questions about {p} go to {v}.|{v} leads the {p} work.|The owner of {p} is {v}.|"
            "If {p} breaks, {v} is the one to ping.",
            "{v} took over {p} from {old}.|{p} has a new owner: {v}.|{old} handed {p} over to {v}.",
            "Who owns {p}?|Who is responsible for {p}?",
        ),
        fact_type(
            "cloud",
            "projects",
            "{p} runs on {v}.|We host {p} on {v}.|{p} is deployed to {v}.|Hosting for {p}: {v}.|"
            "All of {p} lives on {v}.|We picked {v} to host {p}.",
            "We moved {p} from {old} to {v}.|{p} left {old}; it's hosted on {v} now.|"
            "{p} finished its migration to {v}.",
            "Where is {p} hosted?|What does {p} run on?",
        ),
        fact_type(
            "language",
            "projects",
            "{p} is written in {v}.|The {p} codebase is {v}.|We build {p} in {v}.|"
            "{v} is the language of the {p} code.|Everything in {p} is {v}.",
            "We're rewriting {p} in {v}; it used to be {old}.|{p} moved from {old} to {v}.|"
            "The {p} rewrite from {old} to {v} landed.",
            "What language is {p} written in?|Which language is the {p} code in?",
        ),
        fact_type(
            "budget",
            "projects",
            "The budget for {p} is {v}.|{p} has {v} to spend this quarter.|We got {v} approved for {p}.|"
            "Finance gave {p} a budget of {v}.|{p} is capped at {v}.",
            "The {p} budget went up to {v}.|{p} now has {v} instead of {old}.|"
            "Finance changed the {p} budget from {old} to {v}.",
            "What's the budget for {p}?|How much can {p} spend?",
        ),
        fact_type(
            "ci",
            "projects",
            "{p} builds on {v}.|The CI for {p} is {v}.|We run the {p} pipeline on {v}.|"
            "{v} runs the {p} tests.|{p} uses {v} for CI.",
            "We moved {p} CI from {old} to {v}.|{p} switched its CI to {v}, away from {old}.",
            "Which CI does {p} use?|Where do the {p} tests run?",
        ),
    )
}
CONTACT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "team",
            "work",
            "{p} is on the {v} team.|{p} works on the {v} team.|{p} joined the {v} team.|"
            "The {v} team is where {p} sits.|{p} belongs to {v}.",
            "{p} moved from the {old} team to {v}.|{p} switched teams: {v} now, not {old}.",
            "Which team is {p} on?|What team does {p} work in?",
        ),
        fact_type(
            "city",
            "work",
            "{p} lives in {v}.|{p} is based in {v}.|{p} works out of {v}.|{p} is in {v}, remember the time zone.",
            "{p} moved to {v}.|{p} relocated from {old} to {v}.",
            "Where does {p} live?|Where is {p} based?",
        ),
        fact_type(
            "birthday",
            "personal",
            "{p}'s birthday is on {v}.|{p} was born on {v}.|{v} is the birthday of {p}.|"
            "Don't forget {p}'s birthday, {v}.",
            "",
            "When is {p}'s birthday?",
        ),
    )
}

HABIT_FRAMES = words(
    "I usually {vp} {tp}.|{Tp}, I {vp}.|I always {vp} {tp}.|I try to {vp} {tp}.|"
    "{Ger} {tp} is part of my routine.|My habit is to {vp} {tp}.|Most days I {vp} {tp}.|"
    "I tend to {vp} {tp}.|Like clockwork, I {vp} {tp}.|I make a point of {ger} {tp}.|"
    "I've gotten into the habit of {ger} {tp}.|As a rule I {vp} {tp}.|It works best for me to {vp} {tp}.|"
    "{Tp} is when I {vp}.|My routine: {ger} {tp}.|I'm someone who likes to {vp} {tp}."
)
HABIT_QUESTIONS = words("What do I usually do {tp}?|What's my routine {tp}?|What habit do I have {tp}?")

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
