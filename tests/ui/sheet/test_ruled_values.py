"""A sheet shows what the table rules make of a number, not a number the rules ignore (issue
28): a new OSE magic-user's dagger rolls 1d6 where every weapon deals 1d6 (the default), so its
sheet and its paper say 1d6; where the table uses weapon damage they say the dagger's 1d4. The
dagger keeps its own 1d4 for a table that uses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import registry
from m3desk.core.generation import Draft
from m3desk.systems.ose.derive import weapon_damage
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet
from m3desk.ui.documents.form_sheet_document import FormSheetDocument
from m3desk.ui.printing.export import export_pdf
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.window.documents import create_document
from tests.ui.printing.conftest import pdftotext

SYSTEM = registry.get("ose")


def _magic_user() -> CharacterSheet:
    generation = SYSTEM.generation
    assert generation is not None
    draft = Draft("Quill", dict.fromkeys(generation.abilities, 10), {"class": "magic-user"})
    sheet = generation.build(draft, OseOptions())
    assert isinstance(sheet, CharacterSheet)
    assert sheet.weapons[0].name == "dagger" and str(sheet.weapons[0].damage) == "1d4"
    return sheet


@pytest.mark.parametrize(("variable", "shown"), [(False, "1d6"), (True, "1d4")])
def test_the_daggers_damage_on_screen_is_what_the_table_rolls(
    variable: bool, shown: str, qtbot: Any
) -> None:
    sheet = _magic_user()
    rules = OseOptions(variable_weapon_damage=variable)
    document = create_document(sheet, None, rules)
    assert isinstance(document, FormSheetDocument)
    document.set_options(rules)  # the table's OSE rules (Edit → Table Rules…)
    editor = FormSheetEditor(document)
    qtbot.addWidget(editor)
    model = editor.tables["weapons"].model
    column = next(n for n, spec in enumerate(model.table.columns) if spec.path == "damage")
    cell = model.index(0, column)
    assert cell.data(Qt.ItemDataRole.DisplayRole) == shown
    assert shown == str(weapon_damage(sheet.weapons[0], rules))  # the encounter's own rule
    assert cell.data(Qt.ItemDataRole.EditRole) == "1d4"  # the dagger's own die is kept
    if not variable:
        assert "1d6 at this table" in str(cell.data(Qt.ItemDataRole.ToolTipRole))


@pytest.mark.parametrize(("variable", "shown"), [(False, "1d6"), (True, "1d4")])
def test_the_daggers_damage_on_paper_is_what_the_table_rolls(
    variable: bool, shown: str, tmp_path: Path
) -> None:
    out = tmp_path / "quill.pdf"
    rules = OseOptions(variable_weapon_damage=variable)
    export_pdf([_magic_user()], out, options_for=lambda _system: rules)
    text = " ".join(pdftotext(out).split())
    assert f"dagger {shown}" in text
    assert f"dagger {'1d4' if shown == '1d6' else '1d6'}" not in text
