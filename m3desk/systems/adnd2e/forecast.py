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
critical hits say (:func:`combat.doubles_dice`, :func:`combat.extra_attack`). Timed
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
import threading
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.forecast import FightResult, Policy, PreparedOnce
from m3desk.core.places import Place, Plane
from m3desk.systems.adnd2e import combat, effects
from m3desk.systems.adnd2e.combat import (
    bleeds,
    doubles_dice,
    extra_attack,
    hit_damage,
    initiative_order,
    morale_holds,
    morale_loss,
    morale_trigger,
)
from m3desk.systems.adnd2e.movement import end_round_credit, fire_credit
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
    "Each combatant attacks a foe it can reach this round: the nearest (or the one with the "
    "fewest or most hit points left, as chosen), closing up to half its movement to strike; "
    "a foe farther off it walks toward with its full movement and strikes the next round. "
    "Bows, crossbows, slings and darts shoot at their full rate of fire while a foe is in "
    "range (unless told to close), thrown melee weapons are kept for melee, and each picks "
    "the weapon that deals most on average; a monster its best routine, where a hit that "
    "paralyses or charms takes a foe out on a failed save. Monsters check morale when a "
    "quarter and half of their side's monsters are down and at each loss after that; one "
    "that breaks flees and takes the free attacks at its back.")

ATTACK, CLOSE, FIRE, MOVE = 0, 1, 2, 3
KINDS = ("attack", "close", "fire", "move")
"""The declarations the simulation makes, by index (the table's declaration ids)."""


class Row(NamedTuple):
    """One attack roll as the loop plays it: hit on a natural d20 ≥ ``threshold``, then
    ``number``d``sides`` + ``bonus`` damage, at least 1."""

    threshold: int
    number: int
    sides: int
    bonus: int
    mean: float
    hold: float = 0.0
    """The chance a roll's effect takes hold (hit × failed save): the policy's weight of it."""
    fail: float = 0.0
    """The chance the target fails its save against a hit's effect."""
    kind: int = 0
    """What a failed save does: 0 nothing played, 1 out of the fight, 2 dead."""
    harm: bool = True
    """A hit deals damage (False: a paralysing touch deals none)."""


def _row(plan: _Plan, nat20_auto: bool, effect: tuple[float, int] = (0.0, 0)) -> Row:
    """The plan's odds as a natural-d20 threshold: exactly the dialog's chance; ``effect``
    the hit's effect (:func:`effects.forecast_effect`)."""
    modifier = _modifier(plan)
    # the lowest natural d20 the dialog's own test (combat.hits) calls a hit; 21: none
    threshold = next((natural for natural in range(1, 21) if combat.hits(
        natural, modifier, plan.need, nat20_auto=nat20_auto)), 21)
    dice: DiceExpr = plan.dice
    bonus = dice.bonus + plan.bonus
    chance = float(combat.hit_probability(_modifier(plan), plan.thac0, plan.armour,
                                          nat20_auto=nat20_auto))
    damage = combat.damage_distribution(DiceExpr(dice.count, dice.sides, 0), bonus)
    harm = not plan.attack.harmless
    mean = float(sum(k * p for k, p in damage.items())) if harm else 0.0
    fail, kind = effect
    return Row(threshold, dice.count, dice.sides, bonus, chance * mean, chance * fail * bool(kind),
               fail, kind, harm)


Segment = tuple[int, "Row | None", int]
"""Up to how many feet, the best missile row there (None: no shot), the rate's small id."""


class Prepared(NamedTuple):
    """An encounter read into plain values, by combatant index."""

    ids: tuple[str, ...]
    sides: tuple[int, ...]
    side_names: tuple[str, ...]
    hp: tuple[int, ...]
    max_hp: tuple[int, ...]
    out: tuple[bool, ...]
    monster: tuple[bool, ...]
    morale: tuple[int, ...]
    bound: tuple[bool, ...]
    foes: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    close: tuple[int, ...]
    move: tuple[int, ...]
    moved: tuple[int, ...]
    melee: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    """melee[a][t]: the rows a strikes t with in a round (None: not a foe, or no melee)."""
    fire: tuple[tuple[tuple[Segment, ...], ...], ...]
    """fire[a][t]: a's bows, crossbows, slings and darts against t, as distance segments
    (the best weapon in each, by damage a round)."""
    ranged_stay: tuple[tuple[int, ...], ...]
    """ranged_stay[a][t]: the farthest a shoots at t (0: cannot)."""
    ranged_only: tuple[tuple[int, ...], ...]
    """The same for a combatant with no melee attack on t (it shoots even when told to
    close)."""
    monsters: tuple[tuple[int, ...], ...]
    """By side: its monsters (who check morale)."""
    alive: tuple[int, ...]
    """By side: how many stand."""
    stage: tuple[int, ...]
    """By side: the morale trigger already past (:func:`combat.morale_trigger`): the fight
    starts with what the table has reached (the tracker prompts for checks still owed)."""
    rear: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    """rear[a][t]: a's free attacks at t's back as t flees."""
    initiative: tuple[tuple[int, int, int, int], ...]
    """Each combatant's initiative modifiers for attack, close, fire, move."""
    credit: tuple[int, ...]
    """Each one's missile count, by its small id."""
    individual: bool
    deaths_door: bool
    critical: str
    """The table's critical hits (:func:`combat.doubles_dice`, :func:`combat.extra_attack`)."""
    later: tuple[tuple[int, Arms], ...]
    """The attacks again from the round (1 = the fight's first) in which timed conditions
    have run out, as the tracker's round end counts them down."""
    plane: Plane
    """Where everyone stands (the fight moves copies)."""
    orders: dict[tuple[tuple[int, int], ...], list[list[int]]]
    """Round orders already worked out (:func:`combat.initiative_order`), by the counts."""
    partial: tuple[tuple[int, ...], ...]
    """The rest of the current round when the encounter stands mid-round: counts of indices."""
    surprise: int | None
    """The side index acting alone in a surprise round still to come."""


def _cleared(encounter: AdndEncounter) -> AdndEncounter:
    """The encounter with nothing declared: the simulation declares for itself."""
    combatants = tuple(c.model_copy(update={"declared": "", "free_attacks": (),
                                            "casting_time": 0})
                       for c in encounter.combatants)
    return encounter.model_copy(update={"combatants": combatants})


def _at(encounter: AdndEncounter, a: str, b: str, feet: int) -> AdndEncounter:
    return core.set_position(encounter, a, b, feet, log=False)


def _plan_row(encounter: AdndEncounter, actor: str, action: str, target: str | None,
              nat20: bool) -> Row | None:
    plan = _plan(encounter, actor, action, target)
    if isinstance(plan, str):
        return None
    return _row(plan, nat20, effects.forecast_effect(encounter, plan.target, plan.attack,
                                                      encounter.options))


def _best(rows: Sequence[Row]) -> Row | None:
    return max(rows, key=lambda row: row.mean, default=None)


def _segments(encounter: AdndEncounter, attacker: AdndCombatant, target: AdndCombatant,
              attacks: Sequence[Attack]) -> tuple[Segment, ...]:
    """The best missile weapon at each distance (by damage a round at that range band)."""
    options = encounter.options
    bands: list[tuple[tuple[int, int, int], tuple[Row | None, ...], Fraction]] = []
    for index, attack in enumerate(attacks):
        edges = _ranges_feet(attack, options)
        if not attack.missile or attack.melee or edges is None:
            continue
        rows = tuple(
            _plan_row(_at(encounter, attacker.id, target.id, feet), attacker.id,
                      f"attack:{index}:any", target.id, options.nat20_auto)
            if feet > MELEE_FEET else None for feet in edges)
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
                best, value = (end, row, _rate(rate)), row.mean * float(rate)
        segments.append(best)
    while segments and segments[-1][1] is None:
        segments.pop()
    return tuple(segments)


class Arms(NamedTuple):
    """Every attack the fight can make, by attacker and target, under a set of conditions."""

    melee: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    fire: tuple[tuple[tuple[Segment, ...], ...], ...]
    rear: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    ranged_stay: tuple[tuple[int, ...], ...]
    ranged_only: tuple[tuple[int, ...], ...]
    bound: tuple[bool, ...]


def _arms(base: AdndEncounter) -> Arms:
    """The dialog's plan for every attack of everyone on everyone, at the conditions
    ``base`` holds."""
    options = base.options
    nat20 = options.nat20_auto
    people: tuple[AdndCombatant, ...] = base.combatants
    melee_rows: list[tuple[tuple[Row, ...] | None, ...]] = []
    fire_rows: list[tuple[tuple[Segment, ...], ...]] = []
    rear_rows: list[tuple[tuple[Row, ...] | None, ...]] = []
    # Two orcs with one stat block and the same conditions attack alike: each kind of pair
    # is priced once (a big encounter is mostly copies).
    kinds = {c.id: (c.sheet.model_dump_json(), tuple(sorted(k.condition for k in c.conditions)))
             for c in people}
    priced: dict[tuple[object, ...], tuple[tuple[Row, ...] | None, tuple[Segment, ...],
                                           tuple[Row, ...] | None]] = {}
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
                row = _plan_row(close, attacker.id, f"attack:{index}:any", target.id, nat20)
                back = _plan_row(fleeing, attacker.id, f"free:{target.id}:{index}:any", None,
                                 nat20)
                times = attack.times if monster else 1
                melee, rear = routines.setdefault(routine_of(attacker.sheet, index), ([], []))
                if row is not None:
                    melee += [row] * times
                if back is not None:
                    rear += [back] * times
            if routines:  # a monster makes one routine a round: the best against this foe
                # (an effect's chance of ending the foe's fight counts as its hit points)
                left = max(0, target.sheet.hit_points)
                melee, rear = max(routines.values(),
                                  key=lambda pair: sum(r.mean + r.hold * left for r in pair[0]))
            if not monster:  # a character strikes once a round, with its best weapon
                melee = [best] if (best := _best(melee)) else []
                rear = [best] if (best := _best(rear)) else []
            priced[kind] = (tuple(melee) or None, _segments(base, attacker, target, attacks),
                            tuple(rear) or None)
            melee_line.append(priced[kind][0])
            fire_line.append(priced[kind][1])
            rear_line.append(priced[kind][2])
        melee_rows.append(tuple(melee_line))
        fire_rows.append(tuple(fire_line))
        rear_rows.append(tuple(rear_line))
    reach = [tuple(line[-1][0] if line else 0 for line in fire_line)
             for fire_line in fire_rows]
    return Arms(
        melee=tuple(melee_rows), fire=tuple(fire_rows), rear=tuple(rear_rows),
        ranged_stay=tuple(reach),
        ranged_only=tuple(line if not any(melee_rows[a]) else (0,) * len(line)
                          for a, line in enumerate(reach)),
        bound=tuple(any(s.condition == "bound" for s in c.conditions) for c in people))


def _countdown(encounter: AdndEncounter, base: AdndEncounter) -> tuple[tuple[int, Arms], ...]:
    """The attacks again for each round from which a timed condition is gone: each counts
    down at the rounds' ends as the tracker's (:func:`core.counted_down`); one placed in the
    round the fight starts in first counts at the end of the next."""
    first = (encounter.round if encounter.phase != "setup"
             else 0 if encounter.surprise_side else 1)
    gone: dict[str, int] = {}
    for combatant in base.combatants:
        for condition in combatant.conditions:
            if condition.rounds is None:
                continue
            stamp = encounter.applied_at.get(condition.id)
            left = core.counted_down(condition.rounds,
                                     stamp is not None and stamp.round == first)
            ended = 1
            while left:
                ended += 1
                left = core.counted_down(left, False)
            gone[condition.id] = ended + 1  # absent from the round after its last
    found: list[tuple[int, Arms]] = []
    for start in sorted(set(gone.values())):
        combatants = tuple(c.model_copy(update={"conditions": tuple(
            k for k in c.conditions if gone.get(k.id, start + 1) > start)})
            for c in base.combatants)
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
        mods = [sum(t.value for t in initiative_terms(base, c.model_copy(update={"declared": k})))
                for k in KINDS]
        initiative.append((mods[0], mods[1], mods[2], mods[3]))
    index_of = {c.id: i for i, c in enumerate(people)}
    partial: tuple[tuple[int, ...], ...] = ()
    if encounter.phase != "setup" and encounter.turn in index_of:
        order = core.turn_order(encounter)
        flat = [c.id for group in order for c in group]
        if encounter.turn in flat:
            remaining = set(flat[flat.index(encounter.turn):])
            partial = tuple(g for g in (tuple(index_of[c.id] for c in group
                                              if c.id in remaining) for group in order) if g)
    surprise = None
    if encounter.phase == "setup" and encounter.surprise_side in sides:
        surprise = sides.index(encounter.surprise_side)
    side_of = tuple(sides.index(c.side) for c in people)
    monsters = tuple(isinstance(c.sheet, MonsterSheet) for c in people)
    out = tuple(encounter.out_of_fight(c) for c in encounter.combatants)
    hp = tuple(c.sheet.hit_points for c in people)
    by_side = tuple(tuple(i for i in range(len(people)) if side_of[i] == side and monsters[i])
                    for side in range(len(sides)))
    morale_start = [side_morale_trigger(encounter, side) for side in sides]
    plane = Plane(encounter.position_model,
                  [encounter.places.get(c.id, Place()) for c in people])
    return Prepared(
        ids=tuple(c.id for c in people),
        sides=side_of,
        side_names=tuple(sides),
        hp=hp,
        max_hp=tuple(c.sheet.max_hit_points for c in people),
        out=out,
        monster=monsters,
        morale=tuple(c.sheet.morale if isinstance(c.sheet, MonsterSheet) else 0
                     for c in people),
        bound=arms.bound,
        foes=tuple(tuple(t for t, other in enumerate(people) if other.side != c.side)
                   for c in people),
        distance=tuple(tuple(plane.row(i)) for i in range(len(people))),
        close=tuple(allowance(base, c, "close") for c in people),
        move=tuple(allowance(base, c, "move") for c in people),
        moved=tuple(c.moved if partial else 0 for c in encounter.combatants),
        melee=arms.melee,
        fire=arms.fire,
        ranged_stay=arms.ranged_stay,
        ranged_only=arms.ranged_only,
        monsters=by_side,
        alive=tuple(sum(1 for i in range(len(people)) if side_of[i] == side and not out[i])
                    for side in range(len(sides))),
        stage=tuple(morale_start),
        rear=arms.rear,
        initiative=tuple(initiative),
        credit=tuple(_state(c.fire_credit) for c in people),
        individual=options.initiative == "individual",
        deaths_door=options.deaths_door,
        critical=options.critical_hits,
        later=_countdown(encounter, base),
        plane=plane,
        orders={},
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


def play_attack(encounter: AdndEncounter, actor: str, target: str, dice: random.Random, *,
                rear: bool = False) -> int:
    """One attack as the simulation plays it (0: a miss): the first melee row of ``actor``
    against ``target`` where they stand (``rear``: a free attack at a fleeing back), or the
    first missile weapon at the range between them. The statistical tests use it."""
    values = prepared(encounter)
    a, t = values.ids.index(actor), values.ids.index(target)
    row = _row_at(values, a, t, values.distance[a][t], rear=rear)
    if row is None:
        raise ValueError("that attack cannot be made from where they stand")
    natural = int(dice.random() * 20) + 1
    if natural < row.threshold or not row.harm:
        return 0
    if doubles_dice(natural, values.critical):
        row = row._replace(number=row.number * 2)
    return _damage(row, dice)


def _row_at(values: Prepared, a: int, t: int, feet: int, *, rear: bool = False) -> Row | None:
    if rear:
        rows = values.rear[a][t]
        return rows[0] if rows else None
    if feet <= MELEE_FEET:
        rows = values.melee[a][t]
        return rows[0] if rows else None
    segment = _segment(values.fire[a][t], feet)
    return None if segment is None else segment[1]


def _segment(segments: tuple[Segment, ...], feet: int) -> Segment | None:
    for segment in segments:
        if feet <= segment[0]:
            return segment
    return None


# -- the missile count, memoised on small ints ------------------------------------------------

_STATES: list[Fraction | None] = [None]
_STATE_IDS: dict[Fraction | None, int] = {None: 0}
_RATES: list[Fraction] = []
_RATE_IDS: dict[Fraction, int] = {}
_VOLLEY: dict[tuple[int, int], tuple[int, Fraction]] = {}
_AFTER: dict[tuple[int, int, int], int] = {}


_NAMING = threading.Lock()
"""Names are handed out once (a forecast may run on a worker thread)."""


def _state(credit: Fraction | None) -> int:
    """A missile count's small-int name (0: loaded, never fired)."""
    found = _STATE_IDS.get(credit)
    if found is None:
        with _NAMING:
            found = _STATE_IDS.get(credit)
            if found is None:
                _STATES.append(credit)
                found = _STATE_IDS[credit] = len(_STATES) - 1
    return found


def _rate(rate: Fraction) -> int:
    found = _RATE_IDS.get(rate)
    if found is None:
        with _NAMING:
            found = _RATE_IDS.get(rate)
            if found is None:
                _RATES.append(rate)
                found = _RATE_IDS[rate] = len(_RATES) - 1
    return found


def _volley(state: int, rate: int) -> tuple[int, Fraction]:
    """A standing round of fire: the shots the package's count allows, and the count."""
    key = (state, rate)
    found = _VOLLEY.get(key)
    if found is None:
        count = fire_credit(_STATES[state], _RATES[rate])
        found = _VOLLEY[key] = (count.shots, count.credit)
    return found


def _after(state: int, rate: int, taken: int) -> int:
    """The count kept into the next round after ``taken`` shots."""
    key = (state, rate, taken)
    found = _AFTER.get(key)
    if found is None:
        _shots, credit = _volley(state, rate)
        found = _AFTER[key] = _state(end_round_credit(credit - taken, _RATES[rate]))
    return found


# -- the fight ------------------------------------------------------------------------------


def simulate(encounter: core.Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """Play one whole fight from where the encounter stands (see the module's text)."""
    assert isinstance(encounter, AdndEncounter)
    v = prepared(encounter)
    return _play(v, dice.random, _WEIGHT.get(policy.target, 0), policy.ranged_stay,
                 policy.max_rounds)


_ORDERS = 4096
"""Round orders remembered per encounter (the same counts give the same order)."""
_WEIGHT = {"nearest": 0, "weakest": 4096, "strongest": -4096}
"""The target's key is feet + weight × hit points left (feet ≤ 1000 < 4096): lowest wins."""
_FAR = 1 << 40


def _play(v: Prepared, rnd: Callable[[], float], weight: int, stay: bool,
          max_rounds: int) -> FightResult:
    """The round loop on lists of ints (one function: local names are Python's fastest)."""
    down = combat.down  # the encounter's out_of_fight rule, one lookup per fight
    n = len(v.hp)
    hp = list(v.hp)
    fallen = [down(h) for h in hp]  # asked again only where hit points change
    held = [False] * n  # out of the fight by an effect (effects.afflicted: paralysed …)
    out = list(v.out)
    fled = [False] * n
    dist = [list(row) for row in v.distance]
    plane = v.plane.copy()
    critical = v.critical
    crits = critical != "off"
    credit = list(v.credit)
    sides, foes, melee, fire, rear, bound = v.sides, v.foes, v.melee, v.fire, v.rear, v.bound
    reach = v.ranged_stay if stay else v.ranged_only
    later = list(v.later)
    monster, monsters = v.monster, v.monsters
    side_count = len(v.side_names)
    alive = list(v.alive)
    stage = list(v.stage)

    def pick(a: int, within: int, beyond: int, need: int) -> int:
        """The policy's foe standing at ``beyond`` < feet ≤ ``within`` (−1: none); ``need``
        1: one it has melee rows for; 2: one a missile weapon reaches there."""
        row, rows, shots = dist[a], melee[a], fire[a]
        best, best_key = -1, _FAR
        for t in foes[a]:
            if out[t] or fallen[t]:
                continue
            feet = row[t]
            if not beyond < feet <= within:
                continue
            if need == 1 and not rows[t]:
                continue
            if need == 2 and (_segment(shots[t], feet) or (0, None))[1] is None:
                continue
            key = feet + weight * hp[t]
            if key < best_key:
                best, best_key = t, key
        return best

    def declare(a: int, close: int) -> tuple[int, int]:
        """(kind, target): the policy's foe among those in reach this round, else a walk
        toward the policy's foe among all."""
        row, rows, far_reach = dist[a], melee[a], reach[a]
        closing = MELEE_FEET + close
        best, best_key, kind = -1, _FAR, MOVE
        far, far_key = -1, _FAR
        for t in foes[a]:
            if out[t]:
                continue
            if fallen[t]:
                continue
            left = hp[t]
            feet = row[t]
            key = feet + weight * left
            if feet <= MELEE_FEET:
                if rows[t]:
                    if key < best_key:
                        best, best_key, kind = t, key, ATTACK
                    continue
            elif feet <= far_reach[t]:
                if key < best_key:
                    best, best_key, kind = t, key, FIRE
                continue
            elif feet <= closing and rows[t]:
                if key < best_key:
                    best, best_key, kind = t, key, CLOSE
                continue
            if key < far_key:
                far, far_key = t, key
        return (kind, best) if best >= 0 else (MOVE, far)

    def strike(row: Row, t: int) -> None:
        """One attack roll and its damage; a natural 20 doubles the dice or earns another
        attack at once as the table's critical hits say (the dialog's own tests)."""
        while True:
            natural = int(rnd() * 20) + 1
            if natural < row[0]:
                return
            if row[8]:
                number = row[1] * 2 if crits and doubles_dice(natural, critical) else row[1]
                total = 0
                for _ in range(number):
                    total += int(rnd() * row[2]) + 1
                left = hp[t] - hit_damage(total, row[3])
                hp[t] = left if left > -99 else -99
                fallen[t] = down(hp[t])
            if row[7] and not fallen[t] and rnd() < row[6]:
                afflict(row[7], t)
            if not crits or fallen[t] or not extra_attack(natural, critical):
                return

    def afflict(kind: int, t: int) -> None:
        """A failed save against a hit's effect (effects.resolve_effect): poison kills (at
        effects.DEAD_AT), paralysis, petrification or a charm take the target out."""
        if kind == 2:
            hp[t] = min(hp[t], effects.DEAD_AT)
        else:
            held[t] = True
        fallen[t] = True

    def moved(a: int) -> None:
        """``a`` stands somewhere new: its distances, measured again from the places."""
        row = plane.row(a)
        dist[a] = row
        for other, value in zip(dist, row, strict=True):  # its column, row by row
            other[a] = value

    def close_to(a: int, t: int, feet: int, budget: int | None = None) -> None:
        """``a`` walks along the line toward ``t`` until ``feet`` apart, to a spot nobody
        standing holds (:func:`core.places.free_spot`, as the dialog's walk in: the fallen
        hold none, as the tracker's ``out_of_fight``)."""
        plane.approach(a, t, feet, fallen, budget)
        moved(a)

    def shoot(a: int, t: int) -> None:
        """A standing round of fire at the weapon's rate, the count kept across rounds."""
        row, shots = dist[a], fire[a]
        segment = _segment(shots[t], row[t]) if row[t] > MELEE_FEET else None
        if segment is None or segment[1] is None:  # it closed in first: no shot at 5'
            return
        rate, state = segment[2], credit[a]
        volley, _count = _volley(state, rate)
        taken = 0
        while taken < volley:
            if fallen[t]:
                t = pick(a, _FAR, MELEE_FEET, 2)
                if t < 0:
                    break
                segment = _segment(shots[t], row[t])
                assert segment is not None and segment[1] is not None
            strike(segment[1], t)  # type: ignore[arg-type]
            taken += 1
        credit[a] = _after(state, rate, taken)

    def walk(a: int, t: int, budget: int) -> None:
        if t < 0 or out[t] or fallen[t]:
            t = pick(a, _FAR, -1, 0)
            if t < 0:
                return
        feet = dist[a][t] - budget
        close_to(a, t, feet if feet > MELEE_FEET else MELEE_FEET, budget)

    def morale(side: int) -> None:
        """Each monster of the side standing rolls 2d10 against its rating (−2 for a quarter
        of its own hit points lost, −4 for half); one that breaks flees, every foe beside it
        striking at its back first (all its attacks)."""
        for m in monsters[side]:
            if out[m] or fallen[m]:
                continue
            rating = v.morale[m] + morale_loss(hp[m], v.max_hp[m])
            if morale_holds(int(rnd() * 10) + int(rnd() * 10) + 2, rating):
                continue
            for f in foes[m]:
                if not out[f] and not fallen[f] and dist[f][m] <= MELEE_FEET:
                    for row in rear[f][m] or ():
                        strike(row, m)
            out[m] = True
            alive[side] -= 1
            fled[m] = not fallen[m]

    beaten = side_count - 1
    rounds = 0
    over = alive.count(0) >= beaten
    first: Sequence[Sequence[int]] | None = v.partial or None
    acting = v.surprise
    individual, initiative = v.individual, v.initiative
    close_feet, move_feet = v.close, v.move
    kinds = [MOVE] * n  # this round's declarations, read only for those who declared
    orders = v.orders
    targets = [-1] * n
    while not over and rounds < max_rounds:
        rounds += 1
        if first is not None:  # the rest of a round begun at the table
            groups: Sequence[Sequence[int]] = first
            first = None
            close_feet = tuple(max(0, c - m) for c, m in zip(v.close, v.moved, strict=True))
            move_feet = tuple(max(0, c - m) for c, m in zip(v.move, v.moved, strict=True))
            for group in groups:
                for i in group:
                    if not out[i]:
                        kinds[i], targets[i] = declare(i, close_feet[i])
        else:
            close_feet, move_feet = v.close, v.move
            order: dict[int, int] = {}
            rolls = [0] * side_count
            for i in range(n):
                side = sides[i]
                if out[i] or (acting is not None and side != acting):
                    continue
                kind, targets[i] = declare(i, close_feet[i])
                kinds[i] = kind
                if individual:
                    roll = int(rnd() * 10) + 1
                else:
                    roll = rolls[side]
                    if not roll:
                        roll = rolls[side] = int(rnd() * 10) + 1
                order[i] = roll + initiative[i][kind]
            acting = None
            known = orders.get(key := tuple(order.items()))
            if known is None:
                known = initiative_order(order)
                if len(orders) < _ORDERS:
                    orders[key] = known
            groups = known
        for group in groups:
            for a in group:
                if out[a]:
                    continue
                kind, t = kinds[a], targets[a]
                if kind == ATTACK:
                    within = MELEE_FEET
                elif kind == CLOSE:
                    within = MELEE_FEET + close_feet[a]
                elif kind == FIRE:
                    shoot(a, t)
                    continue
                else:
                    walk(a, t, move_feet[a])
                    continue
                row = dist[a]
                if out[t] or fallen[t] or row[t] > within:
                    t = pick(a, within, -1, 1)
                    if t < 0:
                        if kind == CLOSE:
                            walk(a, -1, close_feet[a])
                        continue
                if row[t] > MELEE_FEET:
                    close_to(a, t, MELEE_FEET)
                    if dist[a][t] > MELEE_FEET:  # no free spot beside it
                        continue
                attacks = melee[a]
                rows = attacks[t]
                assert rows is not None
                for index in range(len(rows)):
                    if fallen[t]:  # a monster turns its next attack on a foe beside it
                        t = pick(a, MELEE_FEET, -1, 1)
                        if t < 0:
                            break
                        rows = attacks[t]
                        assert rows is not None
                        if index >= len(rows):
                            break
                    attack = rows[index]
                    if crits:
                        strike(attack, t)
                    elif int(rnd() * 20) + 1 >= attack[0]:  # strike() without criticals
                        if attack[8]:
                            total = 0
                            for _ in range(attack[1]):
                                total += int(rnd() * attack[2]) + 1
                            left = hp[t] - hit_damage(total, attack[3])
                            hp[t] = left if left > -99 else -99
                            fallen[t] = down(hp[t])
                        if attack[7] and not fallen[t] and rnd() < attack[6]:
                            afflict(attack[7], t)
            shaken = 0
            for a in range(n):
                if fallen[a] and not out[a]:
                    out[a] = True
                    alive[sides[a]] -= 1
                    shaken |= 1 << sides[a] if monster[a] else 0
                    shaken |= 1 << side_count
            if shaken:
                for side in range(side_count):
                    if shaken >> side & 1:
                        members = monsters[side]
                        trigger = morale_trigger(sum(1 for m in members if fallen[m]),
                                                 len(members))
                        if trigger > stage[side]:
                            stage[side] = trigger
                            morale(side)
                if alive.count(0) >= beaten:
                    over = True
                    break
        if later and later[0][0] <= rounds + 1:
            # timed conditions run out at this round's end (before the bleeding, as the
            # tracker's round end counts them down first)
            now = later.pop(0)[1]
            melee, fire, rear, bound = now.melee, now.fire, now.rear, now.bound
            reach = now.ranged_stay if stay else now.ranged_only
        if not over and v.deaths_door:
            for i in range(n):
                if fallen[i]:
                    hp[i] = bleeds(hp[i], True, bound[i])
                    fallen[i] = down(hp[i]) or held[i]
    winner = None
    if over:
        left_standing = [side for side, count in enumerate(alive) if count]
        if len(left_standing) == 1:
            winner = v.side_names[left_standing[0]]
    ids = v.ids
    return FightResult(
        winner=winner, rounds=rounds,
        down=frozenset([ids[i] for i in range(n) if down(hp[i]) or held[i]]),
        fled=frozenset([ids[i] for i in range(n) if fled[i] and not held[i]]),
        hit_points=dict(zip(ids, hp, strict=True)))
