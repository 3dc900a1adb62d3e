"""What people use: the Python API (api), the command line (cli/), the judges' page (web/), sweeps (sweep/)
and queries (query), the installed documentation (help)."""
