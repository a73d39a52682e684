"""``manage.py render_markdown`` brings texts stored by an older renderer up to date."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from entries.models import Claim, Entry
from tests.factories import ClaimFactory, EntryFactory, make_concept
from wiki.models import Revision

pytestmark = pytest.mark.django_db


def _run() -> str:
    out = StringIO()
    call_command("render_markdown", stdout=out)
    return out.getvalue()


def test_stored_renderings_are_made_again_and_only_what_changed_is_written(client):
    concept = make_concept("Attention", body=r"It costs \$5 and $$a_b$$ in a sentence.")
    entry = EntryFactory(lead=r"The loss $$L = a_b$$ here.")
    claim = ClaimFactory(entry=entry, text=r"A gain of \$5 with $x_i$.")
    # What an older renderer stored: the backslash kept, the formula left as text.
    Revision.objects.update(html=r"<p>It costs \$5 and $$a<em>b$$</em> in a sentence.</p>")
    Entry.objects.filter(pk=entry.pk).update(lead_html="<p>The loss $$L = a<em>b$$</em></p>")
    Claim.objects.filter(pk=claim.pk).update(html=r"<p>A gain of \$5</p>")

    assert "1 concept revision(s) and 2 entry lead(s) or claim(s)" in _run()
    page = client.get(concept.get_absolute_url()).content.decode()
    entry.refresh_from_db()
    claim.refresh_from_db()

    assert "It costs $5 and <math" in page and "<em>b" not in page
    assert "<math" in entry.lead_html and "<em>" not in entry.lead_html
    assert claim.html.startswith("<p>A gain of $5 with <math")
    assert "0 concept revision(s) and 0 entry lead(s)" in _run()
