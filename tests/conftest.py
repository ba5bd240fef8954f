"""Test set-up: headless Qt, and every m3desk folder pointed at a temporary directory."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from tests import games

# The tests' games (the toy, Skirmish: tests/games.py, one registry line each) are installed
# for the whole run before any test module is collected, so every loop over
# ``registry.systems()`` / ``registry.ids()`` plays them beside the shipped games: a new game
# gets the whole looped suite without a test of its own.
games.install()

# Python's cycle collector runs whenever allocations pass a threshold, which may be in the
# middle of a Qt call: it then destroys a Qt object while Qt holds the lock that destructor
# needs (a run hung in QObject::disconnect, and one crashed, that way). During a test it is
# off; it runs between tests, where no Qt call is under way (see pytest_runtest_teardown).
gc.disable()

_BENCHMARKS = Path(__file__).parent / "benchmarks"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--benchmarks",
        action="store_true",
        help="also collect tests/benchmarks (pytest-benchmark; slow)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Benchmarks time one process against a baseline in the same process: they never run in
    the suite's worker processes (pytest-benchmark would switch itself off there)."""
    if config.getoption("--benchmarks") and getattr(config.option, "numprocesses", None):
        config.option.numprocesses = 0
        config.option.dist = "no"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Benchmarks are not part of the default run; ``--benchmarks`` brings them in."""
    if config.getoption("--benchmarks"):
        return None
    if collection_path == _BENCHMARKS or _BENCHMARKS in collection_path.parents:
        return True
    return None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """Collect the test's garbage cycles once it is over, while no Qt call is under way, then
    freeze the survivors.

    The windows pytest-qt closes are left to Qt (their ``deleteLater`` is not delivered
    outside an event loop): delivering those deletions between tests made a later test
    crash in its event loop in two full runs, so the theme switch no longer walks every
    widget instead (``theme._refresh_dock_buttons``).
    """
    result = yield
    gc.collect()
    # What outlives the collection is kept (the windows pytest-qt leaves to Qt, module fixtures,
    # caches): freeze it, so the next test's collection walks only what that test made. Without
    # this each collection walked the whole grown heap: late in a worker process even a test of
    # pure arithmetic cost ~0.1-0.2 s of CPU here, about 40 % of the suite's time in all.
    gc.freeze()
    return result


@pytest.fixture(autouse=True)
def _isolated_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Never touch a real profile: every user folder lives under a fresh temporary root."""
    home = tmp_path_factory.mktemp("m3desk-home")
    monkeypatch.setenv("M3DESK_HOME", str(home))
    for name in ("M3DESK_DATA_DIR", "M3DESK_CONFIG_DIR", "M3DESK_STATE_DIR", "M3DESK_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture(autouse=True)
def _toy_game_installed() -> None:
    """A test that took the tests' games away (to show what a fresh process sees) gets them
    back here."""
    games.install()
