"""The OSE forecast's attacks priced once per encounter (:mod:`m3desk.systems.ose.forecast`
plays the rounds): every attack the policy can make, with the action dialog's own arithmetic
(:func:`m3desk.systems.ose.strikes.attack_terms`, the attack matrix of
:mod:`m3desk.systems.ose.combat`, the damage die and bonus the dialog rolls), so a simulated
attack hits exactly as often as the dialog says; a monster's routines weighed by what they
are worth against each target, and its breath weapons as plain values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from m3desk.core import encounter as core
from m3desk.systems.ose import combat, strikes, weaponry
from m3desk.systems.ose.attacks import (
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
from m3desk.systems.ose.sheet import MonsterSheet, Weapon

__all__ = ["Arms", "Breath", "Prices", "Strike", "choose_routine", "roll", "strike_of", "worth_of"]

Strike = tuple[int, int, int, int, int, tuple[tuple[int, int], ...], float, int]
"""An attack on one target: the lowest natural d20 that hits, then the damage as dice count,
sides, bonus and multiplier (at least 1 on a hit; a multiplier of 0: no damage), further
groups of dice (3d10 + 1d10), and its effect: the chance the target fails its save and what
a failure does (0 nothing, 1 out of the fight, 2 dead)."""


def strike_of(
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


def worth_of(strike: Strike) -> tuple[float, float]:
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


def roll(strike: Strike, r: Callable[[], float]) -> int:
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


class Prices:
    """:func:`strike_of` remembered: twenty goblins with one stat block against a party are
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
            self.known[key] = strike_of(self.encounter, actor.id, other.id, index, weapon, feet)
        return self.known[key]


class Breath:
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
        monster's hit points now), as :func:`worth_of` prices an attack."""
        from fractions import Fraction

        attack = sheet.attacks[attack_index]
        return [
            None
            if fail is None
            else (float(breath_mean(attack, sheet, Fraction(fail))), fail if self.kind else 0.0)
            for fail in self.fails
        ]


def _accept(row: Sequence[object | None], foes: list[int]) -> Callable[[int], object] | None:
    """Whether an attack reaches a foe, by index, from its ``row`` (None where it cannot):
    None when it reaches every one of ``foes`` (the index then tests nobody)."""
    return None if all(row[j] is not None for j in foes) else row.__getitem__


class Arms:
    """One combatant's attacks on every other, priced at the dialog's odds."""

    def __init__(self, price: Prices, actor: OseCombatant, others: list[OseCombatant]) -> None:
        weapons = list(weaponry._weapons(actor.sheet))
        n = len(others)
        foes = [j for j, other in enumerate(others) if other.side != actor.side]
        sheet = actor.sheet
        # melee: a PC strikes once with its readied weapon (else its first melee weapon);
        # a monster makes every attack of one routine, each as often as printed.
        groups: list[list[tuple[int, int, Weapon]]]
        self.uses: list[int] = []
        """Uses a day of each routine (its fewest-used attack's; 0: every round)."""
        self.breaths: list[Breath | None] = []
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
                    else Breath(price.encounter, actor, sheet.attacks.index(blows), others)
                )
        else:
            ready = [(i, 1, w) for i, w in enumerate(weapons) if w.melee]
            groups = [ready[:1]]
            self.uses = [0]
        self.routines: list[list[tuple[int, list[Strike | None]]]] = []
        self.blows: list[list[tuple[int, list[Strike | None], Callable[[int], object] | None]]]
        self.blows = []
        """Per routine, each attack's count, row and whether it reaches a foe (None: every
        foe; the turn loop's :attr:`routines`)."""
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
                    (count, [None if strike is None else worth_of(strike) for strike in row])
                )
            self.routines.append(routine)
            self.blows.append([(count, row, _accept(row, foes)) for count, row in routine])
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
        self.struck = _accept(self.melee[0][1], foes) if self.melee else None
        """Whether its first attack can strike a target (by index; None: every foe)."""
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
        self.aimed = _accept(self.missile, foes)
        """Whether its missile weapon can hit a target (by index) at some range (None: every
        foe)."""
