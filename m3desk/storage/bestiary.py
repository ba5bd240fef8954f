"""Bundled bestiaries: a game's book monsters, read-only, ready to drop into a fight.

A bestiary file (``resources/bestiary/<system id>/*.json``) is plain JSON::

    {"format": "m3desk.bestiary", "system": "ose", "schema_version": 1, "title": "…",
     "licence": "OGL-1.0a.txt", "monsters": [{"sheet": {…monster sheet…},
                                               "srd": {"thac0": 16, "saves": {…}, …}}]}

Each ``sheet`` is validated with the game's own monster model, exactly as a ``.m3m`` file's
document is; ``srd`` keeps what the book prints for the numbers m3desk derives, so a test can
hold every monster to the book. Where ``srd`` keeps the attack line as printed
(``"attacks": "2 × claw (1d3), 1 × bite (1d6) or breath"``), the game's form reads the
monster's routines from it (``SheetForm.read_attacks``). The file is read like any other:
size-capped, nesting-checked, and an entry that does not validate is left out and reported,
never raised.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from m3desk.core import registry
from m3desk.storage.catalog import sheets
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.safejson import decode_json_bytes, load_error, read_file_capped
from m3desk.storage.validation import summarize_validation_error

__all__ = ["MAX_BESTIARY_BYTES", "MAX_MONSTERS", "Bestiary", "BestiaryEntry", "load_bestiary"]

MAX_BESTIARY_BYTES = 8 * 1024 * 1024
"""The OSE SRD's 257 monsters take 310 KB; a bestiary twenty-five times larger is not a
book."""
MAX_MONSTERS = 5000


@dataclass(frozen=True)
class BestiaryEntry:
    """One book monster: its sheet and the numbers the book prints for it."""

    sheet: BaseModel
    printed: dict[str, Any]
    level: float = 0.0
    """Hit Dice or level, for filtering (HD ½ is 0.5)."""
    alignment: str = ""
    modes: tuple[str, ...] = ()
    """How it moves: "walk", "fly", "swim", "climb"."""
    summary: str = ""
    """One line as the book prints it ("HD 4*   AC 5 [14]   THAC0 16 …")."""
    appearing: str = ""

    @property
    def name(self) -> str:
        """The monster's name, as its sheet gives it."""
        return str(getattr(self.sheet, "name", ""))


@dataclass(frozen=True)
class Bestiary:
    system: str
    title: str
    path: Path
    licence: Path | None
    entries: tuple[BestiaryEntry, ...]
    skipped: tuple[str, ...] = field(default=())


def load_bestiary(path: Path) -> Bestiary:
    """Read a bundled bestiary; raises :class:`DocumentLoadError` with a sentence if the file
    as a whole is unusable, and leaves out (and lists) single monsters that are."""
    source = path.name
    data = read_file_capped(path, MAX_BESTIARY_BYTES, "an m3desk bestiary")
    raw = decode_json_bytes(
        data, source=source, path=path, limit=MAX_BESTIARY_BYTES, expected="an m3desk bestiary"
    )
    if not isinstance(raw, dict) or raw.get("format") != "m3desk.bestiary":
        raise load_error(source, path, "it is not an m3desk bestiary")
    system = str(raw.get("system", ""))
    monster_type = next((t for t in sheets() if t.system == system and t.kind == "monster"), None)
    if monster_type is None:
        raise load_error(source, path, f"no installed game has the id “{system[:40]}”")
    monsters = raw.get("monsters")
    if not isinstance(monsters, list):
        raise load_error(source, path, "it lists no monsters")
    if len(monsters) > MAX_MONSTERS:
        raise load_error(
            source, path, f"it lists {len(monsters)} monsters; a bestiary may hold {MAX_MONSTERS}"
        )
    entries: list[BestiaryEntry] = []
    skipped: list[str] = []
    read_attacks = _attack_reader(system)
    for number, item in enumerate(monsters, start=1):
        body = item.get("sheet") if isinstance(item, dict) else None
        printed = item.get("srd") if isinstance(item, dict) else None
        try:
            sheet = monster_type.model.model_validate(body)
        except ValidationError as exc:
            skipped.append(f"monster {number}: " + "; ".join(summarize_validation_error(exc)))
            continue
        line = printed.get("attacks") if isinstance(printed, dict) else None
        if isinstance(line, str) and line.strip() and read_attacks is not None:
            sheet, _unread = read_attacks(sheet, line[:600])  # the book's routines
        facets = item.get("facets") if isinstance(item.get("facets"), dict) else {}
        level = facets.get("level", 0)
        modes = facets.get("modes", ())
        entries.append(
            BestiaryEntry(
                sheet,
                printed if isinstance(printed, dict) else {},
                level=float(level) if isinstance(level, int | float) and 0 <= level <= 100 else 0,
                alignment=str(facets.get("alignment", ""))[:40],
                modes=tuple(str(m)[:20] for m in modes[:8]) if isinstance(modes, list) else (),
                summary=str(facets.get("summary", ""))[:200],
                appearing=str(facets.get("appearing", ""))[:40],
            )
        )
    licence_name = raw.get("licence")
    licence = path.parent / licence_name if isinstance(licence_name, str) else None
    return Bestiary(
        system=system,
        title=str(raw.get("title", system))[:120],
        path=path,
        licence=licence if licence is not None and licence.is_file() else None,
        entries=tuple(entries),
        skipped=tuple(skipped),
    )


def _attack_reader(system: str) -> Callable[[BaseModel, str], tuple[BaseModel, list[str]]] | None:
    """The game's reader of an attack line as its book prints it (``srd.attacks`` of an
    entry), which turns it into the monster's routines; None when the game has none."""
    try:
        form = registry.get(system).sheet_forms.get("monster")
    except registry.UnknownSystemError:
        return None
    return form.read_attacks if form is not None else None


def bundled_bestiaries(folder: Path) -> list[Path]:
    """The bestiary files under ``folder`` (``resources/bestiary``), in a stable order."""
    return sorted(folder.glob("*/*.json"))


__all__ += ["DocumentLoadError", "bundled_bestiaries"]
