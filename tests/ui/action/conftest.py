"""Fixtures: the book's encounter, an action dialog over it, and a scripted prompt."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import shiboken6
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from m3desk.systems.monsters_and_magic import Roller
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui.action import prompts
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.games.monsters_and_magic.action.action_memory import ActionMemory
from tests.ui.action.user import User

DialogFactory = Callable[..., tuple[ActionDialog, User]]


@pytest.fixture
def host(qtbot: QtBot) -> QWidget:
    """The encounter window stand-in: every dialog needs a parent."""
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def discard_answers(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Answers for "Discard this roll?"; an unexpected question fails the test."""
    answers: list[bool] = []

    def answer(_parent: object, _summary: str) -> bool:
        assert answers, "unexpected question: discard the roll?"
        return answers.pop(0)

    monkeypatch.setattr(prompts, "confirm_discard_roll", answer)
    return answers


@pytest.fixture
def open_dialog(
    qtbot: QtBot, host: QWidget, discard_answers: list[bool]
) -> Iterator[DialogFactory]:
    """Open an action dialog over an encounter, shown and active, with a user in front."""
    opened: list[ActionDialog] = []

    def make(
        encounter: Encounter | EncounterDocument,
        *,
        seed: int = 7,
        memory: ActionMemory | None = None,
        actor_id: str | None = None,
    ) -> tuple[ActionDialog, User]:
        document = (
            encounter if isinstance(encounter, EncounterDocument) else EncounterDocument(encounter)
        )
        dialog = ActionDialog(document, host, roller=Roller(seed), memory=memory, actor_id=actor_id)
        # Not qtbot.addWidget: pytest-qt closes its widgets before fixtures tear down, and
        # closing a rolled-but-unapplied dialog asks a question only this fixture answers.
        opened.append(dialog)
        return dialog, User.in_front_of(qtbot, dialog)

    yield make
    for dialog in opened:
        if shiboken6.isValid(dialog) and dialog.isVisible():
            discard_answers.append(True)
            dialog.close()
    discard_answers.clear()
