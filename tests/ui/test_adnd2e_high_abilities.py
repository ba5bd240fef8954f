"""AD&D 2e: STR 19–25 and DEX 24–25 have their own rows in the Player's Handbook.

DEX 24–25 (PHB Table 2): reaction and missile +5, defensive −6 (DEX 21–23 give +4 / −5).
STR 19–25 (PHB Table 1): weight allowance 485 … 1,535 lb and maximum press 640 … 1,750 lb,
far beyond 18/00's 335 and 480; Table 47 stops at 18/00, so the encumbrance row for these
scores starts "light" one pound past the allowance and ends at the maximum press, as every
printed row does. Checked in the real sheet editor: type the score, read the derived value.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.adnd2e.tables import dex_adjustments, encumbrance_category
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.sheet import make_sheet_editor
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.window.documents import create_document


def _editor(qtbot: Any) -> FormSheetEditor:
    path = next(p for p in sample_files("adnd2e") if p.suffix == ".m3c")
    editor = make_sheet_editor(create_document(load_sheet(path).model, None, TableRules()))
    assert isinstance(editor, FormSheetEditor)
    qtbot.addWidget(editor)
    editor.show()
    return editor


def _type(qtbot: Any, editor: FormSheetEditor, path: str, value: int) -> None:
    widget = editor.fields[path].widget
    widget.setFocus()
    widget.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(widget, str(value))
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def _shown(editor: FormSheetEditor, key: str) -> tuple[str, str]:
    for table in editor.derived_tables:
        model = table.derived_model
        for row in range(model.rowCount()):
            if model.derived_at(row).key == key:
                return (
                    model.index(row, 1).data(),
                    model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole) or "",
                )
    raise AssertionError(key)


def test_dex_24_and_25_have_their_own_row(qtbot: Any) -> None:
    editor = _editor(qtbot)
    _type(qtbot, editor, "abilities.DEX", 23)
    assert (_shown(editor, "dex.missile")[0], _shown(editor, "dex.defensive")[0]) == ("+4", "−5")
    _type(qtbot, editor, "abilities.DEX", 24)
    assert (_shown(editor, "dex.missile")[0], _shown(editor, "dex.defensive")[0]) == ("+5", "−6")
    assert dex_adjustments(25) == (5, -6)


def test_str_19_carries_by_its_own_weight_allowance(qtbot: Any) -> None:
    """400 lb: moderate on the 18/00 row (375–413), unencumbered with STR 19 (up to 485)."""
    editor = _editor(qtbot)
    _type(qtbot, editor, "carried", 400)
    _type(qtbot, editor, "abilities.STR", 19)
    assert "400 lb with STR 19: unencumbered" in _shown(editor, "encumbrance")[1]
    _type(qtbot, editor, "carried", 641)
    assert "641 lb with STR 19: overloaded" in _shown(editor, "encumbrance")[1]
    # Each score's row: light from the allowance + 1, the maximum press its last pound.
    for score, allowance, press in (
        (19, 485, 640),
        (20, 535, 700),
        (21, 635, 810),
        (22, 785, 970),
        (23, 935, 1130),
        (24, 1235, 1440),
        (25, 1535, 1750),
    ):
        assert encumbrance_category(score, 0, allowance) == 0
        assert encumbrance_category(score, 0, allowance + 1) == 1
        assert encumbrance_category(score, 0, press) == 4
        assert encumbrance_category(score, 0, press + 1) == 5
