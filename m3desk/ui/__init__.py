"""Everything PySide6: the application, main window, undo commands and feature widgets."""

# PySide6 installs an import hook that inspects every module imported after it. If pydantic's
# lazily imported parts (fields, types, their validators) first load after Qt, that inspection
# asks the half-loaded pydantic package for ``__wrapped__`` and pydantic's own lazy lookup fails
# with a circular ImportError: importing e.g. m3desk.ui.window.kinds alone did. Loading them
# here, before any UI module can import Qt, makes every import order work.
import pydantic.fields  # noqa: F401
