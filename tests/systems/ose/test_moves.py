"""OSE moves on the map read places and the declaration (ose.md §11, seed 003): encounter
movement is the base rate ÷ 3; in melee only a fighting withdrawal (half, backwards, with a
clear path) or a retreat (all of it) moves; a caster does not move. The ruler's check, the
drop and the dialog's moves are one rule."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.places import Area, Place
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.sheet import CharacterSheet
from m3desk.systems.ose.table import ENCOUNTER_RULES as RULES

MOVE_AWAY = Action("move", variant="away")

assert RULES.edit is not None and RULES.resolve is not None
EDIT, RESOLVE = RULES.edit, RULES.resolve


def _melee() -> tuple[OseEncounter, str, str, str]:
    """A runner (unarmoured: 120', encounter movement 40') in melee with a goblin at 5',
    Silverleaf beside it; round one under way."""
    fight = OseEncounter(name="Corridor")
    for sheet, side in (
        (CharacterSheet(name="Runner"), "Party"),
        (characters()["Silverleaf"], "Party"),
        (monsters()["Goblin"], "Goblins"),
    ):
        fight = core.join(fight, RULES.make_combatant(sheet, side))
    runner, elf, goblin = (c.id for c in fight.combatants)
    places = {runner: Place.at(0, 0), goblin: Place.at(5, 0), elf: Place.at(5, 10)}
    fight = core.start(fight.model_copy(update={"places": places}))
    assert isinstance(fight, OseEncounter)
    return fight, runner, elf, goblin


def _declare(fight: OseEncounter, who: str, what: str) -> OseEncounter:
    after, _ = EDIT(fight, who, "declared", what)
    assert isinstance(after, OseEncounter)
    return after


def test_a_fighting_withdrawal_allows_half_the_encounter_movement_backwards() -> None:
    """§14.16: encounter movement 40' → a fighting withdrawal 20'."""
    fight, runner, _elf, goblin = _melee()
    fight = _declare(fight, runner, "fighting withdrawal")
    back = RULES.check_move(fight, runner, Place.at(-15, 0))
    assert (back.distance, back.allowance, back.verb, back.over) == (15, 20, "withdraws", False)
    assert back.notes == ("leaves Goblin's reach",)
    too_far = RULES.check_move(fight, runner, Place.at(-25, 0))
    assert too_far.over and too_far.notes[0] == "over the allowance (20 ft)"
    moved, text = RULES.make_move(fight, runner, Place.at(-15, 0))
    assert text == "Runner withdraws 15 ft: leaves Goblin's reach"
    assert moved.log[-1].text == text
    assert core.position_between(moved, runner, goblin) == 20
    # 15' of the 20' are spent: 5' more is the allowance now.
    assert RULES.check_move(moved, runner, Place.at(-25, 0)).allowance == 5
    assert [(r.value, r.label) for r in RULES.rings(moved, runner)[:2]] == [
        (5, "melee"),
        (5, "fighting withdrawal"),
    ]


def test_a_fighting_withdrawal_backs_away_and_needs_a_clear_path() -> None:
    fight, runner, _elf, _goblin = _melee()
    fight = _declare(fight, runner, "fighting withdrawal")
    closer = RULES.check_move(fight, runner, Place.at(3, 0))
    assert "a fighting withdrawal backs away, not toward Goblin" in closer.notes
    through = RULES.check_move(fight, runner, Place.at(10, 0))  # through the goblin
    assert "no clear path: Goblin is in the way" in through.notes
    walled = fight.model_copy(update={"areas": (Area(x=-8, y=-5, width=2, height=10, wall=True),)})
    blocked = RULES.check_move(walled, runner, Place.at(-15, 0))
    assert blocked.blocked and blocked.over and "through a wall" in blocked.notes


def test_a_retreat_moves_the_whole_encounter_movement() -> None:
    fight, runner, _elf, goblin = _melee()
    fight = _declare(fight, runner, "retreat")
    check = RULES.check_move(fight, runner, Place.at(-35, 0))
    assert (check.distance, check.allowance, check.verb, check.over) == (35, 40, "retreats", False)
    assert RULES.check_move(fight, runner, Place.at(-45, 0)).notes[0] == (
        "over the allowance (40 ft)"
    )
    moved, text = RULES.make_move(fight, runner, Place.at(-40, 0))
    assert text == "Runner retreats 40 ft: leaves Goblin's reach"
    assert core.position_between(moved, runner, goblin) == 45


def test_in_melee_nothing_declared_moves_nowhere_and_a_caster_never() -> None:
    fight, runner, elf, _goblin = _melee()
    stuck = RULES.check_move(fight, runner, Place.at(-10, 0))
    assert stuck.allowance == 0 and stuck.over
    assert "in melee: only a fighting withdrawal or a retreat moves" in stuck.notes
    free = RULES.check_move(fight, elf, Place.at(5, 25))  # Silverleaf is 10' off: free
    assert free.allowance == 20 and not free.over
    casting = _declare(fight, elf, "cast a spell")
    check = RULES.check_move(casting, elf, Place.at(5, 15))
    assert check.allowance == 0 and "casting a spell: no movement" in check.notes


def test_at_set_up_the_gm_places_tokens_without_a_limit() -> None:
    fight, runner, _elf, _goblin = _melee()
    setup = fight.model_copy(update={"phase": "setup", "round": 0})
    check = RULES.check_move(setup, runner, Place.at(-200, 0))
    assert check.allowance is None and not check.over


def test_the_dialog_s_retreat_moves_the_token_through_the_same_move() -> None:
    fight, runner, _elf, goblin = _melee()
    fight = _declare(fight, runner, "retreat")
    offered = {a.id: a.label for a in RULES.actions(fight, runner) if a.group == "movement"}
    assert offered == {MOVE_AWAY: "Retreat from the target (40 ft)"}
    preview = RULES.preview(fight, runner, MOVE_AWAY, goblin)
    assert preview.lines == ("Retreats 40 ft: 5 → 45 ft from Goblin", "Leaves Goblin's reach")
    outcome = RESOLVE(fight, runner, MOVE_AWAY, goblin, ())
    assert outcome.summary == "Runner retreats 40 ft: leaves Goblin's reach"
    assert outcome.encounter.places[runner] == Place.at(-40, 0)
    # The same move dragged on the map gives the same encounter and log line.
    dragged, _text = RULES.make_move(fight, runner, Place.at(-40, 0))
    assert dragged.places == outcome.encounter.places
    assert dragged.log[-1].text == outcome.encounter.log[-1].text
    assert RULES.preview(outcome.encounter, runner, MOVE_AWAY, goblin).problem == (
        "Runner has used this round's movement."
    )


def test_the_movement_counted_ends_with_the_round() -> None:
    fight, _runner, elf, _goblin = _melee()
    moved, _ = RULES.make_move(fight, elf, Place.at(5, 25))
    assert moved.combatant(elf).moved == 15
    ended, _expired = moved.round_ended()
    assert ended.combatant(elf).moved == 0
