"""The cue words are data (evidence/cues.toml): each family's examples hold on the whole
engine, and a broken file stops the engine with a message that says where."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evidence import claim_findings
from evidence.cues import CUES, FAMILY, CueError, load

EXAMPLES = [
    pytest.param(family.name, example, id=f"{family.name}:{example.text[:40]}")
    for family in FAMILY.values()
    for example in family.examples
]


@pytest.mark.parametrize(("family", "example"), EXAMPLES)
def test_every_cue_family_example_gets_its_level(family, example):
    got = claim_findings(example.text, scope=example.scope).evidence
    assert (got if got != "unmarked" else "none") == example.expect


def test_every_family_has_a_positive_example_of_what_it_signals():
    for family in FAMILY.values():
        if family.signals != "none":
            assert any(e.expect == family.signals for e in family.examples), family.name


def test_a_phrase_added_to_the_file_widens_the_rules(tmp_path):
    """A maintainer adds a summary-level text to the data, and the rules read it."""
    text = "Going by the trial synopsis, relapse fell."
    assert claim_findings(text).evidence == "unmarked"
    path = _broken(tmp_path, "'''summaries''',", "'''summaries''',\n    '''synopsis''',")
    script = f"from evidence import claim_findings; print(claim_findings({text!r}).evidence)"
    run = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "EVIDENCE_CUES": str(path)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "abstract_only"


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "cues.toml"
    source = CUES.read_text(encoding="utf-8")
    assert old in source
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("'''went through''',", "'''went through''',\n    '''went through''',", "listed twice"),
        ("'''went through''',", "'''went (through''',", "not a valid pattern"),
        ("[views]", "[viewz]", "missing families views"),
        ("'''went through''',", "'''  ''',", "an empty phrase"),
        ('expect = "editorial"', 'expect = "probably"', "an example needs"),
    ],
)
def test_a_broken_cue_file_is_refused_with_where(tmp_path, old, new, message):
    with pytest.raises(CueError, match=message):
        load(_broken(tmp_path, old, new))


def test_a_cue_file_that_does_not_parse_is_refused(tmp_path):
    path = tmp_path / "cues.toml"
    path.write_text("[views\nphrases = [", encoding="utf-8")
    with pytest.raises(CueError, match=r"cues\.toml"):
        load(path)
