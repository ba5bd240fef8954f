"""Applying a resolved action to the encounter: one new state, one log entry, one undo step.

Qt-free so it can be tested and benchmarked alone. The sheet changes come from
:func:`~m3desk.systems.monsters_and_magic.apply_plan`; this module only puts them into the
encounter (sheets,
range, help, when conditions were placed) and writes the log line.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import CharacterSheet, MonsterSheet, apply_plan
from m3desk.systems.monsters_and_magic.action import Resolution
from m3desk.systems.monsters_and_magic.action_defaults import is_help
from m3desk.systems.monsters_and_magic.check_request import CheckRequest
from m3desk.systems.monsters_and_magic.check_text import details_text, record_text
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_log,
    mark_applied,
    replace_sheet,
    set_range,
)
from m3desk.systems.monsters_and_magic.spend_draft import SpendDraft
from m3desk.systems.monsters_and_magic.spend_offer import offer_for

__all__ = ["AppliedAction", "apply_action"]

Sheet = CharacterSheet | MonsterSheet
LOG_TEXT_LIMIT = 2000
DETAILS_LIMIT = 20_000


@dataclass(frozen=True, slots=True)
class AppliedAction:
    """The encounter after the action, and the words for the log and the undo menu."""

    encounter: Encounter
    undo_text: str
    log_text: str
    details: str


def _without(sheet: Sheet, used: set[str]) -> Sheet:
    if not used or not any(c.id in used for c in sheet.conditions):
        return sheet
    return sheet.model_copy(
        update={"conditions": tuple(c for c in sheet.conditions if c.id not in used)}
    )


def _used_help(sheet: Sheet, ticked: tuple[str, ...]) -> set[str]:
    """Help is for one check: the ticked "help from …" effects are used up by it."""
    wanted = set(ticked)
    return {c.id for c in sheet.conditions if c.id in wanted and is_help(c)}


def apply_action(
    encounter: Encounter, request: CheckRequest, resolution: Resolution, draft: SpendDraft
) -> AppliedAction:
    """The encounter after the check and its spends; ValueError if the spends are illegal."""
    offer = offer_for(encounter, request, resolution)
    problems = offer.problems(draft)
    if problems:
        raise ValueError("; ".join(problems))
    actor_id = request.actor_id
    actor = encounter.combatant(actor_id)
    target_id = request.resisting_target_id
    actor_sheet: Sheet = actor.sheet
    target_sheet: Sheet | None = offer.target
    if resolution.failure in (None, "simple"):
        summary = "nothing to spend"
    else:
        summary = f"nothing to spend; a {resolution.failure} consequence for the actor is due"
    new_range = None
    stamped: list[str] = []
    if resolution.succeeded:
        outcome = apply_plan(
            offer.plan(draft),
            resolution.effect_points,
            actor=actor_sheet,
            target=target_sheet,
            damage_cap=offer.damage_cap,
            current_range=offer.current_range,
            rules=encounter.options,
            reach=offer.reach,
            moving_only=offer.moving_only,
        )
        actor_sheet, target_sheet = outcome.actor, outcome.target
        new_range = outcome.range
        stamped = [c.id for c in outcome.conditions_added]
        summary = outcome.summary
    enc = replace_sheet(
        encounter,
        actor_id,
        _without(actor_sheet, _used_help(actor.sheet, request.actor_condition_ids)),
    )
    if target_id is not None and target_sheet is not None:
        used = _used_help(target_sheet, request.target_condition_ids)
        enc = replace_sheet(enc, target_id, _without(target_sheet, used))
    if target_id is not None and new_range is not None and new_range != offer.current_range:
        # set_range writes a log line of its own; the action's one entry already says it.
        enc = set_range(enc, actor_id, target_id, new_range).model_copy(update={"log": enc.log})
    help_given = offer.help_condition(draft)
    if help_given is not None and request.target_id is not None:
        recipient = enc.combatant(request.target_id)
        enc = replace_sheet(
            enc,
            recipient.id,
            recipient.sheet.model_copy(
                update={"conditions": (*recipient.sheet.conditions, help_given)}
            ),
        )
        stamped.append(help_given.id)
        bumped = f"{actor.name} spends {draft.hero_bump} hero point(s); " if draft.hero_bump else ""
        towards = f" for {help_given.scope}" if help_given.scope else ""
        summary = f"{bumped}{signed(help_given.value)} help to {recipient.name}{towards}"
    if stamped:
        enc = mark_applied(enc, stamped)
    spec = resolution.spec
    against = f" vs {encounter.combatant(target_id).name}" if target_id else ""
    text = (
        f"{actor.name}: {spec.label}{against} ({record_text(resolution)}) — "
        f"{resolution.breakdown()}. {summary}"
    )
    details = details_text(resolution, summary)
    enc = add_log(
        enc,
        text[:LOG_TEXT_LIMIT],
        actor=actor_id,
        target=request.target_id,
        details=details[:DETAILS_LIMIT],
    )
    return AppliedAction(
        encounter=enc,
        undo_text=f"{actor.name}: {spec.label}",
        log_text=text[:LOG_TEXT_LIMIT],
        details=details,
    )
