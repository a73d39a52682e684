"""The importer writes only through the domain's services, which hold the rules: no row is
created, changed or removed by the importer's own code."""

from __future__ import annotations

import re
from pathlib import Path

IMPORTER = Path(__file__).resolve().parents[2] / "importer"

# A model's row written directly: a save or delete, a manager's create or update, a
# queryset's update or delete, a relation's add, set, remove or clear.
DIRECT_WRITE = re.compile(
    r"\.(?:save|delete|bulk_create|bulk_update)\("
    r"|\.objects\.(?:create|update|get_or_create|update_or_create)\("
    r"|\)\.(?:update|delete)\("
    r"|\.(?:topics|related|key_papers|aliases|claims|caveats)\.(?:add|set|remove|clear)\("
)


def direct_writes(root: Path) -> list[str]:
    return [
        f"{path.relative_to(root.parent)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        if "migrations" not in path.parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if DIRECT_WRITE.search(line)
    ]


def test_the_importer_writes_no_row_itself():
    assert direct_writes(IMPORTER) == []


def test_a_direct_write_is_found(tmp_path):
    (tmp_path / "load.py").write_text(
        "paper.save(update_fields=['title'])\nconcept.related.add(other)\nseen.add(paper)\n"
        "Entry.objects.filter(pk=1).update(external_id='x')\n"
    )
    assert [line.split(": ", 1)[1] for line in direct_writes(tmp_path)] == [
        "paper.save(update_fields=['title'])",
        "concept.related.add(other)",
        "Entry.objects.filter(pk=1).update(external_id='x')",
    ]
