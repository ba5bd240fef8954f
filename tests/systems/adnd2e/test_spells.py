"""AD&D spells with a typed range: the digest gives no spell ranges, so the sheet keeps what
the DM types; the map rings the caster at each known range. Files from before (spells as bare
names) open, whether a character file or a sheet held in an encounter."""

from __future__ import annotations

import json
from pathlib import Path

from m3desk.core import encounter as core
from m3desk.core.system import Ring
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes, load_document_bytes
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.adnd2e.samples import ORC
from m3desk.systems.adnd2e.sheet import CharacterSheet, Spell
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES as RULES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
OLD = FIXTURES / "adnd2e_v1" / "delsenora.m3c"
NAMES = ("magic missile", "sleep", "Melf's acid arrow", "web", "lightning bolt")


def test_a_character_file_of_format_1_opens_with_its_spells_as_rows() -> None:
    raw = json.loads(OLD.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 1 and raw["document"]["spells"][0] == "magic missile"
    sheet = load_sheet(OLD).model
    assert isinstance(sheet, CharacterSheet)
    assert sheet.spells == tuple(Spell(name=name) for name in NAMES)


def test_an_encounter_holding_an_old_sheet_still_opens() -> None:
    sheet = load_sheet(OLD).model
    encounter = RULES.encounter_type(name="Old")
    encounter = core.join(encounter, RULES.make_combatant(sheet, "Party"))
    record = json.loads(dump_document_bytes(catalog.document_type(type(encounter)), encounter))
    record["document"]["combatants"][0]["sheet"]["spells"] = list(NAMES)  # as it was saved
    loaded = load_document_bytes(
        json.dumps(record).encode(), catalog.encounters(), source="old.m3e"
    )
    [combatant] = loaded.model.combatants
    assert [s.name for s in combatant.sheet.spells] == list(NAMES)


def test_the_map_rings_the_caster_at_each_typed_range_not_yet_cast() -> None:
    sheet = load_sheet(OLD).model
    assert isinstance(sheet, CharacterSheet)
    typed = (
        Spell(name="magic missile", range=210),
        Spell(name="sleep", range=90),
        Spell(name="Melf's acid arrow", range=540, cast=True),
        Spell(name="web", range=90),
        Spell(name="lightning bolt"),
        Spell(name="shocking grasp", range=0),
    )
    caster = sheet.model_copy(update={"spells": typed})
    encounter = RULES.encounter_type(name="Spells")
    encounter = core.join(encounter, RULES.make_combatant(caster, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(ORC, "Orcs"))
    mage, orc = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, mage, orc, 100)
    assert [r for r in RULES.rings(encounter, mage) if r.kind == "spell"] == [
        Ring(90, "sleep, web", "spell"),
        Ring(210, "magic missile", "spell"),
    ]
    assert "magic missile" in RULES.reach(encounter, mage, orc).options
    assert "sleep" not in RULES.reach(encounter, mage, orc).options
    untyped = core.replace_sheet(encounter, mage, sheet)
    assert all(r.kind != "spell" for r in RULES.rings(untyped, mage))
