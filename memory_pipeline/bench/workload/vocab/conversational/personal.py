"""Data: the conversational phrasing family (first-person chat): its sentence frames and questions.

This part (1 of 3) holds the personal facts (``PERSONAL``, ``CHANGEABLE``); ``work`` and ``talk``
hold the rest.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type

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
