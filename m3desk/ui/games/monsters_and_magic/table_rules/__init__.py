"""Monsters & Magic's Table Rules editor: the house-rule options of
:class:`m3desk.systems.monsters_and_magic.TableRules`, with the difficulty ladder.

``rule_fields`` reads the options from the model (kinds, bounds, explanations) and words
them; ``rule_editor`` and ``ladder_editor`` edit them; ``dialog`` is the dialog. The game's
``PARTS.options_dialog`` offers it to :func:`m3desk.ui.table_rules.options_dialog.ask_game_options`,
for the app-wide default (Edit → Table Rules…) and for one encounter (Encounter → Table Rules…).
"""
