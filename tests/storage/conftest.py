"""Shared fixtures for the storage tests: the dummy document, folders, real processes.

The folders themselves are already redirected to tmp_path by ``tests/conftest.py``.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from m3desk.storage import DocumentRegistry
from tests.storage.dummy_documents import Hero, Trait, make_registry


@pytest.fixture
def registry() -> DocumentRegistry:
    return make_registry()


@pytest.fixture
def hero() -> Hero:
    return Hero(
        name="Aria Moonwhisper",
        level=3,
        traits=[Trait(name="Keen eyes", rank=2), Trait(name="Ünïcödé ✨", rank=1)],
        notes={"zeta": "first", "alpha": "second"},
    )


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "state"
    folder.mkdir()
    return folder


@pytest.fixture
def dead_pid() -> int:
    """The pid of a process that has exited and been reaped: a crashed instance."""
    completed = subprocess.Popen([sys.executable, "-c", "pass"])
    completed.wait()
    return completed.pid


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The pid of another running process: a second m3desk instance."""
    with subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], stdin=subprocess.DEVNULL
    ) as sleeper:
        try:
            yield sleeper.pid
        finally:
            sleeper.kill()
            sleeper.wait()
