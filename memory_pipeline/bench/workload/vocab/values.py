"""Data: the values facts, events and filler draw from; shared by every phrasing family."""

from __future__ import annotations

from memory_pipeline.bench.workload.vocab import words

# Lists are long on purpose: unrelated memories must not look alike.
CITIES = words(
    "Paris|Berlin|Lisbon|Madrid|Barcelona|Rome|Milan|Vienna|Prague|Warsaw|Krakow|Budapest|Amsterdam|"
    "Rotterdam|Brussels|Copenhagen|Stockholm|Oslo|Helsinki|Dublin|Edinburgh|Manchester|London|Bristol|"
    "Zurich|Geneva|Munich|Hamburg|Cologne|Leipzig|Lyon|Marseille|Bordeaux|Porto|Seville|Valencia|"
    "Athens|Istanbul|Tallinn|Riga|Vilnius|Ljubljana|Zagreb|Bucharest|Sofia|Belgrade|Reykjavik|"
    "New York|Boston|Chicago|Austin|Seattle|Portland|Denver|San Francisco|Los Angeles|San Diego|"
    "Toronto|Montreal|Vancouver|Mexico City|Bogota|Lima|Santiago|Buenos Aires|Sao Paulo|"
    "Rio de Janeiro|Cape Town|Nairobi|Lagos|Accra|Cairo|Casablanca|Tel Aviv|Dubai|Mumbai|Bangalore|"
    "Delhi|Singapore|Kuala Lumpur|Bangkok|Hanoi|Manila|Jakarta|Seoul|Busan|Tokyo|Osaka|Kyoto|Taipei|"
    "Hong Kong|Shanghai|Sydney|Melbourne|Brisbane|Auckland|Wellington|Pittsburgh|Atlanta|Nashville"
)
COMPANIES = words(
    "Northwind|Globex|Initech|Brightline|Bluefin Labs|Cobalt Systems|Driftwood|Emberly|Fernway|"
    "Granite Cloud|Harbor Health|Ironleaf|Juniper Analytics|Kestrel Bank|Lumen Robotics|Maple Logistics|"
    "Nimbus Games|Orchard Labs|Pinecrest Media|Quarry Data|Redwood Energy|Saltmarsh|Tidewater Insurance|"
    "Upland Foods|Vantage Mobility|Willow Finance|Yellowpine|Zephyr Air|Acorn Education|Birchwood|"
    "Cinder Security|Dovetail Software|Everglow|Foxglove Bio|Glasshouse|Helix Payments|Indigo Retail|"
    "Jetstream Travel|Keystone Legal|Lighthouse AI|Meridian Maps|Nova Telecom|Oakridge Pharma|"
    "Pebble Devices|Quill Publishing|Riverbend|Summit Outdoor|Tangent Studios|Umbra Music|Verdant Farms"
)
FIRST_NAMES = words(
    "Alice|Bob|Carol|David|Emma|Farid|Grace|Hugo|Ines|Jonas|Keiko|Liam|Maya|Noah|Olga|Pavel|Quinn|Rosa|"
    "Samir|Tara|Umar|Vera|Wes|Xena|Yusuf|Zoe|Amara|Bruno|Chloe|Dmitri|Elena|Felix|Gita|Hannah|Ivan|"
    "Julia|Kofi|Lena|Marco|Nadia|Oscar|Priya|Rafael|Sofia|Tomas|Ulla|Victor|Wanda|Yara|Zane|Anika|"
    "Ben|Clara|Diego|Erik|Fatima|Gabriel|Helga|Isaac|Jana|Kai|Lucia|Mateo|Nina|Omar|Paula|Ravi|Sven|"
    "Tessa|Uri|Valentina|Will|Ximena|Yuki|Zara|Aditya|Bianca|Cyrus|Daria|Emil|Freya|Goran|Hiro|Ingrid|"
    "Jamal|Kira|Leon|Mina|Nils|Orla|Pedro|Rania|Stefan|Thea|Vikram|Wendy|Yosef|Aisha|Bjorn|Carmen|"
    "Dev|Esme|Finn|Greta|Hamza|Ida|Joel|Kamala|Lars|Mei|Nikhil|Odette|Pia|Reza|Selma|Theo|Una|Vlad|"
    "Wren|Yasmin|Anton|Beatriz|Colm|Dalia|Elif|Fiona|Gus|Hana|Ilya|Jin|Kasia|Luis|Magnus|Noor"
)
LAST_NAMES = words(
    "Novak|Schmidt|Rossi|Garcia|Kowalski|Dubois|Jensen|Murphy|Silva|Tanaka|Kim|Nguyen|Okafor|Haddad|"
    "Larsen|Moreau|Fischer|Costa|Ivanova|Patel|Sato|Mendes|Berg|Weber|Romano|Lindqvist|Horvat|Sousa|"
    "Yilmaz|Petrov|Nakamura|Adeyemi|Castillo|Bauer|Keller|Varga|Popescu|Olsen|Reyes|Chen"
)
CODENAMES = words(
    "Atlas|Borealis|Cascade|Dynamo|Ember|Falcon|Glacier|Halo|Ion|Juno|Kestrel|Lantern|Mosaic|Nebula|"
    "Onyx|Pioneer|Quasar|Raven|Sierra|Tundra|Umbra|Vortex|Willow|Xenon|Yukon|Zenith|Apex|Beacon|"
    "Cobalt|Delta|Echo|Flint|Granite|Harbor|Iris|Jade|Kodiak|Lynx|Mercury|Nimbus|Orion|Polaris|Quartz|"
    "Ridge|Sable|Titan|Ursa|Vega|Wisp|Yarrow"
)
COMPONENTS = words(
    "billing|search|mobile app|data pipeline|auth service|dashboard|API gateway|recommendations|"
    "checkout|notifications|analytics|onboarding flow|reporting|scheduler|inventory"
)
EDITORS = words("vim|neovim|emacs|helix|VS Code|IntelliJ IDEA|Sublime Text|Zed|PyCharm|Kate")
LANGUAGES = words(
    "Python|Rust|Go|TypeScript|Kotlin|Java|C#|Elixir|Haskell|Ruby|Scala|Swift|Clojure|OCaml|Zig|C++"
)
OSES = words("Linux|macOS|Windows|NixOS|Ubuntu|Fedora|Arch Linux|Debian")
DRINKS = words("coffee|tea|green tea|espresso|matcha|rooibos|yerba mate|chai")
DIETS = words("vegetarian|vegan|pescatarian|flexitarian")
PET_KINDS = (("cat", "cats"), ("dog", "dogs"), ("rabbit", "rabbits"), ("parrot", "parrots"))
TITLES = words(
    "software engineer|senior software engineer|staff engineer|engineering manager|data scientist|"
    "product manager|product designer|site reliability engineer|data engineer|tech lead|"
    "ML engineer|QA engineer|solutions architect|developer advocate"
)
# A promotion is the usual job-title change; anything else jumps to a random other title.
PROMOTIONS = {
    "software engineer": "senior software engineer",
    "senior software engineer": "staff engineer",
    "staff engineer": "engineering manager",
    "data engineer": "senior software engineer",
    "QA engineer": "software engineer",
    "tech lead": "engineering manager",
}
ALLERGIES = words("peanuts|shellfish|pollen|penicillin|cat hair|tree nuts|sesame|dust mites|wasp stings")
HOBBIES = words(
    "bouldering|chess|photography|woodworking|cycling|baking|swimming|yoga|gardening|pottery|"
    "birdwatching|sailing|knitting|salsa dancing|trail running"
)
FOODS = words("ramen|dumplings|curry|pizza|tacos|falafel|pho|paella|risotto|bibimbap|pierogi|shakshuka")
MONTHS = words("January|February|March|April|May|June|July|August|September|October|November|December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
DATABASES = words("Postgres|MySQL|DynamoDB|MongoDB|SQLite|CockroachDB|Cassandra|ClickHouse|Redis")
QUEUES = words("RabbitMQ|Kafka|SQS|Postgres|Redis Streams|NATS|Pulsar|Celery")
CLOUDS = words("AWS|GCP|Azure|Hetzner|Fly.io|our own racks|DigitalOcean|OVH")
CI_TOOLS = words("GitHub Actions|GitLab CI|Jenkins|Buildkite|CircleCI|Drone|TeamCity")
TEAMS = words(
    "platform|data|growth|payments|infrastructure|mobile|security|design|support tooling|search|"
    "developer experience|billing"
)
RELATIVES = words("sister|brother|mother|father|aunt|cousin|grandmother|uncle")
UTILITIES = words("electricity|water|internet|phone|gas|council tax|insurance")
BOOKS = words(
    "Dune|The Pragmatic Programmer|Designing Data-Intensive Applications|Project Hail Mary|"
    "The Left Hand of Darkness|Thinking in Systems|Middlemarch|The Phoenix Project|Piranesi|"
    "A Philosophy of Software Design|The Overstory|Klara and the Sun|Sapiens|The Goal|Station Eleven|"
    "Accelerate|The Mythical Man-Month|Circe|Team Topologies|The Remains of the Day"
)
CONCEPTS = words(
    "consistent hashing|vector clocks|B-tree indexes|garbage collection|backpressure|"
    "idempotency keys|two-phase commit|copy-on-write|bloom filters|rate limiting|event sourcing|"
    "write-ahead logging|MVCC|circuit breakers|tail latency|connection pooling|CRDTs|leader election|"
    "cache invalidation|feature flags|blue-green deployments|canary releases|property-based testing|"
    "dependency injection|memoization|the CAP theorem|eventual consistency|sharding|HNSW graphs|"
    "cosine similarity|gradient descent|attention layers|tokenization|zero-downtime migrations|"
    "structured logging|distributed tracing|OAuth scopes|row-level security|load shedding|"
    "exponential backoff|the outbox pattern|saga workflows|mutation testing|snapshot isolation"
)
TOOLS = words(
    "Terraform|Kubernetes|Docker|Grafana|Prometheus|Airflow|dbt|Spark|Flink|Redis|Nginx|Envoy|"
    "Ansible|Pulumi|Helm|ArgoCD|Sentry|Datadog|Jaeger|Vault|Consul|Bazel|Poetry|uv|pnpm|Vite|React|"
    "Svelte|Django|FastAPI|Rails|Phoenix|Spring Boot|Next.js|Tailwind|pandas|Polars|DuckDB|Jupyter|"
    "Figma|Notion|Linear|Jira|Obsidian|tmux|git|ripgrep|jq|Playwright"
)
USECASES = words(
    "a small internal dashboard|batch ETL jobs|a high-traffic public API|a side project|"
    "real-time analytics|a mobile backend|log aggregation|a static marketing site|prototyping|"
    "a multi-tenant SaaS app|scheduled reports|streaming ingestion|an offline-first app|"
    "a CLI tool|machine learning experiments|a monorepo with many services|end-to-end tests"
)
QUALITIES = words(
    "simplicity|raw throughput|strong consistency|fast iteration|low memory use|a big ecosystem|"
    "type safety|operational simplicity|predictable latency|cheap hosting|good documentation|"
    "easy onboarding|fine-grained control|portability|a gentle learning curve"
)
PITFALLS = words(
    "silent data loss on retries|unbounded memory growth|hot partitions|clock skew between nodes|"
    "stale reads after failover|thundering herds after a restart|lock contention|"
    "schema drift between services|leaking connections|accidentally quadratic loops|"
    "missing timeouts|flaky ordering assumptions"
)
CAUSES = words(
    "a stale lock file|an expired token|a missing environment variable|a version mismatch|"
    "the cache serving old data|a port that is already in use|a circular import|"
    "a wrong working directory|a full disk|a DNS lookup timing out|file permissions|"
    "an unpinned dependency"
)
FIXES = words(
    "clearing the cache|re-running the migration|pinning the dependency|restarting the daemon|"
    "checking the logs with more verbosity|regenerating the lock file|rotating the credentials|"
    "bumping the timeout|running it from the repo root|freeing some disk space"
)
DISHES = words(
    "lentil soup|mushroom risotto|vegetable curry|shakshuka|banana bread|miso ramen|falafel wraps|"
    "a chickpea stew|stuffed peppers|pad thai|sourdough|focaccia|gnocchi|dal|a tomato tart|"
    "cold noodle salad|roasted cauliflower|oat pancakes|minestrone|tofu stir-fry"
)
INGREDIENTS = words(
    "a good olive oil|fresh garlic|toasted cumin|a splash of soy sauce|ripe tomatoes|smoked paprika|"
    "lemon zest|fresh ginger|a pinch of chili flakes|browned butter|caramelized onions"
)
ACTIVITIES = words(
    "a rainy weekend|a team offsite|a birthday dinner|a long train ride|a first date|"
    "a hackathon theme|a kids' party|a quiet evening at home|a road trip|a book club meeting|"
    "a lunch-and-learn session|a farewell gift|a garden makeover|a charity run|a board game night"
)
SIGHTS = words(
    "the old harbour|a food market|the botanical garden|a jazz bar|the modern art museum|"
    "a hike up the nearest hill|a bike tour|the flea market|a river cruise|the city library"
)
TASKS = words(
    "update the runbook|rotate the API keys|book a room for the retro|write the migration plan|"
    "clean up the feature flags|renew the TLS certificate|file the expense report|"
    "review the vendor contract|order a new monitor|draft the incident postmortem|"
    "set up alerting for disk usage|archive the old dashboards|benchmark the new instance types|"
    "answer the security questionnaire|update the onboarding doc|prune the unused S3 buckets|"
    "fix the broken link in the docs|ask legal about the data retention policy|"
    "schedule the quarterly planning session|check the error budget|add tracing to the importer|"
    "write release notes|upgrade the base image|triage the open bug reports|"
    "reply to the customer escalation|prepare slides for the demo|sign off on the budget|"
    "test the backup restore|move the cron jobs to the scheduler|label the flaky tests"
)
CHANGES = words(
    "retry logic refactor|config loader rewrite|new caching layer|pagination fix|logging cleanup|"
    "dependency bump|schema migration|test fixture overhaul|rate limiter|CLI argument parser"
)
FIELDS = words(
    "distributed systems|urban planning|behavioural economics|marine biology|typography|"
    "climate science|the history of computing|product design|linguistics|astronomy"
)
HUMAN_LANGUAGES = words("Spanish|French|German|Portuguese|Italian|Japanese|Dutch|Polish|Swedish|Turkish")
PHRASES = words(
    "see you at the station|the meeting moved upstairs|thanks for your patience|"
    "could you send the invoice again|the package arrived damaged|we are running a little late|"
    "the office is closed for the holiday|please keep the receipt"
)
ANNOYANCES = words(
    "the VPN dropping|a flaky integration test|the printer jamming|back-to-back meetings|"
    "the wifi on the train|a merge conflict in the lock file|the build cache missing|"
    "my headphones dying mid-call"
)
PLACES = words(
    "the Italian place on the corner|the ramen bar near the office|the new Lebanese bistro|"
    "the rooftop cafe|the dumpling house|the taqueria downtown|the vegan deli|the harbour brasserie"
)
MEETINGS = words("meeting|1:1|design review|interview|call|planning session|budget review")
IDEAS = words(
    "a picnic|a puzzle hunt|a cooking class|a museum visit|a pub quiz|a karaoke night|a short hike|"
    "a film marathon|a pottery workshop|an escape room|a tasting menu|a photo walk"
)

# Habits: (verb phrase, gerund, time phrase); the profile records "<verb phrase> <time phrase>".
HABITS = (
    ("go for a run", "going for a run", "before work"),
    ("review pull requests", "reviewing pull requests", "first thing in the morning"),
    ("write my standup notes", "writing my standup notes", "right after breakfast"),
    ("take a walk", "taking a walk", "after lunch"),
    ("read for half an hour", "reading for half an hour", "before bed"),
    ("plan the week", "planning the week", "on Sunday evenings"),
    ("meditate for ten minutes", "meditating for ten minutes", "when I wake up"),
    ("batch my email", "batching my email", "twice a day"),
    ("call my parents", "calling my parents", "on Saturdays"),
    ("cook a big batch of food", "cooking a big batch of food", "on weekends"),
    ("go to the gym", "going to the gym", "after work"),
    ("write in my journal", "writing in my journal", "at the end of the day"),
    ("deploy to production", "deploying to production", "on Tuesday mornings"),
    ("write the tests first", "writing the tests first", "when I start a new feature"),
    ("clear my inbox", "clearing my inbox", "on Friday afternoons"),
    ("stretch", "stretching", "between meetings"),
    ("cycle to the office", "cycling to the office", "when the weather is good"),
    ("review my budget", "reviewing my budget", "at the start of each month"),
    ("back up my laptop", "backing up my laptop", "every Friday"),
    ("practise the piano", "practising the piano", "in the evenings"),
    ("write a summary for my team", "writing a summary for my team", "on Thursday afternoons"),
    ("pair with a teammate", "pairing with a teammate", "on Wednesdays"),
    ("turn off notifications", "turning off notifications", "during focus blocks"),
    ("check the on-call dashboard", "checking the on-call dashboard", "before standup"),
)
