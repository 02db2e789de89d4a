"""Data: the asides phrasing family, part 2 of 3: project and contact facts and habits
(``PROJECT``, ``CONTACT``, ``HABIT_FRAMES``, ``HABIT_QUESTIONS``)."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

PROJECT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "database",
            "projects",
            "Can you review this migration for {p}? We're on {v}, so mind the locking.|"
            "Help me write an index for the {p} orders table - the database is {v}.|"
            "Our {p} service stores everything in {v}. How should I size the connection pool?|"
            "quick q, {p} uses {v} for storage - whats the best backup strategy|"
            "Write me a health check for {p}; the database it talks to is {v}.|"
            "I have to explain to the {p} stakeholders why we chose {v} as the database. Draft a paragraph?|"
            "Since the {p} data lives in {v}, how do I export a CSV for finance?|"
            "Debugging slow queries on {p} (database is {v}) - where should I start looking?|"
            "Can you generate some seed data for {p}? It's backed by {v}.",
            "We've moved {p} off {old} and onto {v}. Can you help me update the runbook?|"
            "Now that {p} runs on {v} instead of {old}, which monitoring dashboards do I need?|"
            "help me write the announcement: {p} finished switching from {old} to {v}|"
            "The {p} data is in {v} now - {old} is gone. How do I rewrite this old query?|"
            "Can you convert these {old} queries for {p}? We changed the database to {v}.|"
            "Since {p} switched to {v}, the tests are flaky - could leftover {old} fixtures be the reason?",
            "What database is behind {p}?|Which datastore does {p} use?|What does {p} store its data in?",
        ),
        fact_type(
            "queue",
            "projects",
            "Can you help me tune the consumers for {p}? Its queue runs on {v}.|"
            "Write a retry policy for the {p} workers - they pull jobs from {v}.|"
            "how do i see the backlog for {p}? the queue is {v}|"
            "For the {p} design doc, add a line saying background jobs go through {v}.|"
            "We use {v} as the job queue for {p}. What's a sane dead-letter setup?|"
            "Could you explain why the {p} queue ({v}) might be dropping messages?|"
            "The {p} message queue is {v}; help me write an alert for consumer lag.",
            "We've moved the {p} queue from {old} to {v}. Can you update the diagram description?|"
            "now that {p} uses {v} for jobs rather than {old}, do we still need the cleanup cron?|"
            "Help me write the changelog entry: {p} swapped {old} out for {v} as its queue.|"
            "{p}'s queue is {v} these days, not {old}. How do I replay failed messages?|"
            "Since the {p} jobs switched to {v}, can you rewrite this {old} consumer?",
            "What queue is {p} using?|Which job queue backs {p}?|What does {p} use for its message queue?",
        ),
        fact_type(
            "deadline",
            "projects",
            "Can you help me plan the last sprint for {p}? It has to ship by {v}.|"
            "Draft a status email saying {p} is still on track for {v}.|"
            "Work backwards from {v} for me - that's the {p} launch - and suggest milestones.|"
            "the {p} release is {v}, can you make me a countdown checklist|"
            "What should the comms plan look like for {p}? Launch date is {v}.|"
            "Which sign-offs do we usually need before {p} goes live on {v}? Can you list them?|"
            "I promised the client {p} by {v}. Help me write the kickoff email.",
            "Can you rework the {p} timeline? The deadline moved from {old} to {v}.|"
            "help me tell the team {p} slipped to {v} (was {old})|"
            "Now that {p} is due {v} rather than {old}, what can we add back into scope?|"
            "The {p} date changed, it's {v} now. Can you update the milestone list?|"
            "Draft an apology to the client: {p} won't land on {old}, the new date is {v}.",
            "When is {p} due?|What's the {p} launch date?|By when does {p} need to ship?",
        ),
        fact_type(
            "owner",
            "projects",
            "Who should I cc on this {p} bug? Oh right, {v} owns it - draft the email to them.|"
            "Can you write a handoff note to {v}? They're the owner of {p}.|"
            "i need to ask {v} about {p} since it's their project. make this message less blunt?|"
            "Help me prep questions for {v}, who runs {p}.|"
            "{v} is responsible for {p}; how do I escalate to them without stepping on toes?|"
            "For the {p} wiki page, list {v} as the owner. Can you write the header section?|"
            "Write a thank-you to {v} for steering {p} - they lead it.",
            "Can you draft an intro email? {v} took {p} over from {old}.|"
            "who do I send the {p} report to now... right, {v}, not {old}. help me write it|"
            "Update the {p} wiki header: owner is {v}, no longer {old}.|"
            "Since {v} inherited {p} from {old}, can you summarise the open issues for the handover?|"
            "Now that {p} belongs to {v}, help me write a quick welcome note.",
            "Who is in charge of {p}?|Who leads {p}?|Who's the owner of {p}?",
        ),
        fact_type(
            "cloud",
            "projects",
            "Can you estimate the monthly bill for {p}? It's hosted on {v}.|"
            "Help me write a deploy script for {p}, which runs on {v}.|"
            "how do i set up logging for {p}? we host it on {v}|"
            "The {p} infra is on {v} - what's a good way to do blue/green there?|"
            "Draft a section for the {p} security review: everything is deployed on {v}.|"
            "We run {p} on {v}. What's the cheapest way to add a staging environment?|"
            "For the {p} runbook, note that it lives on {v}. Can you write the intro paragraph?",
            "{p} moved from {old} to {v}. Can you rewrite the deployment docs?|"
            "now that {p} is on {v} instead of {old}, which alerts do we need to redo?|"
            "Help me announce it: {p} left {old} and is running on {v}.|"
            "Can you translate this {old} terraform for {p}? We migrated it to {v}.|"
            "Since moving {p} to {v}, latency went up. Where do I start?",
            "Where does {p} run?|Which platform hosts {p}?|Where is {p} deployed?",
        ),
        fact_type(
            "language",
            "projects",
            "Can you review this function from {p}? The whole codebase is {v}.|"
            "What linter should we use for {p}? It's written in {v}.|"
            "help me onboard a new dev to {p}, heads up it's all {v}|"
            "I need a test template for {p}; we write it in {v}.|"
            "Since {p} is built in {v}, which profiler would you use?|"
            "The {p} code is {v} - can you explain this compiler error?|"
            "For the {p} hiring ad: the stack is {v}. Can you write the requirements?",
            "We rewrote {p} from {old} into {v}. Help me update the README.|"
            "now that {p} is {v} and not {old} anymore, how do we handle the build?|"
            "The {p} rewrite into {v} is finished - can you help me retire the {old} tooling?|"
            "Since {p} switched to {v}, we need new style guidelines. Draft some?|"
            "{p} is {v} now (used to be {old}). Update the job ad for me?",
            "Which language is {p} built in?|What is {p} coded in?|What language does the {p} code use?",
        ),
        fact_type(
            "budget",
            "projects",
            "Can you make a spending plan for {p}? We have {v} for the quarter.|"
            "help me justify the {p} tooling costs, our budget is {v}|"
            "Draft a note to finance saying {p} will stay within its {v} budget.|"
            "With {v} to spend on {p}, how many contractors could we afford?|"
            "The {p} budget is {v}. Can you split it into infra, people and contingency?|"
            "Prepare a one-pager for {p} (budget {v}) for the steering meeting.",
            "Can you redo the {p} spending plan? The budget went from {old} to {v}.|"
            "{p} was given {v} (it was {old}) - what should we prioritise?|"
            "finance revised {p} to {v}, help me tell the team|"
            "Now that {p} has {v} instead of {old}, which line items change?|"
            "The {p} budget was revised to {v}. Update the slide for me?",
            "How much budget does {p} have?|What's {p}'s budget?|How much money is allocated to {p}?",
        ),
        fact_type(
            "ci",
            "projects",
            "Can you write a workflow file for {p}? We run CI on {v}.|"
            "The {p} tests run on {v}; how do I cache dependencies there?|"
            "why would the {p} pipeline on {v} be so slow? any ideas|"
            "Help me add a lint step to the {p} build on {v}.|"
            "{p} uses {v} for continuous integration. Can you write the badge markdown?|"
            "For the {p} docs, explain that every PR is built on {v}.",
            "We moved {p} CI from {old} to {v}; can you convert this config?|"
            "now that {p} builds on {v} rather than {old}, how do I get the secrets across?|"
            "Help me write the note: {p} has left {old}, CI is on {v}.|"
            "Since {p} switched its pipeline to {v}, what's the equivalent of matrix builds?",
            "What CI does {p} run on?|Which CI system builds {p}?|Where is {p} built and tested?",
        ),
    )
}
CONTACT: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "team",
            "work",
            "Can you help me write a message to {p}? They're on the {v} team and I need a favour.|"
            "{p} works on the {v} team - who else should I loop in from there?|"
            "draft an intro between {p} from the {v} team and our new intern|"
            "I need {p}'s input, they sit in the {v} team. Could you make my question shorter?|"
            "Since {p} is part of the {v} team, should I ask them about this? Help me phrase it.|"
            "Write a thank-you to {p} on the {v} team for helping with my migration.",
            "Can you update my contacts note? {p} moved from {old} to the {v} team.|"
            "{p} is on the {v} team now, not {old} - can you rewrite my question for their new area?|"
            "Help me congratulate {p} on joining the {v} team.|"
            "now that {p} left {old} for the {v} team, who should I bug instead?",
            "What team is {p} part of?|Which team does {p} belong to?|What team does {p} sit in?",
        ),
        fact_type(
            "city",
            "work",
            "What's a good time to call {p}? They live in {v}.|"
            "Can you suggest a restaurant in {v} for dinner with {p}? That's where they live.|"
            "help me send a gift to {p} in {v}, where they're based|"
            "{p} is based in {v}; can you check the time difference before I book the call?|"
            "Plan a trip for me to visit {p}, who lives in {v}.",
            "{p} moved to {v}. Can you help me pick a housewarming gift?|"
            "Help me rework the meeting times - {p} relocated from {old} to {v}.|"
            "now that {p} lives in {v} instead of {old}, what's the overlap in working hours?|"
            "Can you draft a note to {p} asking how {v} is treating them since the move?",
            "Which city is {p} in?|Where is {p} living?|What city does {p} live in?",
        ),
        fact_type(
            "birthday",
            "personal",
            "Help me plan something for {p}'s birthday, it's on {v}.|"
            "What should I get {p}? Their birthday is {v}.|"
            "Write a card for {p} - birthday's {v} and I'm useless at these.|"
            "Make me a gift idea list for {p}, born on {v}.|"
            "Can you draft a team message for {p}'s birthday on {v}?",
            "",
            "What's {p}'s birthday?|On what date was {p} born?|When does {p} celebrate their birthday?",
        ),
    )
}

HABIT_FRAMES = words(
    "Can you block time in my calendar? I always {vp} {tp}.|"
    "Please don't schedule anything {tp}, that's when I {vp}.|"
    "Help me make a weekly plan. {Tp} I {vp}, so keep that free.|"
    "i {vp} {tp} most days, can you help me track it in a spreadsheet|"
    "Since {ger} {tp} is part of my routine, how should I fit the new course around it?|"
    "My routine has me {ger} {tp}. What's the best way to keep it going while travelling?|"
    "{Ger} {tp} is something I never skip. Help me plan a week that respects that.|"
    "I make a habit of {ger} {tp}; any ideas to make it more effective?|"
    "keep {tp} clear in my diary pls, i {vp} then|"
    "When you plan my days, remember that I {vp} {tp}.|"
    "I tend to {vp} {tp}. Could you suggest an app that nudges me if I forget?|"
    "{Tp} is for {ger}, always has been - can you move the call to another slot?|"
    "Write me a reminder note about my routine: {ger} {tp}.|"
    "As a rule I {vp} {tp}, so can you push that meeting?"
)
HABIT_QUESTIONS = words("What's my habit {tp}?|What do I tend to do {tp}?|What do I regularly do {tp}?")
