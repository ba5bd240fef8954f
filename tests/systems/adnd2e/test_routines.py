"""AD&D attack routines (issue 29): "or" separates the routines a stat block offers, "/" the
attacks of one; a monster makes one routine a round in the forecast; old files open."""

from __future__ import annotations

from pathlib import Path

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.places import Place
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.adnd2e.forecast import simulate
from m3desk.systems.adnd2e.samples import RATH
from m3desk.systems.adnd2e.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.adnd2e.statblock import parse_stat_block
from m3desk.systems.adnd2e.system import SYSTEM
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter

FIXTURES = Path(__file__).parent.parent.parent / "fixtures"


def test_or_separates_routines_and_slashes_the_attacks_of_one() -> None:
    bugbear, problems = parse_stat_block(
        "AC 5; MV 9; HD 3+1; #AT 3 or 1; Dmg 1d4/1d4/1d8 (bite) or 2d4 (morning star)", "Beast"
    )
    assert problems == []
    assert [(a.routine, a.name, str(a.damage)) for a in bugbear.attacks] == [
        (1, "attack 1", "1d4"),
        (1, "attack 2", "1d4"),
        (1, "bite", "1d8"),
        (2, "morning star", "2d4"),
    ]


def test_or_by_weapon_is_a_routine_of_its_own_and_said() -> None:
    ape, problems = parse_stat_block("AC 6; HD 4; #AT 2 or 1; Dmg 1d4/1d4 or by weapon", "Ape")
    assert [(a.routine, a.name) for a in ape.attacks] == [
        (1, "attack 1"),
        (1, "attack 2"),
        (2, "weapon"),
    ]
    assert problems == ["“by weapon”: a weapon attack of 1d6 until its own die is typed"]


def test_a_monster_file_of_one_attack_list_opens_as_one_routine() -> None:
    troll = load_sheet(FIXTURES / "adnd2e_v1" / "troll.m3m").model
    assert isinstance(troll, MonsterSheet) and len(troll.attacks) == 3
    assert {a.routine for a in troll.attacks} == {1}
    assert SYSTEM.documents[1].schema_version == 3  # format 3: effects (adnd2e_v2 fixture)


def test_the_forecast_makes_one_routine_a_round() -> None:
    """Claw/claw/bite (1d4 each) or one huge blow (10d10): every all-hit round deals at most
    the better routine, never both, and the blow is the one it picks."""
    beast = MonsterSheet(
        name="Beast",
        hit_dice=8,
        hit_points=200,
        max_hit_points=200,
        thac0=1,
        attacks=(
            MonsterAttack(name="claw", damage=DiceExpr.parse("1d4")),
            MonsterAttack(name="claw", damage=DiceExpr.parse("1d4")),
            MonsterAttack(name="bite", damage=DiceExpr.parse("1d4")),
            MonsterAttack(name="blow", damage=DiceExpr.parse("10d10"), routine=2),
        ),
    )
    hero = RATH.model_copy(update={"hit_points": 500, "max_hit_points": 500})
    encounter = AdndEncounter(name="Duel")
    for sheet, side in ((hero, "Party"), (beast, "Monsters")):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    first, second = (c.id for c in encounter.combatants)
    encounter = core.move_to(encounter, first, Place.at(0, 0))
    encounter = core.move_to(encounter, second, Place.at(5, 0))
    results = run_fights(encounter, simulate, fights=300, seed=5, policy=Policy(max_rounds=1))
    lost = [500 - r.hit_points[first] for r in results]
    assert max(lost) <= 100  # never the blow and the claws together
    assert any(x > 12 for x in lost)  # the blow, not 3d4
