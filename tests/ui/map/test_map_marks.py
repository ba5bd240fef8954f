"""Each token's marker reads a mark of its own within the scene (OSE drew "G2" on Giant rat 2
and on Goblin 2), and the mark fits inside the marker, in every map game, on both real
screens, in the scene a new encounter opens with and at melee range."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFontMetricsF

from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.map.melee import MAP_GAMES, melee_document, opening_document
from tests.ui.map.test_map_melee import DOCK, WINDOWS

SCENES = {"melee": melee_document, "opening": opening_document}


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("count", (8, 12))
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_markers_are_unique_and_readable(
    qtbot: Any, game: str, screen: str, count: int, scene: str
) -> None:
    document = SCENES[scene](game, count)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    width, height = WINDOWS[screen]
    widget.resize(width - DOCK, height)
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    view = widget.map.view
    view.fit_all()  # every token on the map, however small
    view.fit()
    names = {c.id: c.name for c in document.encounter.combatants}
    for who in [c.id for c in document.encounter.combatants]:
        document.select(who)  # each in turn: the map follows, every marker in sight read
        view.grab()
        painted = view.painted
        by_mark: dict[str, set[str]] = {}
        for token_id, mark in painted.marks.items():
            by_mark.setdefault(mark, set()).add(names[token_id])
        shared = {mark: sorted(kinds) for mark, kinds in by_mark.items() if len(kinds) > 1}
        assert shared == {}, f"markers read alike: {shared}"
        metrics = QFontMetricsF(view.style_.small)
        inside = min(m.width() for m in painted.markers) - 2
        wide = [mark for mark in painted.marks.values() if metrics.horizontalAdvance(mark) > inside]
        assert wide == [], f"marks wider than the marker ({inside:.0f} px): {wide}"


def test_ose_giant_rat_2_and_goblin_2_read_apart(qtbot: Any) -> None:
    """The sample fight the issue saw: two markers both read "G2"."""
    document = opening_document("ose", 12)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*WINDOWS["1366x768@100"])
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    view = widget.map.view
    ids = {c.name: c.id for c in document.encounter.combatants}
    document.select(ids["Goblin 2"])
    view.grab()
    marks = view.painted.marks
    assert ids["Giant rat 2"] in marks and ids["Goblin 2"] in marks
    assert marks[ids["Giant rat 2"]] != marks[ids["Goblin 2"]]
    assert marks[ids["Goblin 2"]].endswith("2")
