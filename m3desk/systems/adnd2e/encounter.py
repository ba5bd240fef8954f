"""An AD&D 2e fight's state: combatants with what they declared, their movement and missiles
counted across rounds, and what a sheet attacks with (seed 002: the declared action's
movement; Table 56's natural weapons by size).

Only the fight's data and what reads it here; the map's moves are in
:mod:`m3desk.systems.adnd2e.moves`, an attack's plan and blow in
:mod:`m3desk.systems.adnd2e.attack_plan`, and the tracker's, board's and dialog's functions
in :mod:`m3desk.systems.adnd2e.table` (which passes these names on).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, ClassVar, NamedTuple

from pydantic import BeforeValidator, Field, PlainSerializer

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.names import SideName, visible_name
from m3desk.core.system import InitiativeScheme, PositionModel
from m3desk.core.terms import Term
from m3desk.systems.adnd2e import combat, effects
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.movement import (
    BY_ID,
    Declaration,
    combat_movement_feet,
    end_round_credit,
    fire_credit,
    moving_rate_of_fire,
)
from m3desk.systems.adnd2e.option_rules import death_rule
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet

__all__ = [
    "FEET",
    "INITIATIVE",
    "MELEE_FEET",
    "AdndCombatant",
    "AdndEncounter",
    "Attack",
    "allowance",
    "attacks_of",
    "owed_attacks",
    "ranges_feet",
    "routine_of",
]


MELEE_FEET = 5
INITIATIVE = InitiativeScheme(
    roller="side_die",
    die=10,
    lower_first=True,
    ties="simultaneous",
    reroll_each_round=True,
    declared=("every action",),
)
FEET = PositionModel(kind="distance", unit="ft", maximum=1000, step=5, metric="squares", start=60)
Sheet = CharacterSheet | MonsterSheet
LARGE = ("L", "H", "G")
NATURAL_SPEED = {"T": 0, "S": 3, "M": 3, "L": 6, "H": 9, "G": 12}
"""Optional Table 56: natural weapons by size when weapon speed counts."""


def _credit(value: Any) -> Fraction | None:
    if value is None or isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and len(value) <= 12:
        try:
            credit = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError("a missile count is a fraction like 3/4") from None
        if 0 <= credit <= 20 and credit.denominator <= 100:
            return credit
    raise ValueError("a missile count is a fraction between 0 and 20")


Credit = Annotated[
    Fraction | None,
    BeforeValidator(_credit),
    PlainSerializer(lambda v: None if v is None else str(v), return_type=str | None),
]


class AdndCombatant(core.Combatant):
    sheet: CharacterSheet | MonsterSheet = Field(discriminator="kind")
    declared: str = Field("", max_length=20)
    """The declaration id of this round's action ("charge"); empty until declared."""
    casting_time: int = Field(0, ge=0, le=10)
    initiative_roll: int | None = Field(None, ge=1, le=10)
    """The d10 as rolled (the side's, by default); ``initiative`` adds the modifiers."""
    moved: int = Field(0, ge=0, le=10_000)
    """Feet moved this round."""
    fire_credit: Credit = None
    """Shots counted across rounds (None: loaded, never fired)."""
    fire_rate: Credit = None
    fire_round: int = Field(0, ge=0, le=100_000)
    morale_checked: int = Field(0, ge=0, le=core.MAX_COMBATANTS)
    """The side's morale trigger (its fallen, :func:`side_morale_trigger`) at this monster's
    last morale check: no new check is due until the side reaches a later one."""


class AdndEncounter(core.Encounter):
    def out_of_fight(self, combatant: core.Combatant) -> bool:
        """At 0 hit points or fewer a combatant is dead, or unconscious under the death's
        door option; paralysed, petrified or charmed by a monster's hit it cannot fight
        (:func:`m3desk.core.routines.afflicted`): either way it takes no more turns."""
        return combat.down(combatant.sheet.hit_points) or effects.afflicted(combatant)

    scheme: ClassVar[InitiativeScheme] = INITIATIVE
    position_model: ClassVar[PositionModel] = FEET
    combatants: tuple[AdndCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    options: AdndOptions = Field(default_factory=AdndOptions)
    experience_awarded: bool = False
    """The fight's experience was added to the survivors' sheets."""
    surprise_rolls: dict[SideName, Annotated[int, Field(ge=1, le=10)]] = Field(
        default_factory=dict, max_length=200
    )
    """Each side's surprise d10 at set-up (1–3: surprised); empty in files from before."""

    def round_ended(self) -> tuple[AdndEncounter, list[str]]:
        accrued = self
        for combatant in self.combatants:
            # Every round a firer declared counts toward its next shot, whether or not it
            # shot, and whenever its turn came (or whether the pointer ever reached it).
            accrued = _accrued(accrued, combatant.id)
        ended, expired = super(AdndEncounter, accrued).round_ended()
        ending = self.round
        death = death_rule(self.options)
        combatants = []
        for combatant in ended.combatants:
            changes: dict[str, object] = {
                "declared": "",
                "casting_time": 0,
                "initiative_roll": None,
                "moved": 0,
            }
            if (
                combatant.fire_round == ending
                and combatant.fire_credit is not None
                and combatant.fire_rate is not None
            ):
                changes["fire_credit"] = end_round_credit(
                    combatant.fire_credit, combatant.fire_rate
                )
            sheet = combatant.sheet
            left = death.bleeds(
                sheet.hit_points, any(c.condition == "bound" for c in combatant.conditions)
            )
            if left != sheet.hit_points:
                changes["sheet"] = sheet.model_copy(update={"hit_points": left})
                if death.dead(left):
                    expired.append(f"{combatant.name}'s life (bled to −10)")
            combatants.append(combatant.model_copy(update=changes))
        return ended.model_copy(update={"combatants": tuple(combatants)}), expired


def _enc(encounter: core.Encounter) -> AdndEncounter:
    assert isinstance(encounter, AdndEncounter)
    return encounter


def _combatant(encounter: core.Encounter, combatant_id: str) -> AdndCombatant:
    combatant = encounter.combatant(combatant_id)
    assert isinstance(combatant, AdndCombatant)
    return combatant


def _options(encounter: core.Encounter) -> AdndOptions:
    return encounter.options if isinstance(encounter, AdndEncounter) else AdndOptions()


def _declaration(combatant: AdndCombatant) -> Declaration | None:
    return BY_ID.get(combatant.declared)


def _rate(sheet: Sheet, options: AdndOptions) -> int:
    return derive(sheet, options)["movement"].value


def _feet_per_point(options: AdndOptions) -> int:
    return 5 if options.scale == "ct_5ft_squares" else 10


def allowance(encounter: core.Encounter, combatant: AdndCombatant, action: str) -> int:
    options = _options(encounter)
    return combat_movement_feet(
        _rate(combatant.sheet, options), action, feet_per_point=_feet_per_point(options)
    )


class Attack(NamedTuple):
    """One weapon or natural attack, as the fight uses it."""

    name: str
    damage_sm: DiceExpr
    damage_l: DiceExpr
    to_hit: tuple[Term, ...]
    damage_bonus: tuple[Term, ...]
    melee: bool = True
    missile: bool = False
    rate_of_fire: Fraction = Fraction(1)
    ranges: tuple[int, int, int] | None = None
    speed: int = 0
    set_vs_charge: bool = False
    double_on_charge: bool = False
    times: int = 1
    effect: str = ""
    """What a hit causes besides damage (:mod:`m3desk.systems.adnd2e.effects`)."""
    harmless: bool = False
    """It deals no hit-point damage (a paralysing touch): its dice are none."""

    def damage(self, size: str) -> DiceExpr:
        return self.damage_l if size in LARGE else self.damage_sm


_ATTACKS: dict[int, tuple[Sheet, AdndOptions, tuple[Attack, ...]]] = {}
"""The last sheets' attacks (the board asks for each pair; a sheet is immutable, so the
same sheet object under the same options has the same attacks)."""


def attacks_of(sheet: Sheet, options: AdndOptions | None = None) -> tuple[Attack, ...]:
    options = options or AdndOptions()
    cached = _ATTACKS.get(id(sheet))
    if cached is not None and cached[0] is sheet and cached[1] == options:
        return cached[2]
    found = _attacks_of(sheet, options)
    if len(_ATTACKS) > 512:
        _ATTACKS.clear()
    _ATTACKS[id(sheet)] = (sheet, options, found)
    return found


def routine_of(sheet: Sheet, index: int) -> int:
    """The routine the ``index``-th attack belongs to (a character's weapons: all 1)."""
    if isinstance(sheet, MonsterSheet) and 0 <= index < len(sheet.attacks):
        return sheet.attacks[index].routine
    return 1


_NO_DAMAGE = DiceExpr(0, 1, 0)
"""The dice of an attack that deals no damage (rolled as none)."""


def _attacks_of(sheet: Sheet, options: AdndOptions) -> tuple[Attack, ...]:
    if isinstance(sheet, MonsterSheet):
        speed = NATURAL_SPEED[sheet.size]
        # A name that reads as nothing (spaces, invisible characters from a paste) would
        # leave "Attack with   (1d6)" in the list and the log: it is called an attack.
        return tuple(
            Attack(
                visible_name(a.name) or "attack",
                a.damage or _NO_DAMAGE,
                a.damage or _NO_DAMAGE,
                (),
                (),
                speed=speed,
                set_vs_charge=a.set_vs_charge,
                double_on_charge=a.double_on_charge,
                times=a.count,
                effect=a.effect,
                harmless=a.damage is None,
            )
            for a in sheet.attacks
        ) or (Attack("attack", DiceExpr.parse("1d6"), DiceExpr.parse("1d6"), (), (), speed=speed),)
    values = derive(sheet, options)
    found = []
    for index, weapon in enumerate(sheet.weapons):
        to_hit, damage = values[f"weapon.{index}.to_hit"], values[f"weapon.{index}.damage"]
        found.append(
            Attack(
                visible_name(weapon.name) or "weapon",
                weapon.damage_sm,
                weapon.damage_l,
                to_hit.terms if not to_hit.overridden else (Term(label="set", value=to_hit.value),),
                damage.terms if not damage.overridden else (Term(label="set", value=damage.value),),
                melee=weapon.melee,
                missile=weapon.missile,
                rate_of_fire=weapon.rate_of_fire,
                ranges=weapon.ranges,
                speed=weapon.speed,
                set_vs_charge=weapon.set_vs_charge,
                double_on_charge=weapon.double_on_charge,
            )
        )
    if not found:
        found.append(Attack("fist", DiceExpr.parse("1d2"), DiceExpr.parse("1d2"), (), ()))
    return tuple(found)


def ranges_feet(attack: Attack, options: AdndOptions | None) -> tuple[int, int, int] | None:
    """A missile's short, medium and long range in feet (tens of yards outdoors, of feet
    indoors, as the table rule says)."""
    options = options or AdndOptions()
    if attack.ranges is None:
        return None
    scale = 30 if options.missile_ranges == "outdoors" else 10
    short, medium, long = attack.ranges
    return short * scale, medium * scale, long * scale


_ranges_feet = ranges_feet
"""The old private name (the forecast reads it)."""


def _hp(sheet: Sheet) -> tuple[int, int]:
    return sheet.hit_points, sheet.max_hit_points


def _pool(combatant: core.Combatant) -> tuple[int, int]:
    sheet = combatant.sheet
    assert isinstance(sheet, CharacterSheet | MonsterSheet)
    return _hp(sheet)


def _size(sheet: Sheet) -> str:
    return (
        sheet.size
        if isinstance(sheet, MonsterSheet)
        else ("S" if sheet.race in ("dwarf", "gnome", "halfling") else "M")
    )


def _foes(encounter: core.Encounter, combatant: AdndCombatant) -> list[AdndCombatant]:
    return [c for c in _enc(encounter).combatants if c.side != combatant.side]


def _shots(
    encounter: core.Encounter, combatant: AdndCombatant, attack: Attack
) -> tuple[int, Fraction, Fraction]:
    """Shots left this round, the count, and the rate it runs at."""
    moving = combatant.declared == "missile"
    rate = moving_rate_of_fire(attack.rate_of_fire) if moving else attack.rate_of_fire
    if combatant.fire_round == encounter.round and combatant.fire_credit is not None:
        credit = combatant.fire_credit
    else:
        credit = fire_credit(combatant.fire_credit, rate).credit
    return int(credit), credit, rate


def _accrued(encounter: AdndEncounter, combatant_id: str) -> AdndEncounter:
    combatant = _combatant(encounter, combatant_id)
    declaration = _declaration(combatant)
    if declaration is None or not declaration.fires or combatant.fire_round == encounter.round:
        return encounter
    missiles = [a for a in attacks_of(combatant.sheet, encounter.options) if a.missile]
    if not missiles:
        return encounter
    _shots_left, credit, rate = _shots(encounter, combatant, missiles[0])
    return core.update_combatant(
        encounter, combatant_id, fire_credit=credit, fire_rate=rate, fire_round=encounter.round
    )


def owed_attacks(encounter: AdndEncounter, foe: AdndCombatant) -> list[str]:
    """A foe's free attack(s): all of its attacks, not one."""
    count = (
        sum(a.times for a in attacks_of(foe.sheet, encounter.options))
        if isinstance(foe.sheet, MonsterSheet)
        else 1
    )
    return [foe.id] * count
