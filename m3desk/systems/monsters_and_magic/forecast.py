"""The fight forecast for Monsters & Magic: one whole fight played by a stated policy.

The encounter is read once into plain numbers (the check of every attacker's every attack
against every foe, as the action dialog builds it, turned into its exact distribution of
effect points), then the fight runs on lists of ints. An attack is one ``dice.random()``
drawn against that exact distribution, so the simulated checks have the very odds the
dialog shows. What the policy does (in short:
:data:`~m3desk.systems.monsters_and_magic.table.FORECAST_POLICY`):

- Initiative is the ranked check (3d6 + the initiative modifier), rolled once for those who
  have none yet and kept all fight; equal counts act together (a combatant downed at its own
  count still acts). A side with surprise acts alone first; the surprised roll their AC.
- Each standing combatant attacks a foe it picks by the policy's ``target``: nearest band,
  fewest PHP left, or most. It uses whichever of its physical attacks (equipped weapons, attack
  spells, monster attacks; no monster actions, no mental attacks) promises the most damage
  from the band it stands at; with ``ranged_stay`` off it keeps to weapons that work at Hand
  or Close when it has any, so it closes in rather than shoots.
- The check: the dialog's defaults (weapon attacks on the better of STR and DEX, prime
  doubled; traits marked as covering weapons and armour count; spells on the prime against
  the spell's difficulty with the concentration of a fight; monsters with their stat block's
  bonus), the effects and consequences in force as the dialog ticks them, size, rolled or
  static resistance.
- Effect points buy the range change the weapon needs first (the table's cost a band), as many
  bands as they pay for; what is left after the whole change becomes damage up to the
  weapon's maximum (the rules refuse damage before the range is bought). No consequences or
  effects are placed, points above the maximum are lost, no hero points are spent, and a
  failed check does nothing.
- Effects in force count down at each round's end and expire as the tracker's would; help
  is used by one check. There is no morale: sides fight until one stands alone.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import accumulate

from m3desk.core.encounter import group_counts, pair_key, turn_order
from m3desk.core.forecast import FightResult, Policy, PreparedOnce, policy_weight
from m3desk.systems.monsters_and_magic import encounter as rules
from m3desk.systems.monsters_and_magic.action import CheckSpec
from m3desk.systems.monsters_and_magic.action_defaults import (
    default_attribute,
    default_resistance,
    ticked_by_default,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.check_request import CheckRequest, spec_for
from m3desk.systems.monsters_and_magic.conditions import Condition, round_ends_left
from m3desk.systems.monsters_and_magic.dice import THREE_D6
from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter
from m3desk.systems.monsters_and_magic.initiative import initiative_modifier
from m3desk.systems.monsters_and_magic.odds import Odds, check_odds
from m3desk.systems.monsters_and_magic.ranges import BANDS, RangeBand, WeaponReach, shift, steps_to
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.spending import (
    DamageSpend,
    RangeSpend,
    SpendPlan,
    check_plan,
    range_steps,
)
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.weapon_choice import weapon_for

__all__ = [
    "AttackPlan",
    "attack_plans",
    "attack_request",
    "is_down",
    "one_attack",
    "simulate",
    "spend",
]

Sheet = CharacterSheet | MonsterSheet

_FAILED = -1
"""The effect points of a failed check in an outcome table (nothing to spend)."""
_MELEE_BANDS = frozenset({RangeBand.HAND, RangeBand.CLOSE})
_THREE_D6_TOTALS = sorted(THREE_D6)
_THREE_D6_CUMULATIVE = list(accumulate(THREE_D6[total] / 216 for total in _THREE_D6_TOTALS))


def is_down(combatant: Combatant, encounter: Encounter) -> bool:
    """Out of the fight: the encounter's own ``out_of_fight`` (0 PHP or fewer)."""
    return encounter.out_of_fight(combatant)


def attack_request(
    encounter: Encounter, actor_id: str, target_id: str, weapon_key: str
) -> CheckRequest:
    """The action dialog's request for this attack with the policy's choices: the dialog's
    default attribute and resistance, the conditions it ticks, and the traits the sheet marks
    as covering weapons and armour (weapon attacks only)."""
    actor = encounter.combatant(actor_id).sheet
    spell = weapon_key.startswith("spell:")
    action = ActionKind.SPELL if spell else ActionKind.ATTACK
    weapon = weapon_for(actor, weapon_key)
    resistance = default_resistance(encounter, action, weapon, target_id)
    actor_ticked, target_ticked = ticked_by_default(encounter, actor_id, target_id, resistance)
    traits = (
        ()
        if spell or isinstance(actor, MonsterSheet)
        else tuple(trait.name for trait in actor.traits if trait.armour)
    )
    return CheckRequest(
        actor_id=actor_id,
        action=action,
        attribute=default_attribute(actor, action, weapon),
        trait_names=traits,
        weapon_key=weapon_key,
        target_id=target_id,
        resistance=resistance,
        actor_condition_ids=actor_ticked,
        target_condition_ids=target_ticked,
    )


def _attack_keys(sheet: Sheet) -> list[tuple[str, tuple[RangeBand, ...]]]:
    """The physical attacks the policy uses, by the dialog's weapon key, with their bands."""
    if isinstance(sheet, MonsterSheet):
        return [
            (f"attack:{i}", a.ranges)
            for i, a in enumerate(sheet.attacks)
            if not a.action and not a.mental and a.damage is not None and a.ranges
        ]
    keys = [
        (f"item:{i}", item.ranges)
        for i, item in enumerate(sheet.items)
        if item.is_attack and item.equipped and not item.mental and item.ranges
    ]
    keys += [
        (f"spell:{i}", spell.ranges)
        for i, spell in enumerate(sheet.spells)
        if spell.damage is not None and not spell.mental and spell.ranges
    ]
    return keys


Table = tuple[list[float], list[int]]
"""Cumulative chances and the effect points of each outcome (failure first)."""


def _table(odds: Odds) -> Table:
    points = [_FAILED, *odds.effect_points]
    chances = [1 - odds.success, *odds.effect_points.values()]
    cumulative = list(accumulate(float(p) for p in chances))
    cumulative[-1] = 2.0  # the sum is 1 but for rounding: no draw may fall past the last
    return cumulative, points


@dataclass(frozen=True, slots=True)
class _Condition:
    """A condition counted on a check: the bit it has in its bearer's mask, its value, and
    whether one check uses it up (help)."""

    bit: int
    value: int
    one_shot: bool


@dataclass(slots=True)
class AttackPlan:
    """One attack of one attacker against one foe, read into plain numbers."""

    key: str
    spec: CheckSpec
    bands: frozenset[int]
    cap: int | None
    table: Table
    steps: list[int]
    """Signed bands to move from each band (0 … 6) before the attack lands."""
    expected: list[float]
    """Expected damage of one check from each band (range bought first)."""
    actor_conditions: tuple[_Condition, ...] = ()
    target_conditions: tuple[_Condition, ...] = ()
    tables: dict[tuple[int, int], Table] = field(default_factory=dict)

    def table_now(self, actor_gone: int, target_gone: int) -> Table:
        """The outcome table with the conditions that have expired or were used taken out."""
        lost = sum(c.value for c in self.actor_conditions if actor_gone & c.bit)
        gained = sum(c.value for c in self.target_conditions if target_gone & c.bit)
        if not lost and not gained:
            return self.table
        key = (lost, gained)
        table = self.tables.get(key)
        if table is None:
            spec = self.spec
            table = _table(
                check_odds(
                    spec.modifier - lost,
                    spec.resistance.value - gained,
                    spec.damage,
                    rolled_resistance=spec.resistance.rolled,
                    ep_adjust=sum(t.value for t in spec.ep_terms),
                )
            )
            self.tables[key] = table
        return table


_NOBODY = MonsterSheet(name="policy")
"""The sheets the policy's plans are checked with: no hero points are spent, no consequences
placed, so nothing of a sheet counts."""


@lru_cache(maxsize=4096)
def spend(effect_points: int, steps: int, band_cost: int, cap: int | None) -> tuple[int, int]:
    """The policy's spending of one check's effect points: (signed bands moved, damage).

    The range change the weapon needs comes first, as many bands as the points pay for; only
    after the whole change may the rest become damage, up to the maximum. What may be bought
    is the rules core's word (:func:`~m3desk.systems.monsters_and_magic.spending.check_plan`,
    its costs, its damage cap, no damage out of reach); the policy only picks the most of
    it, once for each set of numbers."""
    rules = TableRules(range_band_cost=band_cost)
    start = RangeBand.HAND if steps >= 0 else RangeBand.OUT_OF_RANGE
    reach = WeaponReach(weapon="policy", bands=(shift(start, steps),))
    check = partial(
        check_plan,
        effect_points=effect_points,
        actor=_NOBODY,
        target=_NOBODY,
        damage_cap=cap,
        rules=rules,
        current_range=start,
        reach=reach,
    )
    way = 1 if steps > 0 else -1
    for bands in range(abs(steps), -1, -1):
        moved = (RangeSpend(bands=way * bands),) if bands else ()
        budget = check(SpendPlan(spends=moved))
        if budget.ok:
            break
    # The most damage the rules allow after the range (legality falls as damage grows).
    low, high = 0, max(budget.remaining, 0)
    while low < high:
        middle = (low + high + 1) // 2
        if check(SpendPlan(spends=(*moved, DamageSpend(amount=middle)))).ok:
            low = middle
        else:
            high = middle - 1
    return range_steps(SpendPlan(spends=moved), rules), low


def _expected(table: Table, steps: int, band_cost: int, cap: int | None) -> float:
    cumulative, points = table
    total, previous = 0.0, 0.0
    for chance, ep in zip(cumulative, points, strict=True):
        if ep > 0:
            total += (chance - previous) * spend(ep, steps, band_cost, cap)[1]
        previous = chance
    return total


def _bits(conditions: Sequence[Condition], ticked: Sequence[str]) -> dict[str, int]:
    return {c.id: 1 << index for index, c in enumerate(conditions) if c.id in ticked}


def attack_plans(encounter: Encounter, actor_id: str, target_id: str) -> list[AttackPlan]:
    """Every attack the policy may use from ``actor_id`` on ``target_id``, as the dialog
    would build it in this encounter (its phase decides concentration and surprise)."""
    actor = encounter.combatant(actor_id)
    target = encounter.combatant(target_id)
    band_cost = encounter.options.range_band_cost
    plans = []
    for key, bands in _attack_keys(actor.sheet):
        request = attack_request(encounter, actor_id, target_id, key)
        spec = spec_for(encounter, request)
        table = _table(spec.odds())
        steps = [steps_to(band, bands) or 0 for band in BANDS]
        plans.append(
            AttackPlan(
                key=key,
                spec=spec,
                bands=frozenset(int(b) for b in bands),
                cap=spec.damage_cap,
                table=table,
                steps=steps,
                expected=[_expected(table, s, band_cost, spec.damage_cap) for s in steps],
                actor_conditions=_counted(actor.sheet.conditions, request.actor_condition_ids),
                target_conditions=_counted(target.sheet.conditions, request.target_condition_ids),
            )
        )
    return plans


def _counted(conditions: Sequence[Condition], ticked: Sequence[str]) -> tuple[_Condition, ...]:
    bits = _bits(conditions, ticked)
    return tuple(_Condition(bits[c.id], c.value, c.help) for c in conditions if c.id in bits)


def _choice(plans: list[AttackPlan], band: int, ranged_stay: bool) -> int:
    """The plan to use from this band: the most expected damage (fewer bands to move, then
    sheet order, on a tie); without ``ranged_stay`` only weapons for Hand or Close, if any."""
    candidates = list(range(len(plans)))
    if not ranged_stay:
        melee = [i for i in candidates if plans[i].bands & _MELEE_BANDS]
        candidates = melee or candidates
    if not candidates:
        return -1
    return min(candidates, key=lambda i: (-plans[i].expected[band], abs(plans[i].steps[band]), i))


Move = tuple[list[float], list[int], int, "int | None", "AttackPlan | None"]
"""What the fight loop needs of the attack chosen from a band: the outcome table, the signed
bands to move, the maximum damage, and the plan when conditions make its table change."""


def _move(plans: list[AttackPlan], band: int, ranged_stay: bool) -> Move | None:
    pick = _choice(plans, band, ranged_stay)
    if pick < 0:
        return None
    plan = plans[pick]
    dynamic = plan if plan.actor_conditions or plan.target_conditions else None
    return plan.table[0], plan.table[1], plan.steps[band], plan.cap, dynamic


@dataclass(slots=True)
class _Context:
    """The attacks of one kind of round (the surprise round, or the rounds after it)."""

    plans: list[list[list[AttackPlan]]]
    choices: dict[bool, list[list[list[Move | None]]]] = field(default_factory=dict)

    def choice(self, ranged_stay: bool) -> list[list[list[Move | None]]]:
        """By attacker, target and band: the move the policy makes."""
        made = self.choices.get(ranged_stay)
        if made is None:
            made = [
                [[_move(plans, band, ranged_stay) for band in range(len(BANDS))] for plans in row]
                for row in self.plans
            ]
            self.choices[ranged_stay] = made
        return made


@dataclass(slots=True)
class _Prepared:
    ids: list[str]
    side: list[int]
    sides: list[str]
    hp: list[int]
    band: list[list[int]]
    foes: list[list[int]]
    initiative: list[int | None]
    initiative_modifier: list[int]
    surprise: _Context | None
    """The surprise round still to play (its context), or None."""
    surprise_actors: list[int]
    first_actors: list[int] | None
    """Who still acts in the round under way (None: the round has not begun)."""
    rounds: _Context
    expiry: dict[int, list[tuple[int, int]]]
    """Round end number (1 = the end of the first round played) → (combatant, bit) expiring."""
    band_cost: int


def _expiry(encounter: Encounter) -> dict[int, list[tuple[int, int]]]:
    expiry: dict[int, list[tuple[int, int]]] = {}
    for index, combatant in enumerate(encounter.combatants):
        for bit_index, condition in enumerate(combatant.sheet.conditions):
            end = round_ends_left(condition, rules.first_round_waits(encounter, condition.id))
            if end is not None:
                expiry.setdefault(end, []).append((index, 1 << bit_index))
    return expiry


def _context(encounter: Encounter, ids: list[str], foes: list[list[int]]) -> _Context:
    """Every attacker's plans on every foe. Two goblins with one sheet (conditions are on the
    sheet) attack alike: each kind of pair is planned once (a big encounter is mostly
    copies)."""
    kinds = [c.sheet.model_dump_json() for c in encounter.combatants]
    planned: dict[tuple[str, str], list[AttackPlan]] = {}
    plans: list[list[list[AttackPlan]]] = []
    for a in range(len(ids)):
        row: list[list[AttackPlan]] = []
        for t in range(len(ids)):
            if t not in foes[a]:
                row.append([])
                continue
            kind = (kinds[a], kinds[t])
            if kind not in planned:
                planned[kind] = attack_plans(encounter, ids[a], ids[t])
            row.append(planned[kind])
        plans.append(row)
    return _Context(plans)


def _prepare(encounter: Encounter) -> _Prepared:
    combatants = list(encounter.combatants)
    ids = [c.id for c in combatants]
    sides = list(dict.fromkeys([*encounter.sides, *(c.side for c in combatants)]))
    side = [sides.index(c.side) for c in combatants]
    hp = [c.sheet.php.current for c in combatants]
    down = [is_down(c, encounter) for c in combatants]
    # Out of the fight by the encounter's word with PHP left: counted as at 0 PHP.
    hp = [min(points, 0) if out else points for points, out in zip(hp, down, strict=True)]
    default = encounter.default_position()
    band = [
        [encounter.positions.get(pair_key(a, b), default) if a != b else 0 for b in ids]
        for a in ids
    ]
    foes = [[t for t in range(len(ids)) if side[t] != side[a]] for a in range(len(ids))]
    rules = encounter.options
    modifiers = [initiative_modifier(c.sheet, casting=c.casting, rules=rules) for c in combatants]
    surprise: _Context | None = None
    surprise_actors: list[int] = []
    first_actors: list[int] | None = None
    if encounter.phase == "setup" and encounter.surprise_side:
        surprise = _context(encounter.model_copy(update={"phase": "surprise"}), ids, foes)
        surprise_actors = [i for i, c in enumerate(combatants) if c.side == encounter.surprise_side]
    elif encounter.phase == "surprise":
        surprise = _context(encounter, ids, foes)
        surprise_actors = _still_to_act(encounter, ids)
    elif encounter.phase == "rounds" and encounter.turn is not None:
        first_actors = _still_to_act(encounter, ids)
    rounds = _context(encounter.model_copy(update={"phase": "rounds"}), ids, foes)
    return _Prepared(
        ids=ids,
        side=side,
        sides=sides,
        hp=hp,
        band=band,
        foes=foes,
        initiative=[c.initiative for c in combatants],
        initiative_modifier=modifiers,
        surprise=surprise,
        surprise_actors=surprise_actors,
        first_actors=first_actors,
        rounds=rounds,
        expiry=_expiry(encounter),
        band_cost=rules.range_band_cost,
    )


def _still_to_act(encounter: Encounter, ids: list[str]) -> list[int]:
    """Those from the turn onward in this round's order (everyone, when no turn is set)."""
    order = [c.id for count in turn_order(encounter) for c in count]
    if encounter.turn in order:
        order = order[order.index(encounter.turn) :]
    return [ids.index(i) for i in order]


_prepared: PreparedOnce[Encounter, _Prepared] = PreparedOnce(_prepare, 8)
"""The precomputation for this encounter object (the runner passes the same one each
fight): the core's one policy."""


def _roll_3d6(dice: random.Random) -> int:
    """3d6 from one draw of the stream, by the exact distribution."""
    index = bisect_right(_THREE_D6_CUMULATIVE, dice.random())
    return _THREE_D6_TOTALS[min(index, len(_THREE_D6_TOTALS) - 1)]


def _counts(initiative: Sequence[int], who: Sequence[int]) -> list[list[int]]:
    """``who`` grouped by initiative count, highest first (a group acts together): the
    tracker's counts (:func:`~m3desk.core.encounter.group_counts`)."""
    return group_counts(
        ((index, initiative[index], index) for index in who),
        lower_first=Encounter.scheme.lower_first,
    )


def _draw(table: Table, dice: random.Random) -> int:
    cumulative, points = table
    return points[bisect_right(cumulative, dice.random())]


def _fight_start(
    prep: _Prepared, down: Callable[[int], bool]
) -> tuple[list[int], list[list[int]], list[bool], list[int]]:
    """The fight's own copies: hit points, bands, who is down, how many stand on each side."""
    hp = list(prep.hp)
    band = [list(row) for row in prep.band]
    out = [down(points) for points in hp]
    standing = [0] * len(prep.sides)
    for index in range(len(prep.ids)):
        if not out[index]:
            standing[prep.side[index]] += 1
    return hp, band, out, standing


def _schedule(prep: _Prepared, initiative: list[int]) -> list[tuple[_Context, list[list[int]]]]:
    """The rounds before the ordinary ones: the surprise round, the round under way."""
    schedule: list[tuple[_Context, list[list[int]]]] = []
    if prep.surprise is not None:
        schedule.append((prep.surprise, _counts(initiative, prep.surprise_actors)))
    if prep.first_actors is not None:
        schedule.append((prep.rounds, _counts(initiative, prep.first_actors)))
    return schedule


def _result(
    prep: _Prepared, rounds: int, standing: list[int], out: list[bool], hp: list[int]
) -> FightResult:
    count = len(prep.ids)
    left = [name for name, n in zip(prep.sides, standing, strict=True) if n > 0]
    ids = prep.ids
    return FightResult(
        winner=left[0] if len(left) == 1 else None,
        rounds=rounds,
        down=frozenset(ids[i] for i in range(count) if out[i]),
        hit_points={ids[i]: hp[i] for i in range(count)},
    )


def simulate(encounter: Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """One whole fight from the encounter as it stands, by the policy of this module.

    ``rounds`` counts the rounds played from now: the round under way (or the surprise round)
    is the first; ``policy.max_rounds`` of them end the fight undecided."""
    assert isinstance(encounter, Encounter)
    prep = _prepared(encounter)
    count = len(prep.ids)
    side = prep.side
    down = rules.down  # the tracker's one rule, asked once a fight (a test may change it)
    hp, band, out, standing = _fight_start(prep, down)
    gone = [0] * count
    initiative = [
        _roll_3d6(dice) + prep.initiative_modifier[index] if value is None else value
        for index, value in enumerate(prep.initiative)
    ]
    everyone = _counts(initiative, range(count))
    weight = policy_weight(policy.target)
    band_cost = prep.band_cost
    rand = dice.random
    rounds = 0
    round_ends = 0

    sides_left = sum(1 for n in standing if n > 0)
    schedule = _schedule(prep, initiative)
    position = 0
    while sides_left > 1 and rounds < policy.max_rounds:
        if position < len(schedule):
            context, groups = schedule[position]
            position += 1
        else:
            context, groups = prep.rounds, everyone
        rounds += 1
        choice = context.choice(policy.ranged_stay)
        for group in groups:
            if len(group) == 1:
                if out[group[0]]:
                    continue
                acting = group
            else:  # everyone standing when the count begins acts, even if struck down at it
                acting = [a for a in group if not out[a]]
            for a in acting:
                row = band[a]
                best, best_key = -1, 0
                for t in prep.foes[a]:
                    if out[t]:
                        continue
                    key = row[t] + hp[t] * weight  # the core's one policy_key, inlined
                    if best < 0 or key < best_key:
                        best, best_key = t, key
                if best < 0:
                    continue
                t = best
                here = row[t]
                move = choice[a][t][here]
                if move is None:
                    continue
                cumulative, points, steps, cap, dynamic = move
                if dynamic is not None:
                    cumulative, points = dynamic.table_now(gone[a], gone[t])
                    for condition in dynamic.actor_conditions:
                        if condition.one_shot:
                            gone[a] |= condition.bit
                    for condition in dynamic.target_conditions:
                        if condition.one_shot:
                            gone[t] |= condition.bit
                ep = points[bisect_right(cumulative, rand())]
                if ep <= 0:
                    continue
                if steps:
                    moved, damage = spend(ep, steps, band_cost, cap)
                    row[t] = band[t][a] = here + moved
                else:
                    damage = ep if cap is None or ep < cap else cap
                if damage > 0:
                    hp[t] -= damage
                    if not out[t] and down(hp[t]):
                        out[t] = True
                        standing[side[t]] -= 1
                        if not standing[side[t]]:
                            sides_left -= 1
            if sides_left <= 1:
                break
        round_ends += 1
        for bearer, bit in prep.expiry.get(round_ends, ()):
            gone[bearer] |= bit
    return _result(prep, rounds, standing, out, hp)


def one_attack(
    encounter: Encounter, actor_id: str, target_id: str, dice: random.Random
) -> tuple[int | None, AttackPlan]:
    """One check of the policy's attack from ``actor_id`` on ``target_id`` where they stand:
    its effect points (None: it failed) and the plan it used (for tests against the dialog)."""
    prep = _prepared(encounter)
    a, t = prep.ids.index(actor_id), prep.ids.index(target_id)
    plans = prep.rounds.plans[a][t]
    pick = _choice(plans, prep.band[a][t], True)
    if pick < 0:
        raise ValueError(f"{encounter.combatant(actor_id).name} has no attack to make")
    plan = plans[pick]
    ep = _draw(plan.table, dice)
    return (None if ep == _FAILED else ep), plan
