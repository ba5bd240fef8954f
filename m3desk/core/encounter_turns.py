"""The turn pointer of an encounter, moved: initiative typed or rolled (by combatant or by
side), the fight begun, the next and previous turn, a new round counting conditions down,
a combatant delaying and acting now, and the pointer passing over someone who went down."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from m3desk.core.encounter_model import (
    Combatant,
    Encounter,
    Phase,
    acting,
    add_log,
    current_count,
    flat_order,
    next_in_order,
    update_combatant,
)

E = TypeVar("E", bound="Encounter")


def set_initiative(encounter: E, values: dict[str, int | None]) -> E:
    """Initiative by combatant id (typed or rolled), validated."""
    combatants = tuple(
        _with_initiative(c, values[c.id]) if c.id in values else c for c in encounter.combatants
    )
    return first_turn_follows(encounter, encounter.model_copy(update={"combatants": combatants}))


_COUNTS: dict[type, TypeAdapter[Any]] = {}
"""Each combatant type's ``initiative`` field alone, as its model validates it."""


def _with_initiative(combatant: Combatant, value: int | None) -> Combatant:
    """The combatant with this count: only the count is validated (the rest was valid and
    is kept, not validated again: a crowd's forecast sets 200 counts twice a round); a
    count its field refuses raises the model's own error, as a whole validation would."""
    kind = type(combatant)
    adapter = _COUNTS.get(kind)
    if adapter is None:
        field = kind.model_fields["initiative"]
        form: Any = Annotated[(field.annotation, *field.metadata)]  # the field's type, its bounds
        adapter = _COUNTS[kind] = TypeAdapter(form)
    try:
        count = adapter.validate_python(value)
    except ValidationError:
        return kind.model_validate({**dict(combatant), "initiative": value})
    return combatant.model_copy(update={"initiative": count})


def _counts_complete(encounter: Encounter) -> bool:
    """Everyone who acts this round and is still in the fight has a count."""
    return all(
        c.initiative is not None
        for c in acting(encounter)
        if not c.delayed and not encounter.out_of_fight(c)
    )


def first_turn_follows(before: E, after: E) -> E:
    """The pointer at the start of a round, after counts changed from ``before`` to ``after``.

    A round waiting for its initiative starts once everyone who acts has a count (not at the
    first die typed: the side typed first is not the side that goes first), on the first in
    the order. While the pointer still stands on the round's first, a changed count (a die
    typed again, a charge's −2 declared late) moves it to the new first. Once the round has
    moved on, counts change and the pointer stays where it is.
    """
    if after.phase == "setup" or not _counts_complete(after):
        return after
    order = flat_order(after)
    if not order or after.turn == order[0]:
        return after
    moved_on = after.turn != before.turn or flat_order(before)[:1] != [before.turn]
    if after.turn is not None and moved_on:
        return after
    return after.model_copy(update={"turn": order[0]}).turn_begins(order[0])


def set_side_initiative(encounter: E, rolls: dict[str, int], *, die: str = "") -> E:
    """One roll per side: every member of the side acts on it (side-die schemes). ``die``
    ("d6") names the die in the log when the app rolled it."""
    values: dict[str, int | None] = {
        c.id: rolls[c.side] for c in encounter.combatants if c.side in rolls
    }
    after = set_initiative(encounter, values)
    text = (f"Initiative {die}: " if die else "Initiative: ") + ", ".join(
        f"{side} {roll}" for side, roll in rolls.items()
    )
    return add_log(after, text)


def who_acts_next(encounter: Encounter) -> list[str]:
    """Ids of those who act in the coming round (set-up looks ahead to the surprise round)."""
    upcoming = start(encounter) if encounter.phase == "setup" else encounter
    return [c.id for c in acting(upcoming)]


def pass_over_down(encounter: E) -> E:
    """The turn pointer never rests on someone out of the fight: when the one whose turn it
    is goes down (a blow, a free attack while moving), the turn passes to the next standing
    in the order, as Next Turn would. The one rule for every game, applied to every change
    of an open encounter; the last in the round stays for Next Turn to start the next."""
    if encounter.phase == "setup" or encounter.turn is None:
        return encounter
    current = next((c for c in encounter.combatants if c.id == encounter.turn), None)
    if current is None or not encounter.out_of_fight(current):
        return encounter
    following = next_in_order(encounter, current.id)
    if following is None:
        return encounter
    return encounter.model_copy(update={"turn": following}).turn_begins(following)


def start(encounter: E) -> E:
    """Begin: the surprise round if a side has surprise, else round one."""
    phase: Phase = "surprise" if encounter.surprise_side else "rounds"
    begun = encounter.model_copy(update={"phase": phase, "round": 0 if phase == "surprise" else 1})
    order = flat_order(begun)
    title = "Surprise round" if phase == "surprise" else "Round 1"
    return add_log(begun.model_copy(update={"turn": order[0] if order else None}), title)


def next_turn(encounter: E) -> E:
    """Advance the turn pointer; past the last count a new round begins."""
    after = _advanced(encounter)
    if after.turn is not None and (after.turn != encounter.turn or after.round != encounter.round):
        after = after.turn_begins(after.turn)
    return after


def _advanced(encounter: E) -> E:
    if encounter.phase == "setup":
        return start(encounter)
    ids = {c.id for c in encounter.combatants}
    if (
        encounter.resume is not None
        and encounter.resume in ids
        and encounter.resume != encounter.turn
    ):
        # A delayed combatant stepped in; the interrupted one now takes its turn.
        return encounter.model_copy(update={"turn": encounter.resume, "resume": None})
    if encounter.turn is None:
        order = flat_order(encounter)
        if order:
            return encounter.model_copy(update={"turn": order[0]})
        if _rolls_each_round(encounter):
            raise InitiativeNeededError("Roll initiative for this round first.")
        return _new_round(encounter)
    following = next_in_order(encounter, encounter.turn)
    if following is not None:
        return encounter.model_copy(update={"turn": following})
    return _new_round(encounter)


def _rolls_each_round(encounter: Encounter) -> bool:
    scheme = encounter.scheme
    return scheme.reroll_each_round and scheme.roller != "ranked_check"


class InitiativeNeededError(ValueError):
    """The round cannot go on: its initiative has not been rolled or typed yet."""


def previous_turn(encounter: E) -> E:
    """Step the pointer back within the round (undo covers anything further)."""
    order = flat_order(encounter)
    if encounter.turn in order:
        index = order.index(encounter.turn)
        if index > 0:
            return encounter.model_copy(update={"turn": order[index - 1]})
    return encounter


def _new_round(encounter: E) -> E:
    ticked, expired = encounter.round_ended()
    next_round = encounter.round + 1
    after = ticked.model_copy(update={"phase": "rounds", "round": next_round, "resume": None})
    after = add_log(after, f"Round {next_round}")
    if expired:
        after = add_log(after, "Expired: " + ", ".join(expired))
    order = flat_order(after)
    return after.model_copy(update={"turn": order[0] if order else None})


def delay(encounter: E, combatant_id: str) -> E:
    """The combatant holds its action; it can step in later with :func:`act_now`."""
    following = (
        next_in_order(encounter, combatant_id) if encounter.turn == combatant_id else encounter.turn
    )
    delayed = update_combatant(encounter, combatant_id, delayed=True)
    name = encounter.combatant(combatant_id).name
    return add_log(
        delayed.model_copy(update={"turn": following}), f"{name} delays", actor=combatant_id
    )


def act_now(encounter: E, combatant_id: str) -> E:
    """A delayed combatant acts now: it takes the current count and the turn."""
    count = current_count(encounter)
    changes: dict[str, object] = {"delayed": False}
    if count is not None:
        changes["initiative"] = count
        changes["tie_order"] = -1
    acted = update_combatant(encounter, combatant_id, **changes)
    name = encounter.combatant(combatant_id).name
    return add_log(
        acted.model_copy(update={"turn": combatant_id, "resume": encounter.turn}),
        f"{name} acts now",
        actor=combatant_id,
    )
