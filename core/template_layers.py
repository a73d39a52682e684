"""The layers of docs/architecture.md for templates, which import-linter cannot see: a
template of an app includes or extends only templates of its own layer or below, and an
app's code renders only templates of its own layer or below (a lower app shows a higher
app's data through its models, in its own templates).

    python -m core.template_layers [ROOT]

prints each template reference that runs up a layer and exits 1 when there is one
(``make lint`` runs it).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

# The layer of each folder of templates/ (and of each app's code): the infrastructure and
# the shared chrome (a template at the top of templates/) at the bottom, then the domain in
# its order, the pages across it, and the site apps.
LAYERS: dict[str, int] = {
    "": 0,
    "core": 0,
    "jobs": 0,
    "accounts": 0,
    "registration": 0,
    "papers": 1,
    "wiki": 2,
    "entries": 3,
    "results": 4,
    "pages": 5,
    **dict.fromkeys(("search", "front", "importer", "backups", "demo", "api", "watching"), 6),
}
APPS = [name for name in LAYERS if name and name != "registration"]

_TAG = re.compile(r"\{%\s*(?:include|extends)\s+[\"'](?P<name>[^\"'#]+)")
# A template named in code, in quotes (results/_table.html, entries/detail.html#claims).
_NAMED = re.compile(r"[\"'](?P<name>[a-z_]+/[\w./-]+\.(?:html|txt|xml))(?:#\w+)?[\"']")


def _layer_of(template: str) -> int | None:
    folder = template.split("/", 1)[0] if "/" in template else ""
    return LAYERS.get(folder)


def violations(root: Path) -> Iterator[str]:
    """Each reference from a lower layer to a higher one, as "where: what"."""
    templates = root / "templates"
    for path in sorted(templates.rglob("*.html")):
        own = _layer_of(path.relative_to(templates).as_posix())
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in _TAG.finditer(line):
                used = _layer_of(m["name"])
                if own is not None and used is not None and used > own:
                    where = path.relative_to(root).as_posix()
                    yield f"{where}:{number} includes {m['name']}, a layer above it"
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")) if (root / app).is_dir() else ():
            if "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in _NAMED.finditer(line):
                    used = _layer_of(m["name"])
                    if used is not None and used > LAYERS[app]:
                        where = path.relative_to(root).as_posix()
                        yield f"{where}:{number} renders {m['name']}, a layer above it"


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent
    found = list(violations(root))
    for line in found:
        print(line)
    print(
        f"Template layers: {len(found)} reference{'s' * (len(found) != 1)} running up a layer"
        if found
        else "Template layers: every template reference runs down or across"
    )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
