"""The parts of the main window, one role per module.

``actions`` builds the menus, ``tabs`` holds the open documents, ``session``
opens/saves/closes them, ``autosave`` and ``recovery`` keep unsaved work safe,
``drops`` accepts dropped files, ``recent`` is the Open Recent menu and
``settings_store`` keeps the settings file in step.
"""
