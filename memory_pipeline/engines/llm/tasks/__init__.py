"""One module per LLM task: its prompt, its response model, and how its input is rendered."""
