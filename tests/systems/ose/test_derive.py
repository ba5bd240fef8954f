"""An OSE character's derived values explain themselves (digest §13: Morgan Ironwolf)."""

from __future__ import annotations

from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import Abilities, CharacterSheet
from m3desk.systems.ose.tables import OseClass


def _morgan() -> CharacterSheet:
    return CharacterSheet(
        name="Morgan Ironwolf",
        char_class=OseClass.FIGHTER,
        abilities=Abilities(STR=16, INT=7, WIS=9, DEX=13, CON=14, CHA=8),
        hit_points=6,
        max_hit_points=6,
        armour="chainmail",
        shield=True,
    )


def test_morgan_ironwolf() -> None:
    values = derive(_morgan())
    assert values["ac"].value == 3  # chain 5, shield −1, DEX 13 −1
    assert values["ac"].explanation() == "AC 3 = chainmail 5 − shield 1 − DEX 1"
    assert values["aac"].value == 16
    assert values["thac0"].value == 19 and values["attack_bonus"].value == 0
    assert values["mod.STR"].value == 2
    assert values["movement"].value == 60 and values["movement.encounter"].value == 20


def test_a_referees_override_shows() -> None:
    morgan = _morgan().model_copy(update={"overrides": {"ac": 2}})
    ac = derive(morgan)["ac"]
    assert ac.value == 2 and ac.overridden and "set by the GM" in ac.explanation()


def test_detailed_encumbrance_option() -> None:
    heavy = _morgan().model_copy(update={"load_coins": 550})
    assert derive(heavy, OseOptions(encumbrance="detailed"))["movement"].value == 90


def test_wis_helps_against_magic_saves() -> None:
    dwarf = CharacterSheet(name="Dain", char_class=OseClass.DWARF, abilities=Abilities(WIS=16))
    values = derive(dwarf)
    assert values["save.S"].value == 10  # 12, −2 for WIS 16: §14.13 needs a natural 10
    assert values["save.B"].value == 13
