"""Fixtures for the range board: the sample party and the First One Mummy, and boards on them.

The party is added first, so the document starts with Gramfive selected; every pair starts at
the encounter's maximum range (Short, indoors), as after a successful Scouting check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet

PARTY = ("gramfive", "felix", "guido", "shamira", "xiola")


def party_encounter(mummies: int = 1) -> Encounter:
    """The sample party against ``mummies`` First One Mummies (6 combatants by default)."""
    encounter = Encounter()
    for stem in PARTY:
        encounter = add_combatant(encounter, sample_sheet(stem), "Party")
    for _ in range(mummies):
        encounter = add_combatant(encounter, sample_sheet(MUMMY), "Monsters")
    return encounter


def combatant_id(document: EncounterDocument, name: str) -> str:
    """Id by name or by first word ("Felix" → Felix Pook)."""
    for combatant in document.encounter.combatants:
        if name in (combatant.name, combatant.name.split()[0]):
            return combatant.id
    raise KeyError(name)


@pytest.fixture
def document(qapp: Any) -> EncounterDocument:
    return EncounterDocument(party_encounter())


@pytest.fixture
def make_board(qtbot: Any) -> Callable[[EncounterDocument], RangeBoardWidget]:
    """Build, show and expose a board at a typical dock size."""

    def build(document: EncounterDocument) -> RangeBoardWidget:
        board = RangeBoard(document)
        qtbot.addWidget(board)
        board.resize(900, 720)
        board.show()
        qtbot.waitExposed(board)
        return board

    return build


@pytest.fixture
def board(
    make_board: Callable[[EncounterDocument], RangeBoardWidget], document: EncounterDocument
) -> RangeBoardWidget:
    return make_board(document)
