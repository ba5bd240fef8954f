"""File operations of the encounter table: exporting the log and writing back to sheets.

Neither is an undo step: they write files, not the encounter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from m3desk.core import encounter as core
from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import doc_type_for, load_sheet, save_sheet
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.encounter.log_export import export_log_text, write_log_text
from m3desk.ui.encounter.write_back import apply_write_back, plan_write_back, write_back_summary
from m3desk.ui.file_places import free_name_in, same_file_key

__all__ = ["FileController"]

_UNSAFE = re.compile(r"[^\w\- ]+")


class FileController(QObject):
    """Signals:
    sheets_written(list[Path]): sheet files that write-back replaced, so the window can
        reload any of them it has open (otherwise its next save would undo ours).
    """

    sheets_written = Signal(list)

    def __init__(
        self,
        document: EncounterDocument,
        actions: EncounterActions,
        host: QWidget,
        log_filter: Callable[[], str | None],
        *,
        open_sheets: Callable[[], Sequence[Any]] = tuple,
        say: Callable[[str], None] = lambda _text: None,
    ) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        self._host = host
        self._log_filter = log_filter
        self._open_sheets = open_sheets
        self._say = say
        actions.export_log.triggered.connect(self.export_log)
        actions.write_back.triggered.connect(self.write_back)
        actions.pull_sheet.triggered.connect(self.pull_sheet)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", lambda _aspects: self.update_enabled())
        self.update_enabled()

    WRITE_BACK_TIP = (
        "Write what the fight changed (hit points, experience, effects, as the "
        "game keeps them) into the sheet files the combatants came from"
    )

    def update_enabled(self) -> None:
        encounter = self._document.encounter
        self._actions.export_log.setEnabled(bool(encounter.log))
        reason = self.write_back_unavailable()
        action = self._actions.write_back
        action.setEnabled(not reason)
        tip = f"Unavailable: {reason}" if reason else self.WRITE_BACK_TIP
        action.setToolTip(tip)
        action.setStatusTip(tip)

    def pull_sheet(self) -> str:
        """Encounter → Update from Sheet: the selected combatant takes its sheet as it is now
        in its open tab (unsaved edits too) or else in its file; one undo step. Returns what
        happened, which is also said under the toolbar."""
        selected = self._document.selected
        if not selected:
            return ""
        text = self._pull(selected)
        self._say(text)
        return text

    def _pull(self, selected: str) -> str:
        encounter = self._document.encounter
        combatant = encounter.combatant(selected)
        if not combatant.source_path:
            return (
                f"{combatant.name} came from no sheet file (a sample or a sheet never "
                "saved): there is nothing to update from."
            )
        source = Path(combatant.source_path)
        opened = next(
            (
                o
                for o in self._open_sheets()
                if o.path is not None and same_file_key(o.path) == same_file_key(source)
            ),
            None,
        )
        if opened is not None:
            sheet, where = opened.sheet, "its open tab"
        else:
            try:
                sheet, where = load_sheet(source).model, f"“{source.name}”"
            except DocumentLoadError as error:
                return f"Could not read {combatant.name}'s sheet: {error.message}"
        if type(sheet) is not type(combatant.sheet):
            return f"{combatant.name}'s file now holds another kind of sheet; not taken."
        if sheet == combatant.sheet:
            return f"{combatant.name}'s sheet is already as in {where}."
        after = core.replace_sheet(encounter, selected, sheet)
        after = core.add_log(
            after, f"{combatant.name}'s sheet updated from {where}", actor=selected
        )
        self._document.apply(after, f"Update {combatant.name} from the sheet")
        return f"{combatant.name} updated from {where}."

    def write_back_unavailable(self) -> str:
        """Why Write Back cannot run now, in words ("" when it can)."""
        encounter = self._document.encounter
        from m3desk.core import registry

        if registry.system_of(encounter).write_back is None:
            return (
                f"{registry.system_of(encounter).name} fights do not write back to sheets "
                "yet; edit the sheet and use Update from Sheet to bring it into the fight"
            )
        if not encounter.combatants:
            return "the encounter has no combatants"
        if not any(c.source_path for c in encounter.combatants) and not self._samples():
            return (
                "no combatant came from a sheet file of yours (samples and sheets never "
                "saved are not written to)"
            )
        return ""

    def _samples(self) -> list[core.Combatant]:
        """The characters of the fight that came from no file of the GM's (the app's samples,
        a sheet never saved): a GM's first fight is with these."""
        return [
            c
            for c in self._document.encounter.combatants
            if not c.source_path and getattr(c.sheet, "kind", "") == "character"
        ]

    def keep_samples(self, combatants: list[core.Combatant]) -> list[Path]:
        """Save each as a sheet of the GM's own in the library's characters folder (as the
        fight left it), and let the encounter write back to those files from now on (one
        undo step); the files written."""
        folder = AppPaths.from_environment().library_dir("characters")
        written: list[Path] = []
        encounter = self._document.encounter
        for combatant in combatants:
            path = free_name_in(folder, combatant.name, doc_type_for(combatant.sheet).extension)
            try:
                save_sheet(path, combatant.sheet)
            except SaveError as error:
                prompts.show_error(self._host, "Could Not Save the Sheet", error.message)
                continue
            written.append(path)
            encounter = core.update_combatant(encounter, combatant.id, source_path=str(path))
            encounter = core.add_log(
                encounter, f"{combatant.name} saved as “{path.name}”", actor=combatant.id
            )
        if written:
            self._document.apply(encounter, "Save the samples as your own sheets")
        return written

    def _suggested_log_path(self) -> Path:
        folder = (
            self._document.path.parent
            if self._document.path is not None
            else AppPaths.from_environment().encounters_dir
        )
        stem = _UNSAFE.sub("", self._document.encounter.name).strip() or "encounter"
        return folder / f"{stem} log.txt"

    def export_log(self) -> Path | None:
        """Write the log (as the filter shows it) to a text file the GM picks."""
        path = prompts.log_file_to_save(self._host, self._suggested_log_path())
        if path is None:
            return None
        text = export_log_text(self._document.encounter, self._log_filter())
        try:
            write_log_text(path, text)
        except SaveError as error:
            prompts.show_error(self._host, "Could Not Export the Log", error.message)
            return None
        return path

    def write_back(self) -> int:
        """Confirm, then write each source file; returns how many files were written. The
        fight's sample characters are first offered to be saved as the GM's own sheets."""
        kept: list[Path] = []
        samples = self._samples()
        if samples and prompts.ask_keep_samples(
            self._host,
            [c.name for c in samples],
            str(AppPaths.from_environment().library_dir("characters")),
        ):
            kept = self.keep_samples(samples)
            if kept:
                self.sheets_written.emit(kept)
        items = plan_write_back(self._document.encounter)
        writable = [item for item in items if item.writable]
        if kept and not writable:
            self._say(f"Saved as your own sheets: {', '.join(p.name for p in kept)}.")
            return len(kept)
        if not writable:
            prompts.show_info(
                self._host,
                "Write Back to Sheets",
                "Nothing to write back.\n\n" + write_back_summary(items),
            )
            return 0
        if not prompts.confirm_write_back(self._host, write_back_summary(items), len(writable)):
            return 0
        # Read the files again: one may have been saved while the question was open.
        fresh = [item for item in plan_write_back(self._document.encounter) if item.writable]
        failures = apply_write_back(fresh)
        failed = {path for path, _message in failures}
        written = [item.path for item in fresh if item.path not in failed]
        if written:
            self.sheets_written.emit(written)
        if failures:
            prompts.show_error(
                self._host,
                "Some Sheets Were Not Written",
                "\n\n".join(message for _path, message in failures),
            )
        return len(written) + len(kept)
