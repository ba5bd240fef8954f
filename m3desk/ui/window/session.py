"""Opening, saving and closing documents: the rules that make sure nothing is lost.

* A file that cannot be read (damaged, or written by a newer m3desk) is reported
  and nothing else changes; such a file is never written to.
* A save that fails leaves the document open and modified; the file on disk is
  untouched (``save_sheet`` is atomic).
* A file already open here gets its tab focused; one open in another live m3desk
  is only opened after the user says so.
* Closing with unsaved changes asks; Cancel keeps every document open.
* Bundled samples are never written: Save on a sample asks where in the library
  to put the user's copy.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QWidget

from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.locks import FileLocks
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import FILE_FILTER, Sheet, doc_type_for, load_sheet, save_sheet
from m3desk.ui import dialogs
from m3desk.ui.window import documents
from m3desk.ui.window.autosave import AutosaveController
from m3desk.ui.window.open_document import OpenDocument
from m3desk.ui.window.settings_store import SettingsStore
from m3desk.ui.window.tabs import DocumentTabs

__all__ = ["DocumentSession", "samples_folder"]

_log = logging.getLogger(__name__)
_UNSAFE_FILE_CHARS = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


def _same_file_key(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))


def samples_folder() -> Path | None:
    """The bundled samples' folder, or None if this installation lacks it."""
    from m3desk.assets import resource_path

    try:
        return resource_path("samples")
    except OSError:
        return None


def _is_sample(path: Path) -> bool:
    folder = samples_folder()
    return folder is not None and _same_file_key(path.parent) == _same_file_key(folder)


def _file_stem(name: str) -> str:
    stem = _UNSAFE_FILE_CHARS.sub(" ", name).strip().strip(".")
    return stem or "Untitled"


class DocumentSession(QObject):
    """The open documents of one window and everything that happens to their files."""

    current_changed = Signal(object)
    """The current :class:`OpenDocument`, or None when no tab is open."""
    state_changed = Signal(object)
    """An :class:`OpenDocument`'s title or modified flag changed."""
    document_saved = Signal(Path)
    documents_changed = Signal()
    """A document was opened or closed."""

    def __init__(
        self,
        window: QWidget,
        tabs: DocumentTabs,
        undo_group: QUndoGroup,
        autosave: AutosaveController,
        store: SettingsStore,
        paths: AppPaths,
        file_locks: FileLocks,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._tabs = tabs
        self._undo_group = undo_group
        self._autosave = autosave
        self._store = store
        self._paths = paths
        self._locks = file_locks
        self.records: list[OpenDocument] = []
        tabs.close_requested.connect(self._close_page)
        tabs.current_changed.connect(self._on_current_page)

    # -- lookup -----------------------------------------------------------------------------

    def current(self) -> OpenDocument | None:
        return self._record_for(self._tabs.current())

    def find(self, path: Path) -> OpenDocument | None:
        """The open document saved at ``path`` (symlinks and case resolved)."""
        key = _same_file_key(path)
        for record in self.records:
            if record.path is not None and _same_file_key(record.path) == key:
                return record
        return None

    def _record_for(self, page: QWidget | None) -> OpenDocument | None:
        for record in self.records:
            if record.page is page:
                return record
        return None

    def focus(self, record: OpenDocument) -> None:
        self._tabs.show_page(record.page)

    # -- opening ----------------------------------------------------------------------------

    def open_path(self, path: Path, *, focus: bool = True) -> OpenDocument | None:
        """Open a sheet file in a new tab (or focus it if open); None if it was not opened."""
        path = Path(os.path.abspath(path))
        existing = self.find(path)
        if existing is not None:
            if focus:
                self.focus(existing)
            return existing
        try:
            loaded = load_sheet(path)
        except DocumentLoadError as exc:
            dialogs.show_error(self._window, "Cannot open file", exc.message)
            return None
        sample = _is_sample(path)
        claimed: Path | None = None
        if not sample:
            if not self._claim(path, opening=True):
                return None
            claimed = path
        sheet = loaded.model
        assert isinstance(sheet, Sheet)  # the registry only holds sheet types
        record = self._add(sheet, path, is_sample=sample, claimed=claimed, focus=focus)
        if loaded.migrated_from is not None:
            # Upgraded from an older format: saving will rewrite the file, so say so.
            record.document.undo_stack.resetClean()
        if not sample:
            self._store.add_recent(path)
        return record

    def open_paths(self, paths: Iterable[Path]) -> list[OpenDocument]:
        """Open several files; each failure is reported on its own, the rest still open.

        Only the last one becomes the current tab (the others are laid out when shown).
        """
        wanted = [Path(path) for path in paths]
        opened = [self.open_path(path, focus=number == len(wanted))
                  for number, path in enumerate(wanted, start=1)]
        return [record for record in opened if record is not None]

    def add_new(self, sheet: Sheet) -> OpenDocument:
        """A new, never-saved document."""
        return self._add(sheet, None, is_sample=False, claimed=None)

    def add_recovered(self, sheet: Sheet, original_path: Path | None) -> OpenDocument:
        """A document restored after a crash: modified, and saving writes to its old place."""
        claimed: Path | None = None
        sample = original_path is not None and _is_sample(original_path)
        if original_path is not None and not sample:
            self._claim(original_path, opening=False)
            claimed = original_path
        record = self._add(sheet, original_path, is_sample=sample, claimed=claimed)
        record.document.undo_stack.resetClean()  # unsaved until the user saves it
        return record

    def _claim(self, path: Path, *, opening: bool) -> bool:
        """Record that we have ``path`` open; ask first if another live m3desk has it."""
        claim = self._locks.claim(path)
        if claim.owner is None:
            return True
        holder = f"pid {claim.owner.pid} on {claim.owner.hostname}"
        if opening and not dialogs.ask_open_anyway(self._window, path, holder):
            self._locks.release(path)
            return False
        if not opening:
            dialogs.show_warning(
                self._window, "Also open elsewhere",
                f"“{path.name}” is also open in another m3desk window ({holder}). "
                "Whichever window saves last overwrites the other's changes.",
            )
        return True

    def _add(self, sheet: Sheet, path: Path | None, *, is_sample: bool,
             claimed: Path | None, focus: bool = True) -> OpenDocument:
        document = documents.create_document(sheet, path, self._store.table_rules(), parent=self)
        page = documents.create_editor(document)
        record = OpenDocument(document=document, page=page, is_sample=is_sample,
                              claimed_path=claimed)
        self.records.append(record)
        self._undo_group.addStack(document.undo_stack)
        document.title_changed.connect(lambda *_: self._refresh_label(record))
        self._autosave.watch(record)
        self._tabs.add(page, record.title(), record.tooltip(), focus=focus)
        self.documents_changed.emit()
        return record

    def _refresh_label(self, record: OpenDocument) -> None:
        if record in self.records:
            self._tabs.set_label(record.page, record.title(), record.tooltip())
            self.state_changed.emit(record)

    # -- saving -----------------------------------------------------------------------------

    def save(self, record: OpenDocument) -> bool:
        """Save in place; a sample or an untitled document asks where (Save As)."""
        if record.is_sample or record.path is None:
            return self.save_as(record)
        return self._write(record, record.path)

    def save_as(self, record: OpenDocument) -> bool:
        target = dialogs.save_file_name(self._window, self._suggested_path(record), FILE_FILTER)
        if target is None:
            return False
        sheet = record.document.sheet
        extension = doc_type_for(sheet).extension
        if target.suffix.lower() != extension:
            target = target.with_name(target.name + extension)
        target = Path(os.path.abspath(target))
        if _is_sample(target):
            dialogs.show_error(self._window, "Cannot save here",
                               "The bundled samples cannot be overwritten; "
                               "choose a place in your library.")
            return False
        other = self.find(target)
        if other is not None and other is not record:
            dialogs.show_error(
                self._window, "Cannot save",
                f"“{target.name}” is open in another tab. Close that tab first, "
                "or choose another name.",
            )
            return False
        return self._write(record, target)

    def _write(self, record: OpenDocument, target: Path) -> bool:
        try:
            save_sheet(target, record.document.sheet)
        except SaveError as exc:
            dialogs.show_error(self._window, "Could not save", exc.message)
            return False  # still open, still modified, snapshot still kept
        if record.claimed_path is None or _same_file_key(record.claimed_path) != _same_file_key(
            target
        ):
            if record.claimed_path is not None:
                self._locks.release(record.claimed_path)
            self._claim(target, opening=False)
            record.claimed_path = target
        record.is_sample = False
        record.document.mark_saved(target)
        self._autosave.saved(record)
        self._store.add_recent(target)
        self._refresh_label(record)
        self.document_saved.emit(target)
        return True

    def _suggested_path(self, record: OpenDocument) -> Path:
        """The file itself, or a free name in the library folder for its kind."""
        if record.path is not None and not record.is_sample:
            return record.path
        sheet = record.document.sheet
        kind = "characters" if sheet.kind == "character" else "monsters"
        try:
            folder = self._paths.library_dir(kind)
        except OSError:
            folder = self._paths.data_dir
        extension = doc_type_for(sheet).extension
        stem = _file_stem(sheet.name)
        candidate = folder / f"{stem}{extension}"
        number = 2
        while candidate.exists():
            candidate = folder / f"{stem} {number}{extension}"
            number += 1
        return candidate

    # -- closing ----------------------------------------------------------------------------

    def _close_page(self, page: QWidget) -> None:
        record = self._record_for(page)
        if record is not None:
            self.close(record)

    def close(self, record: OpenDocument, *, ask: bool = True) -> bool:
        """Close one document; False (and nothing changed) if the user cancelled."""
        if ask and not self._settle(record):
            return False
        self._remove(record)
        return True

    def close_all(self, *, ask: bool = True) -> bool:
        """Close every document, asking about each unsaved one first.

        Every question is answered before anything closes, so Cancel at the third
        document still leaves all of them open (saved ones are simply clean now).
        """
        if ask:
            for record in list(self.records):
                if not self._settle(record):
                    return False
        if self.records:
            self._tabs.show_placeholder()
        for record in list(self.records):
            self._remove(record)
        return True

    def _settle(self, record: OpenDocument) -> bool:
        """Ask Save/Discard/Cancel for a modified document; True if it may close."""
        if not record.modified:
            return True
        self.focus(record)
        choice = dialogs.ask_save_changes(self._window, record.plain_title())
        if choice is dialogs.SaveChoice.CANCEL:
            return False
        if choice is dialogs.SaveChoice.SAVE:
            return self.save(record)
        return True

    def _remove(self, record: OpenDocument) -> None:
        self._autosave.forget(record)
        if record.claimed_path is not None:
            self._locks.release(record.claimed_path)
        self._undo_group.removeStack(record.document.undo_stack)
        self.records.remove(record)
        self._tabs.remove(record.page)
        record.page.close()  # lets the editor detach from the document first
        record.page.deleteLater()
        record.document.deleteLater()
        self.documents_changed.emit()

    def _on_current_page(self, page: object) -> None:
        record = self._record_for(page if isinstance(page, QWidget) else None)
        self._undo_group.setActiveStack(record.document.undo_stack if record else None)
        self.current_changed.emit(record)
