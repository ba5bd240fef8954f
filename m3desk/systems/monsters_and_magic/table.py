"""How Monsters & Magic runs a fight at the table, as the tracker and the board ask for it.

The tracker shows these columns after initiative, name and side; the board draws the seven
range bands and marks which of the centre's weapons and spells reach each token. The action
dialog of this game is its own (effect points need their spending step): its actions and
their chances are described for the players' phones (``seam_actions``), but no ``resolve``,
so the GM's window keeps the game's own dialog and the forecast its own ``simulate``.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.numbers import minus, pool_text, signed
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.system import (
    ActionOption,
    ActionPreview,
    Cell,
    EncounterRules,
    Reach,
    Ring,
    TrackerColumn,
)
from m3desk.systems.monsters_and_magic import encounter_edits as edits
from m3desk.systems.monsters_and_magic.condition_text import condition_tooltip, conditions_short
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter
from m3desk.systems.monsters_and_magic.initiative import initiative_terms
from m3desk.systems.monsters_and_magic.ranges import BANDS, RangeBand
from m3desk.systems.monsters_and_magic.reach import attack_bands, attacks_reaching
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet

if TYPE_CHECKING:  # the forecast loads with the first forecast, not with the game
    from m3desk.core.forecast import FightResult, Policy

__all__ = ["COLUMNS", "ENCOUNTER_RULES", "FORECAST_POLICY", "cell", "edit"]

_POOL_TEXT = re.compile(r"^\s*(-?\d+)\s*(?:/\s*(\d+)\s*)?$")

COLUMNS = (
    TrackerColumn(
        "casting",
        "Cast",
        "Casting a spell this round: initiative uses INT instead of DEX",
        kind="check",
        sample="",
        centred=True,
    ),
    TrackerColumn(
        "php",
        "PHP",
        "Physical hit points, current/maximum; type a number to set the current value",
        kind="pool",
        sample="999/999",
    ),
    TrackerColumn(
        "mhp",
        "MHP",
        "Mental hit points, current/maximum; type a number to set the current value",
        kind="pool",
        sample="999/999",
    ),
    TrackerColumn(
        "hero", "Hero", "Hero points left", sample="99", centred=True, number_range=(0, 99)
    ),
    TrackerColumn(
        "ac",
        "AC now",
        "AC now, with the rolled defence in brackets (effects included)",
        sample="AC 99 (+99)",
    ),
    TrackerColumn(
        "effects",
        "Effects & consequences",
        "Effects and consequences in force, with the rounds they have left",
        sample="magical shield +2 (4 rds)",
        stretch=True,
    ),
)

_DEFENCE_CACHE: dict[tuple[int, int], tuple[object, object, tuple[str, str]]] = {}
_CACHE_LIMIT = 2048


def _defence(combatant: Combatant, encounter: Encounter) -> tuple[str, str]:
    """AC now, cached by sheet identity: frozen sheets are shared between encounter states,
    so after one change only the changed combatant is derived again (200 rows: 70 → 1 ms)."""
    sheet, rules = combatant.sheet, encounter.options
    key = (id(sheet), id(rules))
    cached = _DEFENCE_CACHE.get(key)
    if cached is not None and cached[0] is sheet and cached[1] is rules:
        return cached[2]
    values = derive(sheet, rules)
    ac, rolled = values["ac.now"], values["ac.rolled.now"]
    result = (
        f"AC {minus(ac.value)} ({signed(rolled.value)})",
        f"{ac.explanation()}\n{rolled.explanation()}",
    )
    if len(_DEFENCE_CACHE) >= _CACHE_LIMIT:
        _DEFENCE_CACHE.clear()
    _DEFENCE_CACHE[key] = (sheet, rules, result)  # holding the sheet keeps its id unique
    return result


def cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    assert isinstance(encounter, Encounter) and isinstance(combatant, Combatant)
    sheet = combatant.sheet
    if column == "casting":
        return Cell(checked=combatant.casting, editable=True)
    if column in ("php", "mhp"):
        pool = sheet.php if column == "php" else sheet.mhp
        label = column.upper()
        return Cell(
            text=pool_text(pool.current, pool.maximum),
            pool=(pool.current, pool.maximum),
            tip=f"{combatant.name}: {label} {minus(pool.current)} of {pool.maximum}",
            editable=True,
            edit_text=str(pool.current),
        )
    if column == "hero":
        return Cell(text=str(sheet.hero_points), editable=True)
    if column == "ac":
        text, tip = _defence(combatant, encounter)
        return Cell(text=text, tip=tip)
    if column == "effects":
        conditions = sheet.conditions
        tip = "\n".join(condition_tooltip(c) for c in conditions)
        return Cell(text=conditions_short(conditions), tip=tip or "No effects or consequences")
    raise KeyError(column)


def edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
    """What the GM typed into a tracker cell, as the new encounter and the undo text."""
    assert isinstance(encounter, Encounter)
    text = text.strip()
    if column == "casting":
        return edits.set_casting(encounter, combatant_id, text == "true")
    if column in ("php", "mhp"):
        match = _POOL_TEXT.match(text)
        if not match:
            raise ValueError(f"'{text}' is not a number of hit points: type 7, or 7/25")
        maximum = int(match[2]) if match[2] else None
        pool: edits.PoolName = "php" if column == "php" else "mhp"
        return edits.set_pool(encounter, combatant_id, pool, int(match[1]), maximum)
    if column == "hero":
        return edits.set_hero_points(encounter, combatant_id, int(text))
    raise KeyError(column)


def _initiative_tip(encounter: core.Encounter, combatant: core.Combatant) -> str:
    assert isinstance(encounter, Encounter) and isinstance(combatant, Combatant)
    terms = initiative_terms(combatant.sheet, casting=combatant.casting, rules=encounter.options)
    return "Roll: 3d6 " + " ".join(f"{t.label} {signed(t.value)}" for t in terms)


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    return tuple(Ring(int(band), band.label, "band") for band in BANDS)


def _reach_at(encounter: core.Encounter, a: str, position: int) -> Reach:
    assert isinstance(encounter, Encounter)
    sheet, band = encounter.combatant(a).sheet, RangeBand(position)
    names = attacks_reaching(sheet, band)
    return Reach(
        options=tuple(names),
        in_reach=bool(names),
        unequipped=tuple(attacks_reaching(sheet, band, unequipped=True)),
    )


_reach = ReachByDistance(_reach_at)
"""The board asks about the centre against everyone: answered once per distance."""


def _centre_summary(encounter: core.Encounter, centre: str) -> tuple[str, ...]:
    return tuple(
        f"{name}: {', '.join(b.label for b in bands) or '—'}"
        for name, bands in attack_bands(encounter.combatant(centre).sheet)
    )


def _limit(encounter: core.Encounter) -> int | None:
    assert isinstance(encounter, Encounter)
    return int(encounter.maximum_range)


def _condition_names(combatant: core.Combatant) -> tuple[str, ...]:
    return tuple(c.name for c in combatant.sheet.conditions)


def _pool(combatant: core.Combatant) -> tuple[int, int] | None:
    sheet = combatant.sheet
    if isinstance(sheet, CharacterSheet | MonsterSheet):
        return (sheet.php.current, sheet.php.maximum)
    return None


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | MonsterSheet):
        raise TypeError("a Monsters & Magic encounter takes Monsters & Magic sheets")
    return Combatant(name=sheet.name, side=side, sheet=sheet)


FORECAST_POLICY = (
    "Everyone attacks each round in initiative order (rolled once and kept; equal counts act "
    "together): the nearest foe, or the weakest or strongest as chosen, with the weapon, attack "
    "spell or monster attack that promises the most damage from where it stands, so a missile "
    "that reaches is shot rather than closing in (unless ranged combatants are told to close). "
    "Effect points first buy the range change the weapon needs (the table's cost a band, 5 EP "
    "by the book), then damage up to the weapon's maximum; no consequences or effects are "
    "placed, points above the maximum are lost, and no hero points are spent. "
    "Mental attacks are not used, a combatant at 0 PHP or fewer is down, and there is no "
    "morale: a side fights until it falls."
)
"""How the forecast's combatants choose (details in
:mod:`m3desk.systems.monsters_and_magic.forecast`)."""


def _simulate(encounter: core.Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """One fight of the forecast; the simulator (and the check machinery it reuses) loads
    with the first forecast, not with the app."""
    from m3desk.systems.monsters_and_magic.forecast import simulate

    assert isinstance(encounter, Encounter)
    return simulate(encounter, dice, policy)


def _actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    """The actions the game's own dialog offers (loaded with the first phone that asks)."""
    from m3desk.systems.monsters_and_magic.seam_actions import actions

    return actions(encounter, actor)


def _preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    from m3desk.systems.monsters_and_magic.seam_actions import preview

    return preview(encounter, actor, action, target)


ENCOUNTER_RULES = EncounterRules(
    encounter_type=Encounter,
    make_combatant=_make_combatant,
    pool=_pool,
    columns=COLUMNS,
    cell=cell,
    edit=edit,
    initiative_tip=_initiative_tip,
    rings=_rings,
    reach=_reach,
    centre_summary=_centre_summary,
    limit=_limit,
    condition_names=_condition_names,
    actions=_actions,
    preview=_preview,
    simulate=_simulate,
    forecast_policy=FORECAST_POLICY,
)
