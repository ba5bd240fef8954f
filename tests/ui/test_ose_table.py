"""An OSE fight in the real encounter tab, through the seam: side d6, feet, the matrix."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.systems.ose.sheet import Abilities, CharacterSheet, Weapon
from m3desk.systems.ose.statblock import parse_stat_block
from m3desk.systems.ose.system import SYSTEM
from m3desk.systems.ose.table import OseEncounter
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.widget import EncounterWidget

GOBLIN = (
    "AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6), THAC0 19 [0], MV 60' (20'), "
    "SV D14 W15 P16 B17 S18 (NH), ML 7, AL Chaotic, XP 5"
)
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    assert registry.get("ose") is SYSTEM  # installed: no registration of its own
    rules = SYSTEM.encounter
    assert rules is not None
    morgan = CharacterSheet(
        name="Morgan",
        abilities=Abilities(STR=16),
        hit_points=8,
        max_hit_points=8,
        armour="chainmail",
        shield=True,
        weapons=(
            Weapon(name="sword"),
            Weapon(
                name="short bow", melee=False, missile=True, two_handed=True, ranges=(50, 100, 150)
            ),
        ),
    )
    goblin, problems = parse_stat_block(GOBLIN, "Goblin")
    assert problems == []
    encounter = OseEncounter(name="Goblin ambush")
    for sheet, side in ((morgan, "Party"), (goblin, "Monsters")):
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    shown = EncounterWidget(EncounterDocument(encounter), roller=Roller(5))
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


def test_an_ose_round_from_side_initiative_to_a_sword_blow(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    assert [model.headerData(n, Qt.Orientation.Horizontal) for n in range(6)] == [
        "Init",
        "Name",
        "Side",
        "HP",
        "AC",
        "THAC0",
    ]
    morgan, goblin = document.encounter.combatants
    # Under the title "AC", its cells say the number only.
    assert model.index(model.row_of(morgan.id), model.column_of("ac")).data() == "4 [15]"
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_I, CTRL)  # one d6 per side, ties rolled again
    rolls = {c.side: c.initiative for c in document.encounter.combatants}
    assert rolls["Party"] != rolls["Monsters"]
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, CTRL)
    document.select(morgan.id)
    labels = widget.board.scene.snapshot.scale.labels
    assert labels[0] == "melee 5 ft"
    assert "short bow short 50 ft" in labels
    # At 40' the sword cannot reach; the bow can, at short range (+1).
    document.apply(core.set_position(document.encounter, morgan.id, goblin.id, 40), "Close")
    seen: list[tuple[str, str]] = []

    def bow_then_apply(dialog: SystemActionDialog) -> int:
        dialog.action.setCurrentIndex(dialog.action.findText("Attack with sword"))
        seen.append((dialog.problem.text(), ""))
        dialog.action.setCurrentIndex(dialog.action.findText("Attack with short bow"))
        seen.append((dialog.problem.text(), dialog.chance.text()))
        seen.append((dialog.preview.text().replace("\u00a0", " "), ""))  # reads as a space
        for spin, face in zip(dialog.dice, (12, 5), strict=True):
            spin.set_face(face)
        return int(dialog.apply())

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(bow_then_apply))
    document.apply(document.encounter.model_copy(update={"turn": morgan.id}), "Morgan")
    widget.encounter_actions.act.trigger()
    assert seen[0][0] == "The target is 40 ft away: out of reach of the sword."
    # THAC0 19 against AC 6 needs 13; DEX +0, short range +1: naturals 12–20 hit, 9 of 20.
    # The goblin has 3 hp: a 1d6 blow of 3 or more kills it, 4 of 6 of the 9 in 20 hits.
    assert seen[1] == ("", "Chance of success: 45.0 %\nGoblin killed: 30.0 %")
    assert seen[2][0].splitlines() == [
        "d20 DEX +0 short range +1 needs 13 (THAC0 19 against AC 6)",
        "Damage 1d6, at least 1: average 3.5, 1–6",
    ]  # each face on demand (Each damage)
    assert document.encounter.combatant(goblin.id).sheet.hit_points == -2
    assert document.encounter.log[-1].text.endswith("damage 1d6 (5) = 5; Goblin is dead")
