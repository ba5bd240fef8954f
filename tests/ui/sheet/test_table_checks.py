"""A monster sheet warns where its printed XP or THAC0 disagrees with its game's tables."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from m3desk.core import registry
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.window.documents import create_document

MONSTER_GAMES = tuple(system.id for system in registry.systems() if "monster" in system.sheet_forms)


def _editor(sheet: Any, qtbot: Any) -> FormSheetEditor:
    editor = FormSheetEditor(create_document(sheet, None, TableRules()))
    qtbot.addWidget(editor)
    editor.resize(1366, 728)
    editor.show()
    qtbot.waitExposed(editor)
    QApplication.processEvents()
    return editor


def _expected(form: Any, sheet: Any) -> str:
    return "\n".join(w[:1].upper() + w[1:] + "." for w in form.warnings(sheet))


@pytest.mark.parametrize("game", MONSTER_GAMES)
def test_a_new_monster_agrees_and_a_typed_misprint_is_flagged(game: str, qtbot: Any) -> None:
    """Every game's fresh monster shows no warning; typing an XP or a THAC0 its tables do
    not give shows the game's own sentence, and putting it back clears it."""
    form = registry.get(game).sheet_forms["monster"]
    editor = _editor(form.new_sheet("Test Monster", None), qtbot)
    assert editor.table_checks.isHidden()
    assert form.warnings(editor.form_document.sheet) == ()
    for key, odd in (("xp", 1), ("thac0", 3)):
        field = editor.fields.get(key)
        if field is None or not hasattr(field.widget, "setValue"):
            continue
        before = field.widget.value()
        field.widget.setValue(odd)
        shown = editor.table_checks.text()
        assert shown == _expected(form, editor.form_document.sheet)
        assert editor.table_checks.isVisible() == bool(shown)
        field.widget.setValue(before)
        assert editor.table_checks.isHidden()


def test_the_ose_mastodon_misprint_shows_on_its_sheet(qtbot: Any) -> None:
    from m3desk.systems.ose.sheet import MonsterSheet

    mastodon = MonsterSheet(name="Mastodon", hit_dice=15, hit_points=67, max_hit_points=67, xp=1)
    editor = _editor(mastodon, qtbot)
    assert editor.table_checks.isVisible()
    assert editor.table_checks.text() == (
        "XP 1 is not the XP table's 1,350 for HD 15 (no special abilities): check the Hit "
        "Dice, the asterisks or the XP."
    )
    editor.fields["xp"].widget.setValue(1350)
    assert editor.table_checks.isHidden()


def test_an_ose_thac0_off_the_table_warns_unless_the_class_gives_it() -> None:
    from m3desk.systems.ose.checks import sheet_warnings
    from m3desk.systems.ose.sheet import MonsterSheet

    pinned = MonsterSheet(name="Veteran", hit_dice=2, overrides={"thac0": 19})
    assert sheet_warnings(pinned) == (
        "THAC0 19 is not the attack table's 18 for HD 2: check the Hit Dice or the THAC0",
    )
    # a level 2 fighter attacks with THAC0 19: the SRD's veterans are not flagged
    assert sheet_warnings(pinned.model_copy(update={"saves_as": "F2"})) == ()
    assert sheet_warnings(MonsterSheet(name="Ogre", hit_dice=4, hit_dice_modifier=1, xp=125)) == ()


def test_an_adnd_thac0_off_table_39_warns() -> None:
    from m3desk.systems.adnd2e.checks import sheet_warnings
    from m3desk.systems.adnd2e.sheet import MonsterSheet

    assert sheet_warnings(MonsterSheet(name="Orc", hit_dice=1)) == ()
    assert sheet_warnings(MonsterSheet(name="Orc", hit_dice=1, thac0=15)) == (
        "THAC0 15 is not Table 39's 19 for HD 1: check the Hit Dice or the THAC0",
    )
