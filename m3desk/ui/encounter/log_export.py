"""The encounter log as plain text, for pasting into session notes or a campaign wiki."""

from __future__ import annotations

import os

from m3desk.core.encounter import Encounter, LogEntry, phase_title
from m3desk.storage.atomic import atomic_write_bytes

__all__ = [
    "actor_name",
    "entry_concerns",
    "export_log_text",
    "round_cell",
    "round_text",
    "write_log_text",
]


def entry_concerns(entry: LogEntry, combatant_id: str | None) -> bool:
    """An entry is about a combatant when it acted or was the target (None: every entry)."""
    return combatant_id is None or combatant_id in (entry.actor, entry.target)


def _names(encounter: Encounter) -> dict[str, str]:
    return {c.id: c.name for c in encounter.combatants}


def actor_name(encounter: Encounter, combatant_id: str | None) -> str:
    """A removed combatant's id no longer names anyone; say so rather than print the id."""
    if combatant_id is None:
        return ""
    return _names(encounter).get(combatant_id, "(left the encounter)")


def round_text(entry: LogEntry) -> str:
    """The heading an entry goes under: "Set-up", "Surprise round" or "Round 3"."""
    return phase_title(entry.phase, entry.round)


def round_cell(entry: LogEntry) -> str:
    """The log table's short Round cell: "Set-up", "Surprise" or the round number."""
    if entry.phase == "setup":
        return "Set-up"
    if entry.phase == "surprise":
        return "Surprise"
    return str(entry.round) if entry.round else "–"


def export_log_text(encounter: Encounter, combatant_id: str | None = None) -> str:
    """The log in order, grouped by round; details indented under their entry."""
    lines = [f"Encounter log: {encounter.name}"]
    if combatant_id is not None:
        lines.append(f"Only entries about {actor_name(encounter, combatant_id)}")
    heading: str | None = None
    for entry in encounter.log:
        if not entry_concerns(entry, combatant_id):
            continue
        if round_text(entry) != heading:
            heading = round_text(entry)
            lines += ["", heading]
        actor = actor_name(encounter, entry.actor)
        lines.append(
            f"  {actor}: {entry.text}"
            if actor and not entry.text.startswith(actor)
            else f"  {entry.text}"
        )
        lines += [f"      {line}" for line in entry.details.splitlines() if line.strip()]
    return "\n".join(lines) + "\n"


def write_log_text(path: str | os.PathLike[str], text: str) -> None:
    """Write atomically (an interrupted export never leaves half a file); raises SaveError."""
    atomic_write_bytes(path, text.encode("utf-8"))
