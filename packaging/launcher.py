"""PyInstaller entry script for the frozen m3desk: calls ``m3desk.__main__.main()``.

Freezing ``m3desk/__main__.py`` directly would put the package folder itself on the analysis
path, so ``m3desk/storage`` could also be found as a top-level ``storage`` module. A two-line
launcher outside the package avoids that and keeps ``main()`` the only entry point.
"""

import sys

from m3desk.__main__ import main

sys.exit(main())
