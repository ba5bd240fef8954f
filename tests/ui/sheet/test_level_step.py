"""A level typed after creation offers the game's hit-point step (issue 28: AD&D 7/7 at level 3
with no hint): rolled, at the average or typed, taken with the level as ONE undo step; "Level
Only" leaves the hit points and says so. Looped over every game whose character form
describes the step; the numbers are the game's own rule (``LevelStep.gain``)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSpinBox

from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.sheet.level_step_dialog import LevelStepDialog
from m3desk.ui.window.documents import create_document

GAMES = [system.id for system in registry.systems() if "character" in system.sheet_forms]


def _editor(game: str, qtbot: Any) -> FormSheetEditor:
    system = registry.get(game)
    sheet = system.sheet_forms["character"].new_sheet("Aldo", None)
    editor = FormSheetEditor(create_document(sheet, None, system.default_options()))
    qtbot.addWidget(editor)
    editor.show()
    return editor


def _type_level(editor: FormSheetEditor, qtbot: Any, level: int) -> None:
    box = editor.fields["level"].widget
    assert isinstance(box, QSpinBox)
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, str(level))
    qtbot.keyClick(box, Qt.Key.Key_Return)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("choice", ["average", "roll", "typed", "level only"])
def test_a_raised_level_offers_the_hit_point_step_as_one_undo_step(
    game: str, choice: str, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = _editor(game, qtbot)
    form = editor.form_document.sheet_form()
    if "level" not in editor.fields or form.level_step is None:
        pytest.skip(f"{game}'s sheets describe no level step")
    document = editor.form_document
    before = document.sheet
    offered: list[LevelStepDialog] = []

    def answer(step: Any, sheet: Any, parent: Any = None) -> tuple[int, str] | None:
        dialog = LevelStepDialog(step, sheet, parent)
        offered.append(dialog)
        qtbot.addWidget(dialog)
        said = [
            label.text()
            for label in dialog.findChildren(QLabel)
            if label.textFormat() == Qt.TextFormat.PlainText
        ]
        # what the pool reads now, as the game writes it (the step's words, no field's name)
        assert step.now and any(f"Hit points now {step.now}." in text for text in said), said
        dialog.roller = Roller(3)
        dialog.show()
        if choice == "average":
            qtbot.mouseClick(dialog.average_button, Qt.MouseButton.LeftButton)
        elif choice == "roll":
            qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        elif choice == "typed":
            qtbot.keyClicks(dialog.faces, " ".join(["1"] * step.dice.count))
            qtbot.keyClick(dialog.faces, Qt.Key.Key_Return)
        else:
            qtbot.mouseClick(dialog.level_only, Qt.MouseButton.LeftButton)
        return (dialog.gain, dialog.words) if dialog.gain is not None else None

    monkeypatch.setattr(LevelStepDialog, "ask", staticmethod(answer))
    steps = document.undo_stack.index()
    _type_level(editor, qtbot, 3)
    after = document.sheet
    assert after.level == 3 and len(offered) == 1
    step = form.level_step(
        before,
        after.model_copy(
            update={"hit_points": before.hit_points, "max_hit_points": before.max_hit_points}
        ),
        None,
    )
    assert step is not None and step.dice is not None
    expected = {
        "average": step.gain(None),
        "roll": step.gain(Roller(3).roll_faces(step.dice)),
        "typed": step.gain((1,) * step.dice.count),
        "level only": 0,
    }[choice]
    assert after.max_hit_points == before.max_hit_points + expected
    assert after.hit_points == before.hit_points + expected
    if choice != "level only":
        assert expected > 0
        assert "hit points" in document.undo_stack.undoText()
    assert document.undo_stack.index() == steps + 1  # the level and its hit points: one step
    document.undo_stack.undo()
    assert document.sheet.level == before.level
    assert document.sheet.max_hit_points == before.max_hit_points


@pytest.mark.parametrize("game", GAMES)
def test_lowering_the_level_offers_nothing(
    game: str, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = _editor(game, qtbot)
    if "level" not in editor.fields:
        pytest.skip(f"{game}'s sheets keep no level")
    monkeypatch.setattr(
        LevelStepDialog,
        "ask",
        staticmethod(lambda *_args: pytest.fail("a lowered level offers no hit points")),
    )
    document = editor.form_document
    document.replace_sheet(document.sheet.model_copy(update={"level": 4}), "Set Level")
    _type_level(editor, qtbot, 2)
    assert document.sheet.level == 2
