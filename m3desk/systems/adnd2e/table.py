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
from typing import Any

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.copies import d8_hit_dice, with_hit_points
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import damage_spread, damage_summary, minus, pool_text, signed
from m3desk.core.places import Place
from m3desk.core.routines import ROUTINE_ACTION
from m3desk.core.system import (
    Action,
    ActionOption,
    ActionOutcome,
    ActionPreview,
    Cell,
    DiceSpec,
    EncounterRules,
    MoveCheck,
    TrackerColumn,
)
from m3desk.core.terms import Term, explain, rolled
from m3desk.systems.adnd2e import combat, dialog_moves, effects, experience, moves, routines
from m3desk.systems.adnd2e.action_kinds import AWAY, FLEE, MORALE, TOWARD, WITHDRAW
from m3desk.systems.adnd2e.attack_plan import (
    _armour,
    _attack_options,
    _describe,
    _resolve_attack,
    _yet_to_act,
)
from m3desk.systems.adnd2e.attack_plan import _modifier as _modifier
from m3desk.systems.adnd2e.attack_plan import _Plan as _Plan
from m3desk.systems.adnd2e.attack_plan import _plan as _plan
from m3desk.systems.adnd2e.board import _centre_summary, _reach, _rings
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.encounter import (
    FEET,
    INITIATIVE,
    AdndCombatant,
    AdndEncounter,
    Attack,
    _combatant,
    _declaration,
    _enc,
    _foes,
    _hp,
    _options,
    _pool,
    _size,
    attacks_of,
    ranges_feet,
    routine_of,
)
from m3desk.systems.adnd2e.encounter import MELEE_FEET as MELEE_FEET
from m3desk.systems.adnd2e.encounter import _ranges_feet as _ranges_feet
from m3desk.systems.adnd2e.encounter import allowance as allowance
from m3desk.systems.adnd2e.encounter_setup import SETUP_STEPS
from m3desk.systems.adnd2e.movement import BY_ID, BY_LABEL, DECLARATIONS, moving_rate_of_fire
from m3desk.systems.adnd2e.option_rules import (
    attack_rule,
    death_rule,
    dex_initiative_rule,
    initiative_rule,
)
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.status import _due, _status, morale_due, side_morale_trigger
from m3desk.systems.adnd2e.tables import SAVE_NAMES, Save

__all__ = [
    "ENCOUNTER_RULES",
    "FEET",
    "INITIATIVE",
    "AdndCombatant",
    "AdndEncounter",
    "Attack",
    "attacks_of",
    "morale_due",
    "routine_of",
    "side_morale_trigger",
]


# -- looking things up ----------------------------------------------------------------------


# -- initiative -----------------------------------------------------------------------------


def _shares_side_wide(encounter: AdndEncounter, combatant: AdndCombatant, test: Any) -> bool:
    """Standard initiative counts only modifiers every member of the side shares."""
    side = [c for c in encounter.combatants if c.side == combatant.side]
    return initiative_rule(encounter.options).counts(test, combatant, side)


def initiative_terms(encounter: core.Encounter, combatant: AdndCombatant) -> list[Term]:
    """The modifiers this combatant's initiative carries, each named."""
    enc = _enc(encounter)
    options = enc.options
    terms: list[Term] = []
    chargers = [c.name for c in _foes(enc, combatant) if c.declared == "charge"]
    if chargers:
        terms.append(
            Term(
                label=f"{', '.join(chargers)} charging",
                value=combat.INITIATIVE_MODIFIERS["foe_charges"],
            )
        )
    if _shares_side_wide(enc, combatant, lambda c: c.declared == "set"):
        terms.append(Term(label="set against a charge", value=combat.INITIATIVE_MODIFIERS["set"]))
    if initiative_rule(options).own_modifiers:
        declaration = _declaration(combatant)
        if options.weapon_speed and declaration is not None and declaration.may_attack:
            attacks = attacks_of(combatant.sheet, options)
            fitting = (
                [a for a in attacks if a.missile]
                if declaration.fires
                else [a for a in attacks if a.melee]
            )
            attack = (fitting or list(attacks))[0]
            terms.append(Term(label=f"{attack.name} speed", value=attack.speed))
        if options.casting_time and combatant.declared == "cast" and combatant.casting_time:
            terms.append(Term(label="casting time", value=combatant.casting_time))
        if dex_initiative_rule(options).counts and isinstance(combatant.sheet, CharacterSheet):
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
        value = combatant.initiative_roll + sum(
            t.value for t in initiative_terms(encounter, combatant)
        )
        combatants.append(combatant.model_copy(update={"initiative": value}))
    return core.first_turn_follows(
        before, encounter.model_copy(update={"combatants": tuple(combatants)})
    )


def _initiative_tip(encounter: core.Encounter, combatant: core.Combatant) -> str:
    assert isinstance(combatant, AdndCombatant)
    how = initiative_rule(_options(encounter)).how
    if combatant.initiative_roll is None:
        return f"Initiative: {how}, lower acts first; type it in the d10 column."
    parts = [f"d10 {combatant.initiative_roll}"]
    parts += [f"{t.label} {signed(t.value)}" for t in initiative_terms(encounter, combatant)]
    return f"Initiative {combatant.initiative} = " + ", ".join(parts) + f" ({how})"


# -- the tracker ----------------------------------------------------------------------------

CHOICES = ("—", *(d.label for d in DECLARATIONS))
COLUMNS = (
    TrackerColumn(
        "hp",
        "HP",
        "Hit points, current/maximum; type a number to set them",
        kind="pool",
        sample="999/999",
    ),
    TrackerColumn(
        "ac",
        "AC",
        "Armour class (lower is better); a charger's shown as it stands",
        sample="AC −10",
        centred=True,
    ),
    TrackerColumn("thac0", "THAC0", "To hit AC 0", sample="20", centred=True),
    TrackerColumn(
        "declared",
        "Declared",
        "This round's declared action; its movement category "
        "and how far it lets the combatant move",
        sample="Set against a charge ½",
    ),
    TrackerColumn(
        "roll",
        "d10",
        "The initiative d10 as rolled; the side's roll (standard) "
        "or each one's (individual). Modifiers are added in Init.",
        sample="10",
        centred=True,
        number_range=(1, 10),
    ),
)


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    assert isinstance(combatant, AdndCombatant)
    sheet = combatant.sheet
    if column == "hp":
        return Cell(
            text=pool_text(sheet.hit_points, sheet.max_hit_points),
            pool=_hp(sheet),
            editable=True,
            edit_text=str(sheet.hit_points),
        )
    if column == "ac":
        value, tip = _armour(encounter, combatant)
        return Cell(text=f"AC {minus(value)}", tip=tip)
    if column == "thac0":
        thac0 = derive(sheet, _options(encounter))["thac0"]
        return Cell(text=str(thac0.value), tip=thac0.explanation())
    if column == "declared":
        declaration = _declaration(combatant)
        if declaration is None:
            return Cell(
                text="—",
                tip="Nothing declared yet this round",
                editable=True,
                edit_text="—",
                choices=CHOICES,
            )
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
        return Cell(text=text, tip=tip, editable=True, edit_text=declaration.label, choices=CHOICES)
    roll = combatant.initiative_roll
    return Cell(
        text="" if roll is None else str(roll),
        tip=_initiative_tip(encounter, combatant),
        editable=True,
        edit_text="" if roll is None else str(roll),
    )


def _rate_text(rate: Fraction) -> str:
    """ "2 shots a round", "1 shot a round", "1 shot every 2 rounds" (a rate of ½)."""
    if rate >= 1:
        shots = int(rate) if rate == int(rate) else float(rate)
        return f"{shots} shot{'s' if rate != 1 else ''} a round"
    every = 1 / rate
    rounds = int(every) if every == int(every) else float(every)
    return f"1 shot every {rounds} rounds"


_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(1, 4): "¼",
    Fraction(3, 2): "1½",
    Fraction(5, 2): "2½",
}


def _shots_short(encounter: core.Encounter, combatant: AdndCombatant, declaration_id: str) -> str:
    """The shots a round the declaration allows, short for the tracker ("1 shot", "½ shot")."""
    missiles = [a for a in attacks_of(combatant.sheet, _options(encounter)) if a.missile]
    rate = missiles[0].rate_of_fire
    if declaration_id == "missile":
        rate = moving_rate_of_fire(rate)
    shown = _VULGAR.get(Fraction(rate), str(int(rate)) if rate == int(rate) else f"{rate}")
    return f"{shown} shot{'s' if rate > 1 else ''}"


def fire_rate_words(
    encounter: core.Encounter, combatant: AdndCombatant, declaration_id: str
) -> str:
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
        return (
            f"{attack.name}: {_rate_text(moving)} on the move, "
            f"{_rate_text(attack.rate_of_fire).removesuffix(' a round')} standing"
        )
    return f"{attack.name}: {_rate_text(attack.rate_of_fire)}"


def declare(encounter: AdndEncounter, combatant_id: str, text: str) -> tuple[AdndEncounter, str]:
    """Store the declared action (a label, an id, or "Cast a spell (3)" with its casting
    time); initiative already typed is recomputed (a charge changes the foes')."""
    combatant = _combatant(encounter, combatant_id)
    text = text.strip()
    casting_time = 0
    if text.lower().startswith("cast") and text.endswith(")") and "(" in text:
        inside = text[text.rindex("(") + 1 : -1].strip()
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
    after = core.update_combatant(
        encounter, combatant_id, declared=declaration_id, casting_time=casting_time
    )
    after = _with_initiative(encounter, after)
    label = BY_ID[declaration_id].label if declaration_id else "nothing"
    rate = fire_rate_words(encounter, combatant, declaration_id)
    after = core.add_log(
        after,
        f"{combatant.name} declares: {label}" + (f" ({rate})" if rate else ""),
        actor=combatant_id,
    )
    return after, f"{combatant.name} declares {label}"


def type_initiative(
    encounter: AdndEncounter, combatant_id: str, roll: int | None
) -> tuple[AdndEncounter, str]:
    """The typed d10: the whole side's under standard and group initiative, one's own under
    individual; initiative = the roll + the modifiers."""
    combatant = _combatant(encounter, combatant_id)
    if roll is not None and not 1 <= roll <= 10:
        raise ValueError("A d10 shows 1 to 10.")
    rule = initiative_rule(encounter.options)
    side = [c for c in encounter.combatants if c.side == combatant.side]
    ids = [c.id for c in rule.rollers(combatant, side)]
    after = encounter
    for member in ids:
        after = core.update_combatant(
            after, member, initiative_roll=roll, **({"initiative": None} if roll is None else {})
        )
    after = _with_initiative(encounter, after)
    who = combatant.name if rule.each else combatant.side
    shown = "none" if roll is None else str(roll)
    text = f"{who} initiative: " + (
        "cleared" if roll is None else _initiative_counts(after, ids, roll)
    )
    # A side's die is the side's: the log credits it to no single combatant.
    after = core.add_log(after, text, actor=combatant_id if rule.each else None)
    return after, f"{who} rolls {shown} for initiative"


def _initiative_counts(encounter: AdndEncounter, ids: list[str], roll: int) -> str:
    """ "d10 6, Ogre charging −2 = 4" for the side, or per member where modifiers differ."""
    members = [_combatant(encounter, i) for i in ids]
    texts = {m.id: rolled("d10", (roll,), initiative_terms(encounter, m)) for m in members}
    if len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    return "; ".join(f"{m.name} {texts[m.id]}" for m in members)


def _edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
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
    return (
        core.replace_sheet(encounter, combatant_id, after),
        f"Set {combatant.name}'s hit points to {minus(after.hit_points)}",
    )


# -- actions --------------------------------------------------------------------------------


def _actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    enc = _enc(encounter)
    combatant = _combatant(enc, actor)
    attacks = attacks_of(combatant.sheet, enc.options)
    options: list[ActionOption] = []
    for fleer in enc.combatants:
        if actor in fleer.free_attacks:
            for index, attack in enumerate(attacks):
                options += _attack_options(
                    attack,
                    index,
                    "free",
                    f"Free attack at {fleer.name}'s back with",
                    _size(fleer.sheet),
                    enc.options,
                    fleer.id,
                )
    options += routines.routine_options(enc, combatant)  # "claw/claw/bite or by weapon"
    for index, attack in enumerate(attacks):
        options += _attack_options(attack, index, "attack", "Attack with", None, enc.options)
    declaration = _declaration(combatant)
    if declaration is not None and declaration.id == "withdraw":
        feet = allowance(enc, combatant, "withdraw")
        options.append(
            ActionOption(
                WITHDRAW,
                f"Withdraw from the target ({feet} ft)",
                group="movement",
                help="Back away a third of the movement; the foe may "
                "follow unless an ally engaging it blocks.",
            )
        )
    if declaration is not None and declaration.id == "flee":
        feet = allowance(enc, combatant, "flee")
        options.append(
            ActionOption(
                FLEE,
                f"Flee ({feet} ft)",
                needs_target=False,
                group="movement",
                help="Every foe in reach gets a free attack at the back now, outside initiative.",
            )
        )
    if declaration is not None and declaration.id in ("missile", "move", "close", "charge"):
        feet = allowance(enc, combatant, declaration.id)
        options.append(
            ActionOption(TOWARD, f"Move toward the target (up to {feet} ft)", group="movement")
        )
        options.append(
            ActionOption(AWAY, f"Move away from the target (up to {feet} ft)", group="movement")
        )
    values = derive(combatant.sheet, enc.options)
    for save in Save:
        target = values[f"save.{save.value}"].value
        options.append(
            ActionOption(
                Action("save", variant=save.value),
                f"Save vs {SAVE_NAMES[save]} ({target})",
                needs_target=False,
                dice=(DiceSpec(1, 20, "save"),),
            )
        )
    if isinstance(combatant.sheet, MonsterSheet):
        options.append(
            ActionOption(
                MORALE,
                f"Morale check (ML {combatant.sheet.morale})",
                needs_target=False,
                dice=(DiceSpec(2, 10, "morale"),),
            )
        )
    return tuple(options)


def _preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    kind = action.kind
    enc = _enc(encounter)
    combatant = _combatant(enc, actor)
    if kind == "move":
        return dialog_moves.preview_move(enc, actor, action, target)
    if kind == "save":
        save = Save(action.variant)
        need = derive(combatant.sheet, enc.options)[f"save.{save.value}"].value
        return ActionPreview(
            lines=(f"d20 needs {need} to save vs {SAVE_NAMES[save]}",),
            success=combat.save_chance(need),
        )
    if kind == "morale":
        rating, terms = _morale(combatant)
        line = f"2d10 at most {rating} holds" + (
            " (" + ", ".join(f"{t.label} {signed(t.value)}" for t in terms) + ")" if terms else ""
        )
        return ActionPreview(lines=(line,), success=combat.morale_hold_chance(rating))
    if kind == ROUTINE_ACTION:
        return routines.preview_routine(enc, actor, _number(action), target)
    plan = _plan(enc, actor, action, target)
    if isinstance(plan, str):
        return ActionPreview(problem=plan)
    rule, death = attack_rule(enc.options), death_rule(enc.options)
    chance = rule.chance(_modifier(plan), plan.need)
    defender = _combatant(enc, plan.target).sheet
    outcomes = combat.attack_outcomes(
        _modifier(plan),
        plan.thac0,
        plan.armour,
        plan.dice,
        plan.bonus,
        double=plan.double,
        rule=rule,
    )
    hp = defender.hit_points
    kills = sum(
        (p for damage, p in outcomes.items() if damage and death.dead(hp - damage)), Fraction(0)
    )
    # A hit's damage, from the same outcomes the roll is resolved by (criticals included).
    on_hit = {damage: p / chance for damage, p in outcomes.items() if damage} if chance else {}
    lines = list(_describe(enc, actor, plan))
    if plan.attack.harmless:
        on_hit, kills = {}, Fraction(0)
    if on_hit:
        lines[1] += f": {damage_summary(on_hit)}"
    shown: tuple[tuple[str, Fraction], ...] = (
        () if plan.attack.harmless else ((death.kills_words(hp), kills),)
    )
    if effect_line := effects.effect_preview(enc, plan.target, plan.attack, enc.options):
        lines.append(effect_line)  # the save and the condition (hit × failed save below)
        shown += effects.effect_outcomes(enc, plan.target, plan.attack, chance, enc.options)
    return ActionPreview(
        lines=tuple(lines), success=chance, outcomes=shown, spread=damage_spread(on_hit)
    )


def _number(action: Action) -> int:
    """The routine an action names (0, no routine: the preview says it is not there)."""
    return action.index if action.index is not None else 0


def _morale(combatant: AdndCombatant) -> tuple[int, list[Term]]:
    sheet = combatant.sheet
    assert isinstance(sheet, MonsterSheet)
    terms = []
    loss = combat.morale_loss(sheet.hit_points, sheet.max_hit_points)
    if loss:
        share = "half" if loss == -4 else "a quarter of"
        terms.append(Term(label=f"lost {share} its hit points", value=loss))
    return sheet.morale + loss, terms


def _resolve(
    encounter: core.Encounter,
    actor: str,
    action: Action,
    target: str | None,
    faces: tuple[int, ...],
) -> ActionOutcome:
    enc = _enc(encounter)
    kind = action.kind
    if kind == "move":
        return dialog_moves.resolve_move(enc, actor, action, target)
    combatant = _combatant(enc, actor)
    if kind == "save":
        save = Save(action.variant)
        need = derive(combatant.sheet, enc.options)[f"save.{save.value}"].value
        made = faces[0] >= need
        summary = (
            f"{combatant.name} {'saves' if made else 'fails to save'} vs "
            f"{SAVE_NAMES[save]}: d20 {faces[0]} against {need}"
        )
        notices: tuple[str, ...] = ()
        if not made and combatant.declared == "cast" and _yet_to_act(enc, combatant):
            notices = (f"{combatant.name} loses the spell: a failed save before casting.",)
        return ActionOutcome(core.add_log(enc, summary, actor=actor), summary, notices=notices)
    if kind == "morale":
        rating, terms = _morale(combatant)
        holds = combat.morale_holds(sum(faces), rating)
        base = Term(label="ML", value=rating - sum(t.value for t in terms))
        against = explain("morale", [base, *terms])
        summary = (
            f"{combatant.name} {'holds' if holds else 'breaks'}: "
            f"{rolled('2d10', faces)} against {against}"
        )
        broke = () if holds else (f"{combatant.name} breaks: it flees or surrenders.",)
        checked = core.update_combatant(
            enc, actor, morale_checked=side_morale_trigger(enc, combatant.side)
        )
        return ActionOutcome(core.add_log(checked, summary, actor=actor), summary, notices=broke)
    if kind == ROUTINE_ACTION:
        preview = routines.preview_routine(enc, actor, _number(action), target)
        if preview.problem:
            raise ValueError(preview.problem)
        return routines.resolve_routine(enc, actor, _number(action), target, faces)
    plan = _plan(enc, actor, action, target)
    if isinstance(plan, str):
        raise ValueError(plan)
    return _resolve_attack(enc, combatant, plan, faces)


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | MonsterSheet):
        raise TypeError("an AD&D 2e encounter takes AD&D 2e sheets")
    return AdndCombatant(name=sheet.name, side=side, sheet=sheet)


def _roll_initiative(encounter: core.Encounter, roller: Any) -> core.Encounter:
    """Roll the d10s the options call for (per side, or each) and apply the modifiers."""
    enc = _enc(encounter)
    if initiative_rule(enc.options).each:
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
    return moves.check_move(encounter, combatant_id, place)


def _make_move(
    encounter: core.Encounter, combatant_id: str, place: Place
) -> tuple[core.Encounter, str]:
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
    missiles = [
        ranges
        for attack in attacks_of(combatant.sheet, options)
        if attack.missile and (ranges := ranges_feet(attack, options)) is not None
    ]
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
    encounter_type=AdndEncounter,
    make_combatant=_make_combatant,
    pool=_pool,
    columns=COLUMNS,
    cell=_cell,
    edit=_edit,
    initiative_tip=_initiative_tip,
    rings=_rings,
    reach=_reach,
    centre_summary=_centre_summary,
    roll_initiative=_roll_initiative,
    actions=_actions,
    preview=_preview,
    resolve=_resolve,
    status=_status,
    due=_due,
    hit_dice=_hit_dice,
    with_hit_points=with_hit_points,
    experience=experience.experience,
    award_experience=experience.award,
    check_move=_check_move,
    make_move=_make_move,
    setup_steps=SETUP_STEPS,
    turn_over=_turn_over,
    declare_attack=declare_attack,
)
