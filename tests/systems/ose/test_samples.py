"""The bundled OSE samples load through storage and equal what samples.py builds."""

from __future__ import annotations

from m3desk.assets import resource_path
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.samples import characters, monsters, samples
from m3desk.systems.ose.sheet import CharacterSheet


def test_every_sample_file_equals_samples_py() -> None:
    folder = resource_path("samples", "ose")
    built = samples()
    files = sorted(folder.glob("*.m3[cm]"))
    assert sorted(p.stem for p in files) == sorted(built)
    for path in files:
        loaded = load_sheet(path)
        assert loaded.model == built[path.stem], path.name
        assert path.suffix == (".m3c" if isinstance(loaded.model, CharacterSheet) else ".m3m")


def test_the_party_of_four_at_first_level() -> None:
    party = characters()
    assert len(party) == 4 and all(c.level == 1 for c in party.values())
    morgan = derive(party["Morgan Ironwolf"])  # digest §13
    assert (morgan["ac"].value, morgan["thac0"].value, morgan["mod.STR"].value) == (3, 19, 2)
    assert party["Morgan Ironwolf"].max_hit_points == 6
    # Class die average rounded up + CON: elf d6 → 4, cleric d6 + 1 → 5, thief d4 → 3.
    assert [party[n].max_hit_points for n in ("Silverleaf", "Sister Rebecca", "Lirra")] == [4, 5, 3]
    assert derive(party["Lirra"])["thief.CS"].value == 87  # digest §2, thief level 1


def test_the_monsters_as_the_srd_prints_them() -> None:
    found = monsters()
    expected = {  # name: (AC, THAC0, MV, ML, XP, hp)
        "Goblin": (6, 19, 60, 7, 5, 3),
        "Orc": (6, 19, 120, 6, 10, 4),
        "Hobgoblin": (6, 18, 90, 8, 15, 5),
        "Hobgoblin boss": (6, 16, 90, 8, 75, 10),
        "Giant rat": (7, 19, 120, 8, 5, 2),
    }
    for name, (ac, thac0, mv, ml, xp, hp) in expected.items():
        sheet = found[name]
        values = derive(sheet)
        assert (
            values["ac"].value,
            values["thac0"].value,
            sheet.movement,
            sheet.morale,
            sheet.xp,
            sheet.max_hit_points,
        ) == (ac, thac0, mv, ml, xp, hp), name
        assert not values["thac0"].overridden, name  # the HD row agrees with the print
    assert derive(found["Goblin"])["save.D"].value == 14  # NH, as printed
    assert derive(found["Hobgoblin boss"])["save.D"].value == 10  # HD 4–6 row
    assert found["Giant rat"].movement_other == "60' (20') swimming"
