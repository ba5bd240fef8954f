"""What a table-rules option changes, seen from outside: a fingerprint of everything a game
shows and decides for its sample sheets in a sample fight under some options.

The fingerprint holds every derived value of every sample sheet and of a new sheet of each
kind, and, in an encounter of all the game's samples at several distances, every tracker
cell, status line, board ring and reach, every action with its preview (odds, lines), the
outcome of each attack resolved with high and low dice, a seeded initiative, and a few
forecast fights. Two options that give equal fingerprints change nothing anyone sees.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Iterator
from enum import Enum
from itertools import zip_longest
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core.dice import Roller
from m3desk.core.forecast import Policy
from m3desk.core.forecast_by_actions import simulator_of
from m3desk.core.system import GameSystem
from m3desk.storage.catalog import sheets as sheet_registry
from m3desk.storage.documents import load_document

__all__ = [
    "CONTEXT",
    "PLAIN",
    "SITUATIONS",
    "Situation",
    "base_options",
    "fingerprint",
    "flipped",
    "sample_sheets",
    "where_it_shows",
]

_DISTANCES = (5, 15, 25, 40, 70, 150)
"""Positions between pairs, cycled: melee, near, far and long ranges in feet or metres (a
game of bands cycles its bands instead, nearest first: a distance would snap to its last)."""


_OPTIONS = {"options", "table_rules"}
"""An encounter keeps its options: left out, so only what they change is compared."""


SheetTweak = Callable[[BaseModel], BaseModel]
EncounterTweak = Callable[[core.Encounter], core.Encounter]


class Situation(NamedTuple):
    """A moment of a fight where some option shows: sheets and combatants as changed here."""

    name: str
    sheet: SheetTweak = lambda sheet: sheet
    encounter: EncounterTweak = lambda encounter: encounter


def _update(**changes: Any) -> SheetTweak:
    return lambda sheet: sheet.model_copy(update=changes)


def _monsters(tweak: SheetTweak) -> SheetTweak:
    return lambda sheet: tweak(sheet) if getattr(sheet, "kind", "") != "character" else sheet


def _each(**changes: Any) -> EncounterTweak:
    def apply(encounter: core.Encounter) -> core.Encounter:
        for combatant in encounter.combatants:
            encounter = core.update_combatant(encounter, combatant.id, **changes)
        return encounter

    return apply


def _declared(party: str, monsters: str, **extra: Any) -> EncounterTweak:
    def apply(encounter: core.Encounter) -> core.Encounter:
        for combatant in encounter.combatants:
            declared = party if combatant.side == "party" else monsters
            encounter = core.update_combatant(encounter, combatant.id, declared=declared, **extra)
        return encounter

    return apply


def _one_withdraws(encounter: core.Encounter) -> core.Encounter:
    """The party's first member withdraws west from the first monster; the second fights that
    monster from its far side (engaging it, not between it and the withdrawer's way)."""
    from m3desk.core.places import Place

    party = [c.id for c in encounter.combatants if c.side == "party"]
    foe = next(c.id for c in encounter.combatants if c.side != "party")
    for number, combatant_id in enumerate(party):
        encounter = core.update_combatant(
            encounter, combatant_id, declared="withdraw" if number == 0 else "attack"
        )
    spots = {party[0]: Place.at(-5, 0), foe: Place.at(0, 0), party[1]: Place.at(5, 0)}
    return encounter.model_copy(update={"places": {**encounter.places, **spots}})


def _ose_crossbow(sheet: BaseModel) -> BaseModel:
    if getattr(sheet, "kind", "") != "character":
        return sheet
    from m3desk.systems.ose.forms import weapon

    return sheet.model_copy(update={"weapons": (weapon("crossbow"), *sheet.weapons)})


def _grappling(encounter: core.Encounter) -> core.Encounter:
    from m3desk.systems.apparatus.grapple import Grapple

    party = [c.id for c in encounter.combatants if c.side == "party"]
    foes = [c.id for c in encounter.combatants if c.side != "party"]
    held = tuple(Grapple(grappler=a, target=b) for a, b in zip(party, foes, strict=False))
    return encounter.model_copy(update={"grapples": held})


def _started_on_rough_ground(encounter: core.Encounter) -> core.Encounter:
    rules = encounter_rules_of(encounter)
    if rules.roll_initiative is not None:
        encounter = rules.roll_initiative(encounter, Roller(3))
    rough = encounter.model_copy(update={"terrain": {c.id: 1 for c in encounter.combatants}})
    return core.start(rough)


def encounter_rules_of(encounter: core.Encounter) -> Any:
    from m3desk.core import registry

    return registry.system_of(encounter).encounter


SITUATIONS: dict[str, tuple[Situation, ...]] = {
    "toy": (Situation("monsters in AC 30: only a natural 20 hits", _monsters(_update(ac=30))),),
    "ose": (
        Situation(
            "monsters in AC −5: past the matrix's last column",
            _monsters(_update(overrides={"ac": -5})),
        ),
        Situation(
            "crossbows shot last round",
            _ose_crossbow,
            lambda e: _each(reload_shot=1)(e.model_copy(update={"round": 2})),
        ),
    ),
    "adnd2e": (
        Situation(
            "monsters in AC −8: only a natural 20 hits", _monsters(_update(overrides={"ac": -8}))
        ),
        Situation(
            "the party casts, the monsters attack",
            encounter=_declared("cast", "attack", casting_time=3),
        ),
        Situation(
            "the monsters charge the party's set spears", encounter=_declared("set", "charge")
        ),
        Situation("one of the party withdraws, the others fight on", encounter=_one_withdraws),
    ),
    "apparatus": (
        Situation(
            "helpless monsters, unseen heroes (Speed 7)",
            lambda sheet: sheet.model_copy(
                update={
                    "speed": 7,
                    "conditions": ("unseen",)
                    if sheet.kind == "character"
                    else ("prone", "restrained", "incapacitated"),
                }
            ),
        ),
        Situation(
            "net Advantage +4: dual-wielding unseen heroes on prone, restrained foes",
            lambda sheet: sheet.model_copy(
                update={
                    "conditions": ("unseen",)
                    if sheet.kind == "character"
                    else ("prone", "restrained"),
                    **({"dual_wielding": True} if sheet.kind == "character" else {}),
                }
            ),
        ),
        Situation("huge creatures", _monsters(_update(size="huge"))),
        Situation("Speed 7, each hero holding a foe", _update(speed=7), _grappling),
        Situation("the fight under way on rough ground", encounter=_started_on_rough_ground),
    ),
}
"""Per game, the moments beyond a plain fight where its options show (a game without an entry
plays the plain fight only: data about a game, not a list of the games to play)."""

CONTEXT: dict[tuple[str, str], dict[str, Any]] = {
    ("adnd2e", "weapon_speed"): {"initiative": "individual"},
    ("adnd2e", "casting_time"): {"initiative": "individual"},
}
"""Options that count only beside another: the other option's value for the comparison."""


def sample_sheets(system: GameSystem) -> list[BaseModel]:
    return [load_document(path, sheet_registry()).model for path in sample_files(system.id)]


def base_options(system: GameSystem, name: str) -> BaseModel:
    """The game's defaults, with whatever option ``name`` needs beside it to count."""
    return system.default_options().model_copy(update=CONTEXT.get((system.id, name), {}))


def flipped(system: GameSystem, name: str) -> BaseModel:
    """:func:`base_options` with option ``name`` set to some other valid value."""
    defaults = base_options(system, name)
    info = type(defaults).model_fields[name]
    value = getattr(defaults, name)
    annotation = info.annotation
    if annotation is bool:
        other: Any = not value
    elif typing.get_origin(annotation) is Literal:
        other = next(choice for choice in typing.get_args(annotation) if choice != value)
    elif isinstance(annotation, type) and issubclass(annotation, Enum):
        other = next(member for member in annotation if member != value)
    elif annotation is int:
        low = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), 0)
        high = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), 999)
        # Five away where the bounds allow, else the farther bound (a range of 0..4 from
        # 0 flips to 4: "max(low, value - 5)" was the default itself).
        other = (
            value + 5
            if value + 5 <= high
            else value - 5
            if value - 5 >= low
            else (high if high - value >= value - low else low)
        )
    elif typing.get_origin(annotation) is tuple:
        other = tuple(item + 1 for item in value)
    else:
        raise TypeError(f"no other value for {name}: {annotation!r}")
    return defaults.model_copy(update={name: other})


def _encounter(system: GameSystem, options: BaseModel, situation: Situation) -> core.Encounter:
    rules = system.encounter
    assert rules is not None
    kind = rules.encounter_type
    encounter = (
        kind(name="Probe", options=options)
        if "options" in kind.model_fields
        else kind(name="Probe", table_rules=options)
    )
    for number, sheet in enumerate(map(situation.sheet, sample_sheets(system))):
        side = "party" if getattr(sheet, "kind", "") == "character" else "monsters"
        combatant = rules.make_combatant(sheet, side)
        # Ids of their own order, so that two runs' encounters compare equal.
        conditions = tuple(
            condition.model_copy(update={"id": f"c{number:02d}k{index}"})
            for index, condition in enumerate(combatant.conditions)
        )
        encounter = core.join(
            encounter,
            combatant.model_copy(update={"id": f"c{number:02d}", "conditions": conditions}),
        )
    ids = [c.id for c in encounter.combatants]
    model = encounter.position_model
    distances = _DISTANCES if model.kind == "distance" else tuple(range(model.largest + 1))
    step = 0
    for index, first in enumerate(ids):
        for second in ids[index + 1 :]:
            distance = distances[step % len(distances)]
            encounter = core.set_position(encounter, first, second, distance, log=False)
            step += 1
    return situation.encounter(encounter)


def _faces(option: Any, value: int) -> tuple[int, ...]:
    return tuple(min(spec.sides, value) for spec in option.dice for _n in range(spec.number))


def _safely(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except (ValueError, KeyError, TypeError, AssertionError) as error:
        return f"refused: {error}"


def _dump(encounter: core.Encounter) -> dict[str, Any]:
    """The encounter as data, without its options and the random ids of new conditions."""
    data = encounter.model_dump(mode="json", exclude=_OPTIONS)
    data.pop("applied_at", None)  # keyed by condition id
    for combatant in data["combatants"]:
        for condition in combatant.get("conditions", ()):
            condition.pop("id", None)
    return data


def _outcome(outcome: Any) -> Any:
    if isinstance(outcome, str):
        return outcome
    return (outcome.summary, getattr(outcome, "notices", ()), _dump(outcome.encounter))


def _fight(system: GameSystem, options: BaseModel, situation: Situation) -> Iterator[Any]:
    rules = system.encounter
    if rules is None:
        return
    encounter = _encounter(system, options, situation)
    ids = [c.id for c in encounter.combatants]
    yield _dump(encounter)
    if rules.roll_initiative is not None:
        encounter = rules.roll_initiative(encounter, Roller(7))
        yield _dump(encounter)
    yield rules.status(encounter)
    for combatant in encounter.combatants:
        yield [rules.cell(encounter, combatant, column.id) for column in rules.columns]
        yield rules.rings(encounter, combatant.id), rules.centre_summary(encounter, combatant.id)
        yield rules.initiative_tip(encounter, combatant)
        for other in ids:
            if other != combatant.id:
                yield rules.reach(encounter, combatant.id, other)
        for action in _safely(rules.actions, encounter, combatant.id):
            if isinstance(action, str):
                continue
            yield action
            targets = [t for t in ids if t != combatant.id] if action.needs_target else [None]
            for target in targets:
                yield _safely(rules.preview, encounter, combatant.id, action.id, target)
                if rules.resolve is None:
                    continue
                for value in (20, 1, 12):
                    outcome = _safely(
                        rules.resolve,
                        encounter,
                        combatant.id,
                        action.id,
                        target,
                        _faces(action, value),
                    )
                    yield _outcome(outcome)
                    if not isinstance(outcome, str):  # what the board shows afterwards
                        yield rules.rings(outcome.encounter, combatant.id)
    simulate = simulator_of(system)
    if simulate is not None:
        for number in range(3):
            result = simulate(encounter, random.Random(number), Policy())
            yield repr(result)


PLAIN = Situation("a plain fight")


def fingerprint(
    system: GameSystem, options: BaseModel, situation: Situation = PLAIN
) -> Iterator[str]:
    """Everything the game shows and decides for its samples under ``options`` in
    ``situation``, as text, one item at a time (a comparison stops at the first change)."""
    for kind, form in system.sheet_forms.items():
        fresh = form.new_sheet("Probe", options)
        yield repr((kind, fresh.model_dump(mode="json"), form.derive(fresh, options)))
    if system.generation is not None:  # what New Character offers and starts with
        from m3desk.core.generation import default_method, methods_of

        yield repr(
            (default_method(system.generation, options), methods_of(system.generation, options))
        )
    for sheet in map(situation.sheet, sample_sheets(system)):
        form = system.sheet_forms.get(getattr(sheet, "kind", ""))
        if form is not None:
            yield repr(form.derive(sheet, options))
    for item in _fight(system, options, situation):
        yield repr(item)


_SEEN: dict[tuple[str, str, str], tuple[str, ...]] = {}
"""Whole fingerprints already taken in this process, by game, options and situation: most
options are flipped from the same defaults, whose fingerprint is the same every time
(``test_the_probe_sees_no_change_where_there_is_none`` proves it, taking both afresh)."""


def known_fingerprint(
    system: GameSystem, options: BaseModel, situation: Situation = PLAIN
) -> tuple[str, ...]:
    key = (system.id, options.model_dump_json(), situation.name)
    if key not in _SEEN:
        _SEEN[key] = tuple(fingerprint(system, options, situation))
    return _SEEN[key]


def where_it_shows(system: GameSystem, name: str) -> str | None:
    """The first situation where flipping option ``name`` changes what the game shows or
    decides, or None when it changes nothing anywhere."""
    base, other = base_options(system, name), flipped(system, name)
    for situation in (PLAIN, *SITUATIONS.get(system.id, ())):
        pairs = zip_longest(
            known_fingerprint(system, base, situation), fingerprint(system, other, situation)
        )
        if any(before != after for before, after in pairs):
            return situation.name
    return None
