"""Data: the messy phrasing family: the same facts as ``conversational``, typed the way people really
write to a chat assistant: informal, abbreviations ("bc", "tbh", "rn"), run-on sentences where the
fact sits mid-sentence after some context, questions and asides, indirect statements ("my commute to
the X office"), inverted orders, and changes announced with a cue ("finally", "as of now", "these
days") or only by contrast with the past ("used to ..., but ...").

A held-out family: written apart from any extraction, supersession or summarisation rule and from
the other families, to measure how far the figures carry over to wording nobody tuned them on.
Questions never say "now" or "these days": the same question is also asked as of an earlier time.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

# --------------------------------------------------------------------------------------------------
# Fact types: the same slots, namespaces and placeholders as the conversational family.
# {v} value, {old} previous value, {p} entity (project / person), {av} value with "a"/"an",
# {kind} pet kind. A frame opens with {v} only where values are capitalised anyway (the generator
# capitalises a frame's first letter), and never with {old}.
# --------------------------------------------------------------------------------------------------

PERSONAL: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "location",
            "personal",
            "rent in {v} is honestly insane but I guess that's the price of living here|"
            "my flat in {v} has the worst wifi, is there anything I can do about that?|"
            "so I'm based in {v}, which means anything before 9 my time is a no from me|"
            "anything fun to do around {v} on a weekend? I live there and never go out lol|"
            "as {av} resident I have a lot of opinions about the public transport|"
            "my landlord in {v} still hasn't fixed the heating, anyway that's my life|"
            "whatever you suggest has to work from {v} bc that's where I live|"
            "{v} is where my apartment is, if that matters for the recommendations|"
            "the neighbours here in {v} are loud but honestly I like living here|"
            "when you look up events search around {v}, that's home for me|"
            "our place in {v} is tiny but it's home|yeah I live in {v}, just not the touristy part|"
            "the closest grocery store to my place in {v} closes at 8 which is criminal|"
            "for any forms you help me with, my address is in {v}|"
            "weather in {v} is grim again and guess who lives there|"
            "home = {v} for me, so keep suggestions local-ish",
            "so the move is done and I live in {v} now?? still feels weird after {old}|"
            "I used to live in {old}, but every box I own is sitting in my new flat in {v}|"
            "as of now my address is in {v}, the {old} chapter is officially closed|"
            "said goodbye to {old} and the new place in {v} is finally starting to feel like home|"
            "the {old} lease ran out so we packed up and went to {v}, which is home these days|"
            "it was {old} for years but these days home is {v}, still learning the bus lines|"
            "finally living in {v}!! goodbye {old} rent prices|"
            "moved to {v} at last, the unpacking is going slow tho",
            "wait, which city do I live in?|where's home for me?|what city is my flat in?|"
            "where am I based, remind me",
        ),
        fact_type(
            "employer",
            "work",
            "my commute to the {v} office every day is killing me, why can't they let us work remote|"
            "{v} is doing yet another reorg, that's what I get for working there|"
            "HR at {v} still hasn't sorted my payslip, is that normal?|"
            "the company I work at is {v}, if that changes anything|"
            "my manager at {v} wants everyone back in the office, thoughts?|"
            "got my {v} work badge photo redone bc the old one was cursed lol|"
            "the {v} all-hands dragged on forever, perks of being an employee I guess|"
            "working for {v} has its moments not gonna lie|"
            "any advice for asking my boss at {v} for a raise?|ok for context, my job is at {v}|"
            "payday at {v} can't come soon enough|{v} basically pays me to sit in meetings all week",
            "I left {old} and started at {v}, first week was a blur|"
            "handed in my badge at {old}, {v} is my employer as of now|"
            "used to work at {old}, but my new desk is at {v}|"
            "so I'm at {v} these days, {old} is in the rear view|finally quit {old}!! signed with {v}|"
            "new laptop, new badge, new everything: I work for {v} now (not {old})|"
            "first paycheck from {v} just landed so I guess I really work there now",
            "who do I work for again?|which company's name is on my payslip?|"
            "the company paying me is called what?|where do I work, remind me",
        ),
        fact_type(
            "job_title",
            "work",
            "technically my title is {v} but I do a bit of everything|"
            "being {av} means I get pulled into every single incident|"
            "my badge literally says {v} on it, so that's me|"
            "my job? {v}. yes it's exactly as glamorous as it sounds|"
            "as {av} I spend way too much time in meetings honestly|"
            "for context I'm {av}, so I know the basics at least|"
            "my email signature says {v}, so that's what I am|"
            "the {v} role is the one I'm in, for whatever that's worth|"
            "tell people I'm {av} and they assume I can fix their printer|"
            "work-wise I'm {av}, pretty standard stuff",
            "promotion finally came through, I'm {av} now!!|"
            "they bumped me from {old} to {v}, pay went up a bit too|"
            "used to be {old}, but the org chart says {v} these days|"
            "officially {av} as of now, {old} is behind me|got a new title, it's {v} instead of {old}|"
            "not {old} anymore lol, I'm {av} these days",
            "my job title is what, again?|what do I do for work, title-wise?|what's my official role|"
            "what's the title on my badge?",
        ),
        fact_type(
            "editor",
            "work",
            "my {v} config is a few hundred lines at this point, I basically live in that editor|"
            "all my code gets written in {v}, don't @ me|"
            "is there a decent markdown preview for {v}? it's what I code in|"
            "I do literally everything in {v}, even emails if I could|"
            "the {v} keybindings are burned into my fingers, it's the only editor I use|"
            "editor-wise it's {v} for me, tried others, they didn't stick|"
            "when I open a file it's in {v}, no exceptions|"
            "what's the best {v} plugin for git stuff? it's my main editor|"
            "my whole coding workflow is built around {v}|code editor? {v}, obviously|"
            "I spend more time tweaking {v} than actually coding, classic",
            "finally ditched {old}, my whole setup is {v} now|"
            "I used to do everything in {old}, but these days every file I open is in {v}|"
            "ported my whole config over to {v}, sorry {old}|"
            "switched editors bc {old} wasn't doing it for me anymore, it's {v} for me|"
            "as of now I code in {v}, {old} is uninstalled|gave {v} a real shot and yeah, it's my editor now",
            "my editor, which one is it again?|what editor do I write code in|"
            "what am I coding in, editor-wise?",
        ),
        fact_type(
            "language",
            "work",
            "if I had to pick one language forever it'd be {v}, no contest|"
            "writing {v} is honestly the most fun part of my job|"
            "I'd rewrite everything in {v} if people let me lol|"
            "{v} just clicks for me in a way other languages don't, it's my fave|"
            "favourite language? {v}, easy|happiest when I'm writing {v}, it's the language I love most|"
            "given a blank repo I'm reaching for {v} every time|"
            "my fave programming language is {v}, fight me|"
            "my side projects are all {v} bc it's the language I like best",
            "used to be all about {old}, but {v} has totally won me over|"
            "{v} is my fave these days, {old} kinda lost its charm|"
            "these days I'd pick {v} over {old} any time|"
            "fell for {v} pretty hard, it's my favourite language now, sorry {old}",
            "fave coding language of mine?|which language do I like coding in most?|"
            "what language would I pick if I got to choose",
        ),
        fact_type(
            "os",
            "work",
            "my laptop runs {v} and I wouldn't have it any other way|"
            "any good screenshot tools for {v}? that's what I'm on|"
            "every machine I own is on {v} at this point|"
            "I'm on {v} for work and at home, so give me commands for that|dyed-in-the-wool {av} user here|"
            "the {v} updates keep nagging me but yeah it's my OS|OS-wise it's {v} everywhere|"
            "my dev box is set up w/ {v}|I run {v}, if that matters for the install steps",
            "wiped {old} off the laptop and put {v} on it, no regrets|"
            "used to be on {old}, but every machine I've got runs {v} these days|"
            "finally made the jump to {v}, {old} is gone|switched to {v} bc {old} kept breaking on me",
            "what OS do I run?|what's on my laptop, OS-wise?|which OS is on my machines",
        ),
        fact_type(
            "drink",
            "personal",
            "can't function before my first {v}, seriously|if you're ordering for me, {v} pls|"
            "my desk is basically a {v} station lol|honestly {v} is the only thing keeping me going|"
            "I drink way too much {v} but whatever|team {v} over here|"
            "first thing I do when I wake up is make {v}|"
            "stocked up on {v} again, I go through so much of it|"
            "ngl {v} is my drink, nothing else comes close",
            "quit {old} cold turkey, it's {v} for me these days|"
            "used to live on {old}, but the mug on my desk is all {v}|"
            "been drinking {v} instead of {old} and I actually feel better|"
            "switched to {v}, {old} was messing with my sleep",
            "what do I usually drink?|coffee or tea for me, which one?|what should you order me to drink",
        ),
        fact_type(
            "diet",
            "personal",
            "pls keep the recipes {v}, that's how I eat|"
            "restaurant recs need to work for someone {v}, i.e. me|"
            "ok so I'm {v}, just so the meal plan makes sense|eating {v} is just how I do things|"
            "being {v} makes team lunches a bit of a puzzle|"
            "any {v} recipes that aren't boring? that's my diet|my diet's {v}, in case it wasn't obvious|"
            "whatever we cook has to be {v} bc I am",
            "I used to be {old}, but I eat {v} now and honestly feel great|"
            "went from {old} to {v}, still figuring out recipes|"
            "the {old} thing is over, I'm fully {v} as of now|"
            "finally went {v}, {old} was a stepping stone I guess",
            "what do I eat, diet-wise?|what kind of eater am I?|any diet stuff I follow?",
        ),
        fact_type(
            "pets",
            "personal",
            "with {v} at home nothing in my flat stays clean|"
            "sharing the flat with {v}, so yes my couch is ruined|"
            "any tips for keeping {v} entertained while I work?|home is me plus {v}|"
            "my place has {v} running around, it's chaos|vet bills for {v} add up fast, just saying|"
            "between work and looking after {v} at home I barely sleep|pet count at my place: {v}",
            "we brought home another {kind} so that's {v}, send help|"
            "couldn't resist, adopted one more {kind}, total is {v}|"
            "the shelter had this {kind} and... yeah we have {v} now|"
            "added another {kind} to the chaos, {v} in the house these days",
            "how many pets have I got?|what animals do I have at home?|what pets live with me",
        ),
        fact_type(
            "partner",
            "personal",
            "{v} (my partner) says I spend too much time on my laptop|"
            "planning something for my partner {v}, any ideas?|"
            "my partner's {v}, you'll hear that name a lot|been with my partner {v} for ages|"
            "ugh my partner {v} stole my charger again|{v}, my partner, thinks this idea is terrible lol|"
            "my other half is {v}, just so you know who I mean",
            "",
            "who's my partner again?|my partner's name is?",
        ),
        fact_type(
            "email",
            "work",
            "send it to {v}, that's my email|my email's {v} if you need it for the form|"
            "best way to reach me is {v}, I check it constantly|anything work-ish can go to {v}|"
            "email me at {v}|the address I actually check is {v}",
            "",
            "what email do I use?|which email address do I check",
        ),
        fact_type(
            "hometown",
            "personal",
            "grew up in {v}, so I'm weirdly picky about the food|"
            "I'm from {v} originally, moved around a lot since|"
            "back in {v} where I grew up nobody talks like that lol|"
            "{v} kid through and through, that's where I was raised|"
            "going back to {v}, my hometown, always makes me nostalgic|"
            "literally every childhood memory I have is from {v}|"
            "my hometown? {v}, not that anyone's heard of my street",
            "",
            "which city was I a kid in?|what's the town I grew up in called?|where am I from originally",
        ),
        fact_type(
            "birthday",
            "personal",
            "my bday is {v}, not that I'm hinting|{v}, that's my birthday, fyi|"
            "born on {v}, put it in the calendar lol|my birthday's on {v} if you're keeping track|"
            "getting another year older on {v}, my birthday ugh",
            "",
            "when's my bday?|which day's my birthday",
        ),
        fact_type(
            "allergy",
            "personal",
            "careful w/ recipes bc I'm allergic to {v}|me and {v} don't get along, like actual allergy|"
            "can't be anywhere near {v}, allergic|my allergy is {v}, so double check ingredients pls|"
            "any exposure to {v} and I'm in trouble, I'm allergic|allergic to {v}, learned that the hard way",
            "",
            "what's the thing I'm allergic to?|any allergies I have?",
        ),
        fact_type(
            "hobby",
            "personal",
            "weekends are basically {v} and nothing else for me|"
            "spent way too much on {v} stuff, oops, it's my big hobby|"
            "if I'm not working I'm probably doing {v}|what keeps me sane outside work is {v}|"
            "my main hobby's {v}, I could talk about it for hours|got hooked on {v} and never looked back|"
            "free time = {v}, pretty much",
            "",
            "what's the hobby I'm always going on about?|what am I into outside of work?",
        ),
        fact_type(
            "food",
            "personal",
            "I'd eat {v} every day if I could|comfort food for me is {v}, no contest|fave food? {v}, easy|"
            "if there's {v} on the menu I'm ordering it|could live on {v} honestly|"
            "best food in the world is {v} and I won't be taking questions",
            "",
            "what food am I obsessed with?|what food could I eat every day",
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
            "so for {p} we landed on {v} for the db|"
            "{p} data all goes into {v}, we agreed on that in the sync|the db behind {p}? {v}|"
            "ok team agreed: {v} is the datastore for {p}|"
            "we're putting the {p} data in {v}, no more debating it|{p} is gonna sit on {v}, storage-wise|"
            "whoever asks, {p} uses {v} as its database|{v} won the db bake-off for {p}",
            "{p} finally finished moving off {old}, it's all {v} now|"
            "we used to run {p} on {old}, but the data lives in {v} these days|"
            "scrapped {old} for {p}, went with {v} instead|"
            "as of now {p} reads and writes from {v}, {old} is turned off",
            "what db is {p} on?|where does {p} store stuff",
        ),
        fact_type(
            "queue",
            "projects",
            "{p} jobs get pushed through {v}|we went with {v} for the {p} queue, end of discussion|"
            "background stuff in {p} all runs through {v}|{p} queues on {v}, fyi for anyone touching it|"
            "for the {p} job queue we're using {v}|if a {p} job is stuck check {v}, that's the queue|"
            "{v} is what {p} uses for queueing",
            "nobody misses {old}, the {p} queue runs on {v} these days|"
            "we used to queue {p} jobs on {old}, but it's all {v} after the swap|"
            "finally swapped the {p} queue over to {v}, bye {old}",
            "what's {p} using for its queue?|which queue do {p} jobs go through",
        ),
        fact_type(
            "deadline",
            "projects",
            "{p} needs to be out the door by {v}, no pressure lol|launch for {p} is {v}, fingers crossed|"
            "everyone's stressed bc {p} ships {v}|we told the client {p} goes live {v}|"
            "{v} is the {p} launch date, circle it|the date for {p} is {v}, that's the deadline|"
            "can't take PTO before {v}, that's when {p} launches",
            "so {old} isn't happening for {p}, new launch date is {v}|"
            "{p} was supposed to ship {old}, but the date we're actually holding to is {v}|"
            "leadership moved the {p} deadline, it's {v} as of now|{p} launch: forget {old}, it's {v}",
            "when's {p} due?|what's the launch date for {p}",
        ),
        fact_type(
            "owner",
            "projects",
            "{v} is running point on {p}|anything {p}-related, ping {v}, they own it|"
            "{p} is basically {v}'s baby, they own it|the person who owns {p}? that's {v}|"
            "ask {v} about {p}, it's theirs|{v} calls the shots on {p}|"
            "if {p} falls over {v} gets paged bc it's their project",
            "{p} isn't {old}'s anymore, {v} owns it these days|"
            "used to be {old} running {p}, but {v} is the one to ask|new owner for {p} as of now: {v}",
            "who's in charge of {p}?|who's the {p} person?",
        ),
        fact_type(
            "cloud",
            "projects",
            "{p} is deployed on {v}, hosting-wise|the {p} stuff is all hosted on {v}|"
            "{p} runs on {v}, don't ask me why|deploying {p}? it goes to {v}|every {p} service sits on {v}|"
            "{p}'s infra is on {v}, for anyone new",
            "{p} got moved off {old}, it's on {v} now|"
            "used to host {p} on {old}, but {v} is where it runs after the migration|"
            "migration done!! {p} is on {v}, goodbye {old} bill",
            "{p} is hosted where?|what's {p} deployed on",
        ),
        fact_type(
            "language",
            "projects",
            "{p} is all {v}, every line of it|the {p} repo? all {v}|we write {p} in {v}|"
            "had to brush up on {v} bc that's what {p} is written in|"
            "{p} code is {v}, don't even try to sneak in anything else",
            "{p} got ported to {v}, not a line of {old} left in there|"
            "{p} used to be {old}, but every file is {v} after the port|"
            "as of now {p} is a {v} codebase, {old} got retired",
            "{p} is in which language again?|what do we write {p} in",
        ),
        fact_type(
            "budget",
            "projects",
            "{p} has {v} to work with, that's the budget|finance signed off on {v} for {p}|"
            "we can spend {v} on {p}, not a cent more|budget for {p} is {v}, don't blow it|"
            "max we can spend on {p} is {v}|{v} is what {p} has to spend",
            "good news, {p}'s budget got bumped from {old} to {v}|"
            "{p} used to have {old}, but finance gave it {v}|"
            "{p} budget is {v} as of now, {old} is out the window",
            "how much cash has {p} got?|what's {p}'s budget",
        ),
        fact_type(
            "ci",
            "projects",
            "{p} tests run on {v}|{p}'s pipeline? {v}|{p} builds go through {v}, if it's red check there|"
            "who runs CI for {p}? {v} does|{v} is what builds {p}|if the {p} build breaks go look at {v}",
            "we finally ditched {old} for the {p} builds, {v} runs them these days|"
            "{p} used to build on {old}, but the pipelines are all in {v}",
            "what runs CI for {p}?|what's running the {p} builds?",
        ),
    )
}
CONTACT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "team",
            "work",
            "{p}'s on the {v} team, ask them|you'll find {p} over on the {v} team|the {v} team has {p}, fyi|"
            "{p} is one of the {v} team people|{p} does {v} team stuff, that's their team",
            "{p} jumped from {old} over to the {v} team|{p} isn't on {old} anymore, they're on the {v} team",
            "{p} is on which team?|which team does {p} belong to",
        ),
        fact_type(
            "city",
            "work",
            "{p}'s in {v}, so don't schedule stuff at weird hours for them|"
            "{p} has a place in {v}, that's where they live|{p} works from {v}, fully remote|"
            "{p}'s home base is {v}",
            "{p} packed up and moved to {v}|{p} used to be in {old}, but they live in {v} these days",
            "{p} lives where again?|where's {p} living",
        ),
        fact_type(
            "birthday",
            "personal",
            "{p}'s bday is {v}, need to get them something|{p} turns a year older on {v}|"
            "{v} is {p}'s birthday, gotta get a card|{p} was born {v}, cake time",
            "",
            "when's {p}'s bday?",
        ),
    )
}

HABIT_FRAMES = words(
    "{Tp} I {vp}, like every single time, it's kind of my thing|"
    "not to brag but I {vp} {tp} pretty religiously|my week kinda falls apart if I don't {vp} {tp}|"
    "{Ger} {tp} is a whole ritual for me at this point|I'm weirdly consistent about {ger} {tp}|"
    "ngl {ger} {tp} is the only routine I've managed to stick to|{Tp}? that's when I {vp}, without fail|"
    "you can pretty much count on me to {vp} {tp}|"
    "somehow I always end up {ger} {tp}, it's just a thing I do|one thing I do regularly: {ger} {tp}|"
    "habit I picked up a while back: {ger} {tp}|{Tp} = {ger}, that's the rule|"
    "keeping up with {ger} {tp}, it really helps|I've made it a thing to {vp} {tp}|"
    "ritual: {vp} {tp}. don't mess with it|been doing this for ages, I {vp} {tp}"
)
HABIT_QUESTIONS = words("what do I do {tp}, usually?|what's my thing {tp}|any routine of mine {tp}?")

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
