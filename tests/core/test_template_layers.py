"""The layers hold for templates as they do for imports (``make lint`` runs the check)."""

from __future__ import annotations

from pathlib import Path

from core.template_layers import main, violations

ROOT = Path(__file__).resolve().parents[2]


def test_no_template_of_the_project_runs_up_a_layer():
    assert list(violations(ROOT)) == []


def test_a_lower_app_including_or_rendering_a_higher_apps_template_is_reported(tmp_path, capsys):
    (tmp_path / "templates" / "entries").mkdir(parents=True)
    (tmp_path / "templates" / "results").mkdir()
    (tmp_path / "templates" / "entries" / "detail.html").write_text(
        '{% extends "_base.html" %}\n{% include "papers/_card.html" %}\n'
        '{% include "results/_table.html" %}\n'
    )
    (tmp_path / "templates" / "results" / "page.html").write_text(
        '{% include "entries/detail.html" %}\n'
    )
    (tmp_path / "wiki").mkdir()
    (tmp_path / "wiki" / "views.py").write_text(
        'render_to_string("wiki/page.html")\nrender_to_string("pages/concept.html#body")\n'
    )

    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "templates/entries/detail.html:3 includes results/_table.html, a layer above it",
        "wiki/views.py:2 renders pages/concept.html, a layer above it",
        "Template layers: 2 references running up a layer",
    ]
