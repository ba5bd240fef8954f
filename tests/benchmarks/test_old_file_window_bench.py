"""The window opening an old-format encounter of 200 (a distance per pair, no places), on
the GUI thread's CPU time from the click to its map painted: issue 30's limit is 1 s in
every path. Every game that measures distance and wrote such files, from ``registry``.

Two old files: every pair at 0 (all 200 in one melee: the places come back on one spot)
and every pair at a random distance (no plane holds them: the places come back crowded).
Piled tokens made each map paint cost about 1.2 s on their names alone (three paints on
opening), then 0.05-0.1 s (two paints, at two widths, as the tab splits); their names are now
told free in numbers (0.02-0.03 s a paint), a paint that changes nothing lays nothing out
again and the tab is split before its first paint (one width). The same encounter in today's
format, opened in the same window, is the baseline: the old file within 3 times it.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
from tests.crowds import sample_crowd

COUNT = 200
TARGET_S = 1.0
"""Issue 30's limit for opening an old file of 200 in the window, checked on the least of
three openings (the GUI thread's CPU: a full garbage collection, 80-90 ms with the window's
objects, falls in one opening or another). Before the tab was split ahead of its first
paint, the tracker measured its rows once per change and the migration read each pair once,
the old file opened in 0.55-0.95 s at a load of 8-16 (today's format alone 0.39-0.75 s): no
margin for a check."""
RATIO = 3.0
"""At most this many times the same encounter opened from today's format."""
OLD_GAMES = [
    s.id
    for s in registry.systems()
    if s.positions.kind == "distance"
    and s.encounter is not None
    and any(spec.kind == "encounter" and 1 in spec.migrations for spec in s.documents)
]


def _files(game: str, spacing: str) -> tuple[bytes, bytes]:
    """The encounter of :data:`COUNT` as schema 1 wrote it, and as today's format does."""
    encounter = sample_crowd(game, COUNT, "Old crowd")
    today = dump_document_bytes(catalog.document_type(type(encounter)), encounter)
    record = json.loads(today)
    record["schema_version"] = 1
    body = record["document"]
    body.pop("places")
    ids = [c["id"] for c in body["combatants"]]
    step = encounter.position_model.step
    rng = random.Random(7)
    body["positions"] = {
        core.pair_key(ids[a], ids[b]): 0 if spacing == "melee" else step * rng.randrange(1, 30)
        for a in range(COUNT)
        for b in range(a + 1, COUNT)
    }
    return json.dumps(record).encode(), today


def _opening(qapp: Any, window: MainWindow, path: Path) -> float:
    """CPU seconds of this thread to open ``path`` and paint what it shows."""
    start = time.thread_time()
    record = window.open_path(path)
    for _ in range(5):
        qapp.processEvents()
    spent = time.thread_time() - start
    assert record is not None
    window.session.close_all(ask=False)
    qapp.processEvents()
    return spent


@pytest.mark.parametrize("spacing", ["melee", "random"])
@pytest.mark.parametrize("game", OLD_GAMES)
def test_the_window_opens_an_old_file_of_200_within_the_limit(
    qtbot: Any, qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, spacing: str
) -> None:
    monkeypatch.setenv("M3DESK_HOME", str(tmp_path / "home"))
    warnings: list[str] = []
    monkeypatch.setattr(dialogs, "show_warning", lambda _p, _t, text: warnings.append(text))
    old, today = _files(game, spacing)
    (tmp_path / "old.m3e").write_bytes(old)
    (tmp_path / "today.m3e").write_bytes(today)
    window = MainWindow(AppPaths.from_environment())
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.startup([], recover=False)
    try:
        _opening(qapp, window, tmp_path / "today.m3e")  # the widgets' code loaded once
        baseline = min(_opening(qapp, window, tmp_path / "today.m3e") for _ in range(3))
        opened = min(_opening(qapp, window, tmp_path / "old.m3e") for _ in range(3))
    finally:
        window.session.close_all(ask=False)
        window.shutdown(remember_layout=False)
    print(
        f"\n{game}, old file of {COUNT} ({spacing}): {opened * 1000:.0f} ms CPU to open in "
        f"the window, least of 3 (limit {TARGET_S:g} s); today's format "
        f"{baseline * 1000:.0f} ms; ratio {opened / baseline:.1f}×"
    )
    assert opened < TARGET_S
    assert opened < RATIO * baseline
