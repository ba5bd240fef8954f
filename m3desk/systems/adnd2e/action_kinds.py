"""The AD&D 2e actions that carry no weapon or saving throw, as the action list offers them
and the moves and the morale check read them: one definition each."""

from __future__ import annotations

from m3desk.core.actions import Action

__all__ = ["AWAY", "FLEE", "MORALE", "TOWARD", "WITHDRAW"]

TOWARD = Action("move", variant="toward")
"""Up to the allowance toward the target, stopping at 5 ft."""
AWAY = Action("move", variant="away")
"""Straight away from the target."""
WITHDRAW = Action("move", variant="withdraw")
"""A withdrawal: away from a foe in melee, a third of the movement."""
FLEE = Action("move", variant="flee")
"""Away from every foe engaged (or the nearest): each gets a free attack at the back."""
MORALE = Action("morale")
"""A monster's morale check, 2d10 against its morale."""
