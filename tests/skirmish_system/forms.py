"""Skirmish's sheet forms: what the generic editor and printer show of its sheets."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.sheet_form import FieldSpec, SectionSpec, SheetForm, TableSpec
from m3desk.core.sheet_print import CombatBox, PrintedStat, PrintSpec
from m3desk.core.terms import Term, total
from tests.skirmish_system.sheet import Blade, SkirmishBody, SkirmishMonster, SkirmishSheet

STANCE = {"steady": (0, 0), "bold": (1, -1), "wary": (-1, 1)}
"""What a stance gives: (Might, Guard)."""


def stance_terms(sheet: SkirmishBody) -> tuple[list[Term], list[Term]]:
    """The attack's and the guard's terms: the sheet's numbers and the stance's shift."""
    might, guard = STANCE[sheet.stance]
    attack = [Term(label="Might", value=sheet.might)]
    defence = [Term(label="Guard", value=sheet.guard)]
    if might:
        attack.append(Term(label=f"{sheet.stance} stance", value=might))
    if guard:
        defence.append(Term(label=f"{sheet.stance} stance", value=guard))
    return attack, defence


def derive(sheet: BaseModel, _options: BaseModel | None) -> dict[str, Derived]:
    assert isinstance(sheet, SkirmishBody)
    attack, defence = stance_terms(sheet)
    values = (
        Derived("attack", "Attack", total(attack), tuple(attack)),
        Derived("defence", "Defence", total(defence), tuple(defence)),
    )
    return {
        value.key: Derived(
            value.key, value.label, value.computed, value.terms, sheet.overrides.get(value.key)
        )
        for value in values
    }


def parse(
    text: str, name: str, variant: int = 0, *, kind: type[SkirmishBody] = SkirmishMonster
) -> tuple[BaseModel, list[str]]:
    """ "Guard 8, Resolve 12": what a Skirmish stat block says."""
    values: dict[str, int] = {}
    problems = []
    for part in text.split(","):
        words = part.split()
        if len(words) == 2 and words[0] in ("Guard", "Resolve") and words[1].isdigit():
            values[words[0]] = min(int(words[1]), 30 if words[0] == "Guard" else 999)
        elif part.strip():
            problems.append(f"could not read “{part.strip()}”")
    resolve = max(values.get("Resolve", 10), 1)
    return kind(
        name=name, guard=values.get("Guard", 7), resolve=resolve, max_resolve=resolve
    ), problems


_FIELDS = (
    SectionSpec(
        "Standing",
        (
            FieldSpec("name", "Name"),
            FieldSpec("stance", "Stance", "choice", ("steady", "bold", "wary")),
        ),
    ),
    SectionSpec(
        "Fighting",
        (
            FieldSpec("guard", "Guard", "int", minimum=0, maximum=30),
            FieldSpec("might", "Might", "int", minimum=-5, maximum=10),
            FieldSpec("harm", "Harm", "dice"),
            FieldSpec("reach_m", "Reach (m)", "int", minimum=0, maximum=200),
            FieldSpec("stride_m", "Stride (m)", "int", minimum=0, maximum=200),
            FieldSpec("resolve", "Resolve", "int", minimum=-99, maximum=999),
            FieldSpec("max_resolve", "Most resolve", "int", minimum=1, maximum=999),
        ),
        derived=("attack", "defence"),
    ),
    SectionSpec(
        "Blades",
        table=TableSpec(
            "blades",
            "Blades",
            (
                FieldSpec("name", "Name"),
                FieldSpec("harm", "Harm", "dice"),
                FieldSpec("reach_m", "Reach (m)", "int", minimum=0, maximum=200),
            ),
            Blade,
        ),
        wide=True,
    ),
    SectionSpec("Notes", (FieldSpec("notes", "Notes", "long_text"),), wide=True),
)
_PRINTED = PrintSpec(
    combat=CombatBox(
        (PrintedStat("attack"), PrintedStat("defence")),
        hit_points=("resolve",),
        replaces=("guard", "might"),
    )
)

CHARACTER_FORM = SheetForm(
    sections=(
        _FIELDS[0]._replace(fields=(*_FIELDS[0].fields, FieldSpec("company", "Company"))),
        *_FIELDS[1:],
    ),
    derive=derive,
    new_sheet=lambda name, _options=None: SkirmishSheet(name=name),
    summary=lambda sheet: f"Skirmisher, Guard {getattr(sheet, 'guard', 0)}",
    printed=_PRINTED,
    parse=lambda text, name, variant=0: parse(text, name, variant, kind=SkirmishSheet),
    parse_help="Like: Guard 8, Resolve 12",
)
MONSTER_FORM = SheetForm(
    sections=_FIELDS,
    derive=derive,
    new_sheet=lambda name, _options=None: SkirmishMonster(name=name),
    summary=lambda sheet: f"Skirmish foe, Guard {getattr(sheet, 'guard', 0)}",
    printed=_PRINTED,
    parse=parse,
    parse_help="Like: Guard 8, Resolve 12",
)
