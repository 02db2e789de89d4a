"""Data: the plain phrasing family: the same facts as ``conversational``, worded the way a mix of
people and an assistant's stored notes put them (third-person notes, terse fragments, key: value
lines, reordered clauses, other verbs and other cues for a change), with questions asked otherwise.

Written apart from any extraction rule, to measure how far the figures on ``conversational`` carry
over to wording the rules were not tuned on.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

# --------------------------------------------------------------------------------------------------
# Fact types: the same slots, namespaces and placeholders as the conversational family.
# {v} value, {old} previous value, {p} entity (project / person), {av} value with "a"/"an",
# {kind} pet kind.
# --------------------------------------------------------------------------------------------------

PERSONAL: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "location",
            "personal",
            "User lives in {v}.|Location: {v}.|{v} is home base for them.|Based out of {v}.|"
            "Lives in {v}, rents a place near the centre.|Their flat is in {v}.|"
            "Currently resides in {v}.|Home city: {v}.|Mentioned they're living in {v}.|"
            "Me and my partner rent in {v}.|Our address is in {v}.|Living in {v}, so schedule in that timezone.|"
            "Where I live? {v}.|Calls {v} home.|Residence: {v}.|Anything local should be in {v}; that's where they live.",
            "Relocated to {v}; {old} is behind them now.|Not in {old} anymore, it's {v} now.|"
            "Moved house, from {old} over to {v}.|Home has changed to {v} (was {old}).|"
            "Packed up and left {old}. Living in {v} these days.|Location update for the user: {v}, no longer {old}.|"
            "Settled in {v} after the move.|Ever since the move, home is {v} rather than {old}.",
            "Which city does the user live in?|user's home city|Where's home for me these days?|"
            "Remind me what city I live in.",
        ),
        fact_type(
            "employer",
            "work",
            "User works at {v}.|Employer: {v}.|Works for {v}.|Their company is {v}.|"
            "On the payroll at {v}.|Has a full-time job at {v}.|Employed at {v}, has been for a while.|"
            "Said they work for {v}.|At {v} during the week, that's my job.|"
            "My paycheck comes from {v}.|Job: {v}.|Colleagues at {v} keep me busy.",
            "Changed jobs: now at {v}, left {old}.|Quit {old}, joined {v}.|"
            "Works at {v} these days, not {old}.|Accepted an offer; employer is now {v} instead of {old}.|"
            "Switched over to {v} after leaving {old}.|Not with {old} anymore, it's {v} now.|"
            "Started the new position at {v}.",
            "Which company employs the user?|user's employer|Who do I work for at the moment?|"
            "Name of the company I'm with?",
        ),
        fact_type(
            "job_title",
            "work",
            "User is {av}.|Title: {v}.|Works as {av}.|Role: {v}.|Their job title is {v}.|"
            "Holds the {v} role.|Employed as {av}.|Position they hold: {v}.|"
            "Mentioned that they're {av} by title.|On the org chart I'm listed as {av}.",
            "Title is now {v}, previously {old}.|Promotion came through: {v}.|"
            "No longer {old}; the new role is {v}.|Moved up from {old} into the {v} role.|"
            "Role changed to {v} (was {old}).|Took on a new title, {v}, replacing {old}.",
            "What's the user's job title?|user role at work|What title do I have now?|What position am I in?",
        ),
        fact_type(
            "editor",
            "work",
            "User codes in {v}.|Editor: {v}.|Writes code in {v}.|Their editor is {v}.|"
            "Does all editing in {v}.|Uses {v} for everything code related.|Prefers {v} as the editor.|"
            "Main editor is {v}, customised heavily.|Said they edit in {v} every day.|"
            "Code gets written in {v}, nothing else.|Editing setup: {v}.",
            "Moved off {old}; edits in {v} now.|Editor switched over to {v} (goodbye {old}).|"
            "Uses {v} these days, not {old} anymore.|Swapped {old} for {v} as the main editor.|"
            "Dropped {old}, config is all {v} now.|No more {old}. Editor is {v}.",
            "Which editor does the user use?|user's code editor|What do I write code in?|"
            "Editor I use, remind me?",
        ),
        fact_type(
            "language",
            "work",
            "User's favourite language is {v}.|Favourite programming language: {v}.|Loves writing {v}.|"
            "Prefers {v} whenever there's a choice.|Top language for them: {v}.|"
            "Reaches for {v} first when starting something new.|Most fun to write: {v}.|"
            "Said {v} is the language they like best.|Would write everything in {v} if allowed.",
            "Favourite language changed from {old} to {v}.|Prefers {v} these days; {old} lost its appeal.|"
            "{v} has replaced {old} as the favourite.|Not a {old} fan anymore, it's {v} now.",
            "Which programming language does the user like best?|user's favourite language|"
            "What's my top programming language?",
        ),
        fact_type(
            "os",
            "work",
            "User runs {v}.|OS: {v}.|Their laptop is on {v}.|Uses {v} on every machine.|"
            "Operating system of choice: {v}.|Machines run {v}, work and home.|Has {v} installed everywhere.|"
            "Said they're on {v}.|Prefers {v} as the operating system.",
            "Moved from {old} to {v} on the laptop.|Wiped {old}, runs {v} now.|"
            "OS is {v} these days, not {old}.|Switched over to {v}; {old} is gone.",
            "Which OS does the user run?|user's operating system|What operating system am I on?",
        ),
        fact_type(
            "drink",
            "personal",
            "User drinks {v} every morning.|Drink: {v}.|Prefers {v} to anything else.|"
            "Starts each day with {v}.|Always orders {v}.|Their go-to drink is {v}.|"
            "Said a cup of {v} keeps them going.|Usual drink: {v}, no sugar.|Mostly drinks {v}.",
            "Gave up {old}; drinks {v} now.|Switched over to {v} from {old}.|"
            "Not drinking {old} anymore, it's {v}.|Drinks {v} these days instead of {old}.",
            "What does the user like to drink?|user's usual drink|Coffee or tea for me?",
        ),
        fact_type(
            "diet",
            "personal",
            "User is {v}.|Diet: {v}.|Eats {v}.|Follows a {v} diet.|Keep meal suggestions {v}.|"
            "Has been {v} for years.|Dietary note: {v}.|Said they eat {v}, so plan food around that.",
            "Not {old} anymore, {v} now.|Diet changed from {old} to {v}.|"
            "Went {v}; was {old} before.|Eats {v} these days rather than {old}.",
            "What diet does the user follow?|user's dietary preference|Any diet I stick to?",
        ),
        fact_type(
            "pets",
            "personal",
            "User has {v}.|Pets: {v}.|Lives with {v}.|Owns {v}.|Household includes {v}.|"
            "Has {v} at home.|Mentioned having {v}.|Pet situation: {v}.",
            "Took in another {kind}, so {v} now.|Pet count went up to {v} with one more {kind}.|"
            "One more {kind} joined the household; {v} in total.|Adopted another {kind}. Now has {v}.",
            "How many pets does the user have?|user's pets|What animals live at my place?",
        ),
        fact_type(
            "partner",
            "personal",
            "User's partner is {v}.|Partner: {v}.|Lives with their partner, {v}.|"
            "Mentioned their partner {v}.|Is married to {v}.|Spouse or partner: {v}.|{v} is their partner.",
            "",
            "What is the user's partner called?|user's partner|Who is my partner?",
        ),
        fact_type(
            "email",
            "work",
            "User's email: {v}.|Email: {v}.|Reachable at {v}.|Contact address is {v}.|"
            "Send mail to {v}.|Prefers email at {v}.",
            "",
            "What is the user's email address?|user email|Which email should things go to?",
        ),
        fact_type(
            "hometown",
            "personal",
            "User grew up in {v}.|Hometown: {v}.|Originally from {v}.|Raised in {v}.|"
            "Comes from {v}.|Spent childhood in {v}.|Said they were a kid in {v}.",
            "",
            "Where is the user from originally?|user's hometown|Where did I grow up?",
        ),
        fact_type(
            "birthday",
            "personal",
            "User's birthday: {v}.|Born on {v}.|Birthday falls on {v}.|Celebrates their birthday on {v}.|"
            "Date of birth (day and month): {v}.",
            "",
            "When is the user's birthday?|user birthday|What day is my birthday?",
        ),
        fact_type(
            "allergy",
            "personal",
            "User is allergic to {v}.|Allergy: {v}.|Reacts badly to {v}.|Has an allergy to {v}.|"
            "Keep {v} away from them, allergic.|Medical note: allergic to {v}.",
            "",
            "What is the user allergic to?|user allergies|Do I have an allergy?",
        ),
        fact_type(
            "hobby",
            "personal",
            "User's main hobby is {v}.|Hobby: {v}.|Spends free time on {v}.|Big into {v}.|"
            "Unwinds with {v}.|Weekends go to {v}.|Took up {v} a few years back, still loves it.",
            "",
            "What is the user's main hobby?|user hobby|What do I do for fun?",
        ),
        fact_type(
            "food",
            "personal",
            "User's favourite food is {v}.|Favourite food: {v}.|Could eat {v} every week.|"
            "Comfort food is {v}.|Orders {v} whenever eating out.|Loves {v} more than any other dish.",
            "",
            "What food does the user like most?|user's favourite food|What's my favourite thing to eat?",
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
            "{p} stores its data in {v}.|Database for {p}: {v}.|{p} is backed by {v}.|"
            "Datastore chosen for {p} is {v}.|For {p}, data lives in {v}.|{p} keeps everything in {v}.|"
            "The team went with {v} as the {p} database.|{p} persistence layer: {v}.",
            "{p} is on {v} now, migrated off {old}.|Database for {p} switched over to {v} (was {old}).|"
            "{p} no longer runs on {old}; {v} replaced it.|Moved the {p} data from {old} into {v}.",
            "What database is behind {p}?|{p} datastore?|where is the {p} data stored",
        ),
        fact_type(
            "queue",
            "projects",
            "{p} queues jobs through {v}.|Queue for {p}: {v}.|{p} uses {v} as its job queue.|"
            "Background work in {p} goes through {v}.|The {p} message queue is {v}.|"
            "{p} pushes its tasks onto {v}.|For queuing, {p} relies on {v}.",
            "{p} queue swapped from {old} to {v}.|{p} dropped {old}; jobs go through {v} now.|"
            "Queue behind {p} is {v} these days, not {old}.",
            "What queue does {p} use?|{p} job queue?|which message queue runs {p} jobs",
        ),
        fact_type(
            "deadline",
            "projects",
            "{p} ships on {v}.|Deadline for {p}: {v}.|{p} is due {v}.|{p} launch date is {v}.|"
            "Target date for {p} is {v}.|{p} has to be out by {v}.|Release of {p} is set for {v}.",
            "{p} moved out to {v}; it was {old}.|New deadline for {p}: {v} (not {old} anymore).|"
            "{p} release date changed from {old} to {v}.|{p} slipped, due {v} now instead of {old}.",
            "When does {p} ship?|{p} deadline?|launch date for {p}",
        ),
        fact_type(
            "owner",
            "projects",
            "{p} belongs to {v}.|Owner of {p}: {v}.|{v} runs {p}.|{p} is {v}'s project.|"
            "Ask {v} about anything {p}.|{v} is responsible for {p}.|{p} has {v} as its lead.",
            "{p} changed hands: {v} owns it now, not {old}.|{v} has taken {p} over from {old}.|"
            "Owner of {p} is {v} these days ({old} moved on).",
            "Who is the owner of {p}?|{p} owner?|who do I ask about {p}",
        ),
        fact_type(
            "cloud",
            "projects",
            "{p} is hosted on {v}.|Hosting for {p}: {v}.|{p} lives on {v}.|{p} gets deployed to {v}.|"
            "{p} infrastructure is on {v}.|Deploy target for {p}: {v}.",
            "{p} hosting switched over to {v} from {old}.|{p} is off {old}; runs on {v} now.|"
            "Migrated {p} onto {v}, leaving {old}.",
            "Where does {p} run?|{p} hosting?|which cloud is {p} on",
        ),
        fact_type(
            "language",
            "projects",
            "{p} is a {v} codebase.|Language for {p}: {v}.|{p} code is written in {v}.|"
            "{p} is implemented in {v}.|All of the {p} source is {v}.|{p} is built with {v}.",
            "{p} got rewritten in {v}, replacing {old}.|{p} code is {v} now, not {old}.|"
            "Port of {p} from {old} to {v} is done.",
            "What is {p} written in?|{p} language?|programming language of the {p} code",
        ),
        fact_type(
            "budget",
            "projects",
            "{p} has a budget of {v}.|Budget for {p}: {v}.|{p} can spend up to {v}.|"
            "{v} approved for {p}.|Spending cap on {p} is {v}.|{p} is funded at {v}.",
            "{p} budget changed to {v} (was {old}).|{p} now gets {v}, not {old}.|"
            "Finance revised the {p} budget to {v}; {old} no longer applies.",
            "How much budget does {p} have?|{p} budget?|spending limit for {p}",
        ),
        fact_type(
            "ci",
            "projects",
            "{p} CI runs on {v}.|CI for {p}: {v}.|{p} is built and tested by {v}.|"
            "{p} pipelines live in {v}.|Tests for {p} run in {v}.",
            "{p} CI moved over to {v}, off {old}.|{p} builds on {v} now instead of {old}.",
            "What CI does {p} use?|{p} CI?|where do {p} builds run",
        ),
    )
}
CONTACT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "team",
            "work",
            "{p} is part of the {v} team.|{p}: {v} team.|{p} sits with the {v} folks.|"
            "{p} reports into the {v} team.|Team for {p} is {v}.",
            "{p} changed teams, {v} now (was {old}).|{p} left the {old} team for {v}.",
            "What team is {p} in?|{p} team?",
        ),
        fact_type(
            "city",
            "work",
            "{p} is in {v}.|{p} is based out of {v}.|{p} lives in {v}; mind the time difference.|"
            "{p} works remotely from {v}.",
            "{p} is in {v} now after leaving {old}.|{p} relocated to {v}.",
            "What city is {p} in?|where does {p} live",
        ),
        fact_type(
            "birthday",
            "personal",
            "{p}'s birthday: {v}.|{p} was born on {v}.|Birthday of {p} falls on {v}.|"
            "{p} celebrates a birthday on {v}.",
            "",
            "{p}'s birthday?",
        ),
    )
}

HABIT_FRAMES = words(
    "{Tp}: {vp}. Every time.|Pretty much always {vp} {tp}.|{Ger} {tp} is non-negotiable for me.|"
    "Routine: {ger} {tp}.|You'll usually find me {ger} {tp}.|{Tp} I {vp}, most weeks without fail.|"
    "Regular thing of mine, {ger} {tp}.|I make sure to {vp} {tp}.|Habit: {vp} {tp}.|"
    "{Tp}, without fail, I {vp}.|{Ger}, {tp}, is just what I do.|Long-standing habit of {ger} {tp}.|"
    "Rule I stick to: {vp} {tp}.|Usually I {vp} {tp}, it keeps me sane.|"
    "Part of the week: {ger} {tp}.|Always {ger} {tp}, for years now."
)
HABIT_QUESTIONS = words("Anything I regularly do {tp}?|my routine {tp}|What's my usual habit {tp}?")

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
