"""Old-School Essentials between the fights: the dungeon turn, the wilderness day.

From the OSE SRD (``5_Adventures/5_Dungeon_Adventuring.md``, ``6_Wilderness_Adventuring.md``,
``4_Hazards_and_Challenges.md``, ``3_Equipment_&_Services/2_Adventuring_Gear.md``, the class
pages and ``1_Characters/3_Ability_Scores.md``): a dungeon turn is 10 minutes; a torch burns 6
turns and a lantern a flask of oil in 24; the party rests one turn in six or fights at −1; a
wandering-monster check every 2 turns comes up on a 1 in 6. In the wilderness the clock counts
days: a check a day by terrain, getting lost by terrain, foraging and hunting 1-in-6, rations
eaten each day, a day of rest in every six, 1d3 hit points for a day of complete rest.

Every number the book ties to the clock is a table rule of :class:`OseExploration` with the
SRD's default and a reason. Each action's odds and its roll are one
:class:`~m3desk.core.sheet_rolls.SheetRoll`. What a character can do is asked of its sheet's
derived values (:func:`~m3desk.systems.ose.derive.derive`: movement, open doors, thief
skills), never worked out again here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from pydantic import BaseModel

from m3desk.core.expedition import Expedition, Light, Supply, add_line, clock_of, counted_down
from m3desk.core.expedition_rules import (
    Due,
    EncounterTable,
    ExplorationAction,
    ExplorationCommand,
    ExplorationRules,
    PartySheet,
)
from m3desk.core.sheet_rolls import RollOutcome
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.exploration_model import (
    DUNGEON,
    LIGHT_WORDS,
    TERRAINS,
    WILDERNESS,
    OseExpedition,
    OseExploration,
    OseMember,
    Terrain,
    _count,
    _now,
    _terrain,
    _typed,
    _unit,
    fight_turns,
    in_six,
    with_table_rules,
)
from m3desk.systems.ose.exploration_rolls import actions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet

__all__ = [
    "EXPLORATION",
    "TERRAINS",
    "OseExpedition",
    "OseExploration",
    "OseMember",
    "Terrain",
    "fight_turns",
    "in_six",
]

# -- the party's gear, read from the sheets ---------------------------------------------------

_BUNDLE = re.compile(r"\((\d{1,3})(?: days?)?\)")


def _carried(sheet: BaseModel, *words: str) -> int:
    """How many of a kind of gear the sheet lists ("Torches" ×6, "Torches (6)" ×1 = 6)."""
    if not isinstance(sheet, CharacterSheet):
        return 0
    found = 0
    for item in sheet.equipment:
        name = item.name.lower()
        if any(word in name for word in words):
            bundle = _BUNDLE.search(name)
            found += item.quantity * (int(bundle.group(1)) if bundle else 1)
    return found


def _gear_supplies(name: str, sheet: BaseModel) -> list[Supply]:
    kinds = (
        ("torch", ("torch",)),
        ("lantern", ("lantern",)),
        ("oil", ("oil",)),
        ("ration", ("ration",)),
        ("water", ("waterskin", "water skin")),
    )
    return [
        Supply(member=name, item=item, left=min(count, 100_000))
        for item, words in kinds
        if (count := _carried(sheet, *words))
    ]


def _left(expedition: Expedition, member: str, item: str) -> int:
    return sum(s.left for s in expedition.supplies if s.member == member and s.item == item)


def _with_supply(expedition: Expedition, member: str, item: str, change: int) -> Expedition:
    supplies = list(expedition.supplies)
    for index, supply in enumerate(supplies):
        if supply.member == member and supply.item == item:
            supplies[index] = supply.model_copy(update={"left": max(0, supply.left + change)})
            break
    else:
        if change > 0:
            supplies.append(Supply(member=member, item=item, left=change))
    return expedition.model_copy(update={"supplies": tuple(supplies)})


def _lit(expedition: Expedition, member: str) -> Light | None:
    return next((light for light in expedition.lights if light.member == member), None)


# -- the seam's functions ---------------------------------------------------------------------


def new_expedition(
    party: Sequence[PartySheet], name: str, place: str, mode: str, options: BaseModel | None
) -> Expedition:
    rules = options if isinstance(options, OseExploration) else OseExploration()
    members = []
    supplies: list[Supply] = []
    taken: set[str] = set()
    for entry in party:
        sheet = entry.sheet
        assert isinstance(sheet, CharacterSheet | MonsterSheet)
        label, number = sheet.name, 2
        while label in taken:  # two sheets of one name stay two members
            label, number = f"{sheet.name} {number}", number + 1
        taken.add(label)
        members.append(OseMember(name=label, sheet=sheet, source_path=entry.path))
        supplies += _gear_supplies(label, sheet)
    chosen = mode if mode in (DUNGEON.id, WILDERNESS.id) else DUNGEON.id
    expedition = OseExpedition(
        name=name or "Expedition",
        place=place,
        mode=chosen,
        terrain=TERRAINS[0].id if chosen == WILDERNESS.id else "",
        members=tuple(members),
        supplies=tuple(supplies),
        options=rules,
    )
    where = f" in {place}" if place else ""
    return add_line(
        expedition,
        clock_words(expedition),
        f"The expedition sets out{where}: {len(members)} in the party.",
    )


def clock_words(expedition: Expedition) -> str:
    now = _now(expedition)
    if expedition.mode == WILDERNESS.id:
        return f"Day {now + 1}"
    hours, minutes = divmod(now * 10, 60)
    spent = " ".join(
        part
        for part in (
            f"{hours} h" if hours else "",
            f"{minutes} min" if minutes or not hours else "",
        )
        if part
    )
    return f"Turn {now + 1} · {spent} spent"


def _end_of_turn(expedition: OseExpedition) -> tuple[OseExpedition, list[str]]:
    """Lights burn one turn; those at their end go out."""
    lights, said = [], []
    for light in expedition.lights:
        left = light.left - 1
        if left <= 0:
            said.append(f"{LIGHT_WORDS.get(light.source, light.source)} ({light.member}) goes out.")
        else:
            lights.append(light.model_copy(update={"left": left}))
    return expedition.model_copy(update={"lights": tuple(lights)}), said


def _end_of_day(expedition: OseExpedition) -> tuple[OseExpedition, list[str]]:
    """Each member eats and drinks the day's share; who has none is said."""
    rules = expedition.options
    said, hungry = [], []
    result: Expedition = expedition
    for member in expedition.members:
        for item, share, word in (
            ("ration", rules.rations_a_day, "food"),
            ("water", rules.water_a_day, "water"),
        ):
            if not share:
                continue
            if _left(result, member.name, item) >= share:
                result = _with_supply(result, member.name, item, -share)
            else:
                result = _with_supply(result, member.name, item, -share)
                hungry.append(f"{member.name} (no {word})")
    if hungry:
        said.append("A day without: " + ", ".join(hungry) + ".")
    return _typed(result), said


def _passed(expedition: Expedition, units: int = 1, why: str = "") -> Expedition:
    """``units`` of the clock pass, with one log line."""
    typed = _typed(expedition)
    unit = _unit(typed)
    clock = clock_words(typed)
    first = clock_of(typed, unit) + 1
    said: list[str] = []
    for _ in range(units):
        typed = typed.model_copy(
            update={"elapsed": {**typed.elapsed, unit: clock_of(typed, unit) + 1}}
        )
        if unit == DUNGEON.unit:
            typed, burnt = _end_of_turn(typed)
        else:
            typed, burnt = _end_of_day(typed)
        counted, over = counted_down(typed)
        typed = _typed(counted)
        said += burnt + over
    last = clock_of(typed, unit)
    ended = (
        f"{unit.capitalize()} {first} ends."
        if first == last
        else f"{unit.capitalize()}s {first}–{last} end."
    )
    return add_line(typed, clock, " ".join(part for part in (why, ended, *said) if part))


def advance(expedition: Expedition) -> Expedition:
    return _passed(expedition)


def _since(expedition: Expedition, mark: str) -> int:
    return _now(expedition) - expedition.marks.get(mark, 0)


def due(expedition: Expedition) -> tuple[Due, ...]:
    typed = _typed(expedition)
    rules = typed.options
    lines: list[Due] = []
    if typed.encounter_due:
        lines.append(Due("Wandering monsters met: start the encounter", True))
    if typed.in_fight:
        lines.append(Due("A fight is on: count it in when it ends", True))
    unit = _unit(typed)
    for timer in typed.timers:
        lines.append(Due(f"{timer.label}: {_count(timer.left, unit)} left", timer.left <= 1))
    if typed.mode == WILDERNESS.id:
        lines += _wilderness_due(typed)
    else:
        every = rules.check_every
        wait = every - _since(typed, "check")
        lines.append(
            Due("Wandering monster check due", True)
            if wait <= 0
            else Due(f"Wandering monster check in {_count(wait, 'turn')}")
        )
        for light in typed.lights:
            word = LIGHT_WORDS.get(light.source, light.source)
            lines.append(
                Due(f"{word} ({light.member}): {_count(light.left, 'turn')} left", light.left <= 1)
            )
        if not typed.lights and typed.members:
            lines.append(Due("No light is lit: the party is in the dark", True))
        rest = rules.rest_every - _since(typed, "rest")
        if rest <= 0:
            penalty = (
                f": −{rules.rest_penalty} to attack and damage until it rests a turn"
                if rules.rest_penalty
                else ""
            )
            lines.append(Due(f"Rest overdue{penalty}", True))
        else:
            lines.append(Due(f"Rest due in {_count(rest, 'turn')}", rest <= 1))
    return tuple(lines)


def _wilderness_due(expedition: OseExpedition) -> list[Due]:
    rules = expedition.options
    day = _now(expedition) + 1
    lines: list[Due] = []
    terrain = _terrain(expedition)
    if terrain.lost is not None and expedition.marks.get("lost", 0) < day:
        lines.append(Due(f"Losing direction: roll for day {day}", True))
    made = expedition.marks.get("checks", 0) if expedition.marks.get("check", 0) == day else 0
    if made < rules.checks_a_day:
        lines.append(Due("Wandering monster check due", True))
    for item, share, word in (
        ("ration", rules.rations_a_day, "Rations"),
        ("water", rules.water_a_day, "Water"),
    ):
        if not share or not expedition.members:
            continue
        days = sorted(
            (_left(expedition, m.name, item) // share, m.name) for m in expedition.members
        )
        short = [name for left, name in days if left <= 1]
        fewest, who = days[0]
        lines.append(
            Due(
                f"{word}: {_count(fewest, 'day')} left at the fewest ({who})"
                + (f"; short: {', '.join(short)}" if len(short) > 1 else ""),
                fewest <= 1,
            )
        )
    rest = rules.rest_days_every - _since(expedition, "rest")
    if rest <= 0:
        lines.append(
            Due(
                f"Rest day overdue: −{rules.rest_penalty} to hit and damage "
                "until a whole day's rest",
                True,
            )
        )
    else:
        lines.append(Due(f"Rest day due in {_count(rest, 'day')}"))
    return lines


def act(expedition: Expedition, action: ExplorationAction, outcome: RollOutcome) -> Expedition:
    typed = _typed(expedition)
    day = _now(typed) + 1
    marks = dict(typed.marks)
    update: dict[str, object] = {}
    if action.id == "wandering":
        if typed.mode == WILDERNESS.id:
            made = marks.get("checks", 0) if marks.get("check", 0) == day else 0
            marks.update(check=day, checks=made + 1)
        else:
            marks["check"] = _now(typed)
        if outcome.succeeded and action.brings_encounter:
            update["encounter_due"] = True
    elif action.id == "lost":
        marks["lost"] = day
    update["marks"] = marks
    result = add_line(typed.model_copy(update=update), clock_words(typed), outcome.text)
    if action.takes:
        result = _passed(
            result, action.takes, f"{action.roll.group} took {_count(action.takes, _unit(result))}."
        )
    return result


def commands(expedition: Expedition) -> tuple[ExplorationCommand, ...]:
    typed = _typed(expedition)
    found: list[ExplorationCommand] = []
    if typed.mode == WILDERNESS.id:
        found.append(
            ExplorationCommand(
                "rest", "Rest a Day", "A whole day of rest: no travel; " + _healing_words(typed)
            )
        )
    else:
        found.append(
            ExplorationCommand("rest", "Rest a Turn", "One turn of rest: the clock moves a turn")
        )
        for member in typed.members:
            light = _lit(typed, member.name)
            if light is not None:
                found.append(
                    ExplorationCommand(
                        f"out.{member.name}", f"Put Out {member.name}'s Light", group="Lights"
                    )
                )
                continue
            if _left(typed, member.name, "torch"):
                found.append(
                    ExplorationCommand(
                        f"torch.{member.name}",
                        f"{member.name} Lights a Torch",
                        f"{_left(typed, member.name, 'torch')} torches carried; "
                        f"{typed.options.torch_turns} turns each",
                        "Lights",
                    )
                )
            if _left(typed, member.name, "lantern") and _left(typed, member.name, "oil"):
                found.append(
                    ExplorationCommand(
                        f"lantern.{member.name}",
                        f"{member.name} Lights the Lantern",
                        f"{_left(typed, member.name, 'oil')} oil flasks carried; "
                        f"{typed.options.lantern_turns} turns each",
                        "Lights",
                    )
                )
    found.append(
        ExplorationCommand(
            "waved", "No Encounter After All", "The monsters met are avoided or were nothing"
        )
    )
    return tuple(found)


def _healing_words(expedition: OseExpedition) -> str:
    if expedition.options.rest_day_healing == "none":
        return "no healing by the table's rule."
    return "each heals 1d3 hit points (roll on their sheets)."


def command(expedition: Expedition, command_id: str) -> Expedition:
    typed = _typed(expedition)
    kind, _dot, who = command_id.partition(".")
    clock = clock_words(typed)
    if kind == "rest":
        rested = typed.model_copy(update={"marks": {**typed.marks, "rest": _now(typed) + 1}})
        why = (
            "The party rests a day: " + _healing_words(typed)
            if typed.mode == WILDERNESS.id
            else "The party rests a turn."
        )
        return _passed(rested, 1, why)
    if kind == "waved":
        return add_line(
            typed.model_copy(update={"encounter_due": False}), clock, "No encounter after all."
        )
    if kind == "out":
        lights = tuple(light for light in typed.lights if light.member != who)
        return add_line(
            typed.model_copy(update={"lights": lights}), clock, f"{who} puts out the light."
        )
    if kind in ("torch", "lantern"):
        fuel = "torch" if kind == "torch" else "oil"
        if _left(typed, who, fuel) <= 0 or _lit(typed, who) is not None:
            return typed
        turns = typed.options.torch_turns if kind == "torch" else typed.options.lantern_turns
        lit = _with_supply(typed, who, fuel, -1)
        lit = lit.model_copy(
            update={"lights": (*lit.lights, Light(member=who, source=kind, left=turns))}
        )
        word = "a torch" if kind == "torch" else "the lantern"
        return add_line(lit, clock, f"{who} lights {word} ({_count(turns, 'turn')}).")
    return typed


def movement(expedition: Expedition) -> str:
    typed = _typed(expedition)
    if not typed.members:
        return "No one in the party."
    wilderness = typed.mode == WILDERNESS.id
    key = "movement.overland" if wilderness else "movement"
    rates = [
        (values[key].value, member.name)
        for member in typed.members
        if key in (values := derive(member.sheet, typed.table_rules))
    ]
    if not rates:
        return "No one in the party has a movement rate."
    slowest, who = min(rates)
    if not wilderness:
        return f"Exploring: {slowest}' a turn (the slowest: {who})"
    terrain = _terrain(typed)
    miles = math.floor(slowest * terrain.speed)
    change = "" if terrain.speed == 1 else f"; {terrain.label.lower()} slows it to {miles}"
    return f"Travel: {slowest} miles a day (the slowest: {who}){change}"


SUPPLY_WORDS = (
    ("torch", "Torches"),
    ("oil", "Oil flasks"),
    ("ration", "Rations (days)"),
    ("water", "Waterskins"),
)


def provisions(expedition: Expedition) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    typed = _typed(expedition)
    headings = ("Member", "Light", *(words for _item, words in SUPPLY_WORDS))
    rows = []
    for member in typed.members:
        light = _lit(typed, member.name)
        lit = (
            (f"{LIGHT_WORDS.get(light.source, light.source)}, {_count(light.left, 'turn')} left")
            if light is not None
            else "—"
        )
        if light is None and _left(typed, member.name, "lantern"):
            lit = "Lantern (unlit)"
        rows.append(
            (
                member.name,
                lit,
                *(str(_left(typed, member.name, item)) for item, _words in SUPPLY_WORDS),
            )
        )
    return headings, tuple(rows)


def fight_over(expedition: Expedition, rounds: int) -> Expedition:
    typed = _typed(expedition).model_copy(update={"in_fight": False, "encounter_due": False})
    if typed.mode == WILDERNESS.id:
        return add_line(typed, clock_words(typed), f"The fight took {_count(rounds, 'round')}.")
    turns = fight_turns(rounds)
    return _passed(
        typed, turns, f"The fight took {_count(rounds, 'round')}: {_count(turns, 'turn')}."
    )


def change_mode(expedition: Expedition, mode: str, terrain: str) -> Expedition:
    typed = _typed(expedition)
    chosen = WILDERNESS if mode == WILDERNESS.id else DUNGEON
    ground = (
        terrain
        if chosen is WILDERNESS and any(t.id == terrain for t in TERRAINS)
        else (TERRAINS[0].id if chosen is WILDERNESS else "")
    )
    moved = typed.model_copy(update={"mode": chosen.id, "terrain": ground, "encounter_due": False})
    if chosen is WILDERNESS:
        where = f"the wilderness ({_terrain(moved).label.lower()})"
    else:
        where = "the dungeon"
    return add_line(moved, clock_words(moved), f"The party goes on in {where}.")


WILDERNESS_TABLES = {
    "clear": "Clear, Grasslands",
    "grasslands": "Clear, Grasslands",
    "barren": "Barren, Hills, Mountains",
    "hills": "Barren, Hills, Mountains",
    "mountains": "Barren, Hills, Mountains",
    "settled": "Settled",
    "city": "City",
    "desert": "Desert",
    "forest": "Forest",
    "jungle": "Jungle",
    "swamp": "Swamp",
}
"""Terrain id → the SRD's wilderness encounter table it is rolled on (Wilderness Encounters)."""
_LEVEL = re.compile(r"level\s*(\d{1,3})", re.IGNORECASE)


def dungeon_level(expedition: Expedition) -> int:
    """The dungeon level the place names ("Dungeon level 2" → 2); 1 where it names none."""
    found = _LEVEL.search(expedition.place)
    return max(1, int(found.group(1))) if found else 1


def encounter_table(expedition: Expedition) -> EncounterTable:
    """The SRD's table for a wandering check: by dungeon level (its first number appearing),
    or by terrain in the wilderness (the number in brackets: SRD Monsters, Number
    Appearing)."""
    if expedition.mode == WILDERNESS.id:
        terrain = WILDERNESS_TABLES.get(_terrain(expedition).id, "Clear, Grasslands")
        return EncounterTable(f"Wilderness Encounters: {terrain}", 1)
    level = dungeon_level(expedition)
    band = (
        "1"
        if level == 1
        else "2"
        if level == 2
        else "3"
        if level == 3
        else "4–5"
        if level <= 5
        else "6–7"
        if level <= 7
        else "8+"
    )
    return EncounterTable(f"Dungeon Encounters: Level {band}", 0)


EXPLORATION = ExplorationRules(
    expedition_type=OseExpedition,
    modes=(DUNGEON, WILDERNESS),
    new_expedition=new_expedition,
    clock_words=clock_words,
    advance=advance,
    due=due,
    actions=actions,
    act=act,
    movement=movement,
    fight_over=fight_over,
    change_mode=change_mode,
    commands=commands,
    command=command,
    provisions=provisions,
    with_table_rules=with_table_rules,
    encounter_table=encounter_table,
    options_model=OseExploration,
)
