"""Which action an action's chooser shows first: the GM's action dialog and the players'
phones open on the same one.

:func:`best_default` is the attack on a foe that does the most damage on average (its exact
chance to hit, the game's own preview, times the average of its damage dice) among those the
game allows now, a foe in reach before one out of it; else the first attack on a foe; else
the first action. Nothing here names a
game: the actions and their previews come through the seam.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from m3desk.core.encounter import Encounter
from m3desk.core.system import ActionOption, EncounterRules

__all__ = ["best_default", "mean_damage"]


def mean_damage(option: ActionOption) -> Fraction:
    """The average of the damage dice an action rolls (to rank attacks, not a rule)."""
    return sum(
        (
            Fraction(spec.number * (spec.sides + 1), 2)
            for spec in option.dice
            if "damage" in spec.label
        ),
        Fraction(0),
    )


def best_default(
    rules: EncounterRules,
    encounter: Encounter,
    actor_id: str,
    options: Sequence[ActionOption],
    foes: Sequence[str],
) -> tuple[ActionOption | None, str | None]:
    """The action (and its target) to show first, see the module; ``foes`` are the ids the
    actor may aim at as foes, in the order offered."""
    best: tuple[tuple[bool, Fraction], ActionOption, str | None] | None = None
    fallback: tuple[ActionOption, str | None] | None = None
    for option in options:
        if option.group != "attack":
            continue
        targets = (
            [option.target]
            if option.target is not None
            else list(foes)
            if option.needs_target
            else [None]
        )
        for target in targets:
            if target is not None and target not in foes:
                continue
            fallback = fallback or (option, target)
            preview = rules.preview(encounter, actor_id, option.id, target)
            if preview.problem:
                continue
            score = (preview.success or Fraction(0)) * max(mean_damage(option), Fraction(1))
            # A foe in reach first: where a game lets an attack reach out (points spent
            # after the roll buy the range), the one that needs none.
            reaches = target is None or rules.reach(encounter, actor_id, target).in_reach
            key = (reaches, score)
            if best is None or key > best[0]:
                best = (key, option, target)
    if best is not None:
        return best[1], best[2]
    if fallback is not None:
        return fallback
    return None, None
