"""The games that exist only in the tests, registered like shipped ones: one line each.

``install()`` runs once for the whole test run (tests/conftest.py, before collection), so every
loop over ``registry.systems()`` / ``registry.ids()`` plays them beside the shipped games. A
game's samples live in ``tests/<id>_system/samples/<id>/``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from m3desk.core import registry

GAMES = {
    "toy": "tests.toy_system.system",
    "skirmish": "tests.skirmish_system.system",
    "pikes": "tests.pikes_system.system",
}
"""The tests' registry lines (id: the module exporting ``SYSTEM``), as ``INSTALLED`` is the
shipped games'."""

FRESH_PROCESS = "from tests import games; games.install(); "
"""What a ``python -c`` child runs first to know the tests' games too (a fresh process has only
the shipped games)."""


def samples(system_id: str) -> Path:
    return Path(__file__).resolve().parent / f"{system_id}_system" / "samples" / system_id


def install(*only: str) -> None:
    """Register the tests' games (or ``only`` those) and let storage see their files."""
    from m3desk.storage import catalog

    changed = False
    for system_id, module in GAMES.items():
        if only and system_id not in only:
            continue
        folder = str(samples(system_id))
        if system_id in registry.ids() and registry.sample_folders().get(system_id) == folder:
            continue
        # Imported here, before any test module: pydantic must be whole before PySide's
        # import hook (shiboken's feature check) meets its lazy imports.
        importlib.import_module(module)
        registry.register(system_id, module, samples=folder)
        changed = True
    if changed:
        catalog.reset()


def uninstall(*only: str) -> None:
    """Take the tests' games (or ``only`` those) away: what a fresh process sees."""
    from m3desk.storage import catalog

    for system_id in only or tuple(GAMES):
        registry.unregister(system_id)
    catalog.reset()
