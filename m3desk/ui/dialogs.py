"""Every modal question, message box and file dialog the window shows, in one place.

Modal dialogs block a test or a headless run until someone clicks, so the rest of
the UI never creates one itself: it calls these small functions, which tests
replace with ``monkeypatch.setattr(dialogs, "ask_save_changes", ...)`` (pytest-qt's
advice for modal dialogs). Callers must look them up through the module
(``dialogs.ask_save_changes(...)``) so the replacement is seen.

:func:`set_non_interactive` makes every function answer at once with the choice
that loses nothing (Cancel, "not now", no file) and log the message instead; the
self-test switches it on so that no code path can ever wait for a click.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDialog, QFileDialog, QLabel, QMessageBox, QWidget

from m3desk import APP_DISPLAY_NAME, __version__

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter


__all__ = [
    "ConflictChoice",
    "NewCharacterChoice",
    "NewEncounterChoice",
    "RestoreChoice",
    "SaveChoice",
    "ask_file_changed",
    "ask_open_anyway",
    "ask_printer",
    "ask_replace_unreadable",
    "ask_restore",
    "ask_save_changes",
    "is_non_interactive",
    "open_file_names",
    "pdf_file_name",
    "save_file_name",
    "set_non_interactive",
    "show_about",
    "show_error",
    "show_info",
    "show_print_preview",
    "show_warning",
]

_log = logging.getLogger(__name__)
_non_interactive = False


class SaveChoice(Enum):
    """Answer to "Save changes before closing?"."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"
    DISCARD_ALL = "discard all"
    """Discard this one and every other unsaved document being closed (Quit)."""


class ConflictChoice(Enum):
    """Answer to "the file changed on disk since you opened it; save anyway?"."""

    OVERWRITE = "overwrite"
    SAVE_AS = "save_as"
    RELOAD = "reload"
    CANCEL = "cancel"


class RestoreChoice(Enum):
    """Answer to "Restore unsaved documents from a crashed session?"."""

    RESTORE = "restore"
    DISCARD = "discard"
    LATER = "later"


@dataclass(frozen=True)
class NewCharacterChoice:
    """What the "New Character" dialog collected."""

    name: str
    race: str
    char_class: str
    level: int
    system: str = ""
    """The game the character is for (its id; empty: the first installed game)."""
    sheet: Any = None
    """The finished sheet the game's generation made (None: build a blank one from the
    rest, as a scripted answer does)."""


@dataclass(frozen=True)
class NewEncounterChoice:
    """What the "New Encounter" dialog collected: a name and the sheets to start with.

    ``sources`` are what :func:`m3desk.ui.encounter.new_encounter_document` accepts
    (sheet files, or open documents with ``.sheet`` and ``.path``), in the order shown.
    """

    name: str
    sources: tuple[Any, ...]
    sides: tuple[str, ...] = ()
    """The side each source joins, in the same order ("" or missing: its default side)."""


def set_non_interactive(enabled: bool) -> None:
    """Answer every question with its safe default instead of showing a dialog."""
    global _non_interactive
    _non_interactive = enabled


def is_non_interactive() -> bool:
    """True while dialogs are switched off (the self-test)."""
    return _non_interactive


def give_mnemonics(buttons: Sequence[QAbstractButton]) -> None:
    """Give every button without an Alt+letter the first letter of its text that no other
    button has taken ("&Save", "&Discard", "&Cancel"): a question is answered from the
    keyboard, not only by Enter and Esc."""

    def mnemonic(text: str) -> str:
        plain = text.replace("&&", "")
        where = plain.find("&")
        return plain[where + 1].lower() if 0 <= where < len(plain) - 1 else ""

    used = {mnemonic(button.text()) for button in buttons} - {""}
    for button in buttons:
        text = button.text()
        if mnemonic(text):
            continue
        for index, letter in enumerate(text):
            if letter.isalnum() and letter.lower() not in used:
                used.add(letter.lower())
                button.setText(text[:index] + "&" + text[index:])
                break


class _QuestionBox(QMessageBox):
    """A message box whose buttons all have mnemonics when it is shown."""

    def exec(self) -> int:
        give_mnemonics(self.buttons())
        return super().exec()


def _message_box(
    parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str, informative: str = ""
) -> QMessageBox:
    box = _QuestionBox(icon, title, text, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # file names and messages are never markup
    if informative:
        box.setInformativeText(informative)
    for label in box.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)
    return box


def message_box(
    parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str, informative: str = ""
) -> QMessageBox:
    """A message box whose texts are plain text, for the app's own questions."""
    return _message_box(parent, icon, title, text, informative)


def _tell(parent: QWidget | None, icon: QMessageBox.Icon, title: str, message: str) -> None:
    if _non_interactive:
        _log.warning("%s: %s", title, message)
        return
    box = _message_box(parent, icon, title, message)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """Something failed; ``message`` already names the file and the cause."""
    _tell(parent, QMessageBox.Icon.Critical, title, message)


def show_warning(parent: QWidget | None, title: str, message: str) -> None:
    """Something needs attention but nothing failed (e.g. settings were reset)."""
    _tell(parent, QMessageBox.Icon.Warning, title, message)


def show_info(parent: QWidget | None, title: str, message: str) -> None:
    """A plain notice."""
    _tell(parent, QMessageBox.Icon.Information, title, message)


def ask_save_changes(parent: QWidget | None, document_title: str, *, others: int = 0) -> SaveChoice:
    """Save / Discard / Cancel for a document with unsaved changes; with ``others`` more
    unsaved documents closing after it (Quit), also Discard All."""
    if _non_interactive:
        return SaveChoice.CANCEL
    more = (
        f" {others} other unsaved document{'s' if others != 1 else ''} will be asked about next."
        if others
        else ""
    )
    box = _message_box(
        parent,
        QMessageBox.Icon.Warning,
        "Unsaved changes",
        f"Save the changes to “{document_title}” before closing?",
        "If you don't save, your changes will be lost." + more,
    )
    buttons = QMessageBox.StandardButton
    box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
    box.setDefaultButton(buttons.Save)
    box.setEscapeButton(buttons.Cancel)
    discard_all = (
        box.addButton(f"Discard &All ({others + 1})", QMessageBox.ButtonRole.DestructiveRole)
        if others
        else None
    )
    answer = box.exec()
    if discard_all is not None and box.clickedButton() is discard_all:
        return SaveChoice.DISCARD_ALL
    if answer == buttons.Save:
        return SaveChoice.SAVE
    if answer == buttons.Discard:
        return SaveChoice.DISCARD
    return SaveChoice.CANCEL


def ask_file_changed(parent: QWidget | None, path: Path) -> ConflictChoice:
    """The file changed on disk since it was opened or saved here: what now?"""
    if _non_interactive:
        return ConflictChoice.CANCEL
    box = _message_box(
        parent,
        QMessageBox.Icon.Warning,
        "File changed on disk",
        f"“{path.name}” was changed by another program or window since you opened it.",
        "Overwrite it with your version, save yours under another name, or reload the file "
        "and lose your unsaved changes?",
    )
    overwrite = box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
    reload = box.addButton("Reload", QMessageBox.ButtonRole.ResetRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.setEscapeButton(cancel)
    box.setDetailedText(str(path))
    box.exec()
    clicked = box.clickedButton()
    if clicked is overwrite:
        return ConflictChoice.OVERWRITE
    if clicked is save_as:
        return ConflictChoice.SAVE_AS
    if clicked is reload:
        return ConflictChoice.RELOAD
    return ConflictChoice.CANCEL


def ask_replace_unreadable(parent: QWidget | None, path: Path) -> bool:
    """Save As onto a file m3desk cannot read: really replace it?"""
    if _non_interactive:
        return False
    box = _message_box(
        parent,
        QMessageBox.Icon.Warning,
        "Replace a file m3desk cannot read?",
        f"“{path.name}” exists and is not a file this m3desk can read.",
        "It may belong to another program or to a newer m3desk. Replace it with this "
        "document? What it holds now will be lost.",
    )
    buttons = QMessageBox.StandardButton
    box.setStandardButtons(buttons.Yes | buttons.Cancel)
    box.button(buttons.Yes).setText("Replace")
    box.setDefaultButton(buttons.Cancel)
    box.setEscapeButton(buttons.Cancel)
    box.setDetailedText(str(path))
    return bool(box.exec() == buttons.Yes)


def ask_open_anyway(parent: QWidget | None, path: Path, holder: str) -> bool:
    """The file is open in another live m3desk; open a second copy here?"""
    if _non_interactive:
        return False
    box = _message_box(
        parent,
        QMessageBox.Icon.Warning,
        "Already open",
        f"“{path.name}” is already open in another m3desk window ({holder}).",
        "If you edit it in both windows, the one saved last overwrites the other's "
        "changes. Open it here anyway?",
    )
    buttons = QMessageBox.StandardButton
    box.setStandardButtons(buttons.Open | buttons.Cancel)
    box.setDefaultButton(buttons.Cancel)
    box.setEscapeButton(buttons.Cancel)
    box.setDetailedText(str(path))
    return bool(box.exec() == buttons.Open)


def ask_restore(parent: QWidget | None, titles: Sequence[str]) -> RestoreChoice:
    """Offer the unsaved documents a crashed session left behind."""
    if _non_interactive:
        return RestoreChoice.LATER
    count = len(titles)
    noun = "document" if count == 1 else "documents"
    box = _message_box(
        parent,
        QMessageBox.Icon.Question,
        "Restore unsaved work",
        f"Restore {count} unsaved {noun}?",
        "m3desk did not close properly last time. These documents had changes that "
        "were not saved:\n\n" + "\n".join(f"• {title}" for title in titles),
    )
    restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    later = box.addButton("Not Now", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(restore)
    box.setEscapeButton(later)
    box.exec()
    clicked = box.clickedButton()
    if clicked is restore:
        return RestoreChoice.RESTORE
    if clicked is discard:
        return RestoreChoice.DISCARD
    return RestoreChoice.LATER


def open_file_names(parent: QWidget | None, directory: Path, file_filter: str) -> list[Path]:
    """Pick sheet and encounter files to open; empty when cancelled."""
    if _non_interactive:
        return []
    names, _selected = QFileDialog.getOpenFileNames(parent, "Open", str(directory), file_filter)
    return [Path(name) for name in names]


def save_file_name(parent: QWidget | None, suggested: Path, file_filter: str) -> Path | None:
    """Pick where to save; None when cancelled. The dialog asks before overwriting."""
    if _non_interactive:
        return None
    name, _selected = QFileDialog.getSaveFileName(parent, "Save As", str(suggested), file_filter)
    return Path(name) if name else None


def pdf_file_name(parent: QWidget | None, suggested: Path, file_filter: str) -> Path | None:
    """Where to export a PDF; None when cancelled. The dialog asks before overwriting."""
    if _non_interactive:
        return None
    name, _selected = QFileDialog.getSaveFileName(parent, "Export PDF", str(suggested), file_filter)
    return Path(name) if name else None


def ask_printer(parent: QWidget | None, printer: QPrinter, title: str) -> bool:
    """The platform's print dialog for ``printer``; True when the user chose Print."""
    if _non_interactive:
        return False
    from PySide6.QtPrintSupport import QPrintDialog

    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(title)
    try:
        return bool(dialog.exec() == QDialog.DialogCode.Accepted)
    finally:
        dialog.deleteLater()


def show_print_preview(dialog: QDialog) -> None:
    """Run a print preview built by :mod:`m3desk.ui.printing.export`, then delete it."""
    try:
        if not _non_interactive:
            dialog.exec()
    finally:
        dialog.deleteLater()


def show_about(parent: QWidget | None) -> None:
    """Name, version and what the app is for."""
    if _non_interactive:
        return
    from PySide6 import __version__ as pyside_version

    box = QMessageBox(
        QMessageBox.Icon.Information,
        f"About {APP_DISPLAY_NAME}",
        f"<h3>{APP_DISPLAY_NAME} {__version__}</h3>"
        "<p>The desktop table companion for tabletop role-playing games: "
        "character and monster sheets, encounters and printing.</p>"
        f"<p>Built with PySide6 {pyside_version}.</p>",
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.RichText)  # our own words only
    box.exec()


def import_file_name(
    parent: QWidget | None, directory: Path, file_filter: str
) -> tuple[Path, str] | None:
    """Pick another tool's sheet file to import, with the filter chosen (it names the
    format); None when cancelled."""
    if _non_interactive:
        return None
    name, selected = QFileDialog.getOpenFileName(
        parent, "Import Sheet", str(directory), file_filter
    )
    return (Path(name), selected) if name else None


def export_file_name(parent: QWidget | None, suggested: Path, file_filter: str) -> Path | None:
    """Where to write a sheet for another tool; None when cancelled (the dialog asks before
    overwriting)."""
    if _non_interactive:
        return None
    name, _selected = QFileDialog.getSaveFileName(
        parent, "Export Sheet", str(suggested), file_filter
    )
    return Path(name) if name else None
