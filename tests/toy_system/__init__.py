"""A toy game system that lives only in the tests: proof that a game plugs in through the seam.

A d20 attack against AC, one d6 per side for initiative (higher first), distances in feet, a
declared action per round, and sheets described by a form. Nothing outside this package knows
it: ``install()`` registers it like any shipped system.
"""

from tests.toy_system.system import (
    FRESH_PROCESS,
    TOY,
    ToyBody,
    ToyCombatant,
    ToyEncounter,
    ToyItem,
    ToyMonster,
    ToySheet,
    install,
    uninstall,
)

__all__ = [
    "FRESH_PROCESS",
    "TOY",
    "ToyBody",
    "ToyCombatant",
    "ToyEncounter",
    "ToyItem",
    "ToyMonster",
    "ToySheet",
    "install",
    "uninstall",
]
