"""Python-Markdown behind the guard (the renderer in use) beside markdown-it-py with its
dollar-math plugin, on the hostile shapes the guard sets aside and on ordinary pages.

    .venv/bin/python -m pip install -e '.[bench]'   # markdown-it-py, mdit-py-plugins
    DEBUG=1 .venv/bin/python manage.py migrate
    DEBUG=1 .venv/bin/python bench/markdown_engines.py

Both pipelines end in the same nh3 sanitiser and turn formulas into MathML with the same
``core.math.mathml``; markdown-it-py runs with no guard in front. Wikilinks and arXiv ids
are the renderer's own (markdown-it-py has no plugin for them here), so the ordinary pages
are timed twice for Python-Markdown: as rendered, and without the guard. Prints a Markdown
table (best of three runs per text, milliseconds).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from core import markdown_guard  # noqa: E402
from core.markdown import render_markdown, sanitise  # noqa: E402
from core.math import mathml  # noqa: E402
from tests.core.test_markdown_guard import HOSTILE  # noqa: E402

SECTION = """## Section {n}

Training with a learned reward model follows [[Reward Modeling]] and the paper
arXiv:2203.02155; the policy is updated with *clipped* ratios and **no** value head, see
[the original write-up](https://example.org/ppo-{n}) for details.

The objective is $\\mathcal{{J}}(\\theta) = \\mathbb{{E}}_{{x \\sim D}}[r_\\phi(x)]$ and the
update follows

$$
\\nabla_\\theta J(\\theta) = \\mathbb{{E}}\\left[\\sum_{{t=0}}^{{T}} \\nabla_\\theta \\log
\\pi_\\theta(a_t \\mid s_t) A_t\\right]
$$

- first point about step {n}, with `code` and a footnote[^f{n}]
- second point, costing \\$5 per run
  - nested detail with $x_i^2$

| method | score | note |
|---|---:|---|
| baseline | 41.{n} | plain |
| ours | 47.{n} | with $k=8$ |

```python
def step_{n}(x):
    return x * 2  # [not a link
```

[^f{n}]: A footnote of section {n}.

"""


def ordinary_page(size: int) -> str:
    parts, n = [], 0
    while sum(map(len, parts)) < size:
        n += 1
        parts.append(SECTION.format(n=n))
    return "".join(parts)[:size].rsplit("\n\n", 1)[0] + "\n"


def markdown_it_renderer():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.footnote import footnote_plugin

    md = (
        MarkdownIt("commonmark", {"html": True})
        .enable("table")
        .use(footnote_plugin)
        .use(
            dollarmath_plugin,
            renderer=lambda tex, options: mathml(tex, display=bool(options.get("display_mode"))),
        )
    )
    return lambda text: sanitise(md.render(text))


def best_ms(render, text: str, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        render(text)
        best = min(best, (time.perf_counter() - started) * 1000)
    return best


def main() -> None:
    try:
        markdown_it = markdown_it_renderer()
    except ImportError:
        sys.exit("Install markdown-it-py and mdit-py-plugins first (see the docstring).")

    def unguarded(text: str) -> str:
        keep = markdown_guard.bound_markdown
        markdown_guard.bound_markdown = lambda t: t
        import core.markdown as renderer

        renderer.bound_markdown = markdown_guard.bound_markdown
        try:
            return render_markdown(text).html
        finally:
            markdown_guard.bound_markdown = keep
            renderer.bound_markdown = keep

    rows = []
    for name, text in HOSTILE.items():
        rows.append(
            (f"hostile: {name} ({len(text) // 1000} KB)",
             best_ms(lambda t: render_markdown(t).html, text), None, best_ms(markdown_it, text))
        )  # fmt: skip
    for size in (5_000, 50_000):
        text = ordinary_page(size)
        rows.append(
            (f"ordinary page, {size // 1000} KB ({text.count('$$') // 2} displayed formulas)",
             best_ms(lambda t: render_markdown(t).html, text), best_ms(unguarded, text),
             best_ms(markdown_it, text))
        )  # fmt: skip
    print("| text | Python-Markdown + guard, ms | Python-Markdown alone, ms | markdown-it-py, ms |")
    print("|---|---:|---:|---:|")
    for name, guarded, alone, other in rows:
        alone_cell = f"{alone:,.1f}" if alone is not None else "—"
        print(f"| {name} | {guarded:,.1f} | {alone_cell} | {other:,.1f} |")


if __name__ == "__main__":
    main()
