"""The game systems m3desk ships, one package each, found through :mod:`m3desk.core.registry`.

Each package is Qt-free, imports only :mod:`m3desk.core` and its own modules, and exports one
:class:`~m3desk.core.system.GameSystem` as ``SYSTEM`` from the module named here. Systems load
on first use, so start-up pays only for the games a user opens.
"""

INSTALLED: dict[str, str] = {
    "monsters_and_magic": "m3desk.systems.monsters_and_magic.system",
    "ose": "m3desk.systems.ose.system",
    "adnd2e": "m3desk.systems.adnd2e.system",
    "apparatus": "m3desk.systems.apparatus.system",
}
