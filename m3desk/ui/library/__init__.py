"""The library panel: the user's characters, monsters and encounters plus the bundled samples.

``file_types`` names the files m3desk opens, ``scan`` reads the folders into summary
rows (Qt-free), ``model`` is the table model with its own sort and filter, ``panel``
the dock widget around it.
"""
