"""The fight forecast for Apparatus: whole fights played by the package's own rules.

The statistical tests compare what the simulator does over many seeded fights with the exact
odds the action dialog shows (``EncounterRules.preview``). Tolerance: 4 standard errors of
the exact binomial (or of the exact damage distribution's mean) over the stated number of
fights, with fixed seeds, so a test fails only if the simulator's odds are wrong (or, for a
correct simulator, about once in 16,000 runs of a new seed).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.forecast import FightResult, Policy, forecast, run_fights, stream
from m3desk.core.system import EncounterRules
from m3desk.systems.apparatus import forecast as apparatus_forecast
from m3desk.systems.apparatus.combat import AttackOdds, attack_damage_distribution
from m3desk.systems.apparatus.forecast import FORECAST_POLICY, simulate
from m3desk.systems.apparatus.grapple import Grapple
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, CAVE_BEAR, KESTREL, WREN
from m3desk.systems.apparatus.sheet import CONDITION_IDS, Sheet
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM

RULES = SYSTEM.encounter
assert isinstance(RULES, EncounterRules)
FIGHTS = 4000
SIGMAS = 4
SPEAR_ONLY = KESTREL.model_copy(update={"weapons": KESTREL.weapons[:1]})


def _setup(
    party: list[Sheet], monsters: list[Sheet], metres: int = 1, between: int = 1
) -> tuple[ApparatusEncounter, list[str], list[str]]:
    """Everyone ``metres`` from every foe and ``between`` from their own side."""
    encounter = ApparatusEncounter()
    for sheets, side in ((party, "Party"), (monsters, "Monsters")):
        for sheet in sheets:
            encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    ids = [c.id for c in encounter.combatants]
    ours, theirs = ids[: len(party)], ids[len(party) :]
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            same = (a in ours) == (b in ours)
            encounter = core.set_position(encounter, a, b, between if same else metres)
    return encounter, ours, theirs


def _last_in_round(encounter: ApparatusEncounter, actor: str) -> ApparatusEncounter:
    """Round 1 under way with ``actor``'s turn the last of it: a forecast of one round
    plays just that turn."""
    values = {c.id: 20 - n for n, c in enumerate(c for c in encounter.combatants if c.id != actor)}
    encounter = core.set_initiative(encounter, {**values, actor: 1})
    encounter = core.next_turn(encounter)
    while encounter.turn != actor:
        encounter = core.next_turn(encounter)
    assert isinstance(encounter, ApparatusEncounter)
    return encounter


def _with(encounter: ApparatusEncounter, who: str, text: str) -> ApparatusEncounter:
    assert RULES.edit is not None
    after, _name = RULES.edit(encounter, who, "conditions", text)
    assert isinstance(after, ApparatusEncounter)
    return after


def _hp(encounter: ApparatusEncounter, who: str, value: int) -> ApparatusEncounter:
    sheet = encounter.combatant(who).sheet
    after = core.replace_sheet(encounter, who, sheet.model_copy(update={"hit_points": value}))
    assert isinstance(after, ApparatusEncounter)
    return after


def _one_round(
    encounter: ApparatusEncounter,
    fights: int,
    seed: int,
    policy: Policy = Policy(max_rounds=1),  # noqa: B008
) -> list[FightResult]:
    return run_fights(encounter, simulate, fights=fights, seed=seed, policy=policy)


def _within(count: int, total: int, exact: Fraction) -> None:
    p = float(exact)
    error = math.sqrt(p * (1 - p) / total)
    assert abs(count / total - p) <= SIGMAS * error + 1e-12, (count / total, p)


def test_the_system_offers_the_forecast_with_its_policy() -> None:
    assert RULES.simulate is simulate
    assert RULES.forecast_policy == FORECAST_POLICY
    assert 2 <= FORECAST_POLICY.count(". ") + 1 <= 4
    assert "morale" in FORECAST_POLICY


def test_the_same_seed_gives_the_same_forecast() -> None:
    encounter, _party, _monsters = _setup(
        [KESTREL, WREN, KESTREL], [BRUTE, CAVE_BEAR], metres=12, between=2
    )
    first = forecast(encounter, simulate, fights=300, seed=7)
    again = forecast(encounter, simulate, fights=300, seed=7)
    other = forecast(encounter, simulate, fights=300, seed=8)
    assert first == again
    assert first != other


@pytest.mark.parametrize("strong_side", ["Party", "Monsters"])
def test_a_lopsided_fight_is_forecast_lopsided(strong_side: str) -> None:
    """Four of the samples (a cave bear, the Brute, two Kestrels) against little Wren."""
    strong = [CAVE_BEAR, BRUTE, KESTREL, KESTREL]
    if strong_side == "Party":
        encounter, _p, _m = _setup(strong, [WREN], metres=3)
    else:
        encounter, _p, _m = _setup([WREN], strong, metres=3)
    result = forecast(encounter, simulate, fights=1000, seed=3)
    assert result.wins[strong_side].value > 0.95
    assert result.stalemate.value < 0.01
    wren = next(c.id for c in encounter.combatants if c.name == "Wren")
    assert result.down[wren].value > 0.95


def _first_attack_case(case: str) -> tuple[ApparatusEncounter, str, str, str]:
    """A state where the one turn left in the round is an attack the dialog can price."""
    if case == "spear":  # d20 + 4 against Guard 15: needs 11, 50 %
        encounter, (k,), (b,) = _setup([KESTREL], [BRUTE])
        return _last_in_round(encounter, k), k, b, Action("attack", 0, target=b)
    if case == "dual-wielding":  # +1 Advantage: 1 − (8/20)² = 84 % (digest §11 no. 8)
        encounter, (k,), (b,) = _setup([KESTREL], [BRUTE])
        return _last_in_round(encounter, b), b, k, Action("attack", 0, target=k)
    if case == "sling at Far range on a prone target":  # −2: (16/20)³
        encounter, (w,), (b,) = _setup([WREN], [BRUTE], metres=20)
        encounter = _with(encounter, b, "prone")
        return _last_in_round(encounter, w), w, b, Action("attack", 0, target=b)
    if case == "poisoned, against the Incapacitated":  # an automatic critical hit
        encounter, (k,), (b,) = _setup([KESTREL], [BRUTE])
        encounter = _with(_with(encounter, b, "incapacitated"), k, "poisoned")
        return _last_in_round(encounter, k), k, b, Action("attack", 0, target=b)
    if case == "rolled Defense against an evader":  # the Brute rolls 2 d20, keeps the best
        encounter, (k,), (b,) = _setup([KESTREL], [BRUTE])
        encounter = encounter.model_copy(update={"options": ApparatusOptions(defense="rolled")})
        encounter = _last_in_round(encounter, k).model_copy(update={"evading": (b,)})
        return encounter, k, b, Action("attack", 0, target=b)
    encounter, (k,), (b,) = _setup([KESTREL], [BRUTE])  # held: Restrained on both counts
    encounter = encounter.model_copy(
        update={"grapples": (Grapple(grappler=b, target=k, tier="advanced"),)}
    )
    return _last_in_round(encounter, k), k, b, Action("attack", 0, target=b)


@pytest.mark.parametrize(
    "case",
    [
        "spear",
        "dual-wielding",
        "sling at Far range on a prone target",
        "poisoned, against the Incapacitated",
        "held in an Advanced grapple",
        "rolled Defense against an evader",
    ],
)
def test_the_first_attack_hits_as_often_as_the_dialog_says(case: str) -> None:
    encounter, actor, target, action = _first_attack_case(case)
    shown = RULES.preview(encounter, actor, action, None)
    assert shown.problem == "" and shown.success is not None
    results = _one_round(encounter, FIGHTS, seed=11)
    start = encounter.combatant(target).sheet.hit_points
    hits = sum(1 for result in results if result.hit_points[target] < start)
    _within(hits, FIGHTS, shown.success)
    assert all(result.rounds == 1 for result in results)


def test_the_first_round_damage_is_the_dialogs_distribution() -> None:
    """Brute's flaming longsword (1d8 + 1d6, a crit adds 8) with dual-wielding Advantage:
    the mean damage over the fights is the exact mean within 4 standard errors, and every
    amount dealt is one the exact distribution allows."""
    encounter, actor, target, action = _first_attack_case("dual-wielding")
    shown = RULES.preview(encounter, actor, action, None)
    assert shown.success == Fraction(21, 25)
    crit = dict(shown.outcomes)["Critical hit"]
    exact = attack_damage_distribution(
        AttackOdds(hit=shown.success, crit=crit, crit_normal=Fraction(0)), BRUTE.weapons[0].dice()
    )
    mean = sum(amount * p for amount, p in exact.items())
    spread = math.sqrt(sum((amount - mean) ** 2 * p for amount, p in exact.items()))
    results = _one_round(encounter, FIGHTS, seed=5)
    start = KESTREL.hit_points
    dealt = [start - result.hit_points[target] for result in results]
    assert set(dealt) <= set(exact)
    assert abs(sum(dealt) / FIGHTS - float(mean)) <= SIGMAS * float(spread) / math.sqrt(FIGHTS)
    assert max(dealt) == 14 + 8  # 8 + 6 rolled, + 8 for the critical hit


@pytest.mark.parametrize(
    ("target", "hurt"), [("nearest", "Brute 1"), ("weakest", "Brute 2"), ("strongest", "Brute 1")]
)
def test_the_policy_chooses_whom_to_close_on(target: str, hurt: str) -> None:
    """Kestrel stands next to a fresh Brute; a second Brute with 3 hit points is 4 m away
    (Kestrel's Speed is 6): the nearest and the strongest is the first, the weakest the
    other, and she runs to it and spears it in the same turn."""
    encounter, (k,), (b1, b2) = _setup([KESTREL], [BRUTE, BRUTE], between=5)
    encounter = core.set_position(_hp(encounter, b2, 3), k, b2, 5)
    encounter = _last_in_round(encounter, k)
    policy = Policy(target=target, ranged_stay=False, max_rounds=1)  # type: ignore[arg-type]
    results = _one_round(encounter, 400, seed=4, policy=policy)
    names = {b1: "Brute 1", b2: "Brute 2"}
    start = {b1: 24, b2: 3}
    hurt_ids = {names[b] for result in results for b in (b1, b2) if result.hit_points[b] < start[b]}
    assert hurt_ids == {hurt}


@pytest.mark.parametrize(("ranged_stay", "shoots"), [(True, True), (False, False)])
def test_a_missile_weapon_stays_at_range_only_when_the_policy_says_so(
    ranged_stay: bool, shoots: bool
) -> None:
    """Kestrel 12 m from the Brute: she shoots (after stepping into Near range), or runs 6 m,
    Dashes 5 m more and reaches him without an attack left this turn."""
    encounter, (k,), (b,) = _setup([KESTREL], [BRUTE], metres=12)
    encounter = _last_in_round(encounter, k)
    results = _one_round(
        encounter, 400, seed=6, policy=Policy(ranged_stay=ranged_stay, max_rounds=1)
    )
    hurt = sum(1 for result in results if result.hit_points[b] < 24)
    assert (hurt > 100) is shoots
    assert hurt == 0 or shoots


@pytest.mark.parametrize(("metres", "attacks"), [(4, True), (5, False)])
def test_a_prone_creature_stands_for_half_its_speed_then_runs(metres: int, attacks: bool) -> None:
    """Speed 6: standing costs 3, leaving 3 m of running: enough from 4 m to reach 1 m."""
    encounter, (k,), (b,) = _setup([SPEAR_ONLY], [BRUTE], metres=metres)
    encounter = _last_in_round(_with(encounter, k, "prone"), k)
    results = _one_round(encounter, 300, seed=9)
    assert any(result.hit_points[b] < 24 for result in results) is attacks


def test_a_held_creature_stays_put_and_an_unseen_foe_is_not_attacked() -> None:
    """Kestrel (spear only) is held by Brute 1, whom she is charmed by; Brute 2 stands 5 m
    away: she cannot run to it (Speed 0) and may not attack Brute 1, so she tries to
    escape and nobody is hurt. An Unseen foe is never attacked at all."""
    encounter, (k,), (b1, b2) = _setup([SPEAR_ONLY], [BRUTE, BRUTE], between=5)
    encounter = core.set_position(encounter, k, b2, 5)
    encounter = _with(encounter, k, "charmed by Brute 1")
    encounter = _last_in_round(
        encounter.model_copy(update={"grapples": (Grapple(grappler=b1, target=k, tier="basic"),)}),
        k,
    )
    for result in _one_round(encounter, 200, seed=1):
        assert (result.hit_points[b1], result.hit_points[b2]) == (24, 24)
    hidden, (k,), (b,) = _setup([KESTREL], [BRUTE])
    hidden = _with(hidden, b, "unseen")
    for result in run_fights(hidden, simulate, fights=200, seed=2, policy=Policy()):
        assert result.hit_points[b] == 24
        assert result.winner == "Monsters"


def test_down_is_the_encounters_own_out_of_the_fight() -> None:
    encounter, party, monsters = _setup([KESTREL, WREN], [BRUTE, CAVE_BEAR], metres=6)
    for result in run_fights(encounter, simulate, fights=200, seed=12, policy=Policy()):
        after = encounter
        for cid, hp in result.hit_points.items():
            after = _hp(after, cid, hp)
        out = {c.id for c in after.combatants if after.out_of_fight(c)}
        assert out == set(result.down)
        if result.winner is not None:
            losers = monsters if result.winner == "Party" else party
            assert set(losers) <= set(result.down)
        assert result.fled == frozenset()  # no morale in Apparatus


def test_a_fight_already_decided_and_the_round_limit() -> None:
    encounter, (k, w), (b,) = _setup([KESTREL, WREN], [BRUTE])
    encounter = _hp(_hp(encounter, k, 0), w, -3)
    result = simulate(encounter, stream(1, 0), Policy())
    assert (result.winner, result.rounds) == ("Monsters", 0)
    assert result.down == frozenset({k, w})
    # Both sides Unseen to each other: nobody can attack, the limit calls a stalemate.
    blind, (k,), (b,) = _setup([KESTREL], [BRUTE])
    blind = _with(_with(blind, k, "unseen"), b, "unseen")
    result = simulate(blind, stream(1, 0), Policy(max_rounds=7))
    assert (result.winner, result.rounds) == (None, 7)


def test_a_condition_that_runs_out_stops_mattering() -> None:
    """The Brute is Unseen for 1 more round only: Kestrel cannot attack him in round 1 of
    the forecast, and does from round 2 on."""
    encounter, (k,), (b,) = _setup([SPEAR_ONLY], [BRUTE])
    encounter = _last_in_round(encounter, k)
    unseen = core.ConditionState(condition="unseen", name="Unseen", rounds=1)
    placed = encounter.combatant(b).model_copy(update={"conditions": (unseen,)})
    encounter = encounter.model_copy(update={"combatants": (encounter.combatant(k), placed)})
    assert "unseen" in CONDITION_IDS
    one = _one_round(encounter, 200, seed=3)
    assert all(result.hit_points[b] == 24 for result in one)
    two = _one_round(encounter, 200, seed=3, policy=Policy(max_rounds=2))
    assert any(result.hit_points[b] < 24 for result in two)


def test_another_encounter_is_not_answered_from_the_cache() -> None:
    encounter, _party, (b,) = _setup([KESTREL], [BRUTE])
    weak = _hp(encounter, b, 1)
    before = forecast(encounter, simulate, fights=200, seed=1)
    after = forecast(weak, simulate, fights=200, seed=1)
    twin = forecast(weak.model_copy(), simulate, fights=200, seed=1)
    assert after == twin
    assert after.wins["Party"].value > before.wins["Party"].value
    assert len(apparatus_forecast._CACHE) <= apparatus_forecast._CACHE_SIZE


@pytest.mark.parametrize(("metres", "attacks"), [(3, True), (4, False)])
def test_the_turn_under_way_keeps_what_it_has_spent(metres: int, attacks: bool) -> None:
    """Kestrel has run 4 of her 6 Movement this turn: 2 m are left, enough to close from
    3 m to her spear's reach but not from 4 m (she Dashes instead); once her Standard
    Action is spent she does not attack at all. Those who acted earlier in the round (the
    Brute) wait for the next one."""
    assert RULES.resolve is not None and RULES.edit is not None
    encounter, (k,), (b,) = _setup([SPEAR_ONLY], [BRUTE], metres=metres)
    encounter = _last_in_round(encounter, k)
    ran = RULES.resolve(encounter, k, Action("move", variant="run", amount=4), None, ()).encounter
    # The run moved her token 4 m toward the Brute; she ran elsewhere: back to her distance.
    ran = core.set_position(ran, k, b, metres, log=False)
    assert isinstance(ran, ApparatusEncounter)
    results = _one_round(ran, 300, seed=8)
    assert any(result.hit_points[b] < 24 for result in results) is attacks
    assert all(result.hit_points[k] == KESTREL.hit_points for result in results)
    spent, _name = RULES.edit(encounter, k, "action", "true")
    assert isinstance(spent, ApparatusEncounter)
    assert all(result.hit_points[b] == 24 for result in _one_round(spent, 300, seed=8))


def test_creatures_on_one_count_act_simultaneously() -> None:
    """Kestrel and the Brute, 1 hit point each, on the same initiative count: each still
    strikes when the other fells it first, so some fights leave both down and nobody
    winning."""
    encounter, (k,), (b,) = _setup([SPEAR_ONLY], [BRUTE])
    encounter = core.set_initiative(_hp(_hp(encounter, k, 1), b, 1), {k: 10, b: 10})
    results = run_fights(encounter, simulate, fights=300, seed=2, policy=Policy())
    both = [result for result in results if result.down == frozenset({k, b})]
    assert both
    assert all(result.winner is None for result in both)
