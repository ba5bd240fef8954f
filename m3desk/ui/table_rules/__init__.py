"""Table rules of any game, in one form: :mod:`~m3desk.ui.table_rules.options_dialog` builds it
from the game's options model and each field's words (label, reason, choices, section);
:mod:`.editors` are its editors by type, :mod:`.caption_label` its readable grey reasons, and
:mod:`.parts` what a game may add (an editor for an option no type describes, profiles)."""
