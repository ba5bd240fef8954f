"""Old-School Essentials' exploration rolls: what the party can try, at the odds it has.

A wilderness day gives the wandering check, getting lost, foraging and hunting by terrain; a
dungeon turn gives the wandering check, each character's searches, listening and forcing doors
(at the odds its derived values give) and the traps' and tinder box's chances. Each is one
:class:`~m3desk.core.sheet_rolls.SheetRoll` whose odds are those it rolls.
"""

from __future__ import annotations

from functools import partial

from m3desk.core.expedition import Expedition
from m3desk.core.expedition_rules import ExplorationAction
from m3desk.core.sheet_rolls import SheetRoll, at_most
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.exploration_model import (
    D6,
    D100,
    WILDERNESS,
    OseExpedition,
    _terrain,
    _typed,
    in_six,
)
from m3desk.systems.ose.sheet import CharacterSheet
from m3desk.systems.ose.tables import OseClass


def _roll(
    roll_id: str,
    label: str,
    group: str,
    chance: int,
    *,
    success: str = "succeeds",
    failure: str = "fails",
) -> SheetRoll:
    return SheetRoll(
        roll_id, label, group, D6, partial(in_six, chance), f"{chance}-in-6", success, failure
    )


def _listen_chance(sheet: CharacterSheet, values: dict[str, int]) -> int:
    if sheet.char_class == OseClass.THIEF:
        return values["thief.HN"]
    if sheet.char_class in (OseClass.DWARF, OseClass.ELF, OseClass.HALFLING):
        return 2
    return 1


def actions(expedition: Expedition) -> tuple[ExplorationAction, ...]:
    typed = _typed(expedition)
    if typed.mode == WILDERNESS.id:
        return _wilderness_actions(typed)
    found: list[ExplorationAction] = []
    found.append(
        ExplorationAction(
            "wandering",
            _roll(
                "wandering",
                "Wandering monster check",
                "Wandering monster check",
                typed.options.check_chance,
                success="monsters are met",
                failure="nothing comes",
            ),
            brings_encounter=True,
        )
    )
    for member in typed.members:
        sheet = member.sheet
        if not isinstance(sheet, CharacterSheet):
            continue
        found += _member_actions(typed, member.name, sheet)
    found.append(
        ExplorationAction(
            "trap_springs",
            _roll(
                "trap_springs",
                "A trap's trigger is touched",
                "A trap springs?",
                2,
                success="the trap springs",
                failure="it does not spring",
            ),
        )
    )
    found.append(
        ExplorationAction(
            "tinder",
            _roll(
                "tinder",
                "Tinder box (a round)",
                "Light with a tinder box",
                2,
                success="lit",
                failure="not yet",
            ),
        )
    )
    return tuple(found)


def _wilderness_actions(typed: OseExpedition) -> tuple[ExplorationAction, ...]:
    """A day's rolls in the wilderness: the check, getting lost, foraging, hunting."""
    found: list[ExplorationAction] = []
    terrain = _terrain(typed)
    found.append(
        ExplorationAction(
            "wandering",
            _roll(
                "wandering",
                f"Wandering monster check ({terrain.label.lower()})",
                "Wandering monster check",
                terrain.check,
                success="monsters are met",
                failure="nothing is met",
            ),
            brings_encounter=True,
        )
    )
    if terrain.lost is not None:
        found.append(
            ExplorationAction(
                "lost",
                _roll(
                    "lost",
                    f"Losing direction ({terrain.label.lower()})",
                    "Losing direction",
                    terrain.lost,
                    success="the party is lost",
                    failure="it keeps its course",
                ),
            )
        )
    found.append(
        ExplorationAction(
            "forage",
            _roll(
                "forage",
                "Foraging",
                "Foraging",
                1,
                success="food for 1d6 human-sized beings",
                failure="nothing found",
            ),
        )
    )
    found.append(
        ExplorationAction(
            "hunt",
            _roll(
                "hunt",
                "Hunting (a whole day)",
                "Hunting",
                1,
                success="animals fit to eat are met",
                failure="no game",
            ),
            takes=1,
        )
    )
    return tuple(found)


def _member_actions(
    typed: OseExpedition, who: str, sheet: CharacterSheet
) -> list[ExplorationAction]:
    """What one character can try in the dungeon, at the odds its derived values give."""
    values = {key: d.value for key, d in derive(sheet, typed.table_rules).items()}
    found = [
        ExplorationAction(
            f"secret.{who}",
            _roll(
                f"secret.{who}",
                f"{who} searches for secret doors",
                "Search for secret doors",
                2 if sheet.char_class == OseClass.ELF else 1,
                success="finds one",
                failure="finds none",
            ),
            who,
            1,
        ),
        ExplorationAction(
            f"traps.{who}",
            _roll(
                f"traps.{who}",
                f"{who} searches for room traps",
                "Search for room traps",
                2 if sheet.char_class == OseClass.DWARF else 1,
                success="finds one",
                failure="finds none",
            ),
            who,
            1,
        ),
        ExplorationAction(
            f"listen.{who}",
            _roll(
                f"listen.{who}",
                f"{who} listens at a door",
                "Listen at a door",
                _listen_chance(sheet, values),
                success="hears something",
                failure="hears nothing",
            ),
            who,
        ),
        ExplorationAction(
            f"force.{who}",
            _roll(
                f"force.{who}",
                f"{who} forces a stuck door (STR {sheet.abilities.STR})",
                "Force a stuck door",
                values["open_doors"],
                success="it opens",
                failure="it holds: no surprise behind it",
            ),
            who,
        ),
    ]
    if sheet.char_class == OseClass.THIEF:
        skill = values["thief.TR"]
        found.append(
            ExplorationAction(
                f"treasure_traps.{who}",
                SheetRoll(
                    f"treasure_traps.{who}",
                    f"{who} finds or removes treasure traps",
                    "Find or remove treasure traps",
                    D100,
                    partial(at_most, skill),
                    f"{skill} or less",
                    "succeeds",
                    "fails",
                ),
                who,
                1,
            )
        )
    return found
