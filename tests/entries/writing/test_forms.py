"""The entry form's paper field reads what people type, whatever digits they type."""

from __future__ import annotations

import pytest

from entries.writing.forms import papers_by_key
from tests.factories import PaperFactory

pytestmark = pytest.mark.django_db


def test_a_paper_named_by_number_in_other_digits_is_no_paper_and_no_error():
    paper = PaperFactory(arxiv_id="2401.00001")

    found = papers_by_key([str(paper.pk), "²", "١٢", "2401.00001"])

    assert found == {str(paper.pk): paper, "2401.00001": paper}
