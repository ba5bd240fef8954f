"""AD&D 2nd edition (with Player's Option: Combat & Tactics' movement categories).

Qt-free and importing only :mod:`m3desk.core`. Numbers are the digest's
(shared/rules/adnd2e.md) and seed 002's; rules the books leave open are table-rules options
(:mod:`m3desk.systems.adnd2e.options`). The public surface:

- ``thac0(group, level)``: THAC0 of "warrior", "priest", "rogue" or "wizard" at a level;
- ``to_hit_number(thac0, target_ac)``: the modified d20 needed (THAC0 − AC);
- ``hit_chance(modifier, thac0, target_ac)``: the exact chance, natural 20 hits, 1 misses;
- ``combat_movement_feet(rate, action)``: feet this round for "move", "close", "missile",
  "charge", "withdraw" or "flee";
- ``moving_rate_of_fire(rate)``: a missile weapon's rate while moving (half);
- ``initiative_order(rolls)``: names grouped by roll, lowest first, ties together;
- ``charging_armour_class(ac, dex_adjustment)``: the charger's AC.
"""

from m3desk.systems.adnd2e.combat import (
    charging_armour_class,
    initiative_order,
    thac0,
    to_hit_number,
)
from m3desk.systems.adnd2e.movement import combat_movement_feet, moving_rate_of_fire
from m3desk.systems.adnd2e.option_rules import hit_chance

__all__ = [
    "charging_armour_class",
    "combat_movement_feet",
    "hit_chance",
    "initiative_order",
    "moving_rate_of_fire",
    "thac0",
    "to_hit_number",
]
