"""Every game whose monsters have routines (its monster sheet's attack table has a routine
column: the seam says so), looped over the registry: each routine is offered in the action
dialog as one action, played there by real keys and clicks, and the forecast makes one
routine a round from the same attacks, never two (issue 29)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.routines import routine_action
from m3desk.core.sheet_form import SheetForm, TableSpec
from m3desk.core.system import GameSystem
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.action.any_dialog import in_action_dialog, type_face
from tests.ui.action.duel import duel, sample_hero

ROUTINES = ((("claw", "1d4"), ("bite", "1d6")), (("blow", "1d12"),))
"""Claw and bite (at most 10, 6 on average) or one blow (at most 12, 6.5 on average)."""
HP = 300


def _routine_table(form: SheetForm) -> TableSpec | None:
    for section in form.sections:
        table = section.table
        if table is not None and any(c.path == "routine" for c in table.columns):
            return table
    return None


GAMES = [
    system
    for system in registry.systems()
    if system.encounter is not None
    and system.encounter.simulate is not None
    and "monster" in system.sheet_forms
    and _routine_table(system.sheet_forms["monster"]) is not None
]


def _monster(system: GameSystem) -> BaseModel:
    form = system.sheet_forms["monster"]
    table = _routine_table(form)
    assert table is not None and form.new_sheet is not None
    rows = []
    for number, routine in enumerate(ROUTINES, start=1):
        for name, damage in routine:
            row = table.new_row()
            column = next(c for c in table.columns if c.path == "damage")
            value = column.read(damage, None) if column.read else damage
            rows.append(
                type(row).model_validate(
                    {
                        **row.model_dump(),
                        "name": name,
                        "damage": value,
                        "routine": number,
                        "count": 1,
                    }
                )
            )
    sheet = form.new_sheet("Beast")
    return sheet.model_copy(update={"attacks": tuple(rows)})


def _fight(system: GameSystem) -> tuple[core.Encounter, str, str]:
    return duel(system, "Routines", sample_hero(system, HP), _monster(system))


def test_at_least_one_game_has_routines() -> None:
    assert GAMES, "no game's monster sheet has a routine column"


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
@pytest.mark.parametrize("number", [1, 2])
def test_each_routine_is_played_through_the_dialog(
    qtbot: Any, system: GameSystem, number: int
) -> None:
    rules = system.encounter
    assert rules is not None
    encounter, beast, hero = _fight(system)
    started = core.start(core.set_initiative(encounter, {beast: 6, hero: 1}))
    document = EncounterDocument(started)
    option = {o.id: o for o in rules.actions(started, beast)}[routine_action(number)]
    names = [name for name, _damage in ROUTINES[number - 1]]
    assert all(name in option.label for name in names), option.label
    assert not any(
        name in option.label
        for other in ROUTINES
        if other != ROUTINES[number - 1]
        for name, _d in other
    )
    faces = [spec.sides for spec in option.dice]  # every d20 a 20, every damage die its top
    seen: dict[str, str] = {}

    def steps(dialog: ActionView) -> None:
        combo = dialog.action
        row = combo.findText(option.label)
        assert row >= 0, [combo.itemText(i) for i in range(combo.count())]
        combo.setFocus()
        qtbot.keyClick(combo, Qt.Key.Key_Home)
        for _ in range(combo.count()):
            if combo.currentIndex() == row:
                break
            qtbot.keyClick(combo, Qt.Key.Key_Down)
        for field, face in zip(dialog.dice, faces, strict=True):
            type_face(qtbot, field, face)
        qtbot.waitUntil(dialog.result_line.isVisible, timeout=2000)
        seen["result"] = dialog.result_line.text()
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.was_applied

    in_action_dialog(qtbot, document, steps, actor_id=beast)
    most = sum(int(damage.split("d")[1]) for _name, damage in ROUTINES[number - 1])
    lost = HP - document.encounter.combatant(hero).sheet.hit_points
    assert lost >= most, seen  # every attack of the routine hit, at its top (a critical more)
    assert all(name in seen["result"] for name in names), seen


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_the_forecast_makes_one_routine_a_round(system: GameSystem) -> None:
    rules = system.encounter
    assert rules is not None and rules.simulate is not None
    encounter, _beast, hero = _fight(system)
    results = run_fights(encounter, rules.simulate, fights=300, seed=3, policy=Policy(max_rounds=1))
    lost = [HP - r.hit_points[hero] for r in results]
    assert max(lost) <= 12  # never the claw and bite with the blow
    assert any(x > 10 for x in lost)  # the blow, the better routine on average
