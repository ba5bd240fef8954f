"""What the players may know of a fight: one definition for every screen they look at.

The player view's window and the players' phones (:mod:`m3desk.table_server`) both show a
*players' copy* of the encounter (:func:`players_copy`): hidden combatants and their
distances removed, the log left out. :func:`order_lines` is the order as both write it:
each combatant's name, a player character's hit points as numbers, a monster's as words
(:func:`perceived`), the conditions, and whose turn it is; :func:`round_text` the round's
heading.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.log_entries import LogEntries
from m3desk.core.numbers import pool_text

__all__ = [
    "HEALTH_WORDS",
    "OrderLine",
    "is_player_character",
    "order_lines",
    "perceived",
    "players_copy",
    "pool_text",
    "round_text",
]

HEALTH_WORDS = ("unhurt", "wounded", "badly wounded", "down")


def perceived(current: int, maximum: int, *, down: bool | None = None) -> str:
    """How a wound looks from across the table, without a number. ``down`` is the game's
    ``out_of_fight`` where it is known (the one answer the tracker, the player view and the
    forecast share); without it, no hit points left is down."""
    if down if down is not None else current <= 0:
        return "down"
    if current >= maximum:
        return "unhurt"
    if current * 2 > maximum:
        return "wounded"
    return "badly wounded"


def players_copy(encounter: core.Encounter) -> core.Encounter:
    """The encounter without what the players may not know: hidden combatants, their
    distances, a turn that is theirs, and the log."""
    shown = tuple(c for c in encounter.combatants if not c.hidden)
    ids = {c.id for c in shown}
    positions = {
        key: value for key, value in encounter.positions.items() if set(key.split("|")) <= ids
    }
    places = {key: value for key, value in encounter.places.items() if key in ids}
    return encounter.model_copy(
        update={
            "combatants": shown,
            "positions": positions,
            "places": places,
            "log": LogEntries(),
            "turn": encounter.turn if encounter.turn in ids else None,
            "resume": encounter.resume if encounter.resume in ids else None,
        }
    )


def is_player_character(combatant: core.Combatant) -> bool:
    return getattr(combatant.sheet, "kind", "") == "character"


@dataclass(frozen=True)
class OrderLine:
    """One combatant in the players' order: ``text`` is the whole line as the player view
    writes it ("Brak · HP 7/9 · Prone"), its parts beside it for a page that lays them out."""

    id: str
    name: str
    health: str
    conditions: str
    acting: bool
    character: bool

    @property
    def text(self) -> str:
        return " · ".join(part for part in (self.name, self.health, self.conditions) if part)


def order_lines(copy: core.Encounter) -> list[OrderLine]:
    """The players' copy ``copy`` in turn order (those not in the order yet after)."""
    rules = registry.system_of(copy).encounter
    listed = [c for count in core.turn_order(copy) for c in count]
    placed = {c.id for c in listed}
    listed += [c for c in copy.combatants if c.id not in placed]
    # The pool by the tracker's word for it ("HP", Monsters & Magic's "PHP"), as the
    # sheet's headline writes it ("HP 14/14").
    pool_name = next(
        (column.title for column in (rules.columns if rules else ()) if column.kind == "pool"), "HP"
    )
    lines = []
    for combatant in listed:
        pool = rules.pool(combatant) if rules is not None else None
        down = copy.out_of_fight(combatant)
        character = is_player_character(combatant)
        if pool is None:
            health = "down" if down else ""
        elif character:
            health = f"{pool_name} {pool_text(*pool)}" + (", down" if down else "")
        else:
            health = perceived(*pool, down=down)
        lines.append(
            OrderLine(
                combatant.id,
                combatant.name,
                health,
                ", ".join(c.name for c in combatant.conditions),
                combatant.id == copy.turn,
                character,
            )
        )
    return lines


def round_text(copy: core.Encounter) -> str:
    """The round's heading: "Round 2 — Brak" (the step alone in set-up or between turns)."""
    title = core.phase_title(copy.phase, copy.round)
    if copy.turn is None or copy.phase == "setup":
        return title
    return f"{title} — {copy.combatant(copy.turn).name}"
