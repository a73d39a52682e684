from __future__ import annotations

from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parent / "samples"


@pytest.fixture
def samples_dir() -> Path:
    return SAMPLES
