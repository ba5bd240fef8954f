"""The OSE round through the encounter rules, with the digest's numbers (shared/rules/ose.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.dice import Roller
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.encounter import OseCombatant, OseEncounter
from m3desk.systems.ose.forms import weapon
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.sheet import Abilities, CharacterSheet
from m3desk.systems.ose.table import ENCOUNTER_RULES as RULES
from m3desk.systems.ose.tables import OseClass

MORALE_SIDE = Action("morale", variant="side")
MORALE_SIDE_MINUS_1 = Action("morale", variant="side", amount=-1)
MORALE_SIDE_PLUS_1 = Action("morale", variant="side", amount=1)
SAVE_B = Action("save", variant="B")
SAVE_S = Action("save", variant="S")

assert RULES.edit is not None and RULES.resolve is not None
EDIT, RESOLVE = RULES.edit, RULES.resolve


def _fight(
    *extra: tuple[CharacterSheet, str], goblins: int = 2, options: OseOptions | None = None
) -> tuple[OseEncounter, dict[str, str]]:
    party = characters()
    encounter = OseEncounter(name="Goblin ambush", options=options or OseOptions())
    for sheet in (party["Morgan Ironwolf"], party["Silverleaf"]):
        encounter = core.join(encounter, RULES.make_combatant(sheet, "Party"))
    for sheet, side in extra:
        encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    for _ in range(goblins):
        encounter = core.join(encounter, RULES.make_combatant(monsters()["Goblin"], "Goblins"))
    ids = {c.name: c.id for c in encounter.combatants}
    return encounter, ids


def _at(encounter: OseEncounter, a: str, b: str, feet: int) -> OseEncounter:
    return core.set_position(encounter, a, b, feet)


def _rolls(encounter: OseEncounter, ids: dict[str, str], **rolls: int) -> OseEncounter:
    for name, roll in rolls.items():
        encounter, _text = EDIT(encounter, ids[name], "d6", str(roll))
        assert isinstance(encounter, OseEncounter)
    return encounter


def _c(encounter: core.Encounter, combatant_id: str) -> OseCombatant:
    combatant = encounter.combatant(combatant_id)
    assert isinstance(combatant, OseCombatant)
    return combatant


def _started(encounter: OseEncounter) -> OseEncounter:
    started = core.next_turn(encounter)
    assert isinstance(started, OseEncounter)
    return started


def test_side_d6_typed_in_orders_the_round_and_the_status_says_so() -> None:
    encounter, ids = _fight()
    encounter = _started(encounter)
    assert encounter.turn is None
    assert "roll 1d6 for each side" in RULES.status(encounter)[0]
    encounter = _rolls(encounter, ids, **{"Morgan Ironwolf": 2, "Goblin 1": 5})
    order = [c.name for count in core.turn_order(encounter) for c in count]
    assert order == ["Goblin 1", "Goblin 2", "Silverleaf", "Morgan Ironwolf"]
    # Silverleaf's bow is in hand: her side's missiles come before its melee.
    status = RULES.status(encounter)
    assert status[0] == "Round 1: initiative Goblins (5) → Party (2)."
    assert status[1].startswith(
        "Goblins act: a. morale · b. movement · c. missiles · d. spells · e. melee ◂."
    )
    assert RULES.cell(encounter, _c(encounter, ids["Goblin 2"]), "d6").text == "5"


def test_ties_roll_again_or_act_at_once_as_the_table_rule_says() -> None:
    encounter, ids = _fight()
    tied = _rolls(_started(encounter), ids, **{"Morgan Ironwolf": 4, "Goblin 1": 4})
    assert "Party and Goblins tie: roll again (table rule)." in RULES.status(tied)[0]
    at_once = tied.model_copy(update={"options": OseOptions(ties="simultaneous")})
    assert "act simultaneously" in RULES.status(at_once)[0]
    assert len(core.turn_order(at_once)[0]) == 4  # one count: everyone's blows land
    assert RULES.roll_initiative is not None
    for seed in range(30):
        rolled = RULES.roll_initiative(_started(encounter), Roller(seed))
        assert isinstance(rolled, OseEncounter)
        assert len(set(rolled.side_rolls.values())) == 2  # re-rolled until they differ


def test_two_handed_melee_weapons_act_last() -> None:
    bruno = CharacterSheet(
        name="Bruno", weapons=(weapon("two-handed sword"),), hit_points=8, max_hit_points=8
    )
    encounter, ids = _fight((bruno, "Party"))
    encounter = _rolls(_started(encounter), ids, **{"Bruno": 6, "Goblin 1": 1})
    order = [c.name for count in core.turn_order(encounter) for c in count]
    assert order[-1] == "Bruno" and order[0] == "Silverleaf"
    assert "Act last (slow weapons): Bruno (two-handed sword)." in RULES.status(encounter)
    assert "two-handed sword is slow" in RULES.initiative_tip(
        encounter, _c(encounter, ids["Bruno"])
    )


def test_individual_initiative_adds_dex() -> None:
    fast = CharacterSheet(name="Quick", abilities=Abilities(DEX=18))
    encounter, ids = _fight((fast, "Party"), options=OseOptions(individual_initiative=True))
    encounter, _ = EDIT(_started(encounter), ids["Quick"], "d6", "3")
    assert _c(encounter, ids["Quick"]).rolled == 5  # d6 3 + DEX 18's +2 (§1)


def test_surprise_gives_one_side_a_free_round() -> None:
    encounter, ids = _fight()
    encounter, _ = EDIT(encounter, ids["Morgan Ironwolf"], "d6", "4")
    encounter, _ = EDIT(encounter, ids["Goblin 1"], "d6", "2")
    assert isinstance(encounter, OseEncounter) and encounter.surprise_side == "Party"
    assert "Surprise: Party get a free round; Goblins cannot act in it." in RULES.status(encounter)
    started = _started(encounter)
    assert started.phase == "surprise" and _c(started, started.turn or "").side == "Party"
    assert [c.side for count in core.turn_order(started) for c in count] == ["Party"] * 2
    both, _ = EDIT(encounter, ids["Morgan Ironwolf"], "d6", "1")
    assert isinstance(both, OseEncounter) and both.surprise_side is None
    assert "Every side is surprised: no effect, round one as usual." in RULES.status(both)


def test_missile_range_and_cover() -> None:
    encounter, ids = _fight()
    elf, goblin = ids["Silverleaf"], ids["Goblin 1"]
    naked = monsters()["Goblin"].model_copy(update={"armour_class": 9})
    encounter = core.replace_sheet(encounter, goblin, naked)
    bow = Action("attack", 0)  # short bow: 50 / 100 / 150; DEX 15 +1; THAC0 19 vs AC 9 needs 10
    assert RULES.preview(_at(encounter, elf, goblin, 80), elf, bow, goblin).success == Fraction(
        12, 20
    )  # §14.2: medium range, natural ≥ 9
    assert RULES.preview(_at(encounter, elf, goblin, 40), elf, bow, goblin).success == Fraction(
        13, 20
    )  # short range +1
    assert RULES.preview(_at(encounter, elf, goblin, 140), elf, bow, goblin).success == Fraction(
        11, 20
    )  # long range −1
    assert (
        "out of reach" in RULES.preview(_at(encounter, elf, goblin, 160), elf, bow, goblin).problem
    )
    assert (
        "needs more than 5 ft"
        in RULES.preview(_at(encounter, elf, goblin, 5), elf, bow, goblin).problem
    )
    covered, _ = EDIT(_at(encounter, elf, goblin, 80), goblin, "cover", "−2")
    assert RULES.preview(covered, elf, bow, goblin).success == Fraction(10, 20)
    hidden, _ = EDIT(covered, goblin, "cover", "complete")
    assert RULES.preview(hidden, elf, bow, goblin).problem == (
        "Goblin 1 is in complete cover: it cannot be hit."
    )


def test_a_retreating_target_gives_plus_two_and_loses_its_shield() -> None:
    encounter, ids = _fight()
    morgan, goblin = ids["Morgan Ironwolf"], ids["Goblin 1"]
    chain_and_shield = characters()["Morgan Ironwolf"].model_copy(
        update={"abilities": Abilities(STR=16, DEX=10)}
    )  # AC 4
    encounter = _at(core.replace_sheet(encounter, morgan, chain_and_shield), morgan, goblin, 5)
    assert RULES.preview(encounter, goblin, Action("attack", 0), morgan).success == Fraction(6, 20)
    retreating, _ = EDIT(encounter, morgan, "declared", "retreat")
    preview = RULES.preview(retreating, goblin, Action("attack", 0), morgan)
    assert preview.success == Fraction(9, 20)  # §14.5: AC 5 and +2
    assert "retreating target +2 its shield ignored needs 14" in preview.lines[0]
    assert RULES.preview(retreating, morgan, Action("attack", 0), goblin).problem == (
        "Morgan Ironwolf declared a retreat: no attack this round."
    )
    # The rings follow the declaration: melee, then the retreat's full 20' (chain, basic).
    assert [(r.value, r.label) for r in RULES.rings(retreating, morgan)[:2]] == [
        (5, "melee"),
        (20, "retreat"),
    ]


def test_fighting_withdrawal_ring_is_half_the_encounter_move() -> None:
    """Out of melee with nothing declared the ring is the encounter move; in melee, the two
    moves melee allows (a fighting withdrawal at half, a retreat at all of it)."""
    encounter, ids = _fight()
    rings = RULES.rings(encounter, ids["Silverleaf"])  # chain: 60' (20') — withdrawal 10'
    assert [(r.value, r.label) for r in rings[:2]] == [(5, "melee"), (20, "move")]
    engaged = _at(encounter, ids["Silverleaf"], ids["Goblin 1"], 5)
    assert [(r.value, r.label) for r in RULES.rings(engaged, ids["Silverleaf"])[:3]] == [
        (5, "melee"),
        (10, "fighting withdrawal"),
        (20, "retreat"),
    ]
    unarmoured = CharacterSheet(name="Runner")
    runner = RULES.make_combatant(unarmoured, "Party")
    with_runner = core.join(encounter, runner)
    assert [r.value for r in RULES.rings(with_runner, runner.id)[:2]] == [5, 40]  # §14.16
    withdrawing, _ = EDIT(with_runner, runner.id, "declared", "fighting withdrawal")
    assert [r.value for r in RULES.rings(withdrawing, runner.id)[:2]] == [5, 20]


def test_damage_at_least_one_and_zero_hit_points_is_dead_with_a_morale_prompt() -> None:
    weak = CharacterSheet(
        name="Weakling",
        abilities=Abilities(STR=3),
        hit_points=3,
        max_hit_points=3,
        weapons=(weapon("club"),),
    )
    encounter, ids = _fight((weak, "Party"))
    weakling, goblin = ids["Weakling"], ids["Goblin 1"]
    encounter = _at(
        _rolls(_started(encounter), ids, **{"Weakling": 5, "Goblin 1": 2}), weakling, goblin, 5
    )
    hit = RESOLVE(encounter, weakling, Action("attack", 0), goblin, (20, 1))  # 1d6 1 − 3 → 1
    assert hit.summary == "Weakling hits Goblin 1 with the club for 1"
    assert _c(hit.encounter, goblin).sheet.hit_points == 2
    assert _c(hit.encounter, weakling).acted
    killed = RESOLVE(hit.encounter, weakling, Action("attack", 0), goblin, (20, 6))
    assert killed.summary.endswith("for 3; Goblin 1 is dead")
    assert killed.notices == (
        "The Goblins' first death: check morale (ML 7, holds 58.3 %).",
        "The Goblins' half down: check morale (ML 7, holds 58.3 %).",
    )
    assert (
        "Goblins: first death — check morale (ML 7, holds 58.3 %) in step a of their turn."
    ) in RULES.status(killed.encounter)


def test_morale_checks_break_the_side_or_count_two_passes() -> None:
    encounter, ids = _fight(goblins=3)
    goblin = ids["Goblin 1"]
    assert isinstance(encounter, OseEncounter)
    dead = core.replace_sheet(
        encounter, ids["Goblin 3"], monsters()["Goblin"].model_copy(update={"hit_points": 0})
    )
    assert RULES.preview(dead, goblin, MORALE_SIDE, None).success == Fraction(21, 36)
    assert RULES.preview(dead, goblin, MORALE_SIDE_PLUS_1, None).success == Fraction(26, 36)
    held = RESOLVE(dead, goblin, MORALE_SIDE, None, (3, 4))
    assert held.summary == "Goblins morale: 2d6 (3, 4) = 7 against ML 7 — holds"
    assert rnd.morale_due(held.encounter, "Goblins") == []  # the first death was checked
    again = RESOLVE(held.encounter, goblin, MORALE_SIDE, None, (1, 1))
    assert again.notices == ("Goblins held twice: no more morale checks this fight.",)
    broke = RESOLVE(dead, goblin, MORALE_SIDE_MINUS_1, None, (4, 4))  # 8 against ML 6
    assert broke.summary == (
        "Goblins morale: 2d6 (4, 4) = 8 against ML 6 (ML 7, adjusted −1) — breaks"
    )
    assert [_c(broke.encounter, ids[n]).fleeing for n in ("Goblin 1", "Goblin 2")] == [True, True]
    assert isinstance(broke.encounter, OseEncounter)
    assert "Goblin 1 is fleeing." in RULES.status(_started(broke.encounter))


def test_morale_2_and_12() -> None:
    encounter, ids = _fight(goblins=1)
    goblin = ids["Goblin"]
    fearless = core.replace_sheet(
        encounter, goblin, monsters()["Goblin"].model_copy(update={"morale": 12})
    )
    assert "never checks" in RULES.preview(fearless, goblin, MORALE_SIDE, None).problem
    craven = core.replace_sheet(
        encounter, goblin, monsters()["Goblin"].model_copy(update={"morale": 2})
    )
    assert RULES.preview(craven, goblin, MORALE_SIDE_PLUS_1, None).success == 0
    assert _c(RESOLVE(craven, goblin, MORALE_SIDE_PLUS_1, None, (1, 1)).encounter, goblin).fleeing


def test_a_caster_hit_before_acting_loses_the_spell() -> None:
    """§14.18: the caster's side rolls 2, the goblins 5; a goblin's blow lands first."""
    encounter, ids = _fight()
    elf, goblin = ids["Silverleaf"], ids["Goblin 1"]
    assert "cast: Sleep" in RULES.cell(encounter, _c(encounter, elf), "declared").choices
    encounter, _ = EDIT(_started(encounter), elf, "declared", "cast: Sleep")
    assert isinstance(encounter, OseEncounter)
    encounter = _at(_rolls(encounter, ids, **{"Morgan Ironwolf": 2, "Goblin 1": 5}), elf, goblin, 5)
    assert "Declared: Silverleaf casts Sleep." in RULES.status(encounter)[0]
    hit = RESOLVE(encounter, goblin, Action("attack", 0), elf, (15, 1))
    assert hit.notices == (
        "Silverleaf loses Sleep: hit before casting, and its side lost the "
        "initiative. The spell is gone from memory.",
    )
    sheet = _c(hit.encounter, elf).sheet
    assert isinstance(sheet, CharacterSheet) and sheet.spells[0].cast
    assert _c(hit.encounter, elf).declared == "none"
    # Had the party won, the goblin's blow would come after the spell: nothing is lost.
    won = _rolls(encounter, ids, **{"Morgan Ironwolf": 6})
    assert RESOLVE(won, goblin, Action("attack", 0), elf, (15, 1)).notices == ()


def test_a_failed_save_before_acting_also_loses_the_spell() -> None:
    encounter, ids = _fight()
    elf, goblin = ids["Silverleaf"], ids["Goblin 1"]
    encounter, _ = EDIT(_started(encounter), elf, "declared", "cast: Sleep")
    assert isinstance(encounter, OseEncounter)
    encounter = _rolls(encounter, ids, **{"Morgan Ironwolf": 1, "Goblin 1": 3})
    encounter = encounter.model_copy(update={"turn": goblin})
    failed = RESOLVE(encounter, elf, SAVE_S, None, (2,))
    assert failed.summary == "Silverleaf fails to save vs spells, rods or staves: d20 2 against 15"
    assert failed.notices and "failed a saving throw" in failed.notices[0]


def test_casting_follows_the_declaration() -> None:
    encounter, ids = _fight()
    elf = ids["Silverleaf"]
    assert RULES.preview(encounter, elf, Action("cast", 0), None).problem == (
        "Silverleaf did not declare Sleep before initiative."
    )
    declared, _ = EDIT(encounter, elf, "declared", "cast: Sleep")
    assert RULES.preview(declared, elf, Action("cast", 0), None).problem == ""
    goblin = ids["Goblin 1"]
    assert (
        "casting is its only action"
        in RULES.preview(_at(declared, elf, goblin, 5), elf, Action("attack", 1), goblin).problem
    )
    cast = RESOLVE(declared, elf, Action("cast", 0), None, ())
    assert cast.summary == "Silverleaf casts Sleep" and _c(cast.encounter, elf).acted
    assert all(o.id != Action("cast", 0) for o in RULES.actions(cast.encounter, elf))
    with pytest.raises(ValueError, match="no memorised Sleep"):
        EDIT(cast.encounter, elf, "declared", "cast: Sleep")


def test_saving_throws_with_their_odds() -> None:
    dwarf = CharacterSheet(name="Dain", char_class=OseClass.DWARF, abilities=Abilities(WIS=16))
    encounter, ids = _fight((dwarf, "Party"))
    assert RULES.preview(encounter, ids["Dain"], SAVE_S, None).success == Fraction(11, 20)
    assert RULES.preview(encounter, ids["Dain"], SAVE_B, None).success == Fraction(8, 20)


def test_back_stab() -> None:
    thief = characters()["Lirra"].model_copy(update={"abilities": Abilities()})
    encounter, ids = _fight((thief, "Party"), options=OseOptions(variable_weapon_damage=True))
    lirra, goblin = ids["Lirra"], ids["Goblin 1"]
    encounter = _at(
        core.replace_sheet(
            encounter, goblin, monsters()["Goblin"].model_copy(update={"armour_class": 7})
        ),
        lirra,
        goblin,
        5,
    )
    options = [o for o in RULES.actions(encounter, lirra) if o.id.kind == "backstab"]
    dagger = next(o for o in options if o.label == "Back-stab with dagger")
    preview = RULES.preview(encounter, lirra, dagger.id, goblin)
    assert preview.success == Fraction(13, 20)  # §14.6
    assert preview.lines[1].startswith("Damage 1d4 ×2")
    assert RESOLVE(encounter, lirra, dagger.id, goblin, (8, 4)).summary.endswith(
        "for 8; Goblin 1 is dead"
    )


def test_a_new_round_forgets_declarations_and_rolls_unless_kept() -> None:
    encounter, ids = _fight()
    encounter, _ = EDIT(_started(encounter), ids["Silverleaf"], "declared", "retreat")
    assert isinstance(encounter, OseEncounter)
    encounter = _rolls(encounter, ids, **{"Morgan Ironwolf": 4, "Goblin 1": 3})
    ended, _expired = encounter.round_ended()
    assert ended.side_rolls == {} and _c(ended, ids["Silverleaf"]).declared == "none"
    kept, _ = encounter.model_copy(
        update={"options": OseOptions(keep_initiative=True)}
    ).round_ended()
    assert kept.side_rolls == {"Party": 4, "Goblins": 3}


def test_editing_a_cell_mid_round_keeps_the_turn() -> None:
    encounter, ids = _fight()
    encounter = _rolls(_started(encounter), ids, **{"Morgan Ironwolf": 5, "Goblin 1": 2})
    assert encounter.turn == ids["Silverleaf"]
    moved = core.next_turn(encounter)
    assert moved.turn == ids["Morgan Ironwolf"]
    covered, _ = EDIT(moved, ids["Goblin 1"], "cover", "−1")
    assert covered.turn == ids["Morgan Ironwolf"]
