"""Attack routines as the SRD writes them (issue 29): the reader, the bestiary held to the
book's best routine, old files, and the same definitions in the dialog and the forecast."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from m3desk.assets import resource_path
from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.routines import Damage, best_routine, routines_of, split_alternatives
from m3desk.storage.bestiary import load_bestiary
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose import forecast, forecast_arms
from m3desk.systems.ose.attacks import afflicted
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.samples import characters
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet
from m3desk.systems.ose.statblock import parse_stat_block, read_attack_line
from m3desk.systems.ose.system import SYSTEM

FIXTURES = Path(__file__).parent.parent.parent / "fixtures"
LINES: dict[str, str] = json.loads(
    (FIXTURES / "ose_srd_attacks" / "lines.json").read_text(encoding="utf-8")
)
RULES = SYSTEM.encounter
assert RULES is not None and RULES.simulate is not None
SPELLING = {"Eefreeti (Lesser)": "Efreeti (Lesser)"}
NOT_IN_THE_TABLES = {
    "Conjured Snake",
    "Gnoll Leader",
    "Gnome Bodyguard",
    "Gnome Chieftain",
    "Gnome Leader",
    "Goblin Bodyguard",
    "Goblin King",
    "Hobgoblin Bodyguard",
    "Hobgoblin King",
    "Killer Bee Guard",
    "Killer Bee Queen",
    "Kobold Bodyguard",
    "Kobold Chieftain",
    "Merman Leader (2hd)",
    "Merman Leader (4hd)",
    "Neanderthal Leader (Caveman)",
    "Orc Chieftain",
    "Orc Leader",
    "Tornado",
    "Werewolf Leader",
}
"""Bestiary monsters whose numbers the SRD gives in a description, not a stat table."""


def _heading(name: str) -> str | None:
    """The SRD stat table a bestiary monster comes from (its variants share one)."""
    name = SPELLING.get(name, " ".join(name.split()))
    plain = re.sub(r"\s*\([^)]*\)$|\s+[abc]$", "", name)
    if m := re.fullmatch(r"Elemental, (\w+)", plain):
        plain = f"{m.group(1)} Elemental"
    return next(
        (h for h in (name, f"{name} (Monster)", plain, f"{plain} (Monster)") if h in LINES), None
    )


def _srd_best(line: str, hit_dice: int) -> Fraction:
    """The most an all-hit round of the line's best routine deals, on average: the top of a
    range of attacks, the largest variant of the damage."""
    routines, _ = read_attack_line(line, hit_dice)
    return max(
        (
            sum(
                (
                    a.count_high * max((d.mean for d in a.damage), default=Fraction(0))
                    for a in routine
                ),
                Fraction(0),
            )
            for routine in routines
        ),
        default=Fraction(0),
    )


def _all_hit(sheet: MonsterSheet) -> Fraction:
    """The sheet's best routine, every attack hitting: what the forecast can deal a round."""
    return max(
        (
            sum(
                (a.count * (a.damage.mean if a.damage else Fraction(0)) for a in routine),
                Fraction(0),
            )
            for routine in routines_of(sheet.attacks)
        ),
        default=Fraction(0),
    )


# -- the reader ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(LINES))
def test_every_srd_attack_line_is_read(name: str) -> None:
    routines, problems = read_attack_line(LINES[name], 5)
    assert not [p for p in problems if p.startswith("could not")], problems
    if LINES[name] != "None":
        assert routines and all(routines), LINES[name]


def test_the_forms_the_srd_uses() -> None:
    def read(line: str) -> list[list[tuple[int, str, str, str]]]:
        return [
            [(a.count, a.name, "/".join(map(str, a.damage)), a.effect) for a in r]
            for r in read_attack_line(line, 4)[0]
        ]

    assert read(LINES["Red Dragon"]) == [
        [(2, "claw", "1d8", ""), (1, "bite", "4d8", "")],
        [(1, "breath", "", "")],
    ]
    # the "or" is the dragon head's: the lion and the goat attack in the breath round too
    assert read(LINES["Chimera"])[1] == [
        (2, "claw", "1d3", ""),
        (1, "goat gore", "2d4", ""),
        (1, "lion bite", "2d4", ""),
        (1, "dragon breath", "3d6", ""),
    ]
    assert read(LINES["Giant Hawk"]) == [[(1, "talons or beak", "1d6", "")]]
    assert read(LINES["Bone Golem"]) == [[(2, "weapon", "1d6", "")], [(4, "weapon", "1d6", "")]]
    assert read(LINES["Dragon Turtle"])[0][1] == (1, "bite", "1d6 × 10", "")
    assert read(LINES["Bronze Golem"]) == [[(1, "fist", "3d10 + 1d10", "heat")]]
    assert read(LINES["Hellhound"])[1] == [(1, "breath", "4d6", "")]  # 1d6 per HD, HD 4
    assert read(LINES["Carcass Crawler"]) == [[(8, "tentacle", "", "paralysis")]]
    assert read(LINES["Vampire"]) == [
        [(1, "touch", "1d10", "energy drain")],
        [(1, "gaze", "", "charm")],
    ]
    assert read(LINES["Gorgon"])[1] == [(1, "breath", "", "petrification")]
    assert read(LINES["Insect Swarm"]) == [[(1, "swarm", "2/4", "")]]
    assert read(LINES["Giant Catfish"])[0][0] == (1, "bite", "2d8", "")  # "Att Att"
    assert read("None") == []
    hydra = read_attack_line(LINES["Hydra"])[0][0][0]
    assert (hydra.count, hydra.count_high) == (5, 12)
    assert split_alternatives("[1 × gore (1d6), 1 × bite] or 1 × weapon (1d6 or by weapon)") == [
        "1 × gore (1d6), 1 × bite",
        "1 × weapon (1d6 or by weapon)",
    ]


def test_special_damage_reads_rolls_and_prints_as_written() -> None:
    bite = Damage.parse("1d6 × 10")
    assert (bite.faces, bite.total([4]), bite.maximum, bite.mean) == ((6,), 40, 60, 35)
    fist = Damage.parse("3d10 + 1d10")
    assert (str(fist), fist.total([1, 2, 3, 4]), len(fist.distribution())) == (
        "3d10 + 1d10",
        10,
        37,
    )
    assert str(Damage.parse("2d4+1")) == "2d4+1" and str(Damage.parse("+2")) == "2"


def test_a_stat_block_with_routines_fills_the_sheet() -> None:
    text = (
        "AC 4 [15], HD 9** (40hp), Att 2 × claw (1d3), goat: 1 × gore (2d4), lion: 1 × "
        "bite (2d4), dragon: 1 × bite (3d4) or 1 × breath (3d6), THAC0 12 [+7]"
    )
    chimera, problems = parse_stat_block(text, "Chimera")
    assert problems == [
        "“dragon breath” is a breath weapon (no attack roll); the block "
        "writes no uses a day (every round), no save (none applied)"
    ]
    assert [(a.routine, a.count, a.name, str(a.damage), a.breath) for a in chimera.attacks] == [
        (1, 2, "claw", "1d3", False),
        (1, 1, "goat gore", "2d4", False),
        (1, 1, "lion bite", "2d4", False),
        (1, 1, "dragon bite", "3d4", False),
        (2, 2, "claw", "1d3", False),
        (2, 1, "goat gore", "2d4", False),
        (2, 1, "lion bite", "2d4", False),
        (2, 1, "dragon breath", "3d6", True),
    ]


# -- the bestiary --------------------------------------------------------------------------


def test_no_bestiary_monster_exceeds_the_srds_best_routine() -> None:
    bestiary = load_bestiary(resource_path("bestiary", "ose", "srd-monsters.json"))
    assert bestiary.skipped == () and len(bestiary.entries) == 257
    over, unmatched = [], set()
    for entry in bestiary.entries:
        sheet = entry.sheet
        assert isinstance(sheet, MonsterSheet)
        heading = _heading(sheet.name)
        if heading is None:
            unmatched.add(sheet.name)
            assert len(routines_of(sheet.attacks)) == 1, sheet.name
            continue
        if _all_hit(sheet) > _srd_best(LINES[heading], sheet.hit_dice):
            over.append((sheet.name, float(_all_hit(sheet))))
    assert over == []
    assert unmatched == NOT_IN_THE_TABLES


def test_the_bestiary_reads_the_books_routines() -> None:
    bestiary = load_bestiary(resource_path("bestiary", "ose", "srd-monsters.json"))
    by_name = {e.name: e.sheet for e in bestiary.entries}
    crawler = by_name["Carcass Crawler"]
    assert isinstance(crawler, MonsterSheet)
    assert [(a.count, a.damage, a.effect) for a in crawler.attacks] == [(8, None, "paralysis")]
    hydra = by_name["Hydra (HD 7)"]
    assert isinstance(hydra, MonsterSheet) and hydra.attacks[0].count == 7
    greater = by_name["Air Elemental (HD 16)"]
    assert isinstance(greater, MonsterSheet) and str(greater.attacks[0].damage) == "3d8"
    goblin = by_name["Goblin"]
    assert isinstance(goblin, MonsterSheet) and str(goblin.attacks[0].damage) == "1d6"


def test_a_monster_file_of_one_attack_list_opens_as_one_routine() -> None:
    sheet = load_sheet(FIXTURES / "ose_monster_v1" / "crawler.m3m").model
    assert isinstance(sheet, MonsterSheet)
    assert [(a.routine, a.count, a.damage, a.effect) for a in sheet.attacks] == [
        (1, 8, None, "paralysis"),
        (1, 1, Damage.parse("1d4"), ""),
    ]
    assert SYSTEM.documents[1].schema_version == 2


# -- the dialog and the forecast ------------------------------------------------------------

VAMPIRE = MonsterSheet(
    name="Vampire",
    armour_class=2,
    hit_dice=7,
    hit_points=40,
    max_hit_points=40,
    attacks=(
        MonsterAttack(name="touch", damage=Damage.parse("1d10"), effect="energy drain"),
        MonsterAttack(name="gaze", damage=None, effect="charm", routine=2),
    ),
)


def _duel(
    monster: MonsterSheet, hero: CharacterSheet | None = None
) -> tuple[OseEncounter, str, str]:
    hero = hero or characters()["Morgan Ironwolf"]
    encounter = OseEncounter(name="Duel")
    encounter = core.join(encounter, RULES.make_combatant(hero, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(monster, "Monsters"))
    a, b = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, a, b, 5, log=False)
    assert isinstance(encounter, OseEncounter)
    return encounter, b, a


def test_the_dialog_offers_each_routine_and_each_attack_with_its_effect() -> None:
    encounter, vampire, hero = _duel(VAMPIRE)
    labels = {o.id: o.label for o in RULES.actions(encounter, vampire)}
    assert labels[Action("routine", 1)] == "Routine 1: 1 × touch (1d10 + energy drain)"
    assert labels[Action("routine", 2)] == "Routine 2: 1 × gaze (charm)"
    assert labels[Action("attack", 1)] == "Attack with gaze (charm)"
    gaze = {o.id: o for o in RULES.actions(encounter, vampire)}[Action("attack", 1)]
    assert [d.label for d in gaze.dice] == ["attack", "save"]  # no damage die for a gaze
    preview = RULES.preview(encounter, vampire, Action("attack", 1), hero)
    assert "No damage" in preview.lines[1]
    assert "saves vs spells, rods or staves on 16+ or is Charmed" in preview.lines[2]


@pytest.mark.parametrize(
    ("faces", "charmed"), [((20, 15), True), ((20, 16), False), ((1, 1), False)]
)
def test_a_charming_gaze_leaves_the_condition_and_takes_the_target_out(
    faces: tuple[int, int], charmed: bool
) -> None:
    encounter, vampire, hero = _duel(VAMPIRE)
    outcome = RULES.resolve(encounter, vampire, Action("attack", 1), hero, faces)
    after = outcome.encounter.combatant(hero)
    assert after.sheet.hit_points == encounter.combatant(hero).sheet.hit_points
    assert afflicted(after) is charmed and outcome.encounter.out_of_fight(after) is charmed
    assert [c.name for c in after.conditions] == (["Charmed"] if charmed else [])


def test_poison_is_death_on_a_failed_save() -> None:
    spider = MonsterSheet(
        name="Spider",
        hit_dice=2,
        attacks=(MonsterAttack(name="bite", damage=Damage.parse("1d4"), effect="poison"),),
    )
    encounter, spider_id, hero = _duel(spider)
    outcome = RULES.resolve(encounter, spider_id, Action("attack", 0), hero, (20, 1, 2))
    assert outcome.encounter.combatant(hero).sheet.hit_points <= 0
    assert "is dead" in outcome.summary


def test_the_forecast_prices_each_attack_as_the_dialog_does() -> None:
    """Every attack's chance to hit, average damage and chance its effect takes hold are the
    dialog's own (the preview), and the routine the forecast picks is the one the core's
    best_routine picks from the dialog's numbers."""
    tough = characters()["Morgan Ironwolf"].model_copy(
        update={"hit_points": 20, "max_hit_points": 20}
    )
    encounter, vampire, hero = _duel(VAMPIRE, tough)
    plan = forecast._Plan(encounter)
    i, j = plan.ids.index(vampire), plan.ids.index(hero)
    arms = plan.arms[i]
    hp = encounter.combatant(hero).sheet.hit_points
    worth = {}
    for number, routine in enumerate(routines_of(VAMPIRE.attacks)):
        for (count, row), attack in zip(arms.routines[number], routine, strict=True):
            index = VAMPIRE.attacks.index(attack)
            preview = RULES.preview(encounter, vampire, Action("attack", index), hero)
            assert preview.success is not None
            mean = re.search(r"average (\d+\.\d)", " ".join(preview.lines))
            strike = row[j]
            assert strike is not None
            damage, takes = forecast_arms.worth_of(strike)
            assert Fraction(21 - strike[0], 20) == preview.success
            assert (round(damage / float(preview.success), 1) if mean else 0) == (
                float(mean.group(1)) if mean else 0
            )
            held = [p for name, p in preview.outcomes if name.endswith("charmed")]
            assert takes == pytest.approx(float(held[0]) if held else 0.0)
            worth[attack.name] = count * (damage + takes * hp)
    chosen = forecast_arms.choose_routine(arms.worth, [0, 0], j, hp)
    assert chosen == best_routine(routines_of(VAMPIRE.attacks), lambda a: worth[a.name])
    assert chosen == 1  # the gaze: a charm (75 % of 20 hp) is worth more than 1d10
    weak = forecast._Plan(_duel(VAMPIRE, tough.model_copy(update={"hit_points": 4}))[0])
    assert forecast_arms.choose_routine(weak.arms[i].worth, [0, 0], j, 4) == 0  # nearly dead: touch


def test_the_forecast_applies_the_effect_as_the_dialog_does() -> None:
    """A hit whose save fails takes the target out in the simulator as the dialog's charm
    does in the tracker: one round of a gaze that always lands and is never resisted."""
    sure = VAMPIRE.model_copy(
        update={"attacks": (MonsterAttack(name="gaze", damage=None, effect="paralysis"),)}
    )
    hero = characters()["Morgan Ironwolf"].model_copy(
        update={"hit_points": 99, "max_hit_points": 99}
    )
    encounter, _vampire, hero_id = _duel(sure, hero)
    results = run_fights(encounter, RULES.simulate, fights=400, seed=3, policy=Policy(max_rounds=1))
    out = sum(1 for r in results if hero_id in r.down)
    plan = forecast._Plan(encounter)
    strike = plan.arms[1].routines[0][0][1][0]
    assert strike is not None
    hit, fail = Fraction(21 - strike[0], 20), strike[6]
    chance = float(hit) * fail  # the hero strikes first on some rolls, never kills in one
    assert abs(out / 400 - chance) < 0.08 and out > 0
    assert all(r.hit_points[hero_id] == 99 for r in results)  # no hit-point damage


def test_a_breath_weapon_is_used_by_its_uses() -> None:
    dragon = MonsterSheet(
        name="Dragon",
        hit_dice=7,
        hit_points=60,
        max_hit_points=60,
        attacks=(
            MonsterAttack(name="claw", damage=Damage.parse("1d4")),
            MonsterAttack(name="breath", damage=Damage.parse("6d10"), routine=2, uses=3),
        ),
    )
    encounter, dragon_id, _hero = _duel(dragon)
    plan = forecast._Plan(encounter)
    fight = forecast._Fight(plan, random.Random(1).random)
    arms, i = plan.arms[plan.ids.index(dragon_id)], plan.ids.index(dragon_id)
    picks = []
    for _ in range(5):
        pick = forecast_arms.choose_routine(arms.worth, fight.uses[i], 0, 30)
        picks.append(pick)
        if fight.uses[i][pick] > 0:
            fight.uses[i][pick] = fight.uses[i][pick] - 1 or -1
    assert picks == [1, 1, 1, 0, 0]


def test_an_encounter_of_one_attack_list_opens_with_its_monsters_as_one_routine() -> None:
    from m3desk.storage.encounter_files import load_encounter

    loaded = load_encounter(FIXTURES / "ose_encounter_v2" / "crypt.m3e")
    encounter = loaded.model
    assert loaded.migrated_from == 2 and isinstance(encounter, OseEncounter)
    crawler = next(c for c in encounter.combatants if c.name == "Carcass Crawler")
    assert isinstance(crawler.sheet, MonsterSheet)
    assert [(a.routine, a.count, a.damage, a.effect) for a in crawler.sheet.attacks] == [
        (1, 8, None, "paralysis")
    ]
