"""How long the evidence engine takes, in-process (no database): prints one JSON object.

* ``page_ms``: a page of 100 claims analysed as one entry of 100 paragraphs, the process
  warm (patterns compiled) but nothing of the page read before: the engine's caches are
  emptied before each of five rounds; the median, the worst and the fastest round (the
  figure the machine's changes of pace move least).
* ``page_again_ms``: the same page read again at once (a re-import, a second view).
* ``hostile_ms``: the slowest claim of the hostile shapes tests/evidence checks (a megabyte
  of digits, ten thousand nested brackets, mixed scripts…), best of three each.

Run by bench/run.py (``make bench``), or alone: ``python bench/evidence_speed.py``.
"""

from __future__ import annotations

import functools
import gc
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import evidence  # noqa: E402
from evidence import analyse_entry, claim_findings  # noqa: E402
from tests.evidence.test_hostile_input import HOSTILE  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "evidence"


def page() -> list[str]:
    """100 claims written by other readers: machine learning and six other fields."""
    texts: list[str] = []
    for path in [*sorted((FIXTURES / "fields").glob("*.jsonl")), FIXTURES / "blind16.jsonl"]:
        texts += [json.loads(line)["text"] for line in path.read_text().splitlines() if line]
    return texts[::3][:100]


def clear_caches() -> None:
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("evidence."):
            for value in vars(module).values():
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()


def timed(fn) -> float:
    gc.collect()
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    claims = page()
    analyse_entry(claims[:10], known_papers=[])  # warm: patterns compiled, modules loaded
    rounds = []
    for _ in range(5):
        clear_caches()
        rounds.append(timed(lambda: analyse_entry(claims, known_papers=[])))
    again = timed(lambda: analyse_entry(claims, known_papers=[]))
    hostile = {
        name: round(
            min(timed(lambda t=text: (clear_caches(), claim_findings(t))) for _ in range(3)), 1
        )
        for name, text in HOSTILE.items()
    }
    slowest = max(hostile, key=hostile.get)
    print(
        json.dumps(
            {
                "claims": len(claims),
                "page_ms": round(statistics.median(rounds), 1),
                "page_worst_ms": round(max(rounds), 1),
                "page_fastest_ms": round(min(rounds), 1),
                "page_again_ms": round(again, 1),
                "hostile_slowest": slowest,
                "hostile_ms": hostile[slowest],
                "hostile": hostile,
                "engine": evidence.__name__,
            }
        )
    )


if __name__ == "__main__":
    main()
