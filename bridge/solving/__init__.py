"""A case to clingo: the case's facts (facts, vocabulary_facts), the step loop over asp/ (solver), the atoms read back
(read_back), child processes under limits (runner), and events one after another (timeline)."""
