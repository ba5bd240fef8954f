"""The table rules of an AD&D 2e game: what the books leave to the DM, each with a default.

Every field has a one-line reason in :data:`EXPLANATIONS`, shown beside it in the app. The
defaults follow the digest (shared/rules/adnd2e.md §12).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["CHOICE_WORDS", "EXPLANATIONS", "LABELS", "AdndOptions"]


class AdndOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    initiative: Literal["standard", "group", "individual"] = "standard"
    weapon_speed: bool = False
    casting_time: bool = False
    dex_initiative: bool = False
    nat20_auto: bool = True
    critical_hits: Literal["off", "double_dice", "extra_attack"] = "off"
    rear_ignores_dex: bool = True
    doubling_includes_bonuses: bool = False
    deaths_door: bool = False
    encumbrance_rounding: Literal["phb", "fg"] = "phb"
    encumbrance_slows: bool = True
    missile_ranges: Literal["outdoors", "indoors"] = "outdoors"
    scale: Literal["phb_10ft", "ct_5ft_squares"] = "phb_10ft"
    block_between: bool = True


EXPLANATIONS: dict[str, str] = {
    "initiative": "Standard: one d10 per side with side-wide modifiers; group: one d10 per side "
                  "plus each one's own modifiers; individual: a d10 each.",
    "weapon_speed": "Add the weapon's speed factor to its wielder's initiative (group and "
                    "individual initiative only, as the DMG's optional Table 56).",
    "casting_time": "Add a spell's casting time to its caster's initiative (group and "
                    "individual initiative only).",
    "dex_initiative": "Subtract the DEX reaction adjustment from a character's initiative "
                      "(common practice, not in the book).",
    "nat20_auto": "A natural 20 always hits and a natural 1 always misses (PHB); off is "
                  "strict THAC0.",
    "critical_hits": "Off by the book; the DMG's optional natural-20 rule doubles the damage "
                     "dice or grants an extra attack.",
    "rear_ignores_dex": "An attack from behind ignores the DEX defensive adjustment as well as "
                        "the shield (a reading of the DMG, not stated outright).",
    "doubling_includes_bonuses": "A set spear or a lance doubles only the rolled dice (the seed "
                                 "says 'rolled damage'); on doubles STR and magic as well.",
    "deaths_door": "Dead at 0 hit points (PHB); on, unconscious at 0 and dead at −10 (DMG "
                   "optional rule).",
    "encumbrance_rounding": "PHB: the kept share of the movement rate is rounded down (12 → 8 "
                            "when lightly loaded); FG: the reduction is rounded down (12 → 9).",
    "encumbrance_slows": "The seed's 'adjusted movement rate' is the race's rate after "
                         "encumbrance (a house reading); off uses the race's rate alone.",
    "missile_ranges": "Missile ranges are tens of yards outdoors (×30 feet) and tens of feet "
                      "indoors (×10 feet).",
    "scale": "10 feet per movement point in a round (PHB); the Combat & Tactics grid gives "
             "one 5-foot square per point.",
    "block_between": "The seed lets an ally engaging the foe block it from following a "
                     "withdrawal without saying where the ally stands: on, it must stand "
                     "between the foe and where the withdrawer goes; off, anywhere in reach.",
}

LABELS: dict[str, str] = {
    "initiative": "Initiative",
    "weapon_speed": "Weapon speed factors",
    "casting_time": "Casting times",
    "dex_initiative": "DEX adjusts initiative",
    "nat20_auto": "Natural 20 hits, natural 1 misses",
    "critical_hits": "Critical hits",
    "rear_ignores_dex": "Rear attacks ignore DEX",
    "doubling_includes_bonuses": "Double damage doubles bonuses",
    "deaths_door": "Death's door",
    "encumbrance_rounding": "Encumbrance rounding",
    "encumbrance_slows": "Encumbrance slows movement",
    "missile_ranges": "Missile ranges",
    "scale": "Movement scale",
    "block_between": "A blocker stands between",
}
"""The label each option shows in the Table Rules dialog."""

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "initiative": {"standard": "Standard (one d10 a side)", "group": "Group",
                   "individual": "Individual (a d10 each)"},
    "critical_hits": {"off": "Off", "double_dice": "Natural 20 doubles the damage dice",
                      "extra_attack": "Natural 20 grants an extra attack"},
    "encumbrance_rounding": {"phb": "Player's Handbook", "fg": "Fighter's Handbook"},
    "missile_ranges": {"outdoors": "Outdoors (yards)", "indoors": "Indoors (feet)"},
    "scale": {"phb_10ft": "10 feet a point (PHB)",
              "ct_5ft_squares": "5-foot squares (Combat & Tactics)"},
}
"""Each choice in words, as the dialog's lists show it."""
