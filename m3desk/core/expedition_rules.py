"""How a game runs an expedition, as pure functions the Expedition tab calls.

``GameSystem.exploration`` is a game's :class:`ExplorationRules`, or None for a game that
has no exploration yet. Every function takes an expedition (the game's own subclass of
:class:`~m3desk.core.expedition.Expedition`) and returns values or a new expedition; the
window pushes each new expedition as one undo step.

An exploration action (search, listen at a door, a wandering-monster check) is a
:class:`~m3desk.core.sheet_rolls.SheetRoll` with who makes it and how long it takes: the odds
shown are counted from its one test (:func:`~m3desk.core.sheet_rolls.chance`) and a roll,
rolled or typed, is judged by the same test (:func:`~m3desk.core.sheet_rolls.outcome`), so
the shown odds and the result can never disagree. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from pydantic import BaseModel

from m3desk.core.expedition import Expedition
from m3desk.core.sheet_rolls import RollOutcome, SheetRoll

__all__ = [
    "ClockMode",
    "Due",
    "EncounterTable",
    "ExplorationAction",
    "ExplorationCommand",
    "ExplorationRules",
    "PartySheet",
]


class ClockMode(NamedTuple):
    """A way the clock counts: the dungeon's 10-minute turns, the wilderness's days."""

    id: str
    label: str
    """"Dungeon", "Wilderness"."""
    unit: str
    """The unit's id, also its word ("turn", "day")."""
    plural: str
    """"turns", "days"."""
    terrains: tuple[tuple[str, str], ...] = ()
    """The terrains this mode offers, by id and words ("forest", "Forest")."""


class Due(NamedTuple):
    """One line of what is due now ("Torch (Aldo): 1 turn left")."""

    text: str
    urgent: bool = False
    """Something to do this very turn (a check due, a light out, a rest overdue)."""


class ExplorationAction(NamedTuple):
    """An action with a chance: the roll that decides it, who makes it, the time it takes."""

    id: str
    """Stable within the expedition ("search.Aldo", "wandering")."""
    roll: SheetRoll
    who: str = ""
    """The member who makes it ("" for the party or the referee)."""
    takes: int = 0
    """Units of the clock it uses (a search: one turn)."""
    brings_encounter: bool = False
    """Success means monsters are met (a wandering-monster check)."""


class ExplorationCommand(NamedTuple):
    """A step without dice (light a torch, rest, refill a lantern): its id and its words."""

    id: str
    label: str
    tip: str = ""
    group: str = ""
    """Commands of one group share one menu button named by it ("Lights"); "" stands alone."""


class PartySheet(NamedTuple):
    """A sheet joining the party, with the file it came from (None: a sample or a tab)."""

    sheet: BaseModel
    path: str | None = None


def _party_of(expedition: Expedition) -> tuple[PartySheet, ...]:
    return tuple(PartySheet(member.sheet, member.source_path) for member in expedition.members)


def _no_commands(_expedition: Expedition) -> tuple[ExplorationCommand, ...]:
    return ()


def _no_command(expedition: Expedition, _command: str) -> Expedition:
    return expedition


class EncounterTable(NamedTuple):
    """Where a wandering check's monsters come from: the game's encounter table for the
    expedition's place (its name in the game's random tables; "" for none) and which of the
    bestiary's numbers appearing applies when the table's row gives none (0: the first;
    1: the one in brackets, as a book prints a lair's or the wilderness's number)."""

    table: str = ""
    appearing: int = 0


def _no_table(_expedition: Expedition) -> EncounterTable:
    return EncounterTable()


class ExplorationRules(NamedTuple):
    """Everything the Expedition tab needs from a game."""

    expedition_type: type[Expedition]
    modes: tuple[ClockMode, ...]
    new_expedition: Callable[[Sequence[PartySheet], str, str, str, BaseModel | None], Expedition]
    """(party, name, place, mode id, options or None for the defaults) → a new expedition."""
    clock_words: Callable[[Expedition], str]
    """The clock as the table says it ("Turn 7 · 1 hour 10 minutes")."""
    advance: Callable[[Expedition], Expedition]
    """One unit of the clock passed: lights burn, rests and checks fall due, one log line."""
    due: Callable[[Expedition], tuple[Due, ...]]
    actions: Callable[[Expedition], tuple[ExplorationAction, ...]]
    act: Callable[[Expedition, ExplorationAction, RollOutcome], Expedition]
    """The expedition after the action was rolled (or typed) and judged: logged, its time
    counted, an encounter met where a check came up."""
    movement: Callable[[Expedition], str]
    """How far the party moves a unit, from its slowest member's sheet as the sheet says."""
    fight_over: Callable[[Expedition, int], Expedition]
    """A fight of that many rounds ended: counted into the clock."""
    change_mode: Callable[[Expedition, str, str], Expedition]
    """(mode id, terrain id) → the expedition going on there, one log line."""
    commands: Callable[[Expedition], tuple[ExplorationCommand, ...]] = _no_commands
    command: Callable[[Expedition, str], Expedition] = _no_command
    party: Callable[[Expedition], tuple[PartySheet, ...]] = lambda expedition: _party_of(expedition)
    """The party's sheets, for the encounter a check brings."""
    provisions: Callable[[Expedition], tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = (
        lambda _expedition: ((), ())
    )
    """The party's light and supplies as a table: its column titles and a row a member
    (the printed sheet, and whatever else lists them)."""
    with_table_rules: Callable[[Expedition, BaseModel], Expedition] = lambda expedition, _rules: (
        expedition
    )
    """The expedition reading its sheets under the game's table rules (the settings' or an
    encounter's), so its movement and chances are what the sheets show."""
    encounter_table: Callable[[Expedition], EncounterTable] = _no_table
    """The table a wandering check that came up is rolled on, for the expedition's place."""
    options_model: type[BaseModel] | None = None

    def mode(self, mode_id: str) -> ClockMode:
        return next((m for m in self.modes if m.id == mode_id), self.modes[0])
