"""Data: the plain phrasing family, part 2 of 3: project and contact facts and habits
(``PROJECT``, ``CONTACT``, ``HABIT_FRAMES``, ``HABIT_QUESTIONS``)."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

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
