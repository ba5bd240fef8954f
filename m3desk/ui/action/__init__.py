"""Every game's action dialog and its shared parts.

:mod:`~m3desk.ui.action.system_action_dialog` renders what a game's
:class:`~m3desk.core.system.EncounterRules` describe (actions, preview, resolve);
:mod:`~m3desk.ui.action.dialog_choice` opens it, or the dialog a game's own widgets provide
(:mod:`m3desk.ui.games`). ``check_list``, ``combo_items``, ``tone`` and ``prompts`` are the
small parts any dialog may use.
"""
