"""The widget lets go of its document when it goes away; the board and action hooks."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import SIGNAL

from m3desk.systems.monsters_and_magic.encounter import start
from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.encounter.helpers import by_name, click_cell

CHANGED = SIGNAL("encounter_changed(PyObject)")
SELECTED = SIGNAL("selection_changed(QString)")


def receivers(document: EncounterDocument) -> tuple[int, int]:
    return document.receivers(CHANGED), document.receivers(SELECTED)


def test_deleting_the_widget_disconnects_every_part(qtbot, document: EncounterDocument) -> None:
    assert receivers(document) == (0, 0)
    shown = EncounterWidget(document)
    assert receivers(document) != (0, 0)
    shiboken6.delete(shown)
    assert receivers(document) == (0, 0)
    document.apply(start(document.encounter), "Start")  # nothing left to call into
    document.select(by_name(document.encounter, "Guido").id)


def test_detach_stops_following_the_document(qtbot, widget: EncounterWidget) -> None:
    widget.detach()
    assert receivers(widget.document) == (0, 0)
    label = widget.round_label.text()
    widget.document.apply(start(widget.document.encounter), "Start")
    assert widget.round_label.text() == label


def test_the_board_sits_beside_the_log(widget: EncounterWidget) -> None:
    assert isinstance(widget.board, RangeBoardWidget)
    assert widget.board_splitter.indexOf(widget.board) == 1


def test_the_real_board_follows_the_tracker_selection(qtbot, document) -> None:
    shown = EncounterWidget(document)
    qtbot.addWidget(shown)
    shown.show()
    click_cell(qtbot, shown, "Gramfive", Column.NAME)
    assert document.selected == by_name(document.encounter, "Gramfive").id


def test_selection_elsewhere_moves_the_tracker_row(qtbot, widget: EncounterWidget) -> None:
    shamira = by_name(widget.document.encounter, "Shamira").id
    widget.document.select(shamira)  # e.g. a click on the board
    assert widget.tracker.selected_id() == shamira


def test_the_package_exports_its_public_names() -> None:
    import m3desk.ui.encounter as package
    from m3desk.ui.encounter.log_export import export_log_text
    from m3desk.ui.encounter.new_document import new_encounter_document

    assert package.EncounterWidget is EncounterWidget
    assert package.new_encounter_document is new_encounter_document
    assert package.export_log_text is export_log_text
