"""Data: the plain phrasing family: the same facts as ``conversational``, worded the way a mix of
people and an assistant's stored notes put them (third-person notes, terse fragments, key: value
lines, reordered clauses, other verbs and other cues for a change), with questions asked otherwise.

Written apart from any extraction rule, to measure how far the figures on ``conversational`` carry
over to wording the rules were not tuned on.

This part (1 of 3) holds the personal facts (``PERSONAL``, ``CHANGEABLE``); ``work`` and ``talk``
hold the rest.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type

# --------------------------------------------------------------------------------------------------
# Fact types: the same slots, namespaces and placeholders as the conversational family.
# {v} value, {old} previous value, {p} entity (project / person), {av} value with "a"/"an",
# {kind} pet kind.
# --------------------------------------------------------------------------------------------------

PERSONAL: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "location",
            "personal",
            "User lives in {v}.|Location: {v}.|{v} is home base for them.|Based out of {v}.|"
            "Lives in {v}, rents a place near the centre.|Their flat is in {v}.|"
            "Currently resides in {v}.|Home city: {v}.|Mentioned they're living in {v}.|"
            "Me and my partner rent in {v}.|Our address is in {v}.|Living in {v}, so schedule in that timezone.|"
            "Where I live? {v}.|Calls {v} home.|Residence: {v}.|"
            "Anything local should be in {v}; that's where they live.",
            "Relocated to {v}; {old} is behind them now.|Not in {old} anymore, it's {v} now.|"
            "Moved house, from {old} over to {v}.|Home has changed to {v} (was {old}).|"
            "Packed up and left {old}. Living in {v} these days.|Location update for the user: {v}, no longer {old}.|"
            "Settled in {v} after the move.|Ever since the move, home is {v} rather than {old}.",
            "Which city does the user live in?|user's home city|Where's home for me these days?|"
            "Remind me what city I live in.",
        ),
        fact_type(
            "employer",
            "work",
            "User works at {v}.|Employer: {v}.|Works for {v}.|Their company is {v}.|"
            "On the payroll at {v}.|Has a full-time job at {v}.|Employed at {v}, has been for a while.|"
            "Said they work for {v}.|At {v} during the week, that's my job.|"
            "My paycheck comes from {v}.|Job: {v}.|Colleagues at {v} keep me busy.",
            "Changed jobs: now at {v}, left {old}.|Quit {old}, joined {v}.|"
            "Works at {v} these days, not {old}.|Accepted an offer; employer is now {v} instead of {old}.|"
            "Switched over to {v} after leaving {old}.|Not with {old} anymore, it's {v} now.|"
            "Started the new position at {v}.",
            "Which company employs the user?|user's employer|Who do I work for at the moment?|"
            "Name of the company I'm with?",
        ),
        fact_type(
            "job_title",
            "work",
            "User is {av}.|Title: {v}.|Works as {av}.|Role: {v}.|Their job title is {v}.|"
            "Holds the {v} role.|Employed as {av}.|Position they hold: {v}.|"
            "Mentioned that they're {av} by title.|On the org chart I'm listed as {av}.",
            "Title is now {v}, previously {old}.|Promotion came through: {v}.|"
            "No longer {old}; the new role is {v}.|Moved up from {old} into the {v} role.|"
            "Role changed to {v} (was {old}).|Took on a new title, {v}, replacing {old}.",
            "What's the user's job title?|user role at work|What title do I have now?|What position am I in?",
        ),
        fact_type(
            "editor",
            "work",
            "User codes in {v}.|Editor: {v}.|Writes code in {v}.|Their editor is {v}.|"
            "Does all editing in {v}.|Uses {v} for everything code related.|Prefers {v} as the editor.|"
            "Main editor is {v}, customised heavily.|Said they edit in {v} every day.|"
            "Code gets written in {v}, nothing else.|Editing setup: {v}.",
            "Moved off {old}; edits in {v} now.|Editor switched over to {v} (goodbye {old}).|"
            "Uses {v} these days, not {old} anymore.|Swapped {old} for {v} as the main editor.|"
            "Dropped {old}, config is all {v} now.|No more {old}. Editor is {v}.",
            "Which editor does the user use?|user's code editor|What do I write code in?|"
            "Editor I use, remind me?",
        ),
        fact_type(
            "language",
            "work",
            "User's favourite language is {v}.|Favourite programming language: {v}.|Loves writing {v}.|"
            "Prefers {v} whenever there's a choice.|Top language for them: {v}.|"
            "Reaches for {v} first when starting something new.|Most fun to write: {v}.|"
            "Said {v} is the language they like best.|Would write everything in {v} if allowed.",
            "Favourite language changed from {old} to {v}.|Prefers {v} these days; {old} lost its appeal.|"
            "{v} has replaced {old} as the favourite.|Not a {old} fan anymore, it's {v} now.",
            "Which programming language does the user like best?|user's favourite language|"
            "What's my top programming language?",
        ),
        fact_type(
            "os",
            "work",
            "User runs {v}.|OS: {v}.|Their laptop is on {v}.|Uses {v} on every machine.|"
            "Operating system of choice: {v}.|Machines run {v}, work and home.|Has {v} installed everywhere.|"
            "Said they're on {v}.|Prefers {v} as the operating system.",
            "Moved from {old} to {v} on the laptop.|Wiped {old}, runs {v} now.|"
            "OS is {v} these days, not {old}.|Switched over to {v}; {old} is gone.",
            "Which OS does the user run?|user's operating system|What operating system am I on?",
        ),
        fact_type(
            "drink",
            "personal",
            "User drinks {v} every morning.|Drink: {v}.|Prefers {v} to anything else.|"
            "Starts each day with {v}.|Always orders {v}.|Their go-to drink is {v}.|"
            "Said a cup of {v} keeps them going.|Usual drink: {v}, no sugar.|Mostly drinks {v}.",
            "Gave up {old}; drinks {v} now.|Switched over to {v} from {old}.|"
            "Not drinking {old} anymore, it's {v}.|Drinks {v} these days instead of {old}.",
            "What does the user like to drink?|user's usual drink|Coffee or tea for me?",
        ),
        fact_type(
            "diet",
            "personal",
            "User is {v}.|Diet: {v}.|Eats {v}.|Follows a {v} diet.|Keep meal suggestions {v}.|"
            "Has been {v} for years.|Dietary note: {v}.|Said they eat {v}, so plan food around that.",
            "Not {old} anymore, {v} now.|Diet changed from {old} to {v}.|"
            "Went {v}; was {old} before.|Eats {v} these days rather than {old}.",
            "What diet does the user follow?|user's dietary preference|Any diet I stick to?",
        ),
        fact_type(
            "pets",
            "personal",
            "User has {v}.|Pets: {v}.|Lives with {v}.|Owns {v}.|Household includes {v}.|"
            "Has {v} at home.|Mentioned having {v}.|Pet situation: {v}.",
            "Took in another {kind}, so {v} now.|Pet count went up to {v} with one more {kind}.|"
            "One more {kind} joined the household; {v} in total.|Adopted another {kind}. Now has {v}.",
            "How many pets does the user have?|user's pets|What animals live at my place?",
        ),
        fact_type(
            "partner",
            "personal",
            "User's partner is {v}.|Partner: {v}.|Lives with their partner, {v}.|"
            "Mentioned their partner {v}.|Is married to {v}.|Spouse or partner: {v}.|{v} is their partner.",
            "",
            "What is the user's partner called?|user's partner|Who is my partner?",
        ),
        fact_type(
            "email",
            "work",
            "User's email: {v}.|Email: {v}.|Reachable at {v}.|Contact address is {v}.|"
            "Send mail to {v}.|Prefers email at {v}.",
            "",
            "What is the user's email address?|user email|Which email should things go to?",
        ),
        fact_type(
            "hometown",
            "personal",
            "User grew up in {v}.|Hometown: {v}.|Originally from {v}.|Raised in {v}.|"
            "Comes from {v}.|Spent childhood in {v}.|Said they were a kid in {v}.",
            "",
            "Where is the user from originally?|user's hometown|Where did I grow up?",
        ),
        fact_type(
            "birthday",
            "personal",
            "User's birthday: {v}.|Born on {v}.|Birthday falls on {v}.|Celebrates their birthday on {v}.|"
            "Date of birth (day and month): {v}.",
            "",
            "When is the user's birthday?|user birthday|What day is my birthday?",
        ),
        fact_type(
            "allergy",
            "personal",
            "User is allergic to {v}.|Allergy: {v}.|Reacts badly to {v}.|Has an allergy to {v}.|"
            "Keep {v} away from them, allergic.|Medical note: allergic to {v}.",
            "",
            "What is the user allergic to?|user allergies|Do I have an allergy?",
        ),
        fact_type(
            "hobby",
            "personal",
            "User's main hobby is {v}.|Hobby: {v}.|Spends free time on {v}.|Big into {v}.|"
            "Unwinds with {v}.|Weekends go to {v}.|Took up {v} a few years back, still loves it.",
            "",
            "What is the user's main hobby?|user hobby|What do I do for fun?",
        ),
        fact_type(
            "food",
            "personal",
            "User's favourite food is {v}.|Favourite food: {v}.|Could eat {v} every week.|"
            "Comfort food is {v}.|Orders {v} whenever eating out.|Loves {v} more than any other dish.",
            "",
            "What food does the user like most?|user's favourite food|What's my favourite thing to eat?",
        ),
    )
}
CHANGEABLE = ("location", "employer", "job_title", "editor", "language", "os", "drink", "diet", "pets")
