"""Data: the asides phrasing family (facts said in passing while asking for help): its frames and questions.

A user asks an AI assistant for help with everyday tasks (emails, trips, debugging, recipes, calendars)
and personal or project facts only come up incidentally, as an aside inside the request. Changes are
mentioned in passing too: with or without the old value, with or without words like "switched", sometimes
only implied by what is being asked ("now that ..."). The voices vary: polite, curt, lowercase, typo-prone,
long-winded. A held-out family written apart from the rules.

This part (1 of 3) holds the personal facts (``PERSONAL``, ``CHANGEABLE``); ``work`` and ``talk``
hold the rest.
"""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import FactType, fact_type

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
