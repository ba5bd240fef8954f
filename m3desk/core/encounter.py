"""The encounter skeleton every game shares: combatants in sides, where they stand, rounds,
turn order from the system's initiative scheme, conditions counting down, and the log.

Where they stand: a game that measures in bands keeps one band per pair (``positions``); a
game that measures distance gives each combatant a place on a plane (``places``, see
:mod:`m3desk.core.places`) and every distance is measured between places, so a move changes
every distance that depends on it and no two distances contradict each other.

Pure functions over a frozen :class:`Encounter`; each returns a new encounter, so the UI keeps
the before and after of every change in one undo command. A game system subclasses
:class:`Combatant` (to give it the game's sheet) and :class:`Encounter` (to add what only that
game tracks, and to say how it orders turns and measures positions), and keeps its own rules
in its own package; the functions here work on any such subclass.

The skeleton is cut by what it does: the records and what reads them
(:mod:`~m3desk.core.encounter_model`), who is in the fight
(:mod:`~m3desk.core.encounter_roster`), where they stand
(:mod:`~m3desk.core.encounter_places`) and whose turn it is
(:mod:`~m3desk.core.encounter_turns`); this module gathers their public names, so callers
import them from here.
"""

from m3desk.core.encounter_model import (
    MAX_COMBATANTS,
    MAX_LOG,
    MAX_SIDES,
    AppliedAt,
    Combatant,
    ConditionState,
    E,
    Encounter,
    LogEntry,
    NoOptions,
    Phase,
    acting,
    add_log,
    add_logs,
    counted_down,
    current_count,
    effective_initiative,
    group_counts,
    pair_key,
    phase_title,
    place_of,
    position_between,
    replace_sheet,
    turn_order,
    update_combatant,
)
from m3desk.core.encounter_places import (
    arrange,
    closing_place,
    foes_within,
    move_to,
    nudge_position,
    place_at_distances,
    set_position,
    sides_apart,
    sides_apart_text,
    start_apart,
)
from m3desk.core.encounter_roster import (
    add_condition,
    join,
    join_all,
    remove_combatant,
    remove_condition,
)
from m3desk.core.encounter_turns import (
    InitiativeNeededError,
    act_now,
    delay,
    first_turn_follows,
    next_turn,
    pass_over_down,
    previous_turn,
    set_initiative,
    set_side_initiative,
    start,
    who_acts_next,
)

__all__ = [
    "MAX_COMBATANTS",
    "MAX_LOG",
    "MAX_SIDES",
    "AppliedAt",
    "Combatant",
    "ConditionState",
    "E",
    "Encounter",
    "InitiativeNeededError",
    "LogEntry",
    "NoOptions",
    "Phase",
    "act_now",
    "acting",
    "add_condition",
    "add_log",
    "add_logs",
    "arrange",
    "closing_place",
    "counted_down",
    "current_count",
    "delay",
    "effective_initiative",
    "first_turn_follows",
    "foes_within",
    "group_counts",
    "join",
    "join_all",
    "move_to",
    "next_turn",
    "nudge_position",
    "pair_key",
    "pass_over_down",
    "phase_title",
    "place_at_distances",
    "place_of",
    "position_between",
    "previous_turn",
    "remove_combatant",
    "remove_condition",
    "replace_sheet",
    "set_initiative",
    "set_position",
    "set_side_initiative",
    "sides_apart",
    "sides_apart_text",
    "start",
    "start_apart",
    "turn_order",
    "update_combatant",
    "who_acts_next",
]
