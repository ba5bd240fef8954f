"""The rolls an Apparatus sheet offers (``GameSystem.sheet_rolls``).

The seed (004) and its digest name one roll a creature makes on its own, against a number
and not against someone: the **Agility check** after a rough or slippery landing, failed
means Prone. Its DC is not given (the table rule ``landing_dc``, default 10, is the same
one the encounter's jump notice names) and neither is its formula: like the game's other
checks (1d20 + what the check names ≥ a target, digest §5 and §6) it is read as
1d20 + Agility ≥ the DC.

What a sheet does not offer, as the rules have no roll without an opponent: attacks and
rolled Defense (against an attack's total), Grapple and Shove checks (against the target's
Physique Rating) and initiative (rolled in the encounter).
"""

from __future__ import annotations

from functools import partial
from typing import cast

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.sheet_rolls import SheetRoll
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import CharacterSheet, CreatureSheet

__all__ = ["landing_check_succeeds", "sheet_rolls"]

D20 = DiceExpr.parse("1d20")


def landing_check_succeeds(agility: int, dc: int, rolled: int) -> bool:
    """1d20 showing ``rolled`` + Agility meets the landing DC: the creature stays up."""
    return rolled + agility >= dc


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def sheet_rolls(sheet: BaseModel, options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    typed = cast(CharacterSheet | CreatureSheet, sheet)
    dc = (options if isinstance(options, ApparatusOptions) else ApparatusOptions()).landing_dc
    agility = typed.abilities.agility
    rule = partial(landing_check_succeeds, agility, dc)
    lowest = next((face for face in range(1, D20.sides + 1) if rule(face)), None)
    needed = "no face" if lowest is None else f"{lowest} or more"
    return (
        SheetRoll(
            "check.landing",
            f"Agility check, rough or slippery landing ({_signed(agility)} vs DC {dc})",
            "Checks",
            D20,
            rule,
            needed,
            "stays up",
            "falls Prone",
        ),
    )
