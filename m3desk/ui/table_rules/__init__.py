"""Table rules of any game: :mod:`~m3desk.ui.table_rules.options_dialog` builds the form from
the game's options model, labels, choices in words and one-line reasons."""
