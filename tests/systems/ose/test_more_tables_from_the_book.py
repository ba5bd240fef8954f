"""The rest of OSE's tables read row by row against the SRD's own lines
(tests/fixtures/book_text/ose.txt, copied from the SRD's Markdown): the six ability tables
and the prime requisite's XP modifier (every score 3–18 through the derived sheet), the
weapons and armour of the equipment list, the basic and detailed encumbrance movement rates
(each side of each load's edge), the morale rules, surprise, the encounter distance and the
reaction table. The SRD prints INT's literacy, the weapons' cost and weight and the armour's
cost and weight, which m3desk does not keep; those are not compared. Where m3desk keeps
something else than the SRD prints, m3desk/systems/ose/errata.md says why."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from m3desk.core.dice import DiceExpr
from m3desk.systems.ose import combat, movement, tables
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import OseCombatant, OseEncounter
from m3desk.systems.ose.encounter_setup import distance_dice, reaction_of
from m3desk.systems.ose.round import surprised_sides
from m3desk.systems.ose.sheet import Abilities, CharacterSheet, MonsterSheet
from m3desk.systems.ose.tables import OseClass
from tests.systems.book_text import block, blocks, prose, rows, scores, signed

GAME = "ose"
ERRATA = (Path(tables.__file__).parent / "errata.md").read_text(encoding="utf-8")


def _table(header: str) -> list[list[str]]:
    """The rows under the SRD table's header row whose first cell is ``header``."""
    found = [
        table[i + 1 :]
        for b in blocks(GAME)
        for table in (rows(b.text),)
        for i, row in enumerate(table)
        if row[0] == header
    ]
    assert len(found) == 1, header
    return found[0]


def _derived(cls: OseClass = OseClass.FIGHTER, **score: int) -> dict[str, int]:
    sheet = CharacterSheet(name="Ann", char_class=cls, abilities=Abilities(**score))
    return {key: value.value for key, value in derive(sheet).items()}


def _every_score(table: list[list[str]]) -> list[tuple[int, list[str]]]:
    tried = [(score, row[1:]) for row in table for score in scores(row[0], last=18)]
    assert [score for score, _row in tried] == list(range(3, 19))
    return tried


# -- abilities --------------------------------------------------------------------------------


def test_strength_melee_and_open_doors_every_score() -> None:
    for score, (melee, doors) in _every_score(_table("STR")):
        values = _derived(STR=score)
        assert values["mod.STR"] == signed(melee), score
        assert values["open_doors"] == int(doors.split("-in-")[0]), score


def test_intelligence_languages_every_score() -> None:
    for score, (spoken, _literacy) in _every_score(_table("INT")):
        extra = re.search(r"\+ (\d+) additional", spoken)
        assert _derived(INT=score)["languages"] == (int(extra[1]) if extra else 0), score


def test_wisdom_magic_saves_every_score() -> None:
    for score, (saves,) in _every_score(_table("WIS")):
        assert _derived(WIS=score)["mod.WIS"] == signed(saves), score


def test_dexterity_ac_missile_and_initiative_every_score() -> None:
    """A bonus lowers AC: unarmoured AC 9 less the modifier; AAC is 19 − AC."""
    for score, (ac, missile, initiative) in _every_score(_table("DEX")):
        values = _derived(DEX=score)
        assert values["mod.DEX"] == signed(ac) == signed(missile), score
        assert values["ac"] == tables.ARMOUR_AC["unarmoured"] - signed(ac), score
        assert values["aac"] == 19 - values["ac"], score
        assert values["initiative"] == signed(initiative), score


def test_constitution_hit_points_every_score() -> None:
    for score, (hit_points,) in _every_score(_table("CON")):
        assert _derived(CON=score)["mod.CON"] == signed(hit_points), score


def test_charisma_reactions_retainers_and_loyalty_every_score() -> None:
    for score, (reactions, most, loyalty) in _every_score(_table("CHA")):
        values = _derived(CHA=score)
        assert values["reaction"] == signed(reactions), score
        assert values["retainers"] == int(most), score
        assert values["loyalty"] == int(loyalty), score


@pytest.mark.parametrize(
    "cls", [c for c in OseClass if len(tables.PRIME_REQUISITES[c]) == 1], ids=str
)
def test_a_single_prime_requisite_s_xp_modifier_every_score(cls: OseClass) -> None:
    (prime,) = tables.PRIME_REQUISITES[cls]
    for score, (modifier,) in _every_score(_table("Prime Requisite")):
        percent = 0 if modifier == "None" else int(modifier.rstrip("%"))
        assert _derived(cls, **{prime: score})["xp.prime"] == percent, (cls, score)


# -- equipment --------------------------------------------------------------------------------

_NAMES = {"Holy water (vial)": "holy water", "Oil (flask), burning": "burning oil"}
_NOT_KEPT = {"Blunt", "Charge", "Splash weapon"}
"""Qualities the SRD prints that m3desk's weapons do not hold (errata.md)."""


def test_every_weapon_s_damage_qualities_and_ranges() -> None:
    found = {}
    for name, _cost, _weight, damage, qualities in _table("Weapon"):
        listed = qualities.split(", ")
        missile = next((q for q in listed if q.startswith("Missile")), None)
        ranges = None
        if missile is not None:
            ends = re.findall(r"–(\d+)’", missile)
            ranges = tuple(int(end) for end in ends)
        kept = {q.split(" (")[0] for q in listed} - {"Melee", "Missile"}
        assert kept <= {"Slow", "Two-handed", "Brace", "Reload"} | _NOT_KEPT, name
        found[_NAMES.get(name, name.lower())] = tables.WeaponSpec(
            _NAMES.get(name, name.lower()),
            damage,
            "Melee" in listed,
            missile is not None,
            two_handed="Two-handed" in kept,
            slow="Slow" in kept,
            brace="Brace" in kept,
            ranges=ranges,  # type: ignore[arg-type]
            reload="Reload" in kept,
        )
    assert found == tables.WEAPONS
    for quality in _NOT_KEPT:
        assert f"| Weapon qualities | {quality} |" in ERRATA, quality


def test_every_missile_s_range_bands_at_both_sides() -> None:
    """+1 to the last foot of short, 0 to medium's, −1 to long's (SRD Missile quality);
    past long the weapon is not usable (the strike's own check)."""
    text = prose(block(GAME, "| Weapon "))
    assert "Missile" in text
    for spec in tables.WEAPONS.values():
        if spec.ranges is None:
            continue
        short, medium, long = spec.ranges
        bands = [combat.range_band(feet, spec.ranges) for feet in (6, short, short + 1)]
        assert bands == [1, 1, 0], spec.name
        bands = [combat.range_band(feet, spec.ranges) for feet in (medium, medium + 1, long)]
        assert bands == [0, -1, -1], spec.name


def test_every_armour_s_ac_and_aac() -> None:
    found = {"unarmoured": 9}
    for name, ac, _cost, _weight in _table("Armor"):
        if name == "Shield":
            assert ac == "+1 bonus"
            continue
        descending, ascending = re.fullmatch(r"(\d+) \[(\d+)\]", ac).groups()  # type: ignore[union-attr]
        found[name.lower()] = int(descending)
        assert 19 - int(descending) == int(ascending), name
    assert found == tables.ARMOUR_AC
    shielded = CharacterSheet(name="Ann", armour="chainmail", shield=True)
    assert derive(shielded)["ac"].value == tables.ARMOUR_AC["chainmail"] - 1


# -- movement ---------------------------------------------------------------------------------


def _feet(text: str) -> tuple[int, int]:
    """ "120’ (40’)" → (120, 40)."""
    base, encounter = re.fullmatch(r"(\d+)’ \((\d+)’\)", text).groups()  # type: ignore[union-attr]
    return int(base), int(encounter)


def test_basic_encumbrance_every_armour_with_and_without_treasure() -> None:
    kinds = {"Unarmored": "none", "Light armor": "light", "Heavy armor": "heavy"}
    table = _table("Armor Worn")
    assert [row[0] for row in table] == list(kinds)
    for worn, without, carrying in table:
        for treasure, cell in ((False, without), (True, carrying)):
            base, per_round = _feet(cell)
            rate = movement.base_rate(
                encumbrance="basic",
                armour=kinds[worn],  # type: ignore[arg-type]
                treasure=treasure,
            )
            assert rate == base, (worn, treasure)
            assert movement.encounter_rate(base) == per_round, (worn, treasure)


def test_detailed_encumbrance_each_load_at_both_sides() -> None:
    """ "Up to 400 coins" is 120' at 400 and 90' at 401 …; past 1,600 nothing moves."""
    before = 0
    for load, cell in _table("Encumbrance"):
        most = int(re.fullmatch(r"Up to ([\d,]+) coins", load)[1].replace(",", ""))  # type: ignore[index]
        base, per_round = _feet(cell)
        for coins in (before + 1, most):
            assert movement.base_rate(encumbrance="detailed", coins=coins) == base, coins
        assert movement.encounter_rate(base) == per_round
        before = most
    assert movement.base_rate(encumbrance="detailed", coins=before + 1) is None


# -- encounters and morale --------------------------------------------------------------------


def test_morale_every_score_at_both_sides() -> None:
    """2d6 "equal to or lower than morale score" fights on, "higher" flees; 2 never fights
    and 12 never checks (no roll, no odds)."""
    text = prose(block(GAME, "number from 2–12"))
    low, high = (int(v) for v in re.search(r"number from (\d+)–(\d+)", text).groups())  # type: ignore[union-attr]
    assert "A score of 2: Means the monster will not fight." in text
    assert "A score of 12: Means the monster fights to the death, never checking morale." in text
    assert "Equal to or lower than morale score: The monster will continue to fight." in text
    assert (low, high) == (2, 12)
    for ml in range(low + 1, high):
        assert combat.morale_holds(ml, ml) and not combat.morale_holds(ml + 1, ml), ml
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= ml)
        assert combat.morale_pass_chance(ml) == Fraction(ways, 36), ml
    assert not any(combat.morale_holds(roll, low) for roll in range(2, 13))
    assert all(combat.morale_holds(roll, high) for roll in range(2, 13))
    assert combat.morale_pass_chance(low) is None and combat.morale_pass_chance(high) is None


def _encounter(**rolls: int) -> OseEncounter:
    party = OseCombatant(id="a", name="Ann", side="party", sheet=CharacterSheet(name="Ann"))
    foe = OseCombatant(id="b", name="Orc", side="foes", sheet=MonsterSheet(name="Orc"))
    return OseEncounter(combatants=(party, foe), surprise_rolls=rolls)


def test_surprise_one_or_two_on_a_d6() -> None:
    """Each face of the side's d6 through the rule the set-up asks: 2 is surprised, 3 not."""
    text = prose(block(GAME, "means the side is surprised"))
    faces = [int(v) for v in re.search(r"A result of (\d) or (\d) means", text).groups()]  # type: ignore[union-attr]
    for face in range(1, 7):
        assert surprised_sides(_encounter(foes=face)) == (["foes"] if face in faces else []), face
    assert combat.surprise_chance() == Fraction(len(faces), 6)


def test_the_encounter_distance_dice() -> None:
    text = prose(block(GAME, "2d6 × 10 feet"))
    dungeon = re.search(r"Dungeon: (\d+d\d+) × 10 feet\.", text)
    wild = re.search(r"Wilderness: (\d+d\d+) × 10 yards \(or (\d+d\d+) × 10 yards if", text)
    assert dungeon is not None and wild is not None
    for rolls in ({}, {"foes": 2}, {"party": 1}, {"foes": 3}):
        surprised = bool(surprised_sides(_encounter(**rolls)))
        assert distance_dice(_encounter(**rolls), "dungeon") == DiceExpr.parse(dungeon[1])
        expected = DiceExpr.parse(wild[2] if surprised else wild[1])
        assert distance_dice(_encounter(**rolls), "wilderness") == expected, rolls


def test_the_reaction_table_every_total_at_both_sides() -> None:
    """Each row's first and last total ("2 or less" from a CHA penalty's −2 up, "12 or more"
    to a bonus's 14)."""
    table = _table("2d6")
    assert len(table) == 5
    for label, result in table:
        if match := re.fullmatch(r"(\d+) or less", label):
            first, last = int(match[1]) - 2, int(match[1])
        elif match := re.fullmatch(r"(\d+) or more", label):
            first, last = int(match[1]), int(match[1]) + 2
        else:
            first, last = (int(v) for v in label.split("–"))
        for total in (first, last):
            assert reaction_of(total) == result.lower(), (label, total)


# -- the class pages' own numbers, and the edges the tables leave to their rules --------------


def test_the_elf_s_and_the_halfling_s_two_prime_requisites_every_pair() -> None:
    """ "An elf with at least 13 INT and STR gains a 5% bonus … an INT of at least 16 and a
    STR of at least 13 receives a +10%"; "A halfling with at least 13 in one prime requisite
    gains a 5% … If both DEX and STR are 13 or higher … +10%": every pair of scores 3–18."""
    elf = prose(block(GAME, "An elf with at least"))
    low, high, strength = (
        int(v)
        for v in re.search(
            r"at least (\d+) INT and STR gains a 5% bonus.*?INT of at least (\d+) and a STR of "
            r"at least (\d+) receives a \+10%",
            elf,
        ).groups()  # type: ignore[union-attr]
    )
    halfling = prose(block(GAME, "A halfling with at least"))
    one, both = (
        int(v)
        for v in re.search(
            r"at least (\d+) in one prime requisite gains a 5%.*?both DEX and STR are (\d+) or "
            r"higher, the halfling gets a \+10%",
            halfling,
        ).groups()  # type: ignore[union-attr]
    )
    for first in range(3, 19):
        for second in range(3, 19):
            scores = {"INT": first, "STR": second, "DEX": first}
            expected = (
                10
                if first >= high and second >= strength
                else 5
                if min(first, second) >= low
                else 0
            )
            assert tables.prime_requisite_xp(OseClass.ELF, scores) == expected, (first, second)
            many = sum(1 for score in (first, second) if score >= min(one, both))
            assert tables.prime_requisite_xp(OseClass.HALFLING, scores) == 5 * many
    assert _derived(OseClass.ELF, INT=16, STR=13)["xp.prime"] == 10


@pytest.mark.parametrize("cls", list(OseClass), ids=str)
def test_the_halfling_s_defence_initiative_and_missiles(cls: OseClass) -> None:
    """A halfling's AC is 2 better against larger foes, +1 to individual initiative and +1
    to every missile attack; no other class has them."""
    assert "+2 bonus to Armor Class when attacked by large opponents" in block(GAME, "Due to")
    assert "halflings get a bonus of +1 to initiative rolls" in block(
        GAME, "optional rule for individual"
    )
    assert "+1 bonus to attack rolls with all missile weapons" in block(GAME, "keen coordination")
    values = _derived(cls)
    halfling = cls is OseClass.HALFLING
    assert values["ac.larger_foes"] == values["ac"] - (2 if halfling else 0)
    assert values["initiative"] == (1 if halfling else 0)
    plain = _derived(OseClass.FIGHTER)
    assert values["missile.hit"] - plain["missile.hit"] == (
        (1 if halfling else 0)
        + (19 - tables.class_thac0(cls, 1))
        - (19 - tables.class_thac0(OseClass.FIGHTER, 1))
    )


def test_melee_at_five_feet_missiles_past_it_to_long_range() -> None:
    """ "Melee: Close quarters weapon (5’ or less)"; "Missile: … greater than 5’ distance"
    up to its long range: which weapons a character may strike with at each distance."""
    from m3desk.systems.ose.forms import weapon
    from m3desk.systems.ose.weaponry import _usable

    text = prose(block(GAME, "Close quarters weapon"))
    reach = int(re.search(r"Close quarters weapon \((\d+)’ or less\)", text)[1])  # type: ignore[index]
    assert f"greater than {reach}’ distance" in text
    for name, spec in tables.WEAPONS.items():
        sheet = CharacterSheet(name="Ann", weapons=(weapon(name),))
        assert bool(_usable(sheet, reach)) == spec.melee, name
        if spec.ranges is None:
            assert not _usable(sheet, reach + 1), name
            continue
        assert bool(_usable(sheet, reach + 1)) and bool(_usable(sheet, spec.ranges[2])), name
        assert not _usable(sheet, spec.ranges[2] + 1), name


def test_no_encumbrance_rule_moves_everyone_at_the_unarmoured_rate() -> None:
    assert movement.base_rate(encumbrance="none", armour="heavy", coins=5000) == 120
    assert movement.base_rate(encumbrance="basic") == 120
    assert movement.base_rate(encumbrance="detailed") == 120


# -- the wilderness ---------------------------------------------------------------------------

_TERRAIN_NAMES = {"woods": "forest", "barren lands": "barren", "settled lands": "settled"}
_NOT_TERRAINS = {"aerial", "broken lands", "maintained roads"}
"""Terrains of the SRD's lists that m3desk's expedition does not offer (errata.md)."""


def _terrain_lists(containing: str) -> dict[str, str]:
    """ "- **Clear, grasslands:** 1-in-6." → {"clear": "1-in-6", "grasslands": "1-in-6"}."""
    found = {}
    for names, value in re.findall(r"- \*\*(.+?):\*\* (.+?)\.$", block(GAME, containing), re.M):
        for name in re.split(r", ", names.lower()):
            found[_TERRAIN_NAMES.get(name, name)] = value
    return found


def test_every_terrain_s_wandering_lost_and_travel_chances() -> None:
    """Chance by Terrain (wandering monsters), Losing Direction and the Terrain Modifiers,
    every terrain of each list; an n-in-6 chance is a d6 of at most n, so n comes up and
    n + 1 does not."""
    from m3desk.systems.ose.exploration_model import TERRAINS, in_six

    wandering = _terrain_lists("City, clear, grasslands")
    lost = _terrain_lists("Barren lands, hills")
    speed = _terrain_lists("33% slower")
    kept = {t.id: t for t in TERRAINS}
    for listed in (wandering, lost, speed):
        for name in set(listed) - set(kept):
            assert name in _NOT_TERRAINS and f"| Terrains | {name} |" in ERRATA, name
    assert {name for name in wandering if name in kept} == set(kept)
    shares = {"33% slower": Fraction(2, 3), "50% slower": Fraction(1, 2)}
    for terrain in TERRAINS:
        assert terrain.check == int(wandering[terrain.id].split("-in-")[0]), terrain.id
        chance = lost.get(terrain.id)
        assert terrain.lost == (int(chance.split("-in-")[0]) if chance else None), terrain.id
        assert terrain.speed == shares.get(speed.get(terrain.id, ""), Fraction(1)), terrain.id
        for n in filter(None, (terrain.check, terrain.lost)):
            assert in_six(n, n) and not in_six(n, n + 1), terrain.id
