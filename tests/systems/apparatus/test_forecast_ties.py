"""Apparatus rules the forecast applies, played through the tracker and the action dialog and
through the simulator, which must agree (issue 22): what conditions and grapples mean (the
conditions in force, this turn's Speed, Evade, the Advantage of an attack), conditions
counting down at the rounds' ends, the turn order, and running in the plane."""

from __future__ import annotations

import itertools

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.forecast_space import Foes
from m3desk.core.places import Place
from m3desk.core.system import EncounterRules
from m3desk.systems.apparatus import actions, combat
from m3desk.systems.apparatus import forecast as fc
from m3desk.systems.apparatus.grapple import Grapple
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, CAVE_BEAR, KESTREL, WREN
from m3desk.systems.apparatus.state import ApparatusEncounter, conditions_of, speed_now
from m3desk.systems.apparatus.system import SYSTEM
from tests.systems.down_ties import check_edges, check_one_rule

RULES = SYSTEM.encounter
assert isinstance(RULES, EncounterRules)


def _fight(options: ApparatusOptions | None = None) -> ApparatusEncounter:
    """Kestrel and Wren against a brute and a cave bear, spread over the plane."""
    encounter = ApparatusEncounter(options=options or ApparatusOptions())
    for sheet, side in (
        (KESTREL, "Party"),
        (WREN, "Party"),
        (BRUTE, "Monsters"),
        (CAVE_BEAR, "Monsters"),
    ):
        encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    for k, (x, y) in enumerate(((0, 0), (0, 3), (9, 1), (14, 7))):
        encounter = core.move_to(encounter, encounter.combatants[k].id, Place.at(x, y))
    assert isinstance(encounter, ApparatusEncounter)
    return encounter


CONDITIONS = [
    (),
    ("prone",),
    ("incapacitated",),
    ("restrained",),
    ("unseen",),
    ("frightened", "poisoned"),
    ("obscured",),
]
GRAPPLES = [None, "basic", "advanced"]


def _situation(
    held: tuple[str, ...],
    tier: str | None,
    evading: bool,
    exhaustion: int,
    options: ApparatusOptions,
) -> ApparatusEncounter:
    encounter = _fight(options)
    kestrel, _wren, brute, bear = (c.id for c in encounter.combatants)
    for condition in held:
        encounter = core.add_condition(
            encounter, brute, core.ConditionState(condition=condition, name=condition.title())
        )
    if exhaustion:
        encounter = core.add_condition(
            encounter,
            kestrel,
            core.ConditionState(condition="exhaustion", name="Exhaustion", value=exhaustion),
        )
    changes: dict[str, object] = {}
    if tier is not None:
        changes["grapples"] = (Grapple(grappler=bear, target=brute, tier=tier),)  # type: ignore[arg-type]
    if evading:
        changes["evading"] = (brute,)
    encounter = encounter.model_copy(update=changes)
    assert isinstance(encounter, ApparatusEncounter)
    return encounter


@pytest.mark.parametrize(
    ("held", "tier", "evading", "exhaustion", "defense"),
    [
        (held, tier, evading, exhaustion, defense)
        for (held, tier), evading, exhaustion, defense in itertools.product(
            itertools.product(CONDITIONS, GRAPPLES), (False, True), (0, 3), ("static", "rolled")
        )
        if exhaustion == 0 or (not evading and defense == "static")
    ],
)
def test_what_conditions_mean_is_the_tracker_s(
    held: tuple[str, ...], tier: str | None, evading: bool, exhaustion: int, defense: str
) -> None:
    options = ApparatusOptions(defense=defense)  # type: ignore[arg-type]
    encounter = _situation(held, tier, evading, exhaustion, options)
    ids = [c.id for c in encounter.combatants]
    prep = fc._prepare(encounter)
    derived = fc._start(prep)
    for i, cid in enumerate(ids):
        assert derived.conds[i] == conditions_of(encounter, cid)
        assert derived.speed[i] == speed_now(encounter, cid)[0]
    # The Advantage of each attack on the brute and of the brute's on Kestrel, as the
    # dialog nets it (melee: nobody adjacent counts; ranged from afar, Near range).
    for attacker, target in ((0, 2), (3, 2), (2, 0)):
        a, t = ids[attacker], ids[target]
        melee = combat.net_advantage(actions._net(encounter, a, t, True))
        assert derived.own[attacker] + derived.vs_melee[target] + prep.dual[attacker] == melee
        ranged = combat.net_advantage(actions._net(encounter, a, t, False))
        adjacent = any(
            prep.side[j] != prep.side[attacker]
            and core.position_between(encounter, a, ids[j]) <= actions.ADJACENT
            for j in range(len(ids))
            if j != attacker
        )
        assert (
            derived.own[attacker]
            + derived.vs_ranged[target]
            + fc._RANGED_SITUATION[(adjacent, False)]
        ) == ranged
        assert derived.defnet[target] == (
            actions._defender_net(encounter, t) if defense == "rolled" else 0
        )


@pytest.mark.parametrize(("rounds", "placed_now"), [(1, False), (2, False), (1, True), (3, True)])
def test_conditions_run_out_at_the_round_end_the_tracker_says(
    rounds: int, placed_now: bool
) -> None:
    encounter = core.start(_fight())
    if not placed_now:
        encounter = encounter.model_copy(update={"round": 0})
    brute = encounter.combatants[2].id
    encounter = core.add_condition(
        encounter, brute, core.ConditionState(condition="prone", name="Prone", rounds=rounds)
    )
    encounter = encounter.model_copy(update={"round": 1})
    assert isinstance(encounter, ApparatusEncounter)
    prep = fc._prepare(encounter)
    fight = fc._Fight(prep, fc._start(prep))
    tracked = encounter
    for _ in range(5):
        tracked, _expired = tracked.round_ended()
        tracked = tracked.model_copy(update={"round": tracked.round + 1})
        fight.round_ended()
        assert ("prone" in conditions_of(tracked, brute)) == fight.derived.prone[2]


@pytest.mark.parametrize("counts", [(12, 12, 7, 12), (3, 9, 9, 20), (5, 5, 5, 5)])
def test_the_turn_order_is_the_tracker_s(counts: tuple[int, ...]) -> None:
    encounter = _fight()
    encounter = core.set_initiative(
        encounter, {c.id: n for c, n in zip(encounter.combatants, counts, strict=True)}
    )
    assert isinstance(encounter, ApparatusEncounter)
    prep = fc._prepare(encounter)
    assert prep.order is not None
    assert [[prep.ids[i] for i in count] for count in prep.order] == [
        [c.id for c in count] for count in core.turn_order(encounter)
    ]


@pytest.mark.parametrize(("metres", "height"), [(3, 0.0), (8, 0.0), (5, 2.0)])
def test_running_ends_where_the_map_puts_it(metres: int, height: float) -> None:
    """Kestrel runs toward the brute: the distances the simulator measures afterwards are
    the tracker's after the same move along the line (on the ground, the brute maybe on a
    ledge: then she stays on her level)."""
    encounter = _fight()
    kestrel, _wren, brute, _bear = (c.id for c in encounter.combatants)
    if height:
        encounter = core.move_to(encounter, brute, Place.at(9, 1, height))
    assert isinstance(encounter, ApparatusEncounter)
    prep = fc._prepare(encounter)
    n = prep.n
    plane = prep.plane.copy()
    near = Foes(plane, prep.side, [True] * n, prep.hp[:])
    before = near.feet(0, 2)
    assert fc._move(near, 0, 2, metres, [False] * n, metres) == before - metres
    assert near.feet(0, 2) == before - metres
    if not height:
        moved = core.set_position(encounter, kestrel, brute, before - metres, log=False)
        assert [near.feet(0, j) for j in range(n)] == [
            0,
            *(core.position_between(moved, kestrel, c.id) for c in encounter.combatants[1:]),
        ]
    assert plane.z[0] == 0.0
    assert all(near.feet(j, 0) == near.feet(0, j) for j in range(n))


# -- the public surface is the dialog's arithmetic --------------------------------------------


@pytest.mark.parametrize(
    ("size", "score"),
    list(
        itertools.product(
            ("tiny", "small", "medium", "large", "huge", "gargantuan"), (1, 2, 4, 6, 7)
        )
    ),
)
def test_the_public_jumps_are_the_dialog_s(size: str, score: int) -> None:
    """``high_jump``/``long_jump`` give what the action dialog's jump plan gives a creature of
    that size with that Might and Agility (standing and with each run-up)."""
    from m3desk.systems.apparatus import high_jump, long_jump

    sheet = KESTREL.model_copy(
        update={
            "size": size,
            "abilities": KESTREL.abilities.model_copy(update={"might": score, "agility": score}),
        }
    )
    encounter = ApparatusEncounter()
    encounter = core.join(encounter, RULES.make_combatant(sheet, "Party"))
    actor = encounter.combatants[0].id
    for run in (0, 2):
        _plan, _cost, height, across = actions._jump_plan(encounter, actor, "high", run)
        assert high_jump(size, score, bool(run)) == (height, across)
    for run in (0, 2, 4):
        _plan, _cost, _height, across = actions._jump_plan(encounter, actor, "long", run)
        assert long_jump(size, score, run) == across


@pytest.mark.parametrize("roll", range(1, 21))
def test_the_public_grapple_check_is_the_dialog_s(roll: int) -> None:
    """``grapple_succeeds`` with Kestrel's numbers against the brute's Physique says what the
    dialog's Grapple does with the same d20: a grapple or none."""
    from m3desk.systems.apparatus import grapple_succeeds
    from m3desk.systems.apparatus.derive import derive

    encounter = _fight()
    kestrel, _wren, brute, _bear = (c.id for c in encounter.combatants)
    encounter = core.move_to(encounter, brute, Place.at(1, 0))
    encounter = core.start(core.set_initiative(encounter, {kestrel: 20}))
    outcome = RULES.resolve(encounter, kestrel, Action("grapple", target=brute), brute, (roll,))
    assert isinstance(outcome.encounter, ApparatusEncounter)
    size_modifier = derive(KESTREL, encounter.options)["size_modifier"].value
    physique = derive(BRUTE, encounter.options)["physique"].value
    assert grapple_succeeds(
        roll, KESTREL.combat_proficiency, KESTREL.abilities.might, size_modifier, physique
    ) == bool(outcome.encounter.grapples)


def test_speed_evade_and_exhaustion_at_their_edges() -> None:
    """What the tracker, the dialog and the forecast share, pinned."""
    from m3desk.systems.apparatus.state import (
        evade_counts,
        exhaustion_level,
        held_conditions,
        speed_rule,
    )

    assert held_conditions(["prone"], []) == {"prone"}
    assert held_conditions(["prone"], ["basic"]) == {"prone", "grappled"}
    assert held_conditions([], ["advanced"]) == {"grappled", "restrained"}
    assert held_conditions([], ["basic", "complete"]) == {"grappled", "restrained"}

    options = ApparatusOptions()
    for held in ({"grappled"}, {"restrained"}, {"incapacitated"}, {"grappled", "prone"}):
        assert speed_rule(6, held, False, options)[0] == 0
    assert speed_rule(6, {"prone"}, False, options) == (6, "")
    assert speed_rule(6, set(), True, options)[0] == 3
    assert speed_rule(5, set(), True, ApparatusOptions(grapple_halving="floor"))[0] == 2
    assert [evade_counts(True, s) for s in (0, 1, 6)] == [False, True, True]
    assert not evade_counts(False, 6)
    assert exhaustion_level([]) == 0
    assert exhaustion_level([("prone", 5), ("exhaustion", 2), ("exhaustion", 4)]) == 4
    assert exhaustion_level([("exhaustion", 1)]) == 1


def test_down_is_the_encounter_s_out_of_fight_at_its_edges() -> None:
    """Whoever the simulator counts down is out of the fight in the tracker at the hit
    points the fight left them, a cave bear starting at 1, 0 or −1 included."""
    check_edges(_fight(), fc.simulate, (1, 0, -1, -9))


def test_the_simulator_asks_the_one_down_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    check_one_rule(monkeypatch, combat, _fight, fc.simulate)


@pytest.mark.parametrize("forceful_might", [1, 4, 7])
def test_the_attack_bonus_is_the_dialog_s(forceful_might: int) -> None:
    """Every weapon of every combatant: the bonus the simulator rolls with is the one the
    action dialog's attack plan adds up (ability by grip, Combat Proficiency, Size
    Modifier), here with Might and Agility apart so a grip read wrong shows."""
    encounter = _fight()
    for combatant in encounter.combatants:
        sheet = combatant.sheet
        encounter = core.replace_sheet(
            encounter,
            combatant.id,
            sheet.model_copy(
                update={
                    "abilities": sheet.abilities.model_copy(
                        update={"might": forceful_might, "agility": 2}
                    )
                }
            ),
        )
    assert isinstance(encounter, ApparatusEncounter)
    prep = fc._prepare(encounter)
    ids = [c.id for c in encounter.combatants]
    target = {ids[0]: ids[2], ids[1]: ids[3], ids[2]: ids[0], ids[3]: ids[1]}
    for a, actor in enumerate(ids):
        for k, weapon in enumerate(prep.weapons[a]):
            plan = actions._attack_plan(encounter, actor, k, target[actor])
            assert weapon.bonus == plan.bonus, (actor, plan.weapon.name)
