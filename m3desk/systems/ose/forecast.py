"""One whole OSE fight, played fast from the encounter as it stands, for the fight forecast.

The encounter is read once into plain lists (hit points, feet between each pair, movement per
round, morale) and every attack the policy can make is priced once with the action dialog's
own arithmetic (:mod:`m3desk.systems.ose.forecast_arms`), so a simulated attack hits exactly
as often as the dialog says. Then the rounds run on plain values:

* each side rolls 1d6 (ties rolled again, or acting at once, as the table rules say; or a d6
  + modifier each under individual initiative), slow weapons last; a side's turn is
  a. morale, b. movement, c. missiles, e. melee (spells are not simulated);
* a combatant in melee (a foe within 5') stays and strikes; one with a missile weapon that
  reaches a foe shoots from where it stands (the policy's ``ranged_stay``; a thrown melee
  weapon, a dagger or a spear, is kept for melee); anyone else moves its encounter rate
  (base ÷ 3) toward its target and strikes if it gets there;
* monsters check morale (2d6 against ML) on their side's turn after its first death and once
  half of it is down; a side that breaks flees (it counts as fled); two held checks end them.

Everyone moves in the plane from the encounter's places (:class:`core.places.Plane`): a
combatant closing on a foe walks along the line to it, one withdrawing or retreating steps
straight away from the nearest foe, and every distance is measured from the places by the
game's metric, as the tracker measures them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from m3desk.core import encounter as core
from m3desk.core.forecast import FightResult, Policy, PreparedOnce, Target
from m3desk.core.forecast_space import Foes
from m3desk.core.places import Place, Plane
from m3desk.systems.ose import combat
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.attacks import BREATH_CATCHES_FEET, afflicted
from m3desk.systems.ose.combat import damage_dealt
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import MELEE_FEET, OseEncounter
from m3desk.systems.ose.forecast_arms import Arms, Breath, Prices, Strike, choose_routine, roll
from m3desk.systems.ose.movement import withdrawal_feet
from m3desk.systems.ose.option_rules import initiative_rule, keep_rule, tie_rule
from m3desk.systems.ose.round import (
    morale_closed,
    morale_holds,
    morale_moments,
    never_checks,
    passes_after,
)
from m3desk.systems.ose.sheet import MonsterSheet

__all__ = ["FORECAST_POLICY", "play_attack", "simulate"]

FORECAST_POLICY = (
    "Each round every side rolls 1d6 (ties by the table rules, slow weapons last); then morale, "
    "movement, missiles, melee; no spells. In melee one strikes a foe within 5'; a bow, sling or "
    "crossbow shoots from where it stands (unless told to close); anyone else moves toward the "
    "nearest foe (or the weakest or strongest) and strikes if it gets there. A monster uses its "
    "best routine a round; a breath goes by its uses (a dragon's first, then at even odds) and "
    f"catches the foe it faces and all within {BREATH_CATCHES_FEET}', each saving as the book "
    "says. Monsters check morale at their first death and half down, and flee if it fails."
)

_MELEE, _SHOOT = 1, 2


class _Plan:
    """The encounter as plain values, read once (see :func:`simulate`)."""

    def __init__(self, encounter: OseEncounter) -> None:
        combatants = list(encounter.combatants)
        options = encounter.options
        self.ids = [c.id for c in combatants]
        self.n = n = len(combatants)
        sides = list(dict.fromkeys([*encounter.sides, *(c.side for c in combatants)]))
        self.side_names = sides
        self.side = [sides.index(c.side) for c in combatants]
        self.hp = [c.sheet.hit_points for c in combatants]
        self.dead = [encounter.out_of_fight(c) for c in combatants]
        self.held = [afflicted(c) for c in combatants]
        self.fled = [c.fleeing and not self.dead[i] for i, c in enumerate(combatants)]
        self.out = [self.dead[i] or self.fled[i] for i in range(n)]
        self.left = [
            sum(1 for i in range(n) if self.side[i] == s and not self.out[i])
            for s in range(len(sides))
        ]
        self.sides = sum(1 for count in self.left if count)
        self.plane = Plane(
            encounter.position_model, [encounter.places.get(c.id, Place()) for c in combatants]
        )
        self.foes: dict[str, Foes] = {}  # the index a fight begins with, by policy target
        values = [derive(c.sheet, options) for c in combatants]
        self.rate = [v["movement.encounter"].value for v in values]
        self.init = [v["initiative"].value for v in values]
        self.slow = [rnd.is_slow(c) for c in combatants]
        self.monster = [isinstance(c.sheet, MonsterSheet) for c in combatants]
        self.ml = [v["morale"].value if "morale" in v else 12 for v in values]
        self.initiative = initiative_rule(options)
        self.individual = self.initiative.each
        self.ties = tie_rule(options)
        self.keep = keep_rule(options).keeps("rounds")  # the surprise round's rolls are not kept
        self.morale = []
        for name in sides:
            state = encounter.morale.get(name)
            checked = sum(rnd.MOMENTS[t] for t in state.checked) if state else 0
            self.morale.append(
                (checked, state.passes if state else 0, bool(state and state.broken))
            )
        self.monsters_of = [
            [i for i in range(n) if self.side[i] == s and self.monster[i]]
            for s in range(len(sides))
        ]
        self.foes_of = [[j for j in range(n) if self.side[j] != self.side[i]] for i in range(n)]
        # the round as it stands: a surprise round, or a round some have acted in
        phase = encounter.phase
        self.surprise = (
            sides.index(encounter.surprise_side)
            if encounter.surprise_side in sides and phase in ("setup", "surprise")
            else None
        )
        # the free round: the surprising side alone, on the tracker's count (round._base)
        self.surprise_groups = (
            []
            if self.surprise is None
            else core.group_counts(
                [
                    (i, rnd.order_key(0, self.slow[i]), i)
                    for i in range(n)
                    if self.side[i] == self.surprise
                ],
                lower_first=False,
            )
        )
        self.orders: dict[tuple[int, ...], list[list[int]]] = {}
        """Round orders already worked out, by the rolls."""
        self.acted = [c.acted and phase != "setup" for c in combatants]
        self.declared = [c.declared if c.declared != "none" else "" for c in combatants]
        self.away = [withdrawal_feet(self.rate[i], self.declared[i]) for i in range(n)]
        self.side_rolls: list[int] | None = None
        self.own_rolls: list[int] | None = None
        if phase == "rounds":
            if not self.individual and all(
                name in encounter.side_rolls
                for name in sides
                if name in {c.side for c in combatants}
            ):
                self.side_rolls = [encounter.side_rolls.get(name, 0) for name in sides]
            if self.individual and all(c.rolled is not None for c in combatants):
                self.own_rolls = [c.rolled or 0 for c in combatants]
        # attacks: this round's (declarations count) and every later round's
        price = Prices(encounter)
        self.arms = [Arms(price, c, combatants) for c in combatants]
        if any(c.declared != "none" for c in combatants):
            calm = encounter.model_copy(
                update={
                    "combatants": tuple(
                        c.model_copy(update={"declared": "none", "spell": ""}) for c in combatants
                    )
                }
            )
            calm_combatants = list(calm.combatants)
            calm_price = Prices(calm)
            self.later = [Arms(calm_price, c, calm_combatants) for c in calm_combatants]
        else:
            self.later = self.arms


_plan: PreparedOnce[OseEncounter, _Plan] = PreparedOnce(_Plan, 4)
"""The encounter read once; the runner hands the same object for every fight (the core's
one policy)."""


def _order(
    plan: _Plan, r: Callable[[], float], left: list[int], kept: list[int] | None
) -> tuple[list[list[int]], list[int]]:
    """This round's groups in order (the members of a group act at once) and the rolls made:
    a d6 per side standing (ties as the table rules say: :func:`core.initiative.roll_sides`)
    or, under individual initiative, a d6 + modifier each; each combatant's place is the
    tracker's :func:`round.order_key` (slow weapons last) and the groups are the tracker's
    counts (:func:`core.encounter.group_counts`)."""
    n, slow = plan.n, plan.slow
    rolls = kept or plan.initiative.simulated(plan.init, left, lambda: int(r() * 6) + 1, plan.ties)
    known = plan.orders.get(key := tuple(rolls))
    if known is None:
        side = plan.side
        known = core.group_counts(
            [
                (i, rnd.order_key(rolls[plan.initiative.roll_index(i, side)], slow[i]), i)
                for i in range(n)
            ],
            lower_first=False,
        )
        if len(plan.orders) < _ORDERS:
            plan.orders[key] = known
    return known, rolls


_ORDERS = 4096
"""Round orders remembered per encounter (the same rolls give the same order)."""


class _Fight:
    """The state of one fight as plain lists, and its steps."""

    __slots__ = (
        "breathed",
        "calm",
        "down",
        "fled",
        "foes",
        "held",
        "hp",
        "left",
        "out",
        "plan",
        "plane",
        "r",
        "sides",
        "state",
        "uses",
    )

    def __init__(self, plan: _Plan, r: Callable[[], float], how: Target = "nearest") -> None:
        self.plan, self.r = plan, r
        self.down = combat.down
        """The encounter's out_of_fight rule on hit points (one lookup per fight)."""
        self.hp = plan.hp[:]
        self.fled = plan.fled[:]
        self.out = plan.out[:]
        self.left = plan.left[:]
        self.sides = plan.sides
        """How many sides still have someone standing."""
        self.plane = plan.plane.copy()
        start = plan.foes.get(how)
        if start is None:
            start = plan.foes[how] = Foes(
                plan.plane, plan.side, [not out for out in plan.out], plan.hp, how
            )
        self.foes = start.copy(self.plane, self.hp)
        """Who stands where, by side: the policy's picks and who is in reach."""
        self.state = [list(m) for m in plan.morale]
        self.calm = [not monsters for monsters in plan.monsters_of]
        """Per side, a morale check now would do nothing: none of its own has fallen since
        it was last asked (what the check reads, its monsters down and fled, changes only by
        a fall), or it has no monsters."""
        self.held = plan.held[:]
        """Out of the fight by an effect (paralysed, petrified, charmed)."""
        self.uses = [a.uses[:] for a in plan.later]
        """Uses left of each combatant's routines (0: every round; -1: none left)."""
        self.breathed = [False] * plan.n
        """Has used its breath weapon this fight (a dragon's first one opens its attack)."""

    def close(self, i: int, t: int, step: int, budget: int) -> None:
        """``i`` walks ``step`` feet along the line toward ``t``, to a spot nobody standing
        holds within ``budget`` feet (:func:`core.places.free_spot`, as the dialog's move)."""
        self.foes.step(i, t, self.foes.feet(i, t) - step, self.out, budget)

    def back_off(self, i: int, t: int, step: int) -> None:
        """``i`` steps ``step`` feet straight away from ``t``."""
        self.plane.retreat(i, t, step)
        self.foes.moved(i)

    def _fell(self, t: int) -> None:
        """``t`` is out of the fight (down, held, fled): its side has one fewer."""
        self.out[t] = True
        self.foes.leave(t)
        s = self.plan.side[t]
        self.calm[s] = False
        self._gone(s)

    def hurt(self, t: int, strike: Strike) -> None:
        """One attack on ``t`` (:func:`.forecast_arms.roll`, inlined: this is the innermost
        step); an effect's save is rolled only where the attack has one."""
        lowest, count, sides, bonus, multiplier, more, fail, kind = strike
        r = self.r
        if r() * 20.0 < lowest - 1:
            return
        hp = self.hp
        if multiplier:
            for _ in range(count):
                bonus += int(r() * sides) + 1
            for extra, extra_sides in more:
                for _ in range(extra):
                    bonus += int(r() * extra_sides) + 1
            hp[t] -= damage_dealt(bonus, multiplier)
        down = self.down
        if kind and not down(hp[t]) and r() < fail:
            if kind == 2:
                hp[t] = min(hp[t], 0)  # attacks.apply_effect: poison kills
            else:
                self.held[t] = True  # attacks.afflicted: out of the fight
        if (self.held[t] or down(hp[t])) and not self.out[t]:
            self._fell(t)
        else:
            self.foes.wounded(t)

    def breathe(self, i: int, t: int, breath: Breath) -> None:
        """``i``'s breath weapon on ``t`` and every foe within :data:`BREATH_CATCHES_FEET`
        of it: no attack roll; each caught saves (for half, or against its effect)."""
        r, hp, out = self.r, self.hp, self.out
        full = max(0, hp[i]) if breath.own_hp else 0
        if breath.dice is not None:
            dice, bonus, times = breath.dice
            full = bonus
            for count, sides in dice:
                for _ in range(count):
                    full += int(r() * sides) + 1
            full = max(0, full * times)
        fails = breath.fails
        caught = self.foes.within(t, BREATH_CATCHES_FEET, foes_of=i)
        for j in [t, *(j for j in caught if j != t)]:
            fail = fails[j]
            if fail is None:
                continue
            failed = fail >= 1.0 or r() < fail
            if breath.own_hp or breath.dice is not None:
                hp[j] -= full if failed or not breath.half else full // 2
            if failed and breath.kind and not self.down(hp[j]):
                if breath.kind == 2:
                    hp[j] = min(hp[j], 0)  # attacks.apply_effect: poison kills
                else:
                    self.held[j] = True
            if (self.held[j] or self.down(hp[j])) and not out[j]:
                self._fell(j)
            else:
                self.foes.wounded(j)

    def _gone(self, s: int) -> None:
        self.left[s] -= 1
        if not self.left[s]:
            self.sides -= 1

    def morale(self, s: int) -> None:
        """Step a of side ``s``'s turn: one check for the moments now due (round.morale_due,
        round.morale_check: the first living monster's ML, no adjustment)."""
        if self.calm[s]:
            return
        self.calm[s] = True  # until one of its own falls
        plan, hp, fled = self.plan, self.hp, self.fled
        checked, passes, broken = self.state[s]
        monsters = plan.monsters_of[s]
        if morale_closed(passes, bool(broken)) or not monsters:
            return
        down = self.down
        met = morale_moments(sum(1 for i in monsters if down(hp[i])), len(monsters))
        if not met & ~checked:
            return
        living = [i for i in monsters if not down(hp[i]) and not fled[i]]
        if not living or all(never_checks(plan.ml[i]) for i in living):
            return
        ml = plan.ml[living[0]]
        r = self.r
        holds = morale_holds(int(r() * 6) + int(r() * 6) + 2, ml)
        self.state[s] = [checked | met, passes_after(passes, holds), not holds]
        if not holds:
            for i in living:
                fled[i] = True
                self._fell(i)


def _movement(fight: _Fight, arms: list[Arms], i: int, declared: str, stay: bool) -> int:
    """Step b of ``i``'s turn, and what it will do (0: nothing; :data:`_MELEE`,
    :data:`_SHOOT`), for one not in melee (who stays: :func:`_group` asks that first) or
    with a declaration: a withdrawal or retreat steps away from the nearest foe; a missile
    weapon that reaches shoots from where it stands; anyone else moves its rate toward the
    policy's foe."""
    plan, foes = fight.plan, fight.foes
    feet, rate = foes.feet, plan.rate
    if fight.fled[i] or fight.sides <= 1:
        # fled, or no foe stands (``i`` stands: its own side is one of the sides standing)
        return 0
    if declared:
        if declared != "cast a spell" and plan.away[i]:
            # a spell is its only action, unmoving; a withdrawal or a retreat steps away
            # from the nearest foe
            fight.back_off(i, foes.pick(i, how="nearest"), plan.away[i])
        return _SHOOT if declared == "fighting withdrawal" else 0
    a = arms[i]
    ranges = a.ranges
    if ranges is not None and (stay or not a.melee):
        aimed: Callable[[int], object] | None = a.aimed
        t = foes.pick(i, aimed)
        if t < 0:  # no foe a missile reaches: every foe
            aimed = None
            t = foes.pick(i)
        # a foe it aims at within its long range: the nearest of them is
        near = t if foes.how == "nearest" else foes.pick(i, aimed, "nearest")
        if feet(i, near) <= ranges[2]:
            return _SHOOT
        step = min(rate[i], feet(i, t) - ranges[0])
        if step > 0:
            fight.close(i, t, step, rate[i])
        return _SHOOT
    t = foes.pick(i, a.struck) if a.melee else -1
    if t < 0:
        t = foes.pick(i)
    step = min(rate[i], feet(i, t) - MELEE_FEET)
    if step > 0:
        fight.close(i, t, step, rate[i])
    return _MELEE if feet(i, t) <= MELEE_FEET else _SHOOT if ranges is not None else 0


def _beyond_melee(_foe: int, feet: int) -> bool:
    """A shot's foe stands beyond melee (one within 5' is struck, not shot)."""
    return feet > MELEE_FEET


def _missile(fight: _Fight, a: Arms, i: int) -> None:
    """Step c of ``i``'s turn: a shot at the policy's foe in range beyond melee, at the
    band's odds."""
    ranges, foes = a.ranges, fight.foes
    if ranges is None:
        return
    t = foes.pick(i, a.aimed, at=_beyond_melee, reach=ranges[2])
    if t >= 0:
        band = a.missile[t]
        assert band is not None
        away = foes.feet(i, t)
        strike = band[0 if away <= ranges[0] else 1 if away <= ranges[1] else 2]
        if strike is not None:
            fight.hurt(t, strike)


def _melee(fight: _Fight, a: Arms, i: int) -> None:
    """Step e of ``i``'s turn: a monster's best routine against the foe it strikes first (a
    breath by its uses), every attack of it at the policy's foe beside it."""
    foes, hp, r = fight.foes, fight.hp, fight.r
    routine = a.blows[0]
    if len(a.routines) > 1:
        # one routine a round: the best against the foe it would strike first
        first_foe = foes.choose(foes.around(i, MELEE_FEET))
        if first_foe < 0:
            return
        uses_left = fight.uses[i]
        b = a.breath_at
        breath = a.breaths[b] if b >= 0 and uses_left[b] >= 0 else None
        if breath is not None and breath.opens and not fight.breathed[i]:
            pick = b  # a dragon "always attacks first with its breath weapon"
        elif breath is not None and breath.chance:
            # "an equal chance of either" (a dragon), "2-in-6" (a hellhound)
            pick = (
                b
                if r() * 6.0 < breath.chance
                else choose_routine(
                    a.worth,
                    [-1 if k == b else u for k, u in enumerate(uses_left)],
                    first_foe,
                    hp[first_foe],
                )
            )
        else:
            pick = choose_routine(a.worth, uses_left, first_foe, hp[first_foe])
        routine = a.blows[pick]
        if uses_left[pick] > 0:
            uses_left[pick] = uses_left[pick] - 1 or -1
        if pick == b and breath is not None:
            fight.breathed[i] = True
            fight.breathe(i, first_foe, breath)
    for count, blows, reaches in routine:
        for _ in range(count):
            t = foes.choose(foes.around(i, MELEE_FEET, accept=reaches))
            if t < 0:
                break
            strike = blows[t]
            assert strike is not None
            fight.hurt(t, strike)


def _group(fight: _Fight, group: list[int], first: bool, stay: bool) -> bool:
    """One count's group acts at once: a. morale, b. movement, c. missiles, e. melee.
    Whether the fight is over."""
    plan, out = fight.plan, fight.out
    arms = plan.arms if first else plan.later
    actors = (
        [i for i in group if not out[i] and not plan.acted[i]]
        if first
        else [i for i in group if not out[i]]
    )
    if not actors:
        return False
    calm = fight.calm
    if False in calm:
        for s in {plan.side[i] for i in actors}:
            if not calm[s]:
                fight.morale(s)
    # in melee (a foe within 5') one stays and strikes: the index asked once (a fled or a
    # declared combatant's turn is :func:`_movement`'s)
    within, fled, declared = fight.foes.within, fight.fled, plan.declared
    modes = [
        _MELEE
        if not (first and declared[i]) and not fled[i] and within(i, MELEE_FEET)
        else _movement(fight, arms, i, declared[i] if first else "", stay)
        for i in actors
    ]
    if _SHOOT in modes:
        for i, mode in zip(actors, modes, strict=True):
            if mode == _SHOOT:
                _missile(fight, arms[i], i)
    for i, mode in zip(actors, modes, strict=True):
        if mode == _MELEE:
            _melee(fight, arms[i], i)
    return fight.sides <= 1


def simulate(encounter: core.Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """Play one whole fight from ``encounter`` as it stands, by ``policy``, with ``dice``."""
    assert isinstance(encounter, OseEncounter)
    plan = _plan(encounter)
    r = dice.random
    fight = _Fight(plan, r, policy.target)
    n, hp, fled = plan.n, fight.hp, fight.fled
    rounds = 0
    first = True
    kept: list[int] | None = None
    over = fight.sides <= 1
    while not over and rounds < policy.max_rounds:
        rounds += 1
        if first and plan.surprise is not None:
            groups = plan.surprise_groups
        else:
            given = (plan.own_rolls if plan.individual else plan.side_rolls) if first else None
            groups, rolls = _order(plan, r, fight.left, given or kept)
            if plan.keep:
                kept = rolls
        for group in groups:
            if _group(fight, group, first, policy.ranged_stay):
                over = True
                break
        first = False
    ids = plan.ids
    standing = [s for s, count in enumerate(fight.left) if count]
    return FightResult(
        winner=plan.side_names[standing[0]] if len(standing) == 1 else None,
        rounds=rounds,
        down=frozenset(ids[i] for i in range(n) if fight.down(hp[i]) or fight.held[i]),
        fled=frozenset(ids[i] for i in range(n) if fled[i] and not fight.down(hp[i])),
        hit_points=dict(zip(ids, hp, strict=True)),
    )


def play_attack(
    encounter: core.Encounter, actor: str, target: str, dice: random.Random
) -> int | None:
    """One attack of ``actor`` on ``target`` from where they stand, rolled as the simulator
    rolls it: the damage dealt (0 on a miss), or None when no attack reaches."""
    assert isinstance(encounter, OseEncounter)
    plan = _plan(encounter)
    i, j = plan.ids.index(actor), plan.ids.index(target)
    arms, feet = plan.arms[i], plan.plane.row(i)[j]
    if feet <= MELEE_FEET:
        strike = arms.melee[0][1][j] if arms.melee else None
    else:
        bands = arms.missile[j]
        ranges = arms.ranges
        if bands is None or ranges is None or feet > ranges[2]:
            return None
        strike = bands[0 if feet <= ranges[0] else 1 if feet <= ranges[1] else 2]
    return None if strike is None else roll(strike, dice.random)
