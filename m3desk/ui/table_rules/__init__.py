"""The Table Rules editor: the house-rule options of
:class:`m3desk.systems.monsters_and_magic.TableRules`.

``rule_fields`` reads the options from the model (kinds, bounds, explanations) and words
them; ``rule_editor`` and ``ladder_editor`` edit them; ``dialog`` is the dialog. The window
opens it through :func:`m3desk.ui.table_rules.dialog.ask_table_rules`, for the app-wide default
(Edit → Table Rules…) and for one encounter (Encounter → Table Rules…).
"""
