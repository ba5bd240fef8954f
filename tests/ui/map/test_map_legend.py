"""The map's legend and names never cover tokens or each other (issue 23): in the small
map of the encounter tab the legend sat in the top right corner over whoever stood there,
and the scale bar's chip was drawn over the lowest names. Every game of distances."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF

from m3desk.core.places import Place
from m3desk.ui.map import MapPanel


def _placed(
    qtbot: Any, panel: MapPanel, spots: list[tuple[float, float]], first_at: QPointF | None = None
) -> Any:
    """Everyone moved to ``spots`` (in grid steps), the map fitted (and panned so the
    first one stands at ``first_at``, pixels from the top right), painted once."""
    document = panel.document
    step = document.encounter.position_model.step
    places = {
        c.id: Place.at(step * x, step * y)
        for c, (x, y) in zip(document.encounter.combatants, spots, strict=False)
    }
    document.apply(document.encounter.model_copy(update={"places": places}), "Place")
    view = panel.view
    view.fit()
    if first_at is not None:
        first = view.frame.to_screen(step * spots[0][0], step * spots[0][1])
        view.frame = view.frame.panned(
            view.width() - first_at.x() - first.x(), first_at.y() - first.y()
        )
    view.grab()
    return view.painted


def _overlaps(painted: Any) -> list[tuple[QRectF, QRectF]]:
    labels = painted.labels
    return [(a, b) for n, a in enumerate(labels) for b in labels[n + 1 :] if a.intersects(b)]


def test_the_legend_takes_a_free_corner_and_names_cover_nothing(
    qtbot: Any, map_panel: MapPanel
) -> None:
    count = len(map_panel.document.encounter.combatants)
    assert count >= 4
    # One at the top right, where the legend used to go; the rest in a row far below.
    spots = [(30.0, 0.0)] + [(3.0 * n, 20.0) for n in range(count - 1)]
    painted = _placed(qtbot, map_panel, spots, first_at=QPointF(40, 24))
    assert len(painted.markers) == count
    assert not painted.legend.isEmpty()
    assert painted.legend.center().x() < map_panel.view.width() / 2  # moved to the left
    assert [r for r in painted.markers + painted.labels if r.intersects(painted.legend)] == []
    assert _overlaps(painted) == []


def test_in_a_crowd_and_at_the_corners_nothing_covers_a_token_or_name(
    qtbot: Any, map_panel: MapPanel
) -> None:
    count = len(map_panel.document.encounter.combatants)
    corners = [(0.0, 0.0), (30.0, 0.0), (0.0, 20.0), (30.0, 20.0)]
    spots = corners + [(1.0 + n, 1.0) for n in range(count - 4)]  # a crowd near a corner
    painted = _placed(qtbot, map_panel, spots)
    assert [r for r in painted.markers + painted.labels if r.intersects(painted.legend)] == []
    assert _overlaps(painted) == []
    # The fit keeps the lowest tokens above the scale bar's chip (it covered their names).
    view = map_panel.view
    view.fit_all()  # 150 ft across: the whole map is smaller than a fit's readable size
    bar_top = view.height() - view.style_.small_metrics.height() - 24
    lowest = view.document.encounter.places[view.document.encounter.combatants[2].id]
    assert view.frame.to_screen(lowest.x, lowest.y).y() < bar_top
