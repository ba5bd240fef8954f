"""Each game's character generation rules (issue 21), with the books' numbers."""

from __future__ import annotations

import pytest

from m3desk.assets import game_data
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.generation import (
    DROP_LOWEST,
    Draft,
    default_method,
    kept_dice,
    method_problem,
    methods_of,
    roll_scores,
)


def test_4d6_drop_lowest_keeps_the_three_highest_and_says_which_was_dropped() -> None:
    roll = kept_dice((2, 6, 1, 5), 3)
    assert roll.total == 13 and roll.text() == "6 5 2 (1) = 13"
    rolls = roll_scores(DROP_LOWEST, 6, Roller(1))
    assert len(rolls) == 6 and all(len(r.faces) == 4 and 3 <= r.total <= 18 for r in rolls)


@pytest.mark.parametrize("game", [s.id for s in registry.systems() if s.generation])
def test_every_game_builds_a_valid_sheet_from_its_default_method(game: str) -> None:
    system = registry.get(game)
    generation = system.generation
    assert generation is not None
    options = system.default_options()
    method = default_method(generation, options)
    low, _high = (method.base, method.cap) if method.kind == "point_buy" else generation.score_range
    scores = {
        key: max(low, 10) if method.kind != "point_buy" else low for key in generation.abilities
    }
    assert method_problem(generation, method, scores) == ""
    data = game_data(generation.data_file) if generation.data_file else {}
    picks = {group.id: group.picks(data)[0].id for group in generation.groups}
    sheet = generation.build(Draft("Aldo", scores, picks, data), options)
    assert system.document("character").model.model_validate(sheet.model_dump()) == sheet
    assert getattr(sheet, "name") == "Aldo"  # noqa: B009


def test_ose_class_minimums_are_the_srd_s() -> None:
    from m3desk.systems.ose.generation import CLASS_MINIMUMS, class_problem
    from m3desk.systems.ose.tables import OseClass

    assert CLASS_MINIMUMS == {
        OseClass.DWARF: {"CON": 9},
        OseClass.ELF: {"INT": 9},
        OseClass.HALFLING: {"CON": 9, "DEX": 9},
    }
    assert class_problem(OseClass.HALFLING, {"CON": 9, "DEX": 8}) == "needs DEX 9, has 8"
    assert class_problem(OseClass.FIGHTER, {"STR": 3}) == ""


def test_ose_fighter_under_maximum_starts_with_8_and_shows_the_prime_requisite_bonus() -> None:
    from m3desk.systems.ose.options import OseOptions

    generation = registry.get("ose").generation
    assert generation is not None
    scores = {"STR": 16, "INT": 9, "WIS": 9, "DEX": 9, "CON": 10, "CHA": 9}
    draft = Draft("Rolf", scores, {"class": "fighter"})
    options = OseOptions(starting_hit_points="maximum")
    assert generation.hit_points(draft, options)[0] == 8
    assert generation.notes(draft, options) == ("Prime requisite STR 16: +10 % experience",)
    assert generation.build(draft, options).hit_points == 8  # type: ignore[attr-defined]
    rolled = OseOptions(starting_hit_points="roll", hp_reroll_1_2=True)
    assert str(generation.hit_dice(draft, rolled)) == "1d6+2"  # 3–8, each equally likely


def test_adnd_race_adjustments_and_limits_are_the_phb_s() -> None:
    from m3desk.systems.adnd2e.generation import adjusted_scores, class_problem, race_problem

    scores = {"STR": 12, "DEX": 12, "CON": 12, "INT": 12, "WIS": 12, "CHA": 12}
    assert adjusted_scores("dwarf", scores) == {**scores, "CON": 13, "CHA": 11}
    assert adjusted_scores("elf", scores) == {**scores, "DEX": 13, "CON": 11}
    assert adjusted_scores("gnome", scores) == {**scores, "INT": 13, "WIS": 11}
    assert adjusted_scores("halfling", scores) == {**scores, "DEX": 13, "STR": 11}
    assert adjusted_scores("half-elf", scores) == scores
    assert race_problem("dwarf", {**scores, "CON": 10}) == "needs CON 11, has 10"
    assert race_problem("dwarf", {**scores, "CHA": 18}) == "allows CHA 17 at most, has 18"
    assert class_problem("dwarf", "mage", scores) == "not open to a dwarf"
    assert (
        class_problem("human", "ranger", scores)
        == "needs STR 13, has 12; DEX 13, has 12; CON 14, has 12; WIS 14, has 12"
    )


def test_adnd_classes_are_checked_after_the_race_adjusts_the_scores() -> None:
    generation = registry.get("adnd2e").generation
    assert generation is not None
    scores = {"STR": 12, "DEX": 15, "CON": 12, "INT": 12, "WIS": 12, "CHA": 12}
    # An illusionist needs DEX 16: a gnome's race adjusts INT and WIS, not DEX.
    assert (
        generation.unavailable(Draft("", scores, {"race": "gnome"}), "class", "illusionist")
        == "needs DEX 16, has 15"
    )
    options = registry.get("adnd2e").default_options()
    draft = Draft("Tam", {**scores, "STR": 16, "DEX": 16}, {"race": "human", "class": "thief"})
    assert "Prime requisite DEX 16: +10 % experience" in generation.notes(draft, options)


def test_apparatus_spends_the_table_s_points() -> None:
    from m3desk.systems.apparatus.options import ApparatusOptions

    generation = registry.get("apparatus").generation
    assert generation is not None
    [buy, _typed] = methods_of(generation, ApparatusOptions(ability_points=10, ability_cap=5))
    assert (buy.points, buy.cap) == (10, 5)
    scores = {"might": 5, "agility": 4, "wits": 1, "resolve": 1}
    assert method_problem(generation, buy, scores) == "1 point over the 10 to spend."
    sheet = generation.build(
        Draft(
            "Wren",
            {**scores, "might": 4},
            {"ancestry": "halfling", "calling": "scout", "size": "small"},
        ),
        ApparatusOptions(),
    )
    assert (sheet.ancestry, sheet.calling, sheet.size) == (  # type: ignore[attr-defined]
        "halfling",
        "scout",
        "small",
    )


def test_monsters_and_magic_pools_start_from_the_rolled_con_and_wis() -> None:
    system = registry.get("monsters_and_magic")
    generation = system.generation
    assert generation is not None
    data = game_data(generation.data_file)
    scores = {"STR": 16, "DEX": 12, "CON": 14, "INT": 9, "WIS": 11, "CHA": 8}
    draft = Draft("Gram", scores, {"race": "dwarf", "class": "fighter"}, data)
    sheet = generation.build(draft, system.default_options())
    assert (sheet.php.maximum, sheet.mhp.maximum) == (22, 19)  # type: ignore[attr-defined]
    assert sheet.movement_base == 9 and sheet.prime.value == "STR"  # type: ignore[attr-defined]
    assert (
        generation.notes(draft, system.default_options())[0]
        == "Prime attribute STR 16: checks on it add +6 (its modifier doubled)"
    )


def test_ose_lowers_str_int_or_wis_by_two_for_one_point_of_prime_requisite() -> None:
    from m3desk.systems.ose.generation import shift_problem, shift_range

    scores = {"STR": 13, "INT": 14, "WIS": 10, "DEX": 12, "CON": 11, "CHA": 9}
    fighter = Draft("", scores, {"class": "fighter"})
    assert shift_range(fighter, "STR") == (0, 5, 1)  # the prime requisite, up to 18
    assert shift_range(fighter, "INT") == (-4, 0, 2)  # by twos, never below 9
    assert shift_range(fighter, "WIS") == (0, 0, 2)  # already at 10: one step would be 8
    assert shift_range(fighter, "DEX") == (0, 0, 1)  # DEX is never lowered
    thief = Draft("", scores, {"class": "thief"})
    assert shift_range(thief, "STR") == (0, 0, 1)  # a thief keeps STR
    assert shift_problem(fighter._replace(shifts={"INT": -4, "STR": 2})) == ""
    assert shift_problem(fighter._replace(shifts={"INT": -4, "STR": 1})) == (
        "Every 2 points lowered raise a prime requisite by 1: 4 lowered, 1 raised."
    )
    generation = registry.get("ose").generation
    assert generation is not None
    moved = fighter._replace(name="Rolf", shifts={"INT": -4, "STR": 2})
    options = registry.get("ose").default_options()
    sheet = generation.build(moved, options)
    assert (sheet.abilities.STR, sheet.abilities.INT) == (15, 10)  # type: ignore[attr-defined]
    assert generation.notes(moved, options) == ("Prime requisite STR 15: +5 % experience",)
