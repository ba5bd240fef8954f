"""AD&D's rules screens as the table reads them (issue 28): a withdrawal named the foe picked
in the list ("Orc B may follow") where the preview and the log named the foe actually left
behind, and offered a dead foe to withdraw from; a moving archer's rate of fire was told only
by a refused second shot."""

from __future__ import annotations

from typing import Any

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.systems.adnd2e.table import attacks_of, declare
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.action.sample_fights import open_dialog, sample_fight


def _fight() -> tuple[EncounterDocument, str, str, str]:
    """A character on turn engaged with two monsters, the first of them dead."""
    document = sample_fight("adnd2e", monsters=2)
    encounter = document.encounter
    actor = str(encounter.turn)
    dead, alive = [c.id for c in encounter.combatants if c.sheet.kind == "monster"]
    sheet = encounter.combatant(dead).sheet
    encounter = core.replace_sheet(encounter, dead, sheet.model_copy(update={"hit_points": -3}))
    encounter, _text = declare(encounter, actor, "withdraw")
    document.apply(encounter, "Set up")
    return document, actor, dead, alive


def test_a_withdrawal_names_the_foes_it_leaves_and_never_a_dead_one(qtbot: Any) -> None:
    document, actor, dead, alive = _fight()
    dialog = open_dialog(qtbot, document)
    assert dialog.choose(Action("move", variant="withdraw"))
    texts = [dialog.target.itemText(n) for n in range(dialog.target.count())]
    dead_name = document.encounter.combatant(dead).name
    alive_name = document.encounter.combatant(alive).name
    assert dialog.target_id != dead  # the default is a foe still fighting
    assert any(text.startswith(dead_name) and "(down)" in text for text in texts), texts
    dialog.target.setCurrentIndex(dialog.target.findData(dead))
    assert "is down" in dialog.problem.text()
    dialog.target.setCurrentIndex(dialog.target.findData(alive))
    preview = dialog.preview.text()
    verdict = preview.splitlines()[-1]  # "Kobold may follow" or "Ilse blocks Kobold"
    assert alive_name in verdict and dead_name not in preview, preview
    for spin in dialog.dice:
        spin.setValue(spin.maximum())
    assert dialog.apply()
    assert verdict in document.encounter.log[-1].text
    [notice] = dialog.notices
    assert notice.startswith(verdict) and dead_name not in notice, (notice, verdict)
    assert document.encounter.combatant(actor).name in notice


def test_moving_and_firing_says_the_rate_with_the_declaration(qtbot: Any) -> None:
    document = sample_fight("adnd2e")
    encounter = document.encounter
    archer = next(c for c in encounter.combatants if any(a.missile for a in attacks_of(c.sheet)))
    missile = next(a for a in attacks_of(archer.sheet) if a.missile)
    after, _text = declare(encounter, archer.id, "missile")
    assert after.log[-1].text.startswith(f"{archer.name} declares: Move and fire ({missile.name}: ")
    assert "on the move" in after.log[-1].text and "standing" in after.log[-1].text
    from m3desk.core import registry

    rules = registry.get("adnd2e").encounter
    assert rules is not None
    cell = rules.cell(after, after.combatant(archer.id), "declared")
    assert "shot" in cell.text and "on the move" in cell.tip, (cell.text, cell.tip)


def test_an_attack_whose_name_reads_as_nothing_is_still_named(qtbot: Any) -> None:
    """A set spear's name pasted as invisible characters left "Attack with   (1d6)" in the
    list and "…with the   and hits" in the log."""
    from m3desk.core import registry

    document = sample_fight("adnd2e")
    encounter = document.encounter
    orc = next(c for c in encounter.combatants if c.sheet.kind == "monster")
    blank = orc.sheet.attacks[0].model_copy(update={"name": "\u200b \u00a0"})
    sheet = orc.sheet.model_copy(update={"attacks": (blank,)})
    encounter = core.replace_sheet(encounter, orc.id, sheet)
    rules = registry.get("adnd2e").encounter
    assert rules is not None
    labels = [o.label for o in rules.actions(encounter, orc.id) if o.group == "attack"]
    assert labels and all(
        "  " not in label and ("with attack" in label or "× attack" in label) for label in labels
    )  # a routine's too (the samples' ghoul has one)
