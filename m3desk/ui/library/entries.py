"""One library row per file: what the library shows of a sheet, an encounter or an
expedition, read once with the real storage loader (so a row that looks fine also opens
fine); a file that cannot be read becomes a row carrying the loader's message instead of
vanishing, because a character that silently disappears from the list looks like lost work.

Kept free of Qt so it can be timed and tested on its own; :mod:`~m3desk.ui.library.scan`
walks the library's folders into such rows, :mod:`~m3desk.ui.library.sample_index` lists
the bundled samples from their index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from m3desk.storage import catalog
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.registry import DocumentType
from m3desk.ui.own_game import OWN_GAME_NAME

__all__ = ["SHEET_SUFFIXES", "EntryKind", "LibraryEntry", "read_entry", "scan_files"]

EntryKind = Literal["character", "monster", "encounter", "expedition"]
OWN_GAME = OWN_GAME_NAME
SHEET_SUFFIXES: frozenset[str] = frozenset((".m3c", ".m3m"))
"""Files that can join an encounter (an encounter cannot join another one); every game's
sheets use these (a test checks), so no game is loaded to know them."""


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """What the library shows about one file, without keeping the sheet in memory."""

    path: Path
    kind: EntryKind
    name: str
    ancestry: str = ""
    """A character's race or ancestry, as its game's ``sheet_identity`` words it."""
    calling: str = ""
    """A character's class or calling."""
    level: str = ""
    """A character's level ("3"), a monster's Hit Dice ("HD 4+1") or level."""
    armour_class: str = ""
    """A monster's "AC 5" (or what its game defends with: "Guard 14")."""
    is_sample: bool = False
    error: str | None = None
    system: str = ""
    """The game's name (the library mixes games; a file that cannot be read names none)."""
    search_text: str = field(default="", compare=False, init=False)

    def __post_init__(self) -> None:
        """Precompute the casefolded text the search box matches against (filtering is per key)."""
        parts = [self.name, self.ancestry, self.calling, self.armour_class, self.kind]
        if self.system != OWN_GAME:  # "monster" finds monsters, not Monsters & Magic's files
            parts.append(self.system)
        if self.level:
            parts += [self.level, f"level {self.level}"]
        if self.is_sample:
            parts.append("sample")
        object.__setattr__(self, "search_text", " ".join(parts).casefold())

    @property
    def game(self) -> str:
        """The game the file is for (a file that cannot be read: the first installed)."""
        return self.system or OWN_GAME

    @property
    def level_number(self) -> float | None:
        """The level or Hit Dice as a number, for sorting ("HD ½" is 0.5, "HD 4+1" is 4)."""
        text = self.level.removeprefix("HD ").strip()
        digits = ""
        for char in text:
            if not char.isdigit():
                break
            digits += char
        if digits:
            return float(digits)
        return 0.5 if text.startswith("½") else None

    @property
    def broken(self) -> bool:
        """True when the file could not be read; ``error`` says why."""
        return self.error is not None

    @property
    def kind_label(self) -> str:
        return self.kind.capitalize()

    @property
    def is_sheet(self) -> bool:
        """A character or monster, i.e. something that can join an encounter."""
        return self.kind not in ("encounter", "expedition")

    def matches(self, words: Sequence[str]) -> bool:
        """True if every (casefolded) search word occurs in the row's words (name, ancestry,
        class, AC, kind, level or game)."""
        return all(word in self.search_text for word in words)


def _kind_from_name(path: Path) -> EntryKind:
    doc_type = catalog.all_documents().for_path(path)
    if doc_type is not None and doc_type.kind in ("monster", "encounter", "expedition"):
        return doc_type.kind  # type: ignore[return-value]
    return "character"


def read_entry(path: Path, *, is_sample: bool = False) -> LibraryEntry:
    """Summarise one file; never raises."""
    # Imported here, not at start-up: loading a file of the game has loaded them anyway.
    from m3desk.storage.documents import load_document

    try:
        loaded = load_document(path, catalog.all_documents())
    except DocumentLoadError as exc:
        return LibraryEntry(
            path=path,
            kind=_kind_from_name(path),
            name=path.stem,
            is_sample=is_sample,
            error=exc.message,
        )
    return _game_entry(path, loaded.model, loaded.doc_type, is_sample)


def _game_entry(
    path: Path, document: BaseModel, doc_type: DocumentType[Any], is_sample: bool
) -> LibraryEntry:
    """A sheet or encounter of any game, in the words its game gives (``sheet_identity``)."""
    from m3desk.core import registry
    from m3desk.core.encounter import Encounter as AnyEncounter

    system = registry.get(doc_type.system)
    if doc_type.kind == "expedition":
        return LibraryEntry(
            path=path,
            kind="expedition",
            name=str(getattr(document, "name", "") or path.stem),
            is_sample=is_sample,
            system=system.name,
        )
    if isinstance(document, AnyEncounter):
        return LibraryEntry(
            path=path, kind="encounter", name=document.name, is_sample=is_sample, system=system.name
        )
    if doc_type.kind in ("character", "monster"):
        who = system.sheet_identity(document)
        return LibraryEntry(
            path=path,
            kind=doc_type.kind,  # type: ignore[arg-type]
            name=str(getattr(document, "name", "") or path.stem),
            ancestry=who.ancestry,
            calling=who.calling,
            level=who.level,
            armour_class=who.armour_class,
            is_sample=is_sample,
            system=system.name,
        )
    return LibraryEntry(
        path=path,
        kind=_kind_from_name(path),
        name=path.stem,
        is_sample=is_sample,
        error="it is not a sheet or an encounter",
    )


def scan_files(files: Iterable[Path], *, is_sample: bool = False) -> list[LibraryEntry]:
    """One entry per file, in the given order."""
    return [read_entry(path, is_sample=is_sample) for path in files]
