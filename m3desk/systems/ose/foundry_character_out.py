"""Foundry VTT's OSE characters written from m3desk sheets ("type": "character").

The write side of :mod:`~m3desk.systems.ose.foundry_character`: the numbers as Foundry holds
them (the referee's overrides as Foundry's modifiers where it has them), armour and shield as
Foundry counts them, gear, coins, spells and the notes' labelled lines as items; what Foundry
has no place for is listed. The tables both directions share (scores, armour, coins) are here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.foundry_common import (
    counted,
    derived_numbers,
    effect_items,
    html_of,
    note_lines,
    noted_items,
    read_note_lines,
    saves_block,
    weapon_item,
)
from m3desk.systems.ose.sheet import CharacterSheet
from m3desk.systems.ose.tables import CLASS_HIT_DIE, Save

__all__ = ["character_to_foundry", "magic_part"]

_SCORES = {"str": "STR", "int": "INT", "wis": "WIS", "dex": "DEX", "con": "CON", "cha": "CHA"}
_ARMOUR_BY_AC = {9: "unarmoured", 7: "leather", 5: "chainmail", 3: "plate mail"}
_AC_BY_ARMOUR = {name: ac for ac, name in _ARMOUR_BY_AC.items()}
_COINS = {"pp": "platinum", "gp": "gold", "ep": "electrum", "sp": "silver", "cp": "copper"}


def _coins_line(coins: Mapping[str, int]) -> list[str]:
    return [f"{coins[code]} {code}" for code in _COINS if coins.get(code)]


def magic_part(sheet: CharacterSheet, save: Save) -> int:
    """What WIS adds to a save in m3desk's number (Foundry adds it only when it rolls)."""
    if save not in (Save.WANDS, Save.SPELLS):
        return 0
    return -derive(sheet.model_copy(update={"overrides": {}}))["mod.WIS"].value


def _coin_items(found: Mapping[str, list[tuple[str, int]]]) -> list[dict[str, Any]]:
    """The notes' "Coins: 23 gp; 5 sp" as Foundry's coin items (treasure, a cost a coin)."""
    value = {"pp": 5, "gp": 1, "ep": 0.5, "sp": 0.1, "cp": 0.01}
    items = []
    for text, _count in found.get("Coins", ()):
        match = re.fullmatch(r"([\d ]{1,12})\s*(pp|gp|ep|sp|cp)", text.strip())
        if match is None:
            continue
        code = match.group(2)
        items.append(
            {
                "name": f"{_COINS[code].title()} ({code})",
                "type": "item",
                "system": {
                    "quantity": {"value": int(match.group(1).replace(" ", "")), "max": 0},
                    "treasure": True,
                    "cost": value[code],
                    "weight": 1,
                },
            }
        )
    return items


def character_to_foundry(sheet: CharacterSheet) -> tuple[dict[str, Any], list[str]]:
    """The Foundry OSE character Foundry itself would hold for the sheet: every number, the
    armour and shield as Foundry counts them, gear, coins, abilities and languages from the
    notes' lines as items; what Foundry has no place for is listed."""
    numbers = derived_numbers(sheet)
    problems: list[str] = []
    ac_mod, melee, missile = _override_mods(sheet, numbers, problems)
    problems += _unwritten(sheet)
    found, rest, biography = _noted(sheet)
    items = _items(sheet, found, problems)
    saves = {save.value: numbers[f"save.{save.value}"] - magic_part(sheet, save) for save in Save}
    actor = {
        "name": sheet.name,
        "type": "character",
        "system": {
            "hp": {
                "hd": f"1d{CLASS_HIT_DIE[sheet.char_class]}",
                "value": sheet.hit_points,
                "max": sheet.max_hit_points,
            },
            "ac": {"value": numbers["ac"], "mod": ac_mod},
            "aac": {"value": numbers["aac"], "mod": ac_mod},
            "thac0": {
                "value": numbers["thac0"],
                "bba": numbers["attack_bonus"],
                "mod": {"missile": missile, "melee": melee},
            },
            "saves": saves_block(saves),
            "movement": {"base": numbers.get("movement", 120)},
            "config": {"movementAuto": "movement" not in sheet.overrides},
            "initiative": {
                "value": 0,
                "mod": sheet.overrides.get("initiative", 0)
                and (
                    numbers["initiative"]
                    - derive(sheet.model_copy(update={"overrides": {}}))["initiative"].value
                ),
            },
            "languages": {"value": [name for name, _c in found.get("Languages", ())]},
            "scores": {
                key: {"value": getattr(sheet.abilities, ability), "bonus": 0}
                for key, ability in _SCORES.items()
            },
            "details": {
                "class": sheet.char_class.value.title(),
                "level": sheet.level,
                "alignment": sheet.alignment,
                "title": next((name for name, _c in found.get("Title", ())), ""),
                "biography": html_of(biography),
                "notes": html_of(rest),
                "xp": {"value": sheet.experience, "share": 100, "bonus": numbers["xp.prime"]},
            },
        },
        "items": items,
        "effects": effect_items(found),
    }
    return actor, problems


def _override_mods(
    sheet: CharacterSheet, numbers: dict[str, int], problems: list[str]
) -> tuple[int, int, int]:
    """The referee's overrides Foundry keeps as modifiers (AC, melee and missile to-hit);
    the others are written as the numbers they give, and said so in ``problems``."""
    overrides = dict(sheet.overrides)
    ac_mod = 0
    if "ac" in overrides:
        ac_mod = derive(sheet.model_copy(update={"overrides": {}}))["ac"].value - overrides.pop(
            "ac"
        )
    melee = (
        numbers["melee.hit"] - derive(sheet.model_copy(update={"overrides": {}}))["melee.hit"].value
        if "melee.hit" in overrides
        else 0
    )
    missile = (
        numbers["missile.hit"]
        - derive(sheet.model_copy(update={"overrides": {}}))["missile.hit"].value
        if "missile.hit" in overrides
        else 0
    )
    for key in (
        "melee.hit",
        "missile.hit",
        "thac0",
        "initiative",
        "xp.prime",
        "movement",
        *(f"save.{save.value}" for save in Save),
    ):
        overrides.pop(key, None)
    if overrides:
        problems.append(
            "the referee's overrides ("
            + ", ".join(sorted(overrides))
            + ") are written as the numbers they give"
        )
    return ac_mod, melee, missile


def _unwritten(sheet: CharacterSheet) -> list[str]:
    """What of the weapons and the load Foundry has no place for."""
    problems: list[str] = []
    for weapon in sheet.weapons:
        if weapon.two_handed or weapon.brace:
            what = " and ".join(
                word
                for word, on in (("two-handed", weapon.two_handed), ("braced", weapon.brace))
                if on
            )
            problems.append(
                f"{weapon.name} is {what}: Foundry keeps that only as a tag, so it is not written"
            )
    if sheet.carrying_treasure or sheet.load_coins:
        problems.append(
            "the load (treasure and coins) is not written: Foundry counts it from its own items"
        )
    return problems


def _noted(sheet: CharacterSheet) -> tuple[dict[str, list[tuple[str, int]]], str, str]:
    """The notes' lines by label (the sheet's own gear, coins, treasure and languages first),
    the notes left over and the biography."""
    found, rest = read_note_lines(sheet.notes)
    # the sheet's own gear, coins, treasure and languages first, then the notes' lines
    fields, _ = read_note_lines(
        note_lines(
            {
                "Equipment": [counted(i.name, i.quantity) for i in sheet.equipment],
                "Treasure": [part for part in sheet.treasure.split("; ") if part.strip()],
                "Coins": _coins_line(sheet.coins.model_dump()),
                "Languages": list(sheet.languages),
            }
        )
    )
    for label, rows in fields.items():
        found[label] = rows + found.get(label, [])
    biography = ""
    if "Biography:\n" in rest:
        rest, _, biography = rest.partition("Biography:\n")
    return found, rest, biography


def _items(
    sheet: CharacterSheet, found: dict[str, list[tuple[str, int]]], problems: list[str]
) -> list[dict[str, Any]]:
    """Foundry's items: weapons, armour and shield, spells, the noted gear and coins."""
    items: list[dict[str, Any]] = [
        weapon_item(
            w.name,
            w.damage,
            melee=w.melee,
            missile=w.missile,
            slow=w.slow,
            ranges=w.ranges,
            bonus=w.magic,
        )
        for w in sheet.weapons
    ]
    if sheet.armour != "unarmoured":
        ac = _AC_BY_ARMOUR[sheet.armour] - sheet.magic_armour
        label = sheet.armour + (f" +{sheet.magic_armour}" if sheet.magic_armour else "")
        items.append(
            {
                "name": label,
                "type": "armor",
                "system": {
                    "ac": {"value": ac},
                    "aac": {"value": 19 - ac},
                    "equipped": True,
                    "type": "heavy" if sheet.armour != "leather" else "light",
                },
            }
        )
    if sheet.shield:  # Foundry adds a shield's AC as a bonus: 1 for the SRD's shield
        items.append(
            {
                "name": "shield",
                "type": "armor",
                "system": {
                    "ac": {"value": 1},
                    "aac": {"value": 1},
                    "equipped": True,
                    "type": "shield",
                },
            }
        )
    items += [
        {
            "name": s.name,
            "type": "spell",
            "system": {
                "lvl": s.level,
                "class": sheet.char_class.value.title(),
                "memorized": 1,
                "cast": 1 if s.cast else 0,
                "range": "" if s.range is None else "Touch" if s.range == 0 else f"{s.range}'",
            },
        }
        for s in sheet.spells
    ]
    weights = {i.name: i.weight for i in sheet.equipment if i.weight is not None}
    items += noted_items(found, sheet.char_class.value.title(), weights) + _coin_items(found)
    if found.get("Effects (not applied)"):
        problems.append(
            "the effects in the notes are written as Foundry effects by name "
            "only, changing nothing: "
            + "; ".join(name for name, _c in found["Effects (not applied)"])
        )
    return items
