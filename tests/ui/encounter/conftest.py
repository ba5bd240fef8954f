"""Fixtures for the encounter table: the sample party and the mummy, copied to a temp folder.

Every modal prompt is replaced by one that fails the test, so a dialog a test did not
expect can never block the run; tests that expect one replace it themselves.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import action_launcher, prompts
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.games.monsters_and_magic.encounter import prompts as game_prompts

PROMPTS = (
    "sheet_files_to_add",
    "log_file_to_save",
    "ask_initiative_dice",
    "ask_pool_change",
    "ask_game_condition",
    "ask_condition",
    "confirm_write_back",
    "ask_keep_samples",
    "show_error",
    "show_info",
)


def _unexpected(name: str) -> Callable[..., object]:
    def fail(*args: object, **kwargs: object) -> object:
        raise AssertionError(f"unexpected dialog: prompts.{name}{args[1:]!r}")

    return fail


@pytest.fixture(autouse=True)
def no_real_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PROMPTS:
        monkeypatch.setattr(
            prompts if hasattr(prompts, name) else game_prompts, name, _unexpected(name)
        )
    monkeypatch.setattr(action_launcher, "open_action_dialog", _unexpected("action dialog"))


@pytest.fixture
def sample_copies(tmp_path: Path) -> list[Path]:
    """The bundled sheets, copied so write-back tests can change them."""
    folder = tmp_path / "sheets"
    folder.mkdir()
    return [
        Path(shutil.copy2(path, folder / path.name)) for path in sample_files("monsters_and_magic")
    ]


@pytest.fixture
def document(sample_copies: list[Path]) -> EncounterDocument:
    return new_encounter_document(sample_copies, name="Fane of the First Ones")


@pytest.fixture
def widget(qtbot, document: EncounterDocument) -> EncounterWidget:
    shown = EncounterWidget(document, roller=Roller(2013))
    qtbot.addWidget(shown)
    shown.resize(1400, 900)
    shown.show()
    qtbot.waitExposed(shown)
    shown.activateWindow()
    qtbot.waitUntil(shown.isActiveWindow, timeout=2000)
    shown.tracker.setFocus()
    return shown
