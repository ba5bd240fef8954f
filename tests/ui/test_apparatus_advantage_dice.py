"""Apparatus: at net Advantage +4 the attacker rolls 5 d20, as the digest's default says.

Net +3 or more always hits, so a cap of 4 d20 never changes hit or miss; it does lower the
chance of a critical hit (digest §6: keep-highest of 1 + N dice). The cap stays available as
a table rule, off by default, with its reason.
"""

from __future__ import annotations

from typing import Any

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core.encounter import ConditionState
from m3desk.core.options import option_of
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.table import ENCOUNTER_RULES
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument


def _dialog(qtbot: Any, options: ApparatusOptions) -> SystemActionDialog:
    """Kestrel, dual-wielding and Unseen, spears the Brute, Prone and Restrained: +4."""
    sheets = {path.stem: load_sheet(path).model for path in sample_files("apparatus")}
    kestrel = sheets["kestrel"].model_copy(update={"dual_wielding": True})
    encounter = ApparatusEncounter(name="Advantage", options=options)
    encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(kestrel, "Party"))
    encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheets["brute"], "Foes"))
    me, foe = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, me, foe, 1)
    for who, condition in ((me, "unseen"), (foe, "prone"), (foe, "restrained")):
        encounter = core.add_condition(
            encounter, who, ConditionState(condition=condition, name=condition.title())
        )
    document = EncounterDocument(encounter)
    document.select(me)
    dialog = SystemActionDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    actions = [dialog.action.itemText(i) for i in range(dialog.action.count())]
    dialog.action.setCurrentIndex(actions.index("spear → Brute"))
    return dialog


def test_net_plus_four_rolls_five_d20_and_shows_their_critical_chance(qtbot: Any) -> None:
    dialog = _dialog(qtbot, ApparatusOptions())
    assert "→ net +4: automatic success" in dialog.preview.text()
    assert [spin.accessibleName() for spin in dialog.dice][:5] == [
        f"attack d20 {n}" for n in range(1, 6)
    ]
    # 1 − (19/20)^5 = 22.6 % (four dice gave 1 − (19/20)^4 = 18.5 %).
    assert dialog.chance.text().splitlines() == ["Chance of success: 100 %", "Critical hit: 22.6 %"]


def test_the_table_may_cap_the_dice_at_four(qtbot: Any) -> None:
    dialog = _dialog(qtbot, ApparatusOptions(cap_advantage_dice=True))
    assert [spin.accessibleName() for spin in dialog.dice].count("attack d20 5") == 0
    assert dialog.chance.text().splitlines()[1] == "Critical hit: 18.5 %"
    assert "critical" in option_of(ApparatusOptions, "cap_advantage_dice").reason
