"""Monsters & Magic as m3desk sees it through the seam: its files, options, initiative, bands."""

from __future__ import annotations

from typing import Any

from m3desk.core.system import DocumentSpec, GameSystem, PhaseSpec, WriteBack
from m3desk.systems.monsters_and_magic.encounter import INITIATIVE, POSITIONS, Encounter
from m3desk.systems.monsters_and_magic.generation import GENERATION
from m3desk.systems.monsters_and_magic.identity import sheet_identity
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.sheet_form import SHEET_FORMS
from m3desk.systems.monsters_and_magic.sheet_rolls import sheet_rolls
from m3desk.systems.monsters_and_magic.table import ENCOUNTER_RULES
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.write_back import describe_changes, merged_into

SYSTEM_ID = "monsters_and_magic"
SCHEMA_VERSION = 2
"""Version 2 names the game system in the file's envelope; the document itself is as in 1."""
ENCOUNTER_SCHEMA_VERSION = 3
"""Version 3 keeps the table rules under ``options``, the name every game's encounter uses."""


HELP_PREFIX = "help from "
"""How 0.1 marked a help bonus: by its name alone."""


def _help_is_marked(sheet: dict[str, Any]) -> dict[str, Any]:
    """0.1 told a help bonus by its name; version 2 marks it."""
    conditions = sheet.get("conditions")
    if not isinstance(conditions, list):
        return sheet
    marked = []
    for condition in conditions:
        if (
            isinstance(condition, dict)
            and condition.get("kind") == "effect"
            and str(condition.get("name", "")).startswith(HELP_PREFIX)
        ):
            condition = {**condition, "help": True}
        marked.append(condition)
    return {**sheet, "conditions": marked}


def _names_its_system(document: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2 for sheets: the envelope names the system; help bonuses are marked."""
    return _help_is_marked(document)


def _ranges_become_positions(document: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2 for encounters: the bands per pair are the core's positions per pair, and
    help bonuses on the combatants' sheets are marked."""
    upgraded = dict(document)
    if "ranges" in upgraded:
        upgraded["positions"] = upgraded.pop("ranges")
    combatants = upgraded.get("combatants")
    if isinstance(combatants, list):
        upgraded["combatants"] = [
            {**c, "sheet": _help_is_marked(c["sheet"])}
            if isinstance(c, dict) and isinstance(c.get("sheet"), dict)
            else c
            for c in combatants
        ]
    return upgraded


def _table_rules_become_options(document: dict[str, Any]) -> dict[str, Any]:
    """2 -> 3 for encounters: ``table_rules`` is ``options``, as in every other game."""
    upgraded = dict(document)
    if "table_rules" in upgraded:
        upgraded["options"] = upgraded.pop("table_rules")
    return upgraded


_MIGRATIONS = {1: _names_its_system}
_ENCOUNTER_MIGRATIONS = {1: _ranges_become_positions, 2: _table_rules_become_options}

SYSTEM = GameSystem(
    random_tables=("samples/monsters_and_magic/tables",),
    sheet_rolls=sheet_rolls,
    sheet_identity=sheet_identity,
    identity_words=("Race", "Class"),
    id=SYSTEM_ID,
    name="Monsters & Magic",
    summary="The Effect Engine: 3d6 checks, effect points, range bands.",
    documents=(
        DocumentSpec(
            "character",
            "m3desk.character",
            ".m3c",
            CharacterSheet,
            SCHEMA_VERSION,
            "character",
            _MIGRATIONS,
        ),
        DocumentSpec(
            "monster",
            "m3desk.monster",
            ".m3m",
            MonsterSheet,
            SCHEMA_VERSION,
            "monster",
            _MIGRATIONS,
        ),
        DocumentSpec(
            "encounter",
            "m3desk.encounter",
            ".m3e",
            Encounter,
            ENCOUNTER_SCHEMA_VERSION,
            "encounter",
            _ENCOUNTER_MIGRATIONS,
        ),
    ),
    options_model=TableRules,
    initiative=INITIATIVE,
    positions=POSITIONS,
    phases=(
        PhaseSpec("setup", "Set-up", "Scouting, the starting range and surprise."),
        PhaseSpec("surprise", "Surprise round", "Only the side with surprise acts."),
        PhaseSpec("rounds", "Rounds", "Everyone acts in initiative order, highest first."),
    ),
    encounter=ENCOUNTER_RULES,
    generation=GENERATION,
    write_back=WriteBack(merged_into, describe_changes),  # type: ignore[arg-type]
    accepts_unnamed_files=True,
    sheet_forms=SHEET_FORMS,
)
