"""Seed 002's situations through the encounter rules: declared actions, typed initiative with
its modifiers, the charge against a set spear, withdrawing past a blocking ally, fleeing with
the free attack at the back, and a bow fired on the move over two rounds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.systems.adnd2e.action_kinds import MORALE
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndCombatant, AdndEncounter
from tests.systems.adnd2e.fight import ids, seed_fight

MOVE_WITHDRAW = Action("move", variant="withdraw")
SAVE_SP = Action("save", variant="Sp")

RULES = ENCOUNTER_RULES
assert RULES.edit is not None and RULES.resolve is not None
EDIT = RULES.edit
RESOLVE = RULES.resolve


def _declare(encounter: core.Encounter, **actions: str) -> AdndEncounter:
    for name, label in actions.items():
        encounter, _text = EDIT(encounter, ids(encounter)[name], "declared", label)
    assert isinstance(encounter, AdndEncounter)
    return encounter


def _who(encounter: core.Encounter, name: str) -> AdndCombatant:
    combatant = encounter.combatant(ids(encounter)[name])
    assert isinstance(combatant, AdndCombatant)
    return combatant


def _option(encounter: core.Encounter, actor: str, label_start: str) -> str:
    for option in RULES.actions(encounter, ids(encounter)[actor]):
        if option.label.startswith(label_start):
            return option.id
    raise AssertionError(f"{actor} has no action {label_start!r}")


def _round_one() -> AdndEncounter:
    encounter = _declare(
        seed_fight(),
        Ogre="Charge",
        Rath="Set against a charge",
        Delsenora="Withdraw",
        Ilse="Attack",
        Rupert="Move and fire",
        Orc="Attack",
        Kobold="Flee",
    )
    encounter = core.start(encounter)
    encounter, _ = EDIT(encounter, ids(encounter)["Rath"], "roll", "6")
    encounter, _ = EDIT(encounter, ids(encounter)["Orc"], "roll", "5")
    assert isinstance(encounter, AdndEncounter)
    return encounter


def test_the_declared_cell_offers_every_action_and_stores_the_pick() -> None:
    encounter = seed_fight()
    cell = RULES.cell(encounter, _who(encounter, "Ogre"), "declared")
    assert cell.editable and cell.text == "—"
    assert {"Charge", "Withdraw", "Flee", "Move and fire", "Set against a charge"} <= set(
        cell.choices
    )
    encounter = _declare(encounter, Ogre="Charge")
    assert _who(encounter, "Ogre").declared == "charge"
    cell = RULES.cell(encounter, _who(encounter, "Ogre"), "declared")
    assert cell.text == "Charge 135 ft"  # MV 9 × 10 × 1½
    assert "full-move" in cell.tip
    assert encounter.log[-1].text == "Ogre declares: Charge"


def test_a_declaration_the_sheet_cannot_back_is_refused() -> None:
    encounter = seed_fight()
    with pytest.raises(ValueError, match="no spear or polearm"):
        EDIT(encounter, ids(encounter)["Ilse"], "declared", "Set against a charge")
    with pytest.raises(ValueError, match="no missile weapon"):
        EDIT(encounter, ids(encounter)["Ilse"], "declared", "Move and fire")
    with pytest.raises(ValueError, match="not an action"):
        EDIT(encounter, ids(encounter)["Ilse"], "declared", "Dance")


def test_typed_side_d10_with_the_charge_modifier_lower_first() -> None:
    """The party's d10 6 becomes 4: the ogre's charge gives its opponents −2 (seed 002);
    the monsters' 5 stays. Lower acts first: the party, all together."""
    encounter = _round_one()
    party = {c.initiative for c in encounter.combatants if c.side == "Party"}
    monsters = {c.initiative for c in encounter.combatants if c.side == "Monsters"}
    assert party == {4} and monsters == {5}
    order = core.turn_order(encounter)
    assert [c.side for c in order[0]] == ["Party"] * 4
    tip = RULES.initiative_tip(encounter, _who(encounter, "Rath"))
    assert tip.startswith("Initiative 4 = d10 6, Ogre charging −2")
    status = RULES.status(encounter)
    assert status[0] == (
        "Round 1 · resolution, lower first: 4: Rath + Delsenora + Ilse + "
        "Rupert → 5: Ogre + Orc + Kobold"
    )
    assert status[1] == (
        "Ogre charges: its opponents −2 initiative; Rath set against it (double damage on a hit)"
    )


def test_status_names_who_must_still_declare_and_roll() -> None:
    encounter = core.start(seed_fight())
    assert RULES.status(encounter)[0].startswith("Round 1 · declare: Rath, Delsenora")
    encounter = _declare(
        encounter,
        Rath="Attack",
        Delsenora="Attack",
        Ilse="Attack",
        Rupert="Fire missiles",
        Ogre="Attack",
        Orc="Attack",
        Kobold="Attack",
    )
    assert RULES.status(encounter)[0] == (
        "Round 1 · initiative: type the d10 for Party, Monsters (lower acts first)"
    )


def test_individual_initiative_with_weapon_speed() -> None:
    encounter = seed_fight().model_copy(
        update={"options": AdndOptions(initiative="individual", weapon_speed=True)}
    )
    encounter = _declare(encounter, Rath="Attack")
    encounter, _ = EDIT(encounter, ids(encounter)["Rath"], "roll", "3")
    assert _who(encounter, "Rath").initiative == 8  # long sword +1, speed 5
    assert _who(encounter, "Delsenora").initiative is None


def test_the_charge_meets_a_set_spear() -> None:
    """The ogre charges 40' (it may go 135'), +2 to hit Rath; Rath's set spear then deals
    double dice on a hit (1d8 against L: 4 → 8, + STR 18/80 +4 once)."""
    encounter = _round_one()
    ogre, rath = ids(encounter)["Ogre"], ids(encounter)["Rath"]
    charge = _option(encounter, "Ogre", "Attack with club")
    preview = RULES.preview(encounter, ogre, charge, rath)
    # THAC0 17 against Rath's AC 2: need 15; +2 charging: naturals 13–20.
    assert preview.lines[0] == "d20 charging +2 needs 15 (THAC0 17 − AC 2)"
    assert preview.success == Fraction(8, 20)
    assert "Moves 35 ft in before the blow" in preview.lines
    outcome = RESOLVE(encounter, ogre, charge, rath, (9, 6))
    assert outcome.summary == "Ogre charges Rath with the club and misses (9 +2 against 15)"
    assert outcome.notices == (
        "Rath has set a weapon against the charge: a hit on Ogre deals double damage.",
    )
    encounter = outcome.encounter
    assert core.position_between(encounter, ogre, rath) == 5
    spear = _option(encounter, "Rath", "Attack with spear (1d8 vs L)")
    preview = RULES.preview(encounter, rath, spear, ogre)
    # The charging ogre is AC 6; THAC0 14 needs 8, STR +2: naturals 6–20.
    assert preview.lines == (
        "d20 STR 18/80 +2 needs 8 (THAC0 14 − AC 6, charging)",
        "Damage 1d8 ×2 (set against the charge) +4: average 13.0, 6–20",
    )
    assert preview.success == Fraction(15, 20)
    wrong = _option(encounter, "Rath", "Attack with spear (1d6 vs S-M)")
    assert RULES.preview(encounter, rath, wrong, ogre).problem == (
        "Ogre is size L: use the L damage (1d8)."
    )
    outcome = RESOLVE(encounter, rath, spear, ogre, (11, 4))
    assert outcome.summary == (
        "Rath attacks Ogre with the spear and hits for 12 (double: set against the charge)"
    )
    assert _who(outcome.encounter, "Ogre").sheet.hit_points == 19 - 12


def test_a_charge_beyond_its_reach_is_barred() -> None:
    encounter = _declare(seed_fight(), Ogre="Charge")
    encounter = core.set_position(encounter, ids(encounter)["Ogre"], ids(encounter)["Rath"], 150)
    charge = _option(encounter, "Ogre", "Attack with club")
    assert RULES.preview(
        encounter, ids(encounter)["Ogre"], charge, ids(encounter)["Rath"]
    ).problem == ("Rath is 150 ft away: out of reach of the club.")


def test_a_withdrawal_with_an_ally_blocking() -> None:
    """Delsenora (elf, MV 12) backs 40' from the orc; Ilse fights the orc and blocks it."""
    encounter = _round_one()
    delsenora, orc = ids(encounter)["Delsenora"], ids(encounter)["Orc"]
    assert MOVE_WITHDRAW in [o.id for o in RULES.actions(encounter, delsenora)]
    outcome = RESOLVE(encounter, delsenora, MOVE_WITHDRAW, orc, ())
    assert core.position_between(outcome.encounter, delsenora, orc) == 45
    assert outcome.notices == ("Ilse blocks Orc: it cannot follow Delsenora.",)
    assert outcome.summary == "Delsenora withdraws 40 ft: Ilse blocks Orc"
    # Withdrawing is no attack, and the movement is spent.
    attack = _option(outcome.encounter, "Delsenora", "Attack with dagger")
    assert RULES.preview(outcome.encounter, delsenora, attack, orc).problem == (
        "Delsenora declared Withdraw: no attack this round."
    )
    assert RULES.preview(outcome.encounter, delsenora, MOVE_WITHDRAW, orc).problem == (
        "Delsenora has used this round's movement."
    )


def test_a_withdrawal_alone_may_be_followed() -> None:
    encounter = _declare(seed_fight(), Delsenora="Withdraw", Ilse="Withdraw")
    outcome = RESOLVE(
        encounter, ids(encounter)["Delsenora"], MOVE_WITHDRAW, ids(encounter)["Orc"], ()
    )
    assert outcome.notices == ("Orc may follow Delsenora.",)


def test_a_flight_owes_the_free_attack_at_once() -> None:
    """The kobold flees Ilse: she gets a free attack at its back, outside initiative, at +2
    with no shield or DEX for the kobold (AC 7). Cleric 4, THAC0 18: need 11, +2 → 12/20."""
    encounter = _round_one()
    kobold, ilse = ids(encounter)["Kobold"], ids(encounter)["Ilse"]
    outcome = RESOLVE(encounter, kobold, Action("move", variant="flee"), None, ())
    assert outcome.summary == "Kobold flees 60 ft: leaves Ilse's reach: free attack"
    assert outcome.notices == (
        "Ilse gets a free attack at Kobold's back now (rear +2, no shield or DEX): 60.0 % to "
        "hit with the footman's mace.",
        "Kobold can be pursued unless someone blocks.",
    )
    encounter = outcome.encounter
    assert core.position_between(encounter, kobold, ilse) == 65
    assert RULES.status(encounter)[-1] == "Free attack due now at Kobold's back: Ilse"
    free = _option(encounter, "Ilse", "Free attack at Kobold's back with footman's mace")
    preview = RULES.preview(encounter, ilse, free, None)
    assert preview.lines[0] == "d20 rear attack +2 needs 11 (THAC0 18 − AC 7)"
    assert preview.success == Fraction(12, 20)
    outcome = RESOLVE(encounter, ilse, free, None, (14, 5))
    assert outcome.summary == (
        "Ilse strikes at the back of Kobold with the footman's mace and hits for 6; Kobold is dead"
    )
    assert _who(outcome.encounter, "Kobold").free_attacks == ()
    assert not any(o.id.kind == "free" for o in RULES.actions(outcome.encounter, ilse))


def test_a_troll_fleeing_a_troll_gets_all_its_attacks() -> None:
    from m3desk.systems.adnd2e.samples import TROLL

    encounter = seed_fight()
    encounter = core.join(encounter, RULES.make_combatant(TROLL, "Monsters"))
    encounter = core.set_position(encounter, ids(encounter)["Troll"], ids(encounter)["Rath"], 5)
    encounter = _declare(encounter, Rath="Flee")
    outcome = RESOLVE(encounter, ids(encounter)["Rath"], Action("move", variant="flee"), None, ())
    assert _who(outcome.encounter, "Rath").free_attacks == (ids(encounter)["Troll"],) * 3


def test_an_archer_moves_and_fires_at_half_rate_over_two_rounds() -> None:
    """Rupert's long bow fires 2 a round; moving, 1 a round: one shot in round 1, the second
    barred, one again in round 2."""
    encounter = _round_one()
    rupert, ogre = ids(encounter)["Rupert"], ids(encounter)["Ogre"]
    encounter = RESOLVE(encounter, rupert, Action("move", variant="away"), ogre, ()).encounter
    assert core.position_between(encounter, rupert, ogre) == 210
    bow = _option(encounter, "Rupert", "Attack with long bow")
    preview = RULES.preview(encounter, rupert, bow, ogre)
    # Ranger 5 THAC0 16 vs the charging ogre's AC 6 (it declared a charge): need 10, DEX +2.
    assert preview.lines[0] == "d20 DEX 17 missile +2 needs 10 (THAC0 16 − AC 6, charging)"
    encounter = RESOLVE(encounter, rupert, bow, ogre, (15, 3)).encounter
    assert RULES.preview(encounter, rupert, bow, ogre).problem == (
        "Rupert has no shot left this round (long bow at 1 a round on the move; next shot in "
        "1 round)."
    )
    ended, _expired = encounter.round_ended()
    ended = ended.model_copy(update={"round": 2})
    ended = _declare(ended, Rupert="Move and fire")
    assert _who(ended, "Rupert").declared == "missile"
    assert RULES.preview(ended, rupert, bow, ogre).problem == ""
    after = RESOLVE(ended, rupert, bow, ogre, (2, 1)).encounter
    assert RULES.preview(after, rupert, bow, ogre).problem.startswith("Rupert has no shot left")


def test_a_heavy_crossbow_on_the_move_fires_once_in_four_rounds() -> None:
    from m3desk.systems.adnd2e.samples import weapon

    encounter = seed_fight()
    archer = _who(encounter, "Rupert")
    sheet = archer.sheet.model_copy(update={"weapons": (weapon("heavy crossbow"),)})
    encounter = core.replace_sheet(encounter, archer.id, sheet)
    ogre = ids(encounter)["Ogre"]
    shots = []
    for round_number in range(1, 6):
        encounter = encounter.model_copy(update={"round": round_number, "phase": "rounds"})
        encounter = _declare(encounter, Rupert="Move and fire")
        encounter = encounter.turn_begins(archer.id)
        crossbow = _option(encounter, "Rupert", "Attack with heavy crossbow (1d6+1 vs L)")
        problem = RULES.preview(encounter, archer.id, crossbow, ogre).problem
        shots.append(not problem)
        if not problem:
            encounter = RESOLVE(encounter, archer.id, crossbow, ogre, (1, 1)).encounter
        encounter, _ = encounter.round_ended()
    assert shots == [True, False, False, False, True]


def test_rings_follow_the_declared_action_and_the_bow() -> None:
    encounter = seed_fight()
    rupert = ids(encounter)["Rupert"]
    rings = RULES.rings(encounter, rupert)
    assert [(r.value, r.label) for r in rings if r.kind == "move"] == [
        (60, "close"),
        (40, "withdraw"),
        (120, "full move"),
        (180, "charge"),
    ]
    assert [(r.value, r.label) for r in rings if r.kind == "range"] == [
        (210, "long bow short"),
        (420, "long bow medium"),
        (630, "long bow long"),
    ]
    encounter = _declare(encounter, Rupert="Move and fire")
    assert [(r.value, r.label) for r in RULES.rings(encounter, rupert) if r.kind == "move"] == [
        (60, "move and fire")
    ]


def test_medium_range_costs_two() -> None:
    encounter = seed_fight()
    rupert, ogre = ids(encounter)["Rupert"], ids(encounter)["Ogre"]
    encounter = core.set_position(encounter, rupert, ogre, 300)  # 100 yards
    bow = _option(encounter, "Rupert", "Attack with long bow")
    assert RULES.preview(encounter, rupert, bow, ogre).lines[0] == (
        "d20 DEX 17 missile +2 medium range −2 needs 11 (THAC0 16 − AC 5)"
    )
    encounter = core.set_position(encounter, rupert, ogre, 660)
    assert RULES.reach(encounter, rupert, ogre).in_reach is False


def test_conditions_give_the_table_51_modifiers() -> None:
    encounter = seed_fight()
    orc, ilse = ids(encounter)["Orc"], ids(encounter)["Ilse"]
    encounter = core.add_condition(
        encounter, ilse, core.ConditionState(condition="prone", name="Prone")
    )
    attack = _option(encounter, "Orc", "Attack with spear")
    assert RULES.preview(encounter, orc, attack, ilse).lines[0] == (
        "d20 defender prone +4 needs 15 (THAC0 19 − AC 4)"
    )


def test_saves_and_morale_with_their_odds() -> None:
    encounter = seed_fight()
    ogre = ids(encounter)["Ogre"]
    assert RULES.preview(encounter, ogre, SAVE_SP, None).success == Fraction(7, 20)
    assert RULES.preview(encounter, ogre, MORALE, None).success == Fraction(55, 100)
    hurt = core.replace_sheet(
        encounter, ogre, _who(encounter, "Ogre").sheet.model_copy(update={"hit_points": 9})
    )
    preview = RULES.preview(hurt, ogre, MORALE, None)
    assert preview.lines == ("2d10 at most 7 holds (lost half its hit points −4)",)
    assert preview.success == Fraction(21, 100)
    outcome = RESOLVE(hurt, ogre, MORALE, None, (5, 6))
    assert outcome.notices == ("Ogre breaks: it flees or surrenders.",)


def test_death_at_zero_or_at_minus_ten() -> None:
    """§11.16: 3 hp, takes 8 → −5, unconscious with death's door; bleeds 1 a round."""
    encounter = _declare(seed_fight(), Orc="Attack")
    orc, ilse = ids(encounter)["Orc"], ids(encounter)["Ilse"]
    low = core.replace_sheet(
        encounter, ilse, _who(encounter, "Ilse").sheet.model_copy(update={"hit_points": 3})
    )
    attack = _option(low, "Orc", "Attack with spear")
    dead = RESOLVE(low, orc, attack, ilse, (20, 6))
    assert dead.summary.endswith("hits for 6; Ilse is dead")
    door = low.model_copy(update={"options": AdndOptions(deaths_door=True)})
    outcome = RESOLVE(door, orc, attack, ilse, (20, 6))
    assert outcome.summary.endswith("Ilse falls unconscious at −3 and loses 1 a round until bound")
    bled, _ = outcome.encounter.round_ended()
    assert _who(bled, "Ilse").sheet.hit_points == -4


def test_a_new_round_clears_declarations_and_rolls() -> None:
    encounter = _round_one()
    ended, _ = encounter.round_ended()
    assert all(
        c.declared == "" and c.initiative_roll is None and c.initiative is None
        for c in ended.combatants
    )


def test_the_tracker_cells() -> None:
    encounter = _round_one()
    ogre = _who(encounter, "Ogre")
    assert RULES.cell(encounter, ogre, "ac").text == "AC 6"  # charging: 1 worse
    assert RULES.cell(encounter, ogre, "thac0").text == "17"
    assert RULES.cell(encounter, ogre, "roll").text == "5"
    assert RULES.cell(encounter, _who(encounter, "Rath"), "ac").text == "AC 2"
    with pytest.raises(ValueError, match="1 to 10"):
        EDIT(encounter, ogre.id, "roll", "11")
    changed, text = EDIT(encounter, ogre.id, "hp", "7")
    assert _who(changed, "Ogre").sheet.hit_points == 7 and text == "Set Ogre's hit points to 7"
