"""Monsters & Magic's part of the one Table Rules form: the difficulty ladder, the option no
type describes (``ladder_option``, edited by ``ladder_editor`` over ``ladder_model``), and the
book's "Strict Rules" and "Book Example" profiles. The game's ``PARTS.option_editors`` and
``PARTS.option_profiles`` hand them to :class:`m3desk.ui.table_rules.options_dialog.OptionsDialog`,
for the app-wide default (Edit → Table Rules…) and for one encounter (Encounter → Table Rules…).
"""
