"""The library panel: the user's characters and monsters plus the bundled samples.

``scan`` reads the folders into summary rows (Qt-free), ``model`` is the table
model with its own sort and filter, ``panel`` the dock widget around it.
"""
