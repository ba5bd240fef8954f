"""A monster's attacks in OSE: its routines, their damage and the effects a hit causes.

What OSE says of an effect lives here once, for the action dialog, the tracker and the
forecast: which saving throw it calls for (paralysis and petrification: save vs paralysis;
charm: vs spells; poison: vs death; energy drain: none, a hit drains). The exact chance the
target fails it and the condition a failed save leaves are the core's, shared with AD&D
(:data:`m3desk.core.routines.EFFECTS`, :func:`~m3desk.core.routines.fail_chance`,
:func:`~m3desk.core.routines.apply_effect`): a paralysed, petrified or charmed combatant is
out of the fight, a poisoned one dies.

A breath weapon's rules live here too, as the SRD writes them (its dragon entry: "up to three
times per day. All caught in the area suffer damage equal to the dragon's current hit points
(save versus breath for half)"; "always attacks first with its breath weapon, then either
breathes again or makes melee attacks (equal chance of either)"): no attack roll, the damage
(:func:`breath_damage`), the save and what it saves (:func:`breath_save`,
:func:`breath_dealt`), the uses left today (:func:`uses_left`) and the words a sheet and an
export write them in (:func:`breath_words`, :func:`read_breath_words`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from m3desk.core import encounter as core
from m3desk.core import routines
from m3desk.core.routines import EFFECTS, Damage, Effect, afflicted, fail_chance, routines_of
from m3desk.core.system import ConditionSpec
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet, Weapon
from m3desk.systems.ose.tables import Save

__all__ = [
    "BREATH_CATCHES_FEET",
    "CONDITIONS",
    "EFFECT_SAVES",
    "afflicted",
    "apply_effect",
    "attack_damage",
    "breath_damage",
    "breath_dealt",
    "breath_mean",
    "breath_save",
    "breath_words",
    "effect_of",
    "fail_chance",
    "monster_routines",
    "read_breath_words",
    "routine_breath",
    "routine_uses_left",
    "save_target",
    "spend_use",
    "uses_left",
    "weapon_damage_of",
]

EFFECT_SAVES: dict[str, Save | None] = {
    "paralysis": Save.PARALYSIS,
    "petrification": Save.PARALYSIS,
    "charm": Save.SPELLS,
    "poison": Save.DEATH,
    "energy drain": None,
}
"""The saving throw each effect calls for; None: no save, a hit is enough."""

CONDITIONS = tuple(ConditionSpec(e.key, e.condition, e.help) for e in EFFECTS.values())
"""The conditions the effects leave, as the tracker's condition picker offers them."""


def effect_of(attack: MonsterAttack) -> Effect | None:
    """The effect with rules behind it that a hit of ``attack`` causes, if any."""
    return EFFECTS.get(attack.effect)


def monster_routines(sheet: MonsterSheet) -> tuple[tuple[MonsterAttack, ...], ...]:
    """The monster's routines, each the attacks made together in a round."""
    return routines_of(sheet.attacks)


def attack_damage(
    sheet: CharacterSheet | MonsterSheet, index: int, weapon: Weapon
) -> Damage | None:
    """The damage an attack rolls: a monster's as its stat block prints it (None: none),
    a character's weapon die (see :func:`weapon_damage_of`)."""
    if isinstance(sheet, MonsterSheet):
        return sheet.attacks[index].damage if 0 <= index < len(sheet.attacks) else None
    return weapon_damage_of(weapon)


def weapon_damage_of(weapon: Weapon) -> Damage:
    die = weapon.damage
    return Damage(((die.count, die.sides),) if die.count else (), die.bonus)


def save_target(
    sheet: CharacterSheet | MonsterSheet, effect: Effect, options: OseOptions | None = None
) -> int | None:
    """The d20 the target needs to resist ``effect``; None when no save is allowed."""
    save = EFFECT_SAVES.get(effect.key)
    if save is None:
        return None
    return derive(sheet, options)[f"save.{save.value}"].value


def apply_effect(encounter: core.E, target: str, effect: Effect) -> core.E:
    """The condition a failed save (or an unresisted hit) leaves; poison also kills (at 0
    hit points, OSE's death): the core's one rule (:func:`m3desk.core.routines.apply_effect`)."""
    return routines.apply_effect(encounter, target, effect, dead_at=0)


# -- breath weapons ---------------------------------------------------------------------

BREATH_CATCHES_FEET = 10
"""The forecast's stand-in for a breath's cloud, cone or line: it catches the foe aimed at
and every foe within this many feet of it (the tracker's referee decides who is caught)."""


def breath_damage(attack: MonsterAttack, sheet: MonsterSheet) -> Damage | int | None:
    """What a breath deals before its save: the monster's hit points as they stand (at least
    0) for a dragon's, else its dice; None: no hit-point damage (a gorgon's petrifying)."""
    if attack.own_hit_points:
        return max(0, sheet.hit_points)
    return attack.damage


def breath_save(attack: MonsterAttack) -> Save | None:
    """The save a creature caught in the breath rolls: the one the book names, else its
    effect's; None: no save (the book names none)."""
    if attack.save is not None:
        return attack.save
    effect = effect_of(attack)
    return EFFECT_SAVES.get(effect.key) if effect is not None else None


def breath_dealt(full: int, saved: bool, attack: MonsterAttack) -> int:
    """Damage dealt to one creature caught: all of it on a failed save (or none allowed),
    half, rounded down, on a save; a breath whose effect a save escapes deals its damage
    either way."""
    if saved and breath_save(attack) is not None and attack.effect == "":
        return full // 2
    return full


def breath_mean(attack: MonsterAttack, sheet: MonsterSheet, fails: Fraction) -> Fraction:
    """The average damage one caught creature takes, with the chance ``fails`` it fails its
    save."""
    full = breath_damage(attack, sheet)
    if full is None:
        return Fraction(0)
    if isinstance(full, int):
        return fails * full + (1 - fails) * breath_dealt(full, True, attack)
    counts = full.distribution()
    ways = sum(counts.values())
    return sum(
        (
            Fraction(n, ways)
            * (fails * max(0, v) + (1 - fails) * breath_dealt(max(0, v), True, attack))
            for v, n in counts.items()
        ),
        Fraction(0),
    )


def routine_breath(routine: tuple[MonsterAttack, ...]) -> MonsterAttack | None:
    """The routine's breath weapon, if it is one."""
    return next((a for a in routine if a.breath), None)


def uses_left(combatant: core.Combatant, index: int) -> int | None:
    """Uses of attack ``index`` left today; None: it has no limit."""
    sheet = combatant.sheet
    if not isinstance(sheet, MonsterSheet) or not 0 <= index < len(sheet.attacks):
        return None
    attack = sheet.attacks[index]
    if not attack.uses:
        return None
    spent: dict[int, int] = getattr(combatant, "spent", {})
    return max(0, attack.uses - spent.get(index, 0))


def routine_uses_left(
    combatant: core.Combatant, routine: tuple[MonsterAttack, ...]
) -> tuple[int, int] | None:
    """The fewest uses left of the routine's limited attacks, and of how many a day; None:
    the routine has no limit."""
    sheet = combatant.sheet
    assert isinstance(sheet, MonsterSheet)
    found = [
        (left, sheet.attacks[i].uses)
        for a in routine
        if (left := uses_left(combatant, i := sheet.attacks.index(a))) is not None
    ]
    return min(found) if found else None


def spend_use(
    spent: dict[int, int], sheet: MonsterSheet, routine: tuple[MonsterAttack, ...]
) -> dict[int, int]:
    """``spent`` with one more use of each limited attack of the routine."""
    after = dict(spent)
    for attack in routine:
        if attack.uses:
            index = sheet.attacks.index(attack)
            after[index] = min(attack.uses, after.get(index, 0) + 1)
    return after


def breath_words(attack: MonsterAttack) -> str:
    """A breath's rules in a few words, as the sheet shows them and an export writes them:
    "own hp, save B, first, 3 in 6"; empty when the attack is no breath."""
    if not attack.breath:
        return ""
    words = ["breath"]
    if attack.own_hit_points:
        words.append("own hp")
    if attack.save is not None:
        words.append(f"save {attack.save.value}")
    if attack.opens:
        words.append("first")
    if attack.chance:
        words.append(f"{attack.chance} in 6")
    return ", ".join(words)


_BREATH_PARTS = re.compile(
    r"\s*+(?:(breath)|(own hp)|save ([DWPBS])|(first)|([1-6]) in 6)"
    r"\s*+(?:,|$)",
    re.IGNORECASE,
)


def read_breath_words(text: str) -> dict[str, Any]:
    """The fields :func:`breath_words` wrote (``breath`` False for an empty text); raises
    ValueError with a sentence for other words."""
    text = text.strip()[:120]
    if not text:
        return {"breath": False, "own_hit_points": False, "save": None, "opens": False, "chance": 0}
    found: dict[str, Any] = {
        "breath": True,
        "own_hit_points": False,
        "save": None,
        "opens": False,
        "chance": 0,
    }
    position = 0
    while position < len(text):
        part = _BREATH_PARTS.match(text, position)
        if part is None or part.end() == position:
            raise ValueError(
                f"“{text}” is not a breath's rules; write them like "
                "“breath, own hp, save B, first, 3 in 6”"
            )
        if part.group(2):
            found["own_hit_points"] = True
        elif part.group(3):
            found["save"] = Save(part.group(3).upper())
        elif part.group(4):
            found["opens"] = True
        elif part.group(5):
            found["chance"] = int(part.group(5))
        position = part.end()
    return found
