"""Encounters to print: the Fane sample mid round one, and a crowded twelve-combatant fight.

Built through the encounter rules (Scouting, start, next turn, conditions), not by hand,
so the printed sheet is checked against the states the application really produces.
"""

from __future__ import annotations

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.conditions import (
    Condition,
    ConditionKind,
    Duration,
    DurationKind,
    Tier,
)
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    delay,
    mark_applied,
    next_turn,
    replace_sheet,
    resolve_scouting,
    set_range,
    start,
    update_combatant,
)
from m3desk.systems.monsters_and_magic.ranges import EncounterConditions, RangeBand
from m3desk.systems.monsters_and_magic.sheet import (
    CharacterSheet,
    MonsterAttack,
    MonsterSheet,
    Pool,
)

__all__ = ["by_name", "crowded_encounter", "fane_encounter"]


def by_name(encounter: Encounter, prefix: str) -> str:
    """The id of the combatant whose name starts with ``prefix``."""
    return next(c.id for c in encounter.combatants if c.name.startswith(prefix))


def _with_samples(name: str, conditions: EncounterConditions) -> Encounter:
    encounter = Encounter(name=name, conditions=conditions)
    for path in sample_files("monsters_and_magic"):
        sheet = load_sheet(path).model
        assert isinstance(sheet, CharacterSheet | MonsterSheet)
        side = "Monsters" if isinstance(sheet, MonsterSheet) else "Party"
        encounter = add_combatant(encounter, sheet, side, source_path=str(path))
    return encounter


def _initiative(
    encounter: Encounter, values: dict[str, int], ties: tuple[str, ...] = ()
) -> Encounter:
    for prefix, value in values.items():
        encounter = update_combatant(encounter, by_name(encounter, prefix), initiative=value)
    for order, prefix in enumerate(ties):
        encounter = update_combatant(encounter, by_name(encounter, prefix), tie_order=order)
    return encounter


def _condition(encounter: Encounter, prefix: str, condition: Condition) -> Encounter:
    combatant = encounter.combatant(by_name(encounter, prefix))
    sheet = combatant.sheet.model_copy(
        update={"conditions": (*combatant.sheet.conditions, condition)}
    )
    return mark_applied(replace_sheet(encounter, combatant.id, sheet), [condition.id])


def fane_encounter() -> Encounter:
    """The Example of Play: five heroes and the First One Mummy, mid round one.

    The party surprised the mummy; in round one Felix (21) backstabbed it, Xiola and the
    mummy (20) acted together, and it is now Gramfive and Shamira's count (13).
    """
    e = _with_samples("Fane of the First Ones", EncounterConditions.INDOORS_CHAMBER)
    e = resolve_scouting(e, {"Party": None, "Monsters": Failure.SIMPLE})
    e = _initiative(
        e,
        {"Felix": 21, "Xiola": 20, "Gramfive": 13, "Shamira": 13, "Guido": 10},
        ties=("Gramfive", "Shamira"),
    )
    e = start(e)
    while e.phase == "surprise":
        e = next_turn(e)
    e = _initiative(e, {"First": 20})
    e = update_combatant(e, by_name(e, "Xiola"), tie_order=-1)
    mummy = by_name(e, "First")
    for prefix, band in (
        ("Felix", RangeBand.HAND),
        ("Gramfive", RangeBand.CLOSE),
        ("Shamira", RangeBand.REACH),
        ("Xiola", RangeBand.SHORT),
    ):
        e = set_range(e, by_name(e, prefix), mummy, band)
    e = set_range(e, by_name(e, "Guido"), by_name(e, "Xiola"), RangeBand.CLOSE)
    e = _condition(
        e,
        "First",
        Condition.make(
            "backstabbed!",
            ConditionKind.CONSEQUENCE,
            Tier.MAJOR,
            source="Felix",
            duration=Duration(kind=DurationKind.ROUNDS, rounds=2),
        ),
    )
    e = _condition(
        e,
        "First",
        Condition.make(
            "catching fire",
            ConditionKind.CONSEQUENCE,
            Tier.MINOR,
            source="Xiola",
            duration=Duration(kind=DurationKind.ROUNDS, rounds=3),
        ),
    )
    shield = Condition.make(
        "magical shield",
        ConditionKind.EFFECT,
        Tier.MINOR,
        source="Shield spell",
        duration=Duration(kind=DurationKind.ROUNDS, rounds=5),
    )
    # Condition.make drops its ``affects`` argument, so the shield is set on defence here.
    e = _condition(e, "Xiola", shield.model_copy(update={"affects": "defence"}))
    e = _condition(
        e,
        "Gramfive",
        Condition.make(
            "Regressing Disease",
            ConditionKind.CONSEQUENCE,
            Tier.MINOR,
            source="First One Mummy",
            duration=Duration(kind=DurationKind.CONTEST, contest_target=10),
        ),
    )
    mummy_sheet = e.combatant(mummy).sheet
    e = replace_sheet(
        e,
        mummy,
        mummy_sheet.model_copy(update={"php": Pool(current=31, maximum=mummy_sheet.php.maximum)}),
    )
    felix = by_name(e, "Felix")
    felix_sheet = e.combatant(felix).sheet
    e = replace_sheet(
        e,
        felix,
        felix_sheet.model_copy(update={"php": Pool(current=11, maximum=felix_sheet.php.maximum)}),
    )
    while e.turn is not None and not e.combatant(e.turn).name.startswith("Gramfive"):
        e = next_turn(e)
    return e


def crowded_encounter() -> Encounter:
    """Twelve combatants: the party, the mummy, long-named guards and unrolled goblins.

    It exercises what a big fight prints: long names, two simultaneous counts, a delayed
    combatant, three without initiative and a full twelve-by-twelve range table.
    """
    e = _with_samples(
        "Catacombs beneath the Fane of the First Ones, second vault",
        EncounterConditions.INDOORS_VAST,
    )
    guard = MonsterSheet(
        name="Skeletal Temple Guardian of the Inner Sanctum",
        level=3,
        armour_class=15,
        rolled_defence=4,
        php=Pool.full(22),
        mhp=Pool.full(9),
        attacks=(
            MonsterAttack(
                name="Rusted halberd sweep",
                bonus=6,
                damage="1d10",
                ranges=(RangeBand.CLOSE, RangeBand.REACH),
            ),
            MonsterAttack(name="Shield bash", bonus=4, damage="1d4"),
        ),
    )
    goblin = MonsterSheet(
        name="Goblin",
        level=1,
        armour_class=13,
        rolled_defence=2,
        php=Pool.full(7),
        mhp=Pool.full(6),
        attacks=(
            MonsterAttack(name="Spear", bonus=2, damage="1d6"),
            MonsterAttack(
                name="Shortbow", bonus=2, damage="1d6", ranges=(RangeBand.SHORT, RangeBand.MEDIUM)
            ),
        ),
    )
    for _ in range(2):
        e = add_combatant(e, guard, "Monsters")
    for _ in range(4):
        e = add_combatant(e, goblin, "Monsters")
    e = resolve_scouting(e, {"Party": Failure.SIMPLE, "Monsters": Failure.MINOR})
    e = _initiative(
        e,
        {
            "Felix": 18,
            "Xiola": 18,
            "First": 15,
            "Gramfive": 12,
            "Shamira": 9,
            "Guido": 7,
            "Skeletal Temple Guardian of the Inner Sanctum 1": 15,
            "Skeletal Temple Guardian of the Inner Sanctum 2": 4,
            "Goblin 1": 11,
        },
    )
    e = start(e)
    e = delay(e, by_name(e, "Shamira"))
    ids = [c.id for c in e.combatants]
    for index, band in enumerate(
        (RangeBand.CLOSE, RangeBand.REACH, RangeBand.LONG, RangeBand.HAND, RangeBand.OUT_OF_RANGE)
    ):
        e = set_range(e, ids[index], ids[-1 - index], band)
    e = _condition(
        e,
        "Goblin 3",
        Condition.make(
            "Pinned under rubble",
            ConditionKind.CONSEQUENCE,
            Tier.MAJOR,
            scope="movement",
            duration=Duration(kind=DurationKind.SCENE),
        ),
    )
    return e
