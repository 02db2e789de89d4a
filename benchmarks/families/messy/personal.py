"""Data: the messy phrasing family: the same facts as ``conversational``, typed the way people really
write to a chat assistant: informal, abbreviations ("bc", "tbh", "rn"), run-on sentences where the
fact sits mid-sentence after some context, questions and asides, indirect statements ("my commute to
the X office"), inverted orders, and changes announced with a cue ("finally", "as of now", "these
days") or only by contrast with the past ("used to ..., but ...").

A held-out family: written apart from any extraction, supersession or summarisation rule and from
the other families, to measure how far the figures carry over to wording nobody tuned them on.
Questions never say "now" or "these days": the same question is also asked as of an earlier time.

This part (1 of 3) holds the personal facts (``PERSONAL``, ``CHANGEABLE``); ``work`` and ``talk``
hold the rest.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type

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
