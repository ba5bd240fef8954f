"""The issue's acceptance turn for Apparatus, played in the real encounter tab.

Kestrel (Speed 6) climbs 1 m over Difficulty 1 (2 + 1 = 3 Movement), dashes (+6) and makes
a running long jump (2 m run + 4 = 6 Movement, 4 m: Table 3, Medium, normal; Movement then
0). The Brute attacks her with two Advantage sources for (dual-wielding, Unseen) and one
against (Poisoned): N = +1, d20 + 5 against Guard 14 needs 9: 1 − (8/20)² = 84 %, a crit
1 − (19/20)² = 9.75 %; a natural 20 with 3 + 2 on the d8 + d6 deals 5 + 8 = 13. Kestrel
grapples the prone Brute (Basic, Speed 0), tightens it to Advanced (Restrained); the Brute
escapes when Kestrel's sustain check fails (N = +2: (8/20)³ = 6.4 %), back to Basic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.systems.apparatus.samples import BRUTE, KESTREL
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.widget import EncounterWidget

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    rules = SYSTEM.encounter
    assert rules is not None
    encounter = ApparatusEncounter(name="Raider at the cliff")
    for sheet, side in ((KESTREL, "Party"), (BRUTE, "Monsters")):
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    kestrel, brute = (c.id for c in encounter.combatants)
    encounter = core.set_initiative(encounter, {kestrel: 15, brute: 12})
    encounter = core.set_position(encounter, kestrel, brute, 12)
    shown = EncounterWidget(EncounterDocument(encounter), roller=Roller(3))
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


class Actor:
    """Opens the Act dialog through the real command, picks an action, types dice."""

    def __init__(self, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch) -> None:
        self.widget = widget
        self.seen: dict[str, str] = {}
        self.heard: list[str] = []
        self._plan: Callable[[SystemActionDialog], int] = lambda _d: 0
        monkeypatch.setattr(
            SystemActionDialog, "show_modal", staticmethod(lambda dialog: self._plan(dialog))
        )
        # What the table must hear is announced to the encounter's views (the notice bar).
        widget.document.announced.connect(lambda notices: self.heard.extend(notices))

    def act(self, label: str, faces: tuple[int, ...] = (), *, apply: bool = True) -> None:
        def plan(dialog: SystemActionDialog) -> int:
            index = dialog.action.findText(label)
            assert index >= 0, [dialog.action.itemText(n) for n in range(dialog.action.count())]
            dialog.action.setCurrentIndex(index)
            self.seen = {
                "preview": dialog.preview.text(),
                "chance": dialog.chance.text(),
                "problem": dialog.problem.text(),
                "dice": ", ".join(spin.accessibleName() for spin in dialog.dice),
            }
            for spin, face in zip(dialog.dice, faces, strict=True):
                spin.set_face(face)
            return int(dialog.apply()) if apply else 0

        self._plan = plan
        self.widget.encounter_actions.act.trigger()


def _cell(widget: EncounterWidget, combatant: str, column: str) -> str:
    model = widget.tracker.tracker_model
    return str(model.index(model.row_of(combatant), model.column_of(column)).data())


def _type(widget: EncounterWidget, combatant: str, column: str, value: object) -> None:
    model = widget.tracker.tracker_model
    index = model.index(model.row_of(combatant), model.column_of(column))
    assert model.setData(index, value, Qt.ItemDataRole.EditRole)


def _next_turn(qtbot: Any, widget: EncounterWidget) -> None:
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, CTRL)


def test_the_acceptance_turn(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    kestrel, brute = (c.id for c in document.encounter.combatants)
    assert [model.headerData(n, Qt.Orientation.Horizontal) for n in range(9)] == [
        "Init",
        "Name",
        "Side",
        "HP",
        "Movement",
        "Action",
        "Terrain",
        "Conditions",
        "Notes",
    ]
    actor = Actor(widget, monkeypatch)
    _next_turn(qtbot, widget)
    assert document.encounter.turn == kestrel
    assert _cell(widget, kestrel, "move") == "6/6"
    assert _cell(widget, brute, "move") == "—/6"
    document.select(kestrel)
    labels = widget.board.scene.snapshot.scale.labels
    assert list(labels[:2]) == ["melee reach 1 m", "Movement left 6 m"]
    assert "shortbow Far 30 m" in labels

    # A climb over difficult terrain: 2 per metre + Difficulty 1 = 3.
    _type(widget, kestrel, "terrain", 1)
    actor.act("Climb 1 m (difficulty 1) — 3 Movement")
    assert actor.seen["preview"] == (
        "Climb 1 m: 2 per m + Difficulty 1 = 3 Movement\nMovement 6 → 3 left"
    )
    assert _cell(widget, kestrel, "move") == "3/6"
    _type(widget, kestrel, "terrain", 0)
    # The running long jump needs 2 + 4 = 6: refused with 3 left, possible after a Dash.
    actor.act("Long jump after a 2 m run", apply=False)
    assert actor.seen["problem"] == "That costs 6 Movement; 3 left."
    actor.act("Dash (Standard Action): Movement + Speed")
    assert _cell(widget, kestrel, "move") == "9/12"
    assert _cell(widget, kestrel, "action") == "spent"
    actor.act("Long jump after a 2 m run")
    assert actor.seen["preview"].splitlines() == [
        "Medium, normal score (Might 3, Agility 3): 4 m across, clearing 1 m of height",
        "run 2 m (2) + jump 4 = 6 Movement",
        "A running long jump ends this turn's movement.",
        "Movement 9 → 0 left",
    ]
    assert _cell(widget, kestrel, "move") == "0/12"
    assert document.encounter.log[-1].text == (
        "Kestrel long-jumps 4 m after a run: 6 Movement, 0 left"
    )
    assert actor.heard == ["Kestrel's running long jump ends their movement this turn."]
    assert widget.notice_bar.text() == actor.heard[-1]  # said above the tracker
    # She lands beside the Brute.
    document.apply(core.set_position(document.encounter, kestrel, brute, 1), "Land")

    # The Brute's turn: two Advantage sources for, one against.
    _next_turn(qtbot, widget)
    assert document.encounter.turn == brute and _cell(widget, kestrel, "move") == "—/6"
    _type(widget, brute, "conditions", "unseen, poisoned")
    actor.act("flaming longsword → Kestrel", (20, 5, 3, 2))
    assert actor.seen["preview"].splitlines()[:2] == [
        "1d20 Might +3 Combat Proficiency +2 Size Modifier +0 against Guard 14: needs 9 on the die",
        "Advantage: dual-wielding +1, attacker Unseen +1, attacker Poisoned −1 → net +1: roll "
        "2 d20, keep the highest",
    ]
    assert actor.seen["chance"] == "Chance of success: 84.0 %\nCritical hit: 9.8 %"
    assert actor.seen["dice"] == "attack d20 1, attack d20 2, damage d8, extra damage d6"
    assert _cell(widget, kestrel, "hp") == "7/20"  # 3 + 2 + 8
    assert document.encounter.log[-1].text == (
        "Brute critically hits Kestrel with the flaming longsword for 13 (+8 critical): 2d20 "
        "(20, 5) keep the highest 20, Might +3, Combat Proficiency +2 = 25 against Guard 14; "
        "Advantage: dual-wielding +1, attacker Unseen +1, attacker Poisoned −1 → net +1: roll "
        "2 d20, keep the highest; damage 1d8 (3), 1d6 (2), critical +8 = 13"
    )
    _type(widget, brute, "conditions", "poisoned")
    actor.act("Drop prone — 0 Movement")
    assert _cell(widget, brute, "conditions") == "poisoned, prone"

    # Round 2: Kestrel grapples the prone Brute (melee against Prone: +1).
    _next_turn(qtbot, widget)
    assert document.encounter.turn == kestrel and _cell(widget, kestrel, "move") == "6/6"
    actor.act("Grapple Brute", (14, 6))
    assert actor.seen["chance"] == "Chance of success: 84.0 %\nCritical success: 9.8 %"
    assert document.encounter.grapples[0].tier == "basic"
    assert actor.heard[-1] == "Brute: Speed 0, no bonuses to Speed."
    assert _cell(widget, brute, "conditions") == "poisoned, prone, grappled by Kestrel (basic)"
    _next_turn(qtbot, widget)
    assert _cell(widget, brute, "move") == "0/0"  # held: Speed 0

    # Round 3: grappling a Medium creature halves Kestrel's Speed; she tightens to Advanced.
    _next_turn(qtbot, widget)
    assert _cell(widget, kestrel, "move") == "3/3"
    actor.act("Tighten the grapple on Brute", (12, 3))
    assert document.encounter.grapples[0].tier == "advanced"
    assert "restrained (grapple)" in _cell(widget, brute, "conditions")
    assert actor.heard[-1] == ("Brute: Speed 0, Restrained; forced movement moves both.")

    # The Brute escapes: Kestrel's sustain check (prone +1, Restrained +1) must fail.
    _next_turn(qtbot, widget)
    actor.act("Escape Kestrel's grapple", (3, 7, 8))
    assert "Chance of success: 6.4 %" in actor.seen["chance"]
    assert document.encounter.grapples[0].tier == "basic"
    assert document.encounter.log[-1].text == (
        "Brute escapes Kestrel's Advanced grapple and loosens it to Basic: Kestrel's check "
        "3d20 (3, 7, 8) keep the highest 8, Combat Proficiency +1, Might +3 = 12 against "
        "Physique Rating 13; Advantage: melee against a Prone target +1, target Restrained +1 "
        "→ net +2: roll 3 d20, keep the highest"
    )
    document.undo_stack.undo()
    assert document.encounter.grapples[0].tier == "advanced"


def test_roll_initiative_uses_the_game_s_own_roll(qtbot: Any) -> None:
    """Ctrl+I rolls Apparatus's 1d20 + Agility, not the scheme's plain die."""
    from m3desk.assets import sample_files
    from m3desk.storage.sheet_files import load_sheet
    from m3desk.systems.monsters_and_magic.dice import Roller
    from m3desk.ui.encounter.new_document import new_encounter_document

    sheets = [load_sheet(p).model for p in sample_files("apparatus")]
    document = new_encounter_document(sheets, name="Ridge")
    shown = EncounterWidget(document, roller=Roller(9))
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    shown.encounter_actions.roll_initiative.trigger()  # Roll Initiative… (Ctrl+I)
    same = Roller(9)
    expected = {c.id: same.d(20) + c.sheet.abilities.agility for c in document.encounter.combatants}
    assert {c.id: c.initiative for c in document.encounter.combatants} == expected
