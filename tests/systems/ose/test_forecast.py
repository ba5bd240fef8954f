"""The OSE fight simulator behind the forecast: the same seed gives the same forecast, its
attacks hit as often as the action dialog says, lopsided fights come out lopsided, the policy
and the encounter as it stands (surprise, who has acted, morale) change what happens.

Statistical checks use a fixed seed and a stated tolerance: the observed share must lie
within 4 standard errors (sqrt(p(1 − p)/N)) of the exact chance over N = 4000 fights.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.forecast import FightResult, Policy, forecast, run_fights
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.forecast import play_attack
from m3desk.systems.ose.forms import weapon
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.system import SYSTEM

ATTACK_2 = Action("attack", 2)

RULES = SYSTEM.encounter
assert RULES.simulate is not None
SIMULATE = RULES.simulate
FIGHTS = 4000
ONE_ROUND = Policy(max_rounds=1)


def _encounter(
    party: list[CharacterSheet], foes: list[MonsterSheet], feet: int = 30, **changes: object
) -> tuple[OseEncounter, dict[str, str]]:
    """The party and the monsters, each foe ``feet`` from each party member, allies 10'."""
    encounter = OseEncounter(**changes)
    for sheet in party:
        encounter = core.join(encounter, RULES.make_combatant(sheet, "Party"))
    for sheet in foes:
        encounter = core.join(encounter, RULES.make_combatant(sheet, "Monsters"))
    everyone = encounter.combatants
    for index, a in enumerate(everyone):
        for b in everyone[index + 1 :]:
            encounter = core.set_position(
                encounter, a.id, b.id, 10 if a.side == b.side else feet, log=False
            )
    return encounter, {c.name: c.id for c in encounter.combatants}


def _sheet(sheet: CharacterSheet | MonsterSheet, hp: int) -> CharacterSheet | MonsterSheet:
    return sheet.model_copy(update={"hit_points": hp, "max_hit_points": hp})


def _within(observed: int, total: int, chance: Fraction) -> None:
    p = float(chance)
    error = math.sqrt(p * (1 - p) / total)
    assert abs(observed / total - p) <= 4 * error, (observed / total, p, error)


def _fights(
    encounter: OseEncounter, policy: Policy = ONE_ROUND, fights: int = FIGHTS
) -> list[FightResult]:
    return run_fights(encounter, SIMULATE, fights=fights, seed=7, policy=policy)


def test_the_system_offers_the_simulator_and_says_its_policy() -> None:
    assert RULES.simulate is not None
    assert "morale" in RULES.forecast_policy and "1d6" in RULES.forecast_policy


def test_the_same_seed_gives_the_same_forecast() -> None:
    encounter, _ids = _encounter(
        list(characters().values()), [monsters()["Hobgoblin boss"], monsters()["Hobgoblin"]]
    )
    first = forecast(encounter, SIMULATE, fights=300, seed=7)
    again = forecast(encounter, SIMULATE, fights=300, seed=7)
    other = forecast(encounter, SIMULATE, fights=300, seed=8)
    assert first == again
    assert first != other


def test_a_new_encounter_is_read_afresh() -> None:
    """The per-encounter cache never hands one encounter's numbers to another."""
    strong, _ = _encounter(list(characters().values()), [monsters()["Giant rat"]])
    weak, _ = _encounter([characters()["Lirra"]], [monsters()["Hobgoblin boss"]] * 4)
    before = forecast(strong, SIMULATE, fights=200, seed=3)
    forecast(weak, SIMULATE, fights=200, seed=3)
    assert forecast(strong, SIMULATE, fights=200, seed=3) == before


def test_four_adventurers_beat_one_giant_rat_and_one_thief_loses_to_four_bodyguards() -> None:
    party, _ = _encounter(list(characters().values()), [monsters()["Giant rat"]])
    assert forecast(party, SIMULATE, fights=1000, seed=7).wins["Party"].value > 0.95
    alone, _ = _encounter([characters()["Lirra"]], [monsters()["Hobgoblin boss"]] * 4)
    assert forecast(alone, SIMULATE, fights=1000, seed=7).wins["Monsters"].value > 0.95


def test_a_melee_blow_hits_and_hurts_as_the_action_dialog_says() -> None:
    """Morgan (THAC0 19, STR 16 +2) strikes a goblin (AC 6) 5' away: needs 13, so natural
    11–20 hit, 10/20; damage 1d6 + 2 (every PC weapon 1d6, the default): 3–8, 1/6 each."""
    morgan = _sheet(characters()["Morgan Ironwolf"], 60)  # survives the goblin's blow
    goblin = _sheet(monsters()["Goblin"], 999)
    encounter, ids = _encounter([morgan], [goblin], feet=5)
    preview = RULES.preview(encounter, ids["Morgan Ironwolf"], Action("attack", 0), ids["Goblin"])
    assert preview.success == Fraction(10, 20)
    dealt = Counter(999 - result.hit_points[ids["Goblin"]] for result in _fights(encounter))
    _within(FIGHTS - dealt[0], FIGHTS, preview.success)
    for damage in range(3, 9):
        _within(dealt[damage], FIGHTS, preview.success * Fraction(1, 6))
    assert set(dealt) <= {0, *range(3, 9)}


def test_the_kill_chance_matches_the_dialog() -> None:
    """A 6 hp goblin dies to a hit of 6–8: 10/20 × 3/6 = 1/4, as the dialog's outcome says."""
    morgan = _sheet(characters()["Morgan Ironwolf"], 60)
    encounter, ids = _encounter([morgan], [_sheet(monsters()["Goblin"], 6)], feet=5)
    preview = RULES.preview(encounter, ids["Morgan Ironwolf"], Action("attack", 0), ids["Goblin"])
    killed = dict(preview.outcomes)["Goblin killed"]
    assert killed == Fraction(1, 4)
    down = sum(ids["Goblin"] in result.down for result in _fights(encounter))
    _within(down, FIGHTS, killed)


def test_a_long_bow_shot_hits_as_the_dialog_says() -> None:
    """Silverleaf (DEX 15 +1) shoots her short bow at a goblin 140' away: long range −1, so
    natural 13–20, 8/20; the goblin's 20' of movement leaves it at long range."""
    silverleaf = _sheet(characters()["Silverleaf"], 60)
    encounter, ids = _encounter([silverleaf], [_sheet(monsters()["Goblin"], 999)], feet=140)
    preview = RULES.preview(encounter, ids["Silverleaf"], Action("attack", 0), ids["Goblin"])
    assert preview.success == Fraction(8, 20)
    hits = sum(result.hit_points[ids["Goblin"]] < 999 for result in _fights(encounter))
    _within(hits, FIGHTS, preview.success)


def test_one_attack_in_cover_at_short_range_matches_the_dialog() -> None:
    """play_attack: Lirra's sling (DEX 17 +2, short +1) at a goblin in cover −2, 30' away:
    +1 in all, needs 13, natural 12–20, 9/20."""
    lirra = characters()["Lirra"]
    encounter, ids = _encounter([lirra], [monsters()["Goblin"]], feet=30)
    encounter = core.update_combatant(encounter, ids["Goblin"], cover=2)
    preview = RULES.preview(encounter, ids["Lirra"], ATTACK_2, ids["Goblin"])  # the sling
    assert preview.success == Fraction(9, 20)
    dice = random.Random(7)
    rolls = [play_attack(encounter, ids["Lirra"], ids["Goblin"], dice) for _ in range(FIGHTS)]
    _within(sum(1 for damage in rolls if damage), FIGHTS, preview.success)
    assert set(rolls) == set(range(7))  # every weapon 1d6 (the default), no STR on missiles


def test_complete_cover_cannot_be_hit() -> None:
    encounter, ids = _encounter([characters()["Lirra"]], [monsters()["Goblin"]], feet=30)
    encounter = core.update_combatant(encounter, ids["Goblin"], cover=5)
    assert play_attack(encounter, ids["Lirra"], ids["Goblin"], random.Random(1)) is None


def test_a_foe_in_complete_cover_is_passed_by_for_one_that_can_be_hit() -> None:
    """Two unmoving goblins 30' apart: one 20' from Morgan in complete cover, one 40' away
    in the open. Morgan walks past the covered one (20' a round) and strikes the other with
    his sword (his dagger stays in hand: thrown weapons are kept for melee)."""
    rooted = monsters()["Goblin"].model_copy(update={"movement": 0})
    covered = rooted.model_copy(update={"name": "Covered goblin"})
    encounter, ids = _encounter([characters()["Morgan Ironwolf"]], [covered, rooted], feet=40)
    encounter = core.set_position(encounter, ids["Morgan Ironwolf"], ids["Covered goblin"], 20)
    encounter = core.set_position(encounter, ids["Goblin"], ids["Covered goblin"], 30)
    encounter = core.update_combatant(encounter, ids["Covered goblin"], cover=5)
    results = _fights(encounter, Policy(max_rounds=3), fights=300)
    assert all(r.hit_points[ids["Covered goblin"]] == 3 for r in results)
    assert any(r.hit_points[ids["Goblin"]] < 3 for r in results)


def test_an_archer_shoots_past_a_foe_in_complete_cover() -> None:
    """Silverleaf's bow: the nearest goblin (60') is in complete cover, so she shoots the one
    at 120'."""
    encounter, ids = _encounter([characters()["Silverleaf"]], [monsters()["Goblin"]] * 2, feet=60)
    first, second = (c.id for c in encounter.combatants if c.side == "Monsters")
    encounter = core.set_position(encounter, ids["Silverleaf"], second, 120)
    encounter = core.update_combatant(encounter, first, cover=5)
    results = _fights(encounter, fights=300)
    assert all(r.hit_points[first] == 3 for r in results)
    assert any(r.hit_points[second] < 3 for r in results)


def test_weakest_and_nearest_pick_different_targets() -> None:
    """Silverleaf's bow: a 7 hp goblin at 60', a 1 hp goblin at 120'. The nearest policy
    shoots the near one; the weakest shoots the far one, which dies to any hit."""
    near = _sheet(monsters()["Goblin"], 7).model_copy(update={"name": "Near goblin"})
    far = _sheet(monsters()["Goblin"], 1).model_copy(update={"name": "Far goblin"})
    encounter, ids = _encounter([characters()["Silverleaf"]], [near, far], feet=60)
    encounter = core.set_position(encounter, ids["Silverleaf"], ids["Far goblin"], 120)

    def far_down(target: str) -> float:
        results = _fights(
            encounter,
            Policy(target=target, max_rounds=1),  # type: ignore[arg-type]
            fights=1000,
        )
        return sum(ids["Far goblin"] in r.down for r in results) / len(results)

    assert far_down("nearest") == 0
    assert far_down("strongest") == 0
    assert 0.3 < far_down("weakest") < 0.55  # 8/20 at long range, 9/20 if it came to 100'


def test_ranged_stay_shoots_and_closing_draws_the_sword() -> None:
    """Silverleaf 20' from a goblin: staying, she shoots her bow (1d6, no STR: a 1 happens);
    closing, she walks her 15' and strikes with her sword (1d6 + STR 13's +1: never a 1)."""
    silverleaf = _sheet(characters()["Silverleaf"], 60)
    encounter, ids = _encounter([silverleaf], [_sheet(monsters()["Goblin"], 999)], feet=20)
    stay = {
        999 - r.hit_points[ids["Goblin"]]
        for r in _fights(encounter, Policy(ranged_stay=True, max_rounds=1), fights=500)
    }
    close = {
        999 - r.hit_points[ids["Goblin"]]
        for r in _fights(encounter, Policy(ranged_stay=False, max_rounds=1), fights=500)
    }
    assert 1 in stay
    assert close == {0, 2, 3, 4, 5, 6, 7}


def test_the_fight_goes_on_from_where_it_stands() -> None:
    """In the middle of a round, whoever has acted does not act again; in a surprise round
    only the side with surprise acts."""
    morgan = _sheet(characters()["Morgan Ironwolf"], 60)
    encounter, ids = _encounter([morgan], [_sheet(monsters()["Goblin"], 999)], feet=5)
    rounds = core.next_turn(encounter)
    assert isinstance(rounds, OseEncounter) and rounds.phase == "rounds"
    acted = core.update_combatant(rounds, ids["Morgan Ironwolf"], acted=True)
    assert all(r.hit_points[ids["Goblin"]] == 999 for r in _fights(acted, fights=300))
    surprised = encounter.model_copy(update={"surprise_side": "Party"})
    assert all(r.hit_points[ids["Morgan Ironwolf"]] == 60 for r in _fights(surprised, fights=300))
    assert any(r.hit_points[ids["Goblin"]] < 999 for r in _fights(surprised, fights=300))


def test_a_side_already_down_or_fled_has_lost() -> None:
    encounter, ids = _encounter([characters()["Lirra"]], [monsters()["Goblin"]], feet=5)
    routed = core.update_combatant(encounter, ids["Goblin"], fleeing=True)
    result = SIMULATE(routed, random.Random(1), Policy())
    assert result == FightResult(
        winner="Party",
        rounds=0,
        down=frozenset(),
        fled=frozenset({ids["Goblin"]}),
        hit_points={c.id: c.sheet.hit_points for c in routed.combatants},
    )


@pytest.mark.parametrize("morale", [7, 12])
def test_goblins_break_at_their_morale_but_never_at_ml_12(morale: int) -> None:
    """Three goblins against the party: after the first death (and again at half down) they
    check 2d6 against ML; a failed check sends the living ones running (counted as fled)."""
    goblin = monsters()["Goblin"].model_copy(update={"morale": morale})
    encounter, _ids = _encounter(list(characters().values()), [goblin] * 3, feet=20)
    result = forecast(encounter, SIMULATE, fights=1000, seed=7)
    goblins = [c.id for c in encounter.combatants if c.side == "Monsters"]
    fled = sum(result.fled[g].value for g in goblins)
    if morale == 12:
        assert fled == 0
    else:
        assert fled > 0.1
        for g in goblins:  # those who fled are not down
            assert result.fled[g].value + result.down[g].value <= 1


def test_an_unending_fight_is_a_stalemate_at_the_round_limit() -> None:
    """Too far apart to meet in three rounds (20' a round each): no winner."""
    encounter, _ = _encounter([characters()["Morgan Ironwolf"]], [monsters()["Goblin"]], feet=400)
    result = SIMULATE(encounter, random.Random(1), Policy(max_rounds=3))
    assert result.winner is None and result.rounds == 3 and not result.down


def test_morale_is_checked_on_the_sides_turn_at_the_dialogs_odds() -> None:
    """One of two goblins (ML 7) lies dead: the first death and half the side down. On their
    turn they check once and flee on 8 or more: 15/36, the dialog's morale check failing."""
    dead = _sheet(monsters()["Goblin"], 3).model_copy(update={"hit_points": 0})
    standing = _sheet(monsters()["Goblin"], 999)
    encounter, _ids = _encounter(
        [_sheet(characters()["Morgan Ironwolf"], 60)], [dead, standing], feet=5
    )
    living = next(c.id for c in encounter.combatants if c.sheet.hit_points == 999)
    check = RULES.preview(encounter, living, Action("morale", variant="side"), None)
    assert check.success == Fraction(21, 36)
    fled = sum(living in r.fled for r in _fights(encounter))
    _within(fled, FIGHTS, 1 - check.success)


def _duel(morgan: CharacterSheet, **options: object) -> tuple[OseEncounter, dict[str, str]]:
    """Morgan (1 hp) and a goblin (1 hp) 5' apart: whoever hits first kills."""
    return _encounter(
        [_sheet(morgan, 1)],
        [_sheet(monsters()["Goblin"], 1)],
        feet=5,
        options=OseOptions(**options),
    )


def test_a_slow_weapon_strikes_after_the_foe() -> None:
    """A two-handed sword acts last: the goblin (needs 16 against AC 3: 5/20) always swings
    first, so Morgan kills it only if it missed: 15/20 × 10/20."""
    slow = characters()["Morgan Ironwolf"].model_copy(
        update={"weapons": (weapon("two-handed sword"),)}
    )
    encounter, ids = _duel(slow)
    morgan, goblin = ids["Morgan Ironwolf"], ids["Goblin"]
    his = RULES.preview(encounter, morgan, Action("attack", 0), goblin).success
    its = RULES.preview(encounter, goblin, Action("attack", 0), morgan).success
    assert (his, its) == (Fraction(10, 20), Fraction(5, 20))
    results = _fights(encounter)
    assert not any(morgan in r.down and goblin in r.down for r in results)
    _within(sum(goblin in r.down for r in results), FIGHTS, (1 - its) * his)


def test_tied_sides_strike_at_once_under_the_simultaneous_rule() -> None:
    """Ties acting at once (a table rule): on equal d6 (1/6) both blows land, so both can
    die: 1/6 × 10/20 × 5/20. Re-rolling ties (the default), never."""
    encounter, ids = _duel(characters()["Morgan Ironwolf"], ties="simultaneous")
    both = sum(
        ids["Morgan Ironwolf"] in r.down and ids["Goblin"] in r.down for r in _fights(encounter)
    )
    _within(both, FIGHTS, Fraction(1, 6) * Fraction(10, 20) * Fraction(5, 20))
    rerolled, ids = _duel(characters()["Morgan Ironwolf"])
    assert not any(
        ids["Morgan Ironwolf"] in r.down and ids["Goblin"] in r.down for r in _fights(rerolled)
    )
