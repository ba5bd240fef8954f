"""Sharing a fight's experience among the survivors, and adding it to their sheets.

What a foe is worth is each game's rule; splitting the total evenly, raising or lowering a
share by a percentage (OSE's prime requisite), and writing it onto the sheets in one step are
the same everywhere, and live here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.numbers import minus, signed
from m3desk.core.system import ExperienceAward, ExperienceShare

__all__ = ["MAX_EXPERIENCE", "add_to_sheets", "hit_points_and_experience", "split", "written_back"]

E = TypeVar("E", bound=core.Encounter)
MAX_EXPERIENCE = 10_000_000


def split(
    total: int, survivors: Sequence[tuple[str, str, int]]
) -> tuple[tuple[ExperienceShare, ...], tuple[str, ...]]:
    """Each survivor's share of ``total``: (combatant id, name, bonus percent) in, shares and
    notes out (a remainder, or nobody left to share)."""
    if not survivors:
        return (), (("no character is left standing to share it",) if total else ())
    share = total // len(survivors)
    notes: tuple[str, ...] = ()
    if total % len(survivors):
        notes = (
            f"{total} XP split {len(survivors)} ways: {share} each, "
            f"{total % len(survivors)} left over",
        )
    shares = tuple(
        ExperienceShare(
            combatant_id,
            name,
            share + share * percent // 100,
            f"share {share}" + (f", {signed(percent)} % prime requisite" if percent else ""),
        )
        for combatant_id, name, percent in survivors
    )
    return shares, notes


def add_to_sheets(encounter: E, award: ExperienceAward) -> E:
    """The encounter with each share added to the ``experience`` on the survivor's sheet,
    one log line for them all."""
    after = encounter
    for share in award.shares:
        sheet = after.combatant(share.combatant_id).sheet
        total = min(int(getattr(sheet, "experience", 0)) + share.xp, MAX_EXPERIENCE)
        after = core.replace_sheet(
            after, share.combatant_id, sheet.model_copy(update={"experience": total})
        )
    parts = ", ".join(f"{s.name} +{s.xp}" for s in award.shares) or "nobody"
    return core.add_log(after, f"Experience: {award.total} XP for the foes defeated; {parts}")


def written_back(
    on_disk: BaseModel, fought: BaseModel, character_fields: tuple[str, ...] = ("experience",)
) -> BaseModel:
    """The file's sheet with what a fight changes on sheets that count hit points: the hit
    points (within the file's own maximum) and, on a character, ``character_fields``
    (experience, spells used). Everything else in the file stays the file's."""
    if type(on_disk) is not type(fought) or not hasattr(on_disk, "hit_points"):
        return on_disk
    update: dict[str, object] = {
        "hit_points": min(
            int(getattr(fought, "hit_points", 0)), int(getattr(on_disk, "max_hit_points", 0))
        )
    }
    if getattr(on_disk, "kind", "") == "character":
        update.update({name: getattr(fought, name) for name in character_fields})
    return on_disk.model_copy(update=update)


def hit_points_and_experience(before: BaseModel, after: BaseModel) -> list[str]:
    """What writing back changes in hit points and experience, in the table's words."""
    changes = []
    for field, label in (("hit_points", "hit points"), ("experience", "experience")):
        old, new = getattr(before, field, 0), getattr(after, field, 0)
        if old != new:
            changes.append(f"{label} {minus(old)} → {minus(new)}")  # "−3", as every pool
    return changes
