"""An encounter with a map opened in the window paints its map once at the width it keeps:
the tab is split before its first paint (split a turn after it was shown, the map was first
painted at the width the splitter had before, its names laid out for that width and then
again). Every game whose encounters stand on a map, from ``registry``; an encounter of 12
and one of 200 (whose tracker wants another share of the tab)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.main_window import MainWindow
from m3desk.ui.map import view as map_view

MAP_GAMES = [
    s.id for s in registry.systems() if s.positions.kind == "distance" and s.encounter is not None
]


def _file(game: str, count: int, folder: Path) -> Path:
    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Crowd")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    for number in range(count):
        side = "Party" if number % 2 == 0 else "Monsters"
        combatant = system.encounter.make_combatant(sheets[number % len(sheets)], side)
        encounter = core.join(encounter, combatant)
    path = folder / f"{game}-{count}.m3e"
    path.write_bytes(dump_document_bytes(catalog.document_type(type(encounter)), encounter))
    return path


@pytest.mark.parametrize("count", [12, 200])
@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_map_is_first_painted_at_the_width_it_keeps(
    qapp: Any,
    make_window: Callable[..., MainWindow],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    count: int,
) -> None:
    path = _file(game, count, tmp_path)
    window = make_window()
    window.resize(1366, 768)
    # The window's first tab: its tab widget takes its size only then.
    window.open_path(path)
    for _ in range(5):
        qapp.processEvents()
    window.session.close_all(ask=False)
    qapp.processEvents()
    widths: list[int] = []
    painted = map_view.paint_map

    def paint_map(*args: Any, **kwargs: Any) -> Any:
        widths.append(args[1].width)  # (painter, frame, ...)
        return painted(*args, **kwargs)

    monkeypatch.setattr(map_view, "paint_map", paint_map)
    record = window.open_path(path)
    assert record is not None
    for _ in range(5):
        qapp.processEvents()
    shown = record.page.findChild(map_view.MapView)
    assert shown is not None and shown.isVisible()
    assert widths, "the map was never painted"
    assert set(widths) == {shown.width()}, f"painted at {widths}, kept {shown.width()}"
