"""The fight forecast for AD&D 2e: one whole fight from the encounter as it stands.

The table's own rules, read once per encounter into plain numbers: every to-hit number comes
from the action dialog's plan (:func:`m3desk.systems.adnd2e.table._plan`: THAC0 − AC, the
weapon's modifiers, conditions, range −2/−5, a fleeing back's rear +2 and lost shield), every
damage die from the same plan (S-M or L column by the target's size, STR and magic bonuses,
at least 1), initiative modifiers from :func:`~m3desk.systems.adnd2e.table.initiative_terms`,
movement from :func:`~m3desk.systems.adnd2e.table.allowance` and the missile count from
:mod:`m3desk.systems.adnd2e.movement`. The loop then plays on lists of ints.

A round: each combatant standing declares (attack where it stands, close and attack within
half its movement, fire missiles, or move its full movement toward a foe farther off); a d10
per side (or each, as the table rules say), lower first, equal counts simultaneous (a
combatant slain on its own count still strikes); monsters check morale (2d10 at most the
rating, less 2 or 4 for its own lost hit points) when a quarter and half of their side's
monsters are down and at each loss after that; one that breaks flees, and every foe beside it
gets its free attacks at its back first. Down is the encounter's own ``out_of_fight`` (0 hit
points or fewer); at death's door the fallen keep bleeding 1 a round.

A natural 20 that hits doubles the damage dice or earns an extra attack as the table's
critical hits say (:class:`~m3desk.systems.adnd2e.option_rules.AttackRule`). Timed
conditions run out at the rounds' ends as the tracker counts them down
(:func:`core.counted_down`); the attacks are priced again for the rounds after. Everyone
moves in the plane from the encounter's places (:class:`core.places.Plane`): closing and
walking go along the line to the foe and every distance is measured from the places.

Mid-round (the turn pointer on someone), only those yet to act in this round act in it, on
the initiative already typed; a surprise round still to come is played first. Not played:
spells, charges and set spears, withdrawing, special defences (a troll's regeneration).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.dice import DiceExpr
from m3desk.core.forecast import FightResult, Policy, PreparedOnce
from m3desk.core.places import Place, Plane
from m3desk.systems.adnd2e import combat, effects
from m3desk.systems.adnd2e.combat import hit_damage
from m3desk.systems.adnd2e.forecast_fight import play
from m3desk.systems.adnd2e.forecast_values import (
    Arms,
    Prepared,
    Row,
    Segment,
    rate_id,
    segment_at,
    state_id,
)
from m3desk.systems.adnd2e.option_rules import AttackRule, attack_rule, death_rule, initiative_rule
from m3desk.systems.adnd2e.sheet import MonsterSheet
from m3desk.systems.adnd2e.table import (
    MELEE_FEET,
    AdndCombatant,
    AdndEncounter,
    Attack,
    _modifier,
    _Plan,
    _plan,
    _ranges_feet,
    allowance,
    attacks_of,
    initiative_terms,
    routine_of,
    side_morale_trigger,
)

__all__ = ["POLICY_TEXT", "Row", "play_attack", "prepare", "simulate"]

POLICY_TEXT = (
    "Each combatant attacks the nearest foe it can reach this round (or the one with the "
    "fewest or most hit points left), closing up to half its movement; a foe farther off it "
    "walks toward and strikes the next round. Missile weapons shoot at their full rate while "
    "a foe is in range (unless told to close), thrown melee weapons are kept for melee, each "
    "picks its best weapon, and a monster its best routine (a paralysing or charming hit "
    "takes a foe out on a failed save). Monsters check morale at a quarter and half of their "
    "side down and each loss after; one that breaks flees, taking free attacks at its back."
)

ATTACK, CLOSE, FIRE, MOVE = 0, 1, 2, 3
KINDS = ("attack", "close", "fire", "move")
"""The declarations the simulation makes, by index (the table's declaration ids)."""


def _row(plan: _Plan, nat20: AttackRule, effect: tuple[float, int] = (0.0, 0)) -> Row:
    """The plan's odds as a natural-d20 threshold: exactly the dialog's chance; ``effect``
    the hit's effect (:func:`effects.forecast_effect`)."""
    modifier = _modifier(plan)
    threshold = nat20.lowest_hit(modifier, plan.need)  # the dialog's own test; 21: none
    dice: DiceExpr = plan.dice
    bonus = dice.bonus + plan.bonus
    chance = float(nat20.chance(modifier, plan.need))
    damage = combat.damage_distribution(DiceExpr(dice.count, dice.sides, 0), bonus)
    harm = not plan.attack.harmless
    mean = float(sum(k * p for k, p in damage.items())) if harm else 0.0
    fail, kind = effect
    return Row(
        threshold,
        dice.count,
        dice.sides,
        bonus,
        chance * mean,
        chance * fail * bool(kind),
        fail,
        kind,
        harm,
    )


def _cleared(encounter: AdndEncounter) -> AdndEncounter:
    """The encounter with nothing declared: the simulation declares for itself."""
    combatants = tuple(
        c.model_copy(update={"declared": "", "free_attacks": (), "casting_time": 0})
        for c in encounter.combatants
    )
    return encounter.model_copy(update={"combatants": combatants})


def _at(encounter: AdndEncounter, a: str, b: str, feet: int) -> AdndEncounter:
    return core.set_position(encounter, a, b, feet, log=False)


def _plan_row(
    encounter: AdndEncounter, actor: str, action: Action, target: str | None, nat20: AttackRule
) -> Row | None:
    plan = _plan(encounter, actor, action, target)
    if isinstance(plan, str):
        return None
    return _row(
        plan, nat20, effects.forecast_effect(encounter, plan.target, plan.attack, encounter.options)
    )


def _best(rows: Sequence[Row]) -> Row | None:
    return max(rows, key=lambda row: row.mean, default=None)


def _segments(
    encounter: AdndEncounter,
    attacker: AdndCombatant,
    target: AdndCombatant,
    attacks: Sequence[Attack],
) -> tuple[Segment, ...]:
    """The best missile weapon at each distance (by damage a round at that range band)."""
    options = encounter.options
    bands: list[tuple[tuple[int, int, int], tuple[Row | None, ...], Fraction]] = []
    for index, attack in enumerate(attacks):
        edges = _ranges_feet(attack, options)
        if not attack.missile or attack.melee or edges is None:
            continue
        rows = tuple(
            _plan_row(
                _at(encounter, attacker.id, target.id, feet),
                attacker.id,
                Action("attack", index, variant="any"),
                target.id,
                attack_rule(options),
            )
            if feet > MELEE_FEET
            else None
            for feet in edges
        )
        bands.append((edges, rows, attack.rate_of_fire))
    ends = sorted({feet for edges, _rows, _rate in bands for feet in edges if feet > MELEE_FEET})
    segments: list[Segment] = []
    for end in ends:
        best: Segment = (end, None, 0)
        value = -1.0
        for edges, rows, rate in bands:
            band = next((i for i, edge in enumerate(edges) if end <= edge), None)
            row = None if band is None else rows[band]
            if row is not None and row.mean * float(rate) > value:
                best, value = (end, row, rate_id(rate)), row.mean * float(rate)
        segments.append(best)
    while segments and segments[-1][1] is None:
        segments.pop()
    return tuple(segments)


def _arms(base: AdndEncounter) -> Arms:
    """The dialog's plan for every attack of everyone on everyone, at the conditions
    ``base`` holds."""
    options = base.options
    nat20 = attack_rule(options)
    people: tuple[AdndCombatant, ...] = base.combatants
    melee_rows: list[tuple[tuple[Row, ...] | None, ...]] = []
    fire_rows: list[tuple[tuple[Segment, ...], ...]] = []
    rear_rows: list[tuple[tuple[Row, ...] | None, ...]] = []
    # Two orcs with one stat block and the same conditions attack alike: each kind of pair
    # is priced once (a big encounter is mostly copies).
    kinds = {
        c.id: (c.sheet.model_dump_json(), tuple(sorted(k.condition for k in c.conditions)))
        for c in people
    }
    priced: dict[
        tuple[object, ...],
        tuple[tuple[Row, ...] | None, tuple[Segment, ...], tuple[Row, ...] | None],
    ] = {}
    for attacker in people:
        attacks = attacks_of(attacker.sheet, options)
        monster = isinstance(attacker.sheet, MonsterSheet)
        melee_line: list[tuple[Row, ...] | None] = []
        fire_line: list[tuple[Segment, ...]] = []
        rear_line: list[tuple[Row, ...] | None] = []
        for target in people:
            if target.side == attacker.side:
                melee_line.append(None)
                fire_line.append(())
                rear_line.append(None)
                continue
            kind = (kinds[attacker.id], kinds[target.id])
            known = priced.get(kind)
            if known is not None:
                melee_line.append(known[0])
                fire_line.append(known[1])
                rear_line.append(known[2])
                continue
            close = _at(base, attacker.id, target.id, MELEE_FEET)
            fleeing = core.update_combatant(close, target.id, free_attacks=(attacker.id,))
            melee: list[Row] = []
            rear: list[Row] = []
            routines: dict[int, tuple[list[Row], list[Row]]] = {}
            for index, attack in enumerate(attacks):
                if not attack.melee:
                    continue
                row = _plan_row(
                    close, attacker.id, Action("attack", index, variant="any"), target.id, nat20
                )
                back = _plan_row(
                    fleeing,
                    attacker.id,
                    Action("free", index, target=target.id, variant="any"),
                    None,
                    nat20,
                )
                times = attack.times if monster else 1
                melee, rear = routines.setdefault(routine_of(attacker.sheet, index), ([], []))
                if row is not None:
                    melee += [row] * times
                if back is not None:
                    rear += [back] * times
            if routines:  # a monster makes one routine a round: the best against this foe
                # (an effect's chance of ending the foe's fight counts as its hit points)
                left = max(0, target.sheet.hit_points)
                melee, rear = max(
                    routines.values(), key=lambda pair: sum(r.mean + r.hold * left for r in pair[0])
                )
            if not monster:  # a character strikes once a round, with its best weapon
                melee = [best] if (best := _best(melee)) else []
                rear = [best] if (best := _best(rear)) else []
            priced[kind] = (
                tuple(melee) or None,
                _segments(base, attacker, target, attacks),
                tuple(rear) or None,
            )
            melee_line.append(priced[kind][0])
            fire_line.append(priced[kind][1])
            rear_line.append(priced[kind][2])
        melee_rows.append(tuple(melee_line))
        fire_rows.append(tuple(fire_line))
        rear_rows.append(tuple(rear_line))
    reach = [tuple(line[-1][0] if line else 0 for line in fire_line) for fire_line in fire_rows]
    only = tuple(
        line if not any(melee_rows[a]) else (0,) * len(line) for a, line in enumerate(reach)
    )
    return Arms(
        melee=tuple(melee_rows),
        fire=tuple(fire_rows),
        rear=tuple(rear_rows),
        ranged_stay=tuple(reach),
        ranged_only=only,
        bound=tuple(any(s.condition == "bound" for s in c.conditions) for c in people),
        farthest_stay=tuple(max(far, default=0) for far in reach),
        farthest_only=tuple(max(far, default=0) for far in only),
    )


def _countdown(encounter: AdndEncounter, base: AdndEncounter) -> tuple[tuple[int, Arms], ...]:
    """The attacks again for each round from which a timed condition is gone: each counts
    down at the rounds' ends as the tracker's (:func:`core.counted_down`); one placed in the
    round the fight starts in first counts at the end of the next."""
    first = encounter.round if encounter.phase != "setup" else 0 if encounter.surprise_side else 1
    gone: dict[str, int] = {}
    for combatant in base.combatants:
        for condition in combatant.conditions:
            if condition.rounds is None:
                continue
            stamp = encounter.applied_at.get(condition.id)
            left = core.counted_down(condition.rounds, stamp is not None and stamp.round == first)
            ended = 1
            while left:
                ended += 1
                left = core.counted_down(left, False)
            gone[condition.id] = ended + 1  # absent from the round after its last
    found: list[tuple[int, Arms]] = []
    for start in sorted(set(gone.values())):
        combatants = tuple(
            c.model_copy(
                update={
                    "conditions": tuple(
                        k for k in c.conditions if gone.get(k.id, start + 1) > start
                    )
                }
            )
            for c in base.combatants
        )
        found.append((start, _arms(base.model_copy(update={"combatants": combatants}))))
    return tuple(found)


def prepare(encounter: AdndEncounter) -> Prepared:
    """Read the encounter once: every to-hit number and damage die the fight can need."""
    base = _cleared(encounter)
    options = base.options
    people: tuple[AdndCombatant, ...] = base.combatants
    sides = list(encounter.sides)
    for c in people:
        if c.side not in sides:
            sides.append(c.side)
    arms = _arms(base)
    initiative = []
    for c in people:
        mods = [
            sum(t.value for t in initiative_terms(base, c.model_copy(update={"declared": k})))
            for k in KINDS
        ]
        initiative.append((mods[0], mods[1], mods[2], mods[3]))
    index_of = {c.id: i for i, c in enumerate(people)}
    partial: tuple[tuple[int, ...], ...] = ()
    if encounter.phase != "setup" and encounter.turn in index_of:
        order = core.turn_order(encounter)
        flat = [c.id for group in order for c in group]
        if encounter.turn in flat:
            remaining = set(flat[flat.index(encounter.turn) :])
            partial = tuple(
                g
                for g in (
                    tuple(index_of[c.id] for c in group if c.id in remaining) for group in order
                )
                if g
            )
    surprise = None
    if encounter.phase == "setup" and encounter.surprise_side in sides:
        surprise = sides.index(encounter.surprise_side)
    side_of = tuple(sides.index(c.side) for c in people)
    monsters = tuple(isinstance(c.sheet, MonsterSheet) for c in people)
    out = tuple(encounter.out_of_fight(c) for c in encounter.combatants)
    hp = tuple(c.sheet.hit_points for c in people)
    by_side = tuple(
        tuple(i for i in range(len(people)) if side_of[i] == side and monsters[i])
        for side in range(len(sides))
    )
    morale_start = [side_morale_trigger(encounter, side) for side in sides]
    plane = Plane(encounter.position_model, [encounter.places.get(c.id, Place()) for c in people])
    return Prepared(
        ids=tuple(c.id for c in people),
        sides=side_of,
        side_names=tuple(sides),
        hp=hp,
        max_hp=tuple(c.sheet.max_hit_points for c in people),
        out=out,
        fallen=tuple(combat.down(h) for h in hp),
        monster=monsters,
        morale=tuple(c.sheet.morale if isinstance(c.sheet, MonsterSheet) else 0 for c in people),
        bound=arms.bound,
        foes=tuple(
            tuple(t for t, other in enumerate(people) if other.side != c.side) for c in people
        ),
        close=tuple(allowance(base, c, "close") for c in people),
        move=tuple(allowance(base, c, "move") for c in people),
        moved=tuple(c.moved if partial else 0 for c in encounter.combatants),
        melee=arms.melee,
        fire=arms.fire,
        ranged_stay=arms.ranged_stay,
        ranged_only=arms.ranged_only,
        arms=arms,
        monsters=by_side,
        alive=tuple(
            sum(1 for i in range(len(people)) if side_of[i] == side and not out[i])
            for side in range(len(sides))
        ),
        stage=tuple(morale_start),
        rear=arms.rear,
        initiative=tuple(initiative),
        credit=tuple(state_id(c.fire_credit) for c in people),
        individual=initiative_rule(options).each,
        death=death_rule(options),
        critical=attack_rule(options),
        later=_countdown(encounter, base),
        plane=plane,
        orders={},
        starts={},
        sights={},
        partial=partial,
        surprise=surprise,
    )


_CACHE: PreparedOnce[AdndEncounter, Prepared] = PreparedOnce(prepare, 4)


def prepared(encounter: AdndEncounter) -> Prepared:
    """The encounter's precomputation, kept for the last few encounter objects (the core's
    one policy, :class:`~m3desk.core.forecast.PreparedOnce`)."""
    return _CACHE(encounter)


# -- the fight ------------------------------------------------------------------------------


def _damage(row: Row, draw: random.Random) -> int:
    """A hit's damage: the dice + the bonus, at least 1."""
    rnd = draw.random
    sides = row.sides
    total = 0
    for _ in range(row.number):
        total += int(rnd() * sides) + 1
    return hit_damage(total, row.bonus)


def play_attack(
    encounter: AdndEncounter, actor: str, target: str, dice: random.Random, *, rear: bool = False
) -> int:
    """One attack as the simulation plays it (0: a miss): the first melee row of ``actor``
    against ``target`` where they stand (``rear``: a free attack at a fleeing back), or the
    first missile weapon at the range between them. The statistical tests use it."""
    values = prepared(encounter)
    a, t = values.ids.index(actor), values.ids.index(target)
    row = _row_at(values, a, t, values.plane.row(a)[t], rear=rear)
    if row is None:
        raise ValueError("that attack cannot be made from where they stand")
    natural = int(dice.random() * 20) + 1
    if natural < row.threshold or not row.harm:
        return 0
    if values.critical.doubles_dice(natural):
        row = row._replace(number=row.number * 2)
    return _damage(row, dice)


def _row_at(values: Prepared, a: int, t: int, feet: int, *, rear: bool = False) -> Row | None:
    if rear:
        rows = values.rear[a][t]
        return rows[0] if rows else None
    if feet <= MELEE_FEET:
        rows = values.melee[a][t]
        return rows[0] if rows else None
    segment = segment_at(values.fire[a][t], feet)
    return None if segment is None else segment[1]


def simulate(encounter: core.Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """Play one whole fight from where the encounter stands (see the module's text)."""
    assert isinstance(encounter, AdndEncounter)
    return play(
        prepared(encounter), dice.random, policy.target, policy.ranged_stay, policy.max_rounds
    )
