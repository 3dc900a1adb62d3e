"""The atoms that the results stage reads back from a solved board (bridge/results/): the solver keeps
them when a board goes on in a fresh Control, so the tables and the trace see every step."""

# What the trace of the layers reads (bridge/results/trace.py).
TRACE_ATOMS = ("ability_text", "effect_label", "effect_kind", "layer_rule", "edition", "effect_time", "val",
               "held",
               "applied", "candidate", "batch", "tied", "waits", "depends", "in_loop", "changes", "carried_pair",
               "untouched_since", "rewritten",
               "edit", "eligible", "cda_pending", "part_key", "timestamp_tie", "tie_rule", "effect_op",
               "effect_op_keep", "effect_op_except_pt", "effect_op_except_value", "effect_op_ability",
               "text_change_found_nothing", "step_value", "conditional", "negative_used_as_zero",
               "part_changed", "part", "ability_present", "exists", "copy_source", "cited_rule", "current_layer",
               "effect_controlled_by")

# What the characteristic tables read (bridge/results/result.py): predicate and arity.
SIGNATURES = {"ability_text": 2, "effect_label": 2, "basic_land_type": 2, "ability_choice": 2, "chosen_value": 4,
              "granted_chosen_value": 4,
              "final_value": 3, "effect_time": 3, "rewritten": 3, "depends": 3, "applied": 3,
              "text_only_ability": 1, "ability_instances": 3, "unread_layer_ability": 3, "part_changed": 4,
              "ability_functions_in": 2, "choice_left_undefined": 3, "undefined_choice_writes": 3,
              "undefined_choice_reach": 3, "game_state_left_undefined": 3, "number_left_unknown": 4,
              "unknown_number_writes": 3, "unknown_number_reach": 3}
