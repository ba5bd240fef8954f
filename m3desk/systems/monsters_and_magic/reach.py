"""Which of a combatant's attacks reach a range band.

A plain membership test over the bands each weapon, spell or monster attack lists, kept out
of the rules core because it is a reading aid for the board, not a rule: the action dialog
still decides what an attack costs. No arithmetic here on purpose.
"""

from __future__ import annotations

from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, Item, MonsterSheet, Spell


def _item_attacks(sheet: CharacterSheet, *, equipped: bool) -> list[Item]:
    return [item for item in sheet.items if item.is_attack and item.equipped == equipped]


def _spell_is_attack(spell: Spell) -> bool:
    """A spell attacks if it deals damage or strikes the mind; Shield and the like do not."""
    return spell.damage is not None or spell.mental


def attacks_reaching(
    sheet: CharacterSheet | MonsterSheet, band: RangeBand, *, unequipped: bool = False
) -> list[str]:
    """Names of the sheet's attacks usable at ``band``, in sheet order.

    Characters: equipped weapons (and social weapons) with damage, then attack spells.
    With ``unequipped=True`` only the weapons carried but not in hand are listed, so the
    board can say "could reach with the dagger once drawn".
    Monsters: their attacks, without monster actions, which the GM triggers as reactions
    rather than aims at a target (the mummy's Infect does not make a foe "in reach").
    """
    if isinstance(sheet, MonsterSheet):
        if unequipped:
            return []
        return [
            attack.name for attack in sheet.attacks if not attack.action and band in attack.ranges
        ]
    names = [
        item.name for item in _item_attacks(sheet, equipped=not unequipped) if band in item.ranges
    ]
    if not unequipped:
        names += [
            spell.name for spell in sheet.spells if _spell_is_attack(spell) and band in spell.ranges
        ]
    return names


def attack_bands(sheet: CharacterSheet | MonsterSheet) -> list[tuple[str, tuple[RangeBand, ...]]]:
    """Every attack of the sheet with the bands it works at, for the centre's tooltip."""
    if isinstance(sheet, MonsterSheet):
        return [(a.name, a.ranges) for a in sheet.attacks if not a.action]
    return [(i.name, i.ranges) for i in _item_attacks(sheet, equipped=True)] + [
        (s.name, s.ranges) for s in sheet.spells if _spell_is_attack(s)
    ]
