"""The log is the table's record, read where the table reads it: the rows of the encounter
tab's log view. Every game's samples in the real encounter tab: Roll Initiative from the
toolbar, attacks, saves and morale through the real action dialog, distances nudged with
+/− on the board. Each row carries the dice as they fell, every modifier by name and the
result; a side's initiative is the side's; a run of nudges is one row and one undo step."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.encounter import ConditionState
from m3desk.core.initiative import roll_words
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.encounter.log_model import WHAT, WHO
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.games.monsters_and_magic.encounter import prompts
from tests.ui.encounter.helpers import shown, type_into_cell

GAMES = [system.id for system in registry.systems()]


def _open(qtbot: Any, game: str) -> EncounterWidget:
    return shown(qtbot, new_encounter_document(sample_files(game), name=f"{game} record"))


@pytest.fixture
def accept_offered_dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Monsters & Magic asks for each 3d6: the GM takes the dice the roller offers."""

    def offered(_parent: Any, requests: Any) -> dict[str, tuple[int, str]]:
        return {r.combatant_id: (sum(r.rolled), " ".join(map(str, r.rolled))) for r in requests}

    monkeypatch.setattr(prompts, "ask_initiative_dice", offered)
    yield


def rows(widget: EncounterWidget) -> list[tuple[str, str]]:
    """(Who, What) of every row the log view shows, as rendered."""
    model = widget.log_panel.view.model()
    return [
        (str(model.index(r, WHO).data() or ""), str(model.index(r, WHAT).data()))
        for r in range(model.rowCount())
    ]


def _id(widget: EncounterWidget, name: str) -> str:
    return next(c.id for c in widget.document.encounter.combatants if c.name.startswith(name))


def _start(qtbot: Any, widget: EncounterWidget) -> None:
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


@pytest.mark.usefixtures("accept_offered_dice")
@pytest.mark.parametrize("game", GAMES)
def test_rolled_initiative_is_logged_with_its_dice(qtbot: Any, game: str) -> None:
    widget = _open(qtbot, game)
    encounter = widget.document.encounter
    if encounter.scheme.reroll_each_round:
        _start(qtbot, widget)  # a die a round: rolled once the round has begun
    before = len(rows(widget))
    widget.encounter_actions.roll_initiative.trigger()
    added = rows(widget)[before:]
    # The dice Roll Initiative's tooltip names (the game's words: its table rules may change
    # the die), in every line it logs: "3d6 (", "d10 4".
    named = re.search(r"(\d*)d(\d+)", roll_words(encounter))
    assert named is not None, roll_words(encounter)
    die = f"d{named[2]}" if named[1] in ("", "1") else f"{named[1]}d{named[2]}"
    logged = re.compile(rf"(?<![0-9]){die}(?![0-9])")
    assert added and all(logged.search(what) for _who, what in added), (die, added)
    sides = {c.side for c in encounter.combatants}
    if encounter.scheme.roller == "side_die":
        # One entry per side (or one for all), credited to no single combatant.
        assert all(who == "" for who, _what in added)
        assert all(any(side in what for _who, what in added) for side in sides)
    else:
        names = {c.name for c in encounter.combatants}
        assert {who for who, _what in added} == names
    if game == "apparatus":
        assert all("Agility" in what and " = " in what for _who, what in added)


@pytest.mark.parametrize("game", GAMES)
def test_a_run_of_nudges_is_one_log_row_and_one_undo_step(qtbot: Any, game: str) -> None:
    widget = _open(qtbot, game)
    document = widget.document
    encounter = document.encounter
    centre, other = encounter.combatants[0], encounter.combatants[-1]
    document.select(centre.id)
    board = widget.board
    start = core.position_between(encounter, centre.id, other.id)
    label = encounter.position_model.label
    steps = (
        min(3, len(encounter.position_model.bands) - 1)
        if encounter.position_model.kind == "bands"
        else 4
    )
    before_rows, before_steps = len(rows(widget)), document.undo_stack.count()
    board.view.setFocus()
    board.scene.set_focused(other.id)
    for _ in range(steps):
        qtbot.keyClick(board.view, Qt.Key.Key_Plus)
    qtbot.keyClick(board.view, Qt.Key.Key_Minus)
    end = core.position_between(document.encounter, centre.id, other.id)
    assert end != start
    added = rows(widget)[before_rows:]
    assert added == [(centre.name, f"{centre.name} → {other.name}: {label(start)} → {label(end)}")]
    assert document.undo_stack.count() == before_steps + 1
    document.undo_stack.undo()
    assert core.position_between(document.encounter, centre.id, other.id) == start
    assert len(rows(widget)) == before_rows
    # Another pair, or anything in between, starts a new entry.
    document.undo_stack.redo()
    board.scene.set_focused(encounter.combatants[-2].id)
    qtbot.keyClick(board.view, Qt.Key.Key_Plus)
    assert document.undo_stack.count() == before_steps + 2
    assert len(rows(widget)) == before_rows + 2


class Dialog:
    """Opens the generic action dialog from the toolbar and plays one action in it."""

    def __init__(self, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch) -> None:
        self.widget = widget
        self.monkeypatch = monkeypatch

    def __call__(self, actor: str, action: str, target: str | None, faces: list[int]) -> str:
        """Play it with ``faces`` (the rest of the dice show 1); returns the new log row."""
        widget = self.widget
        problems: list[str] = []

        def play(dialog: SystemActionDialog) -> int:
            dialog.actor.setCurrentIndex(dialog.actor.findData(_id(widget, actor)))
            labels = [dialog.action.itemText(n) for n in range(dialog.action.count())]
            match = [
                n
                for n, label in enumerate(labels)
                if label.startswith(action)
                or (target is not None and label.startswith(f"{action} → {target}"))
            ]
            assert match, f"{actor} has no {action!r} among {labels}"
            dialog.action.setCurrentIndex(match[0])
            if target is not None:
                dialog.target.setCurrentIndex(dialog.target.findData(_id(widget, target)))
            problems.append(dialog.problem.text())
            for n, spin in enumerate(dialog.dice):
                spin.set_face(faces[n] if n < len(faces) else 1)
            return int(dialog.apply())

        self.monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(play))
        before = len(rows(widget))
        widget.encounter_actions.act.trigger()
        assert problems == [""], problems
        added = rows(widget)[before:]
        assert len(added) == 1, added
        return added[0][1]


def _place(widget: EncounterWidget, a: str, b: str, position: int) -> None:
    document = widget.document
    document.apply(
        core.set_position(document.encounter, _id(widget, a), _id(widget, b), position, log=False),
        "place",
    )


def _turn_of(qtbot: Any, widget: EncounterWidget, name: str) -> None:
    for _ in range(12):
        turn = widget.document.encounter.turn
        if turn is not None and widget.document.encounter.combatant(turn).name.startswith(name):
            return
        _start(qtbot, widget)
    raise AssertionError(f"{name}'s turn never came")


def test_adnd_attacks_saves_and_morale_are_logged_whole(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = _open(qtbot, "adnd2e")
    act = Dialog(widget, monkeypatch)
    _place(widget, "Rath", "Orc", 5)
    _place(widget, "Rupert", "Ogre", 150)
    _start(qtbot, widget)
    widget.encounter_actions.roll_initiative.trigger()
    hit = act("Rath", "Attack with long sword", "Orc", [15, 6])
    assert hit == (
        "Rath attacks Orc with the long sword +1 and hits for 11: d20 15, "
        "STR 18/80 +2, magic +1 = 18 against 8 (THAC0 14 − AC 6); damage 1d8 (6), "
        "STR 18/80 +4, magic +1 = 11; Orc is dead"
    )
    miss = act("Rupert", "Attack with long bow", "Ogre", [3, 6])
    assert miss == (
        "Rupert attacks Ogre with the long bow and misses: d20 3, DEX 17 missile "
        "+2 = 5 against 11 (THAC0 16 − AC 5)"
    )
    save = act("Ilse", "Save vs breath", None, [9])
    assert save == "Ilse fails to save vs breath weapon: d20 9 against 15"
    morale = act("Ogre", "Morale check", None, [4, 9])
    assert morale == "Ogre breaks: 2d10 (4, 9) = 13 against morale 11 = ML 11"


def test_ose_attacks_saves_and_morale_are_logged_whole(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = _open(qtbot, "ose")
    act = Dialog(widget, monkeypatch)
    _place(widget, "Morgan", "Goblin", 5)
    _start(qtbot, widget)
    widget.encounter_actions.roll_initiative.trigger()
    hit = act("Morgan", "Attack with sword", "Goblin", [14, 5])
    for piece in (
        "Morgan Ironwolf hits Goblin",
        "d20 14",
        "STR +",
        "against",
        "THAC0 19",
        "damage 1d",
        "(5)",
        "STR 16 +",
    ):
        assert piece in hit, hit
    miss = act("Morgan", "Attack with sword", "Goblin", [2, 5])
    for piece in ("misses Goblin", "d20 2", "STR +", "against"):
        assert piece in miss, miss
    save = act("Lirra", "Save vs", None, [4])
    assert "d20 4 against" in save, save
    morale = act("Goblin", "Morale", None, [6, 5])
    assert "2d6 (6, 5) = 11 against ML" in morale and "breaks" in morale, morale


def test_apparatus_logs_every_d20_each_source_and_an_automatic_failure(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = _open(qtbot, "apparatus")
    document = widget.document
    act = Dialog(widget, monkeypatch)
    for foe in ("Brute", "Cave"):
        _place(widget, "Kestrel", foe, 1)
    widget.encounter_actions.roll_initiative.trigger()
    kestrel = _id(widget, "Kestrel")
    for condition in ("frightened", "poisoned", "prone"):
        document.apply(
            core.add_condition(
                document.encounter,
                kestrel,
                ConditionState(condition=condition, name=condition.capitalize()),
            ),
            condition,
        )
    _turn_of(qtbot, widget, "Kestrel")
    # At net −3 the attack fails outright: no die is asked for (issue 19 §6), and the log
    # says so and names every source that took the Advantage (issue 19 §4).
    failed = act("Kestrel", "spear", "Brute", [])
    assert "misses Brute" in failed and "automatically" in failed, failed
    for piece in (
        "no die rolled",
        "attacker Frightened −1",
        "attacker Poisoned −1",
        "attacker Prone −1",
        "net −3: automatic failure",
    ):
        assert piece in failed, failed


@pytest.mark.parametrize("game", GAMES)
def test_a_typed_initiative_count_is_logged(qtbot: Any, game: str) -> None:
    widget = _open(qtbot, game)
    model = widget.tracker.tracker_model
    index = model.index(0, model.column_of(Column.INITIATIVE))
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    name = model.rows[0].combatant.name
    before = len(rows(widget))
    type_into_cell(qtbot, widget, name, Column.INITIATIVE, "17")
    assert rows(widget)[before:] == [(name, f"{name}'s initiative: 17 (typed)")]
