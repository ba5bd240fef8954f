"""AD&D attacks that cause an effect (issue 29): the reader keeps them, the dialog's rule
previews hit × failed save and lays the condition, the forecast plays the same chance, and
monster files of format 2 keep opening."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.dice import DiceExpr
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.routines import fail_chance, routines_of
from m3desk.storage.encounter_files import load_encounter
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.adnd2e import effects, forecast
from m3desk.systems.adnd2e.samples import DELSENORA, GHOUL, MONSTERS, RATH
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterAttack, MonsterSheet
from m3desk.systems.adnd2e.statblock import parse_stat_block
from m3desk.systems.adnd2e.system import SYSTEM
from m3desk.systems.adnd2e.table import AdndEncounter

ATTACK_0, ATTACK_1 = Action("attack", 0, variant="any"), Action("attack", 1, variant="any")

RULES = SYSTEM.encounter
assert RULES is not None
FIXTURES = Path(__file__).parents[2] / "fixtures" / "adnd2e_v2"
TOUCH = MonsterSheet(
    name="Crawler",
    armour_class=3,
    hit_dice=3,
    hit_points=300,
    max_hit_points=300,
    attacks=(MonsterAttack(name="tentacle", damage=None, effect="paralysis"),),
)


def _fight(monster: MonsterSheet, hero: CharacterSheet = RATH) -> tuple[AdndEncounter, str, str]:
    encounter = AdndEncounter(name="Crypt")
    encounter = core.join(encounter, RULES.make_combatant(hero, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(monster, "Monsters"))
    hero_id, monster_id = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, hero_id, monster_id, 5, log=False)
    encounter = core.start(core.set_initiative(encounter, {monster_id: 1, hero_id: 6}))
    assert isinstance(encounter, AdndEncounter)
    return encounter, monster_id, hero_id


# -- the reader ------------------------------------------------------------------------------


def test_the_reader_keeps_an_attack_that_only_paralyses() -> None:
    """The carrion crawler's "#AT 8 or 1, Dmg Paralysis or 1d2": the old reader said it could
    not read "Paralysis" and dropped the eight tentacles."""
    sheet, problems = parse_stat_block(
        "AC 3; MV 12; HD 3+1; #AT 8 or 1; Dmg Paralysis or 1d2", "Carrion Crawler"
    )
    assert [(a.routine, a.count, a.damage, a.effect) for a in sheet.attacks] == [
        (1, 8, None, "paralysis"),
        (2, 1, DiceExpr.parse("1d2"), ""),
    ]
    assert problems == []


@pytest.mark.parametrize(
    ("damage", "effect"),
    [
        ("1d4 + poison", "poison"),
        ("1d4 (bite) + energy drain", "energy drain"),
        ("1d4 and paralysis", "paralysis"),
    ],
)
def test_the_reader_keeps_the_effect_a_damage_carries(damage: str, effect: str) -> None:
    sheet, problems = parse_stat_block(f"AC 5; HD 4; #AT 1; Dmg {damage}", "Beast")
    assert [(str(a.damage), a.effect) for a in sheet.attacks] == [("1d4", effect)]
    assert problems == []


def test_a_special_attack_names_the_effect_of_every_attack_in_words() -> None:
    sheet, problems = parse_stat_block(
        "AC 6; MV 9; HD 2; THAC0 19; #AT 3; Dmg 1d3/1d3/1d6; SA Paralysis; SZ M", "Ghoul"
    )
    assert [a.effect for a in sheet.attacks] == ["paralysis"] * 3
    assert problems == [
        "the special attack “Paralysis”: every attack's hit causes paralysis "
        "(clear the Effect of those the book says do not)"
    ]
    sheet, problems = parse_stat_block(
        "AC 5; HD 6; #AT 1; Dmg 1d4; SA Gaze turns to stone, poison", "Medusa"
    )
    assert [a.effect for a in sheet.attacks] == [""]
    assert "name petrification and poison" in problems[0]


# -- the rules: the dialog's preview and roll ------------------------------------------------


def test_the_preview_is_hit_times_failed_save_from_the_rule_that_resolves() -> None:
    encounter, ghoul, rath = _fight(GHOUL)
    preview = RULES.preview(encounter, ghoul, ATTACK_0, rath)
    need = effects.save_need(RATH, effects.EFFECTS["paralysis"], encounter.options)
    assert need == 10  # a 7th-level fighter saves vs paralyzation on 10
    assert preview.success == Fraction(4, 20)  # THAC0 19 against AC 2: 17 or more
    assert dict(preview.outcomes)["Rath paralysed"] == Fraction(4, 20) * Fraction(9, 20)
    assert any(
        "saves vs paralyzation (PPD) on 10+" in line and "fails 45.0" in line
        for line in preview.lines
    ), preview.lines
    labels = {o.id: [d.label for d in o.dice] for o in RULES.actions(encounter, ghoul)}
    assert labels[ATTACK_0] == ["attack", "damage", "save"]


@pytest.mark.parametrize(("save", "paralysed"), [(9, True), (10, False)])
def test_a_failed_save_paralyses_and_takes_the_target_out(save: int, paralysed: bool) -> None:
    encounter, ghoul, rath = _fight(GHOUL)
    after = RULES.resolve(encounter, ghoul, ATTACK_0, rath, (20, 2, save)).encounter
    target = after.combatant(rath)
    assert target.sheet.hit_points == RATH.hit_points - 2
    assert ([c.name for c in target.conditions] == ["Paralysed"]) is paralysed
    assert after.out_of_fight(target) is paralysed


def test_an_attack_without_damage_deals_none() -> None:
    encounter, crawler, rath = _fight(TOUCH)
    option = next(o for o in RULES.actions(encounter, crawler) if o.id == ATTACK_0)
    assert option.label == "Attack with tentacle (paralysis)"
    assert [d.label for d in option.dice] == ["attack", "save"]  # no damage die
    preview = RULES.preview(encounter, crawler, ATTACK_0, rath)
    assert "No damage" in preview.lines and "Kills" not in dict(preview.outcomes)
    outcome = RULES.resolve(encounter, crawler, ATTACK_0, rath, (20, 1))
    assert outcome.encounter.combatant(rath).sheet.hit_points == RATH.hit_points
    assert outcome.summary == (
        "Crawler attacks Rath with the tentacle and hits (no damage); "
        "Rath is paralysed (d20 1 against 10)"
    )


def test_poison_kills_even_at_deaths_door_and_energy_drain_allows_no_save() -> None:
    spider = TOUCH.model_copy(
        update={
            "attacks": (
                MonsterAttack(name="bite", damage=DiceExpr.parse("1d4"), effect="poison"),
                MonsterAttack(name="touch", damage=DiceExpr.parse("1d4"), effect="energy drain"),
            )
        }
    )
    encounter, monster, rath = _fight(spider)
    encounter = encounter.model_copy(
        update={"options": encounter.options.model_copy(update={"deaths_door": True})}
    )
    after = RULES.resolve(encounter, monster, ATTACK_0, rath, (20, 1, 2)).encounter
    assert after.combatant(rath).sheet.hit_points <= effects.DEAD_AT
    drain = next(o for o in RULES.actions(encounter, monster) if o.id == ATTACK_1)
    assert [d.label for d in drain.dice] == ["attack", "damage"]  # a hit drains: no save


def test_a_charm_is_saved_against_with_wisdom() -> None:
    gaze = TOUCH.model_copy(
        update={"attacks": (MonsterAttack(name="gaze", damage=None, effect="charm"),)}
    )
    wise = DELSENORA.model_copy(
        update={"abilities": DELSENORA.abilities.model_copy(update={"WIS": 18})}
    )
    encounter, _monster, _hero = _fight(gaze, wise)
    plain = effects.save_need(DELSENORA, effects.EFFECTS["charm"], encounter.options)
    assert plain is not None
    assert effects.save_need(wise, effects.EFFECTS["charm"], encounter.options) == plain - 4


def test_a_monster_file_of_format_2_opens_and_so_does_its_encounter() -> None:
    ghoul = load_sheet(FIXTURES / "ghoul.m3m").model
    assert isinstance(ghoul, MonsterSheet)
    assert [(a.name, str(a.damage), a.effect) for a in ghoul.attacks] == [
        ("claw", "1d3", ""),
        ("bite", "1d6", ""),
    ]
    encounter = load_encounter(FIXTURES / "crypt.m3e").model
    assert isinstance(encounter, AdndEncounter) and len(encounter.combatants) == 4
    assert SYSTEM.documents[2].schema_version == 3


# -- the forecast ------------------------------------------------------------------------------


def test_the_forecast_applies_the_dialogs_chance_as_a_condition() -> None:
    """A tentacle that only paralyses: in one round the hero is taken out as often as the
    dialog's hit × failed save, with every hit point left."""
    encounter, crawler, rath = _fight(TOUCH)
    shown = dict(RULES.preview(encounter, crawler, ATTACK_0, rath).outcomes)
    chance = float(shown["Rath paralysed"])
    row = forecast.prepared(encounter).melee[1][0]
    assert row is not None and row[0].fail == float(fail_chance(10)) and row[0].kind == 1
    dice = random.Random(5)
    fights = 4000
    results = [forecast.simulate(encounter, dice, Policy(max_rounds=1)) for _ in range(fights)]
    held = sum(rath in r.down for r in results) / fights
    assert abs(held - chance) < 4 * (chance * (1 - chance) / fights) ** 0.5, (held, chance)
    assert all(r.hit_points[rath] == RATH.hit_points for r in results)


@pytest.mark.parametrize("monster", MONSTERS, ids=lambda m: m.name)
def test_no_sample_monster_exceeds_its_best_routine_in_an_all_hit_round(
    monster: MonsterSheet,
) -> None:
    """One round of the forecast never deals more than the sheet's best routine with every
    attack hitting for its most (an attack that only causes an effect deals none); issue 29's
    check of the OSE bestiary, for AD&D's samples with their effects."""
    best = max(
        sum(
            a.count
            * (a.damage.count * a.damage.sides + a.damage.bonus if a.damage is not None else 0)
            for a in routine
        )
        for routine in routines_of(monster.attacks)
    )
    target = RATH.model_copy(
        update={"armour": "none", "shield": False, "hit_points": 900, "max_hit_points": 900}
    )
    encounter, _monster, hero = _fight(
        monster.model_copy(update={"hit_points": 900, "max_hit_points": 900}), target
    )
    results = run_fights(
        encounter, forecast.simulate, fights=300, seed=2, policy=Policy(max_rounds=1)
    )
    lost = [900 - r.hit_points[hero] for r in results]
    assert max(lost) <= best, (monster.name, max(lost), best)
    assert max(lost) > 0
    if any(a.effect == "paralysis" for a in monster.attacks):
        assert any(hero in r.down and r.hit_points[hero] > 0 for r in results)
