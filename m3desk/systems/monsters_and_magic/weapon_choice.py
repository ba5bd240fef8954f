"""The weapons, spells and monster attacks an actor can use, keyed stably for the dialog.

A key (``item:0``, ``spell:1``, ``attack:0``) points into the sheet's own lists, so the spec
is always built from the sheet's current data; the memory keeps the *name*, which survives
edits that reorder the lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import (
    CharacterSheet,
    Item,
    MonsterAttack,
    MonsterSheet,
    Spell,
    TableRules,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.derive import derive

__all__ = ["WeaponChoice", "weapon_choices", "weapon_for"]

Sheet = CharacterSheet | MonsterSheet
Weapon = Item | Spell | MonsterAttack


@dataclass(frozen=True, slots=True)
class WeaponChoice:
    """One entry of the weapon list: what it is and how it reads ("1d8+1 · max 10")."""

    key: str
    name: str
    weapon: Weapon
    detail: str
    available: bool = True
    """False for gear that is not equipped; still listed, marked, so the GM can overrule."""

    @property
    def text(self) -> str:
        return f"{self.name}  —  {self.detail}" if self.detail else self.name


def _detail(damage: object, cap: int | None, extra: list[str]) -> str:
    parts = list(extra)
    if damage is not None:
        parts.insert(0, f"damage {damage}" + (f", max {cap}" if cap is not None else ""))
    return " · ".join(parts)


def weapon_choices(sheet: Sheet, action: ActionKind, rules: TableRules) -> list[WeaponChoice]:
    """What the action can be made with, in sheet order (equipped weapons first)."""
    derived = derive(sheet, rules)

    def cap(key: str) -> int | None:
        return derived[key].value if key in derived else None

    choices: list[WeaponChoice] = []
    if isinstance(sheet, MonsterSheet):
        if not action.uses_weapon:
            return []
        for index, attack in enumerate(sheet.attacks):
            extra = [signed(attack.bonus)]
            if attack.resisted_by != "AC":
                extra.append(f"vs {attack.resisted_by}")
            if attack.action:
                extra.append("monster action")
            choices.append(
                WeaponChoice(
                    f"attack:{index}",
                    attack.name,
                    attack,
                    _detail(attack.damage, cap(f"max_damage.attack.{index}"), extra),
                )
            )
        return choices
    if action is ActionKind.ATTACK:
        for index, item in enumerate(sheet.items):
            if item.damage is None or item.kind not in ("weapon", "social weapon"):
                continue
            extra = [f"{signed(item.to_hit)} to hit"] if item.to_hit else []
            if item.mental:
                extra.append("social")
            if not item.equipped:
                extra.append("not equipped")
            choices.append(
                WeaponChoice(
                    f"item:{index}",
                    item.name,
                    item,
                    _detail(item.damage, cap(f"max_damage.item.{index}"), extra),
                    available=item.equipped,
                )
            )
        choices.sort(key=lambda choice: not choice.available)
    elif action is ActionKind.SPELL:
        for index, spell in enumerate(sheet.spells):
            extra = [f"level {spell.level}"]
            if spell.mental:
                extra.append("mental")
            choices.append(
                WeaponChoice(
                    f"spell:{index}",
                    spell.name,
                    spell,
                    _detail(spell.damage, cap(f"max_damage.spell.{index}"), extra),
                )
            )
    return choices


def _keyed(sheet: Sheet) -> dict[str, Weapon]:
    """Every weapon of the sheet by its key: a key is looked up, never taken apart."""
    if isinstance(sheet, MonsterSheet):
        return {f"attack:{index}": attack for index, attack in enumerate(sheet.attacks)}
    keyed: dict[str, Weapon] = {f"item:{index}": item for index, item in enumerate(sheet.items)}
    keyed.update((f"spell:{index}", spell) for index, spell in enumerate(sheet.spells))
    return keyed


def weapon_for(sheet: Sheet, key: str | None) -> Weapon | None:
    """The weapon a key names on this sheet; None for no weapon or a stale key."""
    return _keyed(sheet).get(key) if key else None
