"""Opening, saving and closing documents: the rules that make sure nothing is lost.

* A file that cannot be read (damaged, or written by a newer m3desk) is reported
  and nothing else changes; such a file is never written to.
* A save that fails leaves the document open and modified; the file on disk is
  untouched (every kind saves atomically).
* A file already open here gets its tab focused; one open in another live m3desk
  is only opened after the user says so.
* Closing with unsaved changes asks; Cancel keeps every document open.
* Bundled samples are never written: Save on a sample asks where in the library
  to put the user's copy.

Sheets and encounters follow the same rules; what differs per kind (loading the
page, the file format, the default folder) is asked of the record's
:class:`~m3desk.ui.window.document_kind.DocumentKind`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtCore import QFileSystemWatcher, QObject, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QWidget

from m3desk.storage.errors import DocumentLoadError, NewerVersionError, SaveError
from m3desk.storage.fingerprint import fingerprint
from m3desk.storage.locks import FileLocks
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.file_places import free_name_in, is_sample, same_file_key
from m3desk.ui.window.autosave import AutosaveController
from m3desk.ui.window.document_kind import DocumentKind, PageHooks
from m3desk.ui.window.kinds import ENCOUNTERS, SHEETS, kind_for_document, kind_for_model, load_any
from m3desk.ui.window.open_document import OpenDocument
from m3desk.ui.window.settings_store import SettingsStore
from m3desk.ui.window.tabs import DocumentTabs

if TYPE_CHECKING:
    from m3desk.ui.window.document_kind import AnyDocument

__all__ = ["DocumentSession"]

_log = logging.getLogger(__name__)


class DocumentSession(QObject):
    """The open documents of one window and everything that happens to their files."""

    current_changed = Signal(object)
    """The current :class:`OpenDocument`, or None when no tab is open."""
    state_changed = Signal(object)
    """An :class:`OpenDocument`'s title or modified flag changed."""
    document_saved = Signal(Path)
    documents_changed = Signal()
    """A document was opened, closed or reloaded."""
    sheets_written = Signal(list)
    """A page (an encounter's write-back) rewrote these sheet files."""
    changed_on_disk = Signal(object)
    """Another program or window changed this record's file since we read or wrote it."""

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
        self._hooks = PageHooks(
            open_sheets=self.open_sheet_documents,
            sheets_written=self.sheets_written.emit,
            random_tables=self._random_tables,
            board_lanes=lambda: store.settings.board_lanes,
            remember_board_lanes=store.set_board_lanes,
            player_centre=store.player_centre,
            remember_player_centre=store.set_player_centre,
            map_share=lambda: store.settings.encounter_map_share,
            remember_map_share=store.set_encounter_map_share,
            splits=lambda: store.settings.encounter_splits,
            remember_split=store.set_encounter_split,
            log_roll=self.log_roll,
            adopt=self.adopt,
        )
        tabs.close_requested.connect(self._close_page)
        tabs.current_changed.connect(self._on_current_page)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._on_file_changed)

    # -- lookup -----------------------------------------------------------------------------

    def current(self) -> OpenDocument | None:
        return self._record_for(self._tabs.current())

    def find(self, path: Path) -> OpenDocument | None:
        """The open document saved at ``path`` (symlinks and case resolved)."""
        key = same_file_key(path)
        for record in self.records:
            if record.path is not None and same_file_key(record.path) == key:
                return record
        return None

    def records_of(self, kind: DocumentKind[Any]) -> list[OpenDocument]:
        """Open documents of one kind, in tab order (as the user arranged them)."""
        order = {id(page): number for number, page in enumerate(self._tabs.pages())}
        found = [record for record in self.records if record.kind is kind]
        return sorted(found, key=lambda record: order.get(id(record.page), len(order)))

    def open_sheet_documents(self) -> list[Any]:
        """The open sheets' documents (``.sheet`` and ``.path``), for encounters to add."""
        return [record.combatant_source() for record in self.records_of(SHEETS)]

    def log_roll(self, sheet: Any, text: str, undo: str) -> str:
        """Log a roll made from ``sheet`` in the open encounter of its game, as one undo step
        there: the encounter where a combatant bears the sheet's name (the actor), else the
        only such encounter open; returns its name ("" when there is none to tell)."""
        from m3desk.core import encounter as core
        from m3desk.core import registry
        from m3desk.ui.documents.encounter_document import EncounterDocument

        game = registry.system_of(sheet).id
        name = str(getattr(sheet, "name", ""))
        fights = [
            record.document
            for record in self.records_of(ENCOUNTERS)
            if isinstance(record.document, EncounterDocument)
            and registry.system_of(record.document.encounter).id == game
        ]
        for fight in fights:
            actor = next((c.id for c in fight.encounter.combatants if c.name == name), None)
            if actor is not None:
                break
        else:
            if len(fights) != 1:
                return ""
            fight, actor = fights[0], None
        fight.apply(core.add_log(fight.encounter, text, actor=actor), f"Roll: {undo}")
        return str(fight.encounter.name)

    def _record_for(self, page: QWidget | None) -> OpenDocument | None:
        for record in self.records:
            if record.page is page:
                return record
        return None

    def focus(self, record: OpenDocument) -> None:
        self._tabs.show_page(record.page)

    # -- opening ----------------------------------------------------------------------------

    def open_path(self, path: Path, *, focus: bool = True) -> OpenDocument | None:
        """Open a sheet or encounter file in a new tab (or focus it if open).

        Returns None if it was not opened (unreadable, or the user declined).
        """
        path = Path(os.path.abspath(path))
        existing = self.find(path)
        if existing is not None:
            if focus:
                self.focus(existing)
            return existing
        try:
            loaded = load_any(path)
        except DocumentLoadError as exc:
            dialogs.show_error(self._window, "Cannot open file", exc.message)
            return None
        kind = kind_for_model(loaded.model)
        sample = is_sample(path)
        claimed: Path | None = None
        if not sample:
            if not self._claim(path, opening=True):
                return None
            claimed = path
        document = kind.create_document(loaded.model, path, self._store.table_rules(), self)
        record = self._add(kind, document, is_sample=sample, claimed=claimed, focus=focus)
        record.disk_state = fingerprint(path)
        self._watch(record)
        if loaded.migrated_from is not None or loaded.repairs:
            # Upgraded or mended on load: saving will rewrite the file, so say so.
            record.document.undo_stack.resetClean()
        if loaded.repairs:
            dialogs.show_warning(
                self._window,
                "Repaired on opening",
                f"m3desk mended “{path.name}” as it opened (save to "
                "keep the repair):\n\n" + "\n".join(f"• {note}" for note in loaded.repairs),
            )
        if not sample:
            self._store.add_recent(path)
        return record

    def _random_tables(self, game_id: str) -> object:
        from m3desk.storage.tables import load_tables, own_tables_folder

        return load_tables(game_id, own_tables_folder(self._paths, game_id))

    def open_paths(self, paths: Iterable[Path]) -> list[OpenDocument]:
        """Open several files; each failure is reported on its own, the rest still open.

        Only the last one becomes the current tab (the others are laid out when shown).
        """
        wanted = [Path(path) for path in paths]
        opened = [
            self.open_path(path, focus=number == len(wanted))
            for number, path in enumerate(wanted, start=1)
        ]
        return [record for record in opened if record is not None]

    def add_new(self, model: BaseModel) -> OpenDocument:
        """A new, never-saved document for a sheet or an encounter."""
        kind = kind_for_model(model)
        document = kind.create_document(model, None, self._store.table_rules(), self)
        record = self._add(kind, document, is_sample=False, claimed=None)
        record.document.undo_stack.resetClean()  # never saved: closing it asks first
        return record

    def open_reference(self, model: BaseModel, origin: str) -> OpenDocument:
        """A book's sheet (a bestiary monster) in a tab, kept like a bundled sample: no file
        of its own, and Save asks where in the library to keep the user's copy."""
        kind = kind_for_model(model)
        document = kind.create_document(model, None, self._store.table_rules(), self)
        record = self._add(kind, document, is_sample=True, claimed=None, origin=origin)
        return record

    def adopt(self, document: AnyDocument) -> OpenDocument:
        """A document built elsewhere (New Encounter), shown in a new tab; never saved."""
        document.setParent(self)
        return self._add(kind_for_document(document), document, is_sample=False, claimed=None)

    def add_recovered(self, model: BaseModel, original_path: Path | None) -> OpenDocument:
        """A document restored after a crash: modified, and saving writes to its old place."""
        claimed: Path | None = None
        sample = original_path is not None and is_sample(original_path)
        if original_path is not None and not sample:
            self._claim(original_path, opening=False)
            claimed = original_path
        kind = kind_for_model(model)
        document = kind.create_document(model, original_path, self._store.table_rules(), self)
        record = self._add(kind, document, is_sample=sample, claimed=claimed)
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
                self._window,
                "Also open elsewhere",
                f"“{path.name}” is also open in another m3desk window ({holder}). "
                "Whichever window saves last overwrites the other's changes.",
            )
        return True

    def _add(
        self,
        kind: DocumentKind[Any],
        document: AnyDocument,
        *,
        is_sample: bool,
        claimed: Path | None,
        focus: bool = True,
        origin: str = "",
    ) -> OpenDocument:
        page = kind.create_page(document, self._hooks)
        record = OpenDocument(
            document=document,
            page=page,
            kind=kind,
            is_sample=is_sample,
            claimed_path=claimed,
            origin=origin,
        )
        self.records.append(record)
        self._follow(record)
        self._tabs.add(page, record.tab_text(), record.tooltip(), focus=focus)
        self.documents_changed.emit()
        return record

    def _follow(self, record: OpenDocument) -> None:
        """Undo, tab label and autosave follow the record's (possibly new) document."""
        self._undo_group.addStack(record.document.undo_stack)
        record.document.title_changed.connect(lambda *_: self._refresh_label(record))
        roster = getattr(record.document, "encounter_changed", None)
        if roster is not None:  # an encounter's tab names its foes
            roster.connect(
                lambda aspects: self._refresh_label(record) if "roster" in aspects else None
            )
        self._autosave.watch(record)

    def _refresh_label(self, record: OpenDocument) -> None:
        if record in self.records:
            self._tabs.set_label(record.page, record.tab_text(), record.tooltip())
            self.state_changed.emit(record)

    # -- reloading --------------------------------------------------------------------------

    def reload(self, record: OpenDocument) -> bool:
        """Read the record's file again into a fresh document and page, in the same tab.

        For a file that changed on disk while its tab had no unsaved edits (an encounter
        wrote back to the sheet). The old undo history described the file before that
        change, so it goes with the old document. False (and a message) if unreadable.
        """
        path = record.path
        if path is None:
            return False
        try:
            loaded = load_any(path)
        except DocumentLoadError as exc:
            dialogs.show_error(self._window, "Cannot reload file", exc.message)
            return False
        if not record.kind.accepts(loaded.model):
            dialogs.show_error(
                self._window,
                "Cannot reload file",
                f"“{path.name}” is no longer a {record.kind.name}.",
            )
            return False
        old_document, old_page = record.document, record.page
        self._autosave.forget(record)
        self._undo_group.removeStack(old_document.undo_stack)
        record.document = record.kind.create_document(
            loaded.model, path, self._store.table_rules(), self
        )
        record.page = record.kind.create_page(record.document, self._hooks)
        self._follow(record)
        self._tabs.replace(old_page, record.page, record.tab_text(), record.tooltip())
        if self._tabs.current() is record.page:
            self._undo_group.setActiveStack(record.document.undo_stack)
        record.kind.release_page(old_page)
        old_page.deleteLater()
        old_document.deleteLater()
        record.disk_state = fingerprint(path)
        self.state_changed.emit(record)
        self.documents_changed.emit()
        return True

    # -- saving -----------------------------------------------------------------------------

    def save(self, record: OpenDocument) -> bool:
        """Save in place; a sample or an untitled document asks where (Save As)."""
        if record.is_sample or record.path is None:
            return self.save_as(record)
        return self._write(record, record.path)

    def save_as(self, record: OpenDocument) -> bool:
        kind = record.kind
        target = dialogs.save_file_name(
            self._window, self._suggested_path(record), kind.file_filter
        )
        if target is None:
            return False
        extension = kind.extension(record.document)
        if target.suffix.lower() != extension:
            target = target.with_name(target.name + extension)
        target = Path(os.path.abspath(target))
        if is_sample(target):
            dialogs.show_error(
                self._window,
                "Cannot save here",
                "The bundled samples cannot be overwritten; choose a place in your library.",
            )
            return False
        if not self._may_replace(record, target):
            return False
        other = self.find(target)
        if other is not None and other is not record:
            dialogs.show_error(
                self._window,
                "Cannot save",
                f"“{target.name}” is open in another tab. Close that tab first, "
                "or choose another name.",
            )
            return False
        return self._write(record, target)

    def _watch(self, record: OpenDocument) -> None:
        path = record.path
        if path is not None and not record.is_sample and path.exists():
            self._watcher.addPath(str(path))

    def _on_file_changed(self, changed: str) -> None:
        """Tell the user when a file open here changes on disk (a save here updates the
        fingerprint first, so our own saves say nothing)."""
        for record in self.records:
            path = record.path
            if path is None or same_file_key(path) != same_file_key(Path(changed)):
                continue
            now = fingerprint(path)
            if now is not None:
                self._watcher.addPath(str(path))  # an atomic replace ends the watch
            if now is not None and record.disk_state is not None and now != record.disk_state:
                self.changed_on_disk.emit(record)

    def _changed_on_disk(self, record: OpenDocument, target: Path) -> bool:
        """True when saving in place would overwrite someone else's change to the file."""
        if record.path is None or same_file_key(record.path) != same_file_key(target):
            return False
        now = fingerprint(target)
        return record.disk_state is not None and now is not None and now != record.disk_state

    def _may_replace(self, record: OpenDocument, target: Path) -> bool:
        """A file m3desk cannot read is replaced only when the user says so."""
        if not target.exists() or (
            record.path is not None and same_file_key(record.path) == same_file_key(target)
        ):
            return True
        try:
            load_any(target)
        except NewerVersionError:
            return True  # saving refuses it with its own message
        except DocumentLoadError:
            return dialogs.ask_replace_unreadable(self._window, target)
        return True

    def _write(self, record: OpenDocument, target: Path) -> bool:
        if self._changed_on_disk(record, target):
            choice = dialogs.ask_file_changed(self._window, target)
            if choice is dialogs.ConflictChoice.SAVE_AS:
                return self.save_as(record)
            if choice is dialogs.ConflictChoice.RELOAD:
                self.reload(record)
                return False
            if choice is not dialogs.ConflictChoice.OVERWRITE:
                return False
        try:
            record.kind.save(target, record.document)
        except SaveError as exc:
            dialogs.show_error(self._window, "Could not save", exc.message)
            return False  # still open, still modified, snapshot still kept
        claimed = record.claimed_path
        if claimed is None or same_file_key(claimed) != same_file_key(target):
            if claimed is not None:
                self._locks.release(claimed)
            self._claim(target, opening=False)
            record.claimed_path = target
        record.is_sample = False
        record.disk_state = fingerprint(target)
        record.document.mark_saved(target)
        self._watch(record)
        self._autosave.saved(record)
        self._store.add_recent(target)
        self._refresh_label(record)
        self.document_saved.emit(target)
        return True

    def _suggested_path(self, record: OpenDocument) -> Path:
        """The file itself, or a free name in the library folder for its kind."""
        if record.path is not None and not record.is_sample:
            return record.path
        kind, document = record.kind, record.document
        try:
            folder = self._paths.library_dir(kind.library_folder(document))
        except OSError:
            folder = self._paths.data_dir
        return free_name_in(folder, kind.display_name(document), kind.extension(document))

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
            unsaved = [record for record in self.records if record.modified]
            for number, record in enumerate(unsaved):
                others = len(unsaved) - number - 1
                choice = self._ask(record, others)
                if choice is dialogs.SaveChoice.DISCARD_ALL:
                    break
                if choice is dialogs.SaveChoice.CANCEL or (
                    choice is dialogs.SaveChoice.SAVE and not self.save(record)
                ):
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
        choice = self._ask(record, 0)
        if choice is dialogs.SaveChoice.CANCEL:
            return False
        if choice is dialogs.SaveChoice.SAVE:
            return self.save(record)
        return True

    def _ask(self, record: OpenDocument, others: int) -> dialogs.SaveChoice:
        """Save, Discard or Cancel for one document (Discard All too while ``others`` wait)."""
        self.focus(record)
        if others:
            return dialogs.ask_save_changes(self._window, record.plain_title(), others=others)
        return dialogs.ask_save_changes(self._window, record.plain_title())

    def _remove(self, record: OpenDocument) -> None:
        self._autosave.forget(record)
        if record.claimed_path is not None:
            self._locks.release(record.claimed_path)
        self._undo_group.removeStack(record.document.undo_stack)
        self.records.remove(record)
        self._tabs.remove(record.page)
        record.kind.release_page(record.page)  # the page lets go of the document first
        record.page.deleteLater()
        record.document.deleteLater()
        self.documents_changed.emit()

    def _on_current_page(self, page: object) -> None:
        record = self._record_for(page if isinstance(page, QWidget) else None)
        # None (no tab) is valid in Qt; the stubs do not say so.
        self._undo_group.setActiveStack(record.document.undo_stack if record else None)  # type: ignore[arg-type]
        self.current_changed.emit(record)
