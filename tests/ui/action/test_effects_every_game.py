"""Every game whose monsters' attacks cause effects (its monster sheet's attack table has an
effect column: the seam says so), looped over the registry (issue 29): an attack that only
paralyses is offered with its effect and no damage die, the dialog shows the exact chance it
takes hold (hit × failed save), Apply lays the condition and the tracker shows the target
out of the fight by it (down, and paralysed in its tooltip, not "0 hit points or fewer"),
and the forecast takes the target out as often as the dialog says."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.numbers import percent
from m3desk.core.sheet_form import SheetForm, TableSpec
from m3desk.core.system import GameSystem
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.action.any_dialog import in_action_dialog, type_face
from tests.ui.action.duel import duel, sample_hero

HP = 300
LABEL = "Attack with tentacle (paralysis)"


def _effect_table(form: SheetForm) -> TableSpec | None:
    for section in form.sections:
        table = section.table
        if table is not None and {"effect", "damage", "routine"} <= {c.path for c in table.columns}:
            return table
    return None


GAMES = [
    system
    for system in registry.systems()
    if system.encounter is not None
    and system.encounter.simulate is not None
    and "monster" in system.sheet_forms
    and _effect_table(system.sheet_forms["monster"]) is not None
]


def _monster(system: GameSystem) -> BaseModel:
    """A crawler whose tentacle only paralyses, made as the sheet's own table makes rows."""
    form = system.sheet_forms["monster"]
    table = _effect_table(form)
    assert table is not None and form.new_sheet is not None
    row = table.new_row()
    column = next(c for c in table.columns if c.path == "damage")
    damage = column.read("", None) if column.read else None  # empty: it deals none
    tentacle = type(row).model_validate(
        {
            **row.model_dump(),
            "name": "tentacle",
            "damage": damage,
            "effect": "paralysis",
            "routine": 1,
            "count": 1,
        }
    )
    sheet = form.new_sheet("Crawler")
    return sheet.model_copy(update={"attacks": (tentacle,), "hit_points": HP, "max_hit_points": HP})


def _fight(system: GameSystem) -> tuple[core.Encounter, str, str]:
    return duel(system, "Effects", sample_hero(system, HP), _monster(system))


def test_at_least_two_games_have_effects() -> None:
    assert len(GAMES) >= 2, [g.id for g in GAMES]


def _first_attack(rules: Any, encounter: Any, actor: str) -> Any:
    """The actor's first attack as the game offers it (its typed action)."""
    return next(
        o.id for o in rules.actions(encounter, actor) if o.id.kind == "attack" and o.id.index == 0
    )


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_a_paralysing_attack_through_the_dialog_and_the_tracker(
    qtbot: Any, system: GameSystem
) -> None:
    rules = system.encounter
    assert rules is not None
    encounter, crawler, hero = _fight(system)
    started = core.start(core.set_initiative(encounter, {crawler: 6, hero: 1}))
    document = EncounterDocument(started)
    tracker = EncounterWidget(document, roller=Roller(3))
    qtbot.addWidget(tracker)
    name = started.combatant(hero).name
    rule = rules.preview(started, crawler, _first_attack(rules, started, crawler), hero)
    chance = dict(rule.outcomes)[f"{name} paralysed"]
    assert rule.success is not None and 0 < chance < rule.success  # a hit, then a failed save
    seen: dict[str, Any] = {}

    def steps(dialog: ActionView) -> None:
        combo = dialog.action
        row = combo.findText(LABEL)
        assert row >= 0, [combo.itemText(i) for i in range(combo.count())]
        combo.setFocus()
        qtbot.keyClick(combo, Qt.Key.Key_Home)
        for _ in range(combo.count()):
            if combo.currentIndex() == row:
                break
            qtbot.keyClick(combo, Qt.Key.Key_Down)
        seen["labels"] = [field.accessibleName() for field in dialog.dice]
        seen["shown"] = (
            dialog.preview.text()
            + "\n"  # type: ignore[attr-defined]
            + dialog.chance.text()
        ).replace("\u00a0", " ")  # type: ignore[attr-defined]
        for field, face in zip(dialog.dice, (20, 1), strict=True):  # it hits, the save fails
            type_face(qtbot, field, face)
        qtbot.waitUntil(dialog.result_line.isVisible, timeout=2000)
        seen["result"] = dialog.result_line.text()
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.was_applied

    in_action_dialog(qtbot, document, steps, actor_id=crawler)
    assert len(seen["labels"]) == 2, seen  # the attack's d20 and the save's: no damage die
    shown_chance = percent(chance).replace("\u00a0", " ")
    assert f"{name} paralysed: {shown_chance}" in seen["shown"], seen["shown"]
    after = document.encounter.combatant(hero)
    assert after.sheet.hit_points == HP  # no damage
    assert [c.name for c in after.conditions] == ["Paralysed"]
    assert document.encounter.out_of_fight(after)
    model = tracker.tracker.tracker_model
    column = model.column_of("name")
    row = next(
        r for r in range(model.rowCount()) if str(model.index(r, column).data()).startswith(name)
    )
    assert model.index(row, column).data() == f"{name} (down)"  # out of the fight …
    tip = model.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
    assert "out of the fight: paralysed" in tip, tip  # … by the paralysis, not its hit points


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_the_forecast_takes_the_target_out_as_often_as_the_dialog_says(system: GameSystem) -> None:
    rules = system.encounter
    assert rules is not None and rules.simulate is not None
    encounter, crawler, hero = _fight(system)
    started = core.start(core.set_initiative(encounter, {crawler: 6, hero: 1}))
    name = started.combatant(hero).name
    attack = _first_attack(rules, started, crawler)
    chance = float(
        dict(rules.preview(started, crawler, attack, hero).outcomes)[f"{name} paralysed"]
    )
    fights = 3000
    results = run_fights(
        encounter, rules.simulate, fights=fights, seed=11, policy=Policy(max_rounds=1)
    )
    held = sum(hero in r.down for r in results) / fights
    assert abs(held - chance) < 4 * (chance * (1 - chance) / fights) ** 0.5, (held, chance)
    assert all(r.hit_points[hero] == HP for r in results)  # it deals no damage
