"""A monster's routines through the action dialog, by real clicks and keys (issue 29): each
routine and each attack is offered with its real effect, rolls what the book prints (no 1d6
for a gaze), and leaves the condition the forecast applies, with the same odds.

OSE is the game whose bestiary and reader give routines with effects; the rules live in
``systems/ose/attacks.py`` and the dialog here is the generic one every such game gets.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from m3desk.core import encounter as core
from m3desk.core.numbers import percent
from m3desk.core.routines import Damage
from m3desk.systems.ose import forecast
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.samples import characters
from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.ose.system import SYSTEM
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.action.any_dialog import in_action_dialog, type_face

RULES = SYSTEM.encounter
assert RULES is not None
VAMPIRE = MonsterSheet(
    name="Vampire",
    armour_class=2,
    hit_dice=7,
    hit_points=40,
    max_hit_points=40,
    attacks=(
        MonsterAttack(name="touch", damage=Damage.parse("1d10"), effect="energy drain"),
        MonsterAttack(name="gaze", damage=None, effect="charm", routine=2),
    ),
)
GHOUL = MonsterSheet(
    name="Ghoul",
    armour_class=6,
    hit_dice=2,
    hit_points=9,
    max_hit_points=9,
    attacks=(
        MonsterAttack(name="claw", count=2, damage=Damage.parse("1d3"), effect="paralysis"),
        MonsterAttack(name="bite", damage=Damage.parse("1d3"), effect="paralysis"),
    ),
)


def _fight(monster: MonsterSheet) -> tuple[EncounterDocument, str, str]:
    hero = characters()["Morgan Ironwolf"].model_copy(
        update={"hit_points": 30, "max_hit_points": 30}
    )
    encounter = OseEncounter(name="Routines")
    encounter = core.join(encounter, RULES.make_combatant(hero, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(monster, "Monsters"))
    hero_id, monster_id = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, hero_id, monster_id, 5, log=False)
    encounter = core.start(core.set_initiative(encounter, {monster_id: 6, hero_id: 1}))
    return EncounterDocument(encounter), monster_id, hero_id


def _key_to_entry(qtbot: Any, combo: QComboBox, text: str) -> None:
    """Put the caret in the list and walk to the entry with the arrow keys, as the GM does."""
    row = combo.findText(text)
    assert row >= 0, [combo.itemText(i) for i in range(combo.count())]
    combo.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentIndex() == row:
            break
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == text


def _play(
    qtbot: Any, document: EncounterDocument, monster_id: str, entry: str, faces: list[int]
) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def steps(dialog: ActionView) -> None:
        _key_to_entry(qtbot, dialog.action, entry)
        seen["labels"] = [f"{field.accessibleName()}" for field in dialog.dice]
        seen["shown"] = dialog.preview.text() + "\n" + dialog.chance.text()  # type: ignore[attr-defined]
        for field, face in zip(dialog.dice, faces, strict=True):
            type_face(qtbot, field, face)
        qtbot.waitUntil(dialog.result_line.isVisible, timeout=2000)
        seen["result"] = dialog.result_line.text()
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.was_applied

    in_action_dialog(qtbot, document, steps, actor_id=monster_id)
    return seen


def test_the_dialog_lists_each_routine_and_each_attack_with_its_effect(qtbot: Any) -> None:
    document, vampire, _hero = _fight(VAMPIRE)

    def look(dialog: ActionView) -> list[str]:
        return [dialog.action.itemText(i) for i in range(dialog.action.count())]

    entries = in_action_dialog(qtbot, document, look, actor_id=vampire)
    assert entries[:5] == [
        "Attacks",
        "Routine 1: 1 × touch (1d10 + energy drain)",
        "Routine 2: 1 × gaze (charm)",
        "Attack with touch (1d10 + energy drain)",
        "Attack with gaze (charm)",
    ]


@pytest.mark.parametrize(("faces", "charmed"), [([20, 15], True), ([20, 16], False)])
def test_a_gaze_charms_through_the_dialog_as_the_forecast_prices_it(
    qtbot: Any, faces: list[int], charmed: bool
) -> None:
    document, vampire, hero = _fight(VAMPIRE)
    seen = _play(qtbot, document, vampire, "Routine 2: 1 × gaze (charm)", faces)
    # No damage die for a gaze: the attack, then the target's save.
    assert seen["labels"] == ["#1 gaze d20", "#1 save d20"]
    # The odds the dialog shows are the forecast's, from the same rules.
    plan = forecast._Plan(document.encounter)
    strike = plan.arms[plan.ids.index(vampire)].routines[1][0][1][plan.ids.index(hero)]
    assert strike is not None
    assert f"fails {percent(strike[6])}" in seen["shown"].replace("\u00a0", " ")
    after = document.encounter.combatant(hero)
    assert after.sheet.hit_points == 30  # a gaze deals no damage
    assert ([c.name for c in after.conditions] == ["Charmed"]) is charmed
    assert document.encounter.out_of_fight(after) is charmed
    assert ("charmed (d20" in seen["result"]) is charmed, seen["result"]


def test_a_routine_rolls_every_attack_and_paralyses_through_the_dialog(qtbot: Any) -> None:
    """The ghoul's 2 claws and a bite, each 1d3 + paralysis: the first claw hits for 2 and
    the save fails; the rest has no target left standing."""
    document, ghoul, hero = _fight(GHOUL)
    entry = "Routine 1: 2 × claw (1d3 + paralysis), 1 × bite (1d3 + paralysis)"
    seen = _play(qtbot, document, ghoul, entry, [20, 2, 1, 20, 3, 20, 20, 3, 20])
    assert seen["labels"] == [
        "#1 claw d20",
        "#1 dmg d3",
        "#1 save d20",
        "#2 claw d20",
        "#2 dmg d3",
        "#2 save d20",
        "#3 bite d20",
        "#3 dmg d3",
        "#3 save d20",
    ]
    assert seen["result"] == (
        "Result: Ghoul attacks Morgan Ironwolf, needing 15 (THAC0 18 against AC 3): claw 20 "
        "hits for 2 (1d3: 2), paralysed (d20 1 against 14); 2 more with Morgan Ironwolf out "
        "of the fight\nMorgan Ironwolf: Paralysed"
    )
    after = document.encounter.combatant(hero)
    assert after.sheet.hit_points == 28 and [c.name for c in after.conditions] == ["Paralysed"]
    assert document.encounter.out_of_fight(after)
    # The forecast takes him out the same way: the claw's strike carries the same save.
    plan = forecast._Plan(_fight(GHOUL)[0].encounter)
    claw = plan.arms[1].routines[0][0][1][0]
    assert claw is not None and claw[7] == 1  # 1: out of the fight, as attacks.afflicted


def test_a_dragon_breathes_through_the_dialog_for_its_hit_points(qtbot: Any) -> None:
    """The SRD's breath: no attack roll, the hero's save versus breath halves the dragon's
    current hit points; the uses left show in the list and are spent on applying."""
    import json

    from m3desk.assets import resource_path

    monsters = json.loads(resource_path("bestiary", "ose", "srd-monsters.json").read_text("utf-8"))[
        "monsters"
    ]
    black = MonsterSheet.model_validate(
        next(m["sheet"] for m in monsters if m["sheet"]["name"] == "Black Dragon")
    )
    document, dragon, hero = _fight(black)
    entry = (
        "Routine 2: breath (damage equal to its hit points, save vs breath attack for "
        "half; 3 a day, 3 left)"
    )
    seen = _play(qtbot, document, dragon, entry, [16])
    assert seen["labels"] == ["#1 save d20"]
    shown = seen["shown"].replace("\u00a0", " ")
    assert "damage 31 (Black Dragon's hit points now), 15 on a save" in shown, shown
    assert seen["result"].startswith(
        "Result: Black Dragon breathes on Morgan Ironwolf: breath, saved (16 against 15) for 15"
    )
    assert document.encounter.combatant(hero).sheet.hit_points == 30 - 15
    labels = [o.label for o in RULES.actions(document.encounter, dragon)]
    assert entry.replace("3 left", "2 left") in labels
