"""An AD&D 2e round in the real encounter tab, as a DM plays seed 002's situations: actions
declared in the tracker, each side's d10 typed in (lower first, the charge's −2 applied), the
ogre's charge onto Rath's set spear, Delsenora withdrawing while Ilse blocks the orc, the
kobold's flight with Ilse's free attack at its back, and Rupert moving and firing his long bow
at half its rate over two rounds. Every number is the digest's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.encounter.widget import EncounterWidget
from tests.systems.adnd2e.fight import ids, seed_fight

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    shown = EncounterWidget(EncounterDocument(seed_fight()), roller=Roller(3))
    qtbot.addWidget(shown)
    shown.resize(1366, 760)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


def _type(widget: EncounterWidget, name: str, column: str, text: str) -> str:
    """Type into a tracker cell (what the cell's editor commits); returns what it shows."""
    model = widget.tracker.tracker_model
    combatant = ids(widget.document.encounter)[name]
    index = model.index(model.row_of(combatant), model.column_of(column))
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(index, text, Qt.ItemDataRole.EditRole)
    return str(model.index(model.row_of(combatant), model.column_of(column)).data())


def _shown(widget: EncounterWidget, name: str, column: str) -> str:
    model = widget.tracker.tracker_model
    combatant = ids(widget.document.encounter)[name]
    return str(model.index(model.row_of(combatant), model.column_of(column)).data())


class Act:
    """Opens the action dialog from the toolbar and plays one action in it."""

    def __init__(self, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch) -> None:
        self.widget = widget
        self.monkeypatch = monkeypatch
        self.seen: dict[str, str] = {}

    def __call__(
        self,
        actor: str,
        action: str,
        target: str | None = None,
        faces: tuple[int, ...] = (),
        *,
        apply: bool = True,
    ) -> dict[str, str]:
        encounter = self.widget.document.encounter
        names = ids(encounter)
        seen: dict[str, str] = {}

        def play(dialog: SystemActionDialog) -> int:
            dialog.actor.setCurrentIndex(dialog.actor.findData(names[actor]))
            labels = [dialog.action.itemText(n) for n in range(dialog.action.count())]
            match = [n for n, label in enumerate(labels) if label.startswith(action)]
            assert match, f"{actor} has no {action!r} among {labels}"
            dialog.action.setCurrentIndex(match[0])
            if target is not None:
                dialog.target.setCurrentIndex(dialog.target.findData(names[target]))
            seen.update(
                preview=dialog.preview.text(),
                chance=dialog.chance.text(),
                problem=dialog.problem.text(),
            )
            for spin, face in zip(dialog.dice, faces, strict=True):
                spin.set_face(face)
            return int(dialog.apply()) if apply else 0

        self.monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(play))
        self.widget.encounter_actions.act.trigger()
        return seen


def test_a_seed_002_round_at_the_table(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    headers = [model.headerData(n, Qt.Orientation.Horizontal) for n in range(8)]
    assert headers == ["Init", "Name", "Side", "HP", "AC", "THAC0", "Declared", "d10"]
    assert _shown(widget, "Rath", "ac") == "2" and _shown(widget, "Rath", "thac0") == "14"
    assert _shown(widget, "Ogre", "thac0") == "17"  # HD 4+1

    # 1. Declarations, in the tracker's Declared cells.
    assert _type(widget, "Ogre", "declared", "Charge") == "Charge 135 ft"
    assert _type(widget, "Rath", "declared", "Set against a charge") == "Set against a charge"
    assert _type(widget, "Delsenora", "declared", "Withdraw") == "Withdraw 40 ft"
    assert (
        _type(widget, "Rupert", "declared", "Move and fire") == "Move and fire 60 ft · 1 shot"
    )  # the rate on the move, with the declaration
    assert _type(widget, "Kobold", "declared", "Flee") == "Flee 60 ft"
    for name in ("Ilse", "Orc"):
        _type(widget, name, "declared", "Attack")
    assert _shown(widget, "Ogre", "ac") == "6"  # charging: AC 1 worse
    document.undo_stack.undo()  # one undo step per declaration
    assert _shown(widget, "Orc", "declared") == "—"
    document.undo_stack.redo()

    # 2. Start, and type each side's d10: the party's 6 is 4 against the charge.
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, CTRL)
    assert document.encounter.phase == "rounds"
    _type(widget, "Rath", "roll", "6")
    _type(widget, "Orc", "roll", "5")
    party, monsters = ("Rath", "Delsenora", "Ilse", "Rupert"), ("Ogre", "Orc", "Kobold")
    assert {_shown(widget, n, Column.INITIATIVE) for n in party} == {"4"}
    assert {_shown(widget, n, Column.INITIATIVE) for n in monsters} == {"5"}
    first = [c.name for c in core.turn_order(document.encounter)[0]]
    assert first == ["Rath", "Delsenora", "Ilse", "Rupert"]
    # The status the tracker shows above the roster.
    assert ENCOUNTER_RULES.status(document.encounter)[1].startswith(
        "Ogre charges: its opponents −2"
    )

    # 3. The board around Rupert: his move-and-fire ring and the long bow's bands.
    document.select(ids(document.encounter)["Rupert"])
    labels = widget.board.scene.snapshot.scale.labels
    assert "move and fire 60 ft" in labels
    assert "long bow short 210 ft" in labels and "long bow long 630 ft" in labels

    act = Act(widget, monkeypatch)
    # 4. The kobold flees Ilse at once, whatever the order; her free attack at its back.
    act("Kobold", "Flee")
    assert document.encounter.log[-1].text == (
        "Kobold flees 60 ft: leaves Ilse's reach: free attack"
    )
    seen = act("Ilse", "Free attack at Kobold's back", None, (14, 5))
    assert seen["preview"].startswith("d20 rear attack +2 needs 11 (THAC0 18 − AC 7)")
    assert seen["chance"].startswith("Chance of success: 60.0 %")
    assert document.encounter.log[-1].text == (
        "Ilse strikes at the back of Kobold with the footman's mace and hits for 6: d20 14, "
        "rear attack +2 = 16 against 11 (THAC0 18 − AC 7); damage 1d6+1 (5) = 6; Kobold is "
        "dead"
    )

    # 5. The ogre charges Rath (+2); Rath's set spear answers with double dice.
    seen = act("Ogre", "Attack with club", "Rath", (9, 6))
    assert seen["chance"].startswith("Chance of success: 40.0 %")  # needs 15, +2
    assert document.encounter.log[-1].text == (
        "Ogre charges Rath with the club and misses: d20 9, charging +2 = 11 against 15 "
        "(THAC0 17 − AC 2)"
    )
    ogre, rath = ids(document.encounter)["Ogre"], ids(document.encounter)["Rath"]
    assert core.position_between(document.encounter, ogre, rath) == 5
    seen = act("Rath", "Attack with spear (1d8 vs L)", "Ogre", (11, 4))
    assert seen["preview"].splitlines() == [
        "d20 STR 18/80 +2 needs 8 (THAC0 14 − AC 6, charging)",
        "Damage 1d8 ×2 (set against the charge) +4: average 13.0, 6–20",
    ]
    assert seen["chance"].startswith("Chance of success: 75.0 %")
    assert _shown(widget, "Ogre", "hp") == "7/19"  # 4 doubled + STR 4 = 12

    # 6. Delsenora withdraws 40' from the orc; Ilse, engaging it, blocks the pursuit.
    act("Delsenora", "Withdraw from the target", "Orc")
    assert document.encounter.log[-1].text == "Delsenora withdraws 40 ft: Ilse blocks Orc"
    assert (
        core.position_between(
            document.encounter, ids(document.encounter)["Delsenora"], ids(document.encounter)["Orc"]
        )
        == 45
    )

    # 7. Rupert moves and fires: one arrow this round, the second barred.
    seen = act("Rupert", "Attack with long bow", "Ogre", (15, 3))
    assert seen["problem"] == ""
    assert document.encounter.log[-1].text.startswith(
        "Rupert attacks Ogre with the long bow and hits for 3"
    )
    seen = act("Rupert", "Attack with long bow", "Ogre", (15, 3), apply=False)
    assert seen["problem"].startswith(
        "Rupert has no shot left this round (long bow at 1 a round on the move"
    )

    # 8. Round 2: declarations and rolls are new; the bow's count goes on.
    while document.encounter.round == 1:
        widget.encounter_actions.next_turn.trigger()
    assert _shown(widget, "Rupert", "declared") == "—" and _shown(widget, "Rupert", "roll") == ""
    _type(widget, "Rupert", "declared", "Move and fire")
    for name in ("Rath", "Delsenora", "Ilse", "Ogre", "Orc"):
        _type(widget, name, "declared", "Attack")
    _type(widget, "Rath", "roll", "3")
    _type(widget, "Orc", "roll", "3")  # a tie: both sides act together
    assert len(core.turn_order(document.encounter)) == 1
    seen = act("Rupert", "Attack with long bow", "Ogre", (18, 6))
    assert seen["problem"] == ""
    assert _shown(widget, "Ogre", "hp") == "−2/19"  # 7 − 3 − 6
    assert document.encounter.log[-1].text.endswith("damage 1d6 (6) = 6; Ogre is dead")
