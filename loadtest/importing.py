"""The one import of the run: notes of the seeds' shape (a concept page with dated State of
the Art findings) written to a file and imported by ``manage.py import_notes`` in its own
process, against the same database, while the servers are busy."""

from __future__ import annotations

import datetime as dt
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
from database import PY, ROOT

TITLE = "Load Test Imported Notes"
SLUG = "load-test-imported-notes"


def notes_text(sections: int, findings: int, papers: list[str]) -> str:
    """A concept page with ``sections`` State of the Art sections of ``findings`` dated
    bullets each: every bullet becomes one entry, its headline unique."""
    lines = [
        TITLE, "", "Definition", "",
        "Notes imported while the load test runs, to exercise the importer beside the site.",
        "", "Why It Matters", "",
        "• An import writes many rows in one transaction while people read and write", "",
    ]  # fmt: skip
    day = dt.date(2026, 6, 1)
    for s in range(sections):
        lines += [f"State of the Art ({day - dt.timedelta(days=7 * s):%Y-%m-%d})", ""]
        for f in range(findings):
            paper = papers[(s * findings + f) % len(papers)]
            date = day - dt.timedelta(days=7 * s + f + 1)
            lines.append(
                f"• Imported finding {s}.{f} ({date:%Y-%m-%d}): Method {s}.{f} (arXiv:{paper}) "
                f"reports {50 + (s + f) % 40}% accuracy on held-out tasks, against "
                f"{40 + (s * f) % 30}% for the baseline."
            )
        lines.append("")
    lines += ["Open Problems", "", "• Whether the findings above hold at scale", ""]
    return "\n".join(lines) + "\n"


@dataclass
class ImportRun:
    path: Path
    expected_entries: int
    process: subprocess.Popen | None = None
    started: float = 0.0
    seconds: float | None = None
    output: str = ""
    waiter: threading.Thread | None = None

    def start(self, env: dict[str, str], done: Callable[[], None]) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [PY, "manage.py", "import_notes", str(self.path)],
            cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.waiter = threading.Thread(target=self._wait, args=(done,), daemon=True)
        self.waiter.start()

    def _wait(self, done: Callable[[], None]) -> None:
        self.output, _ = self.process.communicate()
        self.seconds = time.perf_counter() - self.started
        done()

    def finish(self, timeout: float = 300) -> None:
        if self.process is not None:
            self.waiter.join(timeout)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    @property
    def ok(self) -> bool:
        return self.process is not None and self.process.returncode == 0


def prepare(directory: Path, database_url: str, sections: int, findings: int) -> ImportRun:
    with psycopg.connect(database_url) as conn:
        papers = [
            r[0]
            for r in conn.execute(
                "SELECT arxiv_id FROM papers_paper WHERE arxiv_id IS NOT NULL ORDER BY id LIMIT 50"
            )
        ]
    path = directory / "load-test-notes.txt"
    path.write_text(notes_text(sections, findings, papers))
    return ImportRun(path=path, expected_entries=sections * findings)


def check_import(database_url: str, run: ImportRun) -> dict[str, object]:
    """Every imported entry is there once: as many as the notes hold, no headline twice."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT e.headline FROM entries_entry e"
            " JOIN entries_entry_topics t ON t.entry_id = e.id"
            " JOIN wiki_concept c ON c.id = t.concept_id WHERE c.slug = %s",
            [SLUG],
        ).fetchall()
    headlines = [r[0] for r in rows]
    return {
        "ok": run.ok,
        "seconds": round(run.seconds, 1) if run.seconds is not None else None,
        "expected_entries": run.expected_entries,
        "entries_found": len(headlines),
        "duplicated": len(headlines) - len(set(headlines)),
        "output_tail": run.output.strip().splitlines()[-8:],
    }
