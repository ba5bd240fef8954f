"""What the window needs to know about one kind of document, in one small adapter.

The session, autosave, recovery and printing treat every open document alike (a file,
an undo stack, a title with ``*``); only a few steps differ between a sheet and an
encounter: how a document and its tab page are made, how it is written, what its
recovery snapshot is called and where it is saved by default. Each kind answers those
here, so the rest of the window needs no ``if sheet … else encounter`` (Orange's
``WidgetDescription`` and Mu's modes keep per-kind knowledge the same way).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar

from pydantic import BaseModel
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.storage.paths import LibraryKind

if TYPE_CHECKING:
    # Only for annotations: the documents' modules load with the first document opened.
    from m3desk.ui.documents.encounter_document import EncounterDocument
    from m3desk.ui.documents.sheet_document import SheetDocument

    AnyDocument: TypeAlias = SheetDocument | EncounterDocument

__all__ = ["DocumentKind", "PageHooks"]

DocumentT = TypeVar("DocumentT")


@dataclass(frozen=True)
class PageHooks:
    """What a tab page may ask of the window (kept narrow so pages never hold the window).

    ``open_sheets`` lists the sheet documents open in tabs (an encounter adds them as
    combatants); ``sheets_written`` is told which sheet files a page rewrote, so open
    tabs of those files can be reloaded. ``board_lanes`` says how the user last chose to
    see an encounter's board (lanes or rings), and ``remember_board_lanes`` keeps a new
    choice for the next encounter. ``player_centre`` says what the player view centres
    on (the party, whoever acts, or a fixed combatant by name) and
    ``remember_player_centre`` keeps the GM's new choice. ``map_share`` is the share of
    an encounter tab the GM last gave the map (0: the default), ``remember_map_share``
    keeps a new drag; ``splits`` and ``remember_split`` do the same for the tab's other
    splitters, by name. ``log_roll`` logs a roll made from a sheet in
    the open encounter.
    """

    open_sheets: Callable[[], Sequence[Any]]
    sheets_written: Callable[[list[Path]], None]
    random_tables: Callable[[str], Any] = lambda _game_id: None
    """A game's random tables by its id (the bundled and the GM's own), for an expedition's
    wandering checks; None where the window keeps none."""
    board_lanes: Callable[[], bool] = lambda: True
    remember_board_lanes: Callable[[bool], None] = lambda _lanes: None
    player_centre: Callable[[], tuple[str, str]] = lambda: ("party", "")
    remember_player_centre: Callable[[str, str], None] = lambda _mode, _fixed: None
    map_share: Callable[[], float] = lambda: 0.0
    remember_map_share: Callable[[float], None] = lambda _share: None
    splits: Callable[[], Mapping[str, float]] = lambda: {}
    remember_split: Callable[[str, float], None] = lambda _name, _share: None
    log_roll: Callable[[Any, str, str], str] = lambda _sheet, _text, _undo: ""
    """A roll made from a sheet (sheet, log line, undo text) told to the open encounter of
    its game, as one undo step there; returns that encounter's name ("" when none)."""
    adopt: Callable[[Any], Any] = lambda _document: None
    """A document a page built (the encounter an expedition's check brings), opened in a
    tab of its own."""


class DocumentKind(ABC, Generic[DocumentT]):
    """One kind of document the window opens (sheets, encounters)."""

    name: ClassVar[str]
    """Short word for messages: "sheet", "encounter"."""
    file_filter: ClassVar[str]
    """The Save As dialog's filter."""

    @abstractmethod
    def accepts(self, model: BaseModel) -> bool:
        """True when ``model`` (a loaded file, a snapshot) is this kind's."""

    @abstractmethod
    def owns(self, document: object) -> bool:
        """True when ``document`` is one of this kind's document objects."""

    @abstractmethod
    def create_document(
        self, model: BaseModel, path: Path | None, rules: BaseModel, parent: QObject | None
    ) -> DocumentT:
        """A document for ``model`` saved at ``path`` (None: never saved)."""

    @abstractmethod
    def create_page(self, document: DocumentT, hooks: PageHooks) -> QWidget:
        """The widget shown in the document's tab."""

    def release_page(self, page: QWidget) -> None:
        """The tab is closing: let the page let go of its document before it is deleted."""
        page.close()

    @abstractmethod
    def model(self, document: DocumentT) -> BaseModel:
        """The document's current state (what is saved, snapshotted and printed)."""

    @abstractmethod
    def save(self, path: Path, document: DocumentT) -> None:
        """Write atomically; raises ``SaveError`` and leaves the old file intact."""

    @abstractmethod
    def snapshot_bytes(self, document: DocumentT) -> bytes:
        """The bytes of a recovery snapshot (the file format itself)."""

    @abstractmethod
    def recovery_kind(self, document: DocumentT) -> str:
        """The snapshot's ``kind``: "character", "monster" or "encounter"."""

    @abstractmethod
    def extension(self, document: DocumentT) -> str:
        """The file extension Save As adds when the user typed none."""

    @abstractmethod
    def library_folder(self, document: DocumentT) -> LibraryKind:
        """The library folder Save As starts in."""

    def display_name(self, document: DocumentT) -> str:
        """The name a new file is called after."""
        name = getattr(self.model(document), "name", "")
        return name if isinstance(name, str) else ""
