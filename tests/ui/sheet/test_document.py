"""SheetDocument and its ReplaceStateCommand: the one mutation path, undo, merging, saved state."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from m3desk.systems.monsters_and_magic import CharacterSheet, MonsterSheet
from m3desk.ui.documents import commands
from m3desk.ui.documents.commands import ReplaceStateCommand as EditSheetCommand
from m3desk.ui.documents.sheet_document import SheetDocument, changed_fields
from tests.ui.sheet.helpers import with_fields, with_path


def test_replace_sheet_pushes_one_command_and_reports_changed_fields(
    qtbot, document: SheetDocument
) -> None:
    before = document.sheet
    after = with_fields(before, level=2)
    with qtbot.waitSignal(document.sheet_changed) as signal:
        assert document.replace_sheet(after, "Change level")
    assert signal.args == [frozenset({"level"})]
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Change level"
    assert document.sheet == after

    document.undo_stack.undo()
    assert document.sheet == before
    document.undo_stack.redo()
    assert document.sheet == after


def test_an_unchanged_sheet_pushes_nothing(document: SheetDocument) -> None:
    assert not document.replace_sheet(with_fields(document.sheet), "Nothing")
    assert document.undo_stack.count() == 0


def test_new_table_rules_refresh_every_view_without_an_undo_step(
    qtbot, document: SheetDocument
) -> None:
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

    before = document.derived()
    loose = TableRules(damage_cap_adds_level=False)
    with qtbot.waitSignal(document.sheet_changed) as signal:
        assert document.set_rules(loose)
    assert signal.args == [frozenset(type(document.sheet).model_fields)]
    assert document.rules == loose and document.derived() != before
    assert document.undo_stack.count() == 0 and not document.modified
    assert not document.set_rules(loose)  # the same rules again: nothing to do


def test_the_command_stores_absolute_states(document: SheetDocument) -> None:
    before = document.sheet
    document.replace_sheet(with_fields(before, hero_points=3), "Hero points")
    command = document.undo_stack.command(0)
    assert isinstance(command, EditSheetCommand)
    assert command.before == before
    assert command.after.hero_points == 3
    command.redo()  # what push() already did: harmless to repeat
    assert document.sheet.hero_points == 3


def test_edits_of_one_field_typed_quickly_merge_into_one_step(document: SheetDocument) -> None:
    before = document.sheet
    for score in (14, 15, 16):
        sheet = with_path(document.sheet, ("attributes", "STR"), score)
        document.replace_sheet(sheet, "Change STR", merge_key="attributes.STR")
    assert document.undo_stack.count() == 1
    assert document.sheet.attributes.STR == 16
    document.undo_stack.undo()
    assert document.sheet == before


def test_edits_of_different_fields_do_not_merge(document: SheetDocument) -> None:
    document.replace_sheet(
        with_path(document.sheet, ("attributes", "STR"), 15), "STR", merge_key="attributes.STR"
    )
    document.replace_sheet(
        with_path(document.sheet, ("attributes", "DEX"), 15), "DEX", merge_key="attributes.DEX"
    )
    assert document.undo_stack.count() == 2


def test_break_merge_and_the_merge_window_start_new_steps(
    document: SheetDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    def set_level(level: int) -> None:
        document.replace_sheet(with_fields(document.sheet, level=level), "Level", merge_key="level")

    set_level(2)
    document.break_merge()
    set_level(3)
    assert document.undo_stack.count() == 2
    clock = iter([1000.0, 1000.0 + commands.MERGE_WINDOW_SECONDS + 1])
    monkeypatch.setattr(commands.time, "monotonic", lambda: next(clock))
    document.break_merge()
    set_level(4)
    set_level(5)
    assert document.undo_stack.count() == 4


def test_typing_back_to_the_start_leaves_no_step(document: SheetDocument) -> None:
    start = document.sheet.level
    for level in (2, start):
        document.replace_sheet(with_fields(document.sheet, level=level), "Level", merge_key="level")
    assert document.undo_stack.count() == 0
    assert document.sheet.level == start


def test_title_marks_unsaved_changes_and_mark_saved_clears_it(
    qtbot, document: SheetDocument, tmp_path: Path
) -> None:
    assert document.title() == "Gramfive"
    assert not document.modified
    with qtbot.waitSignal(document.title_changed) as signal:
        document.replace_sheet(with_fields(document.sheet, name="Gramfive II"), "Rename")
    assert signal.args == ["Gramfive II *"]
    assert document.modified
    with qtbot.waitSignal(document.modified_changed) as saved:
        document.mark_saved(tmp_path / "gramfive.m3c")
    assert saved.args == [False]
    assert document.path == tmp_path / "gramfive.m3c"
    assert document.title() == "Gramfive II"
    document.undo_stack.undo()
    assert document.title() == "Gramfive *"


def test_a_macro_is_one_undo_step(document: SheetDocument) -> None:
    before = document.sheet
    document.begin_macro("Level up")
    document.replace_sheet(with_fields(document.sheet, level=2), "Level")
    document.replace_sheet(with_fields(document.sheet, hero_points=2), "Hero points")
    document.end_macro()
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.sheet == before


def test_a_sheet_of_another_kind_is_refused(document: SheetDocument) -> None:
    with pytest.raises(TypeError):
        document.replace_sheet(MonsterSheet(name="Orc"), "Swap")  # type: ignore[arg-type]


def test_impossible_values_raise_before_reaching_the_document(document: SheetDocument) -> None:
    with pytest.raises(ValidationError):
        with_path(document.sheet, ("attributes", "STR"), 31)
    assert document.undo_stack.count() == 0


def test_changed_fields_names_top_level_fields() -> None:
    a = CharacterSheet(name="A")
    b = with_path(with_fields(a, notes="x"), ("php", "maximum"), 5)
    assert changed_fields(a, b) == frozenset({"notes", "php"})


def test_derived_values_follow_the_sheet(document: SheetDocument) -> None:
    assert document.derived()["ac"].value == 19
    document.replace_sheet(with_path(document.sheet, ("attributes", "DEX"), 15), "DEX")
    assert document.derived()["ac"].value == 21
    document.undo_stack.undo()
    assert document.derived()["ac"].value == 19
