"""Data: the messy phrasing family, part 2 of 3: project and contact facts and habits
(``PROJECT``, ``CONTACT``, ``HABIT_FRAMES``, ``HABIT_QUESTIONS``)."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

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
