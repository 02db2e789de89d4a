"""Data: project decisions' vocabulary (databases, queues, clouds, CI), cue words and owner phrasings."""

import re

from memory_pipeline.lib.vocab.closed import CAPITALISED_ONLY, VOCABULARY

PROJECT_VOCABULARY: dict[str, dict[str, str]] = {
    "database": {
        "postgres": "Postgres", "postgresql": "Postgres", "mysql": "MySQL", "mariadb": "MariaDB",
        "dynamodb": "DynamoDB", "mongodb": "MongoDB", "sqlite": "SQLite", "cockroachdb": "CockroachDB",
        "cassandra": "Cassandra", "clickhouse": "ClickHouse", "redis": "Redis",
        "elasticsearch": "Elasticsearch",
    },
    "queue": {
        "rabbitmq": "RabbitMQ", "kafka": "Kafka", "sqs": "SQS", "postgres": "Postgres", "redis": "Redis",
        "redis streams": "Redis Streams", "nats": "NATS", "pulsar": "Pulsar", "celery": "Celery",
    },
    "cloud": {
        "aws": "AWS", "gcp": "GCP", "google cloud": "GCP", "azure": "Azure", "hetzner": "Hetzner",
        "fly.io": "Fly.io", "our own racks": "our own racks", "digitalocean": "DigitalOcean", "ovh": "OVH",
        "heroku": "Heroku", "vercel": "Vercel",
    },
    "ci": {
        "github actions": "GitHub Actions", "gitlab ci": "GitLab CI", "jenkins": "Jenkins",
        "buildkite": "Buildkite", "circleci": "CircleCI", "drone": "Drone", "teamcity": "TeamCity",
        "travis ci": "Travis CI",
    },
    "language": VOCABULARY["language"],
}  # fmt: skip
PROJECT_CUES = {
    "database": re.compile(
        r"\b(?:database|datastore|data\s+lives|storage|store|db|keep\s+(?:everything|all|the\s+data)\s+in)\b",
        re.IGNORECASE,
    ),
    "queue": re.compile(r"\b(?:queues?|message|jobs|broker)\b", re.IGNORECASE),
    "cloud": re.compile(
        r"\b(?:host|hosted|hosting|runs\s+on|deployed|lives\s+on|migration\s+to|cloud)\b", re.IGNORECASE
    ),
    "ci": re.compile(r"\b(?:ci|builds|pipeline|tests)\b", re.IGNORECASE),
    "language": re.compile(
        r"\b(?:written|codebase|code|build|rewrit\w*|language|everything\s+in)\b", re.IGNORECASE
    ),
    "deadline": re.compile(
        r"\b(?:launch\w*|release|deadline|ship|goes\s+live|promised|targeting|new\s+date|slipped|pushed"
        r"|is\s+(?:now\s+)?due)\b",
        re.IGNORECASE,
    ),
    "budget": re.compile(r"\b(?:budget|spend|approved|capped|funding)\b", re.IGNORECASE),
}
SWITCH_CUE = re.compile(
    r"\b(?:moved|moves|switched|migrat\w*|replaced|instead\s+of|rewrit\w*|dropped|ripped\s+out|no\s+longer"
    r"|changed|now\s+has)\b",
    re.IGNORECASE,
)
# A date about a part of the project ("the Atlas status report is due") is not the project's deadline.
SUB_ITEM = re.compile(
    r"\b(?:report|review|window|meeting|bill|invoice|rent|retro|sync|standup|call|demo|interview)\b",
    re.IGNORECASE,
)
PROJECT_CAPITALISED_ONLY = CAPITALISED_ONLY | {"drone", "pulsar", "celery", "azure"}
MONTH_DAY = re.compile(
    r"\b(?P<month>January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b"
)
MONEY = re.compile(r"\$\s?\d[\d,.]*\s?[kKmM]?\b")
# A project is named by a capitalised codename and usually a component: "Atlas billing", "Ion API gateway".
ENTITY = re.compile(r"\b([A-Z][a-z]+)\s+([a-z]+|[A-Z]{2,})\b")
NOT_AN_ENTITY = frozenset(
    {"we", "the", "for", "decision", "change", "quick", "by", "also", "oh", "side", "something", "in",
     "just", "hosting", "queue", "launch", "everything", "all", "if", "questions", "finance", "new", "note",
     "put", "heads", "reminder", "don", "remember", "action", "next", "blocked", "can", "todo", "thought",
     "keep", "worth", "it", "this", "that", "our", "my", "update", "good", "big", "plan", "deadline",
     "budget", "owner", "date", "sure", "here", "yes", "no", "ok", "okay", "please", "let", "so", "and",
     "but", "then", "now", "today", "tomorrow", "yesterday", "since", "after", "before", "when", "once",
     "as", "at", "on", "to", "from", "with", "without", "per", "via", "migration", "rewrite", "release",
     "status", "team", "tests", "most", "like", "i", "you", "they", "he", "she", "there", "what",
     "which", "who", "how", "why", "where", "is", "are", "was", "were", "will", "would", "should", "could",
     "do", "does", "did", "has", "have", "had", "get", "got", "go", "one", "two", "three"}
)  # fmt: skip
# After a codename, these words show it stands alone ("Atlas is ...") instead of naming a component.
VERB_AFTER_NAME = frozenset(
    {"is", "was", "has", "will", "no", "now", "owns", "moves", "moved", "runs", "gets", "goes", "builds",
     "uses", "left", "switched", "finished", "and", "for", "to", "in", "on", "at", "with", "from", "of",
     "the", "a", "an", "handed", "took", "leads", "belongs", "works", "lives", "joined", "relocated"}
)  # fmt: skip
MONTH_NAMES = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)  # fmt: skip

_PERSON = r"[A-Za-z][a-z]+"
_PROJECT = r"[A-Z][a-z]+\s+(?:[A-Z]{2,}\s+)?[a-z]+(?:\s+[a-z]+)?"
# Who owns a project; "old" names the previous owner.
OWNER_RULES = (
    rf"\b(?P<n>{_PERSON})\s+owns\s+(?P<p>{_PROJECT})\b",
    rf"\b(?P<p>{_PROJECT})\s+is\s+owned\s+by\s+(?P<n>{_PERSON})\b",
    rf"\b[Tt]he\s+owner\s+of\s+(?P<p>{_PROJECT})\s+is\s+(?P<n>{_PERSON})\b",
    rf"\b(?P<n>{_PERSON})\s+took\s+over\s+(?P<p>{_PROJECT})\s+from\s+(?P<old>{_PERSON})\b",
    rf"\b(?P<old>{_PERSON})\s+handed\s+(?P<p>{_PROJECT})\s+over\s+to\s+(?P<n>{_PERSON})\b",
)
OWNER_WORDS = frozenset(
    {"owns", "owned", "owner", "took", "handed"}
)
