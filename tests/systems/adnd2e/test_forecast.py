"""The AD&D 2e fight forecast: the same fight for the same seed, lopsided fights forecast
lopsided, single attacks and whole first rounds at the action dialog's exact odds, and the
policy's choices (target, ranged stay) and the rules' moments (initiative already played,
morale) making the difference they should.

Statistical tests: a fixed seed, N ≥ 4000 fights, and a tolerance of 4 standard errors of
the exact proportion (sqrt(p(1 − p)/N)); a correct simulator fails one about 1 time in 16,000
per comparison, and a fixed seed makes it pass or fail the same way every run.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.forecast import Policy, forecast, run_fights, stream
from m3desk.systems.adnd2e import forecast as adnd_forecast
from m3desk.systems.adnd2e.forecast import play_attack, prepared, simulate
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.samples import DELSENORA, ILSE, KOBOLD, OGRE, ORC, RATH, RUPERT, TROLL
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.system import SYSTEM
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter
from tests.systems.adnd2e.fight import ids, seed_fight

FIGHTS = 4000
SIGMAS = 4
ONE_ROUND = Policy(max_rounds=1)


def _fight(
    *members: tuple[CharacterSheet | MonsterSheet, str],
    feet: dict[tuple[str, str], int] | None = None,
    options: AdndOptions | None = None,
) -> AdndEncounter:
    encounter = AdndEncounter(name="Test", options=options or AdndOptions())
    for sheet, side in members:
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    named = ids(encounter)
    pairs = {(named[a], named[b]): distance for (a, b), distance in (feet or {}).items()}
    encounter = core.place_at_distances(encounter, pairs)
    assert {pair: core.position_between(encounter, *pair) for pair in pairs} == pairs
    return encounter


def _agrees(hits: int, chance: Fraction | float, fights: int = FIGHTS) -> bool:
    p = float(chance)
    error = math.sqrt(p * (1 - p) / fights)
    return abs(hits / fights - p) <= SIGMAS * error


def _success(encounter: AdndEncounter, actor: str, label: str, target: str) -> Fraction:
    """The action dialog's exact chance for the attack labelled so (the damage column that
    fits the target's size)."""
    actor_id, target_id = ids(encounter)[actor], ids(encounter)[target]
    for option in ENCOUNTER_RULES.actions(encounter, actor_id):
        if option.label.startswith(label):
            preview = ENCOUNTER_RULES.preview(encounter, actor_id, option.id, target_id)
            if not preview.problem:
                assert preview.success is not None
                return preview.success
    raise AssertionError(f"{actor} cannot {label} {target} from where they stand")


def _first_rounds(
    encounter: AdndEncounter, policy: Policy = ONE_ROUND, fights: int = FIGHTS, seed: int = 11
) -> list[dict[str, int]]:
    names = {c.id: c.name for c in encounter.combatants}
    return [
        {names[i]: hp for i, hp in result.hit_points.items()}
        for result in run_fights(encounter, simulate, fights=fights, seed=seed, policy=policy)
    ]


# -- the seam ---------------------------------------------------------------------------------


def test_the_system_offers_the_simulator_and_says_its_policy() -> None:
    rules = SYSTEM.encounter
    assert rules is not None and rules.simulate is simulate
    assert "nearest" in rules.forecast_policy and "morale" in rules.forecast_policy
    assert 2 <= rules.forecast_policy.count(". ") + 1 <= 4


# -- determinism ------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_forecast() -> None:
    encounter = seed_fight()
    first = forecast(encounter, simulate, fights=400, seed=7)
    adnd_forecast._CACHE.clear()  # the precomputation made afresh changes nothing
    again = forecast(encounter, simulate, fights=400, seed=7)
    assert first == again
    other = forecast(encounter, simulate, fights=400, seed=8)
    assert other != first


def test_a_changed_encounter_is_read_afresh() -> None:
    """The cache is keyed on the encounter object: an edited fight is a new one."""
    encounter = _fight((RATH, "Party"), (OGRE, "Monsters"), feet={("Rath", "Ogre"): 5})
    assert prepared(encounter).hp == (58, 19)
    ogre = ids(encounter)["Ogre"]
    hurt = core.replace_sheet(encounter, ogre, OGRE.model_copy(update={"hit_points": 3}))
    assert prepared(hurt).hp == (58, 3)
    assert prepared(encounter).hp == (58, 19)
    assert (
        forecast(hurt, simulate, fights=300, seed=1).mean_rounds
        < forecast(encounter, simulate, fights=300, seed=1).mean_rounds
    )


# -- lopsided fights --------------------------------------------------------------------------


def test_four_heroes_against_a_kobold_win_almost_always() -> None:
    encounter = _fight(
        (RATH, "Party"),
        (DELSENORA, "Party"),
        (ILSE, "Party"),
        (RUPERT, "Party"),
        (KOBOLD, "Monsters"),
        feet={
            ("Rath", "Kobold"): 30,
            ("Delsenora", "Kobold"): 60,
            ("Ilse", "Kobold"): 30,
            ("Rupert", "Kobold"): 90,
        },
    )
    result = forecast(encounter, simulate, fights=2000, seed=3)
    assert result.wins["Party"].value > 0.95
    assert result.down[ids(encounter)["Kobold"]].value > 0.95
    assert result.mean_rounds < 3


def test_a_troll_beats_a_lone_mage_almost_always() -> None:
    encounter = _fight((DELSENORA, "Party"), (TROLL, "Monsters"), feet={("Delsenora", "Troll"): 20})
    result = forecast(encounter, simulate, fights=2000, seed=3)
    assert result.wins["Monsters"].value > 0.95
    assert result.down[ids(encounter)["Delsenora"]].value > 0.95


# -- the action dialog's odds -----------------------------------------------------------------


def test_a_single_attack_hits_and_kills_at_the_dialogs_exact_odds() -> None:
    """Rath's long sword +1 at an ogre beside him (size L: 1d12 + 5): the dialog says 15/20
    to hit and the chance to kill an ogre left with 10 hit points."""
    encounter = _fight(
        (RATH, "Party"),
        (OGRE.model_copy(update={"hit_points": 10}), "Monsters"),
        feet={("Rath", "Ogre"): 5},
    )
    rath, ogre = ids(encounter)["Rath"], ids(encounter)["Ogre"]
    option = next(
        o.id
        for o in ENCOUNTER_RULES.actions(encounter, rath)
        if o.label.startswith("Attack with long sword +1 (1d12")
    )
    preview = ENCOUNTER_RULES.preview(encounter, rath, option, ogre)
    assert preview.success == Fraction(15, 20)
    kills = dict(preview.outcomes)["Kills"]
    dice = random.Random(2024)
    damage = [play_attack(encounter, rath, ogre, dice) for _ in range(FIGHTS)]
    assert _agrees(sum(1 for d in damage if d), preview.success)
    assert _agrees(sum(1 for d in damage if d >= 10), kills)
    assert set(damage) == {0, *range(6, 18)}  # 1d12 + 5


def test_a_monsters_three_attacks_hit_at_the_dialogs_odds() -> None:
    """The troll's claw, claw, bite against Rath: each row of the simulation at exactly the
    dialog's chance, and the whole first round's 'Rath untouched' at their product."""
    encounter = _fight((RATH, "Party"), (TROLL, "Monsters"), feet={("Rath", "Troll"): 5})
    chances = [
        _success(encounter, "Troll", f"Attack with {name}", "Rath")
        for name in ("claw", "claw", "bite")
    ]
    values = prepared(encounter)
    rows = values.melee[1][0]
    assert rows is not None and len(rows) == 3
    assert [Fraction(21 - row.threshold, 20) for row in rows] == chances
    sword = _success(encounter, "Rath", "Attack with long sword +1", "Troll")
    first = _first_rounds(encounter)
    untouched = math.prod(1 - c for c in chances)
    assert _agrees(sum(1 for r in first if r["Rath"] == 58), untouched)
    assert _agrees(sum(1 for r in first if r["Troll"] < 33), sword)


SLOW_OGRE = OGRE.model_copy(update={"movement": 1})
"""10' a round: it stays at the range the test sets."""


def test_a_first_round_of_arrows_at_medium_range() -> None:
    """Rupert shoots at an ogre 300' off (long bow medium range, −2) twice a round (rate of
    fire 2): the ogre is untouched after round one with chance (1 − p)², p the dialog's."""
    encounter = _fight((RUPERT, "Party"), (SLOW_OGRE, "Monsters"), feet={("Rupert", "Ogre"): 300})
    p = _success(encounter, "Rupert", "Attack with long bow", "Ogre")
    assert p == Fraction(10, 20)  # THAC0 16 − AC 5 = 11; DEX +2, medium range −2: 11–20
    first = _first_rounds(encounter)
    assert _agrees(sum(1 for r in first if r["Ogre"] == 19), (1 - p) ** 2)
    assert all(r["Rupert"] == 38 for r in first)  # the ogre walks 10' and cannot strike


def test_a_heavy_crossbow_shoots_every_other_round() -> None:
    """Rate of fire ½ standing: loaded, it shoots in round 1, then round 3 (the package's
    own count): after two rounds the target has taken exactly one bolt's chance."""
    crossbowman = RUPERT.model_copy(
        update={
            "weapons": (
                RUPERT.weapons[0].model_copy(
                    update={
                        "name": "heavy crossbow",
                        "rate_of_fire": Fraction(1, 2),
                        "ranges": (8, 16, 24),
                    }
                ),
            )
        }
    )
    troll = TROLL.model_copy(update={"movement": 1, "hit_points": 200, "max_hit_points": 200})
    encounter = _fight((crossbowman, "Party"), (troll, "Monsters"), feet={("Rupert", "Troll"): 200})
    p = _success(encounter, "Rupert", "Attack with heavy crossbow", "Troll")
    second = _first_rounds(encounter, Policy(max_rounds=2))
    assert _agrees(sum(1 for r in second if r["Troll"] < 200), p)


def test_a_natural_20_hits_only_while_the_table_says_so() -> None:
    """A kobold (THAC0 20) against Rath in +3 chain (AC −1) needs 21: a natural 20 still
    hits by the book (1 in 20), never under strict THAC0."""
    armoured = RATH.model_copy(update={"magic_armour": 3})
    tough = KOBOLD.model_copy(update={"hit_points": 200, "max_hit_points": 200})
    for strict, chance in ((False, Fraction(1, 20)), (True, Fraction(0))):
        encounter = _fight(
            (armoured, "Party"),
            (tough, "Monsters"),
            feet={("Rath", "Kobold"): 5},
            options=AdndOptions(nat20_auto=not strict),
        )
        assert _success(encounter, "Kobold", "Attack with short spear", "Rath") == chance
        first = _first_rounds(encounter)
        assert _agrees(sum(1 for r in first if r["Rath"] < 58), chance)


# -- the policy -------------------------------------------------------------------------------


def _rath_between_two() -> AdndEncounter:
    """Morale 20 keeps the survivor from breaking (and taking a free attack) in round 1."""
    return _fight(
        (RATH, "Party"),
        (ORC.model_copy(update={"morale": 20}), "Monsters"),
        (KOBOLD.model_copy(update={"morale": 20}), "Monsters"),
        feet={("Rath", "Orc"): 5, ("Rath", "Kobold"): 30, ("Orc", "Kobold"): 30},
    )


def test_weakest_closes_on_the_kobold_where_nearest_strikes_the_orc() -> None:
    """An orc (5 hp) beside Rath and a kobold (3 hp) 30' off, within his 60' close: the
    nearest is the orc, the weakest the kobold, the strongest the orc again."""
    encounter = _rath_between_two()
    sword_orc = _success(encounter, "Rath", "Attack with long sword +1", "Orc")
    for target, struck in (("nearest", "Orc"), ("weakest", "Kobold"), ("strongest", "Orc")):
        first = _first_rounds(encounter, Policy(target=target, max_rounds=1), fights=1000)
        spared = "Kobold" if struck == "Orc" else "Orc"
        assert all(r[spared] == (5 if spared == "Orc" else 3) for r in first), target
        hit = sum(1 for r in first if r[struck] < (5 if struck == "Orc" else 3))
        assert _agrees(
            hit,
            sword_orc
            if struck == "Orc"
            else _success(
                _fight((RATH, "Party"), (KOBOLD, "Monsters"), feet={("Rath", "Kobold"): 5}),
                "Rath",
                "Attack with long sword +1",
                "Kobold",
            ),
            1000,
        ), target


def test_ranged_stay_shoots_and_closing_strikes_with_the_sword() -> None:
    """An ogre 40' from Rupert: staying at range he looses two arrows; told to close he
    moves in and strikes once with the short sword."""
    encounter = _fight((RUPERT, "Party"), (SLOW_OGRE, "Monsters"), feet={("Rupert", "Ogre"): 40})
    bow = _success(encounter, "Rupert", "Attack with long bow", "Ogre")
    near = core.set_position(encounter, ids(encounter)["Rupert"], ids(encounter)["Ogre"], 5)
    assert isinstance(near, AdndEncounter)
    sword = _success(near, "Rupert", "Attack with short sword", "Ogre")
    stay = _first_rounds(encounter, Policy(ranged_stay=True, max_rounds=1))
    close = _first_rounds(encounter, Policy(ranged_stay=False, max_rounds=1))
    assert _agrees(sum(1 for r in stay if r["Ogre"] == 19), (1 - bow) ** 2)
    assert _agrees(sum(1 for r in close if r["Ogre"] == 19), 1 - sword)


def test_a_round_cap_is_a_stalemate() -> None:
    troll = TROLL.model_copy(update={"movement": 1})
    encounter = _fight((RATH, "Party"), (troll, "Monsters"), feet={("Rath", "Troll"): 1000})
    result = simulate(encounter, stream(1, 0), Policy(max_rounds=3))
    assert result.winner is None and result.rounds == 3 and not result.down


# -- the rules' moments -----------------------------------------------------------------------


def test_those_who_already_acted_this_round_do_not_act_again() -> None:
    """Round 1 stands at the monsters' count (the party, on 2, has acted): the rest of the
    round is the monsters' alone, so the party deals nothing in it."""
    encounter = seed_fight()
    encounter = core.start(encounter)
    encounter, _ = ENCOUNTER_RULES.edit(encounter, ids(encounter)["Rath"], "roll", "2")
    encounter, _ = ENCOUNTER_RULES.edit(encounter, ids(encounter)["Orc"], "roll", "5")
    encounter = encounter.model_copy(update={"turn": ids(encounter)["Ogre"]})
    assert isinstance(encounter, AdndEncounter)
    first = _first_rounds(encounter, fights=1000)
    assert all(r["Ogre"] == 19 and r["Orc"] == 5 and r["Kobold"] == 3 for r in first)
    assert any(r["Ilse"] < 24 for r in first)  # the orc and the kobold beside her strike
    whole = _first_rounds(seed_fight(), fights=1000)
    assert any(r["Orc"] < 5 for r in whole)


def _orcs(morale: int, second: int) -> AdndEncounter:
    orc = ORC.model_copy(update={"morale": morale})
    return _fight(
        (RATH, "Party"),
        (orc, "Monsters"),
        (orc.model_copy(update={"movement": 1}), "Monsters"),
        feet={("Rath", "Orc 1"): 5, ("Rath", "Orc 2"): second},
    )


def test_half_the_side_down_breaks_a_timid_orc() -> None:
    """Two orcs against Rath, the second far off: when the first falls (half the side) the
    second checks morale, 2d10 against its rating. Morale 2 breaks unless the dice show 2
    (99 in 100): it flees standing. Morale 20 at full hit points always holds."""
    timid = _orcs(2, 200)
    second = ids(timid)["Orc 2"]
    results = run_fights(timid, simulate, fights=FIGHTS, seed=5)
    fled = [r for r in results if r.fled]
    assert _agrees(len(fled), Fraction(99, 100))
    for r in fled:
        assert r.winner == "Party" and r.fled == {second} and second not in r.down
        assert r.hit_points[second] == 5
    assert not any(r.fled for r in run_fights(_orcs(20, 200), simulate, fights=500, seed=5))
    lone = _fight(
        (RATH, "Party"),
        (ORC.model_copy(update={"morale": 2}), "Monsters"),
        feet={("Rath", "Orc"): 5},
    )
    assert not any(r.fled for r in run_fights(lone, simulate, fights=200, seed=5))


def test_a_fleeing_orc_takes_the_free_attack_at_its_back() -> None:
    """The timid orc beside Rath breaks; Rath strikes at its back at once (rear +2, no
    shield: the dialog's free-attack odds) and kills it on a hit, so it gets away only when
    he misses: 99/100 × (1 − p)."""
    encounter = _orcs(2, 5)
    rath, second = ids(encounter)["Rath"], ids(encounter)["Orc 2"]
    owed = core.update_combatant(encounter, second, free_attacks=(rath,))
    option = next(
        o.id
        for o in ENCOUNTER_RULES.actions(owed, rath)
        if o.id.kind == "free" and o.id.target == second and o.id.index == 0
    )
    preview = ENCOUNTER_RULES.preview(owed, rath, option, None)
    assert preview.success is not None
    assert preview.success > _success(encounter, "Rath", "Attack with long sword +1", "Orc 2")
    results = run_fights(encounter, simulate, fights=FIGHTS, seed=6)
    assert _agrees(sum(1 for r in results if r.fled), Fraction(99, 100) * (1 - preview.success))
    assert all(r.winner == "Party" for r in results)


def test_dead_at_zero_or_bleeding_at_deaths_door() -> None:
    """Whatever the option, down is 0 hit points or fewer; at death's door the fallen keep
    losing 1 a round while the fight goes on."""
    members = (
        (RATH, "Party"),
        (ORC.model_copy(update={"morale": 20}), "Monsters"),
        (TROLL.model_copy(update={"movement": 1, "morale": 20}), "Monsters"),
    )
    feet = {("Rath", "Orc"): 5, ("Rath", "Troll"): 1000}
    mean = {}
    for door in (False, True):
        encounter = _fight(*members, feet=feet, options=AdndOptions(deaths_door=door))
        orc = ids(encounter)["Orc"]
        results = run_fights(encounter, simulate, fights=300, seed=9, policy=Policy(max_rounds=6))
        assert all((r.hit_points[orc] <= 0) == (orc in r.down) for r in results)
        assert all(r.winner is None for r in results)  # the troll is still on its way
        mean[door] = sum(r.hit_points[orc] for r in results) / len(results)
    assert mean[True] < mean[False] - 1
