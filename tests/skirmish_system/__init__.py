"""Skirmish: a second game that lives only in the tests, written from docs/architecture.md's
recipe alone (its "Adding a game" section), to prove the recipe.

Where the toy is a d20 game of hit points in feet, Skirmish is a game of distances in metres
on a grid of two-metre squares, each combatant rolling its own d8 for initiative, a pool
called Resolve that a blow wears down (broken at 0), an attack of 2d6 + Might against Guard,
and table rules of choices and numbers only (no yes/no option). It has no fight simulator of
its own: its forecast is the core's, played through its own actions, preview and resolve.
Nothing outside this package and its registry line (tests/games.py) knows it.
"""
