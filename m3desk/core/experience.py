"""Sharing a fight's experience among the survivors, and adding it to their sheets.

What a foe is worth is each game's rule; splitting the total evenly, raising or lowering a
share by a percentage (OSE's prime requisite), and writing it onto the sheets in one step are
the same everywhere, and live here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from m3desk.core import encounter as core
from m3desk.core.numbers import signed
from m3desk.core.system import ExperienceAward, ExperienceShare

__all__ = ["MAX_EXPERIENCE", "add_to_sheets", "split"]

E = TypeVar("E", bound=core.Encounter)
MAX_EXPERIENCE = 10_000_000


def split(total: int, survivors: Sequence[tuple[str, str, int]],
          ) -> tuple[tuple[ExperienceShare, ...], tuple[str, ...]]:
    """Each survivor's share of ``total``: (combatant id, name, bonus percent) in, shares and
    notes out (a remainder, or nobody left to share)."""
    if not survivors:
        return (), (("no character is left standing to share it",) if total else ())
    share = total // len(survivors)
    notes: tuple[str, ...] = ()
    if total % len(survivors):
        notes = (f"{total} XP split {len(survivors)} ways: {share} each, "
                 f"{total % len(survivors)} left over",)
    shares = tuple(
        ExperienceShare(combatant_id, name, share + share * percent // 100,
                        f"share {share}" + (f", {signed(percent)} % prime requisite"
                                            if percent else ""))
        for combatant_id, name, percent in survivors)
    return shares, notes


def add_to_sheets(encounter: E, award: ExperienceAward) -> E:
    """The encounter with each share added to the ``experience`` on the survivor's sheet,
    one log line for them all."""
    after = encounter
    for share in award.shares:
        sheet = after.combatant(share.combatant_id).sheet
        total = min(int(getattr(sheet, "experience", 0)) + share.xp, MAX_EXPERIENCE)
        after = core.replace_sheet(after, share.combatant_id,
                                   sheet.model_copy(update={"experience": total}))
    parts = ", ".join(f"{s.name} +{s.xp}" for s in award.shares) or "nobody"
    return core.add_log(after, f"Experience: {award.total} XP for the foes defeated; {parts}")
