"""The command line: main.py builds the parser and runs solve, explain, deps, compare; one module per
other command (check, cards, research) and the options and file outcomes they share."""
