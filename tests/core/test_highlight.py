"""Code blocks highlighted on the server: Pygments classes, no inline style, nothing a
writer typed inside code reaching the page as HTML."""

from __future__ import annotations

import datetime as dt

import pytest

from core.highlight import STYLESHEET, code_stylesheet
from core.markdown import render_markdown
from entries.models import EntryStatus
from entries.writing.services import ClaimData, entry_create
from tests.factories import make_concept

PYTHON = """A policy step:

```python
import torch

def step(policy, reward: float) -> None:
    # one update
    return "<script>alert(1)</script>"
```
"""


@pytest.mark.django_db
def test_python_block_renders_spans_with_classes_and_no_style():
    html = render_markdown(PYTHON).html

    assert '<div class="codehilite"><pre>' in html
    assert '<span class="kn">import</span>' in html
    assert '<span class="k">def</span>' in html
    assert '<span class="c1"># one update</span>' in html
    assert "style=" not in html


@pytest.mark.django_db
def test_script_inside_code_is_escaped():
    html = render_markdown(PYTHON).html

    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.django_db
def test_fence_attributes_cannot_dress_code_up_as_the_page():
    html = render_markdown("```{.badge #main .python}\nx = 1\n```").html

    assert "badge" not in html and 'id="main"' not in html
    assert '<div class="codehilite">' in html


@pytest.mark.django_db
def test_raw_html_still_loses_its_classes():
    html = render_markdown('<div class="codehilite">mine</div>\n\n    indented = 1\n').html

    assert "<div>mine</div>" in html
    assert '<div class="codehilite"><pre><span></span><code>indented = 1' in html


@pytest.mark.django_db
def test_entry_lead_and_claims_use_the_same_highlighting():
    entry = entry_create(
        author=None,
        date=dt.date(2026, 9, 1),
        headline="Code",
        lead="```python\ndef f(): pass\n```",
        claims=[ClaimData(text="Runs `f()` with\n\n```python\nimport os\n```")],
        status=EntryStatus.PUBLISHED,
    )

    assert '<span class="k">def</span>' in entry.lead_html
    assert '<span class="kn">import</span>' in entry.claims.get().html


@pytest.mark.django_db
def test_concept_page_with_code_keeps_its_csp_and_links_the_colours(client):
    make_concept("Plain Page", body="No code here.")
    make_concept("Policy Gradient", body=PYTHON)

    plain = client.get("/wiki/plain-page/")
    code = client.get("/wiki/policy-gradient/")

    html = code.content.decode()
    assert '<span class="kn">import</span>' in html
    assert "css/code" in html
    assert code["Content-Security-Policy"] == plain["Content-Security-Policy"]
    assert "unsafe-inline" not in code["Content-Security-Policy"]


def test_code_stylesheet_is_generated_for_light_and_dark():
    css = STYLESHEET.read_text(encoding="utf-8")

    assert css == code_stylesheet(), "run make code-css"
    light, dark = css.split("@media (prefers-color-scheme: dark)")
    assert ".codehilite .k {" in light and ".codehilite .k {" in dark
