"""Fixtures for the main-window tests: scripted dialogs and a window per test.

Every function of ``m3desk.ui.dialogs`` is replaced: messages are recorded,
questions are answered from a script the test writes, and an unscripted
question fails the test instead of blocking on a modal dialog.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import defaultdict, deque
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from m3desk.assets import sample_files
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window import new_character, new_encounter

_MESSAGES = ("show_error", "show_warning", "show_info", "show_about", "show_print_preview")
_QUESTIONS = (
    "ask_save_changes",
    "ask_open_anyway",
    "ask_restore",
    "open_file_names",
    "save_file_name",
    "ask_new_character",
    "ask_new_encounter",
    "pdf_file_name",
    "ask_printer",
    "ask_file_changed",
    "ask_replace_unreadable",
    "ask_game",
    "import_file_name",
    "export_file_name",
)
_ENCOUNTER_PROMPTS = (
    "sheet_files_to_add",
    "log_file_to_save",
    "ask_initiative_dice",
    "ask_game_condition",
    "ask_pool_change",
    "ask_condition",
    "confirm_write_back",
    "ask_keep_samples",
)


class ScriptedDialogs:
    """Stands in for :mod:`m3desk.ui.dialogs` in tests."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.options: list[tuple[str, dict[str, Any]]] = []
        """Each call's keyword arguments (Discard All's ``others``), beside ``calls``."""
        self._answers: dict[str, deque[Any]] = defaultdict(deque)

    def answer(self, name: str, *values: Any) -> None:
        """Queue the answers the next calls of question ``name`` get.

        A callable answer is called with the question's arguments, for answers that
        depend on what was asked (New Encounter's candidates, the printer to set up).
        """
        assert name in _QUESTIONS, name
        self._answers[name].extend(values)

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [args for called, args in self.calls if called == name]

    def messages(self, name: str = "show_error") -> list[str]:
        """The message texts shown with ``name`` (title and text joined)."""
        return [" ".join(str(a) for a in args[1:]) for args in self.named(name)]

    def make(self, name: str) -> Callable[..., Any]:
        def fake(*args: Any, **options: Any) -> Any:
            self.calls.append((name, args))
            self.options.append((name, options))
            if name in _MESSAGES:
                return None
            if not self._answers[name]:
                raise AssertionError(f"unexpected dialog {name}{args[1:]!r}")
            answer = self._answers[name].popleft()
            return answer(*args) if callable(answer) else answer

        return fake


_HOMES: dict[str, ModuleType] = {
    "ask_new_character": new_character,
    "ask_game": new_character,
    "ask_new_encounter": new_encounter,
}
"""Questions that live beside the dialog they run (the rest are in m3desk.ui.dialogs)."""


@pytest.fixture
def fake_dialogs(monkeypatch: pytest.MonkeyPatch) -> ScriptedDialogs:
    script = ScriptedDialogs()
    for name in (*_MESSAGES, *_QUESTIONS):
        monkeypatch.setattr(_HOMES.get(name, dialogs), name, script.make(name))
    return script


@pytest.fixture(autouse=True)
def _no_encounter_prompts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The encounter tab's own questions fail the test unless a test replaces them."""
    from m3desk.ui.encounter import action_launcher, prompts
    from m3desk.ui.games.monsters_and_magic.encounter import prompts as game_prompts

    def unexpected(name: str) -> Callable[..., Any]:
        def fail(*args: Any, **_kwargs: Any) -> Any:
            raise AssertionError(f"unexpected encounter dialog {name}{args[1:]!r}")

        return fail

    for name in _ENCOUNTER_PROMPTS:
        monkeypatch.setattr(
            prompts if hasattr(prompts, name) else game_prompts, name, unexpected(name)
        )
    monkeypatch.setattr(action_launcher, "open_action_dialog", unexpected("action dialog"))


def _stub_editor(document: Any, parent: QWidget | None = None) -> QWidget:
    """Throwaway stand-in while the real sheet editor is not in the tree."""
    label = QLabel(document.sheet.name, parent)
    label.setObjectName("stub_sheet_editor")
    return label


@pytest.fixture(autouse=True)
def _sheet_editor(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        from m3desk.ui.sheet import make_sheet_editor  # noqa: F401
    except ImportError:
        monkeypatch.setattr("m3desk.ui.window.documents.create_editor", _stub_editor)


@pytest.fixture
def restore_app_look(qapp: Any) -> Iterator[None]:
    """Put back Qt's default style and palette, so other packages' tests see no theme."""
    yield
    from PySide6.QtGui import QPalette

    qapp.setProperty("m3desk_theme_choice", None)
    qapp.setStyle("Fusion")
    qapp.setPalette(QPalette())


@pytest.fixture
def paths() -> AppPaths:
    """The folders of this test (``M3DESK_HOME`` is a fresh temporary folder)."""
    return AppPaths.from_environment()


@pytest.fixture
def make_window(
    qtbot: Any, fake_dialogs: ScriptedDialogs, paths: AppPaths
) -> Callable[..., MainWindow]:
    """Build, show and start windows; at the end close them without questions."""

    def discard_everything(window: MainWindow) -> None:
        window.session.close_all(ask=False)
        window.shutdown(remember_layout=False)

    def build(files: list[Path] | None = None, *, recover: bool = True) -> MainWindow:
        window = MainWindow(paths)
        qtbot.addWidget(window, before_close_func=discard_everything)
        window.show()
        window.startup(files or [], recover=recover)
        return window

    return build


@pytest.fixture
def window(make_window: Callable[..., MainWindow]) -> MainWindow:
    return make_window()


@pytest.fixture
def sample(tmp_path: Path) -> Callable[[str], Path]:
    """Copy a bundled sample (by file stem) to a writable folder."""

    def copy(stem: str) -> Path:
        source = next(path for path in sample_files("monsters_and_magic") if path.stem == stem)
        target = tmp_path / "mine" / source.name
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(source, target)
        return target

    return copy


@pytest.fixture
def party_in_library(paths: AppPaths) -> dict[str, Path]:
    """Gramfive, Felix and the mummy saved as the user's own files (so they have paths)."""
    wanted = {"gramfive": "characters", "felix": "characters", "first-one-mummy": "monsters"}
    found: dict[str, Path] = {}
    for source in sample_files("monsters_and_magic"):
        if source.stem in wanted:
            folder = paths.library_dir(wanted[source.stem])  # type: ignore[arg-type]
            found[source.stem] = Path(shutil.copyfile(source, folder / source.name))
    return found


@pytest.fixture
def saved_encounter(paths: AppPaths, party_in_library: dict[str, Path]) -> Path:
    """An unstarted encounter of Gramfive and Felix against the mummy, in encounters/."""
    from m3desk.storage.encounter_files import save_encounter
    from m3desk.ui.encounter.new_document import new_encounter_document

    document = new_encounter_document(party_in_library.values(), name="Fane of the First Ones")
    path = paths.library_dir("encounters") / "fane.m3e"
    save_encounter(path, document.encounter)
    document.deleteLater()
    return path


@pytest.fixture
def dead_pid() -> int:
    """The pid of a process that has exited and been reaped: a crashed m3desk."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The pid of another running process: a second m3desk instance."""
    with subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], stdin=subprocess.DEVNULL
    ) as sleeper:
        try:
            yield sleeper.pid
        finally:
            sleeper.kill()
            sleeper.wait()


def edit(record: Any, text: str = "Edit notes", **changes: Any) -> None:
    """Make an undoable edit the way every view does: through ``replace_sheet``."""
    sheet = record.document.sheet
    if not changes:
        changes = {"notes": sheet.notes + " and more"}
    record.document.replace_sheet(sheet.model_copy(update=changes), text)
