"""Apparatus moves on the map spend the Movement seed 004 prices metre by metre (digest §2,
§3, §11): run 1, climb 2 (1 with Natural Climber), +1 per Difficulty Rating of the ground
painted on the map, impassable past the base Speed or through a wall; jumps and climbs move
the token and change its height; grapplers drag whom they hold; a shove's push is forced
movement; "ranged while adjacent to a hostile" and Far range read places."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.places import Area, Place
from m3desk.systems.apparatus.grapple import Grapple
from m3desk.systems.apparatus.samples import BRUTE, KESTREL, WREN
from m3desk.systems.apparatus.state import ApparatusEncounter
from tests.systems.apparatus.test_table import RULES, _cell, _do, _fight


def _kestrel_and_brute(metres: int = 10) -> tuple[ApparatusEncounter, str, str]:
    """Kestrel (Medium, Speed 6, Might and Agility 3) at the origin on her turn, the Brute
    ``metres`` east."""
    fight, (k, b) = _fight(KESTREL, BRUTE, metres=metres)
    fight = fight.model_copy(update={"places": {k: Place.at(0, 0), b: Place.at(metres, 0)}})
    return fight, k, b


def test_a_climb_a_run_and_a_running_long_jump_spend_the_seed_s_movement() -> None:
    """Dash: 12 Movement. Climb 2 m onto a ledge: 2 a metre, 4 (z 2). Run 2 m west along
    it: 2. A long jump after that 2 m run (Table 3, Medium normal: 4 m) costs its flat 4
    (the run is its run-up) and ends the turn's movement: 0 left, 4 m farther west."""
    fight, k, _b = _kestrel_and_brute()
    fight = _do(fight, k, Action("dash"))
    assert _cell(fight, k, "move") == "12/12"
    up = RULES.check_move(fight, k, Place.at(0, 0, 2))
    assert (up.distance, up.cost, up.verb, up.allowance) == (2, 4, "climbs", 12)
    fight, text = RULES.make_move(fight, k, Place.at(0, 0, 2))
    assert text == "Kestrel climbs 2 m: 4 Movement, 8 left"
    assert isinstance(fight, ApparatusEncounter)
    fight, text = RULES.make_move(fight, k, Place.at(-2, 0, 2))
    assert text == "Kestrel runs 2 m: 2 Movement, 6 left"
    assert isinstance(fight, ApparatusEncounter)
    assert (
        "the 2 m already run this turn is the run-up: jump 4 Movement"
        in RULES.preview(fight, k, Action("long", amount=2), None).lines
    )
    fight = _do(fight, k, Action("long", amount=2))
    assert _cell(fight, k, "move") == "0/12"
    assert fight.places[k] == Place.at(-6, 0, 2)
    assert fight.log[-1].text == "Kestrel long-jumps 4 m after a run: 4 Movement, 0 left"
    after_jump = RULES.check_move(fight, k, Place.at(-7, 0, 2))
    assert after_jump.allowance == 0 and after_jump.over
    assert "a running long jump ended this turn's movement" in after_jump.notes


def test_a_high_jump_lands_where_it_took_off() -> None:
    """Table 1, Medium normal, standing: 1 m up, for 2 Movement, and down again: the token
    is back on the ground; from a ledge 2 m up it lands on the ledge."""
    fight, k, _b = _kestrel_and_brute()
    fight = _do(fight, k, Action("high"))
    assert fight.places[k] == Place.at(0, 0, 0)
    assert _cell(fight, k, "move") == "4/6"
    assert fight.log[-1].text == "Kestrel jumps 1 m up and lands: 2 Movement, 4 left"
    ledge, _text = RULES.make_move(fight, k, Place.at(0, 0, 1))
    assert isinstance(ledge, ApparatusEncounter)
    assert _do(ledge, k, Action("high")).places[k] == Place.at(0, 0, 1)


def test_painted_difficult_ground_costs_more_and_a_wall_or_a_costly_metre_is_impassable() -> None:
    """§11 #7: DR 2 makes a run 3 a metre; a climb through DR 5 costs 7 > Speed 6:
    impassable; with Natural Climber 1 + 5 = 6: allowed."""
    fight, k, _b = _kestrel_and_brute()
    mud = Area(x=-10, y=-5, width=8, height=10, rating=2, label="mud")
    fight = fight.model_copy(update={"areas": (mud,)})
    check = RULES.check_move(fight, k, Place.at(-4, 0))  # 2 m clear, 2 m of mud
    assert (check.cost, check.over) == (2 + 6, True)
    assert check.notes == ("over the allowance (6 Movement)", "difficult ground DR 2")
    assert RULES.check_move(fight, k, Place.at(-2, 0)).cost == 2
    wall = Area(x=1, y=-5, width=1, height=10, wall=True)
    walled = RULES.check_move(fight.model_copy(update={"areas": (wall,)}), k, Place.at(3, 0))
    assert walled.blocked and "impassable: a wall is in the way" in walled.notes
    scree = fight.model_copy(update={"areas": (Area(x=-1, y=-1, width=2, height=2, rating=5),)})
    climb = RULES.check_move(scree, k, Place.at(0, 0, 1))
    assert climb.blocked and climb.notes[-1] == (
        "impassable: climbing through Difficulty 5 costs 7 Movement per metre, more than the "
        "Speed of 6"
    )
    wren_fight, (w, _other) = _fight(WREN, BRUTE)
    wren_scree = wren_fight.model_copy(
        update={"areas": (Area(x=-50, y=-50, width=100, height=100, rating=2),)}
    )
    assert not RULES.check_move(
        wren_scree, w, Place.at(wren_fight.places[w].x, wren_fight.places[w].y, 1)
    ).blocked  # 1 + 2 ≤ Speed 3


def test_the_terrain_column_rates_only_unpainted_ground() -> None:
    fight, k, _b = _kestrel_and_brute()
    fight, _ = RULES.edit(fight, k, "terrain", "1")  # type: ignore[misc]
    assert RULES.check_move(fight, k, Place.at(-2, 0)).cost == 4  # 2 m at DR 1
    paved = fight.model_copy(update={"areas": (Area(x=-5, y=-5, width=10, height=10),)})
    assert RULES.check_move(paved, k, Place.at(-2, 0)).cost == 2  # the map says clear


def test_leaving_a_hostile_s_reach_draws_an_opportunity_attack_unless_disengaged() -> None:
    fight, k, _b = _kestrel_and_brute(metres=1)
    check = RULES.check_move(fight, k, Place.at(-3, 0))
    assert "leaves Brute's reach: opportunity attack" in check.notes
    fight = _do(fight, k, Action("disengage"))
    assert not any(
        "opportunity" in note for note in RULES.check_move(fight, k, Place.at(-3, 0)).notes
    )


def test_a_grappler_drags_the_held_and_a_push_is_forced_movement() -> None:
    fight, k, b = _kestrel_and_brute(metres=1)
    held = fight.model_copy(update={"grapples": (Grapple(grappler=k, target=b),)})
    check = RULES.check_move(held, k, Place.at(-2, 0))
    assert "drags Brute along" in check.notes
    moved, _text = RULES.make_move(held, k, Place.at(-2, 0))
    assert moved.places[b] == Place.at(-1, 0)
    assert core.position_between(moved, k, b) == 1
    # A push of the held Brute 1 m away from its grappler: a Basic grapple out of reach ends.
    pushed = _do(held, k, Action("shove_push", target=b), (20,))
    assert pushed.places[b] == Place.at(2, 0) and pushed.grapples == ()
    # An Advanced grapple holds: pushed, both move (the pusher here is a third creature).
    firm = fight.model_copy(update={"grapples": (Grapple(grappler=k, target=b, tier="advanced"),)})
    from m3desk.systems.apparatus import moves

    forced, notes = moves.forced_move(firm, b, Place.at(2, 0))
    assert forced.places[k] == Place.at(1, 0) and forced.grapples == firm.grapples
    assert notes == ("Kestrel moves with Brute (the Advanced grapple holds)",)


def test_ranged_while_adjacent_and_far_range_read_the_places() -> None:
    fight, k, b = _kestrel_and_brute(metres=1)
    bow = next(a.id for a in RULES.actions(fight, k) if a.id == Action("attack", 1, target=b))
    assert "adjacent to a hostile" in RULES.preview(fight, k, bow, None).lines[1]
    away, _ = RULES.make_move(fight.model_copy(update={"turn": b}), b, Place.at(20, 0))
    assert isinstance(away, ApparatusEncounter)
    back = away.model_copy(update={"turn": k})
    lines = RULES.preview(back, k, bow, None).lines
    assert "adjacent" not in lines[1] and "Far range" in lines[1]
