"""Case files: YAML read safely, the board's objects, effects, questions, expectations, events,
state-based-action input and emblems, every error with its file, line, column and key."""
