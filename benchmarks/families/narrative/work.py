"""Data: the narrative phrasing family, part 2 of 3: project and contact facts and habits
(``PROJECT``, ``CONTACT``, ``HABIT_FRAMES``, ``HABIT_QUESTIONS``)."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

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
