"""Skirmish's one export: ``SYSTEM``, the GameSystem the registry loads."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.sheet_rolls import SheetRoll, at_least
from m3desk.core.system import DocumentSpec, EncounterRules, GameSystem, TrackerColumn
from tests.skirmish_system import encounter as rules
from tests.skirmish_system.forms import CHARACTER_FORM, MONSTER_FORM
from tests.skirmish_system.identity import IDENTITY_WORDS, sheet_identity
from tests.skirmish_system.options import SkirmishOptions
from tests.skirmish_system.sheet import SkirmishMonster, SkirmishSheet


def sheet_rolls(sheet: BaseModel, _options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    """Skirmish's one roll from a sheet: a test of Might, 1d8 + Might reaching 5."""
    might = int(getattr(sheet, "might", 0))
    return (
        SheetRoll(
            "might",
            f"Might test ({signed(might)})",
            "Tests",
            DiceExpr.parse("1d8"),
            partial(at_least, 5 - might),
            f"{5 - might} or more",
        ),
    )


SYSTEM = GameSystem(
    id="skirmish",
    name="Skirmish",
    summary="A test-only game of metres on a grid, each rolling a d8, Resolve worn down.",
    documents=(
        DocumentSpec("character", "m3desk.character", ".m3c", SkirmishSheet, 1, "character"),
        DocumentSpec("monster", "m3desk.monster", ".m3m", SkirmishMonster, 1, "monster"),
        DocumentSpec(
            "encounter", "m3desk.encounter", ".m3e", rules.SkirmishEncounter, 1, "encounter"
        ),
    ),
    options_model=SkirmishOptions,
    initiative=rules.SCHEME,
    positions=rules.METRES,
    sheet_forms={"character": CHARACTER_FORM, "monster": MONSTER_FORM},
    sheet_identity=sheet_identity,
    sheet_rolls=sheet_rolls,
    identity_words=IDENTITY_WORDS,
    encounter=EncounterRules(
        encounter_type=rules.SkirmishEncounter,
        make_combatant=rules.make_combatant,
        pool=rules.pool,
        with_hit_points=rules.with_resolve,
        columns=(
            TrackerColumn(
                "resolve", "Resolve", "Resolve left of the most", kind="pool", sample="999/999"
            ),
            TrackerColumn("guard", "Guard", "The Guard a blow must reach", sample="99"),
            TrackerColumn("stance", "Stance", "How the combatant stands", sample="steady"),
        ),
        cell=rules.cell,
        edit=rules.edit,
        status=rules.status,
        rings=rules.rings,
        reach=rules.reach,
        actions=rules.actions,
        preview=rules.preview,
        resolve=rules.resolve,
        roll_initiative=rules.roll_initiative,
        roll_words=rules.roll_words,
    ),
)

SAMPLES = Path(__file__).resolve().parent / "samples" / "skirmish"
