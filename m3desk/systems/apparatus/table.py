"""How an Apparatus fight runs at the table: the tracker's columns, the board's rings, the
action dialog's actions (see :mod:`m3desk.systems.apparatus.actions`) and the status lines.

Tracker columns: hit points; Movement left of the turn's Movement (a bar); the Standard
Action (ticked when spent); the Difficulty Rating of the ground the combatant moves through
(a spin box: movement actions cost +1 per metre per rating); conditions, typed as words
("prone, poisoned, exhaustion 3, charmed by Goblin").
"""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.dice import Roller
from m3desk.core.encounter import ConditionState
from m3desk.core.forecast_loaded import forecast_from
from m3desk.core.numbers import minus, pool_text
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.system import ActionOption, Cell, EncounterRules, Reach, Ring, TrackerColumn
from m3desk.core.terms import Term, rolled
from m3desk.systems.apparatus import actions as acts
from m3desk.systems.apparatus import moves
from m3desk.systems.apparatus.encounter_setup import SETUP_STEPS
from m3desk.systems.apparatus.grapple import TIER_EFFECTS
from m3desk.systems.apparatus.movement import movement_text
from m3desk.systems.apparatus.sheet import CONDITION_IDS, CharacterSheet, CreatureSheet
from m3desk.systems.apparatus.state import (
    MAX_DIFFICULTY,
    ApparatusCombatant,
    ApparatusEncounter,
    base_speed,
    options_of,
    sheet_of,
    speed_now,
    turn_state,
    with_turn,
)

__all__ = ["COLUMNS", "ENCOUNTER_RULES", "MAX_DIFFICULTY", "parse_conditions"]

COLUMNS = (
    TrackerColumn(
        "hp",
        "HP",
        "Hit points, current/maximum; type a number to set them",
        kind="pool",
        sample="999/999",
    ),
    TrackerColumn(
        "move",
        "Movement",
        "Movement left of this turn's Movement (Speed, + Speed "
        "after a Dash); unspent Movement is lost at the end of the turn",
        kind="pool",
        sample="12½/24",
    ),
    TrackerColumn(
        "action",
        "Action",
        "The turn's one Standard Action: ticked once spent",
        kind="check",
        sample="spent",
        centred=True,
    ),
    TrackerColumn(
        "terrain",
        "Terrain",
        "Difficulty Rating of the ground being crossed where "
        "the map has none painted: each metre of run, climb, swim or crawl costs "
        "+1 per rating",
        sample="20",
        centred=True,
        number_range=(0, MAX_DIFFICULTY),
    ),
    TrackerColumn(
        "conditions",
        "Conditions",
        "Type conditions separated by commas: prone, "
        "restrained, unseen, obscured, frightened, poisoned, incapacitated, "
        "exhaustion 3, charmed by <name>",
        sample="prone, poisoned, exhaustion 3",
        stretch=True,
    ),
)


def _pool(combatant: core.Combatant) -> tuple[int, int]:
    sheet = combatant.sheet
    return (sheet.hit_points, sheet.max_hit_points)


def _condition_text(encounter: core.Encounter, combatant_id: str, *, derived: bool) -> str:
    words: list[str] = []
    for placed in encounter.combatant(combatant_id).conditions:
        if placed.condition == "exhaustion":
            words.append(f"exhaustion {placed.value}")
        elif placed.condition == "charmed" and placed.source:
            source = next((c.name for c in encounter.combatants if c.id == placed.source), None)
            words.append(f"charmed by {source}" if source else "charmed")
        else:
            words.append(placed.condition)
    if derived and isinstance(encounter, ApparatusEncounter):
        for grapple in encounter.grapples:
            if grapple.target == combatant_id:
                holder = encounter.combatant(grapple.grappler).name
                words.append(f"grappled by {holder} ({grapple.tier})")
                if grapple.tier != "basic":
                    words.append("restrained (grapple)")
            if grapple.grappler == combatant_id:
                words.append(f"grappling {encounter.combatant(grapple.target).name}")
        if combatant_id in encounter.evading:
            words.append("evading")
        state = turn_state(encounter, combatant_id)
        if state is not None and state.disengaged:
            words.append("disengaged")
    return ", ".join(words)


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    sheet = combatant.sheet
    if column == "hp":
        return Cell(
            text=pool_text(sheet.hit_points, sheet.max_hit_points),
            pool=_pool(combatant),
            editable=True,
            edit_text=str(sheet.hit_points),
        )
    state = turn_state(encounter, combatant.id)
    if column == "move":
        speed = base_speed(encounter, combatant.id)
        if state is None:
            now, why = speed_now(encounter, combatant.id)
            return Cell(
                text=f"—/{now}",
                tip=f"Speed {now}"
                + (f" ({why})" if why else "")
                + "; Movement is generated at the start of the turn",
            )
        _now, why = speed_now(encounter, combatant.id)
        tip = [
            f"Speed {speed}" + (f" ({why})" if why else ""),
            f"Movement this turn {state.generated}" + (" (Dash)" if state.dashed else ""),
            f"left {movement_text(state.halves)}",
        ]
        if state.long_jumped:
            tip.append("a running long jump ended the movement")
        return Cell(
            text=f"{movement_text(state.halves)}/{state.generated}",
            pool=(state.halves // 2, max(state.generated, 1)),
            tip="; ".join(tip),
        )
    if column == "action":
        if state is None:
            return Cell(text="—", tip="Only the combatant whose turn it is acts")
        return Cell(
            text="spent" if state.action_used else "left",
            checked=state.action_used,
            editable=True,
            tip="The Standard Action of this turn",
        )
    if column == "terrain":
        rating = (
            encounter.terrain.get(combatant.id, 0)
            if isinstance(encounter, ApparatusEncounter)
            else 0
        )
        return Cell(
            text=str(rating),
            editable=True,
            tip="clear ground" if not rating else f"Difficulty Rating {rating}",
        )
    shown = _condition_text(encounter, combatant.id, derived=True)
    return Cell(
        text=shown,
        tip=shown,
        editable=True,
        edit_text=_condition_text(encounter, combatant.id, derived=False),
    )


def parse_conditions(
    encounter: core.Encounter, combatant_id: str, text: str
) -> tuple[ConditionState, ...]:
    """Typed words into conditions, keeping those already placed (and their stamps)."""
    existing = list(encounter.combatant(combatant_id).conditions)
    found: list[ConditionState] = []
    for raw in text.split(","):
        word = " ".join(raw.strip().lower().split())
        if not word:
            continue
        condition, value, source = word, 0, None
        if word.startswith("exhaustion"):
            level = word.removeprefix("exhaustion").strip() or "1"
            if not level.isdigit() or not 1 <= int(level) <= 6:
                raise ValueError("Exhaustion is a level from 1 to 6, like “exhaustion 3”.")
            condition, value = "exhaustion", int(level)
        elif word.startswith("charmed by "):
            name = word.removeprefix("charmed by ").strip()
            match = [c.id for c in encounter.combatants if c.name.lower() == name]
            if not match:
                raise ValueError(f"No combatant is called “{name}”.")
            condition, source = "charmed", match[0]
        elif word not in CONDITION_IDS:
            raise ValueError(
                f"“{raw.strip()}” is not a condition; known: "
                f"{', '.join(CONDITION_IDS)}, exhaustion N, charmed by <name>."
            )
        same = next(
            (
                c
                for c in existing
                if c.condition == condition and c.value == value and c.source == source
            ),
            None,
        )
        if same is not None:
            existing.remove(same)
            found.append(same)
        else:
            label = condition.capitalize() + (f" {value}" if value else "")
            found.append(
                ConditionState(condition=condition, name=label, value=value, source=source)
            )
    return tuple(found)


def _edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
    if not isinstance(encounter, ApparatusEncounter):
        raise TypeError("not an Apparatus encounter")
    name = encounter.combatant(combatant_id).name
    if column == "hp":
        sheet = sheet_of(encounter, combatant_id)
        value = int(text.replace("−", "-"))
        healed = sheet.model_copy(update={"hit_points": min(value, sheet.max_hit_points)})
        return (
            core.replace_sheet(encounter, combatant_id, healed),
            f"Set {name}'s hit points to {minus(healed.hit_points)}",
        )
    if column == "terrain":
        rating = int(text)
        if not 0 <= rating <= MAX_DIFFICULTY:
            raise ValueError(f"A Difficulty Rating is 0 to {MAX_DIFFICULTY}.")
        terrain = {**encounter.terrain, combatant_id: rating}
        return (
            encounter.model_copy(update={"terrain": terrain}),
            f"{name} on terrain of difficulty {rating}",
        )
    if column == "action":
        state = turn_state(encounter, combatant_id)
        if state is None:
            raise ValueError(f"It is not {name}'s turn.")
        used = text == "true"
        return (
            with_turn(encounter, combatant_id, state.model_copy(update={"action_used": used})),
            f"{name}'s Standard Action {'spent' if used else 'restored'}",
        )
    conditions = parse_conditions(encounter, combatant_id, text)
    after = core.update_combatant(encounter, combatant_id, conditions=conditions)
    stamps = {
        k: v
        for k, v in after.applied_at.items()
        if k not in {c.id for c in encounter.combatant(combatant_id).conditions}
        or k in {c.id for c in conditions}
    }
    applied = dict(stamps)
    for condition in conditions:
        applied.setdefault(
            condition.id, core.AppliedAt(round=encounter.round, count=core.current_count(encounter))
        )
    after = after.model_copy(update={"applied_at": applied})
    if "incapacitated" in {c.condition for c in conditions}:
        # An Incapacitated grappler lets go; an Incapacitated evader stops evading.
        after = after.model_copy(
            update={
                "grapples": tuple(g for g in after.grapples if g.grappler != combatant_id),
                "evading": tuple(i for i in after.evading if i != combatant_id),
            }
        )
    text_after = _condition_text(after, combatant_id, derived=False) or "none"
    return core.add_log(
        after, f"{name}: {text_after}", actor=combatant_id
    ), f"Set {name}'s conditions"


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    sheet = sheet_of(encounter, centre)
    weapons = acts.weapons_of(sheet)
    reach = max((w.reach for w in weapons if not w.ranged), default=1)
    rings = [Ring(reach, "melee reach", "reach")]
    state = turn_state(encounter, centre)
    here = encounter.places.get(centre)
    rating = moves.rating_at(encounter, centre, here) if here is not None else 0
    # How far a run on the ground it stands on reaches (terrain elsewhere may cost more).
    if state is not None:
        run = 0 if state.long_jumped else state.halves // 2 // (1 + rating)
        if run:
            rings.append(Ring(run, "Movement left", "move"))
    else:
        speed, _why = speed_now(encounter, centre)
        if speed:
            rings.append(Ring(speed // (1 + rating), "Speed", "move"))
    options = options_of(encounter)
    for weapon in weapons:
        if weapon.ranged:
            near, far = weapon.ranges(options)
            rings += [
                Ring(near, f"{weapon.name} near", "range"),
                Ring(far, f"{weapon.name} Far", "range"),
            ]
    return tuple(rings)


def _reach_at(encounter: core.Encounter, a: str, metres: int) -> Reach:
    options = options_of(encounter)
    usable = [
        w.name
        for w in acts.weapons_of(sheet_of(encounter, a))
        if (w.ranged and metres <= w.ranges(options)[1]) or (not w.ranged and metres <= w.reach)
    ]
    return Reach(options=tuple(usable), in_reach=bool(usable))


_reach = ReachByDistance(_reach_at)
"""The board asks about the centre against everyone: answered once per distance."""


def _centre_summary(encounter: core.Encounter, centre: str) -> tuple[str, ...]:
    lines = []
    options = options_of(encounter)
    for w in acts.weapons_of(sheet_of(encounter, centre)):
        near, far = w.ranges(options)
        where = f"near {near} m, Far {far} m" if w.ranged else f"reach {w.reach} m"
        lines.append(f"{w.name}: {where}")
    return tuple(lines)


def _status(encounter: core.Encounter) -> tuple[str, ...]:
    lines: list[str] = []
    if encounter.turn is not None and encounter.phase != "setup":
        name = encounter.combatant(encounter.turn).name
        state = turn_state(encounter, encounter.turn)
        if state is not None:
            action = "spent" if state.action_used else "unused"
            lines.append(
                f"{name}'s turn: Movement {movement_text(state.halves)} of "
                f"{state.generated} left, Standard Action {action}; unspent Movement "
                "is lost at the end of the turn"
            )
    if isinstance(encounter, ApparatusEncounter):
        for grapple in encounter.grapples:
            lines.append(
                f"{encounter.combatant(grapple.grappler).name} holds "
                f"{encounter.combatant(grapple.target).name}: "
                f"{grapple.tier.capitalize()} grapple ({TIER_EFFECTS[grapple.tier]})"
            )
        for evader in encounter.evading:
            lines.append(
                f"{encounter.combatant(evader).name} is evading until the start of their next turn"
            )
    return tuple(lines)


def _initiative_tip(encounter: core.Encounter, combatant: core.Combatant) -> str:
    agility = sheet_of(encounter, combatant.id).abilities.agility
    return f"1d20 + Agility {agility}, highest first, kept all fight"


def _roll_initiative(encounter: core.Encounter, roller: Roller) -> core.Encounter:
    """1d20 + Agility for everyone without a count, each roll logged with its die."""
    values: dict[str, int | None] = {}
    lines: list[tuple[str, str]] = []
    for combatant in encounter.combatants:
        if combatant.initiative is None:
            face = roller.d(20)
            agility = Term(
                label="Agility", value=sheet_of(encounter, combatant.id).abilities.agility
            )
            values[combatant.id] = face + agility.value
            lines.append(
                (
                    combatant.id,
                    f"{combatant.name} rolls initiative: {rolled('d20', (face,), [agility])}",
                )
            )
    after = core.set_initiative(encounter, values)
    for combatant_id, text in lines:
        after = core.add_log(after, text, actor=combatant_id)
    return after


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | CreatureSheet):
        raise TypeError("an Apparatus encounter takes Apparatus sheets")
    conditions = [ConditionState(condition=c, name=c.capitalize()) for c in sheet.conditions]
    if sheet.exhaustion:
        conditions.append(
            ConditionState(
                condition="exhaustion",
                name=f"Exhaustion {sheet.exhaustion}",
                value=sheet.exhaustion,
            )
        )
    return ApparatusCombatant(name=sheet.name, side=side, sheet=sheet, conditions=tuple(conditions))


def _condition_names(combatant: core.Combatant) -> tuple[str, ...]:
    return tuple(c.name for c in combatant.conditions)


def _turn_over(encounter: core.Encounter, actor: str, _option: ActionOption) -> bool:
    """The Standard Action taken and no Movement left (or a long jump that ended it)."""
    state = turn_state(encounter, actor)
    return state is not None and state.action_used and (state.halves == 0 or state.long_jumped)


ENCOUNTER_RULES = EncounterRules(
    encounter_type=ApparatusEncounter,
    make_combatant=_make_combatant,
    pool=_pool,
    columns=COLUMNS,
    cell=_cell,
    edit=_edit,
    initiative_tip=_initiative_tip,
    rings=_rings,
    reach=_reach,
    centre_summary=_centre_summary,
    condition_names=_condition_names,
    roll_initiative=_roll_initiative,
    actions=acts.actions,
    preview=acts.preview,
    resolve=acts.resolve,
    status=_status,
    check_move=moves.check_move,
    make_move=moves.make_move,
    setup_steps=SETUP_STEPS,
    due=acts.due,
    turn_over=_turn_over,
)
ENCOUNTER_RULES = forecast_from(ENCOUNTER_RULES, "m3desk.systems.apparatus.forecast")
"""The simulator and its policy's words load with the first forecast, not with the game."""
