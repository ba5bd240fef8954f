"""The map's names are laid out again only when what they depend on changed (issue 30: 200
piled tokens of an old file cost 0.1-0.4 s a layout, and a map is painted again for a
hover, a tooltip, a window shown): a second paint of an unchanged map lays nothing out,
and gives the same names in the same places; a new selection, a move, a new size, a new
style each lay them out again. Every game that keeps places, from the registry."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF

from m3desk.core.places import Place
from m3desk.ui.map import MapPanel, labels
from m3desk.ui.map.style import MapStyle
from tests.ui.map.conftest import DISTANCE_GAMES, shown_panel


def _named(panel: MapPanel) -> dict[str, tuple[str, tuple[float, ...]]]:
    painted = panel.view.painted
    return {who: (painted.texts[who], box.getRect()) for who, box in painted.named.items()}


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_second_paint_of_an_unchanged_map_lays_no_name_out_again(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    panel = shown_panel(qtbot, game, count=10)
    view = panel.view
    laid: list[int] = []
    real = labels._laid_out

    def counted(*args: Any) -> list[labels.Label]:
        laid.append(len(args[0]))
        return real(*args)

    monkeypatch.setattr(labels, "_laid_out", counted)
    view.grab()
    first = _named(panel)
    assert first, "no name drawn"
    laid.clear()
    view.grab()
    assert laid == [], "an unchanged map laid its names out again"
    assert _named(panel) == first, "the memo gave other names or places"
    # What the layout depends on, each changed in turn: it is laid out again, and what it
    # gives is what a layout without any memo gives.
    document = panel.document
    others = [c.id for c in document.encounter.combatants if c.id != document.selected]
    moved = others[1]
    place = document.encounter.places[moved]

    def change_selection() -> None:
        document.select(others[0])

    def change_place() -> None:
        view.move_token(moved, Place.at(place.x + 3 * view.picture.model.step, place.y))

    def change_size() -> None:
        panel.resize(760, 640)

    def change_style() -> None:
        view.style_ = MapStyle.of(view.palette(), view.font())

    for change in (change_selection, change_place, change_size, change_style):
        laid.clear()
        change()  # (a fit to what changed may lay the names out: the paint then need not)
        view.grab()
        assert laid, f"{change.__name__}: the names were not laid out again"
        shown = _named(panel)
        laid.clear()
        view.grab()
        assert laid == [] and _named(panel) == shown
        monkeypatch.setattr(labels, "_MEMO", labels._Memo())  # no memo at all
        view.grab()
        assert _named(panel) == shown, f"{change.__name__}: not what a fresh layout gives"
        assert laid, "the fresh layout was not laid out"


def test_a_layout_from_the_memo_leaves_taken_as_the_layout_does(qtbot: Any) -> None:
    """What is placed after the names (the legend, the rings' labels) avoids them either way."""
    panel = shown_panel(qtbot, DISTANCE_GAMES[0], count=10)
    view = panel.view
    view.grab()
    from m3desk.ui.map.painter import placed_tokens

    radius, centres = placed_tokens(view.frame, view.picture, view.style_)

    def taken_after() -> tuple[tuple[float, float, float, float], ...]:
        taken = labels.Taken()
        taken.add(QRectF(0, 0, 10, 10))
        labels.label_layout(centres, radius, view.frame, view.style_, "ft", taken)
        return taken.added()

    fresh = taken_after()
    assert len(fresh) > 1
    assert taken_after() == fresh
