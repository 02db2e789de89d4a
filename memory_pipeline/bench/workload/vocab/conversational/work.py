"""Data: the conversational phrasing family, part 2 of 3: project and contact facts and habits
(``PROJECT``, ``CONTACT``, ``HABIT_FRAMES``, ``HABIT_QUESTIONS``)."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

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
