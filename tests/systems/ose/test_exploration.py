"""OSE's expedition against the SRD's own words (quoted beside each check).

Dungeon Adventuring, Wilderness Adventuring, Adventuring Gear, the class pages and the
Strength table: every number the book ties to the clock and every exploration chance.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from m3desk.assets import sample_files
from m3desk.core.expedition_rules import PartySheet
from m3desk.core.options import option_of
from m3desk.core.sheet_rolls import chance, outcome
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.exploration import (
    EXPLORATION,
    TERRAINS,
    OseExpedition,
    OseExploration,
    fight_turns,
)
from m3desk.systems.ose.sheet import Abilities, CharacterSheet, Item
from m3desk.systems.ose.tables import OseClass

ex = EXPLORATION


def _party(*sheets: CharacterSheet) -> OseExpedition:
    made = ex.new_expedition([PartySheet(s) for s in sheets], "E", "Level 1", "dungeon", None)
    assert isinstance(made, OseExpedition)
    return made


def _hero(name: str = "Aldo", klass: OseClass = OseClass.FIGHTER, **more: object) -> CharacterSheet:
    return CharacterSheet(name=name, char_class=klass, **more)  # type: ignore[arg-type]


def _due(expedition: OseExpedition) -> list[str]:
    return [line.text for line in ex.due(expedition)]


def _action(expedition: OseExpedition, action_id: str):  # type: ignore[no-untyped-def]
    return next(a for a in ex.actions(expedition) if a.id == action_id)


def test_the_defaults_are_the_srds() -> None:
    rules = OseExploration()
    # "burns for 1 hour (6 turns)"; "Burns one oil flask every four hours (24 turns)"
    assert (rules.torch_turns, rules.lantern_turns) == (6, 24)
    # "Characters must rest for one turn every hour"; "A –1 penalty to attack and damage"
    assert (rules.rest_every, rules.rest_penalty) == (6, 1)
    # "A check is typically rolled once every two turns"; "typical chance ... is 1-in-6"
    assert (rules.check_every, rules.check_chance) == (2, 1)
    # "rest for one day per six days of travel"; "A check is typically rolled once daily"
    assert (rules.rest_days_every, rules.checks_a_day) == (6, 1)
    for name in OseExploration.model_fields:
        assert option_of(OseExploration, name).reason and option_of(OseExploration, name).label


def test_a_torch_burns_six_turns_and_a_lantern_flask_twenty_four() -> None:
    kit = (
        Item(name="Torches", quantity=6),
        Item(name="Lantern"),
        Item(name="Oil flasks", quantity=2),
    )
    expedition = _party(_hero("Aldo", equipment=kit), _hero("Bea", equipment=kit))
    expedition = ex.command(expedition, "torch.Aldo")
    expedition = ex.command(expedition, "lantern.Bea")
    assert "Torch (Aldo): 6 turns left" in _due(expedition)
    for _ in range(5):
        expedition = ex.advance(expedition)
    assert "Torch (Aldo): 1 turn left" in _due(expedition)
    expedition = ex.advance(expedition)
    assert not [t for t in _due(expedition) if t.startswith("Torch (Aldo)")]
    assert "Torch (Aldo) goes out." in expedition.log[-1].text
    assert "Lantern (Bea): 18 turns left" in _due(expedition)
    for _ in range(18):
        expedition = ex.advance(expedition)
    assert not expedition.lights
    assert "No light is lit: the party is in the dark" in _due(expedition)
    # five torches and one flask are left to light
    commands = {c.id for c in ex.commands(expedition)}
    assert {"torch.Aldo", "lantern.Bea"} <= commands
    spent = ex.command(ex.command(expedition, "lantern.Bea"), "out.Bea")
    assert "lantern.Bea" not in {c.id for c in ex.commands(spent)}  # no oil left


def test_rest_one_turn_in_six_or_fight_at_minus_one() -> None:
    expedition = _party(_hero())
    for _ in range(5):
        expedition = ex.advance(expedition)
    assert "Rest due in 1 turn" in _due(expedition)
    expedition = ex.advance(expedition)
    assert "Rest overdue: −1 to attack and damage until it rests a turn" in _due(expedition)
    rested = ex.command(expedition, "rest")
    assert rested.elapsed["turn"] == 7
    assert "Rest due in 6 turns" in _due(rested)


def test_a_wandering_check_every_two_turns_one_in_six() -> None:
    expedition = _party(_hero())
    assert "Wandering monster check in 2 turns" in _due(expedition)
    expedition = ex.advance(ex.advance(expedition))
    assert "Wandering monster check due" in _due(expedition)
    check = _action(expedition, "wandering")
    assert chance(check.roll) == Fraction(1, 6)
    quiet = ex.act(expedition, check, outcome(check.roll, (2,)))
    assert not quiet.encounter_due
    assert "Wandering monster check in 2 turns" in _due(quiet)
    met = ex.act(expedition, check, outcome(check.roll, (1,)))
    assert met.encounter_due
    assert "Wandering monsters met: start the encounter" in _due(met)


@pytest.mark.parametrize(
    ("klass", "secret", "traps", "listen"),
    [
        (OseClass.ELF, 2, 1, 2),  # "Elves have a 2-in-6 chance of locating secret doors"
        (OseClass.DWARF, 1, 2, 2),  # "2-in-6 chance of detecting non-magical room traps"
        (OseClass.HALFLING, 1, 1, 2),  # "Halflings have a 2-in-6 chance of hearing noises"
        (OseClass.THIEF, 1, 1, 2),  # Hear noise 1–2 at 1st level
        (OseClass.FIGHTER, 1, 1, 1),  # "PCs have a 1-in-6 chance of detecting subtle sounds"
    ],
)
def test_search_and_listen_by_class(klass: OseClass, secret: int, traps: int, listen: int) -> None:
    expedition = _party(_hero("Ana", klass))
    assert chance(_action(expedition, "secret.Ana").roll) == Fraction(secret, 6)
    assert chance(_action(expedition, "traps.Ana").roll) == Fraction(traps, 6)
    assert chance(_action(expedition, "listen.Ana").roll) == Fraction(listen, 6)
    assert _action(expedition, "secret.Ana").takes == 1  # "Searching takes one turn"


def test_a_thiefs_hearing_grows_with_level() -> None:
    expedition = _party(_hero("Ana", OseClass.THIEF, level=11))
    assert chance(_action(expedition, "listen.Ana").roll) == Fraction(5, 6)


@pytest.mark.parametrize(
    ("strength", "in_six"),
    [(3, 1), (5, 1), (8, 1), (9, 2), (12, 2), (13, 3), (15, 3), (16, 4), (17, 4), (18, 5)],
)
def test_forcing_a_door_by_strength(strength: int, in_six: int) -> None:
    expedition = _party(_hero("Ana", abilities=Abilities(STR=strength)))
    force = _action(expedition, "force.Ana")
    assert chance(force.roll) == Fraction(in_six, 6)
    assert force.roll.needed == f"{in_six}-in-6"


@pytest.mark.parametrize(("level", "percent"), [(1, 10), (5, 30), (14, 99)])
def test_treasure_traps_are_a_thiefs_by_level(level: int, percent: int) -> None:
    expedition = _party(_hero("Ana", OseClass.THIEF, level=level), _hero("Bo"))
    assert chance(_action(expedition, "treasure_traps.Ana").roll) == Fraction(percent, 100)
    assert "treasure_traps.Bo" not in {a.id for a in ex.actions(expedition)}


def test_each_actions_odds_are_what_its_roll_judges() -> None:
    party = [load_sheet(p).model for p in sample_files("ose") if p.suffix == ".m3c"]
    for mode in ("dungeon", "wilderness"):
        expedition = ex.new_expedition([PartySheet(s) for s in party], "E", "", mode, None)
        for action in ex.actions(expedition):
            dice = action.roll.dice
            faces = range(1, dice.sides + 1)
            judged = sum(outcome(action.roll, (face,)).succeeded for face in faces)
            assert chance(action.roll) == Fraction(judged, dice.sides), action.id


# "City, clear, grasslands, settled lands: 1-in-6. Aerial, barren, desert, forest, hills:
# 2-in-6. Jungle, mountains, swamp: 3-in-6." and losing direction: "Clear, grasslands:
# 1-in-6. Barren lands, hills, mountains, woods: 2-in-6. Desert, jungle, swamp: 3-in-6."
# Terrain: "Broken lands, desert, forest, hills: 33% slower. Jungle, mountains, swamp: 50%".
WILDERNESS = {
    "clear": (1, 1, 1),
    "grasslands": (1, 1, 1),
    "settled": (1, None, 1),
    "city": (1, None, 1),
    "barren": (2, 2, 1),
    "desert": (2, 3, Fraction(2, 3)),
    "forest": (2, 2, Fraction(2, 3)),
    "hills": (2, 2, Fraction(2, 3)),
    "jungle": (3, 3, Fraction(1, 2)),
    "mountains": (3, 2, Fraction(1, 2)),
    "swamp": (3, 3, Fraction(1, 2)),
}


@pytest.mark.parametrize("terrain", sorted(WILDERNESS))
def test_the_wilderness_by_terrain(terrain: str) -> None:
    check, lost, speed = WILDERNESS[terrain]
    expedition = ex.change_mode(
        _party(_hero(equipment=(Item(name="Iron rations (days)", quantity=7),))),
        "wilderness",
        terrain,
    )
    assert chance(_action(expedition, "wandering").roll) == Fraction(check, 6)
    ids = {a.id for a in ex.actions(expedition)}
    if lost is None:
        assert "lost" not in ids
    else:
        assert chance(_action(expedition, "lost").roll) == Fraction(lost, 6)
    # "The party has a 1-in-6 chance per day of finding enough food"; hunting "1-in-6",
    # "takes up a complete day"
    assert chance(_action(expedition, "forage").roll) == Fraction(1, 6)
    assert _action(expedition, "hunt").takes == 1
    miles = derive(expedition.members[0].sheet)["movement.overland"].value
    shown = ex.movement(expedition)
    assert f"{miles} miles a day" in shown
    if speed != 1:
        assert f"slows it to {int(miles * speed)}" in shown
    assert next(t for t in TERRAINS if t.id == terrain).speed == speed


def test_rations_a_day_and_a_day_without() -> None:
    expedition = ex.change_mode(
        _party(_hero(equipment=(Item(name="Iron rations (days)", quantity=7),))),
        "wilderness",
        "clear",
    )
    assert "Rations: 7 days left at the fewest (Aldo)" in _due(expedition)
    for _ in range(7):
        expedition = ex.advance(expedition)
    assert "Rations: 0 days left at the fewest (Aldo)" in _due(expedition)
    expedition = ex.advance(expedition)
    assert "A day without: Aldo (no food)." in expedition.log[-1].text


def test_movement_is_the_slowest_sheets_as_the_sheet_computes_it() -> None:
    light = _hero("Ana", armour="leather")
    heavy = _hero("Bo", armour="plate mail")
    expedition = _party(light, heavy)
    slowest = derive(heavy)["movement"].value
    assert ex.movement(expedition) == f"Exploring: {slowest}' a turn (the slowest: Bo)"
    overridden = heavy.model_copy(update={"overrides": {"movement": 120}})
    assert "(the slowest: Ana)" in ex.movement(_party(light, overridden))


def test_a_fight_is_a_turn() -> None:
    # 10-second rounds, 60 to the 10-minute turn; a fight counts as at least one turn.
    assert [fight_turns(r) for r in (0, 1, 7, 60, 61, 120, 121)] == [1, 1, 1, 1, 2, 2, 3]
    expedition = _party(_hero()).model_copy(update={"in_fight": True})
    after = ex.fight_over(expedition, 7)
    assert after.elapsed["turn"] == 1 and not after.in_fight
    assert after.log[-1].text.startswith("The fight took 7 rounds: 1 turn.")


def test_a_spells_duration_counts_down_with_the_clock() -> None:
    from m3desk.core.expedition import add_timer

    expedition = add_timer(_party(_hero()), "Light (Silverleaf)", 2)
    assert "Light (Silverleaf): 2 turns left" in _due(expedition)
    expedition = ex.advance(expedition)
    assert "Light (Silverleaf): 1 turn left" in _due(expedition)
    expedition = ex.advance(expedition)
    assert not expedition.timers
    assert "Light (Silverleaf) ends." in expedition.log[-1].text
    days = ex.change_mode(add_timer(_party(_hero()), "Curse", 3), "wilderness", "clear")
    assert "Curse: 3 days left" in _due(days)


def test_movement_follows_the_tables_encumbrance_rule() -> None:
    """Detailed encumbrance counts the coins carried; the sheet under that rule is slower."""
    from m3desk.systems.ose.options import OseOptions

    heavy = _hero("Bo", load_coins=1_000)
    plain = _party(heavy)
    rules = OseOptions(encumbrance="detailed")
    detailed = ex.with_table_rules(plain, rules)
    assert (
        ex.movement(plain) == f"Exploring: {derive(heavy)['movement'].value}' a turn "
        "(the slowest: Bo)"
    )
    assert (
        ex.movement(detailed) == f"Exploring: {derive(heavy, rules)['movement'].value}' "
        "a turn (the slowest: Bo)"
    )
    assert ex.movement(detailed) != ex.movement(plain)
