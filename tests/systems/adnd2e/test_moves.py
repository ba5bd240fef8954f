"""AD&D 2e moves on the map read places and the declared action (seed 002, adnd2e.md §6):
10 × MV feet a round, close ½, charge 1½, withdraw ⅓, flee the full move; a no-move action
one square. A flight out of a foe's reach owes it a free attack at once; a withdrawal is
blocked by an ally standing between the foe and where the withdrawer goes."""

from __future__ import annotations

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.places import Place
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES as RULES
from m3desk.systems.adnd2e.table import AdndEncounter
from tests.systems.adnd2e.fight import ids, seed_fight

MOVE_TOWARD = Action("move", variant="toward")

assert RULES.edit is not None and RULES.resolve is not None
EDIT, RESOLVE = RULES.edit, RULES.resolve


def _declared(encounter: core.Encounter, **actions: str) -> AdndEncounter:
    for name, label in actions.items():
        encounter, _text = EDIT(encounter, ids(encounter)[name], "declared", label)
    started = core.start(encounter) if encounter.phase == "setup" else encounter
    assert isinstance(started, AdndEncounter)
    return started


def test_a_charge_allows_half_as_far_again_and_says_so_beyond() -> None:
    """§11 #5: MV 12 charges 180'. Rath (at −30, −10) charges 150' west: within; 190': over
    the allowance, which the GM may still place and the log says."""
    fight = _declared(seed_fight(), Rath="Charge")
    rath = ids(fight)["Rath"]
    check = RULES.check_move(fight, rath, Place.at(-180, -10))
    assert (check.distance, check.allowance, check.verb, check.over) == (150, 180, "charges", False)
    moved, text = RULES.make_move(fight, rath, Place.at(-180, -10))
    assert text == "Rath charges 150 ft"
    assert moved.log[-1].text == "Rath charges 150 ft"
    assert moved.places[rath] == Place.at(-180, -10)
    over = RULES.check_move(fight, rath, Place.at(-220, -10))
    assert over.distance == 190 and over.over
    assert over.notes[0] == "over the allowance (180 ft)"
    _after, text = RULES.make_move(fight, rath, Place.at(-220, -10))
    assert text == "Rath charges 190 ft: over the allowance (180 ft)"
    # What is left of the charge: 30' after 150'.
    assert RULES.check_move(moved, rath, Place.at(-180, -40)).allowance == 30
    assert (30, "charge") in [(r.value, r.label) for r in RULES.rings(moved, rath)]


def test_the_grid_counts_a_diagonal_run_three_squares_for_two() -> None:
    fight = _declared(seed_fight(), Rath="Close and attack")  # ½ of 120' = 60'
    rath = ids(fight)["Rath"]
    check = RULES.check_move(fight, rath, Place.at(-70, -50))  # 8 squares each way: 12
    assert (check.distance, check.allowance, check.verb) == (60, 60, "closes")


def test_a_no_move_action_allows_one_square() -> None:
    fight = _declared(seed_fight(), Ilse="Attack")
    ilse = ids(fight)["Ilse"]
    step = RULES.check_move(fight, ilse, Place.at(-5, -5))
    assert (step.allowance, step.verb, step.over) == (5, "steps", False)
    assert RULES.check_move(fight, ilse, Place.at(-10, -5)).over


def test_a_flight_out_of_reach_owes_the_free_attack_due_at_once() -> None:
    fight = _declared(seed_fight(), Kobold="Flee")
    kobold, ilse = ids(fight)["Kobold"], ids(fight)["Ilse"]
    away = Place.at(0, -60)
    check = RULES.check_move(fight, kobold, away)
    assert check.verb == "flees" and check.notes == ("leaves Ilse's reach: free attack",)
    moved, text = RULES.make_move(fight, kobold, away)
    assert text == "Kobold flees 50 ft: leaves Ilse's reach: free attack"
    assert moved.combatant(kobold).free_attacks == (ilse,)
    due = RULES.due(moved)
    assert [(d.label, d.actor, d.action) for d in due] == [
        (
            "Free attack: Ilse at Kobold's back",
            ilse,
            Action("free", 0, target=kobold, variant="any"),
        )
    ]
    assert RULES.preview(moved, ilse, due[0].action, None).problem == ""
    # A flight that stays in reach owes nothing.
    near, _ = RULES.make_move(fight, kobold, Place.at(5, -10))
    assert near.combatant(kobold).free_attacks == ()


def test_a_withdrawal_is_blocked_only_by_an_ally_between() -> None:
    """Delsenora (−5, 0) withdraws west from the orc (0, 0). Ilse at (0, −5) fights the orc
    at the start of its way west: she blocks it. An ally fighting the orc from its far side
    (5, 0) is not between: the orc may follow (unless the table rule says any ally in reach
    blocks)."""
    fight = _declared(seed_fight(), Delsenora="Withdraw", Ilse="Attack")
    delsenora, ilse = ids(fight)["Delsenora"], ids(fight)["Ilse"]
    west = Place.at(-45, 0)
    check = RULES.check_move(fight, delsenora, west)
    assert (check.allowance, check.verb, check.notes) == (40, "withdraws", ("Ilse blocks Orc",))
    behind = core.move_to(fight, ilse, Place.at(5, 0))
    assert RULES.check_move(behind, delsenora, west).notes == ("Orc may follow",)
    anywhere = behind.model_copy(update={"options": AdndOptions(block_between=False)})
    assert RULES.check_move(anywhere, delsenora, west).notes == ("Ilse blocks Orc",)


def test_rings_follow_the_declaration() -> None:
    fight = seed_fight()
    rath = ids(fight)["Rath"]
    undeclared = [(r.value, r.label) for r in RULES.rings(fight, rath) if r.kind == "move"]
    assert undeclared == [(60, "close"), (40, "withdraw"), (120, "full move"), (180, "charge")]
    withdrawing = _declared(fight, Rath="Withdraw")
    assert [(r.value, r.label) for r in RULES.rings(withdrawing, rath) if r.kind == "move"] == [
        (40, "withdraw")
    ]


def test_the_dialog_s_flight_is_the_map_s_move() -> None:
    fight = _declared(seed_fight(), Kobold="Flee")
    kobold = ids(fight)["Kobold"]
    outcome = RESOLVE(fight, kobold, Action("move", variant="flee"), None, ())
    place = outcome.encounter.places[kobold]
    dragged, text = RULES.make_move(fight, kobold, place)
    assert outcome.summary == text == "Kobold flees 60 ft: leaves Ilse's reach: free attack"
    assert (
        dragged.combatant(kobold).free_attacks == outcome.encounter.combatant(kobold).free_attacks
    )


def _move_line(before: core.Encounter, after: core.Encounter) -> list[str]:
    return [entry.text for entry in after.log[len(before.log) :]]


@pytest.mark.parametrize(
    ("target", "action"),
    [
        ("Kobold", Action("attack", 0, variant="sm")),
        ("Orc", Action("attack", 0, variant="sm")),
        ("Ogre", Action("attack", 0, variant="l")),
    ],
)
def test_a_charge_through_the_dialog_is_the_map_s_move_then_the_blow(
    target: str, action: Action
) -> None:
    """Rath charges through the dialog's attack (a miss: natural 1): he ends where the
    dialog's "move toward" (a drop 5' from the foe) puts him, the log says the move as the
    map's drop there says it, then the blow, and the feet count against the charge as the
    drop counts them."""
    fight = _declared(seed_fight(), Rath="Charge")
    rath, foe = ids(fight)["Rath"], ids(fight)[target]
    outcome = RESOLVE(fight, rath, action, foe, (1, 1))
    place = outcome.encounter.places[rath]
    assert place == RESOLVE(fight, rath, MOVE_TOWARD, foe, ()).encounter.places[rath]
    assert core.position_between(outcome.encounter, rath, foe) == 5
    dropped, text = RULES.make_move(fight, rath, place)
    assert text.startswith("Rath charges ")
    lines = _move_line(fight, outcome.encounter)
    assert lines[0] == text and lines[1].startswith(f"Rath charges {target} with the")
    assert len(lines) == 2
    assert outcome.encounter.combatant(rath).moved == dropped.combatant(rath).moved > 0


def test_a_charger_meeting_a_set_spear_moves_as_the_map_moves_it() -> None:
    """The ogre charges Rath, who set his spear: Rath's blow brings the ogre in to 5' as a
    drop of the ogre there would, logged the same way, before the blow's line."""
    fight = _declared(seed_fight(), Ogre="Charge", Rath="Set against a charge")
    rath, ogre = ids(fight)["Rath"], ids(fight)["Ogre"]
    outcome = RESOLVE(fight, rath, Action("attack", 1, variant="l"), ogre, (1, 1))
    place = outcome.encounter.places[ogre]
    assert outcome.encounter.places[rath] == fight.places[rath]
    assert core.position_between(outcome.encounter, rath, ogre) == 5
    dropped, text = RULES.make_move(fight, ogre, place)
    lines = _move_line(fight, outcome.encounter)
    assert lines[0] == text == "Ogre charges 35 ft"
    assert outcome.encounter.combatant(ogre).moved == dropped.combatant(ogre).moved == 35
