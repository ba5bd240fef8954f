"""One whole OSE fight, played fast from the encounter as it stands, for the fight forecast.

The encounter is read once into plain lists (hit points, feet between each pair, movement per
round, morale) and every attack the policy can make is priced once with the action dialog's
own arithmetic (:func:`m3desk.systems.ose.strikes.attack_terms`, the attack matrix of
:mod:`m3desk.systems.ose.combat`, the damage die and bonus the dialog rolls), so a simulated
attack hits exactly as often as the dialog says. Then the rounds run on plain values:

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
from m3desk.systems.ose import combat, strikes, weaponry
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.attacks import (
    BREATH_CATCHES_FEET,
    afflicted,
    breath_mean,
    breath_save,
    effect_of,
    fail_chance,
    monster_routines,
    routine_breath,
    save_target,
)
from m3desk.systems.ose.combat import damage_dealt
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import MELEE_FEET, OseCombatant, OseEncounter
from m3desk.systems.ose.movement import withdrawal_feet
from m3desk.systems.ose.option_rules import initiative_rule, keep_rule, tie_rule
from m3desk.systems.ose.round import (
    morale_closed,
    morale_holds,
    morale_moments,
    never_checks,
    passes_after,
)
from m3desk.systems.ose.sheet import MonsterSheet, Weapon

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

Strike = tuple[int, int, int, int, int, tuple[tuple[int, int], ...], float, int]
"""An attack on one target: the lowest natural d20 that hits, then the damage as dice count,
sides, bonus and multiplier (at least 1 on a hit; a multiplier of 0: no damage), further
groups of dice (3d10 + 1d10), and its effect: the chance the target fails its save and what
a failure does (0 nothing, 1 out of the fight, 2 dead)."""

_MELEE, _SHOOT = 1, 2


def _strike(
    encounter: OseEncounter, actor: str, target: str, index: int, weapon: Weapon, feet: int
) -> Strike | None:
    """The dialog's attack ``attack:index`` at ``feet``: its threshold and damage, or None when
    the dialog bars it (out of reach, complete cover, a declared retreat or spell)."""
    placed = core.set_position(encounter, actor, target, feet, log=False)
    found = strikes.attack_terms(placed, actor, target, weapon)
    if isinstance(found, str):
        return None
    modifier, ac, _terms = found
    options = encounter.options
    sheet = placed.combatant(actor).sheet
    need = combat.needed(
        derive(sheet, options)["thac0"].value, ac, table=combat.attack_procedure(options)
    )
    lowest = combat.lowest_natural(need, modifier)
    die = weaponry._damage_die(sheet, index, weapon, options)
    bonus, multiplier = strikes._damage_bonus(placed, actor, target, weapon)
    attack = weaponry._monster_attack(sheet, index)
    effect = effect_of(attack) if attack is not None else None
    fail, kind = 0.0, 0
    if effect is not None and (effect.out_of_fight or effect.lethal):
        fail = float(fail_chance(save_target(placed.combatant(target).sheet, effect, options)))
        kind = 2 if effect.lethal else 1
    if die is None:
        return (lowest, 0, 1, 0, 0, (), fail, kind)
    (count, sides), *more = die.dice or ((0, 1),)
    return (
        lowest,
        count,
        sides,
        die.bonus + bonus,
        multiplier * die.times,
        tuple(more),
        fail,
        kind,
    )


def _worth(strike: Strike) -> tuple[float, float]:
    """An attack's average damage and chance of its effect taking hold, times its chance to
    hit (the forecast's policy weighs routines with them)."""
    lowest, count, sides, bonus, multiplier, more, fail, kind = strike
    hit = (21 - lowest) / 20
    mean = 0.0
    if multiplier:
        dice = count * (sides + 1) / 2 + sum(c * (s + 1) / 2 for c, s in more)
        mean = max(1.0, (dice + bonus) * multiplier)
    return hit * mean, hit * fail if kind else 0.0


def choose_routine(
    worth: list[list[tuple[int, list[tuple[float, float] | None]]]],
    uses_left: list[int],
    target: int,
    target_hp: int,
) -> int:
    """The routine a referee would use on ``target``: the best expected effect (the average
    damage, and an effect's chance of ending the fight for the target counted as its hit
    points), among those with uses left (-1: none left; 0: every round)."""
    best, best_value = 0, -1.0
    for index, routine in enumerate(worth):
        if uses_left[index] < 0:
            continue
        value = 0.0
        for count, row in routine:
            pair = row[target]
            if pair is not None:
                value += count * (pair[0] + pair[1] * max(target_hp, 0))
        if value > best_value:
            best, best_value = index, value
    return best


def _roll(strike: Strike, r: Callable[[], float]) -> int:
    """Damage of one attack (0 on a miss), from ``random()`` draws like d20 and damage dice."""
    lowest, count, sides, bonus, multiplier, more, _fail, _kind = strike
    if r() * 20.0 < lowest - 1:  # the same as a d20 below ``lowest``
        return 0
    if not multiplier:
        return 0
    total = bonus
    for _ in range(count):
        total += int(r() * sides) + 1
    for extra, extra_sides in more:
        for _ in range(extra):
            total += int(r() * extra_sides) + 1
    return damage_dealt(total, multiplier)


class _Prices:
    """:func:`_strike` remembered: twenty goblins with one stat block against a party are
    priced once per kind of pair, not once per pair. What an attack depends on is the two
    sheets, their declarations, the target's cover, the weapon and the distance."""

    def __init__(self, encounter: OseEncounter) -> None:
        self.encounter = encounter
        self.known: dict[tuple[object, ...], Strike | None] = {}
        self.kinds = {c.id: (c.sheet.model_dump_json(), c.declared) for c in encounter.combatants}

    def __call__(
        self, actor: OseCombatant, other: OseCombatant, index: int, weapon: Weapon, feet: int
    ) -> Strike | None:
        key = (self.kinds[actor.id], self.kinds[other.id], other.cover, index, feet)
        if key not in self.known:
            self.known[key] = _strike(self.encounter, actor.id, other.id, index, weapon, feet)
        return self.known[key]


class _Breath:
    """A breath weapon's rules as plain values (:mod:`m3desk.systems.ose.attacks`): what it
    deals, what a save does, and per target the chance its save fails (None: no foe)."""

    __slots__ = ("chance", "dice", "fails", "half", "kind", "opens", "own_hp")

    def __init__(
        self, encounter: OseEncounter, actor: OseCombatant, index: int, others: list[OseCombatant]
    ) -> None:
        sheet = actor.sheet
        assert isinstance(sheet, MonsterSheet)
        attack = sheet.attacks[index]
        save = breath_save(attack)
        effect = effect_of(attack)
        self.own_hp = attack.own_hit_points
        damage = None if attack.own_hit_points else attack.damage
        self.dice = None if damage is None else (damage.dice, damage.bonus, damage.times)
        """Groups of dice, bonus and multiplier; None: its hit points (or no damage)."""
        self.half = save is not None and not attack.effect and (self.own_hp or damage is not None)
        self.kind = 0 if effect is None else 2 if effect.lethal else 1 if effect.out_of_fight else 0
        self.opens, self.chance = attack.opens, attack.chance
        options = encounter.options
        self.fails: list[float | None] = [
            None
            if other.side == actor.side
            else 1.0
            if save is None
            else float(fail_chance(derive(other.sheet, options)[f"save.{save.value}"].value))
            for other in others
        ]

    def worth(self, sheet: MonsterSheet, attack_index: int) -> list[tuple[float, float] | None]:
        """Per target: the average damage and the chance its effect takes hold (at the
        monster's hit points now), as :func:`_worth` prices an attack."""
        from fractions import Fraction

        attack = sheet.attacks[attack_index]
        return [
            None
            if fail is None
            else (float(breath_mean(attack, sheet, Fraction(fail))), fail if self.kind else 0.0)
            for fail in self.fails
        ]


class _Arms:
    """One combatant's attacks on every other, priced at the dialog's odds."""

    def __init__(self, price: _Prices, actor: OseCombatant, others: list[OseCombatant]) -> None:
        weapons = list(weaponry._weapons(actor.sheet))
        n = len(others)
        sheet = actor.sheet
        # melee: a PC strikes once with its readied weapon (else its first melee weapon);
        # a monster makes every attack of one routine, each as often as printed.
        groups: list[list[tuple[int, int, Weapon]]]
        self.uses: list[int] = []
        """Uses a day of each routine (its fewest-used attack's; 0: every round)."""
        self.breaths: list[_Breath | None] = []
        """Per routine, its breath weapon (the routine's other attacks are made as well)."""
        if isinstance(sheet, MonsterSheet) and sheet.attacks:
            groups = [
                [
                    (sheet.attacks.index(a), a.count, weapons[sheet.attacks.index(a)])
                    for a in routine
                    if not a.breath
                ]
                for routine in monster_routines(sheet)
            ]
            self.uses = [
                min(
                    (
                        a.uses - getattr(actor, "spent", {}).get(sheet.attacks.index(a), 0)
                        for a in routine
                        if a.uses
                    ),
                    default=0,
                )
                or (-1 if any(a.uses for a in routine) else 0)
                for routine in monster_routines(sheet)
            ]
            for attacks in monster_routines(sheet):
                blows = routine_breath(attacks)
                self.breaths.append(
                    None
                    if blows is None
                    else _Breath(price.encounter, actor, sheet.attacks.index(blows), others)
                )
        else:
            ready = [(i, 1, w) for i, w in enumerate(weapons) if w.melee]
            groups = [ready[:1]]
            self.uses = [0]
        self.routines: list[list[tuple[int, list[Strike | None]]]] = []
        self.worth: list[list[tuple[int, list[tuple[float, float] | None]]]] = []
        """Per routine and attack: its count and, per target, the average damage and the
        chance of its effect taking hold, each times the chance to hit."""
        for group in groups:
            routine, worth = [], []
            for index, count, weapon in group:
                row = [
                    None
                    if other.side == actor.side
                    else price(actor, other, index, weapon, MELEE_FEET)
                    for other in others
                ]
                routine.append((count, row))
                worth.append(
                    (count, [None if strike is None else _worth(strike) for strike in row])
                )
            self.routines.append(routine)
            self.worth.append(worth)
        for number, spec in enumerate(self.breaths):
            if spec is not None:
                assert isinstance(sheet, MonsterSheet)
                found = routine_breath(monster_routines(sheet)[number])
                assert found is not None
                self.worth[number].append((1, spec.worth(sheet, sheet.attacks.index(found))))
        self.breath_at = next((k for k, b in enumerate(self.breaths) if b is not None), -1)
        """The routine with a breath weapon (-1: none)."""
        self.melee = self.routines[0]
        """The first routine: whom it can strike decides whom a mover closes on."""
        self.struck: Callable[[int], object] | None = (
            self.melee[0][1].__getitem__ if self.melee else None
        )
        """Whether its first attack can strike a target (by index)."""
        # missiles: the longest-ranged missile weapon, by band (short +1, medium, long −1);
        # a thrown melee weapon (a dagger, a spear) is kept in hand for melee.
        missiles = [(i, w) for i, w in enumerate(weapons) if w.missile and w.ranges and not w.melee]
        self.ranges: tuple[int, int, int] | None = None
        self.missile: list[tuple[Strike | None, ...] | None] = [None] * n
        if missiles:
            index, weapon = max(missiles, key=lambda pair: (pair[1].ranges or (0, 0, 0))[2])
            assert weapon.ranges is not None
            self.ranges = weapon.ranges
            for j, other in enumerate(others):
                if other.side != actor.side:
                    bands = tuple(
                        price(actor, other, index, weapon, feet) for feet in weapon.ranges
                    )
                    self.missile[j] = None if bands == (None, None, None) else bands
        self.aimed: Callable[[int], object] = self.missile.__getitem__
        """Whether its missile weapon can hit a target (by index) at some range."""


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
        price = _Prices(encounter)
        self.arms = [_Arms(price, c, combatants) for c in combatants]
        if any(c.declared != "none" for c in combatants):
            calm = encounter.model_copy(
                update={
                    "combatants": tuple(
                        c.model_copy(update={"declared": "none", "spell": ""}) for c in combatants
                    )
                }
            )
            calm_combatants = list(calm.combatants)
            calm_price = _Prices(calm)
            self.later = [_Arms(calm_price, c, calm_combatants) for c in calm_combatants]
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
        self._gone(self.plan.side[t])

    def hurt(self, t: int, strike: Strike) -> None:
        """One attack on ``t`` (see :func:`_roll`, inlined: this is the innermost step); an
        effect's save is rolled only where the attack has one."""
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
        if kind and not self.down(hp[t]) and r() < fail:
            if kind == 2:
                hp[t] = min(hp[t], 0)  # attacks.apply_effect: poison kills
            else:
                self.held[t] = True  # attacks.afflicted: out of the fight
        if (self.held[t] or self.down(hp[t])) and not self.out[t]:
            self._fell(t)
        else:
            self.foes.wounded(t)

    def breathe(self, i: int, t: int, breath: _Breath) -> None:
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


def _movement(fight: _Fight, arms: list[_Arms], i: int, declared: str, stay: bool) -> int:
    """Step b of ``i``'s turn, and what it will do (0: nothing; :data:`_MELEE`,
    :data:`_SHOOT`): in melee it stays; a withdrawal or retreat steps away from the nearest
    foe; a missile weapon that reaches shoots from where it stands; anyone else moves its
    rate toward the policy's foe."""
    plan, foes = fight.plan, fight.foes
    feet, rate = foes.feet, plan.rate
    if fight.fled[i] or not foes.any_foe(i):
        return 0
    if declared:
        if declared != "cast a spell" and plan.away[i]:
            # a spell is its only action, unmoving; a withdrawal or a retreat steps away
            # from the nearest foe
            fight.back_off(i, foes.pick(i, how="nearest"), plan.away[i])
        return _SHOOT if declared == "fighting withdrawal" else 0
    if foes.within(i, MELEE_FEET):
        return _MELEE
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


def _missile(fight: _Fight, a: _Arms, i: int) -> None:
    """Step c of ``i``'s turn: a shot at the policy's foe in range beyond melee, at the
    band's odds."""
    ranges, foes = a.ranges, fight.foes
    if ranges is None:
        return
    t = foes.pick(i, a.aimed, at=lambda _j, feet: feet > MELEE_FEET, reach=ranges[2])
    if t >= 0:
        band = a.missile[t]
        assert band is not None
        away = foes.feet(i, t)
        strike = band[0 if away <= ranges[0] else 1 if away <= ranges[1] else 2]
        if strike is not None:
            fight.hurt(t, strike)


def _melee(fight: _Fight, a: _Arms, i: int) -> None:
    """Step e of ``i``'s turn: a monster's best routine against the foe it strikes first (a
    breath by its uses), every attack of it at the policy's foe beside it."""
    foes, hp, r = fight.foes, fight.hp, fight.r
    routine = a.melee
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
        routine = a.routines[pick]
        if uses_left[pick] > 0:
            uses_left[pick] = uses_left[pick] - 1 or -1
        if pick == b and breath is not None:
            fight.breathed[i] = True
            fight.breathe(i, first_foe, breath)
    for count, blows in routine:
        for _ in range(count):
            t = foes.choose(foes.around(i, MELEE_FEET, accept=blows.__getitem__))
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
    for s in {plan.side[i] for i in actors}:
        if plan.monsters_of[s]:
            fight.morale(s)
    modes = [_movement(fight, arms, i, plan.declared[i] if first else "", stay) for i in actors]
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
    return None if strike is None else _roll(strike, dice.random)
