"""Data: the asides phrasing family (facts said in passing while asking for help): its frames and questions.

A user asks an AI assistant for help with everyday tasks (emails, trips, debugging, recipes, calendars)
and personal or project facts only come up incidentally, as an aside inside the request. Changes are
mentioned in passing too: with or without the old value, with or without words like "switched", sometimes
only implied by what is being asked ("now that ..."). The voices vary: polite, curt, lowercase, typo-prone,
long-winded. A held-out family written apart from the rules.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type, words

# --------------------------------------------------------------------------------------------------
# Fact types: every frame is a request that carries the fact as an aside.
# {v} value, {old} previous value (change frames only), {p} entity (project / person), {av} value with
# "a"/"an" (personal slots only: project and contact groups are formatted without it), {kind} pet kind
# (pet change frames only). No frame says a relative date: only the temporal frames below do.
# --------------------------------------------------------------------------------------------------

PERSONAL: dict[str, FactType] = {
    f.slot: f
    for f in (
        fact_type(
            "location",
            "personal",
            "Can you suggest a few day trips for a free weekend? I live in {v}, so nothing more than two "
            "hours out.|"
            "looking for a running club, I'm based in {v} if that helps|"
            "Help me pick a gym near home. Home being {v}.|"
            "What time does the sun set where I live? That's {v}, for reference.|"
            "Could you draft a note to my landlord about the broken heating? The flat is in {v}, in case "
            "tenant rules differ by city.|"
            "Since I live in {v}, which public holidays should I plan around for the team calendar?|"
            "i need a dentist who takes walk-ins, anywhere in {v} really, thats where i live|"
            "As {av} resident, do I have to register my bike anywhere? What are the rules usually?|"
            "What's the easiest way to get to the airport from my place in {v}?|"
            "Recommend some indoor things to do on a rainy Saturday near where I live ({v}).|"
            "I'm filling in a visa form and it asks for my city of residence, which is {v}. What goes in the "
            "'region' box?|"
            "Work out what a 3pm call on the US east coast would be for me, please. I live in {v}.|"
            "Find me a Saturday farmers' market close to home - I'm living in {v}.|"
            "Can you recommend a local newsletter or two? I live in {v} and never know what's on.|"
            "My flat in {v} gets freezing in winter, any cheap ways to insulate the windows?|"
            "Help me compare broadband deals for my place in {v}.",
            "Can you redo my weekday schedule? I moved from {old} to {v}, so the commute is totally "
            "different.|"
            "I need to change my address with the bank since I've moved to {v}. Can you draft the email?|"
            "help me write a change-of-address note for my insurer. left {old}, new place is in {v}|"
            "Now that I live in {v} rather than {old}, which energy providers should I be looking at?|"
            "Just relocated to {v}. What should I sort out first - doctor, bank, internet?|"
            "Since moving to {v} my sleep has been all over the place. Any tips for settling in?|"
            "Could you reword my bio? The bit saying I'm in {old} is out of date - I live in {v} now.|"
            "the {old} gym membership can go, i moved to {v}. draft me a cancellation email?|"
            "Write a short message to friends saying I've swapped {old} for {v} and they should come visit.|"
            "What's the cheapest way to ship boxes from {old} to {v}? I've already moved, but half my stuff "
            "is still there.|"
            "Now that home is {v}, can you find me a new running route? The old one was back in {old}.|"
            "Please fix the delivery address in that draft - I'm not in {old} anymore, I live in {v}.",
            "Which city do I live in?|What's my home city?|Where do I reside?|In what city is my home?",
        ),
        fact_type(
            "employer",
            "work",
            "Can you write my out-of-office reply? I work at {v}, so point urgent things to the {v} support "
            "inbox.|"
            "I'm at {v} and have to explain our expense policy to a new hire. Can you make it sound "
            "friendlier?|"
            "Draft a LinkedIn headline for me - I work for {v} but don't want it to sound corporate.|"
            "my employer ({v}) gives us a learning budget, what courses would you spend it on?|"
            "Could you polish this email to HR at {v}, where I work? I'm asking about carrying over unused "
            "holiday.|"
            "Since I'm employed by {v}, would freelancing on weekends be a conflict of interest? Help me "
            "think it through.|"
            "write a 2-line intro for my conference badge. name, then that i work at {v}|"
            "The form wants my current employer - it's {v}. Do I put the legal entity name or the brand?|"
            "I work at {v}. Can you help me prep for my annual review there?|"
            "Help me plan my commute to the {v} office, that's where I work.|"
            "Can you summarise this policy doc from {v}, my employer? It's forty pages and I don't have "
            "time.|"
            "Need a polite no to a recruiter. I'm happy at {v} and not looking.|"
            "How do I explain what {v} does to a non-technical friend? I work there and always fumble it.|"
            "Give me talking points for a careers fair - I'll be representing {v}, since that's who I work "
            "for.",
            "Help me update my LinkedIn, I've joined {v}.|"
            "Can you draft a farewell note to my old team at {old}? I've already started at {v}.|"
            "now that I'm at {v} instead of {old}, what should go in my new email signature?|"
            "My new employer, {v}, wants my bank details for payroll. Is it safe to send them by email?|"
            "I switched jobs - {v} now, not {old}. Can you rewrite my bio for the conference site?|"
            "Could you redo my CV summary? The top line still says {old} but I work at {v} these days.|"
            "I left {old} for {v}. Help me write a thank-you note to my old manager?|"
            "Can you help me understand the pension paperwork? I moved from {old} to {v} and the schemes "
            "are different.|"
            "first week in my new job at {v}, any tips for not looking lost in meetings?|"
            "Since joining {v}, my commute is way longer. Podcast suggestions?",
            "Which company employs me?|What's the name of my employer?|Who do I work for?|"
            "Which company am I working at?",
        ),
        fact_type(
            "job_title",
            "work",
            "Can you tidy up my email signature? Name first, then my title, {v}, then the team line.|"
            "I'm {av}, so which certifications would actually be worth my time?|"
            "Help me write my self-review. My role is {v} and I mostly want to highlight the mentoring I "
            "did.|"
            "Could you explain this job ad to me? I work as {av} and can't tell if it's a step up.|"
            "I'm {av} - what's a normal salary range for that role? I want to negotiate.|"
            "As {av}, how much of my week should be meetings? Help me audit my calendar.|"
            "Write me a two-line intro for a panel: my job title is {v}, keep it humble.|"
            "My business cards say {v} under my name. Can you suggest a cleaner layout?|"
            "i'm working as {av} and want to get better at writing docs, any course recs|"
            "The registration form asks for my title, which is {v}. What do I put under 'seniority'?|"
            "Give me some interview questions to ask candidates. I'm {av} and I'll be on the panel.|"
            "What books would help me grow in my job? I'm {av}, for context.",
            "I got promoted to {v}! Help me write a thank-you note to the people who backed me.|"
            "Can you update my bio? It still says {old}, but I'm {av} now.|"
            "now that i'm {av} instead of {old}, what should i stop doing? my calendar exploded|"
            "Help me write my first team update as {av} - I was {old} until the reorg.|"
            "They changed my title from {old} to {v}. Does that usually mean a new contract?|"
            "Could you rewrite my LinkedIn headline? The promotion to {v} finally went through.|"
            "I moved from {old} to {v} and need a 30-60-90 day plan. Can you sketch one?|"
            "New role, {v}, no longer {old}. Can you put together a reading list for the first month?",
            "What title do I hold?|What's my job?|What role do I have at work?|What do I work as?",
        ),
        fact_type(
            "editor",
            "work",
            "How do I set up format-on-save in {v}? It's my main editor.|"
            "Can you make me a cheat sheet of {v} shortcuts? I do all my coding in it.|"
            "i code in {v} all day, whats a good plugin for markdown preview|"
            "My editor is {v}; help me get a debugger working in it.|"
            "Which colour theme would you recommend for {v}? I spend most of the day coding in it.|"
            "Could you write a config snippet for {v}? That's what I edit code in, and I want tabs as 4 "
            "spaces.|"
            "Since I use {v} for everything, is there a decent way to do code review without leaving it?|"
            "Help, my {v} setup takes ages to start. It's the editor I use every day, so this hurts.|"
            "What's the multi-cursor trick in {v}? It's my editor and I keep reaching for that.|"
            "I'm {av} person through and through - how do I search and replace across a whole project?|"
            "Explain this regex for me? I'll paste it into {v}, which is what I always write code in.",
            "I've moved from {old} to {v}. Can you help me port my keybindings?|"
            "help me find {v} versions of my {old} plugins, just switched editors|"
            "Now that I'm coding in {v} rather than {old}, how do I get the same linting setup back?|"
            "Dropped {old} for {v}. What's the fastest way to learn the shortcuts?|"
            "Can you convert this {old} config to {v}? I changed editors and miss my settings.|"
            "I use {v} these days, so ignore the {old} instructions from before. How do I open a terminal "
            "split?|"
            "Since switching my editor to {v}, I've lost inline git blame - is there a plugin for it?",
            "What editor do I code in?|Which text editor do I use for programming?|What do I edit my code "
            "with?",
        ),
        fact_type(
            "language",
            "work",
            "Could you pick a side-project idea for me? Something in {v}, it's my favourite language.|"
            "I like {v} more than any other language - which books would take me deeper?|"
            "For the coding exercise, can I answer in {v}? It's the language I enjoy most.|"
            "explain generics to me using {v} examples pls, its my fave language|"
            "I'd write everything in {v} if I could. How do I convince my team to try it for a small tool?|"
            "Give me a puzzle-style warm-up in {v}; it's my favourite language to write.|"
            "Which conference talks should I watch? I'm mostly into {v}, my all-time favourite language.|"
            "Help me write a short blog intro about why {v} is my favourite programming language.|"
            "My go-to language for anything fun is {v}. Suggest a weekend project that plays to its "
            "strengths.|"
            "What's the best {v} podcast out there? It's the language I love most and I want to keep up.",
            "I used to prefer {old}, but {v} is my favourite now. Can you suggest an intermediate project?|"
            "Rewrite my 'about me' line - it says I love {old}, but honestly {v} has taken over as my "
            "favourite.|"
            "help me port this little script from {old} to {v}? {v}'s my favourite these days, not {old}|"
            "Since {v} replaced {old} as my favourite language, which habits should I unlearn?|"
            "Update for my dev profile: favourite language is {v} now, not {old}. Can you reword the bio?|"
            "Got bored of {old}. {v} is the one I enjoy most lately - what should I build with it?",
            "Which programming language do I like most?|What's my favorite coding language?|"
            "Which language would I choose to code in?",
        ),
        fact_type(
            "os",
            "work",
            "How do I make a bootable USB stick? I'm on {v}.|"
            "can you write me a backup script? my laptop runs {v}|"
            "What's the best screenshot tool for {v}? That's what all my machines run.|"
            "My machine is {av} box - how do I check which process is hogging a port?|"
            "Since I'm on {v}, which password manager has a decent desktop app?|"
            "Help me set up a network printer. I run {v} at home and at work.|"
            "Is there a keyboard remapper for {v}? It's the OS I use everywhere.|"
            "I use {v} as my operating system. Which terminal would you recommend?|"
            "Need to screen-share on a video call - any gotchas on {v}? That's my OS.|"
            "write a scheduled job for me (I'm on {v}) that clears out my downloads folder every week",
            "I switched my laptop from {old} to {v}. Can you help me find replacements for my old apps?|"
            "Now that I'm on {v} instead of {old}, how do I install my dev tools properly?|"
            "wiped {old}, installed {v}. how do i get my dotfiles back in?|"
            "Can you map these {old} shortcuts to {v}? I changed operating systems and keep hitting the "
            "wrong keys.|"
            "Since moving to {v} from {old}, my external monitor flickers. Ideas?|"
            "Help me write a short note to IT: my machine runs {v} now, no longer {old}, so I need a "
            "different VPN client.",
            "Which OS does my computer run?|What operating system do I use?|Which operating system is on my "
            "machine?",
        ),
        fact_type(
            "drink",
            "personal",
            "Can you recommend a good travel mug? I drink {v} all day.|"
            "What's the ideal water temperature for {v}? It's basically all I drink.|"
            "Help me stock the office kitchen. For me it has to be {v}; everyone else can vote.|"
            "My morning drink is always {v}. How late in the day can I have it and still sleep?|"
            "i basically live on {v}, what snacks go well with it|"
            "Plan my packing for a hiking trip - I can't go without {v}, so I need a way to make it "
            "outdoors.|"
            "What gear do I need to make {v} properly at home? It's my everyday drink.|"
            "Cafe run list for the team, please: {v} for me, as always.|"
            "I'm {av} person, no question - how do I stop my mugs from staining?",
            "I've swapped {old} for {v}. Any brands you'd recommend?|"
            "Cutting out {old} - I drink {v} now. How do I deal with the afternoon slump?|"
            "Can you update the cafe order list? Mine's {v} now, not {old}.|"
            "since i switched from {old} to {v} i keep forgetting to buy it, add it to the shopping list?|"
            "Now that I'm {av} person rather than {old}, what kind of mug should I get?|"
            "I gave up {old} and moved to {v}. How do I brew it right?",
            "What's my usual drink?|What do I drink every day?|Which drink do I prefer?",
        ),
        fact_type(
            "diet",
            "personal",
            "Plan me a week of dinners, and remember I'm {v}.|"
            "Can you check this restaurant menu for things I can eat? I'm {v}.|"
            "I'm {v} - which protein sources should I be rotating through?|"
            "help me write the RSVP for the wedding, need to tell them im {v}|"
            "What should I order at a steakhouse as {av}?|"
            "Since I eat {v}, can you swap the chicken in this recipe for something else?|"
            "Build me a grocery list for the week: {v} diet, and I'd like to keep it cheap.|"
            "Can you adapt this lasagne recipe? I follow a {v} diet.|"
            "Need a packed-lunch plan. Note that I'm {v}, so nothing that breaks that.|"
            "Any tips for eating out on work trips when you're {v} like me?",
            "I went {v} (used to be {old}). Can you redo my meal plan?|"
            "help me tell my friends I'm {v} now, not {old}, before the barbecue|"
            "Now that I'm {v} rather than {old}, which supplements should I look into?|"
            "Can you rework my grocery list? I switched from {old} to {v}.|"
            "Since going {v}, I'm hungry all the time. What am I missing?|"
            "I'm no longer {old} - fully {v} these days. Give me five quick lunches.",
            "What diet am I on?|Which diet do I stick to?|What are my dietary rules?",
        ),
        fact_type(
            "pets",
            "personal",
            "Can you help me find a pet sitter? I have {v} and I'm away for a weekend.|"
            "Which houseplants are safe around pets? I've got {v} at home.|"
            "I live with {v} - any tips for keeping the flat from smelling?|"
            "Budget help: I have {v}, how much should I set aside each month for vet bills?|"
            "Write a note for the neighbour who's helping out: I have {v} and she'll be doing the feeding "
            "while I'm away.|"
            "how do i pet-proof a balcony? i have {v}|"
            "I'm flat hunting and need a place that allows pets, since I've got {v}. Can you draft the "
            "enquiry?|"
            "Which robot vacuum handles pet hair? I share my place with {v}.|"
            "Make me a feeding schedule, I own {v} and keep losing track.",
            "Can you redo the feeding rota? One more {kind} joined the family, which makes {v}.|"
            "how do I settle in a newly adopted {kind}? brought one home so now it's {v}|"
            "Need a bigger pet budget - I took in another {kind} and have {v} now.|"
            "Could you update the note for the pet sitter? It says {old}, but with the new {kind} it's {v}.|"
            "I have {v} after adopting one more {kind}. Which insurance covers multiple pets?|"
            "Now that there's an extra {kind} at home, {v} in total, how often should I be cleaning?",
            "How many pets do I own?|What animals do I keep at home?|How many animals live with me?",
        ),
        fact_type(
            "partner",
            "personal",
            "Help me plan an anniversary dinner for my partner, {v}.|"
            "Can you draft a birthday card for {v}? That's my partner - sweet, not cheesy.|"
            "My partner {v} and I split the chores badly. Can you make us a rota?|"
            "What's a good gift for my partner? Their name is {v}, if you want to personalise the card.|"
            "Could you help me word a text to {v}, my partner, apologising for missing dinner?|"
            "me and {v} (my partner) want a quiet weekend away. ideas?|"
            "For the emergency contact form: my partner, {v}. What else do they usually ask for?|"
            "Can you draft a message to friends about a surprise party for my partner, {v}?",
            "",
            "Who's my partner?|What is the name of my partner?|Who am I in a relationship with?",
        ),
        fact_type(
            "email",
            "work",
            "Can you write a forwarding rule so everything ends up at {v}? That's my main address.|"
            "For the sign-up form, use my email: {v}.|"
            "Put my contact email ({v}) at the bottom of the flyer, please.|"
            "Draft a reply telling the recruiter to write to {v} instead - that's my address.|"
            "how do i stop spam hitting {v}? its my email and its drowning|"
            "Add {v} to my signature, that's the address I want people to use.|"
            "Invoice template, 'send to' line: {v}. That's me.",
            "",
            "What's my email?|Which email address do I use?|How can someone reach me by email?",
        ),
        fact_type(
            "hometown",
            "personal",
            "Can you write a short toast for a school reunion? I grew up in {v}, so throw in something "
            "local.|"
            "Help me plan a visit back to {v}, where I grew up. I want to show a friend around.|"
            "Write a paragraph for my personal essay about growing up in {v}.|"
            "What's the history of the old football ground in {v}? It's my hometown and I never knew.|"
            "i'm originally from {v}, can you help me explain the local slang to coworkers|"
            "For my 'about me' slide: I was raised in {v}. Make it sound less boring?|"
            "Born and raised in {v} - can you suggest a few spots I never bothered to visit as a kid?",
            "",
            "Where was I raised?|Which city did I grow up in?|Where do I come from originally?",
        ),
        fact_type(
            "birthday",
            "personal",
            "Can you help me plan my birthday? It's on {v} and I want something low-key.|"
            "Which weekday does {v} fall on this year? It's my birthday and I want to book a table.|"
            "I was born on {v} - what's my star sign? just curious|"
            "help me write an invite for drinks on my birthday, {v}|"
            "For the HR form: my date of birth is {v}, but do they need the year too?|"
            "Don't put the team offsite on {v}, please - that's my birthday.",
            "",
            "What's the date of my birthday?|On what date was I born?|When do I celebrate my birthday?",
        ),
        fact_type(
            "allergy",
            "personal",
            "Can you check this recipe for anything I can't have? I'm allergic to {v}.|"
            "What should go in my travel first-aid kit? I have an allergy to {v}.|"
            "help me fill the medical bit of the camp form - allergic to {v}|"
            "How do I say 'I'm allergic to {v}' in the local language? I need it for the trip.|"
            "I react badly to {v}. Which antihistamines should I ask the pharmacist about?|"
            "Draft a note for my new doctor listing my allergy: {v}.|"
            "Plan a picnic menu, but leave out {v} - I'm allergic.",
            "",
            "What is my allergy?|Which things am I allergic to?|Do I have any allergies worth knowing about?",
        ),
        fact_type(
            "hobby",
            "personal",
            "Can you build me a weekly schedule that leaves room for {v}? It's my main hobby.|"
            "Any good channels to follow for {v}? I'm obsessed with it outside work.|"
            "My free time mostly goes into {v}. How do I avoid burning out on it?|"
            "Write me a packing list for a {v} weekend; it's my big hobby.|"
            "how do i get better at {v} without paying for lessons? its my hobby|"
            "For the team icebreaker: my hobby is {v}. Give me a fun fact to go with it.|"
            "Help me write a short bio for the club newsletter - weekends for me are all about {v}.",
            "",
            "What hobby am I into?|How do I like to spend my free time?|What's my favourite pastime?",
        ),
        fact_type(
            "food",
            "personal",
            "Can you give me a recipe for {v}? It's my absolute favourite food.|"
            "What wine goes with {v}? It's what I'd eat every night if I could.|"
            "Planning a birthday dinner - my all-time favourite is {v}, so somewhere that does it well.|"
            "i could live on {v}. is there a healthier way to make it at home|"
            "Rank a few cities for a food trip; the dish I love most in the world is {v}.|"
            "Find me a cooking class? I love {v} more than any other food, so something along those lines.",
            "",
            "What's my favourite dish?|Which food do I like best?|What food could I eat all the time?",
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

# Variations layered over any fact frame, so the same frame is not always the same string.
PREFIXES = words(
    "Hey,|Hi,|Hello again,|Quick one:|ok so|Sorry, another one:|Hiya,|Right,|Um,|Question:|Hi there,"
)
SUFFIXES = words("Thanks!|Thank you.|Cheers.|ty|Appreciate it.|No rush.|Thanks in advance!|Much appreciated.")
EXPANSIONS = (
    ("I'm ", "I am "),
    ("I've ", "I have "),
    ("don't ", "do not "),
    ("can't ", "cannot "),
    ("it's ", "it is "),
    ("that's ", "that is "),
    ("they're ", "they are "),
    ("What's ", "What is "),
    ("I'd ", "I would "),
    ("We've ", "We have "),
)


# Events said with a relative date: (verb phrase, question); {p}, {name}, ... as in filler.
PAST_EVENTS = (
    ("I picked up my new glasses", "When did I pick up my new glasses?"),
    ("I had the {p} retro with {name}", "When did I have the {p} retro with {name}?"),
    ("I got the car serviced", "When did I get the car serviced?"),
    ("I sent the {p} invoice to {company}", "When did I send the {p} invoice to {company}?"),
    ("we hit the {p} milestone", "When did we hit the {p} milestone?"),
    ("I returned {book} to the library", "When did I return {book} to the library?"),
    ("my {rel} called about the holidays", "When did my {rel} call about the holidays?"),
    ("I paid the deposit for the {city} trip", "When did I pay the deposit for the {city} trip?"),
    ("I cooked {dish} for the first time", "When did I first cook {dish}?"),
    ("I got the {utility} meter read", "When did I get the {utility} meter read?"),
    ("we migrated the {p} staging server", "When did we migrate the {p} staging server?"),
    (
        "I had a call with {company} about {concept}",
        "When did I have the call with {company} about {concept}?",
    ),
    ("I had my eye test", "When was my eye test?"),
    ("I presented {concept} to the {team} team", "When did I present {concept} to the {team} team?"),
    ("I submitted the {p} expense claim", "When did I submit the {p} expense claim?"),
    ("I got a parking ticket", "When did I get the parking ticket?"),
    ("{name} reviewed my {p} pull request", "When did {name} review my {p} pull request?"),
    ("I finished the {book} audiobook", "When did I finish the {book} audiobook?"),
    ("I reported the {p} security bug", "When did I report the {p} security bug?"),
    ("I sent back the broken headphones", "When did I send back the broken headphones?"),
    ("I went to {name}'s leaving drinks", "When did I go to {name}'s leaving drinks?"),
    ("we onboarded {company} onto {p}", "When did we onboard {company} onto {p}?"),
    ("I switched {utility} providers", "When did I switch {utility} providers?"),
    ("I sold my old laptop", "When did I sell my old laptop?"),
    ("I signed up for the {city} marathon", "When did I sign up for the {city} marathon?"),
)
FUTURE_EVENTS = (
    ("I'm driving to {city}", "When am I driving to {city}?"),
    ("I have a call with {company} about {p}", "When is my call with {company} about {p}?"),
    ("my {rel} is arriving", "When is my {rel} arriving?"),
    ("I'm getting my hair cut", "When am I getting my hair cut?"),
    ("the {p} migration is scheduled", "When is the {p} migration scheduled?"),
    ("I'm meeting {name} at the airport", "When am I meeting {name} at the airport?"),
    ("I'm hosting the {team} team lunch", "When am I hosting the {team} team lunch?"),
    ("the plumber is coming", "When is the plumber coming?"),
    ("I'm taking the car in for its inspection", "When am I taking the car in for its inspection?"),
    ("we're releasing the {p} update", "When are we releasing the {p} update?"),
    ("I'm giving a workshop on {concept}", "When am I giving the workshop on {concept}?"),
    ("my book club is discussing {book}", "When is my book club discussing {book}?"),
    ("I'm cooking {dish} for friends", "When am I cooking {dish} for friends?"),
    ("the {utility} engineer is visiting", "When is the {utility} engineer visiting?"),
    ("{name} is handing over the {p} docs", "When is {name} handing over the {p} docs?"),
)
PAST_FRAMES = words(
    "Can you note down that {vp} {expr}?|{Expr} {vp} - can you add that to my log?|"
    "{Vp} {expr}. Could you file that under admin stuff?|for my records: {vp} {expr}. thanks|"
    "Help me write a one-line note for my journal: {vp} {expr}.|{Vp} {expr}, so please tick it off my list.|"
    "Can you remember that {vp} {expr}? I'll need it later.|{Expr}, {vp}. Remind me of that if I ask?|"
    "Add to my timeline: {vp} {expr}."
)
FUTURE_FRAMES = words(
    "Can you block my calendar? {Vp} {expr}.|{Expr} {vp}, so please plan around it.|"
    "Remind me that {vp} {expr}?|heads up for scheduling: {vp} {expr}|{Vp} {expr} - what should I prep?|"
    "Could you keep in mind that {vp} {expr} when you plan my week?|{Expr}, {vp}. Can you make me a "
    "checklist?"
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    (
        "number",
        "Can you chase the reviewers on PR #{x}? It's been sitting there forever.",
        None,
        "",
        0,
        "",
        "",
    ),
    (
        "number",
        "Help me write a polite reminder about invoice {x} from {company}, still unpaid.",
        None,
        "",
        0,
        "",
        "",
    ),
    ("number", "What does error code {x} mean in the {p} logs? I keep seeing it.", None, "", 0, "", ""),
    ("number", "Can you draft a complaint about order #{x}? It arrived damaged.", None, "", 0, "", ""),
    (
        "number",
        "Summarise ticket {code}-{x} for me, I need to post an update about {p}.",
        None,
        "",
        0,
        "",
        "",
    ),
    ("number", "Could you explain the stack trace around line {x} of the {p} importer?", None, "", 0, "", ""),
    (
        "number",
        "Booking ref {x} for the {city} hotel - can you ask them for a late check-in?",
        None,
        "",
        0,
        "",
        "",
    ),
    (
        "number",
        "I slept {x} hours last night, can you suggest a lighter workout?",
        None,
        "last night",
        -1,
        "",
        "",
    ),
    (
        "number",
        "I cycled {x} km this morning - roughly how many calories is that?",
        (9, 23),
        "this morning",
        0,
        "",
        "",
    ),
    ("date", "Can you remind me to renew the {utility} contract by {x}?", None, "", 0, "", ""),
    ("date", "Draft an email confirming the {p} demo for {x}.", None, "", 0, "", ""),
    ("date", "Help me prepare for the {p} audit on {x}.", None, "", 0, "", ""),
    ("date", "Could you add the dentist checkup on {x} to my calendar?", None, "", 0, "", ""),
    ("date", "What do I need to bring to the {p} quarterly review on {x}?", None, "", 0, "", ""),
    (
        "name",
        "Can you help me prep for the {what} with {x} on {day}?",
        None,
        "",
        0,
        "What day is my {what} with {x}?",
        "day",
    ),
    ("name", "Write a nudge to {x} about the {p} code review, please.", None, "", 0, "", ""),
    (
        "name",
        "Help me settle up: I owe {x} {amount} for the gig tickets.",
        None,
        "",
        0,
        "What amount do I owe {x} for the gig tickets?",
        "amount",
    ),
    ("name", "Could you shorten the {p} handover doc before I send it to {x}?", None, "", 0, "", ""),
    ("name", "Can you draft a message booking {place} for me and {x}?", None, "", 0, "", ""),
    ("name", "Please remind me to thank {x} for covering the {p} on-call shift.", None, "", 0, "", ""),
    ("name", "{x} asked for the {p} slides - can you make them less wordy?", None, "", 0, "", ""),
    (
        "negation",
        "I'm {x}coming into the office today, so can you move my calls around?",
        None,
        "today",
        0,
        "",
        "",
    ),
    (
        "negation",
        "The {p} release is {x}happening today - help me write the update for the channel.",
        None,
        "today",
        0,
        "",
        "",
    ),
    (
        "negation",
        "{name} is {x}joining the sync this morning - could you tweak the agenda?",
        (7, 12),
        "this morning",
        0,
        "",
        "",
    ),
    (
        "negation",
        "I'm {x}cooking tonight, so what should I do with the leftovers?",
        (7, 19),
        "tonight",
        0,
        "",
        "",
    ),
    (
        "negation",
        "The {p} tests are {x}passing this afternoon, any idea why the deploy is stuck?",
        (12, 18),
        "this afternoon",
        0,
        "",
        "",
    ),
    (
        "negation",
        "My train was {x}delayed this morning - can you help me reply to the team chat?",
        (9, 23),
        "this morning",
        0,
        "",
        "",
    ),
    (
        "negation",
        "{name} is {x}working remotely today, should I book a room for our chat?",
        None,
        "today",
        0,
        "",
        "",
    ),
)

FILLER_USER = words(
    "Can you help me write a polite email turning down an invite to {activity}?|"
    "What's a simple way to explain {concept} to a new colleague?|"
    "Could you make a three-day itinerary for {city}? I'd like to see {sight}.|"
    "help me debug this, i think it's {cause} but not sure|"
    "Can you rewrite this paragraph about {concept} so it's half as long?|"
    "How do I make {dish} without it going bland?|"
    "Draft a message to {name} asking to move our catch-up.|"
    "Can you turn this list into a table: {tool}, {tool2}, {tool3}?|"
    "Give me a packing list for {activity}.|"
    "What's the {hlang} for '{phrase}'? Need it for a message.|"
    "Help me set a budget for {activity}.|"
    "Could you suggest a name for a newsletter about {field}?|"
    "Proofread this commit message for the {change}, please.|"
    "How should I structure a README for {usecase}?|"
    "Make me a study plan for {field} over {n} weeks.|"
    "what's a good icebreaker for {activity}?|"
    "Can you compare {tool} and {tool2} for {usecase} in a short table?|"
    "Write a short thank-you note to {name}, nothing fancy.|"
    "Suggest {n} questions for a book club on {book}.|"
    "Could you draft a grocery list for {dish} and {dish2}?|"
    "How do I get {tool} to stop failing? I suspect {cause}.|"
    "Can you explain what {pitfall} means in plain words?|"
    "Find me a fun way to spend an afternoon in {city} with {sight}.|"
    "I need a catchy title for a talk on {concept}. Ideas?|"
    "Write me a limerick about {annoyance}, I need cheering up.|"
    "Could you plan a {month} weekend in {city}? Something with {sight}.|"
    "Turn these notes into an agenda for {activity}, please.|"
    "Help me reply to a friend who asked what {field} is about.|"
    "What's a gentle way to say no to {activity}?|"
    "Draft a to-do list for setting up {tool} for {usecase}.|"
    "What are the trade-offs of {concept} versus {concept2}?|"
    "can u recomend a beginner book on {field}|"
    "Rewrite this so it sounds less passive-aggressive: '{phrase}'.|"
    "Is {fix} a safe thing to try, or could it break something?|"
    "Give me a quick outline for a blog post on {concept} and {pitfall}."
)
FILLER_ASSISTANT = words(
    "Here's a shorter version of the paragraph on {concept}, about half the length.|"
    "I'd go with {tool} for {usecase}; {tool2} is fine too if you value {quality}.|"
    "Here's a draft for {name}: a friendly opener, the ask, and a short sign-off.|"
    "For {dish}, {ingredient} makes the biggest difference.|"
    "A three-day plan for {city}: day one {sight}, day two {sight2}, and keep day three loose.|"
    "That error is most likely {cause}. I'd try {fix} before anything else.|"
    "Here are {n} ideas for {activity}, starting with {idea} and {idea2}.|"
    "In {hlang} that comes out a bit more formal than in English; here are two options.|"
    "The short version: {concept} buys you {quality} at the cost of {quality2}.|"
    "Watch out for {pitfall}; it's the usual way this goes wrong.|"
    "I've reworded the commit message for the {change} so it leads with the why.|"
    "If you enjoyed {book}, {book2} has a similar feel.|"
    "Here's the table comparing {tool} and {tool2}; the big difference is {quality}.|"
    "A study plan for {field}: one intro book, one course, and a small project to tie it together.|"
    "Your packing list for {activity} has {n} items; I left out anything bulky.|"
    "I'd structure the README for {usecase} as: what it is, how to run it, how to test it.|"
    "{concept} is easiest to see with a tiny example, so here's one.|"
    "Sure, here's a polite decline for {activity} that still leaves the door open.|"
    "For a {month} trip to {city}, book {sight} early; it gets busy.|"
    "You could fix that with {fix}; if it comes back, check for {cause}.|"
    "Here's an agenda for {activity} with {n} short items and a buffer at the end.|"
    "Good catch. With {tool}, the usual culprit is {cause}."
)
FILLER_CHAT = words(
    "perfect, that fixed the {tool} thing, thanks|Hmm, not quite what I meant about {concept}, but close.|"
    "lol {annoyance} strikes again|Sorry, got distracted by {annoyance}.|"
    "Nice, the {dish} plan looks doable.|Oh, that's way better than my version of the {change} message.|"
    "Fair enough, I'll try {tool} first.|Good shout on {fix}, sorted.|ok {city} it is then|"
    "Added {book} to my list, cheers.|ugh, {annoyance}. anyway.|That {hlang} version is spot on, thank you.|"
    "Makes sense now, {concept} finally clicked."
)
TASK_FRAMES = words(
    "Can you remind me to {task} for {p}?|add '{task}' to my {p} list pls|"
    "Before the {p} review I have to {task}. Can you break it into steps?|"
    "Help me find time to {task} - it's for {p}.|{name} asked me to {task}. Could you draft a plan?|"
    "What's the quickest way to {task}? It's on my plate for {p}.|"
    "Put '{task}' on my to-do list under {p}, would you?|"
    "I keep putting off having to {task} for {p}. Nudge me?|"
    "Can you write a checklist so I remember to {task}?|my todo for {p}: {task}. can you keep track|"
    "Roughly how long will it take me to {task} for {p}?"
)
