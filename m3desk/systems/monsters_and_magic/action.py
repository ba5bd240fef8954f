"""An action check fully specified, resolved, and explained like the book does.

:func:`build_check` turns the sheets and the table situation into a :class:`CheckSpec`
(every modifier a labelled term); :meth:`CheckSpec.resolve` takes the dice and returns a
:class:`Resolution` with the breakdown line the action dialog and the log show:
``15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14 EP; large target −2 → 12 EP``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.numbers import MINUS, minus, signed
from m3desk.core.terms import Term, non_zero, total
from m3desk.systems.monsters_and_magic.attributes import Attribute, check_modifier
from m3desk.systems.monsters_and_magic.checks import CheckResult, Concentration, resolve_check
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.cover import (
    CONCEALMENT_PENALTY,
    Concealment,
    CoverExtent,
    CoverKind,
    cover_bonus,
)
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.dice import CheckRoll, Dice, DiceExpr
from m3desk.systems.monsters_and_magic.odds import Odds, check_odds
from m3desk.systems.monsters_and_magic.option_rules import damage_cap_rule
from m3desk.systems.monsters_and_magic.ranges import WeaponReach
from m3desk.systems.monsters_and_magic.sheet import (
    CharacterSheet,
    Item,
    MonsterAttack,
    MonsterSheet,
    Spell,
)
from m3desk.systems.monsters_and_magic.size import size_adjustment
from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules
from m3desk.systems.monsters_and_magic.traits import trait_bonus

Sheet = CharacterSheet | MonsterSheet


class ResistanceSpec(BaseModel):
    """What the check must meet: a static number, or 3d6 + a bonus when rolled."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str
    rolled: bool = False
    terms: tuple[Term, ...] = ()

    @property
    def value(self) -> int:
        """The static resistance, or the bonus added to 3d6 when rolled."""
        return total(self.terms)

    def describe(self) -> str:
        if self.rolled:
            return f"{self.label} 3d6{signed(self.value)}"
        return f"{self.label} {self.value}"


class CheckSpec(BaseModel):
    """Everything that decides one check before the dice are rolled."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str
    terms: tuple[Term, ...] = ()
    """Added to the 3d6 roll."""
    damage: Dice | None = None
    """A damage die, rolled and added to the check."""
    resistance: ResistanceSpec
    ep_terms: tuple[Term, ...] = ()
    """Applied to effect points after a hit (size); never below 0."""
    damage_cap: int | None = Field(None, ge=0)
    damage_cap_computed: int | None = Field(None, ge=0)
    """The cap the rules give; differs from ``damage_cap`` when the GM set one."""
    mental: bool = False
    reach: WeaponReach | None = None
    """The bands the attack works from, when a weapon, spell or monster attack is aimed at a
    target; None for checks that need no reach (a monster action is a GM reaction)."""

    @property
    def modifier(self) -> int:
        return total(self.terms)

    def odds(self) -> Odds:
        return check_odds(
            self.modifier,
            self.resistance.value,
            self.damage,
            rolled_resistance=self.resistance.rolled,
            ep_adjust=total(self.ep_terms),
        )

    def resolve(
        self,
        roll: CheckRoll,
        resistance_d6: tuple[int, int, int] | None = None,
        *,
        rules: TableRules = STRICT,
    ) -> Resolution:
        """Resolve with the dice rolled (in the app or at the table)."""
        damage_roll = self.damage.total(roll.damage_faces) if self.damage else 0
        if self.damage is None and roll.damage_faces:
            raise ValueError("this check has no damage die")
        if self.resistance.rolled:
            if resistance_d6 is None:
                raise ValueError(f"{self.resistance.label} is rolled: give its three d6")
            CheckRoll(resistance_d6)  # validates the faces
            resistance_total = sum(resistance_d6) + self.resistance.value
        else:
            if resistance_d6 is not None:
                raise ValueError(f"{self.resistance.label} is static: no dice for it")
            resistance_total = self.resistance.value
        result = resolve_check(
            roll.check_total, self.modifier + damage_roll, resistance_total, rules=rules
        )
        adjusted = result.effect_points
        if result.succeeded:
            adjusted = max(result.effect_points + total(self.ep_terms), 0)
        return Resolution(
            spec=self,
            roll=roll,
            damage_roll=damage_roll,
            resistance_d6=resistance_d6,
            resistance_total=resistance_total,
            result=result,
            effect_points=adjusted,
        )


@dataclass(frozen=True, slots=True)
class Resolution:
    """A resolved check: the dice, the totals, the effect points after adjustments."""

    spec: CheckSpec
    roll: CheckRoll
    damage_roll: int
    resistance_d6: tuple[int, int, int] | None
    resistance_total: int
    result: CheckResult
    effect_points: int

    @property
    def total(self) -> int:
        return self.result.total

    @property
    def succeeded(self) -> bool:
        return self.result.succeeded

    @property
    def failure(self) -> str | None:
        return self.result.failure

    def breakdown(self) -> str:
        """The book's way: ``15 + 8 + 7 = 30 vs 16 → 14 EP; large target −2 → 12 EP``."""
        parts = [str(self.roll.check_total)]
        modifier = self.spec.modifier
        if modifier or not self.spec.damage:
            parts.append(_spaced(modifier))
        if self.spec.damage:
            parts.append(_spaced(self.damage_roll))
        left = " ".join(parts) + f" = {minus(self.total)}"
        if self.resistance_d6 is not None:
            right = (
                f"{sum(self.resistance_d6)} {_spaced(self.spec.resistance.value)}"
                f" = {minus(self.resistance_total)}"
            )
        else:
            right = minus(self.resistance_total)
        text = f"{left} vs {right}"
        natural = self.result.natural
        if natural == 18:
            text += " (natural 18: automatic success)"
        elif natural == 3:
            text += " (natural 3: automatic failure)"
        if not self.succeeded:
            short = self.resistance_total - self.total
            if short <= 0:
                # A natural 3 that met the number: it fails all the same, by nothing.
                return text + f" → {self.failure} failure"
            return text + f" → failed by {short}: {self.failure} failure"
        text += f" → {self.result.effect_points} EP"
        if self.spec.ep_terms:
            text += "; " + ", ".join(f"{t.label} {signed(t.value)}" for t in self.spec.ep_terms)
            text += f" → {self.effect_points} EP"
        return text


def _spaced(value: int) -> str:
    """``+ 4`` / ``− 4``: a term of a sum, with the one minus sign."""
    return f"+ {value}" if value >= 0 else f"{MINUS} {-value}"


class ResistanceKind(StrEnum):
    AC = "ac"
    ATTRIBUTE = "attribute"
    DIFFICULTY = "difficulty"
    FIXED = "fixed"


class ResistanceChoice(BaseModel):
    """Which resistance the check is made against, and how."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: ResistanceKind = ResistanceKind.AC
    attribute: Attribute | None = None
    rolled: bool = False
    """Rolled instead of static (a surprised target must roll)."""
    traits: int = Field(0, ge=0, le=20)
    """Traits of the target that help it resist."""
    difficulty: int = Field(10, ge=0, le=99)
    concentration: Concentration = Concentration.SAFE
    spell_level: int = Field(0, ge=0, le=20)
    fixed: int | None = Field(None, ge=-99, le=199)
    """A number the GM states (used as is, for ``FIXED``)."""
    label: str = ""


class Situation(BaseModel):
    """The circumstances around one check, as the table agrees them."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    actor_conditions: tuple[Condition, ...] = ()
    """The actor's effects and consequences that apply to this check."""
    target_conditions: tuple[Condition, ...] = ()
    """The target's effects and consequences that apply to its resistance."""
    actor_concealment: Concealment = Concealment.NONE
    """The actor is hidden: a penalty on the target's resistance (spotting or defending)."""
    target_concealment: Concealment = Concealment.NONE
    """The target is hidden: a penalty on the actor's check."""
    cover: CoverKind = CoverKind.NONE
    cover_extent: CoverExtent = CoverExtent.HALF
    help_bonus: int = Field(0, ge=0, le=99)
    gm_check: int = Field(0, ge=-99, le=99)
    """The GM's adjustment to the check."""
    gm_resistance: int = Field(0, ge=-99, le=99)
    """The GM's adjustment to the resistance."""
    gm_effect_points: int = Field(0, ge=-99, le=99)
    """The GM's adjustment to effect points after a hit."""
    bonuses: tuple[Term, ...] = ()
    """Named bonuses to the check from gear or circumstance (Staff of Magic +1)."""
    damage_cap: int | None = Field(None, ge=0, le=999)
    """The GM's maximum damage for this check, in place of the computed one."""


Weapon = Item | Spell | MonsterAttack


def _actor_terms(
    actor: Sheet, attribute: Attribute | None, traits: int, weapon: Weapon | None, rules: TableRules
) -> list[Term]:
    terms: list[Term] = []
    if isinstance(weapon, MonsterAttack):
        terms.append(Term(label=weapon.name, value=weapon.bonus))
    if attribute is not None and not isinstance(weapon, MonsterAttack):
        prime = actor.prime if isinstance(actor, CharacterSheet) else None
        value = check_modifier(
            actor.attributes.score(attribute), prime=attribute is prime, rules=rules
        )
        override = actor.overrides.get(f"check.{attribute}")
        label = f"{attribute}" + (" (prime)" if attribute is prime else "")
        terms.append(Term(label=label, value=value if override is None else override))
    bonus = trait_bonus(actor.level, traits)
    if bonus:
        terms.append(
            Term(label=f"trait bonus ({traits} trait{'s' if traits > 1 else ''})", value=bonus)
        )
    if isinstance(weapon, Item) and weapon.to_hit:
        terms.append(Term(label=f"{weapon.name} bonus", value=weapon.to_hit))
    return terms


def _weapon_damage(weapon: Weapon | None) -> DiceExpr | None:
    return weapon.damage if weapon is not None else None


def _damage_cap(actor: Sheet, weapon: Weapon | None, rules: TableRules) -> int | None:
    damage = _weapon_damage(weapon)
    if damage is None:
        return None
    return damage_cap_rule(rules).cap(damage, actor.level)


def _resistance(
    target: Sheet | None, choice: ResistanceChoice, mental: bool, rules: TableRules
) -> tuple[str, bool, list[Term]]:
    """Label, rolled?, and the resistance's terms before situational modifiers."""
    if choice.kind is ResistanceKind.FIXED:
        value = choice.fixed if choice.fixed is not None else 10
        return (
            choice.label or "resistance",
            choice.rolled,
            [Term(label="set by the GM", value=value)],
        )
    if choice.kind is ResistanceKind.DIFFICULTY:
        terms = [
            Term(
                label="difficulty",
                value=choice.difficulty if not choice.rolled else choice.difficulty - 10,
            )
        ]
        if choice.concentration:
            terms.append(Term(label="concentration", value=int(choice.concentration)))
        if choice.spell_level:
            terms.append(Term(label="spell level", value=choice.spell_level))
        return choice.label or "difficulty", choice.rolled, terms
    if target is None:
        raise ValueError("this resistance needs a target")
    derived = derive(target, rules)
    if choice.kind is ResistanceKind.AC:
        if choice.rolled:
            return "rolled defence", True, [Term(label="defence", value=derived["ac.rolled"].value)]
        return "AC", False, [Term(label="AC", value=derived["ac"].value)]
    attribute = choice.attribute or Attribute.WIS
    score = target.attributes.score(attribute)
    terms = []
    if choice.rolled:
        terms.append(
            Term(
                label=f"{attribute} modifier", value=check_modifier(score, prime=False, rules=rules)
            )
        )
    else:
        terms.append(Term(label=f"{attribute}", value=score))
    bonus = trait_bonus(target.level, choice.traits)
    if bonus:
        terms.append(Term(label="trait bonus", value=bonus))
    if isinstance(target, MonsterSheet) and attribute in target.resistances:
        terms.append(Term(label="resistance bonus", value=target.resistances[attribute]))
    if mental and "mental_armour" in derived and derived["mental_armour"].value:
        terms.append(Term(label="mental armour", value=derived["mental_armour"].value))
    kind = "rolled " if choice.rolled else ""
    return f"{kind}{attribute} resistance", choice.rolled, terms


def _check_situation(situation: Situation) -> list[Term]:
    """The situation's terms on the actor's check: bonuses, its conditions, a concealed
    target, help, the GM's word."""
    terms = list(situation.bonuses)
    terms.extend(Term(label=c.name, value=c.value) for c in situation.actor_conditions)
    terms.append(
        Term(
            label=f"target {situation.target_concealment.value}-concealed",
            value=CONCEALMENT_PENALTY[situation.target_concealment],
        )
    )
    terms.append(Term(label="help", value=situation.help_bonus))
    terms.append(Term(label="GM adjustment", value=situation.gm_check))
    return terms


def _resistance_situation(situation: Situation) -> list[Term]:
    """The situation's terms on the resistance: the target's conditions, a concealed
    attacker, cover, the GM's word."""
    terms = [Term(label=c.name, value=c.value) for c in situation.target_conditions]
    terms.append(
        Term(
            label=f"attacker {situation.actor_concealment.value}-concealed",
            value=CONCEALMENT_PENALTY[situation.actor_concealment],
        )
    )
    if situation.cover is not CoverKind.NONE:
        terms.append(
            Term(
                label=f"{situation.cover.value} {situation.cover_extent.value} cover",
                value=cover_bonus(situation.cover, situation.cover_extent),
            )
        )
    terms.append(Term(label="GM adjustment", value=situation.gm_resistance))
    return terms


def _size_terms(
    actor: Sheet,
    target: Sheet | None,
    resistance: ResistanceChoice,
    mental: bool,
    rules: TableRules,
) -> tuple[list[Term], list[Term]]:
    """A larger or smaller target's terms on the resistance and on the effect points, as
    the table rules apply size (mental, against a difficulty, to defence)."""
    res_terms: list[Term] = []
    ep_terms: list[Term] = []
    if target is None or target.size is actor.size:
        return res_terms, ep_terms
    res_adj, ep_adj = size_adjustment(actor.size.value, target.size.value, mental=mental)
    word = "larger" if target.size.step > actor.size.step else "smaller"
    against_difficulty = resistance.kind is ResistanceKind.DIFFICULTY
    if mental:
        if rules.size_mental:
            res_terms.append(Term(label=f"{word} target", value=res_adj))
            ep_terms.append(Term(label=f"{word} target", value=ep_adj))
    elif against_difficulty:
        if rules.size_vs_difficulty:
            ep_terms.append(Term(label=f"{word} target", value=ep_adj))
    else:
        if rules.size_defence_vs_larger if word == "larger" else rules.size_defence_vs_smaller:
            res_terms.append(Term(label=f"{word} target", value=res_adj))
        ep_terms.append(Term(label=f"{word} target", value=ep_adj))
    return res_terms, ep_terms


def _damage_caps(
    actor: Sheet, weapon: Weapon | None, situation: Situation, rules: TableRules
) -> tuple[int | None, int | None]:
    """The check's maximum damage and the computed one: the sheet's override of it, the
    table rules' enforcing, the GM's number for this check."""
    computed = _damage_cap(actor, weapon, rules)
    if (
        computed is not None
        and isinstance(actor, CharacterSheet)
        and isinstance(weapon, Item | Spell)
    ):
        key_list = actor.items if isinstance(weapon, Item) else actor.spells
        kind = "item" if isinstance(weapon, Item) else "spell"
        if weapon in key_list:
            override = actor.overrides.get(f"max_damage.{kind}.{key_list.index(weapon)}")
            computed = computed if override is None else override
    cap = computed if rules.enforce_damage_cap else None
    if situation.damage_cap is not None:
        cap = situation.damage_cap
    return cap, computed


def build_check(
    actor: Sheet,
    *,
    label: str = "",
    attribute: Attribute | None = None,
    traits: int = 0,
    weapon: Weapon | None = None,
    target: Sheet | None = None,
    resistance: ResistanceChoice | None = None,
    situation: Situation | None = None,
    mental: bool | None = None,
    affects_target: bool = True,
    rules: TableRules = STRICT,
) -> CheckSpec:
    """Assemble a check from the sheets and the situation, every modifier labelled.

    ``mental`` defaults to the weapon's (social weapons, mental spells); ``affects_target``
    is False for checks that only get past the target (sneaking by), where size does not
    apply.
    """
    resistance = resistance or ResistanceChoice()
    situation = situation or Situation()
    if mental is None:
        mental = bool(getattr(weapon, "mental", False))
    terms = _actor_terms(actor, attribute, traits, weapon, rules)
    terms.extend(_check_situation(situation))
    res_label, rolled, res_terms = _resistance(target, resistance, mental, rules)
    res_terms.extend(_resistance_situation(situation))
    size_res, ep_terms = _size_terms(
        actor, target if affects_target else None, resistance, mental, rules
    )
    res_terms.extend(size_res)
    ep_terms.append(Term(label="GM adjustment", value=situation.gm_effect_points))
    cap, computed = _damage_caps(actor, weapon, situation, rules)
    reach = None
    if (
        weapon is not None
        and target is not None
        and not (isinstance(weapon, MonsterAttack) and weapon.action)
    ):
        reach = WeaponReach(weapon=weapon.name, bands=weapon.ranges)
    return CheckSpec(
        label=label or (weapon.name if weapon is not None else "check"),
        terms=non_zero(terms),
        damage=_weapon_damage(weapon),
        resistance=ResistanceSpec(
            label=res_label,
            rolled=rolled,
            terms=non_zero(res_terms) or (Term(label=res_label, value=0),),
        ),
        ep_terms=non_zero(ep_terms),
        damage_cap=cap,
        damage_cap_computed=computed,
        mental=mental,
        reach=reach,
    )
