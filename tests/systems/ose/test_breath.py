"""Breath weapons as the SRD writes them (issue 29): a dragon's breath deals damage equal to
its current hit points, save versus breath for half, up to three times a day; it breathes
first, then breathes again or bites at even odds. One definition (systems/ose/attacks.py)
for the dialog, the tracker's summary and the forecast."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from m3desk.assets import resource_path
from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.forecast import Policy, run_fights
from m3desk.systems.ose import forecast
from m3desk.systems.ose.attacks import breath_words, read_breath_words
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.samples import characters
from m3desk.systems.ose.sheet import MonsterSheet
from m3desk.systems.ose.system import SYSTEM

RULES = SYSTEM.encounter
assert RULES is not None and RULES.simulate is not None
BESTIARY = json.loads(resource_path("bestiary", "ose", "srd-monsters.json").read_text("utf-8"))
SHEETS = {m["sheet"]["name"]: MonsterSheet.model_validate(m["sheet"]) for m in BESTIARY["monsters"]}


def _fight(
    monster: MonsterSheet, heroes: int = 1, hp: int = 99
) -> tuple[OseEncounter, str, list[str]]:
    encounter = OseEncounter(name="Lair")
    hero = characters()["Morgan Ironwolf"].model_copy(
        update={"hit_points": hp, "max_hit_points": hp}
    )
    for _ in range(heroes):
        encounter = core.join(encounter, RULES.make_combatant(hero, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(monster, "Monsters"))
    *hero_ids, dragon = (c.id for c in encounter.combatants)
    for hero_id in hero_ids:
        encounter = core.set_position(encounter, hero_id, dragon, 5, log=False)
    assert isinstance(encounter, OseEncounter)
    return encounter, dragon, hero_ids


def _breath_routine(sheet: MonsterSheet) -> str:
    number = next(a.routine for a in sheet.attacks if a.breath)
    return Action("routine", number)


def test_every_bestiary_breath_has_the_rules_its_entry_gives() -> None:
    for name, sheet in SHEETS.items():
        for attack in sheet.attacks:
            if "breath" in attack.name.lower():
                assert attack.breath, name
    red = next(a for a in SHEETS["Red Dragon"].attacks if a.breath)
    assert (red.uses, red.own_hit_points, red.save and red.save.value, red.opens, red.chance) == (
        3,
        True,
        "B",
        True,
        3,
    )
    hound = next(a for a in SHEETS["Hellhound (HD 5)"].attacks if a.breath)
    assert (hound.uses, str(hound.damage), hound.chance) == (0, "5d6", 2)  # 2-in-6, no limit
    gorgon = next(a for a in SHEETS["Gorgon"].attacks if a.breath)
    assert (gorgon.uses, gorgon.effect) == (0, "petrification")
    sea = next(a for a in SHEETS["Sea Dragon"].attacks if a.breath)
    assert (sea.effect, sea.own_hit_points) == ("poison", False)  # save versus breath or die


@pytest.mark.parametrize(("save", "dealt"), [(5, 31), (15, 15)])
def test_the_dialog_breathes_the_dragons_hit_points_half_on_a_save(save: int, dealt: int) -> None:
    black = SHEETS["Black Dragon"]
    encounter, dragon, (hero,) = _fight(black)
    action = _breath_routine(black)
    option = {o.id: o for o in RULES.actions(encounter, dragon)}[action]
    assert [d.label for d in option.dice] == ["#1 save"]  # no attack roll, no damage dice
    assert (
        "damage equal to its hit points, save vs breath attack for half; 3 a day, 3 left"
        in option.label
    )
    preview = RULES.preview(encounter, dragon, Action("attack", 2), hero)
    assert "Damage 31 (Black Dragon's hit points now), 15 on a save" in preview.lines
    outcome = RULES.resolve(encounter, dragon, action, hero, (save,))
    assert outcome.encounter.combatant(hero).sheet.hit_points == 99 - dealt
    assert f"for {dealt}" in outcome.summary


def test_a_wounded_dragon_breathes_for_its_hit_points_as_they_stand() -> None:
    black = SHEETS["Black Dragon"].model_copy(update={"hit_points": 12})
    encounter, dragon, (hero,) = _fight(black)
    outcome = RULES.resolve(encounter, dragon, _breath_routine(black), hero, (5,))
    assert outcome.encounter.combatant(hero).sheet.hit_points == 99 - 12


def test_three_breaths_a_day_spent_once_per_breath_and_shown() -> None:
    black = SHEETS["Black Dragon"]
    encounter, dragon, heroes = _fight(black, heroes=2)
    encounter = core.start(core.set_initiative(encounter, {dragon: 6}))
    action = _breath_routine(black)
    for left in (2, 1, 0):
        # the breath catches both heroes: the second is resolved without another use
        for hero in heroes:
            encounter = RULES.resolve(encounter, dragon, action, hero, (20,)).encounter
        labels = {o.id: o.label for o in RULES.actions(encounter, dragon)}
        assert labels[action].endswith(f"3 a day, {left} left)")
        summary = RULES.centre_summary(encounter, dragon)
        assert f"breath: no attack roll, at any foe in sight; {left} of 3 left today" in summary
        encounter, _ = encounter.round_ended()
        encounter = core.start(encounter) if encounter.phase != "rounds" else encounter
        encounter = encounter.model_copy(update={"round": encounter.round + 1})
    preview = RULES.preview(encounter, dragon, action, heroes[0])
    assert preview.problem == "Black Dragon has used its breath 3 times today: none left."
    with pytest.raises(ValueError, match="none left"):
        RULES.resolve(encounter, dragon, action, heroes[0], (20,))


def test_the_forecast_breathes_as_the_dialog_does() -> None:
    """The dragon surprises a hero: its first round is its breath (the entry's attack
    pattern), for its hit points or half, as often halved as the dialog's save says."""
    black = SHEETS["Black Dragon"]
    encounter, dragon, (hero,) = _fight(black)
    encounter = encounter.model_copy(update={"surprise_side": "Monsters"})
    preview = RULES.preview(encounter, dragon, Action("attack", 2), hero)
    spread = dict(preview.spread)
    results = run_fights(encounter, RULES.simulate, fights=600, seed=5, policy=Policy(max_rounds=1))
    lost = [99 - r.hit_points[hero] for r in results]
    assert set(lost) == {31, 15}
    halved = Fraction(lost.count(15), len(lost))
    assert abs(float(halved) - float(spread["15"])) < 0.06


def test_the_forecast_spends_uses_and_then_bites(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three breaths at most a day (fewer where the encounter records some spent), the first
    round always one, then breath or melee at even odds."""
    black = SHEETS["Black Dragon"]
    encounter, dragon, _heroes = _fight(black, hp=999)
    plan = forecast._Plan(encounter)
    i = plan.ids.index(dragon)
    b = plan.later[i].breath_at
    assert forecast._Fight(plan, random.random).uses[i][b] == 3
    for spent, left in ((2, 1), (3, -1)):  # the tracker's record of uses spent
        marked = encounter.model_copy(
            update={
                "combatants": tuple(
                    c.model_copy(update={"spent": {2: spent}}) if c.id == dragon else c
                    for c in encounter.combatants
                )
            }
        )
        assert forecast._Fight(forecast._Plan(marked), random.random).uses[i][b] == left
    counts: list[int] = []
    real = forecast._Fight.breathe

    def counted(self: forecast._Fight, *args: object) -> None:
        counts[-1] += 1
        real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(forecast._Fight, "breathe", counted)
    for rounds in (1, 8):
        seen = []
        for seed in range(60):
            counts.append(0)
            run_fights(
                encounter, RULES.simulate, fights=1, seed=seed, policy=Policy(max_rounds=rounds)
            )
            seen.append(counts[-1])
        assert set(seen) == ({1} if rounds == 1 else {2, 3} | (set(seen) & {1}))
        assert max(seen) <= 3


@pytest.mark.parametrize(
    "name", sorted(n for n, s in SHEETS.items() if any(a.breath for a in s.attacks))
)
def test_a_breaths_rules_go_into_words_and_back(name: str) -> None:
    for attack in SHEETS[name].attacks:
        fields = read_breath_words(breath_words(attack))
        assert attack.model_copy(update=fields) == attack
    with pytest.raises(ValueError, match="is not a breath's rules"):
        read_breath_words("breath, <b>fire</b>")
