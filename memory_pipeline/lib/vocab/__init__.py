"""Data: the word lists, cue phrases, regex fragments and rule tables the lib's rules read; no code."""
