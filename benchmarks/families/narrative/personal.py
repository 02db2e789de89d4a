"""Data: the narrative phrasing family (longer messages, emails and journal-like notes): its sentence
frames and questions.

Facts are said in full first-person sentences among other detail, often as something that happened or
was reported ("my manager said ..."), and changes are told as events or their consequences (a lease
signed, a last day somewhere, a laptop that died, a reshuffle, a doctor's advice) rather than with
stock phrases. A held-out family, written apart from any extraction, supersession or summarisation
rule and from the other families. Questions never say "now" or "currently": the same question is also
asked as of an earlier time.

This part (1 of 3) holds the personal facts (``PERSONAL``, ``CHANGEABLE``); ``work`` and ``talk``
hold the rest.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type

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
