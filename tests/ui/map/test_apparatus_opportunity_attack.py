"""Apparatus's "Leaving an enemy's reach" table rule through the encounter tab (issue 23): a
drag of Kestrel's token out of the Brute's reach notes the opportunity attack by default;
with "The enemy gets a free attack" the notice bar offers it, and one click opens the action
dialog on the Brute's attack at Kestrel, made outside its turn."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from m3desk.core.places import Place
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import action_launcher
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.painter import MapFrame

REAL_LAUNCHER = action_launcher.open_action_dialog


@pytest.fixture(autouse=True)
def real_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(action_launcher, "open_action_dialog", REAL_LAUNCHER)


def _drag_out(qtbot: Any, options: ApparatusOptions) -> tuple[EncounterWidget, str, str]:
    from tests.systems.apparatus.test_opportunity_attacks import _beside_the_brute

    fight, kestrel, brute, _wren = _beside_the_brute(options)
    document = EncounterDocument(fight)
    document.select(kestrel)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(1366, 728)
    widget.show()
    qtbot.waitExposed(widget)
    view = widget.map.view
    view.frame = MapFrame(30.0, -6, 0, view.width(), view.height())
    view.auto_fit = False
    start = view.screen_of(kestrel)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start.toPoint())
    end = (start + QPointF(-3 * 30.0, 0)).toPoint()
    qtbot.mouseMove(view, (start.toPoint() + end) / 2)
    qtbot.mouseMove(view, end)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end)
    assert document.encounter.places[kestrel] == Place.at(-3, 0)
    return widget, kestrel, brute


def test_by_default_the_drag_only_notes_the_opportunity_attack(qtbot: Any) -> None:
    widget, _kestrel, _brute = _drag_out(qtbot, ApparatusOptions())
    assert widget.document.encounter.log[-1].text == (
        "Kestrel runs 3 m: leaves Brute's reach: opportunity attack; 3 Movement, 3 left"
    )
    assert not widget.notice_bar.due_buttons


def test_the_table_rule_puts_the_attack_on_the_notice_bar(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget, kestrel, brute = _drag_out(qtbot, ApparatusOptions(opportunity_attacks="due"))
    document = widget.document
    buttons = widget.notice_bar.due_buttons
    assert [b.text() for b in buttons] == ["Opportunity attack: Brute at Kestrel"]
    seen: list[tuple[str, str]] = []

    def strike(dialog: SystemActionDialog) -> int:
        seen.append((dialog.actor.currentText(), dialog.action.currentText()))
        for spin in dialog.dice:
            spin.set_face(spin.sides)
        assert dialog.apply_button.isEnabled(), dialog.problem.text()
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        return 1

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(strike))
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    assert seen == [("Brute", "Opportunity attack: flaming longsword → Kestrel")]
    after = document.encounter
    assert after.combatant(kestrel).sheet.hit_points < 20
    assert after.log[-1].actor == brute
    # Her turn goes on unless the blow put her out of the fight: then it passes on.
    fallen = after.out_of_fight(after.combatant(kestrel))
    assert (after.turn != kestrel) if fallen else (after.turn == kestrel)
    assert not widget.notice_bar.due_buttons
