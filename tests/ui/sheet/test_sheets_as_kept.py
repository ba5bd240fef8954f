"""Sheets as the table keeps them (issue 28): a section the class has no use for is off the
screen as it is off the paper (a fighter's all-zero thief skills, an empty spell list), and
the games whose books keep gear, money and languages keep them as rows and fields, typed on
screen and printed on paper; files of the format before them open unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QSpinBox

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.sheet_form import add_row, set_path
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.export import export_pdf
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.window.documents import create_document
from tests.ui.printing.conftest import pdftotext

FIXTURES = Path(__file__).parents[2] / "fixtures"
CHARACTERS = [
    (system.id, path)
    for system in registry.systems()
    if system.sheet_forms
    for path in sample_files(system.id)
    if path.suffix == ".m3c"
]


def _editor(sheet: Any, qtbot: Any) -> FormSheetEditor:
    system = registry.system_of(sheet)
    editor = FormSheetEditor(create_document(sheet, None, system.default_options()))
    qtbot.addWidget(editor)
    editor.resize(1366, 728)
    editor.show()
    qtbot.waitExposed(editor)
    QApplication.processEvents()
    return editor


@pytest.mark.parametrize(
    ("game", "path"), CHARACTERS, ids=[f"{game}-{path.stem}" for game, path in CHARACTERS]
)
def test_a_section_the_sheet_has_no_use_for_is_off_the_screen_as_off_the_paper(
    game: str, path: Path, qtbot: Any
) -> None:
    sheet = load_sheet(path).model
    form = registry.get(game).sheet_forms["character"]
    editor = _editor(sheet, qtbot)
    unused = form.printed.unused(sheet)
    for title, group in editor.groups.items():
        assert group.isVisible() == (title not in unused), f"{game} {path.stem}: {title}"


def test_an_ose_fighter_has_no_thief_skills_or_spells_and_a_thief_gets_hers(qtbot: Any) -> None:
    form = registry.get("ose").sheet_forms["character"]
    fighter = form.new_sheet("Bors", None)
    editor = _editor(fighter, qtbot)
    assert not editor.groups["Thief skills"].isVisible()
    assert not editor.groups["Spells"].isVisible()
    choice = editor.fields["char_class"].widget
    choice.setFocus()
    choice.setCurrentIndex(choice.findText("thief"))  # the class changes: the skills come
    QApplication.processEvents()
    assert editor.groups["Thief skills"].isVisible()
    assert not editor.groups["Spells"].isVisible()
    choice.setCurrentIndex(choice.findText("magic-user"))
    QApplication.processEvents()
    assert editor.groups["Spells"].isVisible()
    assert not editor.groups["Thief skills"].isVisible()


def _keeps_gear(game: str) -> bool:
    form = registry.get(game).sheet_forms.get("character")
    paths = {spec.path for section in form.sections for spec in section.fields} if form else set()
    return {"languages", "coins.gp", "treasure"} <= paths


KEPT = [system.id for system in registry.systems() if _keeps_gear(system.id)]
"""The games whose character sheets keep gear, money and languages (as their books do)."""


@pytest.mark.parametrize("game", KEPT)
def test_gear_money_and_languages_are_typed_on_screen_and_printed(
    game: str, qtbot: Any, tmp_path: Path
) -> None:
    form = registry.get(game).sheet_forms["character"]
    editor = _editor(form.new_sheet("Quill", None), qtbot)
    languages = editor.fields["languages"].widget
    assert isinstance(languages, QLineEdit)
    languages.setFocus()
    qtbot.keyClicks(languages, "Common, Dwarvish")
    qtbot.keyClick(languages, Qt.Key.Key_Return)
    gold = editor.fields["coins.gp"].widget
    assert isinstance(gold, QSpinBox)
    gold.setValue(37)
    treasure = editor.fields["treasure"].widget
    assert isinstance(treasure, QLineEdit)
    qtbot.keyClicks(treasure, "a garnet")
    assert editor.groups["Equipment"].isVisible()
    sheet = editor.form_document.sheet
    assert sheet.languages == ("Common", "Dwarvish")
    assert sheet.coins.gp == 37 and sheet.treasure == "a garnet"
    table = next(s.table for s in form.sections if s.title == "Equipment")
    assert table is not None
    sheet = add_row(sheet, table, table.new_row().model_copy(update={"name": "Lantern"}))
    sheet = set_path(
        sheet, next(f for s in form.sections for f in s.fields if f.path == "coins.sp"), "12"
    )
    out = tmp_path / "sheet.pdf"
    export_pdf([sheet], out)
    text = " ".join(pdftotext(out).split())
    for expected in (
        "Common, Dwarvish",
        "Lantern",
        "Gold (gp) 37",
        "Silver (sp) 12",
        "a garnet",
        "Equipment",
        "Languages",
    ):
        assert expected.casefold() in text.casefold(), expected


@pytest.mark.parametrize(
    ("game", "old"),
    [("ose", "ose_character_v1/morgan-ironwolf.m3c"), ("adnd2e", "adnd2e_v2/rupert.m3c")],
)
def test_a_sheet_of_the_format_before_gear_opens_with_none_written(game: str, old: str) -> None:
    path = FIXTURES / old
    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert "equipment" not in envelope["document"]
    current = next(d for d in registry.get(game).documents if d.kind == "character")
    assert envelope["schema_version"] < current.schema_version
    sheet = load_sheet(path).model
    assert sheet.equipment == () and sheet.languages == () and sheet.coins.gp == 0
    assert sheet.name == envelope["document"]["name"]
    assert sheet.weapons  # nothing of the old sheet is lost


def test_an_export_to_foundry_writes_the_gear_coins_and_languages() -> None:
    from m3desk.systems.ose.foundry import character_to_foundry

    lirra = load_sheet(next(p for p in sample_files("ose") if p.stem == "lirra")).model
    actor, problems = character_to_foundry(lirra)
    assert not any("not written" in line for line in problems)
    names = {item["name"] for item in actor["items"] if item["type"] in ("item", "container")}
    assert {item.name.split(" (in ")[0] for item in lirra.equipment} <= names
    assert actor["system"]["languages"]["value"] == list(lirra.languages)
