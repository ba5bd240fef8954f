"""Monsters & Magic's actions through the seam (``seam_actions``), as the players' phones get
them: every action its own dialog offers, each with the very chance that dialog shows once
the action, weapon and target are chosen, in each of its sample fights (the book's surprise
round and round one, a table of ten with a hidden mummy), for every actor and its targets,
reckoned on the players' copy while the GM's dialog sees the hidden foe too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.numbers import percent
from m3desk.core.players import players_copy
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui.action.die_face_edit import DieFaceEdit
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.games.monsters_and_magic.action.action_memory import ActionMemory
from tests.table_server.table import game_fight
from tests.ui.action.scene import book_encounter, ids, in_round_one

GAME = "monsters_and_magic"


def _hidden_mummy(encounter: Encounter) -> Encounter:
    """The book's round one with the mummy hidden from the players and a second one shown."""
    mummy = encounter.combatant(ids(encounter)["First"])
    second = core.join(encounter, mummy.model_copy(update={"id": "second-mummy"}))
    return core.update_combatant(second, mummy.id, hidden=True)


FIGHTS: dict[str, Callable[[], core.Encounter]] = {
    "surprise round": book_encounter,
    "round one": lambda: in_round_one(book_encounter()),
    "round one, a hidden mummy": lambda: _hidden_mummy(in_round_one(book_encounter())),
    "a table of ten, a hidden mummy": lambda: game_fight(GAME),
}


@pytest.mark.parametrize("fight", list(FIGHTS))
def test_every_actions_chance_is_the_dialogs(qtbot: Any, fight: str) -> None:
    encounter = FIGHTS[fight]()
    rules = registry.get(GAME).encounter
    assert rules is not None
    copy = players_copy(encounter)
    hidden = {c.id for c in encounter.combatants if c.hidden}
    host = QWidget()
    qtbot.addWidget(host)
    compared = 0
    for actor in copy.combatants:
        options = rules.actions(copy, actor.id)
        assert [o.group for o in options].count("attack") >= 1, actor.name
        assert rules.actions(encounter, actor.id) == options  # the hidden foe changes none
        dialog = ActionDialog(
            EncounterDocument(encounter), host, actor_id=actor.id, memory=ActionMemory()
        )
        for option in options:
            others = [c.id for c in copy.combatants if c.id != actor.id]
            for target in others[:4] if option.needs_target else [None]:
                seam = rules.preview(copy, actor.id, option.id, target)
                if seam.problem:  # a foe offered help, an ally attacked: the dialog has no such
                    assert target is not None
                    continue
                assert dialog.choose(option.id, target), option
                assert dialog.actor_id == actor.id
                panel = dialog.inputs.actor_panel
                assert panel.action.currentData() == dialog.request.action.value  # type: ignore[union-attr]
                if option.group in ("attack", "spell"):
                    assert panel.weapon.currentText() == option.label.replace(
                        " (not equipped)", "  (not equipped)"
                    )
                if option.needs_target:
                    assert dialog.aimed_at == target
                shown = dialog.odds_view.row_texts()
                assert seam.success is not None
                rows = [("Success", seam.success), *seam.outcomes]
                assert shown == [f"{label} {percent(chance)}" for label, chance in rows], (
                    actor.name,
                    option.label,
                    target,
                )
                odds = dialog.odds_view.odds
                assert odds is not None and odds.success == seam.success
                exact = f"Success exactly {seam.success.numerator}/{seam.success.denominator}."
                assert dialog.odds_view.bars.toolTip().startswith(exact)
                assert not hidden & {str(line) for line in seam.lines}
                compared += 1
        dialog.deleteLater()
    assert compared > 50, compared


def test_a_die_field_the_action_no_longer_rolls_is_gone_at_once(qtbot: Any) -> None:
    """From an attack with a damage die to an attribute check (a phone's save opens the
    dialog so): the damage field leaves the screen at once, not when Qt deletes it (out of
    its layout it sat on the dice group's title)."""
    encounter = in_round_one(book_encounter())
    rules = registry.get(GAME).encounter
    assert rules is not None
    actor = ids(encounter)["Felix"]
    host = QWidget()
    qtbot.addWidget(host)
    dialog = ActionDialog(EncounterDocument(encounter), host, actor_id=actor, memory=ActionMemory())
    dialog.show()
    qtbot.waitExposed(dialog)
    options = rules.actions(encounter, actor)
    armed = next(o for o in options if any(d.label == "damage" for d in o.dice))
    save = next(o for o in options if any(d.label == "save" for d in o.dice))
    assert dialog.choose(armed.id, ids(encounter)["First"])
    assert len(dialog.dice) == 4
    assert dialog.choose(save.id)
    shown = [f for f in dialog.findChildren(DieFaceEdit) if f.isVisible()]
    assert shown == dialog.dice and len(shown) == 3
    dialog.deleteLater()
