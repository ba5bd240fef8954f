"""The table rules of an AD&D 2e game: what the books leave to the DM, each with a default.

Every field carries its label, its one-line reason and its choices in words (an
:class:`~m3desk.core.options.Option` marker), shown beside it in the app. The
defaults follow the digest (shared/rules/adnd2e.md §12).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict

from m3desk.core.options import Option

__all__ = ["AdndOptions"]


class AdndOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    initiative: Annotated[
        Literal["standard", "group", "individual"],
        Option(
            "Initiative",
            "Standard: one d10 per side with side-wide modifiers; group: one d10 per side plus "
            "each "
            "one's own modifiers; individual: a d10 each.",
            choices={
                "standard": "Standard (one d10 a side)",
                "group": "Group",
                "individual": "Individual (a d10 each)",
            },
            section="Initiative",
        ),
    ] = "standard"
    weapon_speed: Annotated[
        bool,
        Option(
            "Weapon speed factors",
            "Add the weapon's speed factor to its wielder's initiative (group and individual "
            "initiative only, as the DMG's optional Table 56).",
            section="Initiative",
        ),
    ] = False
    casting_time: Annotated[
        bool,
        Option(
            "Casting times",
            "Add a spell's casting time to its caster's initiative (group and individual "
            "initiative "
            "only).",
            section="Initiative",
        ),
    ] = False
    dex_initiative: Annotated[
        bool,
        Option(
            "DEX adjusts initiative",
            "Subtract the DEX reaction adjustment from a character's initiative (common practice, "
            "not in the book).",
            section="Initiative",
        ),
    ] = False
    nat20_auto: Annotated[
        bool,
        Option(
            "Natural 20 hits, natural 1 misses",
            "A natural 20 always hits and a natural 1 always misses (PHB); off is strict THAC0.",
            section="Attacks and damage",
        ),
    ] = True
    critical_hits: Annotated[
        Literal["off", "double_dice", "extra_attack"],
        Option(
            "Critical hits",
            "Off by the book; the DMG's optional natural-20 rule doubles the damage dice or grants "
            "an extra attack.",
            choices={
                "off": "Off",
                "double_dice": "Natural 20 doubles the damage dice",
                "extra_attack": "Natural 20 grants an extra attack",
            },
            section="Attacks and damage",
        ),
    ] = "off"
    rear_ignores_dex: Annotated[
        bool,
        Option(
            "Rear attacks ignore DEX",
            "An attack from behind ignores the DEX defensive adjustment as well as the shield (a "
            "reading of the DMG, not stated outright).",
            section="Attacks and damage",
        ),
    ] = True
    doubling_includes_bonuses: Annotated[
        bool,
        Option(
            "Double damage doubles bonuses",
            "A set spear or a lance doubles only the rolled dice (the seed says 'rolled damage'); "
            "on "
            "doubles STR and magic as well.",
            section="Attacks and damage",
        ),
    ] = False
    deaths_door: Annotated[
        bool,
        Option(
            "Death's door",
            "Dead at 0 hit points (PHB); on, unconscious at 0 and dead at −10 (DMG optional rule).",
            section="Attacks and damage",
        ),
    ] = False
    encumbrance_rounding: Annotated[
        Literal["phb", "fg"],
        Option(
            "Encumbrance rounding",
            "PHB: the kept share of the movement rate is rounded down (12 → 8 when lightly "
            "loaded); "
            "FG: the reduction is rounded down (12 → 9).",
            choices={"phb": "Player's Handbook", "fg": "Fighter's Handbook"},
            section="Movement",
        ),
    ] = "phb"
    encumbrance_slows: Annotated[
        bool,
        Option(
            "Encumbrance slows movement",
            "The seed's 'adjusted movement rate' is the race's rate after encumbrance (a house "
            "reading); off uses the race's rate alone.",
            section="Movement",
        ),
    ] = True
    missile_ranges: Annotated[
        Literal["outdoors", "indoors"],
        Option(
            "Missile ranges",
            "Missile ranges are tens of yards outdoors (×30 feet) and tens of feet indoors (×10 "
            "feet).",
            choices={"outdoors": "Outdoors (yards)", "indoors": "Indoors (feet)"},
            section="Movement",
        ),
    ] = "outdoors"
    scale: Annotated[
        Literal["phb_10ft", "ct_5ft_squares"],
        Option(
            "Movement scale",
            "10 feet per movement point in a round (PHB); the Combat & Tactics grid gives one "
            "5-foot "
            "square per point.",
            choices={
                "phb_10ft": "10 feet a point (PHB)",
                "ct_5ft_squares": "5-foot squares (Combat & Tactics)",
            },
            section="Movement",
        ),
    ] = "phb_10ft"
    starting_hit_points: Annotated[
        Literal["average", "maximum", "roll"],
        Option(
            "New characters' hit points",
            "A new character's first hit die: its average (rounded up) until the player rolls it, "
            "its maximum (a common house rule), or rolled in the New Character dialog.",
            choices={
                "average": "The die's average",
                "maximum": "The die's maximum",
                "roll": "Rolled",
            },
            section="New characters",
        ),
    ] = "average"
    ability_scores: Annotated[
        Literal["3d6_in_order", "4d6_drop_lowest", "typed"],
        Option(
            "New characters' ability scores",
            "How New Character gets the six scores: 3d6 in order (the PHB's Method I), 4d6 "
            "dropping "
            "the lowest die arranged as the player likes (Method V), or typed from the table's own "
            "dice.",
            choices={
                "3d6_in_order": "3d6 in order (Method I)",
                "4d6_drop_lowest": "4d6 drop the lowest, arranged (Method V)",
                "typed": "Typed from the table",
            },
            section="New characters",
        ),
    ] = "3d6_in_order"
    block_between: Annotated[
        bool,
        Option(
            "A blocker stands between",
            "The seed lets an ally engaging the foe block it from following a withdrawal without "
            "saying where the ally stands: on, it must stand between the foe and where the "
            "withdrawer goes; off, anywhere in reach.",
            section="Movement",
        ),
    ] = True
