"""The real tracker shows a game it was never told about: the toy system's columns."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.tracker_view import TrackerView
from tests.toy_system import TOY, ToyEncounter, ToySheet


@pytest.fixture
def toy() -> Iterator[None]:
    yield


def _document(qtbot) -> EncounterDocument:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Toy fight")
    for sheet, side in (
        (ToySheet(name="Aldo"), "Party"),
        (ToySheet(name="Goblin", hit_points=5, max_hit_points=5, ac=11), "Monsters"),
    ):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    encounter = core.set_side_initiative(encounter, {"Party": 2, "Monsters": 5})
    return EncounterDocument(encounter)


def _index(view: TrackerView, name: str, column: str):
    model = view.tracker_model
    row = next(n for n, r in enumerate(model.rows) if r.combatant.name == name)
    return model.index(row, model.column_of(column))


@pytest.mark.usefixtures("toy")
def test_the_toy_game_has_its_columns_and_its_order(qtbot, qtmodeltester) -> None:
    view = TrackerView(_document(qtbot))
    qtbot.addWidget(view)
    model = view.tracker_model
    qtmodeltester.check(model)
    titles = [model.headerData(n, Qt.Orientation.Horizontal) for n in range(model.columnCount())]
    assert titles == ["Init", "Name", "Side", "HP", "AC", "Declared", "Notes"]
    # One d6 per side, higher first: the Monsters' 5 beats the Party's 2.
    assert [row.combatant.name for row in model.rows] == ["Goblin", "Aldo"]
    assert _index(view, "Goblin", "hp").data() == "5/5"
    assert _index(view, "Goblin", "hp").data(TrackerRole.POOL) == (5, 5)
    assert _index(view, "Aldo", "ac").data() == "12"


@pytest.mark.usefixtures("toy")
def test_typing_hit_points_goes_through_the_game_and_undoes(qtbot) -> None:
    document = _document(qtbot)
    view = TrackerView(document)
    qtbot.addWidget(view)
    view.show()
    index = _index(view, "Goblin", "hp")
    view.setCurrentIndex(index)
    qtbot.keyClick(view, "3")
    editor = view.focusWidget()
    assert editor is not None and editor is not view
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _index(view, "Goblin", "hp").data() == "3/5")
    assert document.undo_stack.undoText() == "Set HP of Goblin"
    document.undo_stack.undo()
    assert _index(view, "Goblin", "hp").data() == "5/5"


@pytest.mark.usefixtures("toy")
def test_a_rejected_value_says_why(qtbot) -> None:
    view = TrackerView(_document(qtbot))
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.tracker_model.edit_rejected) as rejected:
        view.tracker_model.setData(_index(view, "Aldo", "hp"), "many")
    assert "whole number" in rejected.args[0]


def test_a_narrow_tracker_cuts_long_texts_before_short_values(qtbot) -> None:
    """At 150 % beside the library the OSE tracker must give up width: the declaration
    column shrinks to its title, an empty Cover column too, but "AC 7 [12]" keeps its
    ascending AC."""
    from m3desk.assets import sample_files
    from m3desk.storage.sheet_files import load_sheet
    from m3desk.ui.encounter.new_document import new_encounter_document

    sheets = [load_sheet(path).model for path in sample_files("ose")]
    view = TrackerView(new_encounter_document(sheets[:2], name="OSE"))
    qtbot.addWidget(view)
    view.resize(1400, 200)
    view.show()
    header, model = view.horizontalHeader(), view.tracker_model
    declared, cover, ac = (model.column_of(c) for c in ("declared", "cover", "ac"))
    full_cover = header.sectionSize(cover)
    width = 1400
    while header.sectionSize(cover) >= full_cover and width > 400:
        width -= 10
        view.resize(width, 200)
        qtbot.wait(1)
    assert header.sectionSize(cover) < full_cover  # the squeeze reached the short values
    assert header.sectionSize(declared) < full_cover * 3  # long texts went first

    texts = [model.index(row, ac).data() for row in range(model.rowCount())]
    room = header.sectionSize(ac) - 8
    assert all(view.fontMetrics().horizontalAdvance(text) <= room for text in texts), texts
