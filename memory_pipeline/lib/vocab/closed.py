"""Data: closed vocabularies (editors, OS, languages, drinks, diets...): a name in one of them is a thing
the user uses or has, never a place or an employer (lib/extract/statements.py)."""

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
