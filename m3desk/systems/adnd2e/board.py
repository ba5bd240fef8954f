"""AD&D's board for the tracker's selected combatant: the rings of its reach and its
weapons' and spells' ranges, who is in reach, and the summary beside it (the fight's
rules module, :mod:`.table`, gathers it)."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.spell_range import spell_rings, spells_within
from m3desk.core.system import Reach, Ring
from m3desk.systems.adnd2e import moves
from m3desk.systems.adnd2e.attack_plan import _meets_charge, _mode
from m3desk.systems.adnd2e.attack_plan import _modifier as _modifier
from m3desk.systems.adnd2e.attack_plan import _Plan as _Plan
from m3desk.systems.adnd2e.attack_plan import _plan as _plan
from m3desk.systems.adnd2e.encounter import MELEE_FEET as MELEE_FEET
from m3desk.systems.adnd2e.encounter import (
    _combatant,
    _declaration,
    _feet_per_point,
    _options,
    _rate,
    attacks_of,
    ranges_feet,
)
from m3desk.systems.adnd2e.encounter import _ranges_feet as _ranges_feet
from m3desk.systems.adnd2e.encounter import allowance as allowance
from m3desk.systems.adnd2e.movement import combat_movement_feet
from m3desk.systems.adnd2e.sheet import CharacterSheet

# -- the board ------------------------------------------------------------------------------


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    combatant = _combatant(encounter, centre)
    options = _options(encounter)
    rings = [Ring(MELEE_FEET, "melee", "reach")]
    declaration = _declaration(combatant)
    if declaration is not None:
        left = moves.allowance_left(encounter, centre)  # what the declaration still allows
        if left.amount:
            rings.append(Ring(left.amount, left.label, "move"))
    else:
        names = {"close": "close", "charge": "charge", "withdraw": "withdraw", "move": "full move"}
        rate = _rate(combatant.sheet, options)  # derived once, not once per ring
        for action in ("close", "withdraw", "move", "charge"):
            feet = combat_movement_feet(rate, action, feet_per_point=_feet_per_point(options))
            if feet:
                rings.append(Ring(feet, names[action], "move"))
    for attack in attacks_of(combatant.sheet, options):
        ranges = ranges_feet(attack, options) if attack.missile else None
        if ranges:
            rings += [
                Ring(feet, f"{attack.name} {band}", "range")
                for feet, band in zip(ranges, ("short", "medium", "long"), strict=True)
            ]
    return (*rings, *spell_rings(_spell_ranges(combatant.sheet)))


def _spell_ranges(sheet: BaseModel) -> tuple[tuple[str, int | None], ...]:
    """The spells not yet cast, each with its range in feet (0 touch, None unknown)."""
    if not isinstance(sheet, CharacterSheet):
        return ()
    return tuple((spell.name, spell.range) for spell in sheet.spells if not spell.cast)


def _reach_at(encounter: core.Encounter, a: str, feet: int) -> Reach:
    combatant = _combatant(encounter, a)
    usable = [
        x.name
        for x in attacks_of(combatant.sheet, _options(encounter))
        if _mode(encounter, combatant, x, feet)
    ]
    usable += spells_within(_spell_ranges(combatant.sheet), feet, MELEE_FEET)
    return Reach(options=tuple(usable), in_reach=bool(usable))


_reach_by_distance = ReachByDistance(_reach_at)
"""The board asks about the centre against everyone: answered once per distance."""


def _reach(encounter: core.Encounter, a: str, b: str) -> Reach:
    """Reach by distance, and a weapon set against a charge reaches the charger coming in."""
    found = _reach_by_distance(encounter, a, b)
    combatant, other = _combatant(encounter, a), _combatant(encounter, b)
    if found.in_reach or combatant.declared != "set" or other.declared != "charge":
        return found
    feet = core.position_between(encounter, a, b)
    setting = [
        x.name
        for x in attacks_of(combatant.sheet, _options(encounter))
        if _meets_charge(encounter, combatant, x, other, feet)
    ]
    return Reach(options=tuple(setting), in_reach=True) if setting else found


def _centre_summary(encounter: core.Encounter, centre: str) -> tuple[str, ...]:
    combatant = _combatant(encounter, centre)
    options = _options(encounter)
    lines = []
    for attack in attacks_of(combatant.sheet, options):
        ranges = ranges_feet(attack, options) if attack.missile else None
        where = (
            f"{'melee, ' if attack.melee else ''}{ranges[0]}/{ranges[1]}/{ranges[2]} ft"
            if ranges
            else "melee"
        )
        lines.append(f"{attack.name}: {where}")
    return tuple(lines)
