"""Each game's movement rules played through the real map (after map-rules' check_move and
make_move): an AD&D 2e charge coloured within then over its allowance, an OSE fighting
withdrawal and a retreat, and an Apparatus climb, run and running long jump spending the
Movement seed 004's tables give. Figures from the books, not from the code under test."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.places import Place
from m3desk.core.system import ActionOption
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map import MapPanel
from m3desk.ui.map.painter import MapFrame
from tests.ui.map.test_map import _has_colour

PX_PER_UNIT = {"ft": 2.0, "m": 30.0}
"""A zoom at which the moves of each test fit the map (2 px a foot, 30 px a metre)."""


def _panel(qtbot: Any, encounter: core.Encounter, selected: str) -> MapPanel:
    document = EncounterDocument(encounter)
    document.select(selected)
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(900, 700)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    here = encounter.places[selected]
    view.frame = MapFrame(
        PX_PER_UNIT[encounter.position_model.unit],
        here.x - 60 / 2,
        here.y,
        view.width(),
        view.height(),
    )
    view.auto_fit = False
    return panel


def _press(qtbot: Any, panel: MapPanel, combatant_id: str) -> QPointF:
    start = panel.view.screen_of(combatant_id)
    qtbot.mousePress(panel.view, Qt.MouseButton.LeftButton, pos=start.toPoint())
    return start


def _to(qtbot: Any, panel: MapPanel, start: QPointF, dx: float, dy: float = 0.0) -> QPoint:
    """Move the pointer (button held) to (dx, dy) units from where the drag began."""
    scale = panel.view.frame.scale
    end = (start + QPointF(dx * scale, dy * scale)).toPoint()
    qtbot.mouseMove(panel.view, (start.toPoint() + end) / 2)
    qtbot.mouseMove(panel.view, end)
    return end


def _ruler_colour_is(panel: MapPanel, start: QPointF, over: bool) -> bool:
    view = panel.view
    assert view.ruler is not None
    end = view.frame.to_screen(*view.ruler.end)
    # Over the allowance the line is green up to where it ends, red past it: look near the end.
    middle = start + (end - start) * (0.97 if over else 0.5)
    shot = view.grab().toImage()
    ratio = shot.devicePixelRatio()
    at = QPoint(int(middle.x() * ratio), int(middle.y() * ratio))
    wanted, other = (
        (view.style_.over, view.style_.within) if over else (view.style_.within, view.style_.over)
    )
    return _has_colour(shot, at, wanted) and not _has_colour(shot, at, other)


def test_an_adnd_charge_is_green_within_its_allowance_and_red_with_words_over_it(
    qtbot: Any,
) -> None:
    """Seed 002: a charge moves 1½ × 10 × MV; Rath (MV 12) charges 180'."""
    from tests.systems.adnd2e.fight import ids, seed_fight
    from tests.systems.adnd2e.test_moves import _declared

    fight = _declared(seed_fight(), Rath="Charge")
    rath = ids(fight)["Rath"]
    panel = _panel(qtbot, fight, rath)
    start = _press(qtbot, panel, rath)
    _to(qtbot, panel, start, -150)
    assert panel.status.text() == "charges 150 ft · allowance 180 ft — Within the allowance"
    assert _ruler_colour_is(panel, start, over=False)
    end = _to(qtbot, panel, start, -190)
    assert panel.status.text().startswith(
        "charges 190 ft · allowance 180 ft — Over the allowance (180 ft): a drop here asks "
        "(stop at it, or move anyway)"
    )
    assert _ruler_colour_is(panel, start, over=True)
    qtbot.mouseRelease(panel.view, Qt.MouseButton.LeftButton, pos=end)
    document = panel.document
    assert document.encounter.places[rath].x == fight.places[rath].x - 190
    assert document.encounter.log[-1].text == "Rath charges 190 ft: over the allowance (180 ft)"
    assert document.undo_stack.count() == 1


def test_an_ose_fighting_withdrawal_then_a_retreat_through_the_map(qtbot: Any) -> None:
    """OSE: encounter movement 40' (120' ÷ 3); a fighting withdrawal half of it (20'), a
    retreat all of it."""
    from tests.systems.ose.test_moves import EDIT, _melee

    fight, runner, _elf, _goblin = _melee()
    withdrawing, _text = EDIT(fight, runner, "declared", "fighting withdrawal")
    panel = _panel(qtbot, withdrawing, runner)
    document = panel.document
    start = _press(qtbot, panel, runner)
    _to(qtbot, panel, start, -25)
    assert panel.status.text().startswith(
        "withdraws 25 ft · allowance 20 ft — Over the allowance (20 ft)"
    )
    end = _to(qtbot, panel, start, -20)
    assert panel.status.text().startswith(
        "withdraws 20 ft · allowance 20 ft — Within the allowance"
    )
    qtbot.mouseRelease(panel.view, Qt.MouseButton.LeftButton, pos=end)
    assert document.encounter.places[runner] == Place.at(-20, 0)
    assert document.encounter.log[-1].text == "Runner withdraws 20 ft: leaves Goblin's reach"
    document.undo_stack.undo()
    retreating, text = EDIT(document.encounter, runner, "declared", "retreat")
    document.apply(retreating, text)
    start = _press(qtbot, panel, runner)
    end = _to(qtbot, panel, start, -40)
    assert panel.status.text().startswith("retreats 40 ft · allowance 40 ft — Within the allowance")
    assert _ruler_colour_is(panel, start, over=False)
    qtbot.mouseRelease(panel.view, Qt.MouseButton.LeftButton, pos=end)
    assert document.encounter.places[runner] == Place.at(-40, 0)
    assert document.encounter.log[-1].text == "Runner retreats 40 ft: leaves Goblin's reach"


def test_an_apparatus_climb_run_and_long_jump_spend_the_seed_s_movement(qtbot: Any) -> None:
    """Seed 004 with Dash (Speed 6: 12 Movement): climb 2 m at 2 a metre (4), run 2 m at 1
    (2), then a long jump after that run (Table 3, Medium normal: 4 m) for its flat 4 and
    no Movement left after it."""
    from tests.systems.apparatus.test_moves import _kestrel_and_brute
    from tests.systems.apparatus.test_table import _cell, _do
    from tests.ui.action.sample_fights import open_dialog

    fight, kestrel, _brute = _kestrel_and_brute()
    fight = _do(fight, kestrel, Action("dash"))
    panel = _panel(qtbot, fight, kestrel)
    document = panel.document
    view = panel.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    qtbot.keyClick(view, Qt.Key.Key_PageUp)  # one climb of 2 m: one undo step, one line
    assert document.encounter.places[kestrel] == Place.at(0, 0, 2)
    assert document.encounter.log[-1].text == "Kestrel climbs 2 m: 4 Movement, 8 left"
    assert document.undo_stack.count() == 1
    start = _press(qtbot, panel, kestrel)
    end = _to(qtbot, panel, start, -2)
    assert panel.status.text() == "runs 2 m · allowance 8 m — Within the allowance"
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end)
    assert document.encounter.log[-1].text == "Kestrel runs 2 m: 2 Movement, 6 left"
    dialog = open_dialog(qtbot, document)
    jump = next(
        i
        for i in range(dialog.action.count())
        if isinstance(option := dialog.action.itemData(i), ActionOption)
        and option.id == Action("long", amount=2)
    )
    dialog.action.setCurrentIndex(jump)
    assert dialog.apply_button.isEnabled(), dialog.problem.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert document.encounter.log[-1].text == (
        "Kestrel long-jumps 4 m after a run: 4 Movement, 0 left"
    )
    token = view.picture.token(kestrel)
    assert token is not None and (token.x, token.z) == (-6, 2)  # the map follows the jump
    assert _cell(document.encounter, kestrel, "move") == "0/12"  # type: ignore[arg-type]
    start = _press(qtbot, panel, kestrel)
    _to(qtbot, panel, start, -1)
    assert "Over the allowance" in panel.status.text()
    assert "a running long jump ended this turn's movement" in panel.status.text()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert document.encounter.places[kestrel] == Place.at(-6, 0, 2)
