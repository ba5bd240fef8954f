"""The player view shows the fight as the players know it, and nothing the GM has not revealed.

Played with OSE's samples (distances in feet, hit points on the sheets): a hidden goblin is
absent from the order, the turn and the board; monsters' hit points appear only as words;
the party's own hit points show; revealing the goblin brings it in, as one undo step.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.player_view import PlayerView, perceived
from m3desk.ui.encounter.widget import EncounterWidget

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    by_stem = {path.stem: path for path in sample_files("ose")}
    sheets = [
        load_sheet(by_stem[stem]).model
        for stem in ("morgan-ironwolf", "silverleaf", "goblin", "goblin", "hobgoblin-boss")
    ]
    document = new_encounter_document(sheets, name="Ambush")
    shown = EncounterWidget(document, roller=Roller(3))
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


def _id(widget: EncounterWidget, name: str) -> str:
    return next(c.id for c in widget.document.encounter.combatants if c.name == name)


def _numbers_of(widget: EncounterWidget, name: str) -> set[str]:
    sheet = widget.document.encounter.combatant(_id(widget, name)).sheet
    return {f"{sheet.hit_points}/{sheet.max_hit_points}"}


def test_the_players_see_what_they_know_and_nothing_hidden(
    qtbot: Any, widget: EncounterWidget
) -> None:
    document = widget.document
    boss, goblin_1, goblin_2 = (_id(widget, n) for n in ("Hobgoblin boss", "Goblin 1", "Goblin 2"))
    morgan = _id(widget, "Morgan Ironwolf")
    # The boss lurks unseen: the GM marks it hidden from the tracker's menu action.
    document.select(boss)
    widget.encounter_actions.hidden.trigger()
    assert document.encounter.combatant(boss).hidden
    assert widget.encounter_actions.hidden.isChecked()
    # A goblin is hurt, the other badly; everyone stands 30' from Morgan (each walks there).
    encounter = document.encounter
    for other in encounter.combatants:
        if other.id != morgan:
            encounter = core.set_position(
                encounter, morgan, other.id, 30, log=False, mover=other.id
            )
    g1 = encounter.combatant(goblin_1).sheet
    encounter = core.replace_sheet(
        encounter, goblin_1, g1.model_copy(update={"hit_points": g1.max_hit_points - 1})
    )
    encounter = core.replace_sheet(
        encounter, goblin_2, g1.model_copy(update={"hit_points": 1, "name": "Goblin 2"})
    )
    encounter = core.set_side_initiative(encounter, {"Party": 5, "Monsters": 2})
    document.apply(core.next_turn(encounter), "Round one")

    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_P, CTRL_SHIFT)
    view = widget.player_view
    assert isinstance(view, PlayerView) and view.isVisible() and view.isWindow()
    texts = view.texts()
    joined = "\n".join(texts)
    # Hidden: nowhere, not in the order, not on the board, not its name or numbers.
    assert "Hobgoblin" not in joined
    assert boss not in {token.facts.combatant_id for token in view.board.scene.tokens()}
    # Monsters' hit points only as words; the party's own as numbers.
    for name in ("Goblin 1", "Goblin 2"):
        assert not (_numbers_of(widget, name) & set(re.findall(r"\d+/\d+", joined)))
    assert "Goblin 1 · wounded" in joined and "Goblin 2 · badly wounded" in joined
    morgan_sheet = document.encounter.combatant(morgan).sheet
    assert f"Morgan Ironwolf · HP {morgan_sheet.hit_points}/{morgan_sheet.max_hit_points}" in joined
    assert view.round_label.text() == "Round 1 — Morgan Ironwolf"
    assert "30 ft" in joined  # distances between what they can see
    # The GM reveals the boss: it joins the players' view at once; undo hides it again.
    document.select(boss)
    widget.encounter_actions.hidden.trigger()
    assert any("Hobgoblin boss · unhurt" in text for text in view.texts())
    document.undo_stack.undo()
    assert not any("Hobgoblin" in text for text in view.texts())
    # The players' board is for looking: it cannot move anyone.
    assert not view.board.view.isInteractive()
    # Nor show a keyboard focus ring on anyone (it would mean nothing to the players).
    assert view.board.view.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert not any(token.has_visible_focus for token in view.board.scene.tokens())
    assert view.players.apply(document.encounter, "try") is False
    widget.detach()
    assert not view.isVisible()


@pytest.mark.parametrize(
    ("current", "maximum", "words"),
    [
        (8, 8, "unhurt"),
        (5, 8, "wounded"),
        (4, 8, "badly wounded"),
        (1, 8, "badly wounded"),
        (0, 8, "down"),
        (-3, 8, "down"),
    ],
)
def test_wounds_as_the_players_perceive_them(current: int, maximum: int, words: str) -> None:
    assert perceived(current, maximum, down=current <= 0) == words
