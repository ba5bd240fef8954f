"""Pikes' sheet forms."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.sheet_form import FieldSpec, SectionSpec, SheetForm
from m3desk.core.sheet_print import CombatBox, PrintedStat, PrintSpec
from m3desk.core.terms import Term
from tests.pikes_system.sheet import PikesBody, PikesMonster, PikesSheet


def derive(sheet: BaseModel, _options: BaseModel | None) -> dict[str, Derived]:
    assert isinstance(sheet, PikesBody)
    terms = (Term(label="guard", value=sheet.guard),)
    return {"guard": Derived("guard", "Guard", sheet.guard, terms, sheet.overrides.get("guard"))}


def _sections(first: tuple[FieldSpec, ...]) -> tuple[SectionSpec, ...]:
    return (
        SectionSpec("Who", first),
        SectionSpec(
            "Fighting",
            (
                FieldSpec("vigour", "Vigour", "int", minimum=-99, maximum=999),
                FieldSpec("max_vigour", "Max Vigour", "int", minimum=1, maximum=999),
                FieldSpec("guard", "Guard", "int", minimum=0, maximum=20),
                FieldSpec("skill", "Skill", "int", minimum=-5, maximum=10),
                FieldSpec("harm", "Harm", "int", minimum=1, maximum=20),
            ),
            derived=("guard",),
        ),
        SectionSpec("Notes", (FieldSpec("notes", "Notes", "long_text"),), wide=True),
    )


PRINTED = PrintSpec(combat=CombatBox((PrintedStat("guard"),), hit_points=("vigour",)))
CHARACTER_FORM = SheetForm(
    sections=_sections((FieldSpec("name", "Name"), FieldSpec("banner", "Banner"))),
    derive=derive,
    new_sheet=lambda name, _options=None: PikesSheet(name=name),
    summary=lambda sheet: f"Pikeman, Guard {getattr(sheet, 'guard', 0)}",
    printed=PRINTED,
)
MONSTER_FORM = SheetForm(
    sections=_sections((FieldSpec("name", "Name"),)),
    derive=derive,
    new_sheet=lambda name, _options=None: PikesMonster(name=name),
    summary=lambda sheet: f"Foe, Guard {getattr(sheet, 'guard', 0)}",
    printed=PRINTED,
)
