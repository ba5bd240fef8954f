"""Old-School Essentials (the B/X restatement): its rules as data and pure functions.

Qt-free and importing only :mod:`m3desk.core`. This package is being built for issue 10; it is
not yet in :data:`m3desk.systems.INSTALLED`, so nothing of it shows in the app until its
sheets and screens exist. Numbers are the OSE SRD's tables (see the digest, shared/rules/ose.md).
"""
