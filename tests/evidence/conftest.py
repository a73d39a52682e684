from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _restore_seeded_rows():
    """The evidence engine is pure Python: these tests need no database at all."""
