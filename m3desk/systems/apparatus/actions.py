"""What a combatant can do on its turn, previewed with exact odds and resolved from the dice.

The generic action dialog has no number field, so each movement step is its own action
carrying its metres ("Climb 2 m — 6 Movement"): only the counts the turn can still pay are
offered (at least one, which then shows why it cannot be taken), at the Difficulty Rating
of the ground set in the tracker's Terrain column. Attacks, grapples, shoves and escapes
are offered per target, because the number of d20 rolled depends on the target (its
conditions change the Advantage); the dialog's own target list is then not needed.

The moves are planned and resolved in :mod:`~m3desk.systems.apparatus.dialog_moves`, on the
shared pieces of :mod:`~m3desk.systems.apparatus.action_basics`; the attacks' and checks'
odds in :mod:`~m3desk.systems.apparatus.dialog_plans`; none imports this module.
"""

from __future__ import annotations

from collections.abc import Callable

from m3desk.core import encounter as core
from m3desk.core import free_attacks
from m3desk.core.numbers import signed
from m3desk.core.system import (
    Action,
    ActionOption,
    ActionOutcome,
    ActionPreview,
    DiceSpec,
    DueAction,
)
from m3desk.core.terms import rolled
from m3desk.systems.apparatus import combat, grapple, moves
from m3desk.systems.apparatus.action_basics import ADJACENT as ADJACENT
from m3desk.systems.apparatus.action_basics import (
    Plan,
    _add,
    _Done,
    _index,
    _kept,
    _name,
    _own_turn,
    _spend,
    _standard_action_problem,
    _terms_text,
    weapons_of,
)
from m3desk.systems.apparatus.derive import derive
from m3desk.systems.apparatus.dialog_moves import _jump_plan as _jump_plan
from m3desk.systems.apparatus.dialog_moves import (
    _left_line,
    _move_plan,
    _movement_options,
    _movement_problem,
    _resolve_move,
    _resolve_turn_action,
)
from m3desk.systems.apparatus.dialog_plans import (
    _advantage_lines,
    _attack_dice,
    _automatic_miss,
    _check_dice,
    _check_plan,
    _grapple_between,
    _threshold,
    attack_terms,
)
from m3desk.systems.apparatus.dialog_plans import _attack_plan as _attack_plan
from m3desk.systems.apparatus.dialog_plans import _defender_net as _defender_net
from m3desk.systems.apparatus.dialog_plans import _net as _net
from m3desk.systems.apparatus.movement import movement_text, stand_cost_halves
from m3desk.systems.apparatus.option_rules import advantage_rule, defense_rule
from m3desk.systems.apparatus.state import (
    ApparatusEncounter,
    base_speed,
    conditions_of,
    options_of,
    sheet_of,
    speed_now,
    turn_state,
)

__all__ = ["actions", "attack_terms", "due", "preview", "resolve", "weapons_of"]


def due(encounter: core.Encounter) -> tuple[DueAction, ...]:
    """The opportunity attacks owed (the table rules make them due): one button per hostile,
    its first melee weapon at the creature that left its reach."""

    def offer(mover: core.Combatant, foe: core.Combatant) -> tuple[str, Action]:
        index = next(
            (k for k, w in enumerate(weapons_of(sheet_of(encounter, foe.id))) if not w.ranged), 0
        )
        return (
            f"Opportunity attack: {foe.name} at {mover.name}",
            Action("free", index, target=mover.id),
        )

    return free_attacks.due(encounter, offer)


def actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    sheet = sheet_of(encounter, actor)
    found = _movement_options(encounter, actor)
    for other in encounter.combatants:
        if actor in other.free_attacks:
            found += [
                ActionOption(
                    Action("free", index, target=other.id),
                    f"Opportunity attack: {weapon.name} → {other.name}",
                    needs_target=False,
                    group="attack",
                    target=other.id,
                    dice=_attack_dice(encounter, actor, other.id, weapon),
                )
                for index, weapon in enumerate(weapons_of(sheet))
                if not weapon.ranged
            ]
    for other in encounter.combatants:
        if other.id == actor:
            continue
        t = other.id
        for index, weapon in enumerate(weapons_of(sheet)):
            found.append(
                ActionOption(
                    Action("attack", index, target=t),
                    f"{weapon.name} → {other.name}",
                    needs_target=False,
                    group="attack",
                    target=t,
                    dice=_attack_dice(encounter, actor, t, weapon),
                )
            )
        found += _grapple_options(encounter, actor, other)
        for how in ("prone", "push"):
            text = "prone" if how == "prone" else "1 m away"
            found.append(
                ActionOption(
                    Action(f"shove_{how}", target=t),
                    f"Shove {other.name} {text}",
                    needs_target=False,
                    group="manoeuvre",
                    target=t,
                    dice=_check_dice(encounter, actor, t, "check"),
                )
            )
        if _grapple_between(encounter, t, actor) is not None:
            # The grappler rolls to sustain its hold on the escaping actor.
            found.append(
                ActionOption(
                    Action("escape", target=t),
                    f"Escape {other.name}'s grapple",
                    needs_target=False,
                    group="manoeuvre",
                    target=t,
                    dice=_check_dice(encounter, t, actor, "sustain"),
                )
            )
    return tuple(found)


def _grapple_options(
    encounter: core.Encounter, actor: str, other: core.Combatant
) -> list[ActionOption]:
    """Grapple ``other``; or, holding it, tighten the grapple or, at complete, a stunt."""
    t = other.id
    found: list[ActionOption] = []
    held = _grapple_between(encounter, actor, t)
    if held is None:
        found.append(
            ActionOption(
                Action("grapple", target=t),
                f"Grapple {other.name}",
                needs_target=False,
                group="manoeuvre",
                target=t,
                dice=_check_dice(encounter, actor, t, "check"),
            )
        )
    else:
        if held.tier != "complete":
            found.append(
                ActionOption(
                    Action("raise", target=t),
                    f"Tighten the grapple on {other.name}",
                    needs_target=False,
                    group="manoeuvre",
                    target=t,
                    dice=_check_dice(encounter, actor, t, "check"),
                )
            )
        else:
            found += [
                ActionOption(
                    Action("stunt_damage", target=t),
                    f"Stunt: crush {other.name}",
                    needs_target=False,
                    group="manoeuvre",
                    target=t,
                    dice=(DiceSpec(1, 6, "damage"),),
                ),
                ActionOption(
                    Action("stunt_breath", target=t),
                    f"Stunt: stop {other.name} breathing",
                    needs_target=False,
                    group="manoeuvre",
                    target=t,
                ),
            ]
    return found


# -- the dispatch --------------------------------------------------------------------------


def _own_plan(encounter: core.Encounter, actor: str, action: Action) -> Plan:
    head = action.kind
    if head == "move":
        return _move_plan(encounter, actor, action.variant, action.amount)
    if head in ("high", "long"):
        return _jump_plan(encounter, actor, head, action.amount)[0]
    if head == "prone":
        problem = _own_turn(encounter, actor)
        if not problem and "prone" in conditions_of(encounter, actor):
            problem = f"{_name(encounter, actor)} is already prone."
        return Plan(problem=problem, lines=("Drop prone: no Movement.",))
    if head == "stand":
        cost = stand_cost_halves(base_speed(encounter, actor), options_of(encounter))
        problem = _own_turn(encounter, actor)
        if not problem and "prone" not in conditions_of(encounter, actor):
            problem = f"{_name(encounter, actor)} is not prone."
        problem = problem or _movement_problem(encounter, actor, cost)
        return Plan(
            problem=problem,
            lines=(
                f"Stand up: ½ Speed {base_speed(encounter, actor)} = {movement_text(cost)} "
                "Movement",
                _left_line(turn_state(encounter, actor), cost),
            ),
        )
    if head == "dash":
        speed, why = speed_now(encounter, actor)
        problem = _standard_action_problem(encounter, actor)
        state = turn_state(encounter, actor)
        if not problem and state is not None and state.long_jumped:
            problem = "A running long jump ended this turn's movement."
        lines = [f"Dash: + Speed {speed} Movement this turn" + (f" ({why})" if why else "")]
        if state is not None:
            lines.append(
                f"Movement {movement_text(state.halves)} → "
                f"{movement_text(state.halves + 2 * speed)} left"
            )
        return Plan(problem=problem, lines=tuple(lines))
    if head == "disengage":
        return Plan(
            problem=_standard_action_problem(encounter, actor),
            lines=("Movement provokes no opportunity attacks for the rest of this turn.",),
        )
    return Plan(
        problem=_standard_action_problem(encounter, actor),
        lines=(  # evade
            "Defense rolls have Advantage until the start of the next turn (attacks against "
            "the evader have −1 Advantage with static Defense); lost if Incapacitated or "
            "Speed drops to 0.",
        ),
    )


_OWN_ACTIONS = ("move", "high", "long", "prone", "stand", "dash", "disengage", "evade")
"""The actions that name no other creature: moving, jumping, standing, the turn's actions."""


def _plan(encounter: core.Encounter, actor: str, action: Action) -> Plan:
    head = action.kind
    if head in _OWN_ACTIONS:
        return _own_plan(encounter, actor, action)
    target = action.target
    if target is None:
        raise ValueError(f"the action {action} names no creature")
    if head in ("attack", "free"):
        return _attack_plan(encounter, actor, _index(action), target, head == "free").plan
    if head == "grapple":
        return _grapple_plan(encounter, actor, target)
    if head == "raise":
        check = _check_plan(encounter, actor, target, "raise", actor)
        held = _grapple_between(encounter, actor, target)
        tier = held.tier if held else "basic"
        following = "Complete" if tier == "advanced" else "Advanced"
        crit = "Complete" if tier == "basic" else "Complete and a stunt at once"
        return check.plan._replace(
            lines=(
                *check.plan.lines,
                f"{tier.capitalize()} grapple; success: {following}; critical: {crit}",
            )
        )
    if head in ("shove_prone", "shove_push"):
        check = _check_plan(encounter, actor, target, "shove", actor)
        effect = "knocked Prone" if head == "shove_prone" else "pushed 1 m"
        return check.plan._replace(lines=(*check.plan.lines, f"Success: the target is {effect}"))
    if head == "escape":
        return _escape_plan(encounter, actor, target)
    if head in ("stunt_damage", "stunt_breath"):
        problem = _standard_action_problem(encounter, actor)
        held = _grapple_between(encounter, actor, target)
        if not problem and (held is None or held.tier != "complete"):
            problem = "Stunts need a Complete grapple."
        if head == "stunt_breath":
            return Plan(
                problem=problem,
                lines=(f"{_name(encounter, target)} cannot breathe: it asphyxiates for a turn.",),
            )
        terms = derive(sheet_of(encounter, actor), options_of(encounter))["grapple"].terms
        bonus = [(t.label, t.value) for t in terms if t.label != "Combat Proficiency"]
        return Plan(problem=problem, lines=(f"Damage 1d6 {_terms_text(bonus)}",))
    raise ValueError(f"unknown action {action!r}")


def _grapple_plan(encounter: core.Encounter, actor: str, target: str) -> Plan:
    check = _check_plan(encounter, actor, target, "grapple", actor)
    return check.plan._replace(
        lines=(
            *check.plan.lines,
            "Success: Basic Grapple (Speed 0); critical: Advanced at once (Restrained)",
        )
    )


def _escape_plan(encounter: core.Encounter, actor: str, grappler: str) -> Plan:
    check = _check_plan(encounter, grappler, actor, "sustain", actor)
    held = _grapple_between(encounter, grappler, actor)
    tier = held.tier if held else "basic"
    after = grapple.downgraded(tier)
    result = "the grapple ends" if after is None else f"it drops to {after.capitalize()}"
    success = None if check.plan.success is None else 1 - check.plan.success
    return Plan(
        problem=check.plan.problem,
        lines=(
            f"{_name(encounter, grappler)} rolls to sustain the {tier.capitalize()} grapple:",
            *check.plan.lines,
            f"If the sustain check fails, {result}",
        ),
        success=success,
    )


def preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    plan = _plan(encounter, actor, action)
    return ActionPreview(
        lines=plan.lines, success=plan.success, outcomes=plan.outcomes, problem=plan.problem
    )


def _set_grapple(
    encounter: ApparatusEncounter, grappler: str, target: str, tier: grapple.Tier | None
) -> ApparatusEncounter:
    kept = tuple(
        g for g in encounter.grapples if not (g.grappler == grappler and g.target == target)
    )
    if tier is not None:
        kept = (*kept, grapple.Grapple(grappler=grappler, target=target, tier=tier))
    return encounter.model_copy(update={"grapples": kept})


def _resolve_attack(
    e: ApparatusEncounter,
    actor: str,
    index: int,
    target: str,
    faces: tuple[int, ...],
    free: bool = False,
) -> _Done:
    found = _attack_plan(e, actor, index, target, free)
    spent = free_attacks.settled(e, target, actor) if free else _spend(e, actor, action=True)
    options = options_of(e)
    weapon = found.weapon
    if _automatic_miss(e, target, found.net):
        # No die is rolled; the record still names every source that took the Advantage.
        summary = (
            f"{_name(e, actor)} misses {_name(e, target)} with the {weapon.name} automatically"
        )
        sources = _advantage_note(found.sources, found.net, e)
        return _Done(
            spent,
            f"{summary} (net Advantage {signed(found.net)}: automatic failure)",
            record=f"{summary}, no die rolled{sources}",
        )
    kept, rest = _kept(faces, combat.dice_count(found.net, options), found.net)
    defense = found.defense
    if defense_rule(options).rolled:
        defender_net = _defender_net(e, target)
        defended, rest = _kept(rest, combat.dice_count(defender_net, options), defender_net)
        defense += defended
    verdict = combat.judge(
        kept,
        found.bonus,
        defense,
        found.net,
        options,
        incapacitated_target="incapacitated" in conditions_of(e, target),
        threshold=_threshold(e, actor),
    )
    name, foe = _name(e, actor), _name(e, target)
    after = spent
    roll = f"{kept} {signed(found.bonus)} against {defense}"
    count = combat.dice_count(found.net, options)
    record = _roll_record(faces[:count], kept, found.net, found.terms, e) + (
        f" against {found.defense_label} {found.defense}"
        if defense_rule(options).static
        else f" against the defender's {defense}"
    )
    record += _advantage_note(found.sources, found.net, e)
    automatic = advantage_rule(options).automatic(found.net)
    if verdict == "miss":
        how = " automatically" if automatic and found.net < 0 else ""
        return _Done(
            after,
            f"{name} misses {foe} with the {weapon.name}{how} ({roll})",
            record=f"{name} misses {foe} with the {weapon.name}{how}: {record}",
        )
    damage = 0
    shown = []
    for expr in weapon.dice():
        damage += expr.total(rest[: expr.count])
        shown.append(f"{expr} ({', '.join(str(face) for face in rest[: expr.count])})")
        rest = rest[expr.count :]
    extra = combat.crit_extra(weapon.dice()) if verdict == "crit" else 0
    damage = max(0, damage + extra)
    sheet = sheet_of(after, target)
    after = core.replace_sheet(
        after, target, sheet.model_copy(update={"hit_points": sheet.hit_points - damage})
    )
    how = {
        "hit": "hits",
        "crit": "critically hits",
        "crit_normal": "hits (a critical roll that would have missed)",
    }[verdict]
    summary = f"{name} {how} {foe} with the {weapon.name} for {damage}"
    if extra:
        summary += f" (+{extra} critical)"
    if automatic and found.net > 0:
        summary += " (automatic at net Advantage +3)"
    shown += [f"critical +{extra}"] if extra else []
    record += f"; damage {', '.join(shown)} = {damage}"
    notices = []
    if sheet.hit_points - damage <= 0:
        notices.append(f"{foe} is at {sheet.hit_points - damage} hit points.")
    return _Done(after, summary, tuple(notices), details=roll, record=f"{summary}: {record}")


def _advantage_note(sources: tuple[combat.Source, ...], net: int, encounter: core.Encounter) -> str:
    """ "; Advantage: attacker Unseen +1 → net +1: …" when anything gave or took Advantage."""
    return "; " + _advantage_lines(sources, net, encounter)[0] if sources else ""


def _roll_record(
    faces: tuple[int, ...],
    kept: int,
    net: int,
    terms: tuple[tuple[str, int], ...],
    encounter: core.Encounter,
) -> str:
    """ "3d20 (4, 17, 9) keep the highest 17, Agility +3 … = 22": every d20 rolled, the one
    kept, each addend by name, the total."""
    options = options_of(encounter)
    if len(faces) > 1:
        dice = (
            f"{len(faces)}d20 ({', '.join(str(f) for f in faces)}) keep the "
            f"{'highest' if net > 0 else 'lowest'} {kept}"
        )
    else:
        dice = f"d20 {kept}"
    parts = [dice, *(f"{label} {signed(value)}" for label, value in terms if value)]
    flat = advantage_rule(options).flat(net)
    if flat:
        parts.append(f"Advantage {signed(flat)}")
    return ", ".join(parts) + f" = {kept + sum(v for _l, v in terms) + flat}"


def _check(
    e: ApparatusEncounter, roller: str, target: str, kind: str, acting: str, faces: tuple[int, ...]
) -> tuple[grapple.CheckResult, str, str]:
    """The check's result, its short roll ("14 +3 against Physique Rating 12") and the
    record of it: every d20, each addend by name, the Advantage sources."""
    plan = _check_plan(e, roller, target, kind, acting)
    options = options_of(e)
    count = combat.dice_count(plan.net, options)
    kept, _rest = _kept(faces, count, plan.net)
    result = grapple.check_result(
        kept, plan.bonus, plan.physique, plan.net, options, threshold=_threshold(e, roller)
    )
    terms = tuple((t.label, t.value) for t in derive(sheet_of(e, roller), options)["grapple"].terms)
    who = f"{_name(e, roller)}'s check " if roller != acting else ""
    full = (
        f"{who}{_roll_record(faces[:count], kept, plan.net, terms, e)} against Physique "
        f"Rating {plan.physique}" + _advantage_note(plan.sources, plan.net, e)
    )
    return result, f"{kept} {signed(plan.bonus)} against Physique Rating {plan.physique}", full


def _resolve_grapple(
    e: ApparatusEncounter, actor: str, head: str, target: str, faces: tuple[int, ...]
) -> _Done:
    name, foe = _name(e, actor), _name(e, target)
    roller, against = (target, actor) if head == "escape" else (actor, target)
    kind = (
        "sustain"
        if head == "escape"
        else "shove"
        if head.startswith("shove")
        else "grapple"
        if head == "grapple"
        else "raise"
    )
    result, roll, full = _check(e, roller, against, kind, actor, faces)
    after = _spend(e, actor, action=True)

    def done(
        encounter: ApparatusEncounter, text: str, notices: tuple[str, ...] = (), shown: bool = True
    ) -> _Done:
        summary = f"{text} ({roll})" if shown else text
        return _Done(encounter, summary, notices, roll, record=f"{text}: {full}")

    if head == "escape":
        held = _grapple_between(e, target, actor)
        tier = held.tier if held else "basic"
        if result != "failure":
            return done(after, f"{name} fails to escape {foe}'s grapple")
        lower = grapple.downgraded(tier)
        after = _set_grapple(after, target, actor, lower)
        what = "is free" if lower is None else f"loosens it to {lower.capitalize()}"
        return done(
            after,
            f"{name} escapes {foe}'s {tier.capitalize()} grapple and {what}",
            (
                f"{name}'s Speed returns"
                if lower is None
                else f"{name} is still held ({grapple.TIER_EFFECTS[lower]}).",
            ),
            shown=False,
        )
    if result == "failure":
        verb = {"shove": "shove", "grapple": "grapple", "raise": "tighten the grapple on"}[kind]
        return done(after, f"{name} fails to {verb} {foe}")
    if head == "shove_prone":
        return done(_add(after, target, "prone"), f"{name} shoves {foe} prone")
    if head == "shove_push":
        after, moved_too = moves.forced_move(
            after, target, moves.pushed_place(after, actor, target)
        )
        return done(after, f"{name} pushes {foe} 1 m away", moved_too)
    if head == "grapple":
        first: grapple.Tier = "advanced" if result == "critical" else "basic"
        after = _set_grapple(after, actor, target, first)
        crit = " (critical: Advanced at once)" if result == "critical" else ""
        return done(
            after, f"{name} grapples {foe}{crit}", (f"{foe}: {grapple.TIER_EFFECTS[first]}.",)
        )
    held = _grapple_between(e, actor, target)
    before = held.tier if held else "basic"
    tier, stunt = grapple.raised(before, result)
    after = _set_grapple(after, actor, target, tier)
    notices = [f"{foe}: {grapple.TIER_EFFECTS[tier]}."]
    if stunt:
        notices.append(f"Critical success: {name} also performs one Complete-grapple stunt now.")
    return done(
        after, f"{name} tightens the grapple on {foe} to {tier.capitalize()}", tuple(notices)
    )


def _resolve_stunt(
    e: ApparatusEncounter, actor: str, head: str, target: str, faces: tuple[int, ...]
) -> _Done:
    name, foe = _name(e, actor), _name(e, target)
    after = _spend(e, actor, action=True)
    if head == "stunt_breath":
        return _Done(after, f"{name} stops {foe} breathing", (f"{foe} asphyxiates for a turn.",))
    terms = [
        t
        for t in derive(sheet_of(e, actor), options_of(e))["grapple"].terms
        if t.label != "Combat Proficiency"
    ]
    bonus = sum(t.value for t in terms)
    if not faces:
        raise ValueError("the stunt's d6 must be typed or rolled")
    damage = max(0, faces[0] + bonus)
    sheet = sheet_of(after, target)
    after = core.replace_sheet(
        after, target, sheet.model_copy(update={"hit_points": sheet.hit_points - damage})
    )
    text = f"{name} crushes {foe} for {damage}"
    return _Done(
        after,
        f"{text} ({faces[0]} {signed(bonus)})",
        record=f"{text}: {rolled('d6', faces[:1], terms, total_value=damage)}",
    )


def resolve(
    encounter: core.Encounter,
    actor: str,
    action: Action,
    target: str | None,
    faces: tuple[int, ...],
) -> ActionOutcome:
    if not isinstance(encounter, ApparatusEncounter):
        raise TypeError("not an Apparatus encounter")
    plan = _plan(encounter, actor, action)
    if plan.problem:
        raise ValueError(plan.problem)
    head = action.kind
    aimed = action.target or ""
    handlers: dict[str, Callable[[], _Done]] = {
        "attack": lambda: _resolve_attack(encounter, actor, _index(action), aimed, faces),
        "free": lambda: _resolve_attack(encounter, actor, _index(action), aimed, faces, free=True),
        "dash": lambda: _resolve_turn_action(encounter, actor, head),
        "disengage": lambda: _resolve_turn_action(encounter, actor, head),
        "evade": lambda: _resolve_turn_action(encounter, actor, head),
        "stunt_damage": lambda: _resolve_stunt(encounter, actor, head, aimed, faces),
        "stunt_breath": lambda: _resolve_stunt(encounter, actor, head, aimed, faces),
    }
    for grappling in ("grapple", "raise", "shove_prone", "shove_push", "escape"):
        handlers[grappling] = lambda: _resolve_grapple(encounter, actor, head, aimed, faces)
    done = handlers[head]() if head in handlers else _resolve_move(encounter, actor, action)
    if head == "free":
        done = done._replace(
            summary=f"{done.summary} (opportunity attack)",
            record=f"Opportunity attack: {done.record or done.summary}",
        )
    target_id = (
        action.target if head in handlers and head not in ("dash", "disengage", "evade") else None
    )
    logged = core.add_log(
        done.encounter,
        done.record or done.summary,
        actor=actor,
        target=target_id,
        details=done.details,
    )
    return ActionOutcome(logged, done.summary, done.details, done.notices)
