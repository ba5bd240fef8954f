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

from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes
from m3desk.ui.main_window import MainWindow
from m3desk.ui.map import view as map_view
from tests.crowds import sample_crowd

MAP_GAMES = [
    s.id for s in registry.systems() if s.positions.kind == "distance" and s.encounter is not None
]


def _file(game: str, count: int, folder: Path) -> Path:
    encounter = sample_crowd(game, count, "Crowd")
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
