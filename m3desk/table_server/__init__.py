"""The players' phones over the local network: a Qt-free server beside the GM's window.

:mod:`~m3desk.table_server.server` runs it (aiohttp, in its own thread and asyncio loop),
:mod:`~m3desk.table_server.view` turns a players' copy of the encounter into what the phones
are sent, :mod:`~m3desk.table_server.messages` types and bounds what they send back, and
:mod:`~m3desk.table_server.network` picks and checks the address. The page itself is in
``page/`` (plain HTML, CSS and JavaScript, no build step, no network fetch).
"""
