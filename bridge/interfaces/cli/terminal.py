"""What is printed is safe to show: a name from a case cannot move the cursor, recolor, or hide text."""
from __future__ import annotations

import re

# C0 controls but newline, DEL, C1 controls (0x9b is a one-byte CSI), and the bidirectional
# overrides and isolates that reorder what a terminal shows, and Unicode's line and paragraph
# separators (a viewer breaks the line there).
CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]")


def escape_controls(text: str) -> str:
    r"""Each control character as a \uXXXX escape (valid inside JSON strings too); newlines kept."""
    return CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
