"""Monsters & Magic's table rules in words, for every options dialog through the seam: each
option's label and section, and its choices in words (the reasons are ``EXPLANATIONS``)."""

from __future__ import annotations

from typing import Any

from m3desk.systems.monsters_and_magic.table_rules import HeroBump

__all__ = ["CHOICE_WORDS", "LABELS", "SECTIONS"]

_WORDS: dict[str, tuple[str, str]] = {
    "minor_cost": ("Effects and consequences", "Minor cost"),
    "major_cost": ("Effects and consequences", "Major cost"),
    "extreme_cost": ("Effects and consequences", "Extreme cost"),
    "minor_value": ("Effects and consequences", "Minor bonus or penalty"),
    "major_value": ("Effects and consequences", "Major bonus or penalty"),
    "extreme_value": ("Effects and consequences", "Extreme bonus or penalty"),
    "one_consequence_per_tier": ("Effects and consequences", "One consequence per tier"),
    "failure_minor_margin": ("Failures", "Minor consequence from"),
    "failure_major_margin": ("Failures", "Major consequence from"),
    "failure_extreme_margin": ("Failures", "Extreme consequence from"),
    "range_band_cost": ("Range and hero points", "Range band cost"),
    "cinematic_range_hero_points": ("Range and hero points", "Cinematic range"),
    "hero_bump": ("Range and hero points", "Hero point bonus"),
    "starting_hero_points": ("Range and hero points", "Starting hero points"),
    "starting_hit_points_bonus": ("Damage", "Starting hit points: score +"),
    "change_range_resistance": ("Range and hero points", "Changing range resisted by"),
    "size_defence_vs_larger": ("Size", "Larger targets are easier to hit"),
    "size_defence_vs_smaller": ("Size", "Smaller targets are harder to hit"),
    "size_mental": ("Size", "Size counts for mental attacks"),
    "size_vs_difficulty": ("Size", "Size counts against a difficulty"),
    "damage_cap_adds_level": ("Damage", "Maximum damage adds the level"),
    "enforce_damage_cap": ("Damage", "Enforce the maximum damage"),
    "double_negative_prime": ("Prime attribute", "A negative prime doubles too"),
    "prime_doubles_resistance": ("Prime attribute", "Prime doubles resistances"),
    "duration_counts_first_round": ("Durations", "The first round counts"),
    "difficulty_ladder": ("Difficulties", "Difficulties"),
}

LABELS: dict[str, str] = {name: label for name, (_section, label) in _WORDS.items()}
SECTIONS: dict[str, str] = {name: section for name, (section, _label) in _WORDS.items()}
"""The section each option is shown in (the dialog's group boxes)."""

CHOICE_WORDS: dict[str, dict[Any, str]] = {
    "hero_bump": {HeroBump.PLUS_ONE: "+1 effect point",
                  HeroBump.NEXT_TIER: "Up to the next tier"},
    "cinematic_range_hero_points": {0: "Off", 1: "1 a band (wuxia)",
                                    5: "5 a band (swashbuckling)"},
}
