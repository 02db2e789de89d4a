"""Benchmark workload: synthetic agent conversations with ground truth.

Design
------
Every user is generated on its own from ``random.Random(spec.seed * 1_000_003 + user_index)``, so a
user's memories and truth depend only on the spec and its index: users are independent, any one can
be regenerated alone, and a 1M-memory workload streams one user at a time.

``generate_user(spec, index) -> (memories, UserTruth)`` is the core. It first lays out the user's
timeline (conversations over ``spec.months``, 07:00-22:00 UTC so a timestamp's date is never in
doubt), then claims random positions on it for planned items (paraphrase groups, supersession
chains, relative-date statements, distractor pairs, tasks) and fills the rest with chat filler.
``Workload`` iterates users; its ``truth`` is gathered while ``iter_memories()`` runs to the end, or
by a separate pass when asked for first (the pass costs as much as generating).

What the ground truth means
---------------------------
- paraphrase group: memories asserting the same fact (same slot, same value), in different words or
  repeated verbatim. Only groups of two or more are listed. A change announcement ("I moved from
  Paris to Berlin") belongs to the group of the new value.
- supersession (newer, older, slot): every memory of a slot's value x every memory of the value it
  replaced (adjacent versions only; A->B->C implies C supersedes A). All older memories precede the
  first newer one.
- temporal (ext, expression, date): every relative date expression in any content, verbatim, with
  its date. Conventions: "last <weekday>" is the most recent such day strictly before, "next
  <weekday>" the first strictly after; the generator only says them where the other reading cannot
  apply (the named day has not yet come this week, resp. has already passed).
- distractor pair (a, b, kind): two memories whose texts differ only in a number, a date, a name or a
  negation and that are BOTH true, so merging them loses a fact: different items (PR 482 / PR 489),
  different people, different bills, or day-scoped states on different days ("I'm working from home
  today" / "I'm not working from home today"). Pairs where the later one replaces the earlier (2 cats
  -> 3 cats) are supersessions instead and are not listed here.
- profile: the current value of every personal slot the user stated, plus "habits": habits stated
  at least 3 times whose recorded success rate, where outcomes exist, is above 0.6.
- question: answerable by ``answer_ext_ids``; with ``as_of`` it asks what was true then.

Limits
------
- Within a user, tasks, events and distractor templates are dealt without replacement, so ordinary
  users (up to a few hundred memories) hold no unlisted look-alikes. Heavy users cycle through
  them, so they do contain look-alike singletons the truth does not list (and ~0.5% exact repeats).
- About 6,400 project and contact facts exist per user; a user needing more paraphrase groups than
  that (beyond ~55k memories) gets filler instead.
- ``distinct_users`` makes users clones of a few templates: fine for load, not for quality figures.
"""

from __future__ import annotations

import json
import math
import random
import string
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

# --------------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkloadSpec:
    """What to generate. Per-user counts are lognormal around ``memories_per_user``."""

    n_users: int
    memories_per_user: int
    # Extra users with exactly these many memories (e.g. (50_000,)), indexed after the regular ones.
    heavy_users: tuple[int, ...] = ()
    seed: int = 0
    start: datetime = datetime(2025, 1, 1, tzinfo=UTC)
    months: int = 6
    user_prefix: str = "u"
    # Spread of the per-user counts (sigma of the lognormal); 0 gives every user the median.
    count_sigma: float = 0.8
    # Questions kept per user (a balanced subset of all that could be asked).
    questions_per_user: int = 20
    # Scripted facts: (user_index, slot, values). Two or more values make a supersession chain.
    # The committed sample uses it so the README can point at a known story.
    pinned: tuple[tuple[int, str, tuple[str, ...]], ...] = ()
    # If > 0, regular user i takes the content, count and timeline of user i % distinct_users under
    # its own ids. Off for quality runs; scale runs that embed each distinct sentence once use it to
    # bound what the encoder has to see (about 0.75 distinct sentences per memory of the templates).
    distinct_users: int = 0

    @classmethod
    def for_total(cls, total: int, n_users: int, **kw: Any) -> WorkloadSpec:
        """A spec whose regular users hold about ``total`` memories (the lognormal mean exceeds its median)."""
        sigma = kw.get("count_sigma", cls.count_sigma)
        median = max(1, round(total / n_users / math.exp(sigma * sigma / 2)))
        return cls(n_users=n_users, memories_per_user=median, **kw)


@dataclass(frozen=True, slots=True)
class GenMemory:
    user_id: str
    external_id: str
    content: str
    created_at: datetime
    conversation_id: str
    session_id: str
    role: str
    namespace: str
    importance: float
    metadata: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """One line of the ingest JSONL format."""
        return {
            "user_id": self.user_id,
            "content": self.content,
            "external_id": self.external_id,
            "created_at": self.created_at.isoformat(),
            "conversation_id": self.conversation_id,
            "session_id": self.session_id,
            "role": self.role,
            "namespace": self.namespace,
            "importance": self.importance,
            "metadata": self.metadata,
        }


@dataclass(frozen=True, slots=True)
class Question:
    user_id: str
    text: str
    answer_ext_ids: tuple[str, ...]
    expected: str
    as_of: datetime | None = None
    # fact | current | as_of | temporal | habit | project | distractor
    kind: str = "fact"


@dataclass
class GroundTruth:
    paraphrase_groups: list[tuple[str, ...]] = field(default_factory=list)
    supersessions: list[tuple[str, str, str]] = field(default_factory=list)
    temporal: list[tuple[str, str, str]] = field(default_factory=list)
    profiles: dict[str, dict[str, Any]] = field(default_factory=dict)
    distractor_pairs: list[tuple[str, str, str]] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    memory_counts: dict[str, int] = field(default_factory=dict)

    def add(self, ut: UserTruth) -> None:
        self.paraphrase_groups.extend(ut.paraphrase_groups)
        self.supersessions.extend(ut.supersessions)
        self.temporal.extend(ut.temporal)
        self.profiles[ut.user_id] = ut.profile
        self.distractor_pairs.extend(ut.distractor_pairs)
        self.questions.extend(ut.questions)
        self.memory_counts[ut.user_id] = ut.n_memories


@dataclass
class UserTruth:
    user_id: str
    n_memories: int
    paraphrase_groups: list[tuple[str, ...]] = field(default_factory=list)
    supersessions: list[tuple[str, str, str]] = field(default_factory=list)
    temporal: list[tuple[str, str, str]] = field(default_factory=list)
    profile: dict[str, Any] = field(default_factory=dict)
    distractor_pairs: list[tuple[str, str, str]] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


# --------------------------------------------------------------------------------------------------
# Vocabulary. Lists are long on purpose: unrelated memories must not look alike.
# --------------------------------------------------------------------------------------------------


def _w(s: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in s.split("|") if x.strip())


CITIES = _w(
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
COMPANIES = _w(
    "Northwind|Globex|Initech|Brightline|Bluefin Labs|Cobalt Systems|Driftwood|Emberly|Fernway|"
    "Granite Cloud|Harbor Health|Ironleaf|Juniper Analytics|Kestrel Bank|Lumen Robotics|Maple Logistics|"
    "Nimbus Games|Orchard Labs|Pinecrest Media|Quarry Data|Redwood Energy|Saltmarsh|Tidewater Insurance|"
    "Upland Foods|Vantage Mobility|Willow Finance|Yellowpine|Zephyr Air|Acorn Education|Birchwood|"
    "Cinder Security|Dovetail Software|Everglow|Foxglove Bio|Glasshouse|Helix Payments|Indigo Retail|"
    "Jetstream Travel|Keystone Legal|Lighthouse AI|Meridian Maps|Nova Telecom|Oakridge Pharma|"
    "Pebble Devices|Quill Publishing|Riverbend|Summit Outdoor|Tangent Studios|Umbra Music|Verdant Farms"
)
FIRST_NAMES = _w(
    "Alice|Bob|Carol|David|Emma|Farid|Grace|Hugo|Ines|Jonas|Keiko|Liam|Maya|Noah|Olga|Pavel|Quinn|Rosa|"
    "Samir|Tara|Umar|Vera|Wes|Xena|Yusuf|Zoe|Amara|Bruno|Chloe|Dmitri|Elena|Felix|Gita|Hannah|Ivan|"
    "Julia|Kofi|Lena|Marco|Nadia|Oscar|Priya|Rafael|Sofia|Tomas|Ulla|Victor|Wanda|Yara|Zane|Anika|"
    "Ben|Clara|Diego|Erik|Fatima|Gabriel|Helga|Isaac|Jana|Kai|Lucia|Mateo|Nina|Omar|Paula|Ravi|Sven|"
    "Tessa|Uri|Valentina|Will|Ximena|Yuki|Zara|Aditya|Bianca|Cyrus|Daria|Emil|Freya|Goran|Hiro|Ingrid|"
    "Jamal|Kira|Leon|Mina|Nils|Orla|Pedro|Rania|Stefan|Thea|Vikram|Wendy|Yosef|Aisha|Bjorn|Carmen|"
    "Dev|Esme|Finn|Greta|Hamza|Ida|Joel|Kamala|Lars|Mei|Nikhil|Odette|Pia|Reza|Selma|Theo|Una|Vlad|"
    "Wren|Yasmin|Anton|Beatriz|Colm|Dalia|Elif|Fiona|Gus|Hana|Ilya|Jin|Kasia|Luis|Magnus|Noor"
)
LAST_NAMES = _w(
    "Novak|Schmidt|Rossi|Garcia|Kowalski|Dubois|Jensen|Murphy|Silva|Tanaka|Kim|Nguyen|Okafor|Haddad|"
    "Larsen|Moreau|Fischer|Costa|Ivanova|Patel|Sato|Mendes|Berg|Weber|Romano|Lindqvist|Horvat|Sousa|"
    "Yilmaz|Petrov|Nakamura|Adeyemi|Castillo|Bauer|Keller|Varga|Popescu|Olsen|Reyes|Chen"
)
CODENAMES = _w(
    "Atlas|Borealis|Cascade|Dynamo|Ember|Falcon|Glacier|Halo|Ion|Juno|Kestrel|Lantern|Mosaic|Nebula|"
    "Onyx|Pioneer|Quasar|Raven|Sierra|Tundra|Umbra|Vortex|Willow|Xenon|Yukon|Zenith|Apex|Beacon|"
    "Cobalt|Delta|Echo|Flint|Granite|Harbor|Iris|Jade|Kodiak|Lynx|Mercury|Nimbus|Orion|Polaris|Quartz|"
    "Ridge|Sable|Titan|Ursa|Vega|Wisp|Yarrow"
)
COMPONENTS = _w(
    "billing|search|mobile app|data pipeline|auth service|dashboard|API gateway|recommendations|"
    "checkout|notifications|analytics|onboarding flow|reporting|scheduler|inventory"
)
EDITORS = _w("vim|neovim|emacs|helix|VS Code|IntelliJ IDEA|Sublime Text|Zed|PyCharm|Kate")
LANGUAGES = _w(
    "Python|Rust|Go|TypeScript|Kotlin|Java|C#|Elixir|Haskell|Ruby|Scala|Swift|Clojure|OCaml|Zig|C++"
)
OSES = _w("Linux|macOS|Windows|NixOS|Ubuntu|Fedora|Arch Linux|Debian")
DRINKS = _w("coffee|tea|green tea|espresso|matcha|rooibos|yerba mate|chai")
DIETS = _w("vegetarian|vegan|pescatarian|flexitarian")
PET_KINDS = (("cat", "cats"), ("dog", "dogs"), ("rabbit", "rabbits"), ("parrot", "parrots"))
TITLES = _w(
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
ALLERGIES = _w("peanuts|shellfish|pollen|penicillin|cat hair|tree nuts|sesame|dust mites|wasp stings")
HOBBIES = _w(
    "bouldering|chess|photography|woodworking|cycling|baking|swimming|yoga|gardening|pottery|"
    "birdwatching|sailing|knitting|salsa dancing|trail running"
)
FOODS = _w("ramen|dumplings|curry|pizza|tacos|falafel|pho|paella|risotto|bibimbap|pierogi|shakshuka")
MONTHS = _w("January|February|March|April|May|June|July|August|September|October|November|December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
DATABASES = _w("Postgres|MySQL|DynamoDB|MongoDB|SQLite|CockroachDB|Cassandra|ClickHouse|Redis")
QUEUES = _w("RabbitMQ|Kafka|SQS|Postgres|Redis Streams|NATS|Pulsar|Celery")
CLOUDS = _w("AWS|GCP|Azure|Hetzner|Fly.io|our own racks|DigitalOcean|OVH")
CI_TOOLS = _w("GitHub Actions|GitLab CI|Jenkins|Buildkite|CircleCI|Drone|TeamCity")
TEAMS = _w(
    "platform|data|growth|payments|infrastructure|mobile|security|design|support tooling|search|"
    "developer experience|billing"
)
RELATIVES = _w("sister|brother|mother|father|aunt|cousin|grandmother|uncle")
UTILITIES = _w("electricity|water|internet|phone|gas|council tax|insurance")
BOOKS = _w(
    "Dune|The Pragmatic Programmer|Designing Data-Intensive Applications|Project Hail Mary|"
    "The Left Hand of Darkness|Thinking in Systems|Middlemarch|The Phoenix Project|Piranesi|"
    "A Philosophy of Software Design|The Overstory|Klara and the Sun|Sapiens|The Goal|Station Eleven|"
    "Accelerate|The Mythical Man-Month|Circe|Team Topologies|The Remains of the Day"
)
CONCEPTS = _w(
    "consistent hashing|vector clocks|B-tree indexes|garbage collection|backpressure|"
    "idempotency keys|two-phase commit|copy-on-write|bloom filters|rate limiting|event sourcing|"
    "write-ahead logging|MVCC|circuit breakers|tail latency|connection pooling|CRDTs|leader election|"
    "cache invalidation|feature flags|blue-green deployments|canary releases|property-based testing|"
    "dependency injection|memoization|the CAP theorem|eventual consistency|sharding|HNSW graphs|"
    "cosine similarity|gradient descent|attention layers|tokenization|zero-downtime migrations|"
    "structured logging|distributed tracing|OAuth scopes|row-level security|load shedding|"
    "exponential backoff|the outbox pattern|saga workflows|mutation testing|snapshot isolation"
)
TOOLS = _w(
    "Terraform|Kubernetes|Docker|Grafana|Prometheus|Airflow|dbt|Spark|Flink|Redis|Nginx|Envoy|"
    "Ansible|Pulumi|Helm|ArgoCD|Sentry|Datadog|Jaeger|Vault|Consul|Bazel|Poetry|uv|pnpm|Vite|React|"
    "Svelte|Django|FastAPI|Rails|Phoenix|Spring Boot|Next.js|Tailwind|pandas|Polars|DuckDB|Jupyter|"
    "Figma|Notion|Linear|Jira|Obsidian|tmux|git|ripgrep|jq|Playwright"
)
USECASES = _w(
    "a small internal dashboard|batch ETL jobs|a high-traffic public API|a side project|"
    "real-time analytics|a mobile backend|log aggregation|a static marketing site|prototyping|"
    "a multi-tenant SaaS app|scheduled reports|streaming ingestion|an offline-first app|"
    "a CLI tool|machine learning experiments|a monorepo with many services|end-to-end tests"
)
QUALITIES = _w(
    "simplicity|raw throughput|strong consistency|fast iteration|low memory use|a big ecosystem|"
    "type safety|operational simplicity|predictable latency|cheap hosting|good documentation|"
    "easy onboarding|fine-grained control|portability|a gentle learning curve"
)
PITFALLS = _w(
    "silent data loss on retries|unbounded memory growth|hot partitions|clock skew between nodes|"
    "stale reads after failover|thundering herds after a restart|lock contention|"
    "schema drift between services|leaking connections|accidentally quadratic loops|"
    "missing timeouts|flaky ordering assumptions"
)
CAUSES = _w(
    "a stale lock file|an expired token|a missing environment variable|a version mismatch|"
    "the cache serving old data|a port that is already in use|a circular import|"
    "a wrong working directory|a full disk|a DNS lookup timing out|file permissions|"
    "an unpinned dependency"
)
FIXES = _w(
    "clearing the cache|re-running the migration|pinning the dependency|restarting the daemon|"
    "checking the logs with more verbosity|regenerating the lock file|rotating the credentials|"
    "bumping the timeout|running it from the repo root|freeing some disk space"
)
DISHES = _w(
    "lentil soup|mushroom risotto|vegetable curry|shakshuka|banana bread|miso ramen|falafel wraps|"
    "a chickpea stew|stuffed peppers|pad thai|sourdough|focaccia|gnocchi|dal|a tomato tart|"
    "cold noodle salad|roasted cauliflower|oat pancakes|minestrone|tofu stir-fry"
)
INGREDIENTS = _w(
    "a good olive oil|fresh garlic|toasted cumin|a splash of soy sauce|ripe tomatoes|smoked paprika|"
    "lemon zest|fresh ginger|a pinch of chili flakes|browned butter|caramelized onions"
)
ACTIVITIES = _w(
    "a rainy weekend|a team offsite|a birthday dinner|a long train ride|a first date|"
    "a hackathon theme|a kids' party|a quiet evening at home|a road trip|a book club meeting|"
    "a lunch-and-learn session|a farewell gift|a garden makeover|a charity run|a board game night"
)
SIGHTS = _w(
    "the old harbour|a food market|the botanical garden|a jazz bar|the modern art museum|"
    "a hike up the nearest hill|a bike tour|the flea market|a river cruise|the city library"
)
TASKS = _w(
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
CHANGES = _w(
    "retry logic refactor|config loader rewrite|new caching layer|pagination fix|logging cleanup|"
    "dependency bump|schema migration|test fixture overhaul|rate limiter|CLI argument parser"
)
FIELDS = _w(
    "distributed systems|urban planning|behavioural economics|marine biology|typography|"
    "climate science|the history of computing|product design|linguistics|astronomy"
)
HUMAN_LANGUAGES = _w("Spanish|French|German|Portuguese|Italian|Japanese|Dutch|Polish|Swedish|Turkish")
PHRASES = _w(
    "see you at the station|the meeting moved upstairs|thanks for your patience|"
    "could you send the invoice again|the package arrived damaged|we are running a little late|"
    "the office is closed for the holiday|please keep the receipt"
)
ANNOYANCES = _w(
    "the VPN dropping|a flaky integration test|the printer jamming|back-to-back meetings|"
    "the wifi on the train|a merge conflict in the lock file|the build cache missing|"
    "my headphones dying mid-call"
)
PLACES = _w(
    "the Italian place on the corner|the ramen bar near the office|the new Lebanese bistro|"
    "the rooftop cafe|the dumpling house|the taqueria downtown|the vegan deli|the harbour brasserie"
)


# --------------------------------------------------------------------------------------------------
# Fact types. Each has many sentence frames so paraphrases are not one template with a new value.
# {v} value, {old} previous value, {p} entity (project / person), {av} value with "a"/"an",
# {kind} pet kind.
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _FactType:
    slot: str
    namespace: str
    frames: tuple[str, ...]
    change_frames: tuple[str, ...]
    questions: tuple[str, ...]


def _ft(slot: str, ns: str, frames: str, changes: str, questions: str) -> _FactType:
    return _FactType(slot, ns, _w(frames), _w(changes), _w(questions))


PERSONAL: dict[str, _FactType] = {
    f.slot: f
    for f in (
        _ft(
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
        _ft(
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
        _ft(
            "job_title",
            "work",
            "I'm {av}.|I work as {av}.|My title is {v}.|My role is {v}.|Job-wise, I'm {av}.|"
            "I'm working as {av} at the moment.|Officially my title is {v}.|I have the title {v}.|"
            "On paper I'm {av}.|My position is {v}.",
            "I got promoted to {v}.|I'm now {av}, the promotion came through.|My new title is {v}.|"
            "I moved from {old} to {v}.|Good news: they made me {av}.|I'm no longer {old}; I'm {av} now.",
            "What is my job title?|What's my role?|What do I do for a living?|What's my position?",
        ),
        _ft(
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
        _ft(
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
        _ft(
            "os",
            "work",
            "I'm on {v}.|My laptop runs {v}.|I use {v} for work and at home.|"
            "{v} is my operating system of choice.|I daily-drive {v}.|All my machines run {v}.|"
            "I prefer {v} as my OS.|My computer is set up with {v}.|I'm {av} user.",
            "I switched my laptop from {old} to {v}.|I moved off {old}, I'm on {v} now.|"
            "I finally installed {v} and wiped {old}.|No more {old} for me, everything runs {v} now.",
            "Which operating system do I use?|What OS am I on?|What does my laptop run?",
        ),
        _ft(
            "drink",
            "personal",
            "I drink {v} every morning.|I'm {av} person.|I prefer {v}.|{v} is my drink of choice.|"
            "I can't start the day without {v}.|I'd always pick {v} over anything else.|"
            "My usual order is {v}.|Put me down for {v}, always.|A cup of {v} is all I need.",
            "I've switched from {old} to {v}.|I gave up {old}; it's {v} for me now.|"
            "No more {old} for me, I drink {v} now.|I'm off {old} and onto {v}.",
            "Do I prefer coffee or tea?|What do I like to drink?|What's my drink of choice?",
        ),
        _ft(
            "diet",
            "personal",
            "I'm {v}.|I follow a {v} diet.|I've been {v} for years.|Diet-wise I'm {v}.|"
            "Please remember I'm {v} when suggesting recipes.|I eat a {v} diet.|Keep in mind that I'm {v}.|"
            "When you suggest food, note that I'm {v}.",
            "I've gone {v}; I used to be {old}.|I switched from being {old} to {v}.|"
            "I'm {v} now, no longer {old}.|Diet update: I'm {v} now instead of {old}.",
            "What's my diet?|Do I have dietary restrictions?|What kind of diet do I follow?",
        ),
        _ft(
            "pets",
            "personal",
            "I have {v}.|We have {v} at home.|I live with {v}.|I've got {v}.|"
            "Our household includes {v}.|I'm the proud owner of {v}.|At home I look after {v}.|"
            "My flat is home to {v}.",
            "We adopted another {kind}, so now we have {v}.|I have {v} now since we took in another {kind}.|"
            "Our family grew: {v} now.|Another {kind} joined us, that makes {v}.",
            "How many pets do I have?|What pets do I have?|Which animals live with me?",
        ),
        _ft(
            "partner",
            "personal",
            "My partner's name is {v}.|I live with my partner, {v}.|{v} is my partner.|"
            "My partner {v} says hi.|I'm married to {v}.|Me and my partner {v} are planning a trip.|"
            "You might hear me mention {v}; that's my partner.",
            "",
            "What's my partner's name?|Who is my partner?",
        ),
        _ft(
            "email",
            "work",
            "My email is {v}.|You can reach me at {v}.|My email address is {v}.|"
            "Use {v} for anything work related.|Send things to {v}.|The best address for me is {v}.",
            "",
            "What's my email address?|Where can I be reached by email?",
        ),
        _ft(
            "hometown",
            "personal",
            "I grew up in {v}.|I'm originally from {v}.|{v} is my hometown.|I was born and raised in {v}.|"
            "My hometown is {v}.|I spent my childhood in {v}.|Before all this, I was a kid in {v}.",
            "",
            "Where did I grow up?|What's my hometown?|Where am I originally from?",
        ),
        _ft(
            "birthday",
            "personal",
            "My birthday is on {v}.|I was born on {v}.|{v} is my birthday.|"
            "I celebrate my birthday on {v}.|Mark {v} in the calendar, it's my birthday.",
            "",
            "When is my birthday?|What date is my birthday?",
        ),
        _ft(
            "allergy",
            "personal",
            "I'm allergic to {v}.|I have an allergy to {v}.|Heads-up: I react to {v}.|"
            "Please note my allergy to {v}.|I react badly to {v}, it's an allergy.|"
            "Allergy warning for me: {v}.",
            "",
            "What am I allergic to?|Do I have any allergies?",
        ),
        _ft(
            "hobby",
            "personal",
            "My main hobby is {v}.|I'm really into {v}.|In my free time I do a lot of {v}.|"
            "{v} is how I unwind.|I spend most weekends on {v}.|Outside work, it's all about {v} for me.|"
            "I picked up {v} a few years back and love it.",
            "",
            "What's my main hobby?|What do I do in my free time?",
        ),
        _ft(
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

PROJECT: dict[str, _FactType] = {
    f.slot: f
    for f in (
        _ft(
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
        _ft(
            "queue",
            "projects",
            "We decided to use {v} for the {p} queue.|The {p} job queue runs on {v}.|"
            "{p} gets its queue from {v}.|Queue for {p}: {v}.|We'll back the {p} work queue with {v}.|"
            "The background jobs of {p} go through {v}.|{v} handles the {p} message queue.",
            "We replaced {old} with {v} for the {p} queue.|The {p} queue moved from {old} to {v}.|"
            "We ripped out {old}; {p} queues on {v} now.",
            "What does the {p} queue run on?|Which queue does {p} use?",
        ),
        _ft(
            "deadline",
            "projects",
            "The {p} launch is planned for {v}.|We're targeting {v} for the {p} release.|"
            "{p} has to ship by {v}.|The deadline for {p} is {v}.|{p} goes live on {v}.|"
            "Launch date for {p}: {v}.|We promised {p} for {v}.",
            "The {p} deadline slipped to {v}.|{p} is now due on {v} instead of {old}.|"
            "We pushed the {p} launch from {old} to {v}.|New date for {p}: {v}, not {old}.",
            "When is the {p} deadline?|When does {p} launch?",
        ),
        _ft(
            "owner",
            "projects",
            "{v} owns {p}.|{p} is owned by {v}.|{v} is the point person for {p}.|"
            "Questions about {p} go to {v}.|{v} leads the {p} work.|The owner of {p} is {v}.|"
            "If {p} breaks, {v} is the one to ping.",
            "{v} took over {p} from {old}.|{p} has a new owner: {v}.|{old} handed {p} over to {v}.",
            "Who owns {p}?|Who is responsible for {p}?",
        ),
        _ft(
            "cloud",
            "projects",
            "{p} runs on {v}.|We host {p} on {v}.|{p} is deployed to {v}.|Hosting for {p}: {v}.|"
            "All of {p} lives on {v}.|We picked {v} to host {p}.",
            "We moved {p} from {old} to {v}.|{p} left {old}; it's hosted on {v} now.|"
            "{p} finished its migration to {v}.",
            "Where is {p} hosted?|What does {p} run on?",
        ),
        _ft(
            "language",
            "projects",
            "{p} is written in {v}.|The {p} codebase is {v}.|We build {p} in {v}.|"
            "{v} is the language of the {p} code.|Everything in {p} is {v}.",
            "We're rewriting {p} in {v}; it used to be {old}.|{p} moved from {old} to {v}.|"
            "The {p} rewrite from {old} to {v} landed.",
            "What language is {p} written in?|Which language is the {p} code in?",
        ),
        _ft(
            "budget",
            "projects",
            "The budget for {p} is {v}.|{p} has {v} to spend this quarter.|We got {v} approved for {p}.|"
            "Finance gave {p} a budget of {v}.|{p} is capped at {v}.",
            "The {p} budget went up to {v}.|{p} now has {v} instead of {old}.|"
            "Finance changed the {p} budget from {old} to {v}.",
            "What's the budget for {p}?|How much can {p} spend?",
        ),
        _ft(
            "ci",
            "projects",
            "{p} builds on {v}.|The CI for {p} is {v}.|We run the {p} pipeline on {v}.|"
            "{v} runs the {p} tests.|{p} uses {v} for CI.",
            "We moved {p} CI from {old} to {v}.|{p} switched its CI to {v}, away from {old}.",
            "Which CI does {p} use?|Where do the {p} tests run?",
        ),
    )
}
CONTACT: dict[str, _FactType] = {
    f.slot: f
    for f in (
        _ft(
            "team",
            "work",
            "{p} is on the {v} team.|{p} works on the {v} team.|{p} joined the {v} team.|"
            "The {v} team is where {p} sits.|{p} belongs to {v}.",
            "{p} moved from the {old} team to {v}.|{p} switched teams: {v} now, not {old}.",
            "Which team is {p} on?|What team does {p} work in?",
        ),
        _ft(
            "city",
            "work",
            "{p} lives in {v}.|{p} is based in {v}.|{p} works out of {v}.|{p} is in {v}, remember the time zone.",
            "{p} moved to {v}.|{p} relocated from {old} to {v}.",
            "Where does {p} live?|Where is {p} based?",
        ),
        _ft(
            "birthday",
            "personal",
            "{p}'s birthday is on {v}.|{p} was born on {v}.|{v} is the birthday of {p}.|"
            "Don't forget {p}'s birthday, {v}.",
            "",
            "When is {p}'s birthday?",
        ),
    )
}

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
HABIT_FRAMES = _w(
    "I usually {vp} {tp}.|{Tp}, I {vp}.|I always {vp} {tp}.|I try to {vp} {tp}.|"
    "{Ger} {tp} is part of my routine.|My habit is to {vp} {tp}.|Most days I {vp} {tp}.|"
    "I tend to {vp} {tp}.|Like clockwork, I {vp} {tp}.|I make a point of {ger} {tp}.|"
    "I've gotten into the habit of {ger} {tp}.|As a rule I {vp} {tp}.|It works best for me to {vp} {tp}.|"
    "{Tp} is when I {vp}.|My routine: {ger} {tp}.|I'm someone who likes to {vp} {tp}."
)
HABIT_QUESTIONS = _w("What do I usually do {tp}?|What's my routine {tp}?|What habit do I have {tp}?")

# Variations layered over any fact frame, so the same frame is not always the same string.
PREFIXES = _w(
    "By the way, |Just so you know, |FYI: |Oh, and |For the record, |Quick note: |Also, |"
    "Something to remember: |Side note: |In case it matters, "
)
SUFFIXES = _w(" Just so you have it.| Keep that in mind.| Thought you should know.| Worth remembering.")
EXPANSIONS = (
    ("I'm ", "I am "),
    ("I've ", "I have "),
    ("we're ", "we are "),
    ("We're ", "We are "),
    ("don't ", "do not "),
    ("it's ", "it is "),
    ("can't ", "cannot "),
    ("isn't ", "is not "),
    ("I'd ", "I would "),
)


# --------------------------------------------------------------------------------------------------
# Relative dates. Offsets are in days from the memory's own (UTC) date.
# --------------------------------------------------------------------------------------------------


def _past_expressions(when: datetime) -> list[tuple[str, int]]:
    out = [("yesterday", -1), ("the day before yesterday", -2), ("last night", -1)]
    for n in range(2, 7):
        out.append((f"{n} days ago", -n))
        out.append((f"{NUMBER_WORDS[n]} days ago", -n))
    out += [("a week ago", -7), ("two weeks ago", -14), ("three weeks ago", -21)]
    if when.hour >= 10:
        out += [("this morning", 0), ("earlier today", 0)]
    wd = when.weekday()
    for x in range(wd + 2, 7):  # the named day is still ahead this week, so "last" is unambiguous
        out.append((f"last {WEEKDAYS[x]}", x - wd - 7))
    return out


def _future_expressions(when: datetime) -> list[tuple[str, int]]:
    out = [("tomorrow", 1), ("the day after tomorrow", 2), ("in two weeks", 14)]
    for n in range(3, 7):
        out.append((f"in {n} days", n))
        out.append((f"in {NUMBER_WORDS[n]} days", n))
    if when.hour < 19:
        out.append(("tonight", 0))
    wd = when.weekday()
    for x in range(0, wd - 1):  # the named day already passed this week, so "next" is unambiguous
        out.append((f"next {WEEKDAYS[x]}", x - wd + 7))
    return out


PAST_EVENTS = (
    ("I signed the lease", "When did I sign the lease?"),
    ("I had my dentist appointment", "When was my dentist appointment?"),
    ("I got my flu shot", "When did I get my flu shot?"),
    ("we shipped the {p} beta", "When did we ship the {p} beta?"),
    ("I met {name} for coffee", "When did I meet {name} for coffee?"),
    ("I finished reading {book}", "When did I finish reading {book}?"),
    ("my {rel} came to visit", "When did my {rel} visit?"),
    ("I renewed my passport", "When did I renew my passport?"),
    ("we had the {p} outage", "When was the {p} outage?"),
    ("I ran my first half marathon", "When did I run my first half marathon?"),
    ("I bought a new bike", "When did I buy the new bike?"),
    ("I interviewed with {company}", "When did I interview with {company}?"),
    ("I paid the {utility} bill", "When did I pay the {utility} bill?"),
    ("I submitted my tax return", "When did I submit my tax return?"),
    ("I called {name} about the {p} contract", "When did I call {name} about the {p} contract?"),
    ("we rolled back the {p} release", "When did we roll back the {p} release?"),
    ("I got the keys to the new flat", "When did I get the keys to the new flat?"),
    ("I gave the talk on {concept}", "When did I give the talk on {concept}?"),
    ("we merged the big {p} refactor", "When did we merge the big {p} refactor?"),
    ("I fixed the flaky {p} test", "When did I fix the flaky {p} test?"),
    ("I booked the flights to {city}", "When did I book the flights to {city}?"),
    ("{name} started on the {team} team", "When did {name} start on the {team} team?"),
    ("I had the performance review with {name}", "When was my performance review with {name}?"),
    ("I sent the {p} proposal to {company}", "When did I send the {p} proposal to {company}?"),
    ("I tried {dish} for the first time", "When did I first try {dish}?"),
)
FUTURE_EVENTS = (
    ("I'm flying to {city}", "When am I flying to {city}?"),
    ("I'm interviewing at {company}", "When is my interview at {company}?"),
    ("we're demoing {p} to the leadership team", "When are we demoing {p} to the leadership team?"),
    ("my {rel} is coming to visit", "When is my {rel} coming to visit?"),
    ("I'm seeing the dentist", "When am I seeing the dentist?"),
    ("I'm picking up the new bike", "When am I picking up the new bike?"),
    ("we're kicking off the {p} project", "When are we kicking off the {p} project?"),
    ("I'm presenting the {p} roadmap", "When am I presenting the {p} roadmap?"),
    ("I'm having dinner with {name}", "When am I having dinner with {name}?"),
    ("we're signing the contract with {company}", "When are we signing the contract with {company}?"),
    ("I'm running the {city} 10k", "When am I running the {city} 10k?"),
    ("the {p} freeze starts", "When does the {p} freeze start?"),
)
PAST_FRAMES = _w(
    "{Expr}, {vp}.|{Expr} {vp}.|{Vp} {expr}.|Quick update: {vp} {expr}.|{Vp} {expr}, so that's done.|"
    "Note to self: {vp} {expr}.|{Vp} {expr}, in case it comes up later.|Just for the log, {vp} {expr}.|"
    "{Vp} {expr} and it went fine."
)
FUTURE_FRAMES = _w(
    "{Expr} {vp}.|{Vp} {expr}.|Heads-up: {vp} {expr}.|Reminder that {vp} {expr}.|"
    "{Vp} {expr}, so I'll be offline for a bit.|Don't forget, {vp} {expr}.|{Expr}, {vp}."
)

# Distractor templates: (kind, text with {x}, hours the text fits (None: any), expression in the
# text, its day offset, question or "", answer slot name or ""). {x} is the only difference.
DISTRACTORS: tuple[tuple[str, str, tuple[int, int] | None, str, int, str, str], ...] = (
    ("number", "PR #{x} needs a second review before it can merge.", None, "", 0, "", ""),
    ("number", "Invoice {x} from {company} has been paid in full.", None, "", 0, "", ""),
    ("number", "Ticket {code}-{x} is blocked on the schema change.", None, "", 0, "", ""),
    ("number", "Room {x} is booked for the {p} retro.", None, "", 0, "", ""),
    ("number", "I slept {x} hours last night.", None, "last night", -1, "", ""),
    ("number", "I ran {x} km this morning.", (9, 23), "this morning", 0, "", ""),
    ("number", "The {p} test suite took {x} minutes on CI today.", None, "today", 0, "", ""),
    ("number", "Order #{x} for the {p} hardware shipped.", None, "", 0, "", ""),
    ("date", "Pay the {utility} bill by {x}.", None, "", 0, "", ""),
    ("date", "The {p} status report is due on {x}.", None, "", 0, "", ""),
    ("date", "The {p} sprint review is on {x}.", None, "", 0, "", ""),
    ("date", "The {p} maintenance window is on {x}.", None, "", 0, "", ""),
    ("date", "The rent for the {city} office is due on {x}.", None, "", 0, "", ""),
    ("name", "The {what} with {x} is on {day}.", None, "", 0, "When is the {what} with {x}?", "day"),
    ("name", "Send the {p} contract draft to {x}.", None, "", 0, "", ""),
    ("name", "{x} is reviewing the {p} design doc.", None, "", 0, "", ""),
    ("name", "Lunch with {x} at {place} is confirmed.", None, "", 0, "", ""),
    ("name", "I owe {x} {amount} for the concert tickets.", None, "", 0, "How much do I owe {x}?", "amount"),
    ("name", "Remember to call {x} about the {p} budget.", None, "", 0, "", ""),
    ("negation", "I'm {x}working from home today.", None, "today", 0, "", ""),
    ("negation", "The {p} deploy is {x}going out today.", None, "today", 0, "", ""),
    ("negation", "{name} is {x}joining the standup this morning.", (7, 12), "this morning", 0, "", ""),
    ("negation", "I'm {x}going to the gym tonight.", (7, 19), "tonight", 0, "", ""),
    ("negation", "The {p} build is {x}green this afternoon.", (12, 18), "this afternoon", 0, "", ""),
    ("negation", "The train was {x}on time this morning.", (9, 23), "this morning", 0, "", ""),
    ("negation", "I'm {x}feeling well today.", None, "today", 0, "", ""),
    ("negation", "{name} is {x}in the office today.", None, "today", 0, "", ""),
)
MEETINGS = _w("meeting|1:1|design review|interview|call|planning session|budget review")

FILLER_USER = _w(
    "Can you explain how {concept} works?|What's the difference between {tool} and {tool2}?|"
    "Could you draft a short note to {name} about {concept}?|Give me three ideas for {activity}.|"
    "Any tips for {activity}?|Summarize the main points of {book} for me.|"
    "What's a good recipe for {dish}?|Can you check my reasoning on {concept}?|"
    "Help me write a commit message for the {change}.|What should I pack for a weekend in {city}?|"
    "Is {tool} a good fit for {usecase}?|Translate '{phrase}' into {hlang}.|"
    "Explain {concept} like I'm new to it.|What are common pitfalls with {concept}?|"
    "Recommend a podcast about {field}.|What's the weather usually like in {city} in {month}?|"
    "How would you set up {tool} for {usecase}?|Why would someone pick {tool} over {tool2}?|"
    "Can you turn my notes on {concept} into a checklist?|What's a nice gift for {activity}?|"
    "Compare {concept} and {concept2} in two sentences.|Write a haiku about {annoyance}.|"
    "Is it worth learning {tool} if I already know {tool2}?|What should I read after {book}?|"
    "Suggest a weekend plan for {city} with {sight}.|How do people usually test {concept}?|"
    "Make a grocery list for {dish}.|Where do I start with {field}?"
)
FILLER_ASSISTANT = _w(
    "Sure, here is a short overview of {concept} with an example.|"
    "{tool} is usually better for {usecase}, while {tool2} shines when you need {quality}.|"
    "Here are three ideas for {activity}: {idea}, {idea2} and {idea3}.|"
    "I drafted the note to {name} about {concept}; let me know if the tone works.|"
    "The main risk with {concept} is {pitfall}.|For {dish}, start with {ingredient} and go slowly.|"
    "A weekend in {city} could include {sight} and {sight2}.|"
    "That error usually means {cause}; try {fix} first.|"
    "In short, {concept} trades {quality} for {quality2}.|"
    "I'd split the {change} into two commits, one for {concept} and one for the tests.|"
    "If you liked {book}, you might enjoy {book2}.|"
    "For {usecase}, I'd start with {tool} and add {tool2} later if needed.|"
    "A common mistake with {concept} is {pitfall}, so add a test for it.|"
    "Here is the translation into {hlang}, with a more casual variant too.|"
    "{city} in {month} is usually mild, but pack a light jacket.|"
    "I've turned your notes on {concept} into a checklist of {n} steps.|"
    "The grocery list for {dish} has {n} items; {ingredient} is the only unusual one.|"
    "A good first step into {field} is an introductory book and a small project.|"
    "You can keep {tool} and {tool2} side by side while you migrate {usecase}."
)
FILLER_CHAT = _w(
    "Thanks, the part about {concept} was really clear.|Ugh, {annoyance} again.|"
    "Long day, the discussion about {concept} dragged on.|Just finished a session of {hobby}, feeling good.|"
    "Haha, fair point about {tool}.|That recipe for {dish} turned out great.|"
    "I'm halfway through {book} and enjoying it.|Not sure I agree about {tool2}, but let's try it.|"
    "Perfect, that fixed the issue with {tool}.|Ok, {city} it is for the trip then.|"
    "Honestly, {annoyance} is the worst part of the week.|Good call on {fix}, that did it."
)
TASK_FRAMES = _w(
    "TODO: {task} for {p}.|Remind me to {task} before the {p} review.|I still need to {task} for {p}.|"
    "Action item from the {p} sync: {task}.|Don't let me forget to {task}.|"
    "Can you add '{task}' to my list for {p}?|Next up on {p}: {task}.|"
    "Blocked on {p} until I {task}.|Note for {p}: someone has to {task}.|"
    "Put '{task}' on the {p} board.|I promised {name} I'd {task}."
)
IDEAS = _w(
    "a picnic|a puzzle hunt|a cooking class|a museum visit|a pub quiz|a karaoke night|a short hike|"
    "a film marathon|a pottery workshop|an escape room|a tasting menu|a photo walk"
)


_FILLER_POOLS: dict[str, tuple[str, ...]] = {
    "concept": CONCEPTS,
    "tool": TOOLS,
    "book": BOOKS,
    "sight": SIGHTS,
    "quality": QUALITIES,
    "idea": IDEAS,
    "name": FIRST_NAMES,
    "activity": ACTIVITIES,
    "dish": DISHES,
    "change": CHANGES,
    "city": CITIES,
    "usecase": USECASES,
    "phrase": PHRASES,
    "hlang": HUMAN_LANGUAGES,
    "field": FIELDS,
    "month": MONTHS,
    "pitfall": PITFALLS,
    "ingredient": INGREDIENTS,
    "cause": CAUSES,
    "fix": FIXES,
    "annoyance": ANNOYANCES,
    "hobby": HOBBIES,
    "n": tuple(str(i) for i in range(4, 13)),
}


def _compile(
    frames: tuple[str, ...],
) -> tuple[tuple[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]], ...]:
    """Per frame, the pools it draws from; "tool"/"tool2" share one pool and are drawn distinct."""
    out = []
    for frame in frames:
        names = sorted({n for _, n, _, _ in string.Formatter().parse(frame) if n})
        by_base: dict[str, list[str]] = {}
        for n in names:
            by_base.setdefault(n.rstrip("23"), []).append(n)
        out.append((frame, tuple((_FILLER_POOLS[b], tuple(ns)) for b, ns in by_base.items())))
    return tuple(out)


_FILLER_USER = _compile(FILLER_USER)
_FILLER_ASSISTANT = _compile(FILLER_ASSISTANT)
_FILLER_CHAT = _compile(FILLER_CHAT)


# --------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------


def user_seed(spec: WorkloadSpec, user_index: int) -> int:
    """Stable per-user seed (not ``hash()``, which is salted per process)."""
    if spec.distinct_users > 0 and user_index < spec.n_users:
        user_index %= spec.distinct_users
    return spec.seed * 1_000_003 + user_index


def total_users(spec: WorkloadSpec) -> int:
    return spec.n_users + len(spec.heavy_users)


def user_id_for(spec: WorkloadSpec, user_index: int) -> str:
    width = max(3, len(str(max(total_users(spec) - 1, 0))))
    return f"{spec.user_prefix}{user_index:0{width}d}"


def _draw_count(spec: WorkloadSpec, user_index: int, rng: random.Random) -> int:
    if user_index >= spec.n_users:
        return spec.heavy_users[user_index - spec.n_users]
    z = rng.gauss(0.0, 1.0)
    # Capped so one unlucky draw does not turn an ordinary user into a heavy one.
    n = round(spec.memories_per_user * math.exp(spec.count_sigma * max(-3.0, min(3.0, z))))
    return max(1, n)


def user_memory_count(spec: WorkloadSpec, user_index: int) -> int:
    """The number of memories user ``user_index`` gets, without generating them."""
    return _draw_count(spec, user_index, random.Random(user_seed(spec, user_index)))


def _pround(rng: random.Random, x: float) -> int:
    i = int(x)
    return i + (rng.random() < x - i)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _article(v: str) -> str:
    return ("an " if v[:1].lower() in "aeiou" or v.startswith(("SRE", "ML ")) else "a ") + v


def _vary(rng: random.Random, text: str, lowerable: bool) -> str:
    """Cheap surface variation on top of the frame choice: prefix, expansions, punctuation."""
    r = rng.random()
    if r < 0.22:
        first = text.split(" ", 1)[0]
        # Only a plain capitalised word is lowered: "PR", "TODO:" and "I'm" keep their case.
        if lowerable and first[:1].isupper() and first[1:] == first[1:].lower() and not first.startswith("I"):
            text = text[:1].lower() + text[1:]
        text = rng.choice(PREFIXES) + " " + text
    if rng.random() < 0.18:
        for a, b in EXPANSIONS:
            if a in text:
                text = text.replace(a, b)
    r = rng.random()
    if r < 0.08 and text.endswith("."):
        text = text[:-1]
    elif r < 0.14 and text.endswith("."):
        text = text[:-1] + "!"
    elif r < 0.2:
        text += " " + rng.choice(SUFFIXES)
    return text


# Frames opening with these start with a name, which must keep its capital after a prefix.
_NAMED_START = ("{v}", "{p}", "{name}", "{x}")


def _say(rng: random.Random, frame: str, kw: dict[str, str]) -> str:
    return _vary(rng, _cap(frame.format(**kw)), lowerable=not frame.startswith(_NAMED_START))


class _Deck:
    """Draws without replacement, reshuffling when empty: within a user, a task, event or
    distractor template comes back only after all others were used (so ordinary users get no
    look-alikes the truth does not list; heavy users cycle)."""

    def __init__(self, rng: random.Random, items: tuple):
        self.rng, self.items, self.left = rng, items, []

    def draw(self, fits: Callable[[Any], bool] | None = None) -> Any:
        for _ in range(2):
            if not self.left:
                self.left = list(self.items)
                self.rng.shuffle(self.left)
            for i in range(len(self.left) - 1, -1, -1):
                if fits is None or fits(self.left[i]):
                    return self.left.pop(i)
            self.left = []  # nothing left fits: start a fresh round
        return None


def _month_day(rng: random.Random) -> str:
    m = rng.randrange(12)
    return f"{MONTHS[m]} {rng.randint(1, 28)}"


# --------------------------------------------------------------------------------------------------
# Per-user generation
# --------------------------------------------------------------------------------------------------

_ACTIVE_START = 7 * 3600  # conversations happen 07:00-22:00 UTC: no midnight, dates never in doubt
_ACTIVE_LEN = 15 * 3600


class _User:
    """Mutable state while one user is generated; only its outputs outlive it."""

    def __init__(self, spec: WorkloadSpec, index: int):
        self.spec = spec
        self.index = index
        self.rng = rng = random.Random(user_seed(spec, index))
        self.n = n = _draw_count(spec, index, rng)
        self.uid = user_id_for(spec, index)
        self.truth = UserTruth(self.uid, n)
        self.content: list[str | None] = [None] * n
        self.role = ["user"] * n
        self.ns = ["chat"] * n
        self.imp = [0.0] * n
        self.meta: list[dict[str, Any] | None] = [None] * n
        self.used: set[str] = set()
        self.questions: dict[str, list[Question]] = {}
        self.decks: dict[str, _Deck] = {}
        self._timeline()
        self.free = list(range(n))
        rng.shuffle(self.free)
        self.cursor = 0

    # ---- time -----------------------------------------------------------------------------------

    def _timeline(self) -> None:
        rng, n, spec = self.rng, self.n, self.spec
        days = max(1, round(spec.months * 30.4375))
        active = days * _ACTIVE_LEN
        sizes: list[int] = []
        total = 0
        while total < n:
            s = min(1 + int(rng.expovariate(1 / 5.0)), 30, n - total)
            sizes.append(s)
            total += s
        starts = sorted(rng.random() * active * 0.98 for _ in sizes)
        gap = min(150.0, 0.3 * active / n)
        base = spec.start.astimezone(UTC) if spec.start.tzinfo else spec.start.replace(tzinfo=UTC)
        base = base.replace(hour=0, minute=0, second=0, microsecond=0)
        times: list[datetime] = []
        conv: list[int] = []
        day_of: list[int] = []
        prev = -1
        expo = rng.expovariate
        for c, (size, st) in enumerate(zip(sizes, starts, strict=True)):
            t = st
            for _ in range(size):
                ti = max(int(t), prev + 1)  # strictly increasing across the whole user
                prev = ti
                d, s = divmod(ti, _ACTIVE_LEN)
                times.append(base + timedelta(days=d, seconds=_ACTIVE_START + s))
                conv.append(c)
                day_of.append(d)
                t = ti + 5 + expo(1 / gap)
        self.times, self.conv, self.day = times, conv, day_of
        self.conv_day = {}
        for c, d in zip(conv, day_of, strict=True):
            self.conv_day.setdefault(c, d)

    def take(self, k: int) -> list[int]:
        """k unclaimed random positions, in time order (fewer if the user runs out)."""
        got = self.free[self.cursor : self.cursor + k]
        self.cursor += len(got)
        got.sort()
        return got

    def ext(self, j: int) -> str:
        return f"{self.uid}-{j:05d}"

    def put(self, j: int, text: str, ns: str, imp: float, role: str = "user", meta=None) -> None:
        self.content[j] = text
        self.ns[j] = ns
        self.imp[j] = imp
        self.role[j] = role
        self.meta[j] = meta
        self.used.add(text)

    def deck(self, name: str, items: tuple) -> _Deck:
        d = self.decks.get(name)
        if d is None:
            d = self.decks[name] = _Deck(self.rng, items)
        return d

    def ask(self, kind: str, q: Question) -> None:
        self.questions.setdefault(kind, []).append(q)

    # ---- plan -----------------------------------------------------------------------------------

    def build(self) -> tuple[list[GenMemory], UserTruth]:
        rng, n = self.rng, self.n
        persona = self._persona()
        pinned = {slot: vals for i, slot, vals in self.spec.pinned if i == self.index}
        personal = list(PERSONAL)
        rng.shuffle(personal)
        changeable = [s for s in personal if s in CHANGEABLE and s not in pinned]
        stable = [s for s in personal if s not in pinned]
        n_chains = _pround(rng, 0.05 * n / 4.0)  # ~4 memories per chain: ~5% of memories
        budget_para = _pround(rng, 0.34 * n)

        chained = 0
        for slot, vals in pinned.items():
            if slot not in PERSONAL or (len(vals) > 1 and slot not in CHANGEABLE):
                raise ValueError(f"cannot pin {slot!r} to {vals!r}")
            if len(vals) > 1:
                # A scripted story restates each value, so it reads as one.
                chained += self._chain(PERSONAL[slot], slot, list(vals), profile=True, min_size=2)
                n_chains -= 1
            else:
                budget_para -= self._group(PERSONAL[slot], slot, vals[0], profile=True)

        keys = _KeySpace(rng)
        for _ in range(n_chains):
            if self.cursor >= n:
                break
            if changeable and rng.random() < 0.6:
                slot = changeable.pop()
                stable.remove(slot)
                vals = self._values(slot, persona, 2 + (rng.random() < 0.25))
                chained += self._chain(PERSONAL[slot], slot, vals, profile=True)
            else:
                chained += self._project_chain(keys)
        budget_para -= chained  # a chain's versions are paraphrase groups too

        habits = list(range(len(HABITS)))
        rng.shuffle(habits)
        habits = habits[: max(1, n // 40)] if n < 400 else habits[:12]
        keys_left = True
        while budget_para >= 2 and self.cursor < n:
            r = rng.random()
            if stable and (r < 0.55 or not (habits or keys_left)):
                slot = stable.pop()
                used = self._group(PERSONAL[slot], slot, self._values(slot, persona, 1)[0], True)
            elif habits and (r < 0.8 or not keys_left):
                used = self._habit(HABITS[habits.pop()])
            elif keys_left:
                used = self._project_group(keys)
                keys_left = used > 0
            else:
                break
            budget_para -= used

        for _ in range(_pround(rng, 0.025 * n)):
            self._distractor_pair()
        for _ in range(_pround(rng, 0.06 * n)):
            self._temporal()
        for _ in range(_pround(rng, 0.12 * n)):
            self._task()
        self._filler()
        return self._emit(), self._finish_truth()

    def _persona(self) -> dict[str, str]:
        rng = self.rng
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        domain = rng.choice(COMPANIES).split()[0].lower()
        return {
            "first": first,
            "email": f"{first.lower()}.{last.lower()}@{domain}.{rng.choice(('com', 'io', 'org', 'net'))}",
        }

    def _values(self, slot: str, persona: dict[str, str], k: int) -> list[str]:
        """k successive values for a personal slot (a chain when k > 1)."""
        rng = self.rng
        if slot == "pets":
            kind = rng.randrange(len(PET_KINDS))
            c = rng.randint(1, 3)
            return [f"{c + i} {PET_KINDS[kind][0] if c + i == 1 else PET_KINDS[kind][1]}" for i in range(k)]
        if slot == "job_title":
            vals = [rng.choice(TITLES)]
            while len(vals) < k:
                nxt = PROMOTIONS.get(vals[-1]) or rng.choice([t for t in TITLES if t not in vals])
                vals.append(nxt if nxt not in vals else rng.choice([t for t in TITLES if t not in vals]))
            return vals
        if slot == "email":
            return [persona["email"]]
        if slot == "birthday":
            return [_month_day(rng)]
        if slot == "partner":
            return [rng.choice([x for x in FIRST_NAMES if x != persona["first"]])]
        pool = {
            "location": CITIES,
            "employer": COMPANIES,
            "editor": EDITORS,
            "language": LANGUAGES,
            "os": OSES,
            "drink": DRINKS,
            "diet": DIETS,
            "hometown": CITIES,
            "allergy": ALLERGIES,
            "hobby": HOBBIES,
            "food": FOODS,
        }[slot]
        return rng.sample(pool, k)

    def _surface(self, slot: str, value: str) -> dict[str, str]:
        """Format fields for a value; pets may be spelled out ("two cats")."""
        kw = {"v": value, "av": _article(value)}
        if slot == "pets":
            c, noun = value.split(" ", 1)
            ci = int(c)
            if ci == 1:
                kw["v"] = self.rng.choice(("a ", "one ")) + noun
            elif self.rng.random() < 0.5:
                kw["v"] = f"{NUMBER_WORDS[ci]} {noun}"
            kw["kind"] = noun if ci == 1 else next(k[0] for k in PET_KINDS if k[1] == noun)
        return kw

    def _group_statements(
        self,
        ft: _FactType,
        positions: list[int],
        kw_for: Callable[[], dict[str, str]],
        change: str = "",
        imp: float = 0.6,
    ) -> None:
        """State one fact at the given positions in different words (first one may be a change)."""
        rng = self.rng
        k = len(positions)
        frames = rng.sample(ft.frames, min(k, len(ft.frames)))
        prev = ""
        for i, j in enumerate(positions):
            if i == 0 and change:
                text = _say(rng, change, kw_for())
            elif prev and rng.random() < 0.08:
                text = prev  # an exact repeat is a duplicate too
            else:
                text = _say(rng, frames[i % len(frames)], kw_for())
            self.put(j, text, ft.namespace, round(min(1.0, imp + rng.random() * 0.3), 2))
            prev = text

    def _group(self, ft: _FactType, slot: str, value: str, profile: bool) -> int:
        pos = self.take(self.rng.choices((2, 3, 4, 5, 6), cum_weights=(30, 60, 80, 92, 100))[0])
        if not pos:
            return 0
        self._group_statements(ft, pos, lambda: self._surface(slot, value))
        ids = tuple(self.ext(j) for j in pos)
        if len(ids) > 1:
            self.truth.paraphrase_groups.append(ids)
        if profile:
            self.truth.profile[slot] = value
            q = self.rng.choice(ft.questions)
            self.ask("fact", Question(self.uid, q, ids, value, None, "fact"))
        return len(pos)

    def _chain(
        self, ft: _FactType, slot: str, values: list[str], profile: bool, p: str = "", min_size: int = 1
    ) -> int:
        """Values stated in order; each new value opens with a change statement."""
        rng = self.rng
        sizes = [max(min_size, rng.choices((1, 2, 3), cum_weights=(35, 75, 100))[0]) for _ in values]
        pos = self.take(sum(sizes))
        if len(pos) < len(values):
            self.cursor -= len(pos)  # give them back; too few positions for a chain
            self.free[self.cursor : self.cursor + len(pos)] = pos
            return 0
        # Shrink the last versions if the user ran out of positions.
        while sum(sizes) > len(pos):
            sizes[max(range(len(sizes)), key=lambda i: sizes[i])] -= 1
        versions: list[tuple[str, ...]] = []
        at = 0
        for vi, (value, size) in enumerate(zip(values, sizes, strict=True)):
            vpos = pos[at : at + size]
            at += size

            def kw(value=value, vi=vi) -> dict[str, str]:
                d = self._surface(slot, value)
                d["p"] = p
                if vi:
                    d["old"] = values[vi - 1]
                return d

            change = rng.choice(ft.change_frames) if vi else ""
            self._group_statements(ft, vpos, kw, change, imp=0.75 if vi else 0.6)
            ids = tuple(self.ext(j) for j in vpos)
            if len(ids) > 1:
                self.truth.paraphrase_groups.append(ids)
            if versions:
                for newer in ids:
                    for older in versions[-1]:
                        self.truth.supersessions.append((newer, older, slot if not p else f"{p}/{slot}"))
                # Between the last old statement and the change: the old value was true then.
                t_old = self.times[pos[at - size - 1]]
                t_new = self.times[vpos[0]]
                q = rng.choice(ft.questions).format(p=p)
                self.ask(
                    "as_of",
                    Question(self.uid, q, versions[-1], values[vi - 1], t_old + (t_new - t_old) / 2, "as_of"),
                )
            versions.append(ids)
        q = rng.choice(ft.questions).format(p=p)
        self.ask("current", Question(self.uid, q, versions[-1], values[-1], None, "current"))
        if profile:
            self.truth.profile[slot] = values[-1]
        return len(pos)

    def _project_value(self, ft_slot: str, contact: bool, k: int) -> list[str]:
        rng = self.rng
        if contact:
            pool = {"team": TEAMS, "city": CITIES}.get(ft_slot)
            if pool is None:
                return [_month_day(rng)]
            return rng.sample(pool, k)
        if ft_slot == "deadline":
            vals: list[str] = []
            while len(vals) < k:
                d = _month_day(rng)
                if d not in vals:
                    vals.append(d)
            return vals
        if ft_slot == "budget":
            amounts = rng.sample(range(10, 400, 5), k)
            return [f"${a}k" for a in amounts]
        if ft_slot == "owner":
            return rng.sample(FIRST_NAMES, k)
        pool = {
            "database": DATABASES,
            "queue": QUEUES,
            "cloud": CLOUDS,
            "language": LANGUAGES,
            "ci": CI_TOOLS,
        }[ft_slot]
        return rng.sample(pool, k)

    def _project_chain(self, keys: _KeySpace) -> int:
        key = keys.next_key(changeable=True)
        if key is None:
            return 0
        entity, ft, contact = key
        vals = self._project_value(ft.slot, contact, 2 + (self.rng.random() < 0.2))
        return self._chain(ft, ft.slot, vals, profile=False, p=entity)

    def _project_group(self, keys: _KeySpace) -> int:
        key = keys.next_key()
        if key is None:
            return 0
        entity, ft, contact = key
        value = self._project_value(ft.slot, contact, 1)[0]
        pos = self.take(self.rng.choices((2, 3, 4, 5), cum_weights=(40, 75, 92, 100))[0])
        if not pos:
            return 0
        self._group_statements(ft, pos, lambda: {"v": value, "p": entity}, imp=0.5)
        ids = tuple(self.ext(j) for j in pos)
        if len(ids) > 1:
            self.truth.paraphrase_groups.append(ids)
        q = self.rng.choice(ft.questions).format(p=entity)
        self.ask("project", Question(self.uid, q, ids, value, None, "project"))
        return len(pos)

    def _habit(self, habit: tuple[str, str, str]) -> int:
        rng = self.rng
        vp, ger, tp = habit
        k = rng.choices((2, 3, 4, 5, 6), cum_weights=(20, 50, 75, 90, 100))[0]
        pos = self.take(k)
        if not pos:
            return 0
        with_outcome = rng.random() < 0.4
        p_success = rng.choice((0.9, 0.8, 0.3)) if with_outcome else 0.0
        kw = {"vp": vp, "ger": ger, "tp": tp, "Tp": _cap(tp), "Ger": _cap(ger)}
        frames = rng.sample(HABIT_FRAMES, min(len(pos), len(HABIT_FRAMES)))
        wins = 0
        for i, j in enumerate(pos):
            meta = None
            if with_outcome:
                ok = rng.random() < p_success
                wins += ok
                meta = {"outcome": "success" if ok else "failure"}
            self.put(j, _say(rng, frames[i], kw), "personal", round(0.4 + rng.random() * 0.3, 2), meta=meta)
        ids = tuple(self.ext(j) for j in pos)
        if len(ids) > 1:
            self.truth.paraphrase_groups.append(ids)
        canonical = f"{vp} {tp}"
        if len(pos) >= 3 and (not with_outcome or wins / len(pos) > 0.6):
            self.truth.profile.setdefault("habits", []).append(canonical)
            q = rng.choice(HABIT_QUESTIONS).format(tp=tp)
            self.ask("habit", Question(self.uid, q, ids, canonical, None, "habit"))
        return len(pos)

    # ---- singletons -----------------------------------------------------------------------------

    def _fill_kw(self) -> dict[str, str]:
        rng = self.rng
        return {
            "p": f"{rng.choice(CODENAMES)} {rng.choice(COMPONENTS)}",
            "name": rng.choice(FIRST_NAMES),
            "book": rng.choice(BOOKS),
            "rel": rng.choice(RELATIVES),
            "company": rng.choice(COMPANIES),
            "utility": rng.choice(UTILITIES),
            "concept": rng.choice(CONCEPTS),
            "city": rng.choice(CITIES),
            "team": rng.choice(TEAMS),
            "dish": rng.choice(DISHES),
        }

    def _temporal(self) -> None:
        rng = self.rng
        pos = self.take(1)
        if not pos:
            return
        j = pos[0]
        when = self.times[j]
        for _ in range(6):
            if rng.random() < 0.7:
                expr, off = rng.choice(_past_expressions(when))
                vp, q = self.deck("past", PAST_EVENTS).draw()
                frame = rng.choice(PAST_FRAMES)
            else:
                expr, off = rng.choice(_future_expressions(when))
                vp, q = self.deck("future", FUTURE_EVENTS).draw()
                frame = rng.choice(FUTURE_FRAMES)
            kw = self._fill_kw()
            vp = vp.format(**kw)
            shown = _cap(expr) if frame.startswith("{Expr}") else expr
            text = frame.format(expr=expr, Expr=_cap(expr), vp=vp, Vp=_cap(vp))
            if text not in self.used:
                break
        resolved = (when.date() + timedelta(days=off)).isoformat()
        self.put(j, text, "personal", round(0.3 + rng.random() * 0.4, 2))
        self.truth.temporal.append((self.ext(j), shown, resolved))
        self.ask("temporal", Question(self.uid, q.format(**kw), (self.ext(j),), resolved, None, "temporal"))

    def _distractor_pair(self) -> None:
        rng = self.rng
        pos = self.take(2)
        if len(pos) < 2:
            return
        a, b = pos
        # Both must be true: day-scoped texts need different days, so look further for a partner.
        for _ in range(8):
            if self.day[a] != self.day[b]:
                break
            more = self.take(1)
            if not more:
                break
            self.free.append(b)  # the skipped position goes back for later items
            a, b = sorted((a, more[0]))
        if self.day[a] == self.day[b]:
            self.free.extend((a, b))
            return
        ta, tb = self.times[a], self.times[b]

        def fits(d) -> bool:
            h = d[2]
            return h is None or (h[0] <= ta.hour < h[1] and h[0] <= tb.hour < h[1])

        for _ in range(10):
            kind, tmpl, hours, expr, off, qtext, qslot = self.deck("distractor", DISTRACTORS).draw(fits)
            kw = self._fill_kw()
            kw.update(
                code=rng.choice(CODENAMES).upper()[:4],
                what=rng.choice(MEETINGS),
                day=rng.choice(WEEKDAYS[:5]),
                place=rng.choice(PLACES),
                amount=f"{rng.randint(12, 95)} euros",
            )
            if kind == "number":
                lo, hi = (4, 10) if "hours" in tmpl else (3, 21) if " km " in tmpl else (100, 9999)
                x1, x2 = (str(v) for v in rng.sample(range(lo, hi), 2))
            elif kind == "date":
                d = rng.randint(1, 28)
                m1, m2 = rng.sample(MONTHS, 2)
                x1, x2 = f"{m1} {d}", f"{m2} {d}"
            elif kind == "name":
                x1, x2 = rng.sample(FIRST_NAMES, 2)
            else:
                x1, x2 = ("", "not ") if rng.random() < 0.5 else ("not ", "")
            t1 = tmpl.format(x=x1, **kw)
            t2 = tmpl.format(x=x2, **kw)
            if t1 in self.used or t2 in self.used:
                continue
            # The same surface variation on both, so the pair still differs in one thing only.
            state = rng.getstate()
            t1 = _vary(rng, t1, lowerable=not tmpl.startswith(_NAMED_START))
            rng.setstate(state)
            t2 = _vary(rng, t2, lowerable=not tmpl.startswith(_NAMED_START))
            ns = "personal" if expr else "work"
            self.put(a, t1, ns, round(0.4 + rng.random() * 0.3, 2))
            self.put(b, t2, ns, round(0.4 + rng.random() * 0.3, 2))
            ea, eb = self.ext(a), self.ext(b)
            self.truth.distractor_pairs.append((ea, eb, kind))
            if expr:
                for j, t in ((a, t1), (b, t2)):
                    shown = expr if expr in t else _cap(expr)
                    resolved = (self.times[j].date() + timedelta(days=off)).isoformat()
                    self.truth.temporal.append((self.ext(j), shown, resolved))
            if qtext:
                self.ask(
                    "distractor",
                    Question(self.uid, qtext.format(x=x1, **kw), (ea,), kw[qslot], None, "distractor"),
                )
            return
        self.free.extend((a, b))

    def _task(self) -> None:
        rng = self.rng
        pos = self.take(1)
        if not pos:
            return
        for _ in range(6):
            kw = self._fill_kw()
            kw["task"] = self.deck("task", TASKS).draw()
            text = _say(rng, rng.choice(TASK_FRAMES), kw)
            if text not in self.used:
                break
        self.put(pos[0], text, "work", round(0.4 + rng.random() * 0.3, 2), meta={"tags": ["todo"]})

    def _filler(self) -> None:
        rng = self.rng
        content, used = self.content, self.used
        for j in range(self.n):
            if content[j] is not None:
                continue
            for _ in range(8):
                r = rng.random()
                frames, role = (
                    (_FILLER_USER, "user")
                    if r < 0.45
                    else (_FILLER_ASSISTANT, "assistant")
                    if r < 0.88
                    else (_FILLER_CHAT, "user")
                )
                frame, fields = rng.choice(frames)
                kw: dict[str, str] = {}
                for pool, names in fields:
                    if len(names) == 1:
                        kw[names[0]] = rng.choice(pool)
                    else:
                        kw.update(zip(names, rng.sample(pool, len(names)), strict=True))
                text = frame.format_map(kw)
                if text not in used:
                    break
            used.add(text)
            content[j] = text
            self.role[j] = role
            self.imp[j] = round(0.05 + rng.random() * 0.3, 2)

    # ---- output ---------------------------------------------------------------------------------

    def _emit(self) -> list[GenMemory]:
        uid, times, conv = self.uid, self.times, self.conv
        out = []
        for j in range(self.n):
            c = conv[j]
            start_day = times[j] - timedelta(days=self.day[j] - self.conv_day[c])
            out.append(
                GenMemory(
                    uid,
                    f"{uid}-{j:05d}",
                    self.content[j],  # type: ignore[arg-type]
                    times[j],
                    f"{uid}-c{c:04d}",
                    f"{uid}-s{start_day:%Y%m%d}",
                    self.role[j],
                    self.ns[j],
                    self.imp[j],
                    self.meta[j] or {},
                )
            )
        return out

    def _finish_truth(self) -> UserTruth:
        # Balanced subset: take one of each kind in turn until the cap.
        cap = self.spec.questions_per_user
        kinds = [k for k in ("current", "as_of", "temporal", "fact", "habit", "project", "distractor")]
        pools = {k: list(self.questions.get(k, ())) for k in kinds}
        for p in pools.values():
            self.rng.shuffle(p)
        picked: list[Question] = []
        while len(picked) < cap and any(pools.values()):
            for k in kinds:
                if pools[k] and len(picked) < cap:
                    picked.append(pools[k].pop())
        self.truth.questions = picked
        return self.truth


_PROJECT_TYPES = tuple(PROJECT.values())
_CONTACT_TYPES = tuple(CONTACT.values())
_N_PROJECT_KEYS = len(CODENAMES) * len(COMPONENTS) * len(_PROJECT_TYPES)
_N_KEYS = _N_PROJECT_KEYS + len(FIRST_NAMES) * len(_CONTACT_TYPES)


def _decode_key(k: int) -> tuple[str, _FactType, bool]:
    if k < _N_PROJECT_KEYS:
        k, a = divmod(k, len(_PROJECT_TYPES))
        c, m = divmod(k, len(COMPONENTS))
        return f"{CODENAMES[c]} {COMPONENTS[m]}", _PROJECT_TYPES[a], False
    k, a = divmod(k - _N_PROJECT_KEYS, len(_CONTACT_TYPES))
    return FIRST_NAMES[k], _CONTACT_TYPES[a], True


class _KeySpace:
    """Project and contact facts, each used at most once per user so that groups never overlap."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.seen: set[int] = set()
        self.rest: list[int] | None = None
        self.unfit: list[int] = []  # drawn for a chain but not changeable: left for plain groups

    def _draw(self) -> int | None:
        if self.rest is None:
            if len(self.seen) < _N_KEYS // 3:
                while True:  # sparse: rejection is cheap and needs no per-user list
                    k = self.rng.randrange(_N_KEYS)
                    if k not in self.seen:
                        self.seen.add(k)
                        return k
            # Dense (heavy users): shuffle what is left once and walk it.
            self.rest = [k for k in range(_N_KEYS) if k not in self.seen]
            self.rng.shuffle(self.rest)
        return self.rest.pop() if self.rest else None

    def next_key(self, changeable: bool = False) -> tuple[str, _FactType, bool] | None:
        if not changeable and self.unfit:
            return _decode_key(self.unfit.pop())
        for _ in range(16):
            k = self._draw()
            if k is None:
                return None
            key = _decode_key(k)
            if not changeable or key[1].change_frames:
                return key
            self.unfit.append(k)
        return None


def generate_user(spec: WorkloadSpec, user_index: int) -> tuple[list[GenMemory], UserTruth]:
    """One user's memories (in time order) and ground truth; depends only on spec and index."""
    return _User(spec, user_index).build()


# --------------------------------------------------------------------------------------------------
# Workload
# --------------------------------------------------------------------------------------------------


class Workload:
    """A lazily generated workload: users are produced one at a time, on demand."""

    def __init__(self, spec: WorkloadSpec):
        self.spec = spec
        self._truth: GroundTruth | None = None

    def user_ids(self) -> list[str]:
        return [user_id_for(self.spec, i) for i in range(total_users(self.spec))]

    def total_memories(self) -> int:
        """Exact total, from the per-user counts only (cheap)."""
        return sum(user_memory_count(self.spec, i) for i in range(total_users(self.spec)))

    def iter_users(self) -> Iterator[tuple[list[GenMemory], UserTruth]]:
        for i in range(total_users(self.spec)):
            yield generate_user(self.spec, i)

    def iter_memories(self) -> Iterator[GenMemory]:
        """All memories, user by user; a full iteration also records the truth (no second pass)."""
        truth = GroundTruth()
        for memories, ut in self.iter_users():
            truth.add(ut)
            yield from memories
        self._truth = truth

    @property
    def truth(self) -> GroundTruth:
        """Ground truth; computed by a separate generation pass unless a full iteration ran first."""
        if self._truth is None:
            truth = GroundTruth()
            for _, ut in self.iter_users():
                truth.add(ut)
            self._truth = truth
        return self._truth

    def distinct_sentences(self) -> set[str]:
        """Distinct contents: what a scale run has to embed once each."""
        return {m.content for m in self.iter_memories()}


def generate(spec: WorkloadSpec) -> Workload:
    return Workload(spec)


def write_jsonl(memories: Iterable[GenMemory], path: str | Path) -> int:
    """Write the ingest JSONL; returns the number of lines."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for m in memories:
            f.write(json.dumps(m.to_json(), ensure_ascii=False))
            f.write("\n")
            n += 1
    return n


def questions_for_eval(
    truth: GroundTruth,
    limit: int | None = None,
    kinds: Iterable[str] | None = None,
    seed: int = 0,
) -> list[Question]:
    """A reproducible sample of the truth's questions, optionally limited to some kinds."""
    wanted = set(kinds) if kinds is not None else None
    qs = [q for q in truth.questions if wanted is None or q.kind in wanted]
    if limit is not None and limit < len(qs):
        qs = random.Random(seed).sample(qs, limit)
    return qs
