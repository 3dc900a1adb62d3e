"""Write bridge/interfaces/web/static/rules.json: the text of every Comprehensive Rule the solver cites
(a rule number in asp/ or bridge/), and the rules above each, so the judges' page can open a rule number.

    python tools/extract_cited_rules.py [REFERENCE_FOLDER]      (default ../shared/reference)

The edition is the one whose numbers asp/ follows (2022-04-29: ties are 613.7k there, 613.7m since 2025).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDITION = "comprehensive-rules-2022-04-29.txt"
RULE = re.compile(r"^\s*(\d{3}\.\d+[a-z]?)\.? (.+)$")
CITED = re.compile(r"\b([1-9]\d{2}\.\d+[a-z]?)\b")


def rules_text(path: Path) -> dict[str, str]:
    rules: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = RULE.match(line)
        if match and match.group(1) not in rules:
            rules[match.group(1)] = match.group(2).strip()
    return rules


def cited_numbers() -> set[str]:
    files = [*ROOT.glob("asp/*.lp"), *ROOT.glob("bridge/**/*.py")]
    return {number for file in files for number in CITED.findall(file.read_text(encoding="utf-8"))}


def main(folder: Path) -> None:
    rules = rules_text(folder / EDITION)
    wanted = set()
    for number in cited_numbers():
        parent = re.sub(r"[a-z]$", "", number)
        wanted.update(n for n in (number, parent) if n in rules)
    extract = {"edition": EDITION.removeprefix("comprehensive-rules-").removesuffix(".txt"),
               "rules": {n: rules[n] for n in sorted(wanted, key=lambda n: [int(p) if p.isdigit() else p
                                                                        for p in re.findall(r"\d+|[a-z]", n)])}}
    out = ROOT / "bridge" / "interfaces" / "web" / "static" / "rules.json"
    out.write_text(json.dumps(extract, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{out.relative_to(ROOT)}: {len(extract['rules'])} rules, {out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent.parent / "shared" / "reference")
