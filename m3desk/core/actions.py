"""An action of the fight as one typed, frozen value: what the action dialog offers, the
preview shows, the roll resolves and the forecast plays.

A game builds its actions as :class:`Action` values and reads their fields back; nothing
parses a string to learn which weapon or whose back is meant ("attack:3".split(":") was
how it used to be done, and it broke silently whenever a part was added). The fields are
general on purpose, so the core names no game: ``kind`` says what is done ("attack",
"save", "morale", "move"); ``index`` which weapon, attack, spell or routine of the sheet;
``target`` the combatant the action carries with it (an opportunity attack's mover, an
Apparatus attack's foe); ``variant`` which of the kind (the saving throw, the way a move
goes, the damage column, the morale check's scope); ``amount`` a number it carries (metres,
a run-up, a morale adjustment).
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core.numbers import signed

__all__ = ["Action"]


@dataclass(frozen=True, slots=True)
class Action:
    """One action a combatant can take, by value: equal actions are the same action."""

    kind: str
    index: int | None = None
    """The weapon, attack, spell or routine on the actor's sheet (a routine by its number,
    from 1); None: the action uses none."""
    target: str | None = None
    """The combatant id the action is aimed at when the action itself carries it; None:
    the dialog's target (if any) is used."""
    variant: str = ""
    """Which of its kind: the saving throw ("death"), the way a move goes ("toward"), the
    damage column ("sm"), the scope of a morale check ("side")."""
    amount: int = 0
    """A number the action carries: metres moved, a run-up, a morale adjustment."""

    def __str__(self) -> str:
        """The action for a developer's eye (a test's failure, a log of the forecast), and the
        opaque key the players' phones send back for it (matched whole against the actions
        offered, never parsed back, never stored)."""
        parts = [self.kind]
        if self.index is not None:
            parts.append(f"#{self.index}")
        if self.variant:
            parts.append(self.variant)
        if self.amount:
            parts.append(signed(self.amount))
        if self.target is not None:
            parts.append(f"@{self.target}")
        return " ".join(parts)
