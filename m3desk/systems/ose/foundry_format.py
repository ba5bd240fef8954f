"""Foundry VTT's Old-School Essentials actor JSON as the seam's exchange format.

The reader and the writer (:mod:`m3desk.systems.ose.foundry`, with its HTML, dice and
spell parsing) load with the first import or export of such a file, not with the game: the
window's menus and ``m3desk export-pdf`` need only this record.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from m3desk.core.system import ExchangeFormat, ExchangeRead

__all__ = ["FOUNDRY_ACTOR"]


def _read(actor: Any) -> ExchangeRead:
    from m3desk.systems.ose.foundry import read_actor

    return read_actor(actor)


def _write(sheet: BaseModel) -> tuple[Any, tuple[str, ...]]:
    from m3desk.systems.ose.foundry import write_actor

    return write_actor(sheet)


FOUNDRY_ACTOR = ExchangeFormat(
    id="foundry-ose-actor",
    label="Foundry VTT actor (OSE)",
    extension=".json",
    read=_read,
    write=_write,
)
"""Foundry VTT's Old-School Essentials actor JSON, in and out (File → Import/Export)."""
