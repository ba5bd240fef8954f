"""The six things the action dialog resolves, and what each one implies for its inputs.

One place says which actions use a weapon, who the target is (an opponent who resists, an
ally who is helped, nobody) and whether size applies, so the panels never disagree.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ActionKind", "TargetRole"]


class TargetRole(StrEnum):
    """Who the action's target is, which decides the list of candidates."""

    OPPONENT = "opponent"
    """Someone on another side who resists the check."""
    ALLY = "ally"
    """Someone on the actor's side who receives the effect points (help)."""
    OPTIONAL = "optional"
    """A spell or an attribute check may be aimed at someone, or at nobody."""
    NONE = "none"


class ActionKind(StrEnum):
    """What the actor does; the dialog's defaults and the spends on offer follow from it."""

    ATTACK = "attack"
    SPELL = "spell"
    ATTRIBUTE_CHECK = "attribute_check"
    HELP = "help"
    CHANGE_RANGE = "change_range"
    DEFEND = "defend"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def hint(self) -> str:
        """A one-line explanation shown as the tooltip of the action list."""
        return _HINTS[self]

    @property
    def target_role(self) -> TargetRole:
        return _ROLES[self]

    @property
    def uses_weapon(self) -> bool:
        """Attacks pick a weapon (or a monster's attack), spells pick a spell."""
        return self in (ActionKind.ATTACK, ActionKind.SPELL)

    @property
    def affects_target(self) -> bool:
        """False when the check only gets past the target (sneaking by): size does not apply."""
        return self not in (ActionKind.CHANGE_RANGE, ActionKind.HELP)


_LABELS = {
    ActionKind.ATTACK: "Attack",
    ActionKind.SPELL: "Cast a spell",
    ActionKind.ATTRIBUTE_CHECK: "Attribute check",
    ActionKind.HELP: "Help another",
    ActionKind.CHANGE_RANGE: "Change range",
    ActionKind.DEFEND: "Defend",
}

_HINTS = {
    ActionKind.ATTACK: "A weapon, or a monster's attack, against the target's AC or the "
    "resistance the attack names.",
    ActionKind.SPELL: "A spell against a difficulty: Average 10 + the spell's level, +5 or +10 "
    "for concentration in danger or under threat.",
    ActionKind.ATTRIBUTE_CHECK: "Any attribute (+ traits) against a difficulty or someone's "
    "resistance.",
    ActionKind.HELP: "All the effect points become a bonus to an ally's named next check.",
    ActionKind.CHANGE_RANGE: "Sneak, manoeuvre or flee: each range band costs effect points, "
    "and the check does no damage. Size does not apply: the check only gets past the target.",
    ActionKind.DEFEND: "Effect points buy an effect on yourself, such as a +2 defence bonus.",
}

_ROLES = {
    ActionKind.ATTACK: TargetRole.OPPONENT,
    ActionKind.SPELL: TargetRole.OPTIONAL,
    ActionKind.ATTRIBUTE_CHECK: TargetRole.OPTIONAL,
    ActionKind.HELP: TargetRole.ALLY,
    ActionKind.CHANGE_RANGE: TargetRole.OPPONENT,
    ActionKind.DEFEND: TargetRole.NONE,
}
