"""A fight through the seam: the turn's budget, movement actions, attacks, grapples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.system import EncounterRules
from m3desk.systems.apparatus.grapple import (
    Grapple,
    check_odds,
    downgraded,
    halves_grappler,
    raised,
)
from m3desk.systems.apparatus.movement import stand_cost_halves
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, CAVE_BEAR, KESTREL, WREN
from m3desk.systems.apparatus.sheet import Sheet
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM

LONG_PLUS_2 = Action("long", amount=2)
MOVE_CLIMB_PLUS_1 = Action("move", variant="climb", amount=1)
MOVE_RUN_PLUS_1 = Action("move", variant="run", amount=1)
MOVE_SWIM_PLUS_1 = Action("move", variant="swim", amount=1)

RULES = SYSTEM.encounter
assert isinstance(RULES, EncounterRules)


def _fight(*sheets: Sheet, metres: int = 1) -> tuple[ApparatusEncounter, list[str]]:
    encounter = ApparatusEncounter()
    for index, sheet in enumerate(sheets):
        side = "Party" if index == 0 else "Monsters"
        encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    ids = [c.id for c in encounter.combatants]
    encounter = core.set_initiative(encounter, {i: 20 - n for n, i in enumerate(ids)})
    for other in ids[1:]:
        encounter = core.set_position(encounter, ids[0], other, metres)
    encounter = core.next_turn(encounter)
    assert isinstance(encounter, ApparatusEncounter)
    return encounter, ids


def _do(
    encounter: ApparatusEncounter, actor: str, action: Action, faces: tuple[int, ...] = ()
) -> ApparatusEncounter:
    assert RULES.resolve is not None
    outcome = RULES.resolve(encounter, actor, action, None, faces)
    assert isinstance(outcome.encounter, ApparatusEncounter)
    return outcome.encounter


def _cell(encounter: ApparatusEncounter, who: str, column: str) -> str:
    return RULES.cell(encounter, encounter.combatant(who), column).text


def test_a_turn_starts_with_movement_equal_to_speed_and_one_action() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE)
    assert _cell(fight, k, "move") == "6/6"
    assert _cell(fight, k, "action") == "left"
    assert _cell(fight, b, "move") == "—/6"


def test_climbing_over_difficult_terrain_and_a_running_long_jump() -> None:
    fight, (k, _b) = _fight(KESTREL, BRUTE)
    fight, _ = RULES.edit(fight, k, "terrain", "1")  # type: ignore[misc]
    labels = [a.label for a in RULES.actions(fight, k) if a.id.variant == "climb"]
    assert labels == [
        "Climb 1 m (difficulty 1) — 3 Movement",
        "Climb 2 m (difficulty 1) — 6 Movement",
    ]
    fight = _do(fight, k, MOVE_CLIMB_PLUS_1)
    assert _cell(fight, k, "move") == "3/6"
    fight, _ = RULES.edit(fight, k, "terrain", "0")  # type: ignore[misc]
    # 2 m run + 4 for the jump is more than the 3 left: refused with the reason.
    assert RULES.preview(fight, k, LONG_PLUS_2, None).problem == "That costs 6 Movement; 3 left."
    fight = _do(fight, k, Action("dash"))
    assert _cell(fight, k, "move") == "9/12" and _cell(fight, k, "action") == "spent"
    preview = RULES.preview(fight, k, LONG_PLUS_2, None)
    assert preview.lines[0].endswith("4 m across, clearing 1 m of height")
    assert "run 2 m (2) + jump 4 = 6 Movement" in preview.lines
    fight = _do(fight, k, LONG_PLUS_2)
    assert _cell(fight, k, "move") == "0/12"
    assert "ended" in RULES.preview(fight, k, MOVE_RUN_PLUS_1, None).problem


def test_impassable_terrain_is_refused_with_the_reason() -> None:
    fight, (k, _b) = _fight(KESTREL, BRUTE)
    fight, _ = RULES.edit(fight, k, "terrain", "5")  # type: ignore[misc]
    assert RULES.preview(fight, k, MOVE_CLIMB_PLUS_1, None).problem == (
        "Impassable: climbing through Difficulty 5 costs 7 Movement per metre, more than the "
        "Speed of 6."
    )
    assert RULES.preview(fight, k, MOVE_RUN_PLUS_1, None).problem == ""  # 6: allowed
    assert RULES.preview(fight, k, MOVE_SWIM_PLUS_1, None).problem.startswith(
        "Impassable: swimming through Difficulty 5"
    )


def test_natural_climber_and_size_scaling() -> None:
    fight, (w, _b) = _fight(WREN, BRUTE)
    # Wren is Small (Speed 3) with Natural Climber: 1 per metre, metres scaled ×½ → 2 each.
    assert _cell(fight, w, "move") == "3/3"
    preview = RULES.preview(fight, w, MOVE_CLIMB_PLUS_1, None)
    assert preview.lines[0].startswith("Climb 1 m: 1 per m (Natural Climber) = 2 Movement")
    unscaled = fight.model_copy(update={"options": ApparatusOptions(size_scaled_movement=False)})
    assert RULES.preview(unscaled, w, MOVE_CLIMB_PLUS_1, None).lines[0].endswith("= 1 Movement")


def test_prone_stand_up_and_crawl() -> None:
    fight, (k, _b) = _fight(KESTREL, BRUTE)
    fight = _do(fight, k, Action("prone"))
    assert _cell(fight, k, "conditions") == "prone"
    assert RULES.preview(fight, k, MOVE_RUN_PLUS_1, None).problem == (
        "Prone: crawl, or stand up first."
    )
    fight = _do(fight, k, Action("move", variant="crawl", amount=1))
    fight = _do(fight, k, Action("stand"))
    assert _cell(fight, k, "move") == "1/6" and _cell(fight, k, "conditions") == ""


def test_stand_up_rounding_is_a_table_rule() -> None:
    # §11 #6: Speed 5: 2.5 → 3 (ceil), in half points.
    assert stand_cost_halves(5) == 6
    assert stand_cost_halves(5, ApparatusOptions(stand_cost="floor")) == 4
    assert stand_cost_halves(5, ApparatusOptions(stand_cost="exact")) == 5


def test_unspent_movement_is_lost_at_the_end_of_the_turn() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE)
    fight = _do(fight, k, Action("move", variant="run", amount=2))
    fight = core.next_turn(fight)
    assert fight.turn == b and _cell(fight, k, "move") == "—/6"
    fight = core.next_turn(fight)
    assert fight.turn == k and _cell(fight, k, "move") == "6/6"


def test_attack_preview_with_two_sources_for_and_one_against() -> None:
    fight, (k, b) = _fight(BRUTE, KESTREL)
    fight, _ = RULES.edit(fight, k, "conditions", "unseen, poisoned")  # type: ignore[misc]
    preview = RULES.preview(fight, k, Action("attack", 0, target=b), None)
    assert preview.lines[0] == (
        "1d20 Might +3 Combat Proficiency +2 Size Modifier +0 against Guard 14: needs 9 on the die"
    )
    assert preview.lines[1] == (
        "Advantage: dual-wielding +1, attacker Unseen +1, attacker "
        "Poisoned −1 → net +1: roll 2 d20, keep the highest"
    )
    assert preview.success == Fraction(21, 25)
    assert dict(preview.outcomes)["Critical hit"] == Fraction(39, 400)
    option = next(a for a in RULES.actions(fight, k) if a.id == Action("attack", 0, target=b))
    assert [(d.number, d.sides, d.label) for d in option.dice] == [
        (2, 20, "attack"),
        (1, 8, "damage"),
        (1, 6, "extra damage"),
    ]
    fight = _do(fight, k, Action("attack", 0, target=b), (20, 5, 3, 2))
    assert fight.combatant(b).sheet.hit_points == 20 - 13
    assert fight.log[-1].text == (
        "Brute critically hits Kestrel with the flaming longsword for 13 (+8 critical): 2d20 "
        "(20, 5) keep the highest 20, Might +3, Combat Proficiency +2 = 25 against Guard 14; "
        "Advantage: dual-wielding +1, attacker Unseen +1, attacker Poisoned −1 → net +1: roll "
        "2 d20, keep the highest; damage 1d8 (3), 1d6 (2), critical +8 = 13"
    )


def test_barred_attacks_in_the_dialog() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE, metres=2)
    assert "reaches 1 m" in RULES.preview(fight, k, Action("attack", 0, target=b), None).problem
    fight = core.set_position(fight, k, b, 31)
    assert "beyond Far" in RULES.preview(fight, k, Action("attack", 1, target=b), None).problem
    fight = core.set_position(fight, k, b, 20)
    far = RULES.preview(fight, k, Action("attack", 1, target=b), None)
    assert far.problem == "" and "ranged at Far range −1" in far.lines[1]
    fight, _ = RULES.edit(fight, k, "conditions", "charmed by Brute")  # type: ignore[misc]
    assert "Charm" in RULES.preview(fight, k, Action("attack", 1, target=b), None).problem
    fight, _ = RULES.edit(fight, b, "conditions", "unseen")  # type: ignore[misc]
    fight, _ = RULES.edit(fight, k, "conditions", "")  # type: ignore[misc]
    assert "Unseen" in RULES.preview(fight, k, Action("attack", 1, target=b), None).problem


def test_one_standard_action_a_turn() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE)
    fight = _do(fight, k, Action("evade"))
    assert "already taken" in RULES.preview(fight, k, Action("attack", 0, target=b), None).problem
    assert (
        "not Brute's turn" in RULES.preview(fight, b, Action("attack", 0, target=k), None).problem
    )


def test_grapple_tiers_speed_and_escape() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE)
    # Kestrel: CP 1 + Might 3 + 0 = 4 against the Brute's Physique Rating 13: needs 9.
    preview = RULES.preview(fight, k, Action("grapple", target=b), None)
    assert preview.success == Fraction(12, 20)
    fight = _do(fight, k, Action("grapple", target=b), (14,))
    assert fight.grapples[0].tier == "basic"
    fight = core.next_turn(fight)
    assert fight.turn == b and _cell(fight, b, "move") == "0/0"
    # The escape: Kestrel's sustain check fails on a 4 (4 + 4 < 13): the grapple ends.
    assert RULES.preview(fight, b, Action("escape", target=k), None).success == Fraction(8, 20)
    fight = _do(fight, b, Action("escape", target=k), (4,))
    assert fight.grapples == ()
    fight = core.next_turn(fight)
    fight = _do(fight, k, Action("grapple", target=b), (20,))  # a critical: Advanced at once
    assert fight.grapples[0].tier == "advanced"
    assert "restrained (grapple)" in _cell(fight, b, "conditions")
    fight = core.next_turn(fight)
    # Restrained gives Kestrel +1: she fails only if both d20 show 8 or less.
    assert RULES.preview(fight, b, Action("escape", target=k), None).success == Fraction(8, 20) ** 2
    fight = _do(fight, b, Action("escape", target=k), (3, 8))
    assert fight.grapples[0].tier == "basic"
    fight = core.next_turn(fight)
    # Kestrel grapples a Medium creature: her Speed 6 is halved.
    assert _cell(fight, k, "move") == "3/3"
    fight = _do(fight, k, Action("dash"))
    assert _cell(fight, k, "move") == "6/6"  # §11 #17: Dash while grappling gives 6


def test_raising_to_complete_and_the_stunts() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE)
    fight = fight.model_copy(update={"grapples": (Grapple(grappler=k, target=b, tier="advanced"),)})
    fight = _do(fight, k, Action("raise", target=b), (20, 1))
    assert fight.grapples[0].tier == "complete"
    fight = core.next_turn(core.next_turn(fight))
    assert RULES.preview(fight, k, Action("stunt_damage", target=b), None).lines == (
        "Damage 1d6 Might +3 Size Modifier +0",
    )
    fight = _do(fight, k, Action("stunt_damage", target=b), (4,))  # §11 #15: 4 + 3 + 0 = 7
    assert fight.combatant(b).sheet.hit_points == 24 - 7


def test_grapple_rules() -> None:
    assert raised("basic", "success") == ("advanced", False)
    assert raised("basic", "critical") == ("complete", False)
    assert raised("advanced", "critical") == ("complete", True)
    assert downgraded("advanced") == "basic" and downgraded("basic") is None
    assert halves_grappler("medium", "medium") and not halves_grappler("medium", "tiny")
    # §11 #12: +5 against 13 with no Advantage: 13/20, a natural 20 critical.
    odds = check_odds(5, 13, 0)
    assert odds["success"] + odds["critical"] == Fraction(13, 20)
    assert odds["critical"] == Fraction(1, 20)


def test_size_requirements() -> None:
    # §11 #13: a Small grappler may grapple a Medium target, not a Large one.
    fight, (w, b, bear) = _fight(WREN, BRUTE, CAVE_BEAR)
    assert RULES.preview(fight, w, Action("grapple", target=b), None).problem == ""
    assert (
        "one size smaller" in RULES.preview(fight, w, Action("grapple", target=bear), None).problem
    )
    # The dual-wielding Brute has no free hand.
    fight = core.next_turn(fight)
    assert "free hand" in RULES.preview(fight, b, Action("grapple", target=w), None).problem


def test_conditions_are_typed_and_refused_with_a_sentence() -> None:
    fight, (k, _b) = _fight(KESTREL, BRUTE)
    fight, _ = RULES.edit(fight, k, "conditions", "Poisoned, exhaustion 3")  # type: ignore[misc]
    assert _cell(fight, k, "conditions") == "poisoned, exhaustion 3"
    with pytest.raises(ValueError, match="not a condition"):
        RULES.edit(fight, k, "conditions", "sleepy")  # type: ignore[misc]


def test_status_and_rings() -> None:
    fight, (k, b) = _fight(KESTREL, BRUTE)
    fight = _do(fight, k, Action("grapple", target=b), (14,))
    assert RULES.status(fight) == (
        "Kestrel's turn: Movement 6 of 6 left, Standard Action spent; unspent Movement is "
        "lost at the end of the turn",
        "Kestrel holds Brute: Basic grapple (Speed 0, no bonuses to Speed)",
    )
    rings = RULES.rings(fight, k)
    assert [(r.value, r.label) for r in rings] == [
        (1, "melee reach"),
        (6, "Movement left"),
        (10, "shortbow near"),
        (30, "shortbow Far"),
    ]
