"""Initiative as the table rolls it: who rolls, their modifier, and the dice they show.

Initiative is a ranked check, 3d6 +
:func:`m3desk.systems.monsters_and_magic.initiative.initiative_modifier`
(DEX, or INT while casting, + level + initiative traits). The dialog pre-rolls the dice so
that one Enter accepts them, and lets the GM type the dice the players really rolled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from m3desk.core.encounter import who_acts_next
from m3desk.core.numbers import signed
from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic.dice import DiceError, Roller, parse_faces
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.initiative import (
    initiative_modifier,
    initiative_result,
    initiative_terms,
)

__all__ = ["InitiativeRequest", "initiative_requests", "read_dice", "who_rolls_next"]


@dataclass(frozen=True, slots=True)
class InitiativeRequest:
    """One combatant's initiative roll waiting for its dice."""

    combatant_id: str
    name: str
    modifier: int
    terms: tuple[Term, ...]
    casting: bool
    rolled: tuple[int, int, int]
    """Dice the roller offers; the GM may type others."""

    @property
    def terms_text(self) -> str:
        return " ".join(f"{t.label} {signed(t.value)}" for t in self.terms) or "no modifier"

    def result(self, dice_total: int) -> int:
        return initiative_result(dice_total, self.modifier)

    def details(self, dice_text: str, dice_total: int) -> str:
        """The log's explanation: "3d6 (5 5 4) = 14, DEX +6 level +1 → 21"."""
        shown = f"3d6 ({dice_text}) = {dice_total}" if dice_text else f"3d6 = {dice_total}"
        return f"{shown}, {self.terms_text} → {self.result(dice_total)}"


def who_rolls_next(encounter: Encounter) -> list[str]:
    """Ids of those who act in the coming round (set-up looks ahead to the surprise round)."""
    return who_acts_next(encounter)


def initiative_requests(
    encounter: Encounter, ids: Iterable[str], roller: Roller
) -> list[InitiativeRequest]:
    requests = []
    for combatant_id in ids:
        combatant = encounter.combatant(combatant_id)
        rules = encounter.options
        modifier = initiative_modifier(combatant.sheet, casting=combatant.casting, rules=rules)
        terms = initiative_terms(combatant.sheet, casting=combatant.casting, rules=rules)
        if sum(t.value for t in terms) != modifier:  # the sheet overrides its initiative
            terms = (Term(label="initiative (set on the sheet)", value=modifier),)
        requests.append(
            InitiativeRequest(
                combatant_id, combatant.name, modifier, terms, combatant.casting, roller.roll_3d6()
            )
        )
    return requests


def read_dice(text: str) -> int:
    """The 3d6 total from what the GM typed: three faces ("5 5 4", "554") or a total ("14").

    Raises :class:`DiceError` with a message for the person typing.
    """
    faces = parse_faces(text)
    if len(faces) == 3 and all(1 <= face <= 6 for face in faces):
        return sum(faces)
    stripped = text.strip()
    if stripped.isdigit() and 3 <= int(stripped) <= 18:
        return int(stripped)
    raise DiceError(
        f"'{text.strip()}' is not a 3d6 roll: type three faces (5 5 4) or their total (3 to 18)"
    )
