"""The notebook-style example of docs/research.md ("In Python") runs: its python blocks in order, in one
namespace, from the repository's root (each block asserts what it shows)."""
import os
import re

from conftest import ROOT


def test_the_notebook_example_of_the_research_docs_runs(monkeypatch):
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    section = text[text.index("\n## In Python"):]
    section = section[:section.find("\n## ", 1)] if "\n## " in section[1:] else section
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 3
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/research.md", "exec"), namespace)
    assert os.getcwd() == str(ROOT)
