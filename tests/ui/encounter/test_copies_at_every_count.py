"""Copies of a Monster at every count the box allows, in every game: the box's top is the
encounter's real room (200 combatants in all), and any count in it joins as one undo step
and one summarised log line ("12 goblins join the Monsters: Goblin 1–12, 3 hp each …").

On the old code the line named every copy and passed its 2,000-character limit between 86
and 171 copies: nothing was added and pydantic's raw message appeared in the dialog.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.copies import plural
from m3desk.core.dice import Roller
from m3desk.storage import catalog
from m3desk.storage.documents import load_document_bytes
from m3desk.storage.encounter_files import encounter_bytes
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.copies_dialog import CopiesDialog, SheetChoice, with_copies
from m3desk.ui.encounter.new_document import new_encounter_document

GAMES = [
    s.id
    for s in registry.systems()
    if s.encounter is not None and any(p.suffix.endswith("m") for p in sample_files(s.id))
]


def _fight(game: str, size: int = 10) -> tuple[EncounterDocument, Any]:
    """A fight of ``size`` (its samples, then copies of its first monster) and that
    monster's sheet."""
    files = sample_files(game)
    document = new_encounter_document(files, name="Big fight")
    monster = load_sheet(next(p for p in files if p.suffix.endswith("m"))).model
    encounter = document.encounter
    if len(encounter.combatants) < size:
        encounter, _text = with_copies(
            encounter, monster, size - len(encounter.combatants), "Monsters", "average", Roller(3)
        )
    document.apply_command_state(encounter)
    return document, monster


def _reopened(encounter: Any) -> Any:
    """The encounter written as a file and opened again (every field validated)."""
    loaded = load_document_bytes(
        encounter_bytes(encounter), catalog.all_documents(), source="copies.m3e"
    )
    return loaded.model


@pytest.mark.parametrize("method", ["average", "rolled"])
@pytest.mark.parametrize("game", GAMES)
def test_the_most_copies_the_box_allows_join_in_one_step(
    qtbot: Any, game: str, method: str
) -> None:
    document, monster = _fight(game)
    dialog = CopiesDialog(document, [SheetChoice(monster, "sample")], roller=Roller(5))
    qtbot.addWidget(dialog)
    room = core.MAX_COMBATANTS - len(document.encounter.combatants)
    assert room == 190
    dialog.method.setCurrentIndex(dialog.method.findData(method))
    dialog.count.setFocus()
    dialog.count.selectAll()
    qtbot.keyClicks(dialog.count, str(room))
    assert dialog.count.value() == dialog.count.maximum() == room  # the box's real top
    log_before = len(document.encounter.log)
    steps_before = document.undo_stack.count()
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.was_applied, dialog.note.text()
    encounter = document.encounter
    assert len(encounter.combatants) == core.MAX_COMBATANTS
    assert document.undo_stack.count() == steps_before + 1
    assert len(encounter.log) == log_before + 1
    line = encounter.log[-1].text
    copies = encounter.combatants[10:]
    first, last = copies[0].name, copies[-1].name
    k = int(first.rsplit(" ", 1)[1])
    assert first == f"{monster.name} {k}" and last == f"{monster.name} {k + 189}"
    assert line.startswith(
        f"190 {plural(monster.name)} join the Monsters: {monster.name} {k}–{k + 189}, "
    ), line
    assert len(line) < 200
    # Every copy stands somewhere of its own, and the whole saves as a valid file.
    if encounter.position_model.kind == "distance":
        spots = {(encounter.places[c.id].x, encounter.places[c.id].y) for c in copies}
        assert len(spots) == len(copies)
    assert _reopened(encounter) == encounter
    document.undo_stack.undo()
    assert len(document.encounter.combatants) == 10


@pytest.mark.parametrize("game", GAMES)
def test_a_full_encounter_says_so_and_adds_nothing(qtbot: Any, game: str) -> None:
    document, monster = _fight(game, core.MAX_COMBATANTS)
    dialog = CopiesDialog(document, [SheetChoice(monster, "sample")])
    qtbot.addWidget(dialog)
    assert not dialog.add_button.isEnabled()
    assert "The encounter is full" in dialog.note.text()


@pytest.mark.parametrize("game", GAMES)
def test_copies_at_any_count_join_as_one_line(game: str) -> None:
    document, monster = _fight(game)
    start = document.encounter

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        count=st.integers(1, core.MAX_COMBATANTS - len(start.combatants)),
        method=st.sampled_from(["average", "rolled", "maximum"]),
        side=st.sampled_from(["Monsters", "Party", "Raiders of the long night " * 2]),
    )
    def check(count: int, method: Any, side: str) -> None:
        side = side[:40]
        after, _text = with_copies(start, monster, count, side, method, Roller(count))
        assert len(after.combatants) == len(start.combatants) + count
        assert len(after.log) == len(start.log) + 1
        assert len(after.log[-1].text) <= 2_000
        assert _reopened(after) == after

    check()


@pytest.mark.parametrize("game", GAMES)
def test_copies_of_a_monster_named_as_long_as_a_name_can_be_still_open_as_a_file(game: str) -> None:
    """A sheet's name may be as long as a combatant's (80 characters): its copies'
    numbers must fit, or the fight saves as a file that no longer opens (on the old code
    "Ŵ…Ŵ 2" was 82 characters, accepted in memory, refused by the file's validation)."""
    document, monster = _fight(game)
    longest = type(monster).model_validate(dict(monster.model_dump(), name="Ŵ" * 80))
    encounter = document.encounter
    room = core.MAX_COMBATANTS - len(encounter.combatants)
    after, _text = with_copies(encounter, longest, room, "Monsters", "rolled", Roller(4))
    names = [c.name for c in after.combatants]
    assert len(set(names)) == len(names)
    assert max(len(name) for name in names) <= 80
    assert names[-1].endswith(f" {room}")
    assert _reopened(after) == after
    # one at a time, as a sheet added twice joins
    twice = core.join(encounter, after.combatants[-1].model_copy(update={"name": "Ŵ" * 80}))
    twice = core.join(
        twice, twice.combatants[-1].model_copy(update={"id": "other", "name": "Ŵ" * 80})
    )
    assert _reopened(twice) == twice


@pytest.mark.parametrize("game", GAMES)
def test_on_a_side_that_would_be_one_too_many_the_box_says_so_and_adds_nothing(
    qtbot: Any, game: str
) -> None:
    """An encounter with every side it may hold: copies on a new side cannot join. On the
    old code the box still allowed 190 and Add said "Only 0 more can join: an encounter
    holds at most 200 combatants" of a fight of ten."""
    document, monster = _fight(game)
    start = document.encounter
    more = [f"Band {n}" for n in range(core.MAX_SIDES - len(start.sides))]
    full = _reopened(start.model_copy(update={"sides": (*start.sides, *more)}))
    document.apply_command_state(full)
    dialog = CopiesDialog(document, [SheetChoice(monster, "sample")], roller=Roller(5))
    qtbot.addWidget(dialog)
    dialog.side.setFocus()
    dialog.side.lineEdit().selectAll()
    qtbot.keyClicks(dialog.side, "Newcomers")
    assert not dialog.add_button.isEnabled()
    assert dialog.note.text() == (
        f"The encounter already has {core.MAX_SIDES} sides, the most it holds, so “Newcomers” "
        "cannot be one more: choose one of its sides for the copies."
    )
    dialog.side.lineEdit().selectAll()
    qtbot.keyClicks(dialog.side, "Band 3")
    assert dialog.add_button.isEnabled()
    assert dialog.count.maximum() == core.MAX_COMBATANTS - len(full.combatants)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.was_applied, dialog.note.text()
    assert document.encounter.combatants[-1].side == "Band 3"
    with pytest.raises(ValueError, match=r"already has \d+ sides"):
        with_copies(full, monster, 2, "Newcomers", "average", Roller(2))
