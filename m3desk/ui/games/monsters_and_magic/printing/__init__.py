"""Monsters & Magic's own printed GM encounter sheet (``encounter_content``,
``encounter_layout`` with ``encounter_blocks`` and ``combatant_block``). The game's
``PARTS.printed_pages`` offers it to :mod:`m3desk.ui.printing.jobs`; it draws with the generic
blocks of :mod:`m3desk.ui.printing`. Its character and monster sheets print through the
generic form printer (:mod:`m3desk.ui.printing.form_print`) from the game's ``PrintSpec``.
"""
