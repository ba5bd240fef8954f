"""Pikes' one export: ``SYSTEM``."""

from __future__ import annotations

from functools import partial

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.sheet_rolls import SheetRoll, at_least
from m3desk.core.system import DocumentSpec, EncounterRules, GameSystem, TrackerColumn
from tests.pikes_system import encounter as rules
from tests.pikes_system.forms import CHARACTER_FORM, MONSTER_FORM
from tests.pikes_system.identity import IDENTITY_WORDS, sheet_identity
from tests.pikes_system.options import PikesOptions
from tests.pikes_system.sheet import PikesMonster, PikesSheet


def sheet_rolls(sheet: BaseModel, _options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    """Pikes' one roll from a sheet: a test of skill, 1d12 + skill reaching 7."""
    skill = int(getattr(sheet, "skill", 0))
    return (
        SheetRoll(
            "skill",
            f"Skill test ({signed(skill)})",
            "Tests",
            DiceExpr.parse("1d12"),
            partial(at_least, 7 - skill),
            f"{7 - skill} or more",
        ),
    )


SYSTEM = GameSystem(
    id="pikes",
    name="Pikes",
    summary="A throwaway game of three bands, a d12 each, Vigour worn down.",
    documents=(
        DocumentSpec("character", "m3desk.character", ".m3c", PikesSheet, 1, "character"),
        DocumentSpec("monster", "m3desk.monster", ".m3m", PikesMonster, 1, "monster"),
        DocumentSpec("encounter", "m3desk.encounter", ".m3e", rules.PikesEncounter, 1, "encounter"),
    ),
    options_model=PikesOptions,
    initiative=rules.SCHEME,
    positions=rules.BANDS,
    sheet_forms={"character": CHARACTER_FORM, "monster": MONSTER_FORM},
    sheet_identity=sheet_identity,
    sheet_rolls=sheet_rolls,
    identity_words=IDENTITY_WORDS,
    encounter=EncounterRules(
        encounter_type=rules.PikesEncounter,
        make_combatant=rules.make_combatant,
        pool=rules.pool,
        with_hit_points=rules.with_vigour,
        columns=(
            TrackerColumn(
                "vigour", "Vigour", "Vigour left of the most", kind="pool", sample="999/999"
            ),
            TrackerColumn("guard", "Guard", "The Guard a strike must reach", sample="99"),
        ),
        cell=rules.cell,
        edit=rules.edit,
        rings=rules.rings,
        reach=rules.reach,
        actions=rules.actions,
        preview=rules.preview,
        resolve=rules.resolve,
    ),
)
