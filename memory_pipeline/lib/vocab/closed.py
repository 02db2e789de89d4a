"""Data: closed vocabularies (editors, OS, languages, drinks, diets...) and the cues around them."""

import re

# alias (lower case) -> canonical spelling
VOCABULARY: dict[str, dict[str, str]] = {
    "editor": {
        "vim": "vim", "neovim": "neovim", "nvim": "neovim", "emacs": "emacs", "vscode": "VS Code",
        "vs code": "VS Code", "visual studio code": "VS Code", "helix": "helix",
        "sublime text": "Sublime Text",
        "sublime": "Sublime Text", "intellij idea": "IntelliJ IDEA", "intellij": "IntelliJ IDEA",
        "pycharm": "PyCharm", "webstorm": "WebStorm", "zed": "Zed", "kate": "Kate", "nano": "nano",
        "notepad++": "Notepad++", "atom": "Atom",
    },
    "os": {
        "linux": "Linux", "macos": "macOS", "mac os": "macOS", "osx": "macOS", "os x": "macOS",
        "windows": "Windows", "nixos": "NixOS", "ubuntu": "Ubuntu", "fedora": "Fedora",
        "arch linux": "Arch Linux", "arch": "Arch Linux", "debian": "Debian", "pop!_os": "Pop!_OS",
    },
    "language": {
        "python": "Python", "rust": "Rust", "go": "Go", "golang": "Go", "typescript": "TypeScript",
        "javascript": "JavaScript", "kotlin": "Kotlin", "java": "Java", "c#": "C#", "elixir": "Elixir",
        "haskell": "Haskell", "ruby": "Ruby", "scala": "Scala", "swift": "Swift", "clojure": "Clojure",
        "ocaml": "OCaml", "zig": "Zig", "c++": "C++", "php": "PHP", "erlang": "Erlang", "dart": "Dart",
        "julia": "Julia", "lua": "Lua", "perl": "Perl", "f#": "F#",
    },
    "drink": {
        "coffee": "coffee", "tea": "tea", "green tea": "green tea", "black tea": "black tea",
        "herbal tea": "herbal tea", "espresso": "espresso", "matcha": "matcha", "rooibos": "rooibos",
        "yerba mate": "yerba mate", "chai": "chai", "decaf": "decaf", "cold brew": "cold brew",
    },
    "diet": {
        "vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
        "flexitarian": "flexitarian", "keto": "keto", "paleo": "paleo",
    },
    "shell": {"bash": "bash", "zsh": "zsh", "fish shell": "fish", "powershell": "PowerShell"},
    "browser": {
        "chrome": "Chrome", "google chrome": "Chrome", "firefox": "Firefox", "safari": "Safari",
        "microsoft edge": "Edge", "vivaldi": "Vivaldi",
    },
}  # fmt: skip
# Aliases that are also ordinary words or names count only when capitalised ("Go", not "go").
CAPITALISED_ONLY = frozenset(
    {"go", "swift", "ruby", "java", "windows", "arch", "zed", "kate", "atom", "dart", "julia", "opera"}
)
# Languages and drinks are also mentioned in passing ("I met Alice for coffee"); they count only in a
# sentence that states a preference or a change.
NEEDS_CUE = {
    "language": re.compile(
        r"\b(?:favou?rite|prefer\w*|love|enjoy\w*|choice|choose|reach\s+for|pick|beats|swear\s+by|best"
        r"|go-to|main\s+language|switched|instead|over|fallen\s+out|used\s+to|changed)\b",
        re.IGNORECASE,
    ),
    "drink": re.compile(
        r"\b(?:favou?rite|prefer\w*|choice|drink|person|usual|order|pick|always|all\s+i\s+need|without"
        r"|put\s+me\s+down|switched|gave\s+up|no\s+more|off|onto|cup\s+of|instead|over|love|enjoy"
        r"|addicted)\b",
        re.IGNORECASE,
    ),
}
# Drinks and diets used as adjectives ("the vegan deli", "a coffee shop") are not statements: the
# word after them must be one of these.
ADJECTIVE_USE_OK = frozenset(
    {"and", "or", "for", "now", "over", "instead", "every", "each", "in", "at", "with", "is", "are", "was",
     "to", "on", "these", "all", "but", "so", "then", "too", "always", "anymore", "again", "person", "diet",
     "lover", "drinker", "since", "first", "please", "when", "than", "no", "not", "most", "daily", "myself",
     "from", "any", "it", "though", "user", "fan"}
)  # fmt: skip
# A cue right before a value negates it: "from vim", "no more coffee", "used to be vegan".
NEGATIVE_CUE = re.compile(
    r"\b(?:from|off|over|than|instead\s+of|rather\s+than|no\s+more|not(?:\s+going\s+back\s+to)?|no\s+longer"
    r"|never|gave\s+up(?:\s+on)?|giving\s+up(?:\s+on)?|goodbye(?:\s+to)?|bye|wiped|dropped|ditched|quit"
    r"|replaced|uninstalled|abandoned|away\s+from|ripped\s+out|left|f[ae]ll(?:en)?\s+out\s+of\s+love\s+with"
    r"|used\s+to\s+(?:be|use|swear\s+by|love|like|prefer|drink|run)|stopped|don['’]?t|doesn['’]?t"
    r"|didn['’]?t|isn['’]?t|am\s+not|['’]m\s+not)"
    r"(?:\s+(?:a|an|the|my|using|uses|being|use|drink|drinking|eat|eating|like|with|on|to|running))*\s*$",
    re.IGNORECASE,
)
# A period inside a word ("Fly.io", "Node.js") does not end a sentence.
SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+[.!?]*")
NEXT_WORD = re.compile(r"\s+([\w'’-]+)")
