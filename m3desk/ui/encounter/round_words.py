"""What a game declares of its round in words: its steps (``GameSystem.phases``) for the
round's tooltip, and its maneuvers (``GameSystem.maneuvers``) beside the declared actions
the tracker offers to pick from."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from m3desk.core.numbers import signed
from m3desk.core.system import GameSystem, Maneuver

__all__ = ["choice_tips", "maneuver_tip", "round_steps"]


def round_steps(system: GameSystem) -> str:
    """ "The round: 1. Declare: spells, … 2. Initiative: …", one step a line ("" if none)."""
    if not system.phases:
        return ""
    lines = [f"{system.name}'s round:"]
    lines += [
        f"{number}. {phase.title}" + (f": {phase.help}" if phase.help else "")
        for number, phase in enumerate(system.phases, 1)
    ]
    return "\n".join(lines)


def _share(share: Fraction) -> str:
    if share == 0:
        return "no movement"
    if share == 1:
        return "full movement"
    return f"{share} of its movement" if share < 1 else f"{share}× its movement"


def maneuver_tip(maneuver: Maneuver) -> str:
    """What the maneuver allows, in one line: its help, movement, attacks and modifiers."""
    facts = []
    if maneuver.category:
        facts.append(maneuver.category)
    if maneuver.movement_share:
        facts.append(_share(maneuver.movement_share))
    if maneuver.may_attack:
        facts.append("may attack")
    if maneuver.may_cast:
        facts.append("casts")
    for value, words in (
        (maneuver.to_hit, "to hit"),
        (maneuver.armour_class, "AC"),
        (maneuver.foe_initiative, "foes' initiative"),
    ):
        if value:
            facts.append(f"{words} {signed(value)}")
    text = maneuver.help.rstrip(".")
    if facts:
        text = f"{text} ({', '.join(facts)})" if text else ", ".join(facts)
    return f"{maneuver.name}: {text}" if text else maneuver.name


def choice_tips(system: GameSystem, choices: Sequence[str]) -> tuple[str, ...]:
    """Each choice's tooltip: the game's maneuver of that name, or nothing."""
    by_name = {maneuver.name.casefold(): maneuver for maneuver in system.maneuvers}
    return tuple(
        maneuver_tip(by_name[choice.casefold()]) if choice.casefold() in by_name else ""
        for choice in choices
    )
