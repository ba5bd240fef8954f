"""How a 2e fight runs at the table, as the tracker, the board and the action dialog ask.

Each round every combatant declares an action (the tracker's "Declared" cell); its movement
category and share follow (seed 002). Initiative is a d10 per side (or each, a table rule),
typed into the "d10" cell: lower acts first, equal rolls act together, and the modifiers are
applied and shown (a charge gives the charger's opponents −2). Positions are feet between each
pair; melee reaches 5'. A charge or a close moves the attacker in before the blow; a withdrawal
backs away a third of the movement (an ally engaging the foe blocks its pursuit); a flight
runs the full movement and owes every foe in reach a free attack at the fleeing back, at once
and outside initiative. Missiles fired on the move keep their count across rounds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, ClassVar, NamedTuple

from pydantic import BaseModel, BeforeValidator, Field, PlainSerializer

from m3desk.core import encounter as core
from m3desk.core import free_attacks
from m3desk.core.copies import d8_hit_dice, with_hit_points
from m3desk.core.dice import DiceExpr
from m3desk.core.names import SideName, visible_name
from m3desk.core.numbers import damage_spread, damage_summary, minus, percent, pool_text, signed
from m3desk.core.places import Place
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.routines import ROUTINE_ACTION
from m3desk.core.spell_range import spell_rings, spells_within
from m3desk.core.system import (
    ActionOption,
    ActionOutcome,
    ActionPreview,
    Cell,
    DiceSpec,
    DueAction,
    EncounterRules,
    InitiativeScheme,
    MoveCheck,
    PositionModel,
    Reach,
    Ring,
    TrackerColumn,
)
from m3desk.core.terms import Term, explain, rolled
from m3desk.systems.adnd2e import combat, effects, experience, routines
from m3desk.systems.adnd2e.derive import derive, weapon_damage_bonus, weapon_to_hit
from m3desk.systems.adnd2e.encounter_setup import SETUP_STEPS
from m3desk.systems.adnd2e.movement import (
    BY_ID,
    BY_LABEL,
    DECLARATIONS,
    Declaration,
    combat_movement_feet,
    end_round_credit,
    fire_credit,
    moving_rate_of_fire,
)
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.tables import SAVE_NAMES, Save

__all__ = ["ENCOUNTER_RULES", "FEET", "INITIATIVE", "AdndCombatant", "AdndEncounter", "Attack",
           "attacks_of", "morale_due", "routine_of", "side_morale_trigger"]

MELEE_FEET = 5
INITIATIVE = InitiativeScheme(roller="side_die", die=10, lower_first=True, ties="simultaneous",
                              reroll_each_round=True, declared=("every action",))
FEET = PositionModel(kind="distance", unit="ft", maximum=1000, step=5, metric="squares",
                     start=60)
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


Credit = Annotated[Fraction | None, BeforeValidator(_credit),
                   PlainSerializer(lambda v: None if v is None else str(v),
                                   return_type=str | None)]


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
        default_factory=dict, max_length=200)
    """Each side's surprise d10 at set-up (1–3: surprised); empty in files from before."""

    def round_ended(self) -> tuple[AdndEncounter, list[str]]:
        accrued = self
        for combatant in self.combatants:
            # Every round a firer declared counts toward its next shot, whether or not it
            # shot, and whenever its turn came (or whether the pointer ever reached it).
            accrued = _accrued(accrued, combatant.id)
        ended, expired = super(AdndEncounter, accrued).round_ended()
        ending = self.round
        combatants = []
        for combatant in ended.combatants:
            changes: dict[str, object] = {"declared": "", "casting_time": 0,
                                          "initiative_roll": None, "moved": 0}
            if (combatant.fire_round == ending and combatant.fire_credit is not None
                    and combatant.fire_rate is not None):
                changes["fire_credit"] = end_round_credit(combatant.fire_credit,
                                                          combatant.fire_rate)
            sheet = combatant.sheet
            left = combat.bleeds(sheet.hit_points, self.options.deaths_door,
                                 any(c.condition == "bound" for c in combatant.conditions))
            if left != sheet.hit_points:
                changes["sheet"] = sheet.model_copy(update={"hit_points": left})
                if combat.dead(left, True):
                    expired.append(f"{combatant.name}'s life (bled to −10)")
            combatants.append(combatant.model_copy(update=changes))
        return ended.model_copy(update={"combatants": tuple(combatants)}), expired


# -- looking things up ----------------------------------------------------------------------


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
    return combat_movement_feet(_rate(combatant.sheet, options), action,
                                feet_per_point=_feet_per_point(options))


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
        return tuple(Attack(visible_name(a.name) or "attack", a.damage or _NO_DAMAGE,
                            a.damage or _NO_DAMAGE, (), (), speed=speed,
                            set_vs_charge=a.set_vs_charge, double_on_charge=a.double_on_charge,
                            times=a.count, effect=a.effect, harmless=a.damage is None)
                     for a in sheet.attacks) or (
            Attack("attack", DiceExpr.parse("1d6"), DiceExpr.parse("1d6"), (), (), speed=speed),)
    values = derive(sheet, options)
    found = []
    for index, weapon in enumerate(sheet.weapons):
        to_hit, damage = values[f"weapon.{index}.to_hit"], values[f"weapon.{index}.damage"]
        found.append(Attack(
            visible_name(weapon.name) or "weapon", weapon.damage_sm, weapon.damage_l,
            to_hit.terms if not to_hit.overridden else (Term(label="set", value=to_hit.value),),
            damage.terms if not damage.overridden else (Term(label="set", value=damage.value),),
            melee=weapon.melee, missile=weapon.missile, rate_of_fire=weapon.rate_of_fire,
            ranges=weapon.ranges, speed=weapon.speed, set_vs_charge=weapon.set_vs_charge,
            double_on_charge=weapon.double_on_charge))
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
    return sheet.size if isinstance(sheet, MonsterSheet) else (
        "S" if sheet.race in ("dwarf", "gnome", "halfling") else "M")


def _foes(encounter: core.Encounter, combatant: AdndCombatant) -> list[AdndCombatant]:
    return [c for c in _enc(encounter).combatants if c.side != combatant.side]


# -- initiative -----------------------------------------------------------------------------


def _shares_side_wide(encounter: AdndEncounter, combatant: AdndCombatant, test: Any) -> bool:
    """Standard initiative counts only modifiers every member of the side shares."""
    if encounter.options.initiative != "standard":
        return bool(test(combatant))
    return all(test(c) for c in encounter.combatants if c.side == combatant.side)


def initiative_terms(encounter: core.Encounter, combatant: AdndCombatant) -> list[Term]:
    """The modifiers this combatant's initiative carries, each named."""
    enc = _enc(encounter)
    options = enc.options
    terms: list[Term] = []
    chargers = [c.name for c in _foes(enc, combatant) if c.declared == "charge"]
    if chargers:
        terms.append(Term(label=f"{', '.join(chargers)} charging",
                          value=combat.INITIATIVE_MODIFIERS["foe_charges"]))
    if _shares_side_wide(enc, combatant, lambda c: c.declared == "set"):
        terms.append(Term(label="set against a charge", value=combat.INITIATIVE_MODIFIERS["set"]))
    if options.initiative != "standard":
        declaration = _declaration(combatant)
        if options.weapon_speed and declaration is not None and declaration.may_attack:
            attacks = attacks_of(combatant.sheet, options)
            fitting = [a for a in attacks if a.missile] if declaration.fires else \
                [a for a in attacks if a.melee]
            attack = (fitting or list(attacks))[0]
            terms.append(Term(label=f"{attack.name} speed", value=attack.speed))
        if options.casting_time and combatant.declared == "cast" and combatant.casting_time:
            terms.append(Term(label="casting time", value=combatant.casting_time))
        if options.dex_initiative and isinstance(combatant.sheet, CharacterSheet):
            value = derive(combatant.sheet, options)["initiative"]
            if value.value:
                terms.append(Term(label="DEX", value=value.value))
    return terms


def _with_initiative(before: AdndEncounter, encounter: AdndEncounter) -> AdndEncounter:
    """Every combatant with a roll gets roll + modifiers as its initiative; the round's first
    turn follows the order (the core's rule, :func:`core.first_turn_follows`)."""
    combatants = []
    for combatant in encounter.combatants:
        if combatant.initiative_roll is None:
            combatants.append(combatant)
            continue
        value = combatant.initiative_roll + sum(t.value for t in initiative_terms(encounter,
                                                                                  combatant))
        combatants.append(combatant.model_copy(update={"initiative": value}))
    return core.first_turn_follows(before,
                                   encounter.model_copy(update={"combatants": tuple(combatants)}))


def _initiative_tip(encounter: core.Encounter, combatant: core.Combatant) -> str:
    assert isinstance(combatant, AdndCombatant)
    options = _options(encounter)
    how = {"standard": "d10 for the side", "group": "d10 for the side plus own modifiers",
           "individual": "d10 each"}[options.initiative]
    if combatant.initiative_roll is None:
        return f"Initiative: {how}, lower acts first; type it in the d10 column."
    parts = [f"d10 {combatant.initiative_roll}"]
    parts += [f"{t.label} {signed(t.value)}" for t in initiative_terms(encounter, combatant)]
    return f"Initiative {combatant.initiative} = " + ", ".join(parts) + f" ({how})"


# -- the tracker ----------------------------------------------------------------------------

CHOICES = ("—", *(d.label for d in DECLARATIONS))
COLUMNS = (
    TrackerColumn("hp", "HP", "Hit points, current/maximum; type a number to set them",
                  kind="pool", sample="999/999"),
    TrackerColumn("ac", "AC", "Armour class (lower is better); a charger's shown as it stands",
                  sample="AC −10", centred=True),
    TrackerColumn("thac0", "THAC0", "To hit AC 0", sample="20", centred=True),
    TrackerColumn("declared", "Declared", "This round's declared action; its movement category "
                  "and how far it lets the combatant move", sample="Set against a charge ½"),
    TrackerColumn("roll", "d10", "The initiative d10 as rolled; the side's roll (standard) "
                  "or each one's (individual). Modifiers are added in Init.",
                  sample="10", centred=True, number_range=(1, 10)),
)


def _armour(encounter: core.Encounter, combatant: AdndCombatant) -> tuple[int, str]:
    values = derive(combatant.sheet, _options(encounter))
    if combatant.declared == "charge":
        if isinstance(combatant.sheet, CharacterSheet):
            charging = values["ac.charging"]
            return charging.value, charging.explanation()
        return values["ac"].value + 1, f"AC while charging {values['ac'].value + 1} = AC " \
                                       f"{values['ac'].value} + 1 worse"
    return values["ac"].value, values["ac"].explanation()


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    assert isinstance(combatant, AdndCombatant)
    sheet = combatant.sheet
    if column == "hp":
        return Cell(text=pool_text(sheet.hit_points, sheet.max_hit_points), pool=_hp(sheet),
                    editable=True, edit_text=str(sheet.hit_points))
    if column == "ac":
        value, tip = _armour(encounter, combatant)
        return Cell(text=f"AC {minus(value)}", tip=tip)
    if column == "thac0":
        thac0 = derive(sheet, _options(encounter))["thac0"]
        return Cell(text=str(thac0.value), tip=thac0.explanation())
    if column == "declared":
        declaration = _declaration(combatant)
        if declaration is None:
            return Cell(text="—", tip="Nothing declared yet this round", editable=True,
                        edit_text="—", choices=CHOICES)
        text = declaration.label
        tip = f"{declaration.label}: {declaration.category}. {declaration.help}"
        if declaration.share:
            feet = allowance(encounter, combatant, declaration.id)
            text += f" {feet} ft"
            tip += f" Up to {feet} ft this round ({combatant.moved} ft moved)."
        rate = fire_rate_words(encounter, combatant, declaration.id)
        if rate:  # a moving archer's rate of fire, said with the declaration
            text += f" · {_shots_short(encounter, combatant, declaration.id)}"
            tip += f" {rate[:1].upper()}{rate[1:]}."
        return Cell(text=text, tip=tip, editable=True, edit_text=declaration.label,
                    choices=CHOICES)
    roll = combatant.initiative_roll
    return Cell(text="" if roll is None else str(roll), tip=_initiative_tip(encounter, combatant),
                editable=True, edit_text="" if roll is None else str(roll))


def _rate_text(rate: Fraction) -> str:
    """"2 shots a round", "1 shot a round", "1 shot every 2 rounds" (a rate of ½)."""
    if rate >= 1:
        shots = int(rate) if rate == int(rate) else float(rate)
        return f"{shots} shot{'s' if rate != 1 else ''} a round"
    every = 1 / rate
    rounds = int(every) if every == int(every) else float(every)
    return f"1 shot every {rounds} rounds"


_VULGAR = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(1, 4): "¼",
           Fraction(3, 2): "1½", Fraction(5, 2): "2½"}


def _shots_short(encounter: core.Encounter, combatant: AdndCombatant,
                 declaration_id: str) -> str:
    """The shots a round the declaration allows, short for the tracker ("1 shot", "½ shot")."""
    missiles = [a for a in attacks_of(combatant.sheet, _options(encounter)) if a.missile]
    rate = missiles[0].rate_of_fire
    if declaration_id == "missile":
        rate = moving_rate_of_fire(rate)
    shown = _VULGAR.get(Fraction(rate), str(int(rate)) if rate == int(rate) else f"{rate}")
    return f"{shown} shot{'s' if rate > 1 else ''}"


def fire_rate_words(encounter: core.Encounter, combatant: AdndCombatant,
                    declaration_id: str) -> str:
    """What a declaration that fires allows of the first missile weapon: "longbow: 1 shot a
    round on the move (2 standing)"; "" for any other declaration or no missile weapon."""
    declaration = BY_ID.get(declaration_id)
    if declaration is None or not declaration.fires:
        return ""
    missiles = [a for a in attacks_of(combatant.sheet, _options(encounter)) if a.missile]
    if not missiles:
        return ""
    attack = missiles[0]
    if declaration_id == "missile":
        moving = moving_rate_of_fire(attack.rate_of_fire)
        return (f"{attack.name}: {_rate_text(moving)} on the move, "
                f"{_rate_text(attack.rate_of_fire).removesuffix(' a round')} standing")
    return f"{attack.name}: {_rate_text(attack.rate_of_fire)}"


def declare(encounter: AdndEncounter, combatant_id: str, text: str) -> tuple[AdndEncounter, str]:
    """Store the declared action (a label, an id, or "Cast a spell (3)" with its casting
    time); initiative already typed is recomputed (a charge changes the foes')."""
    combatant = _combatant(encounter, combatant_id)
    text = text.strip()
    casting_time = 0
    if text.lower().startswith("cast") and text.endswith(")") and "(" in text:
        inside = text[text.rindex("(") + 1:-1].strip()
        if not inside.isdigit() or not 1 <= int(inside) <= 10:
            raise ValueError("A casting time is 1 to 10, as in “Cast a spell (3)”.")
        casting_time, text = int(inside), "cast"
    if text in ("", "—", "-"):
        declaration_id = ""
    else:
        declaration = BY_LABEL.get(text) or BY_ID.get(text.lower())
        if declaration is None:
            raise ValueError(f"“{text}” is not an action; one of: {', '.join(CHOICES[1:])}.")
        declaration_id = declaration.id
    attacks = attacks_of(combatant.sheet, encounter.options)
    if declaration_id == "set" and not any(a.set_vs_charge for a in attacks):
        raise ValueError(f"{combatant.name} has no spear or polearm to set against a charge.")
    if declaration_id in ("fire", "missile") and not any(a.missile for a in attacks):
        raise ValueError(f"{combatant.name} has no missile weapon.")
    after = core.update_combatant(encounter, combatant_id, declared=declaration_id,
                                  casting_time=casting_time)
    after = _with_initiative(encounter, after)
    label = BY_ID[declaration_id].label if declaration_id else "nothing"
    rate = fire_rate_words(encounter, combatant, declaration_id)
    after = core.add_log(after, f"{combatant.name} declares: {label}"
                         + (f" ({rate})" if rate else ""), actor=combatant_id)
    return after, f"{combatant.name} declares {label}"


def type_initiative(encounter: AdndEncounter, combatant_id: str,
                    roll: int | None) -> tuple[AdndEncounter, str]:
    """The typed d10: the whole side's under standard and group initiative, one's own under
    individual; initiative = the roll + the modifiers."""
    combatant = _combatant(encounter, combatant_id)
    if roll is not None and not 1 <= roll <= 10:
        raise ValueError("A d10 shows 1 to 10.")
    individual = encounter.options.initiative == "individual"
    ids = [combatant_id] if individual else [c.id for c in encounter.combatants
                                             if c.side == combatant.side]
    after = encounter
    for member in ids:
        after = core.update_combatant(after, member, initiative_roll=roll,
                                      **({"initiative": None} if roll is None else {}))
    after = _with_initiative(encounter, after)
    who = combatant.name if individual else combatant.side
    shown = "none" if roll is None else str(roll)
    text = f"{who} initiative: " + ("cleared" if roll is None else
                                      _initiative_counts(after, ids, roll))
    # A side's die is the side's: the log credits it to no single combatant.
    after = core.add_log(after, text, actor=combatant_id if individual else None)
    return after, f"{who} rolls {shown} for initiative"


def _initiative_counts(encounter: AdndEncounter, ids: list[str], roll: int) -> str:
    """"d10 6, Ogre charging −2 = 4" for the side, or per member where modifiers differ."""
    members = [_combatant(encounter, i) for i in ids]
    texts = {m.id: rolled("d10", (roll,), initiative_terms(encounter, m)) for m in members}
    if len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    return "; ".join(f"{m.name} {texts[m.id]}" for m in members)


def _edit(encounter: core.Encounter, combatant_id: str, column: str,
          text: str) -> tuple[core.Encounter, str]:
    enc = _enc(encounter)
    if column == "declared":
        return declare(enc, combatant_id, text)
    if column == "roll":
        stripped = text.strip()
        if not stripped:
            return type_initiative(enc, combatant_id, None)
        if not stripped.isdigit():
            raise ValueError(f"A d10 shows 1 to 10, not “{stripped}”.")
        return type_initiative(enc, combatant_id, int(stripped))
    combatant = _combatant(encounter, combatant_id)
    try:
        value = int(text.strip().replace("−", "-"))
    except ValueError:
        raise ValueError(f"Hit points are a whole number, not “{text.strip()}”.") from None
    sheet = combatant.sheet
    after = sheet.model_copy(update={"hit_points": max(-99, min(value, sheet.max_hit_points))})
    return (core.replace_sheet(encounter, combatant_id, after),
            f"Set {combatant.name}'s hit points to {minus(after.hit_points)}")


# -- the board ------------------------------------------------------------------------------


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    combatant = _combatant(encounter, centre)
    options = _options(encounter)
    rings = [Ring(MELEE_FEET, "melee", "reach")]
    declaration = _declaration(combatant)
    if declaration is not None:
        from m3desk.systems.adnd2e import moves

        left = moves.allowance_left(encounter, centre)  # what the declaration still allows
        if left.amount:
            rings.append(Ring(left.amount, left.label, "move"))
    else:
        names = {"close": "close", "charge": "charge", "withdraw": "withdraw",
                 "move": "full move"}
        rate = _rate(combatant.sheet, options)  # derived once, not once per ring
        for action in ("close", "withdraw", "move", "charge"):
            feet = combat_movement_feet(rate, action, feet_per_point=_feet_per_point(options))
            if feet:
                rings.append(Ring(feet, names[action], "move"))
    for attack in attacks_of(combatant.sheet, options):
        ranges = ranges_feet(attack, options) if attack.missile else None
        if ranges:
            rings += [Ring(feet, f"{attack.name} {band}", "range")
                      for feet, band in zip(ranges, ("short", "medium", "long"), strict=True)]
    return (*rings, *spell_rings(_spell_ranges(combatant.sheet)))


def _spell_ranges(sheet: BaseModel) -> tuple[tuple[str, int | None], ...]:
    """The spells not yet cast, each with its range in feet (0 touch, None unknown)."""
    if not isinstance(sheet, CharacterSheet):
        return ()
    return tuple((spell.name, spell.range) for spell in sheet.spells if not spell.cast)


def _approach(encounter: core.Encounter, combatant: AdndCombatant) -> int:
    """How far a declared close or charge still lets the attacker move in before the blow."""
    if combatant.declared not in ("close", "charge"):
        return 0
    return max(0, allowance(encounter, combatant, combatant.declared) - combatant.moved)


def _mode(encounter: core.Encounter, combatant: AdndCombatant, attack: Attack,
          feet: int) -> str | None:
    """"melee", "missile", or None when the attack cannot reach."""
    if attack.melee and feet <= MELEE_FEET:
        return "melee"
    ranges = ranges_feet(attack, _options(encounter))
    if attack.missile and feet > MELEE_FEET and ranges and feet <= ranges[2]:
        return "missile"
    if attack.melee and feet <= MELEE_FEET + _approach(encounter, combatant):
        return "melee"
    return None


def _reach_at(encounter: core.Encounter, a: str, feet: int) -> Reach:
    combatant = _combatant(encounter, a)
    usable = [x.name for x in attacks_of(combatant.sheet, _options(encounter))
              if _mode(encounter, combatant, x, feet)]
    usable += spells_within(_spell_ranges(combatant.sheet), feet, MELEE_FEET)
    return Reach(options=tuple(usable), in_reach=bool(usable))


_reach_by_distance = ReachByDistance(_reach_at)
"""The board asks about the centre against everyone: answered once per distance."""


def _reach(encounter: core.Encounter, a: str, b: str) -> Reach:
    """Reach by distance, and a weapon set against a charge reaches the charger coming in."""
    found = _reach_by_distance(encounter, a, b)
    combatant, other = _combatant(encounter, a), _combatant(encounter, b)
    if found.in_reach or combatant.declared != "set" or other.declared != "charge":
        return found
    feet = core.position_between(encounter, a, b)
    setting = [x.name for x in attacks_of(combatant.sheet, _options(encounter))
               if _meets_charge(encounter, combatant, x, other, feet)]
    return Reach(options=tuple(setting), in_reach=True) if setting else found


def _centre_summary(encounter: core.Encounter, centre: str) -> tuple[str, ...]:
    combatant = _combatant(encounter, centre)
    options = _options(encounter)
    lines = []
    for attack in attacks_of(combatant.sheet, options):
        ranges = ranges_feet(attack, options) if attack.missile else None
        where = (f"{'melee, ' if attack.melee else ''}{ranges[0]}/{ranges[1]}/{ranges[2]} ft"
                 if ranges else "melee")
        lines.append(f"{attack.name}: {where}")
    return tuple(lines)


# -- actions --------------------------------------------------------------------------------


def _attack_options(attack: Attack, index: int, prefix: str, label: str,
                    size: str | None, options: AdndOptions) -> list[ActionOption]:
    def option(tag: str, dice: DiceExpr, suffix: str) -> ActionOption:
        spec: tuple[DiceSpec, ...] = (DiceSpec(1, 20, "attack"),)
        if dice.count:
            spec += (DiceSpec(dice.count, dice.sides, "damage"),)
        if dice.count and options.critical_hits == "double_dice":
            spec += (DiceSpec(dice.count, dice.sides, "on a natural 20"),)
        spec += effects.effect_dice(attack)  # the target's save against a hit's effect
        shown = " + ".join(p for p in ("" if attack.harmless else f"{dice}{suffix}",
                                       attack.effect) if p) or "no damage"
        return ActionOption(f"{prefix}:{index}:{tag}", f"{label} {attack.name} ({shown})",
                            needs_target=prefix == "attack", dice=spec, group="attack",
                            target=prefix.split(":")[1] if prefix.startswith("free:") else None)

    if size is not None:
        return [option("any", attack.damage(size), "")]
    if attack.damage_sm == attack.damage_l:
        return [option("any", attack.damage_sm, "")]
    return [option("sm", attack.damage_sm, " vs S-M"), option("l", attack.damage_l, " vs L")]


def _actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    enc = _enc(encounter)
    combatant = _combatant(enc, actor)
    attacks = attacks_of(combatant.sheet, enc.options)
    options: list[ActionOption] = []
    for fleer in enc.combatants:
        if actor in fleer.free_attacks:
            for index, attack in enumerate(attacks):
                options += _attack_options(attack, index, f"free:{fleer.id}",
                                           f"Free attack at {fleer.name}'s back with",
                                           _size(fleer.sheet), enc.options)
    options += routines.routine_options(enc, combatant)  # "claw/claw/bite or by weapon"
    for index, attack in enumerate(attacks):
        options += _attack_options(attack, index, "attack", "Attack with", None, enc.options)
    declaration = _declaration(combatant)
    if declaration is not None and declaration.id == "withdraw":
        feet = allowance(enc, combatant, "withdraw")
        options.append(ActionOption("move:withdraw", f"Withdraw from the target ({feet} ft)",
                                    group="movement",
                                    help="Back away a third of the movement; the foe may "
                                         "follow unless an ally engaging it blocks."))
    if declaration is not None and declaration.id == "flee":
        feet = allowance(enc, combatant, "flee")
        options.append(ActionOption("move:flee", f"Flee ({feet} ft)", needs_target=False,
                                    group="movement",
                                    help="Every foe in reach gets a free attack at the back "
                                         "now, outside initiative."))
    if declaration is not None and declaration.id in ("missile", "move", "close", "charge"):
        feet = allowance(enc, combatant, declaration.id)
        options.append(ActionOption("move:toward", f"Move toward the target (up to {feet} ft)",
                                    group="movement"))
        options.append(ActionOption("move:away", f"Move away from the target (up to {feet} ft)",
                                    group="movement"))
    values = derive(combatant.sheet, enc.options)
    for save in Save:
        target = values[f"save.{save.value}"].value
        options.append(ActionOption(f"save:{save.value}",
                                    f"Save vs {SAVE_NAMES[save]} ({target})",
                                    needs_target=False, dice=(DiceSpec(1, 20, "save"),)))
    if isinstance(combatant.sheet, MonsterSheet):
        options.append(ActionOption("morale", f"Morale check (ML {combatant.sheet.morale})",
                                    needs_target=False, dice=(DiceSpec(2, 10, "morale"),)))
    return tuple(options)


class _Plan(NamedTuple):
    attack: Attack
    target: str
    dice: DiceExpr
    terms: tuple[Term, ...]
    need: int
    thac0: int
    armour: int
    armour_note: str
    double: bool
    double_reason: str
    approach: int
    counted: bool
    free: bool
    bonus: int
    met: int = 0
    """Feet the charger comes in to meet a weapon set against its charge."""
    bonus_terms: tuple[Term, ...] = ()
    """What ``bonus`` adds up, each by name (STR, magic, specialised)."""


def _shots(encounter: core.Encounter, combatant: AdndCombatant,
           attack: Attack) -> tuple[int, Fraction, Fraction]:
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
    return core.update_combatant(encounter, combatant_id, fire_credit=credit, fire_rate=rate,
                                 fire_round=encounter.round)


def _plan(encounter: core.Encounter, actor: str, action: str,
          target: str | None) -> _Plan | str:
    enc = _enc(encounter)
    combatant = _combatant(enc, actor)
    options = enc.options
    kind, *rest = action.split(":")
    free = kind == "free"
    if free:
        target, index_text, tag = rest
        if actor not in _combatant(enc, target).free_attacks:
            return f"{combatant.name} has no free attack left at that back."
    else:
        index_text, tag = rest
        if target is None:
            return "Choose a target."
    attacks = attacks_of(combatant.sheet, options)
    index = int(index_text)
    if not 0 <= index < len(attacks):
        return "That attack is no longer on the sheet."
    attack = attacks[index]
    defender = _combatant(enc, target)
    if defender.id == actor:
        return "A combatant does not attack itself."
    size = _size(defender.sheet)
    if tag == "sm" and size in LARGE:
        return f"{defender.name} is size {size}: use the L damage ({attack.damage_l})."
    if tag == "l" and size not in LARGE:
        return f"{defender.name} is size {size}: use the S-M damage ({attack.damage_sm})."
    declaration = _declaration(combatant)
    feet = core.position_between(enc, actor, target)
    mode = "melee" if free else _mode(enc, combatant, attack, feet)
    met = 0
    if (not free and feet > MELEE_FEET
            and _meets_charge(enc, combatant, attack, defender, feet)):
        mode, met = "melee", feet - MELEE_FEET  # braced, not thrown
    if not free:
        if declaration is not None and not declaration.may_attack:
            return f"{combatant.name} declared {declaration.label}: no attack this round."
        if mode is None:
            return f"{defender.name} is {feet} ft away: out of reach of the {attack.name}."
    terms = list(attack.to_hit)
    bonus_terms = attack.damage_bonus
    if mode == "missile" and isinstance(combatant.sheet, CharacterSheet):
        terms = list(_missile_terms(combatant.sheet, attack, index, options))
        bonus_terms = _missile_bonus(combatant.sheet, index, options)
    counted = False
    if mode == "missile":
        ranges = ranges_feet(attack, options)
        assert ranges is not None
        modifier = combat.missile_range_modifier(feet, ranges)
        assert modifier is not None
        if modifier:
            terms.append(Term(label="medium range" if modifier == -2 else "long range",
                              value=modifier))
        if declaration is not None and declaration.fires:
            shots, credit, rate = _shots(enc, combatant, attack)
            counted = True
            if shots < 1:
                rounds = int((1 - credit) / rate) + (1 if (1 - credit) % rate else 0)
                return (f"{combatant.name} has no shot left this round ({attack.name} at "
                        f"{rate} a round{' on the move' if declaration.id == 'missile' else ''}"
                        f"; next shot in {rounds} round{'s' if rounds != 1 else ''}).")
    approach = max(0, feet - MELEE_FEET) if mode == "melee" and not free and not met else 0
    if combatant.declared == "charge" and mode == "melee" and not free:
        terms.append(Term(label="charging", value=2))
    for condition in combatant.conditions:
        for situation in combat.ATTACK_MODIFIERS:
            if situation.on == "attacker" and condition.condition == situation.id:
                terms.append(Term(label=situation.label, value=situation.modifier))
    rear = free
    for condition in defender.conditions:
        for situation in combat.ATTACK_MODIFIERS:
            if situation.on == "defender" and condition.condition == situation.id:
                if situation.id == "rear":
                    rear = True
                    continue
                terms.append(Term(label=situation.label, value=situation.modifier))
    if rear:
        terms.append(Term(label="rear attack", value=2))
    values = derive(defender.sheet, options)
    armour, _tip = _armour(enc, defender)
    armour_note = "charging" if defender.declared == "charge" else ""
    if rear:
        rear_ac = values["ac.rear"].value if "ac.rear" in values else values["ac"].value
        if rear_ac > armour:
            armour, armour_note = rear_ac, "from behind: no shield" + (
                ", no DEX" if options.rear_ignores_dex else "")
    thac0 = derive(combatant.sheet, options)["thac0"].value
    double, reason = False, ""
    if (attack.set_vs_charge and combatant.declared == "set" and defender.declared == "charge"
            and mode == "melee"):
        double, reason = True, "set against the charge"
    if attack.double_on_charge and combatant.declared == "charge" and mode == "melee":
        double, reason = True, "lance in a charge"
    return _Plan(attack, target, attack.damage(size), tuple(t for t in terms if t.value),
                 combat.to_hit_number(thac0, armour), thac0, armour, armour_note, double,
                 reason, approach, counted, free, sum(t.value for t in bonus_terms), met,
                 tuple(t for t in bonus_terms if t.value))


def _meets_charge(encounter: core.Encounter, combatant: AdndCombatant, attack: Attack,
                  charger: AdndCombatant, feet: int) -> bool:
    """A weapon set against a charge strikes the charger as it arrives, at the setter's own
    count: the charger still within its charge of the setter comes in to meet the point."""
    return (attack.melee and attack.set_vs_charge and combatant.declared == "set"
            and charger.declared == "charge" and charger.side != combatant.side
            and not encounter.out_of_fight(charger)
            and feet <= MELEE_FEET + _approach(encounter, charger))


def _missile_terms(sheet: CharacterSheet, attack: Attack, index: int,
                   options: AdndOptions) -> tuple[Term, ...]:
    """A weapon both melee and thrown uses DEX (and STR, thrown) when it flies."""
    weapon = sheet.weapons[index]
    values = derive(sheet, options)
    if values[f"weapon.{index}.to_hit"].overridden or not weapon.melee:
        return attack.to_hit
    return tuple(weapon_to_hit(sheet, weapon, missile=True))


def _missile_bonus(sheet: CharacterSheet, index: int,
                   options: AdndOptions) -> tuple[Term, ...]:
    weapon = sheet.weapons[index]
    damage = derive(sheet, options)[f"weapon.{index}.damage"]
    if damage.overridden:
        return (Term(label="set", value=damage.value),)
    if not weapon.melee:
        return damage.terms
    return tuple(weapon_damage_bonus(sheet, weapon, missile=True))


def _modifier(plan: _Plan) -> int:
    return sum(t.value for t in plan.terms)


def _describe(encounter: core.Encounter, actor: str, plan: _Plan) -> tuple[str, ...]:
    terms = " ".join(f"{t.label} {signed(t.value)}" for t in plan.terms)
    ac = f"AC {minus(plan.armour)}" + (f", {plan.armour_note}" if plan.armour_note else "")
    lines = [f"d20 {terms + ' ' if terms else ''}needs {plan.need} (THAC0 {plan.thac0} − {ac})"]
    dice = str(plan.dice) if not plan.double else f"{plan.dice} ×2 ({plan.double_reason})"
    bonus = f" {signed(plan.bonus)}" if plan.bonus else ""
    lines.append("No damage" if plan.attack.harmless else f"Damage {dice}{bonus}")
    if plan.approach:
        lines.append(f"Moves {plan.approach} ft in before the blow")
    if plan.met:
        charger = encounter.combatant(plan.target).name
        lines.append(f"Meets the {charger}'s charge: it comes {plan.met} ft in onto the point")
    return tuple(lines)


def _preview(encounter: core.Encounter, actor: str, action: str,
             target: str | None) -> ActionPreview:
    kind = action.split(":")[0]
    enc = _enc(encounter)
    combatant = _combatant(enc, actor)
    if kind == "move":
        from m3desk.systems.adnd2e import moves

        return moves.preview_move(enc, actor, action, target)
    if kind == "save":
        save = Save(action.split(":")[1])
        need = derive(combatant.sheet, enc.options)[f"save.{save.value}"].value
        return ActionPreview(lines=(f"d20 needs {need} to save vs {SAVE_NAMES[save]}",),
                             success=combat.save_chance(need))
    if kind == "morale":
        rating, terms = _morale(combatant)
        line = f"2d10 at most {rating} holds" + (
            " (" + ", ".join(f"{t.label} {signed(t.value)}" for t in terms) + ")" if terms
            else "")
        return ActionPreview(lines=(line,), success=combat.morale_hold_chance(rating))
    if kind == ROUTINE_ACTION:
        return routines.preview_routine(enc, actor, int(action.split(":")[1]), target)
    plan = _plan(enc, actor, action, target)
    if isinstance(plan, str):
        return ActionPreview(problem=plan)
    chance = combat.hit_probability(_modifier(plan), plan.thac0, plan.armour,
                                    nat20_auto=enc.options.nat20_auto)
    defender = _combatant(enc, plan.target).sheet
    threshold = defender.hit_points - (-10 if enc.options.deaths_door else 0)
    outcomes = combat.attack_outcomes(_modifier(plan), plan.thac0, plan.armour, plan.dice,
                                      plan.bonus, double=plan.double,
                                      nat20_auto=enc.options.nat20_auto,
                                      critical_hits=enc.options.critical_hits)
    hp = defender.hit_points
    kills = sum((p for damage, p in outcomes.items()
                 if damage and combat.dead(hp - damage, enc.options.deaths_door)), Fraction(0))
    # A hit's damage, from the same outcomes the roll is resolved by (criticals included).
    on_hit = {damage: p / chance for damage, p in outcomes.items() if damage} if chance else {}
    lines = list(_describe(enc, actor, plan))
    if plan.attack.harmless:
        on_hit, kills = {}, Fraction(0)
    if on_hit:
        lines[1] += f": {damage_summary(on_hit)}"
    shown: tuple[tuple[str, Fraction], ...] = () if plan.attack.harmless else (
        ("Kills" if not enc.options.deaths_door or threshold <= 0 else "Kills outright",
         kills),)
    if effect_line := effects.effect_preview(enc, plan.target, plan.attack, enc.options):
        lines.append(effect_line)  # the save and the condition (hit × failed save below)
        shown += effects.effect_outcomes(enc, plan.target, plan.attack, chance, enc.options)
    return ActionPreview(lines=tuple(lines), success=chance, outcomes=shown,
                         spread=damage_spread(on_hit))


def _morale(combatant: AdndCombatant) -> tuple[int, list[Term]]:
    sheet = combatant.sheet
    assert isinstance(sheet, MonsterSheet)
    terms = []
    loss = combat.morale_loss(sheet.hit_points, sheet.max_hit_points)
    if loss:
        share = "half" if loss == -4 else "a quarter of"
        terms.append(Term(label=f"lost {share} its hit points", value=loss))
    return sheet.morale + loss, terms


def _resolve(encounter: core.Encounter, actor: str, action: str, target: str | None,
             faces: tuple[int, ...]) -> ActionOutcome:
    enc = _enc(encounter)
    kind = action.split(":")[0]
    if kind == "move":
        from m3desk.systems.adnd2e import moves

        return moves.resolve_move(enc, actor, action, target)
    combatant = _combatant(enc, actor)
    if kind == "save":
        save = Save(action.split(":")[1])
        need = derive(combatant.sheet, enc.options)[f"save.{save.value}"].value
        made = faces[0] >= need
        summary = (f"{combatant.name} {'saves' if made else 'fails to save'} vs "
                   f"{SAVE_NAMES[save]}: d20 {faces[0]} against {need}")
        notices: tuple[str, ...] = ()
        if not made and combatant.declared == "cast" and _yet_to_act(enc, combatant):
            notices = (f"{combatant.name} loses the spell: a failed save before casting.",)
        return ActionOutcome(core.add_log(enc, summary, actor=actor), summary, notices=notices)
    if kind == "morale":
        rating, terms = _morale(combatant)
        holds = combat.morale_holds(sum(faces), rating)
        base = Term(label="ML", value=rating - sum(t.value for t in terms))
        against = explain("morale", [base, *terms])
        summary = (f"{combatant.name} {'holds' if holds else 'breaks'}: "
                   f"{rolled('2d10', faces)} against {against}")
        broke = () if holds else (f"{combatant.name} breaks: it flees or surrenders.",)
        checked = core.update_combatant(
            enc, actor, morale_checked=side_morale_trigger(enc, combatant.side))
        return ActionOutcome(core.add_log(checked, summary, actor=actor), summary,
                             notices=broke)
    if kind == ROUTINE_ACTION:
        preview = routines.preview_routine(enc, actor, int(action.split(":")[1]), target)
        if preview.problem:
            raise ValueError(preview.problem)
        return routines.resolve_routine(enc, actor, int(action.split(":")[1]), target, faces)
    plan = _plan(enc, actor, action, target)
    if isinstance(plan, str):
        raise ValueError(plan)
    return _resolve_attack(enc, combatant, plan, faces)


def _yet_to_act(encounter: AdndEncounter, combatant: AdndCombatant) -> bool:
    current = core.current_count(encounter)
    return (combatant.initiative is not None and current is not None
            and combatant.initiative > current)


def _close_in(encounter: AdndEncounter, mover: str, target: str) -> AdndEncounter:
    """``mover`` walks in to 5' of ``target`` before a blow (a close or a charge, or a charger
    meeting a set weapon) as a map drop there moves it (:func:`_make_move`): the place along
    the line, or the nearest free one beside the target when another stands there
    (:func:`core.closing_place`, as the forecast closes in), the feet counted against its
    allowance, and the same log line."""
    here, there = encounter.places.get(mover), encounter.places.get(target)
    if here is None or there is None:  # no places yet: put the pair 5' apart, unlogged
        return core.set_position(encounter, mover, target, MELEE_FEET, log=False)
    after, _text = _make_move(encounter, mover,
                              core.closing_place(encounter, mover, target, MELEE_FEET))
    assert isinstance(after, AdndEncounter)
    return after


def _resolve_attack(encounter: AdndEncounter, combatant: AdndCombatant, plan: _Plan,
                    faces: tuple[int, ...]) -> ActionOutcome:
    actor = combatant.id
    defender = _combatant(encounter, plan.target)
    notices: list[str] = []
    after = encounter
    if plan.approach:
        after = _close_in(after, actor, plan.target)
    if plan.met:
        after = _close_in(after, plan.target, actor)
    if plan.counted:
        after = _accrued(after, actor)
        credit = _combatant(after, actor).fire_credit or Fraction(0)
        after = core.update_combatant(after, actor, fire_credit=credit - 1)
    if plan.free:
        after = free_attacks.settled(after, plan.target, actor)
    saving = bool(effects.effect_dice(plan.attack))
    natural, damage_faces = faces[0], tuple(faces[1:len(faces) - saving])
    save_face = faces[-1] if saving and len(faces) > 1 else None
    modifier = _modifier(plan)
    options = encounter.options
    hit = combat.hits(natural, modifier, plan.need, nat20_auto=options.nat20_auto)
    foe = defender.name
    verb = "charges" if combatant.declared == "charge" and plan.approach else "attacks"
    if plan.free:
        verb = "strikes at the back of"
    if combatant.declared == "charge" and plan.approach:
        setters = [c.name for c in _foes(after, combatant)
                   if c.id == plan.target and c.declared == "set"]
        if setters:
            notices.append(f"{setters[0]} has set a weapon against the charge: a hit on "
                           f"{combatant.name} deals double damage.")
    roll = _attack_roll_text(plan, natural, hit, nat20_auto=options.nat20_auto)
    if not hit:
        summary = f"{combatant.name} {verb} {foe} with the {plan.attack.name} and misses"
        after = core.add_log(after, f"{summary}: {roll}", actor=actor, target=plan.target)
        short = f"{summary} ({natural} {signed(modifier)} against {plan.need})"
        return ActionOutcome(after, short, notices=tuple(notices))
    if plan.attack.harmless:  # no damage: the hit's effect alone
        return effects.resolve_harmless(after, actor, verb, plan.target, plan.attack, roll,
                                        save_face, options, tuple(notices))
    critical = combat.doubles_dice(natural, options.critical_hits)
    dice = combat.critical_dice(plan.dice) if critical else plan.dice
    damage = combat.roll_damage(dice, damage_faces[:dice.count], plan.bonus,
                                double=plan.double,
                                double_bonus=options.doubling_includes_bonuses)
    sheet = defender.sheet
    hp = max(-99, sheet.hit_points - damage)
    after = core.replace_sheet(after, plan.target, sheet.model_copy(update={"hit_points": hp}))
    after, caused = effects.resolve_effect(after, plan.target, plan.attack, save_face, options)
    summary = (f"{combatant.name} {verb} {foe} with the {plan.attack.name} and hits for "
               f"{damage}")
    if critical:
        summary += " (natural 20: a critical hit, the damage dice rolled twice)"
    elif combat.extra_attack(natural, options.critical_hits):
        summary += " (natural 20: a critical hit)"
        notices.append(f"Natural 20: {combatant.name} makes an extra attack at once, and "
                       "again on each further 20.")
    if plan.double:
        summary += f" (double: {plan.double_reason})"
        notices.append(f"Double damage, {plan.double_reason}: {damage}.")
    damage_text = _damage_text(plan, dice, damage_faces[:dice.count], damage,
                               options.doubling_includes_bonuses)
    record = f"{summary}: {roll}; damage {damage_text}"
    tail = caused  # the hit's effect, then what the hit points say
    hp = _combatant(after, plan.target).sheet.hit_points
    if combat.dead(hp, options.deaths_door):
        tail += f"; {foe} is dead"
    elif combat.down(hp):
        tail += f"; {foe} falls unconscious at {minus(hp)} and loses 1 a round until bound"
    summary += tail
    if defender.declared == "cast" and _yet_to_act(encounter, defender):
        notices.append(f"{foe} loses the spell: hit before casting.")
    after = core.add_log(after, record + tail, actor=actor, target=plan.target)
    return ActionOutcome(after, summary, details="\n".join(_describe(encounter, actor, plan)),
                         notices=tuple(notices))


def _attack_roll_text(plan: _Plan, natural: int, hit: bool, *, nat20_auto: bool) -> str:
    """The attack roll for the record: the d20, each modifier by name, the total and the
    number it had to reach (a natural 20 or 1 said as such)."""
    ac = f"AC {minus(plan.armour)}" + (f", {plan.armour_note}" if plan.armour_note else "")
    text = (f"{rolled('d20', (natural,), plan.terms)} against {plan.need} "
            f"(THAC0 {plan.thac0} − {ac})")
    reached = natural + _modifier(plan) >= plan.need
    if nat20_auto and natural == 20 and hit and not reached:
        text += ", a natural 20 always hits"
    elif nat20_auto and natural == 1 and not hit and reached:
        text += ", a natural 1 always misses"
    return text


def _damage_text(plan: _Plan, rolled_dice: DiceExpr, faces: tuple[int, ...], damage: int,
                 double_bonus: bool) -> str:
    """"1d8 (4) ×2 set against the charge, STR 18/80 +4 = 12": every die and bonus named
    (the dice as rolled: a critical hit's are the weapon's twice)."""
    dice = f"{rolled_dice} ({', '.join(str(face) for face in faces)})"
    if plan.double:
        dice += f" ×2 {plan.double_reason}"
    doubled = " ×2" if plan.double and double_bonus else ""
    parts = [dice, *(f"{t.signed()}{doubled}" for t in plan.bonus_terms)]
    floor = " (at least 1)" if damage == 1 and rolled_dice.total(faces) + plan.bonus < 1 \
        else ""
    return f"{', '.join(parts)} = {damage}{floor}"


def owed_attacks(encounter: AdndEncounter, foe: AdndCombatant) -> list[str]:
    """A foe's free attack(s): all of its attacks, not one."""
    count = sum(a.times for a in attacks_of(foe.sheet, encounter.options)) \
        if isinstance(foe.sheet, MonsterSheet) else 1
    return [foe.id] * count


def free_attack_notice(encounter: AdndEncounter, foe: AdndCombatant,
                       fleer: AdndCombatant) -> str:
    """What the table must hear when a flight owes a foe its free attack: the odds to hit."""
    attacks = attacks_of(foe.sheet, encounter.options)
    plan = _plan(encounter, foe.id, f"free:{fleer.id}:0:any", None) \
        if foe.id in _combatant(encounter, fleer.id).free_attacks else None
    chance = ""
    if isinstance(plan, _Plan):
        chance = (f": {percent(combat.hit_probability(_modifier(plan), plan.thac0, plan.armour))}"
                  f" to hit with the {attacks[0].name}")
    return (f"{foe.name} gets a free attack at {fleer.name}'s back now (rear +2, no shield"
            f"{' or DEX' if encounter.options.rear_ignores_dex else ''}){chance}.")


# -- status ---------------------------------------------------------------------------------


def _status(encounter: core.Encounter) -> tuple[str, ...]:
    enc = _enc(encounter)
    if not enc.combatants:
        return ()
    lines: list[str] = []
    title = core.phase_title(enc.phase, enc.round)
    standing = [c for c in enc.combatants if not enc.out_of_fight(c)]
    undeclared = [c.name for c in standing if not c.declared]
    unrolled = [c for c in standing if c.initiative_roll is None]
    if undeclared:
        lines.append(f"{title} · declare: {', '.join(undeclared)} "
                     f"{'has' if len(undeclared) == 1 else 'have'} no action yet")
    elif unrolled:
        if enc.options.initiative == "individual":
            who = ", ".join(c.name for c in unrolled)
        else:
            who = ", ".join(dict.fromkeys(c.side for c in unrolled))
        lines.append(f"{title} · initiative: type the d10 for {who} (lower acts first)")
    else:
        order = core.turn_order(enc)
        steps = [f"{group[0].initiative}: " + " + ".join(c.name for c in group)
                 for group in order]
        lines.append(f"{title} · resolution, lower first: " + " → ".join(steps))
    for charger in enc.combatants:
        if charger.declared == "charge":
            setters = [c.name for c in _foes(enc, charger) if c.declared == "set"]
            text = f"{charger.name} charges: its opponents −2 initiative"
            if setters:
                text += f"; {', '.join(setters)} set against it (double damage on a hit)"
            lines.append(text)
    for fleer in enc.combatants:
        owed = list(dict.fromkeys(fleer.free_attacks))
        if owed:
            names = ", ".join(enc.combatant(i).name for i in owed)
            lines.append(f"Free attack due now at {fleer.name}'s back: {names}")
    for side in enc.sides:
        due = morale_due(enc, side)
        if due:
            members = _monsters_of(enc, side)
            fallen = sum(1 for c in members if enc.out_of_fight(c))
            lines.append(f"{side}: {fallen} of {len(members)} down — check morale (2d10 at "
                         f"most ML): {', '.join(c.name for c in due)}")
    return tuple(lines)


def _due(encounter: core.Encounter) -> tuple[DueAction, ...]:
    """A free attack owed at a fleeing back (each foe's, at once), and a morale check per
    side that owes one, rolled by the first of its monsters still owing it (the same count
    the status line gives): what the notice bar offers."""
    enc = _enc(encounter)
    found = list(free_attacks.due(enc, lambda fleer, foe: (
        f"Free attack: {foe.name} at {fleer.name}'s back", f"free:{fleer.id}:0:any")))
    for side in enc.sides:
        due = morale_due(enc, side)
        if due:
            found.append(DueAction(f"Check morale: {side}", due[0].id, "morale"))
    return tuple(found)


def _monsters_of(encounter: AdndEncounter, side: str) -> list[AdndCombatant]:
    return [c for c in encounter.combatants
            if c.side == side and isinstance(c.sheet, MonsterSheet)]


def side_morale_trigger(encounter: AdndEncounter, side: str) -> int:
    """The side's latest morale trigger (:func:`~m3desk.systems.adnd2e.combat.morale_trigger`
    on its monsters out of the fight)."""
    members = _monsters_of(encounter, side)
    return combat.morale_trigger(sum(1 for c in members if encounter.out_of_fight(c)),
                                 len(members))


def morale_due(encounter: AdndEncounter, side: str) -> list[AdndCombatant]:
    """The side's monsters still standing that owe a morale check: the side has reached a
    trigger they have not checked at yet (one that checked and held is not asked again)."""
    trigger = side_morale_trigger(encounter, side)
    return [c for c in _monsters_of(encounter, side)
            if not encounter.out_of_fight(c) and c.morale_checked < trigger]


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | MonsterSheet):
        raise TypeError("an AD&D 2e encounter takes AD&D 2e sheets")
    return AdndCombatant(name=sheet.name, side=side, sheet=sheet)


def _roll_initiative(encounter: core.Encounter, roller: Any) -> core.Encounter:
    """Roll the d10s the options call for (per side, or each) and apply the modifiers."""
    enc = _enc(encounter)
    if enc.options.initiative == "individual":
        for combatant in enc.combatants:
            enc, _ = type_initiative(enc, combatant.id, roller.d(10))
        return enc
    seen: dict[str, str] = {}
    for combatant in enc.combatants:
        seen.setdefault(combatant.side, combatant.id)
    for member in seen.values():
        enc, _ = type_initiative(enc, member, roller.d(10))
    return enc


def _hit_dice(sheet: BaseModel) -> DiceExpr | None:
    """A monster's hit points come from its Hit Dice; a character's are its own."""
    if not isinstance(sheet, MonsterSheet):
        return None
    return d8_hit_dice(sheet.hit_dice, sheet.hit_dice_modifier)


def _check_move(encounter: core.Encounter, combatant_id: str, place: Place) -> MoveCheck:
    from m3desk.systems.adnd2e import moves  # it reads this module's encounter

    return moves.check_move(encounter, combatant_id, place)


def _make_move(encounter: core.Encounter, combatant_id: str, place: Place
               ) -> tuple[core.Encounter, str]:
    from m3desk.systems.adnd2e import moves

    return moves.make_move(encounter, combatant_id, place)


def declare_attack(encounter: core.Encounter, combatant_id: str) -> tuple[core.Encounter, str]:
    """The combatant attacks its nearest foe standing: where it stands when the foe is within
    a square; else fires when a missile weapon reaches it; else closes in (half its combat
    movement, still attacking). A charge's +2 and its AC penalty stay the GM's call."""
    enc = _enc(encounter)
    combatant = _combatant(enc, combatant_id)
    foes = [c for c in enc.combatants if c.side != combatant.side and not enc.out_of_fight(c)]
    if not foes:
        raise ValueError(f"{combatant.name} has no foe standing to attack.")
    feet = min(core.position_between(enc, combatant_id, foe.id) for foe in foes)
    options = _options(enc)
    missiles = [ranges for attack in attacks_of(combatant.sheet, options) if attack.missile
                and (ranges := ranges_feet(attack, options)) is not None]
    if feet <= MELEE_FEET:
        chosen = "attack"
    elif any(feet <= ranges[2] for ranges in missiles):
        chosen = "fire"
    else:
        chosen = "close"
    return declare(enc, combatant_id, chosen)


def _turn_over(encounter: core.Encounter, actor: str, option: ActionOption) -> bool:
    """An attack or a spell is the combatant's action, unless a missile weapon's rate of fire
    leaves it another shot this round."""
    if option.group not in ("attack", "spell"):
        return False
    combatant = _combatant(encounter, actor)
    counted = combatant.fire_round == encounter.round and combatant.fire_credit is not None
    return not (counted and option.group == "attack" and (combatant.fire_credit or 0) >= 1)


ENCOUNTER_RULES = EncounterRules(
    encounter_type=AdndEncounter, make_combatant=_make_combatant, pool=_pool, columns=COLUMNS,
    cell=_cell, edit=_edit, initiative_tip=_initiative_tip, rings=_rings, reach=_reach,
    centre_summary=_centre_summary, roll_initiative=_roll_initiative, actions=_actions,
    preview=_preview, resolve=_resolve, status=_status, due=_due, hit_dice=_hit_dice,
    with_hit_points=with_hit_points, experience=experience.experience,
    award_experience=experience.award, check_move=_check_move, make_move=_make_move,
    setup_steps=SETUP_STEPS, turn_over=_turn_over, declare_attack=declare_attack)
