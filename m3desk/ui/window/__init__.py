"""The parts of the main window, one role per module.

``actions`` builds the menus, ``tabs`` holds the open documents, ``session``
opens/saves/closes/reloads them; ``document_kind`` with ``sheet_kind`` and
``encounter_kind`` (looked up in ``kinds``) says what differs between a sheet and an
encounter. ``autosave`` and ``recovery`` keep unsaved work safe, ``new_encounter`` and
``new_character`` start documents, ``print_commands`` prints and exports PDFs,
``sheet_refresh`` follows an encounter's write-back, ``encounter_menu`` lists the
current encounter's actions, ``drops`` accepts dropped files, ``recent`` is the Open
Recent menu, ``file_places`` knows samples and free file names, and ``settings_store``
keeps the settings file in step.
"""
