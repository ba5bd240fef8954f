"""Everything PySide6: the application, main window, undo commands and feature widgets."""
