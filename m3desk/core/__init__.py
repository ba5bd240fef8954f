"""What every game shares: dice and exact distributions, terms, the encounter skeleton, the seam.

Pure Python and pydantic: this package never imports Qt, storage or the UI, and never names
a game. Game systems (:mod:`m3desk.systems`) build on it; :mod:`m3desk.core.system` is the
description each of them gives the rest of the app, :mod:`m3desk.core.registry` finds them.
"""
