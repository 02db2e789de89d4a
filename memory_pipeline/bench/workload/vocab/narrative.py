"""Data: the narrative phrasing family (longer messages, emails and journal-like notes): its sentence
frames and questions.

Facts are said in full first-person sentences among other detail, often as something that happened or
was reported ("my manager said ..."), and changes are told as events or their consequences (a lease
signed, a last day somewhere, a laptop that died, a reshuffle, a doctor's advice) rather than with
stock phrases. A held-out family, written apart from any extraction, supersession or summarisation
rule and from the other families. Questions never say "now" or "currently": the same question is also
asked as of an earlier time.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

# --------------------------------------------------------------------------------------------------
# Fact types. {v} value, {old} previous value, {p} entity (project / person), {av} value with
# "a"/"an", {kind} pet kind. No frame opens with {old}; one opens with {v} only where every value of
# the slot is capitalised anyway (cities, companies, languages, names, dates, project values).
# --------------------------------------------------------------------------------------------------

PERSONAL: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "location",
            "personal",
            "I've lived in {v} for about four years, most of it in the same flat.|"
            "When people ask where I'm based, I tell them {v}.|"
            "{v} has been home for a while, and I can't picture leaving.|"
            "I rent a small one-bedroom in {v}, close enough to cycle to work.|"
            "Since I'm in {v}, please assume my time zone when we plan anything.|"
            "My commute across {v} is easily the worst part of my day.|"
            "We have a flat in {v}, on the top floor of an old building with no lift.|"
            "Living in {v} means I walk almost everywhere, which I love.|"
            "Whenever I travel, coming back to {v} is what feels like coming home.|"
            "I'm writing this from my kitchen table in {v}, where I live.|"
            "I live in {v}, in a neighbourhood with a great little market on weekends.|"
            "Friends keep asking when I'll leave {v}, but I'm happy living there.|"
            "My address is in {v}, in case you ever need it for a form.|"
            "Rent in {v} is brutal, but it's where I live and where my life is.|"
            "The bakery round the corner from my place in {v} knows my order by heart.|"
            "I've got a library card, a GP and a favourite bar in {v}; it's where I live.",
            "We signed the lease on a flat in {v}, and the last boxes from {old} got unpacked over the weekend.|"
            "After six years in {old}, I packed up everything and moved to {v}.|"
            "Our landlord sold the building, so we ended up finding a place in {v}.|"
            "{v} is home as of last week; the movers cleared out the old place in {old} on Saturday.|"
            "I handed back the keys in {old}, and my first week living in {v} has been chaotic but good.|"
            "My partner's job took us to {v}, and we've been settled there for a few weeks.|"
            "Moving day went smoothly: we drove the van out of {old} at dawn and slept in our new place in {v}.|"
            "I finally gave notice on the flat in {old} and signed for one in {v}.|"
            "Since the move I've been getting used to {v}; the quiet after {old} still surprises me.",
            "Which city do I call home?|Where is my home base?|In which city do I live?|Where am I based?",
        ),
        fact_type(
            "employer",
            "work",
            "I've been at {v} for a couple of years, mostly on the same product.|"
            "{v} pays my salary, for better or worse.|"
            "At {v}, where I work, we have a no-meetings rule on Fridays.|"
            "The office at {v} is a short walk from my place, one of the perks of working there.|"
            "I work for {v}; it's a mid-sized company and I know most people by name.|"
            "My employer, {v}, is pretty relaxed about remote days.|"
            "My colleagues at {v} are the main reason I've stayed there so long.|"
            "Whenever someone asks what I do, I start by saying I'm with {v}.|"
            "I joined {v} a while back and I'm still there, which surprises even me.|"
            "As someone who works at {v}, I can't say much about upcoming releases.|"
            "The company I work for is {v}, in case it matters for any paperwork.",
            "My last day at {old} was Friday; I started at {v} the following Monday.|"
            "My first week at {v} is done, and it already feels very different from {old}.|"
            "I handed in my notice at {old} in the spring, and I've been working at {v} for about a month.|"
            "{v} made me an offer I couldn't turn down, so I said goodbye to everyone at {old}.|"
            "The reorg at {old} was the final straw; I accepted a role at {v} and started right away.|"
            "My old manager at {old} took it well when I told her I'd accepted the job at {v}, "
            "and I've been there since the start of the month.|"
            "I got my badge and laptop at {v} on my first day, so it's official: {old} is behind me.|"
            "After the layoffs at {old} it took a few months, but I landed at {v}.",
            "Which company employs me?|What company do I work at?|Who do I work for?|Where am I employed?",
        ),
        fact_type(
            "job_title",
            "work",
            "My official title is {v}, though the day-to-day is broader than that.|"
            "I was hired as {av} and that's still what it says on my contract.|"
            "On my business card it says {v}.|"
            "Being {av} means a lot of my week goes into reviews and planning.|"
            "I work as {av}, mostly on internal tools.|"
            "The org chart lists me as {v}.|"
            "As {av}, I get pulled into a lot of cross-team discussions.|"
            "My role at work is {v}, in case that helps with the advice.|"
            "I've been {av} for a while and I still enjoy the work.|"
            "HR has me down as {av}.",
            "The promotion finally came through after my review: I'm {av}.|"
            "My manager said the paperwork went through, so my title changed from {old} to {v}.|"
            "They changed my title to {v} in the system, which makes the last year of extra work feel worth it.|"
            "After two years with the title {old}, I've moved into the role of {v}.|"
            "During the team reshuffle I was made {av}, so my old {old} duties are being handed over.|"
            "The new contract came with a new title: {v}.|"
            "Since the reorg I'm {av}; the {old} role was folded into it.",
            "What's my title at work?|What role do I hold?|What is my job?|Which position do I hold at work?",
        ),
        fact_type(
            "editor",
            "work",
            "I've written nearly all my code in {v} for years, with a config I keep tweaking.|"
            "My editor is {v}; I've tried others but always come back.|"
            "Whenever I open a project, it's in {v}.|"
            "I spent a whole weekend tuning my {v} setup and it was worth every minute.|"
            "A colleague teased me for using {v}, but it's still my editor.|"
            "My whole workflow is built around {v}, keybindings and all.|"
            "I do my editing in {v}, including long notes like this one.|"
            "Any tool that doesn't integrate with {v} is a hard sell for me.|"
            "I struggle when pairing in anything that isn't {v}, because that's the editor I live in.|"
            "My hands know {v} better than any other editor, so that's what I use.",
            "My {old} config broke after an update, and instead of fixing it again I moved everything over to {v}.|"
            "The team standardised on {v} during the reshuffle, and after some grumbling I stopped opening {old}.|"
            "I gave {v} a proper try for a month and never went back to {old}.|"
            "A friend set me up with {v} at a conference and I've used it ever since; {old} is uninstalled.|"
            "Since switching laptops I've been doing all my editing in {v} rather than {old}.|"
            "After years of {old}, one plugin bug too many pushed me over to {v}.",
            "What editor do I write code in?|Which code editor do I use?|What's my editor?",
        ),
        fact_type(
            "language",
            "work",
            "Forced to pick one programming language to use forever, I'd take {v}.|"
            "{v} is the language I enjoy most; everything else feels like a compromise.|"
            "My side projects almost always end up in {v}, because it's the one I love.|"
            "Of all the languages I've used, {v} is my favourite by a wide margin.|"
            "Writing {v} is the most fun I have at work.|"
            "I'll happily argue that {v} is the best language around, and it's certainly my favourite.|"
            "When I get to choose the language, I choose {v}.|"
            "Ask me my favourite language and I'll say {v} without thinking.|"
            "I've learned a lot of languages over the years, but {v} is the one I'm fondest of.",
            "Working on the new service made me realise I don't miss {old} at all; {v} has become my favourite.|"
            "A year ago I'd have said {old} without a second thought, but I've come around to {v} as my favourite.|"
            "{v} won me over during the last hackathon, and {old} has slipped to second place.|"
            "I spent years telling everyone {old} was the best language, but a few months of {v} changed my mind.|"
            "After the course I took on {v}, my favourite language changed; {old} feels clunky next to it.",
            "Which programming language do I like most?|What is my favourite language to code in?|"
            "Which language do I enjoy writing the most?",
        ),
        fact_type(
            "os",
            "work",
            "My laptop runs {v}, and so does the desktop at home.|"
            "I've used {v} as my main operating system for a long time.|"
            "Everything I own with a keyboard runs {v}.|"
            "The operating system on my work machine is {v}, and I set it up myself.|"
            "I'm on {v}, so any instructions you give me should assume that.|"
            "I tinker with my {v} install more than I probably should.|"
            "When I set up a new machine, the first thing I do is install {v}.|"
            "My daily machine runs {v}, which is what I prefer.|"
            "I'm comfortable on {v} and rarely touch anything else.",
            "My old laptop finally died, and the replacement came with {v}, so that's what I use.|"
            "IT reimaged my work machine with {v}; {old} is gone from it.|"
            "I wiped {old} over the weekend and installed {v}, which was long overdue.|"
            "After one too many broken updates on {old}, I switched to {v} and haven't looked back.|"
            "The new laptop the company sent runs {v}, and I didn't bother putting {old} back on it.",
            "What operating system is on my laptop?|Which OS do I run?|What OS does my machine use?",
        ),
        fact_type(
            "drink",
            "personal",
            "My mornings don't really start until I've had my {v}.|"
            "I go through a worrying amount of {v} on a normal workday.|"
            "When friends come over, I end up making {v} for everyone because that's what I drink.|"
            "I keep a tin of {v} at my desk at all times.|"
            "My drink of choice, morning or afternoon, is {v}.|"
            "The first thing I do after waking up is make {v}.|"
            "At cafes I nearly always order {v}.|"
            "I'm fussy about my {v}, and I drink it every day.|"
            "Whenever I need a break I make myself a cup of {v}.",
            "My stomach stopped agreeing with {old}, so I switched to {v}.|"
            "A colleague brought back some {v} from a trip and I haven't touched {old} since.|"
            "My doctor suggested I cut back on {old}, and {v} has taken its place in my mornings.|"
            "I tried going a month without {old} and ended up preferring {v}.|"
            "Since I started sleeping badly I gave up {old}; it's {v} for me.",
            "What is my usual drink?|What do I drink every day?|Which drink do I prefer?",
        ),
        fact_type(
            "diet",
            "personal",
            "I've been {v} for years, so I read every menu twice.|"
            "I eat {v}, which makes business dinners a bit of a puzzle.|"
            "When you suggest recipes, keep them {v}, since that's how I eat.|"
            "My diet is {v}, and I'm fairly strict about it.|"
            "Being {v} hasn't been hard for me; I barely think about it.|"
            "I cook {v} at home and try to stick to it when eating out.|"
            "Family dinners got easier once everyone knew I'm {v}.|"
            "Any meal plan for me has to be {v}.",
            "After my last check-up my doctor recommended I go {v}, and I've stuck with it; before that I was {old}.|"
            "I was {old} for years, but when the blood test results came back I switched to a {v} diet.|"
            "A documentary I watched in the spring made me go {v}.|"
            "On the nutritionist's advice I've been eating {v} rather than {old}.|"
            "Going {v} was a gradual thing, but I'm fully there; {old} is how I used to eat.",
            "How do I eat?|What diet do I follow?|Which dietary restrictions do I have?",
        ),
        fact_type(
            "pets",
            "personal",
            "I share my flat with {v}.|"
            "Working from home is easier with {v} keeping me company.|"
            "We've got {v}, so travelling takes some planning.|"
            "Anyone who visits has to be fine with {v}, because that's who lives with me.|"
            "I'm never really alone at home, since I have {v}.|"
            "The vet knows me by name; I have {v}.|"
            "Holidays always mean finding a sitter for {v}.|"
            "My phone is full of photos of {v}, the pets I live with.",
            "We went to the shelter just to look and came home with another {kind}, so there are {v} in the house.|"
            "A neighbour moving abroad couldn't keep their {kind}, and we took it in; that makes {v}.|"
            "The newest {kind} arrived last weekend, which brings us up to {v}.|"
            "Our household grew by one {kind}; we have {v}.|"
            "I said we wouldn't get another {kind}, and yet here I am with {v}.",
            "What animals do I have at home?|How many pets live with me?|What pets do I own?",
        ),
        fact_type(
            "partner",
            "personal",
            "My partner {v} and I have been together for about six years.|"
            "{v}, my partner, thinks I spend too much time at my desk.|"
            "I'm planning a surprise for my partner, {v}, and could use some ideas.|"
            "When I say 'we', I usually mean me and my partner {v}.|"
            "{v} and I live together; we met at a friend's wedding.|"
            "The person I share my life with is {v}, my partner.|"
            "I asked my partner {v} for advice, and they said to sleep on it.|"
            "Whenever I mention {v}, that's my partner.",
            "",
            "What is my partner called?|Who am I in a relationship with?",
        ),
        fact_type(
            "email",
            "work",
            "For anything formal, my email address is {v}.|"
            "Messages to {v} reach me fastest.|"
            "Whenever you draft an email signature for me, use {v}.|"
            "The address I check every day is {v}.|"
            "I can always be reached at {v}.|"
            "My work email, which I actually read, is {v}.|"
            "Please put {v} as my contact address on anything you prepare.",
            "",
            "What email address do I use?|Which address reaches me by email?",
        ),
        fact_type(
            "hometown",
            "personal",
            "I was born in {v} and spent my whole childhood there.|"
            "{v} is where I grew up, and my parents still live there.|"
            "Most of my childhood memories are from {v}.|"
            "I went to school in {v}, where I grew up.|"
            "Whenever I visit {v}, my hometown, it feels smaller than I remember.|"
            "Growing up in {v} shaped a lot of who I am.|"
            "My roots are in {v}; that's the town I come from.",
            "",
            "Where was I raised?|Which town do I come from?|Where are my roots?",
        ),
        fact_type(
            "birthday",
            "personal",
            "My birthday falls on {v}, and I usually take the day off.|"
            "Every year on {v} I get a year older; that's my birthday.|"
            "I was born on {v}, a fact my family never lets me forget.|"
            "{v} is my birthday, so expect me to be slow to reply around then.|"
            "My friends always plan something for {v}, my birthday.|"
            "My date of birth is {v}, if a form asks.",
            "",
            "On what date is my birthday?|When was I born?",
        ),
        fact_type(
            "allergy",
            "personal",
            "I carry antihistamines everywhere because of my allergy to {v}.|"
            "My doctor has {v} flagged as an allergy in my file.|"
            "Since childhood I've reacted badly to {v}.|"
            "Please watch out for {v} in anything you suggest for me; I'm allergic.|"
            "My allergy is to {v}, and it's not a mild one.|"
            "I found out the hard way that I'm allergic to {v}.|"
            "The one thing I really have to avoid is {v}; I'm allergic.",
            "",
            "Which allergies do I have?|What do I need to avoid because of an allergy?",
        ),
        fact_type(
            "hobby",
            "personal",
            "Most of my weekends disappear into {v}.|"
            "I got into {v} a few years ago and it turned into my main hobby.|"
            "When work gets heavy, {v} is what keeps me sane.|"
            "My friends joke that {v} is my whole personality.|"
            "I spend a ridiculous amount of my free time on {v}.|"
            "Outside of work, the thing I care most about is {v}.|"
            "I joined a club for {v} so I'd have people to share it with.",
            "",
            "What do I like to do outside work?|What is my favourite pastime?",
        ),
        fact_type(
            "food",
            "personal",
            "Were I allowed only one dish for the rest of my life, it would be {v}.|"
            "My favourite food, hands down, is {v}.|"
            "Whenever we celebrate something, I end up ordering {v}.|"
            "I've tried to make {v} at home a dozen times, because it's my favourite.|"
            "Nothing cheers me up like {v}.|"
            "On a bad day, {v} is what I crave.|"
            "The first thing I look for on a menu is {v}.",
            "",
            "Which food is my favourite?|What dish do I love most?",
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
            "After a long design discussion, we chose {v} as the database for {p}.|"
            "{p} keeps all of its data in {v}.|"
            "The team behind {p} went with {v} for storage, mostly because everyone already knows it.|"
            "For {p}, the database is {v}, and nobody seems keen to revisit that.|"
            "All the records that {p} produces end up in {v}.|"
            "When we set up {p}, {v} was the obvious choice for the database.|"
            "My notes on {p} say the datastore is {v}.|"
            "{p} runs its queries against {v}.",
            "After the load tests we gave up on {old} for {p}; its data is moving to {v}.|"
            "The architecture review for {p} went badly for {old}, and we came out of it with {v} as the database.|"
            "{p} has been on {v} since the migration wrapped up; {old} is being decommissioned.|"
            "My tech lead said we'd outgrown {old}, so {p} was moved onto {v}.|"
            "We spent two sprints migrating {p} to {v}, and it's finally done.",
            "What database does {p} run on?|Where is the data for {p} stored?",
        ),
        fact_type(
            "queue",
            "projects",
            "Background work for {p} goes through {v}.|"
            "{p} uses {v} as its job queue.|"
            "We put {v} behind the {p} queue, since it was already running elsewhere.|"
            "Any task that {p} can't do inline ends up in {v}.|"
            "The queue for {p} is {v}; I set it up myself.|"
            "When {p} needs to hand work off, it pushes it onto {v}.|"
            "The {p} design doc lists {v} as the queue.",
            "Too many dropped messages on {old} meant the {p} queue had to move, and it went to {v}.|"
            "After the incident review, we swapped the {p} queue over to {v} and retired {old}.|"
            "Our platform team asked everyone to standardise on {v}, so the {p} queue no longer uses {old}.|"
            "We rebuilt the {p} queue on {v} during the last sprint.",
            "What runs the queue for {p}?|Which queue system does {p} use?",
        ),
        fact_type(
            "deadline",
            "projects",
            "We're aiming to launch {p} on {v}.|"
            "The date everyone has circled for {p} is {v}.|"
            "{p} is supposed to be ready by {v}, according to the plan.|"
            "Our launch date for {p} is {v}, and marketing is already planning around it.|"
            "I told the stakeholders {p} would ship on {v}.|"
            "The {p} release is scheduled for {v}.|"
            "Everything for {p} has to be done by {v}.",
            "The vendor delays pushed {p} around; it's due on {v} instead of {old}.|"
            "At the planning meeting we agreed to move the {p} launch to {v}.|"
            "{p} slipped: {old} was never realistic, and the new date is {v}.|"
            "My manager said the {p} date has changed to {v}, so {old} is off the table.|"
            "After the scope change, the {p} deadline moved to {v}.",
            "When is {p} due?|What date is {p} launching?",
        ),
        fact_type(
            "owner",
            "projects",
            "{v} is responsible for {p}, so anything about it goes through them.|"
            "Whenever something breaks in {p}, {v} is the one who gets paged.|"
            "{p} belongs to {v}; I just help out.|"
            "The person who owns {p} is {v}.|"
            "I checked with {v}, who owns {p}, before changing anything.|"
            "{v} has owned {p} from the start.|"
            "Decisions about {p} are made by {v}.",
            "When {old} went on leave, {v} picked up {p}.|"
            "The team reshuffle handed {p} to {v}; {old} moved on to other things.|"
            "{v} took {p} off {old}'s plate last month.|"
            "Ownership of {p} passed from {old} to {v} at the last planning round.",
            "Who is in charge of {p}?|Who is the owner of {p}?",
        ),
        fact_type(
            "cloud",
            "projects",
            "{p} is hosted on {v}.|"
            "We deploy {p} to {v}.|"
            "Everything for {p} runs on {v}, from the database to the workers.|"
            "When {p} went live, we put it on {v}.|"
            "The infrastructure for {p} is on {v}.|"
            "{p} lives on {v}, which the ops team prefers.|"
            "Our hosting for {p} is {v}.",
            "The bill got out of hand, so we moved {p} off {old} and onto {v}.|"
            "{p} finished its migration to {v} over the weekend; {old} is switched off.|"
            "Leadership decided to consolidate, and {p} was moved to {v}.|"
            "The last {p} service left {old} for {v}.",
            "Where does {p} run?|Which hosting does {p} use?",
        ),
        fact_type(
            "language",
            "projects",
            "Every line of {p} is written in {v}.|"
            "We wrote {p} in {v}.|"
            "Contributing to {p} means writing {v}.|"
            "The code for {p} is all {v}.|"
            "Anyone joining {p} needs to know {v}.|"
            "{p} was built in {v} from the first commit.",
            "The {p} rewrite landed: it's {v} top to bottom, and the old {old} code is deleted.|"
            "We ported {p} from {old} to {v}.|"
            "After months of struggling with {old}, {p} is written in {v}.|"
            "{p} got rewritten in {v}, which I argued for.",
            "Which language is {p} written in?|What is the {p} code written in?",
        ),
        fact_type(
            "budget",
            "projects",
            "Finance approved {v} for {p}.|"
            "{p} has a budget of {v}.|"
            "We can spend up to {v} on {p}.|"
            "The money set aside for {p} is {v}.|"
            "Our spending limit for {p} is {v}.|"
            "{p} was given {v} in the last planning round.",
            "After the reforecast, {p} has {v} to work with, not {old}.|"
            "The {p} budget was revised in the planning round and landed at {v}.|"
            "Finance came back on {p}: instead of {old}, we get {v}.",
            "How much money does {p} have?|What is the budget of {p}?",
        ),
        fact_type(
            "ci",
            "projects",
            "{p}'s tests run on {v}.|"
            "Every push to {p} triggers a build on {v}.|"
            "The CI for {p} lives in {v}.|"
            "We use {v} to build and test {p}.|"
            "Any failed {p} build shows up in {v}.",
            "We moved the {p} pipelines to {v} after {old} kept timing out.|"
            "Since we shut down {old}, {p} builds on {v}.",
            "Where does {p} run CI?|What CI system does {p} use?",
        ),
    )
}
CONTACT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "team",
            "work",
            "{p} sits on the {v} team.|"
            "{p} is part of the {v} team.|"
            "I know {p} from the {v} team, where they work.|"
            "To find {p}, look for the {v} team.|"
            "{p}, from the {v} team, helped me out.|"
            "{p}'s team is {v}.",
            "After the reorg, {p} ended up on the {v} team, leaving the {old} team behind.|"
            "{p} transferred to the {v} team.",
            "What team is {p} part of?|Which team does {p} belong to?",
        ),
        fact_type(
            "city",
            "work",
            "{p} is based out of {v}.|"
            "{p} works remotely from {v}.|"
            "When I visit {v}, I always meet up with {p}, who lives there.|"
            "{p}'s home is in {v}.|"
            "I have to remember that {p} is in {v} when scheduling calls.|"
            "{p} has an apartment in {v}.",
            "{p} packed up and moved to {v}.|{p} left {old} for {v} after getting a new job.",
            "Which city does {p} live in?|Where is {p} located?",
        ),
        fact_type(
            "birthday",
            "personal",
            "{p} celebrates their birthday on {v}.|"
            "{p}'s birthday falls on {v}.|"
            "I should get {p} something for {v}, their birthday.|"
            "Every year on {v}, {p} throws a birthday party.|"
            "{p} turns a year older on {v}.|"
            "I always forget that {p}'s birthday is {v}.",
            "",
            "What is {p}'s birthday?|When does {p} celebrate their birthday?",
        ),
    )
}

HABIT_FRAMES = words(
    "Over the last year I've settled into {ger} {tp}, and it really helps.|{Tp}, without fail, I {vp}.|"
    "My partner teases me about it, but I {vp} {tp}.|A friend got me into {ger} {tp}, and I've kept it up.|"
    "You might notice I'm hard to reach {tp}; that's because I {vp}.|"
    "I've found that I do better when I {vp} {tp}.|Years ago I started {ger} {tp}, and it stuck.|"
    "{Ger} {tp} has become a fixed part of my life.|Left to my own devices, I {vp} {tp}.|"
    "My routine has a few fixed points, and one of them is that I {vp} {tp}.|"
    "I don't always manage it, but I aim to {vp} {tp}.|More often than not, I {vp} {tp}.|"
    "There's one routine I protect: {ger} {tp}.|My old mentor suggested I {vp} {tp}, and I've made a habit of it.|"
    "By now it's second nature for me to {vp} {tp}.|Whatever else is going on, I {vp} {tp}."
)
HABIT_QUESTIONS = words(
    "What do I normally do {tp}?|What is part of my routine {tp}?|What habit have I kept up {tp}?"
)

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
