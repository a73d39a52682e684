"""Render time of the hostile Markdown shapes the guard sets aside (core/markdown_guard.py)
and of the formulas past the math budget (core/math.py), in-process: prints one JSON object,
the slowest shape and its milliseconds (best of three).

Run by bench/run.py; the shapes are the ones tests/core/test_markdown_guard.py and
tests/core/test_math.py check.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from core.markdown import render_markdown  # noqa: E402
from tests.core.test_markdown_guard import HOSTILE  # noqa: E402
from tests.core.test_math import HOSTILE_MATH_SHAPES  # noqa: E402


def main() -> None:
    timings = {}
    for name, text in {**HOSTILE, **HOSTILE_MATH_SHAPES}.items():
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            render_markdown(text)
            best = min(best, (time.perf_counter() - started) * 1000)
        timings[name] = round(best, 1)
    slowest = max(timings, key=timings.get)
    print(json.dumps({"slowest": slowest, "ms": timings[slowest], "shapes": timings}))


if __name__ == "__main__":
    main()
