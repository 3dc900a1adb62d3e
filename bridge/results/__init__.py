"""A solved board read back and shown: tables (result, render), the trace and explanations, state-based
action rounds, the dependency graph, comparisons, facts for research, checks against expectations."""
