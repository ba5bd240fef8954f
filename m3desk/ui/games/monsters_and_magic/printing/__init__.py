"""Monsters & Magic's own printed pages: its character and monster sheet (``sheet_content``
reads the numbers, ``sheet_layout`` places them) and its GM encounter sheet
(``encounter_content``, ``encounter_layout`` with ``encounter_blocks`` and
``combatant_block``). The game's ``PARTS.printed_pages`` offers them to
:mod:`m3desk.ui.printing.jobs`; they draw with the generic blocks of :mod:`m3desk.ui.printing`.
"""
