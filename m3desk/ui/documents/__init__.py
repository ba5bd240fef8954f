"""The open documents and their one mutation path: a sheet or an encounter, its undo stack.

Views change a document only through ``SheetDocument.replace_sheet`` or
``EncounterDocument.apply``, each one undo command; every feature package builds on these.
"""
