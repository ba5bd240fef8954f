"""OSE spells with a range: the SRD's list, the rings on the map, reach and the cast action,
Foundry's spell ranges, and sheets written before spells had a range."""

from __future__ import annotations

import json
from pathlib import Path

from m3desk.assets import game_data, resource_path
from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.sheet_form import fill_row, find_preset
from m3desk.core.system import Ring
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose.forms import SPELL_LIST, SPELL_TABLE, spell_presets
from m3desk.systems.ose.foundry import character_from_foundry, character_to_foundry
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.sheet import CharacterSheet, Spell
from m3desk.systems.ose.table import ENCOUNTER_RULES as RULES
from m3desk.systems.ose.tables import OseClass

CAST_0 = Action("cast", 0)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
assert RULES.edit is not None and RULES.resolve is not None


def _srd() -> dict[str, Spell]:
    return {p.name: p.row for p in spell_presets(game_data(SPELL_LIST))}  # type: ignore[misc]


def test_the_srd_list_holds_names_levels_classes_and_ranges_only() -> None:
    data = game_data(SPELL_LIST)
    assert resource_path(data["licence"]).is_file()  # the OGL beside the bestiary's
    assert len(data["spells"]) == 118
    assert all(
        set(s) <= {"name", "level", "classes", "range", "base", "per_level"} for s in data["spells"]
    )
    srd = _srd()
    # Numbers as the SRD prints them.
    assert (srd["Sleep"].level, srd["Sleep"].range) == (1, 240)
    assert (srd["Magic Missile"].level, srd["Magic Missile"].range) == (1, 150)
    assert (srd["Fire Ball"].level, srd["Fire Ball"].range) == (3, 240)
    assert (srd["Lightning Bolt"].level, srd["Lightning Bolt"].range) == (3, 180)
    assert srd["Insect Plague"].range == 480 and srd["Cure Light Wounds"].range == 0
    assert (srd["Hold Person (cleric)"].level, srd["Hold Person (cleric)"].range) == (2, 180)
    assert (srd["Hold Person (magic-user)"].level, srd["Hold Person (magic-user)"].range) == (
        3,
        120,
    )
    assert "range" not in srd["Detect Invisible"].model_fields_set  # 10' a level: typed
    assert srd["Light"].name == "Light"  # on both lists at the same level and range: once
    # Where the compendium differs, the SRD's text (tools/build_ose_spells.py ERRATA):
    # Feeblemind "Range: 240’"; Remove Fear reversed, Cause Fear: "a target within 120’".
    assert (srd["Feeblemind"].level, srd["Feeblemind"].range) == (5, 240)
    assert (srd["Cause Fear"].level, srd["Cause Fear"].range) == (1, 120)
    assert srd["Remove Fear"].range == 0  # the caster or a creature touched


def test_a_spell_of_the_list_fills_level_and_range_and_keeps_its_cast_mark() -> None:
    table = SPELL_TABLE._replace(presets=spell_presets(game_data(SPELL_LIST)))
    sheet = CharacterSheet(
        name="Zed", char_class=OseClass.MAGIC_USER, spells=(Spell(name="x", level=4, cast=True),)
    )
    preset = find_preset(table, " fire ball ")
    assert preset is not None
    filled = fill_row(sheet, table, 0, preset)
    assert filled.spells[0] == Spell(name="Fire Ball", level=3, range=240, cast=True)


def _fight(caster: CharacterSheet, feet: int) -> tuple[core.Encounter, str, str]:
    encounter = RULES.encounter_type(name="Spells")
    encounter = core.join(encounter, RULES.make_combatant(caster, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(monsters()["Goblin"], "Goblins"))
    elf, goblin = (c.id for c in encounter.combatants)
    return core.set_position(encounter, elf, goblin, feet), elf, goblin


def _elf(*spells: Spell) -> CharacterSheet:
    return characters()["Silverleaf"].model_copy(update={"spells": spells})


def test_the_map_rings_the_caster_at_each_range_of_its_uncast_spells() -> None:
    elf = _elf(
        Spell(name="Sleep", range=240),
        Spell(name="Light", range=120),
        Spell(name="Charm Person", range=120),
        Spell(name="Ventriloquism", range=60),
        Spell(name="Phantasmal Force", range=240),
        Spell(name="Web", range=10),
        Spell(name="Magic Missile", range=150, cast=True),
        Spell(name="Shield", range=0),
        Spell(name="Mystery"),
    )
    encounter, caster, _ = _fight(elf, 100)
    rings = [r for r in RULES.rings(encounter, caster) if r.kind == "spell"]
    assert rings == [
        Ring(10, "Web", "spell"),
        Ring(60, "Ventriloquism", "spell"),
        Ring(120, "Light, Charm Person", "spell"),
        Ring(240, "Sleep, Phantasmal Force", "spell"),
    ]
    three = _elf(*(Spell(name=n, range=120) for n in ("Light", "Charm Person", "Sleep")))
    encounter, caster, _ = _fight(three, 100)
    assert [r.label for r in RULES.rings(encounter, caster) if r.kind == "spell"] == [
        "Light, Charm Person +1"
    ]


def test_reach_and_the_cast_action_share_the_spells_range() -> None:
    encounter, elf, goblin = _fight(_elf(Spell(name="Sleep", range=240)), 240)
    declared, _ = RULES.edit(encounter, elf, "declared", "cast: Sleep")
    [cast] = [a for a in RULES.actions(declared, elf) if a.id == CAST_0]
    assert cast.needs_target and "Range 240 ft" in cast.help
    assert "Sleep" in RULES.reach(declared, elf, goblin).options
    assert RULES.reach(declared, elf, goblin).in_reach
    assert RULES.preview(declared, elf, CAST_0, goblin).problem == ""
    outcome = RULES.resolve(declared, elf, CAST_0, goblin, ())
    assert outcome.summary == "Silverleaf casts Sleep at Goblin"
    far = core.set_position(declared, elf, goblin, 250)
    assert "Sleep" not in RULES.reach(far, elf, goblin).options
    assert RULES.preview(far, elf, CAST_0, goblin).problem == (
        "Goblin is 250 ft away: beyond Sleep's range of 240 ft."
    )
    # A spell of touch reaches a creature in melee only, and asks for no target.
    touch, cleric, foe = _fight(_elf(Spell(name="Cure Light Wounds", range=0)), 5)
    assert RULES.reach(touch, cleric, foe).options[-1] == "Cure Light Wounds"
    assert (
        "Cure Light Wounds"
        not in RULES.reach(core.set_position(touch, cleric, foe, 10), cleric, foe).options
    )
    assert not next(a for a in RULES.actions(touch, cleric) if a.id == CAST_0).needs_target


def test_a_sheet_saved_before_spell_ranges_opens_with_no_range_known() -> None:
    old = FIXTURES / "ose_spells_v1" / "silverleaf.m3c"
    assert "range" not in json.loads(old.read_text(encoding="utf-8"))["document"]["spells"][0]
    sheet = load_sheet(old).model
    assert isinstance(sheet, CharacterSheet)
    assert sheet.spells == (Spell(name="Sleep", level=1),) and sheet.spells[0].range is None
    encounter, caster, _ = _fight(sheet, 100)
    assert all(r.kind != "spell" for r in RULES.rings(encounter, caster))


def test_foundry_spell_ranges_go_both_ways() -> None:
    sheet = _elf(Spell(name="Sleep", range=240), Spell(name="Shield", range=0), Spell(name="Odd"))
    actor, _notes = character_to_foundry(sheet)
    ranges = [i["system"]["range"] for i in actor["items"] if i["type"] == "spell"]
    assert ranges == ["240'", "Touch", ""]
    back, _problems, _kept = character_from_foundry(actor)
    assert isinstance(back, CharacterSheet)
    assert [s.range for s in back.spells] == [240, 0, None]
