"""The set-up steps a game rolls before round one, in the real encounter tab: every game
gets the panel its rules describe (OSE: surprise, distance, reaction), typed or rolled, each
one undo step and one log line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.setup_steps import SetupStepsPanel
from m3desk.ui.encounter.widget import EncounterWidget


def _tab(qtbot, game: str) -> EncounterWidget:
    sheets = [load_sheet(path).model for path in sample_files(game)]
    party = [s for s in sheets if s.kind == "character"][:2]
    foes = [s for s in sheets if s.kind == "monster"][:2]
    document = new_encounter_document(party + foes, name="Set-up")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    widget.show()
    return widget


def _log_texts(widget: EncounterWidget) -> list[str]:
    model = widget.log_panel.log_model
    return [
        str(model.data(model.index(row, model.columnCount() - 1)))
        for row in range(model.rowCount())
    ]


@pytest.mark.parametrize("game", [g.id for g in registry.systems()])
def test_each_game_shows_the_steps_its_rules_describe(qtbot, game: str) -> None:
    widget = _tab(qtbot, game)
    rules = registry.system_of(widget.document.encounter).encounter
    panel = widget.findChild(SetupStepsPanel)
    steps = rules.setup_steps if rules is not None else ()
    if not steps:
        assert panel is None
        return
    assert panel is not None and panel.isVisible()
    assert [row.label.text() for row in panel.rows] == [step.label for step in steps]
    for row, step in zip(panel.rows, steps, strict=True):
        assert row.label.toolTip() == step.help
        # A rolled step names its dice; one the GM decides (nothing to roll) says "Set".
        dice = step.dice(widget.document.encounter, str(row.choice.currentData() or ""))
        assert row.roll.text() == "Set" if not dice.count else row.roll.text().startswith("Roll ")


def test_ose_surprise_distance_and_reaction_typed_rolled_and_undone(qtbot) -> None:
    widget = _tab(qtbot, "ose")
    document: EncounterDocument = widget.document
    panel = widget.findChild(SetupStepsPanel)
    panel.roller = Roller(seed=1)
    sides = list(dict.fromkeys(c.side for c in document.encounter.combatants))

    surprise = panel.row("surprise")
    assert surprise.roll.text() == "Roll 1d6 a side"
    qtbot.mouseClick(surprise.roll, Qt.MouseButton.LeftButton)
    assert set(document.encounter.surprise_rolls) == set(sides)
    assert surprise.result.text().startswith(f"{sides[0]} ")

    distance = panel.row("distance")
    assert distance.choice.currentText() == "Dungeon"
    assert distance.roll.text() == "Roll 2d6"
    qtbot.keyClicks(distance.faces, "3 4")
    qtbot.keyClick(distance.faces, Qt.Key.Key_Return)
    assert distance.result.text() == "70 ft, dungeon"
    assert _log_texts(widget)[-1] == "Encounter distance: 70 ft, dungeon (2d6 × 10 ft: 3 + 4)"
    assert not any("↔" in text for text in _log_texts(widget))  # one line, not one a pair

    reaction = panel.row("reaction")
    speakers = [reaction.who.itemText(i) for i in range(reaction.who.count())]
    party = [c.name for c in document.encounter.combatants if c.sheet.kind == "character"]
    assert speakers == party
    qtbot.keyClicks(reaction.faces, "1 1")
    qtbot.keyClick(reaction.faces, Qt.Key.Key_Return)
    assert reaction.result.text().endswith("attacks") or ": hostile" in reaction.result.text()
    assert _log_texts(widget)[-1].startswith(f"Reaction: 2d6 1 + 1, {speakers[0]}'s CHA ")

    document.undo_stack.undo()  # the reaction, alone
    assert reaction.result.text() == ""
    assert distance.result.text() == "70 ft, dungeon"

    qtbot.keyClicks(distance.faces, "9 9")
    qtbot.keyClick(distance.faces, Qt.Key.Key_Return)
    assert panel.note.isVisible() and "1–6" in panel.note.text()
    assert distance.result.text() == "70 ft, dungeon"  # nothing changed


def test_adnd_rolls_its_encounter_distance_by_the_situation(qtbot) -> None:
    """Combat & Tactics' table in 5-foot squares: light forest is 4d6 squares; the sides are
    placed that far apart (nearest to nearest), one log line; no cover is the longest
    missile's long range."""
    from m3desk.core import encounter as core

    widget = _tab(qtbot, "adnd2e")
    document: EncounterDocument = widget.document
    panel = widget.findChild(SetupStepsPanel)
    distance = panel.row("distance")
    distance.choice.setCurrentIndex(distance.choice.findText("Light forest"))
    assert distance.roll.text() == "Roll 4d6"
    qtbot.keyClicks(distance.faces, "1 2 3 1")
    qtbot.keyClick(distance.faces, Qt.Key.Key_Return)
    assert core.sides_apart(document.encounter) == 35
    assert distance.result.text() == "the sides are 35 ft apart"
    assert _log_texts(widget)[-1] == (
        "Encounter distance: 7 squares, 35 ft, light forest (4d6: 1 + 2 + 3 + 1)"
    )
    surprise = panel.row("surprise")
    qtbot.keyClicks(surprise.faces, "1 2")  # both sides surprised: the terrain is moot
    qtbot.keyClick(surprise.faces, Qt.Key.Key_Return)
    assert not distance.choice.isEnabled()
    assert distance.roll.text() == "Roll 1d4"
    panel.roller = Roller(seed=3)
    qtbot.mouseClick(distance.roll, Qt.MouseButton.LeftButton)
    assert 5 <= core.sides_apart(document.encounter) <= 20  # 1d4 squares


def test_adnd_rolls_surprise_and_the_surprise_picks_the_distance(qtbot) -> None:
    """AD&D's set-up offered no surprise roll (issue 28): one d10 a side, 1–3 surprised; a
    side alone alert gets the free round; the distance then takes 1d6 squares (one side
    surprised), whatever the terrain chosen; rolled or typed, one undo step each."""
    from m3desk.core import encounter as core

    widget = _tab(qtbot, "adnd2e")
    document: EncounterDocument = widget.document
    panel = widget.findChild(SetupStepsPanel)
    assert [row.step.id for row in panel.rows][:2] == ["surprise", "distance"]
    sides = list(dict.fromkeys(c.side for c in document.encounter.combatants))
    surprise = panel.row("surprise")
    assert surprise.roll.text() == "Roll 1d10 a side"
    steps = document.undo_stack.count()
    qtbot.keyClicks(surprise.faces, "2 8")
    qtbot.keyClick(surprise.faces, Qt.Key.Key_Return)
    assert document.undo_stack.count() == steps + 1
    assert document.encounter.surprise_side == sides[1]
    assert surprise.result.text() == f"{sides[0]} 2, {sides[1]} 8; {sides[1]} get a free round"
    assert _log_texts(widget)[-1].startswith(f"Surprise: {sides[0]} d10 2 (surprised)")
    distance = panel.row("distance")
    distance.choice.setCurrentIndex(distance.choice.findText("Grassland"))
    assert distance.choice.currentText() == "Grassland"
    assert distance.roll.text() == "Roll 1d6"  # one side surprised, not grassland's 10d6
    assert not distance.choice.isEnabled()  # the surprise decides, the terrain is moot
    qtbot.keyClicks(distance.faces, "3")
    qtbot.keyClick(distance.faces, Qt.Key.Key_Return)
    assert core.sides_apart(document.encounter) == 15
    assert "one surprised" in _log_texts(widget)[-1]
    # Rolled: the roller's d10s; the free round begins with the side alone alert.
    document.undo_stack.undo()
    document.undo_stack.undo()
    panel.roller = Roller(seed=5)
    qtbot.mouseClick(surprise.roll, Qt.MouseButton.LeftButton)
    assert set(document.encounter.surprise_rolls) == set(sides)


def test_apparatus_starting_distance_is_the_gms(qtbot) -> None:
    """The wiki has no encounter distance: the GM sets one (Far range of the longest ranged
    weapon here, or typed metres); never everyone at the board's farthest."""
    from m3desk.core import encounter as core

    widget = _tab(qtbot, "apparatus")
    document: EncounterDocument = widget.document
    panel = widget.findChild(SetupStepsPanel)
    distance = panel.row("distance")
    assert core.sides_apart(document.encounter) < document.encounter.position_model.maximum
    distance.choice.setCurrentIndex(distance.choice.findText("Far range"))
    assert distance.roll.text() == "Set"
    qtbot.mouseClick(distance.roll, Qt.MouseButton.LeftButton)
    far = max(
        [
            w.ranges(document.encounter.options)[1]
            for c in document.encounter.combatants
            for w in c.sheet.weapons
            if w.ranged
        ]
        or [document.encounter.options.far_range]
    )
    assert core.sides_apart(document.encounter) == far
    assert distance.result.text() == f"the sides are {far} m apart"
    distance.choice.setCurrentIndex(distance.choice.findText("Typed (m)"))
    qtbot.mouseClick(distance.roll, Qt.MouseButton.LeftButton)  # nothing typed
    assert panel.note.isVisible() and "Type how many metres" in panel.note.text()
    qtbot.keyClicks(distance.faces, "12")
    qtbot.keyClick(distance.faces, Qt.Key.Key_Return)
    assert core.sides_apart(document.encounter) == 12
    assert _log_texts(widget)[-1] == "Starting distance: 12 m (the GM's)"
