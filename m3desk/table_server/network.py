"""Which address the table server listens on: the local network's, never a public one.

:func:`lan_address` finds the address this machine has on its local network (the one the
operating system would send from towards a private address; nothing is sent). :func:`check_host`
refuses an address the players' phones must never be served on: a public one (the
internet could reach it) and the catch-all 0.0.0.0 unless the GM chose it in so many words.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

__all__ = ["AddressRefused", "check_host", "describe", "lan_address"]

ANY = "0.0.0.0"


class AddressRefused(ValueError):
    """The address is not one the table server may listen on (the message says why)."""


def lan_address() -> str:
    """This machine's address on its local network, or the loopback address without one."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        # A datagram socket "connected" to a private address picks the interface the system
        # would use; connect() on UDP sends nothing.
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
        if _is_local(ipaddress.ip_address(address)):
            return address
    return "127.0.0.1"


def _is_local(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return address.is_private or address.is_loopback or address.is_link_local


def check_host(host: str, *, allow_any: bool = False) -> str:
    """``host`` if the server may listen there, else :class:`AddressRefused` with a sentence."""
    text = host.strip()
    if text == ANY:
        if allow_any:
            return ANY
        raise AddressRefused(
            "Listening on every network (0.0.0.0) must be chosen in so many "
            "words: pick the local network's address instead."
        )
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        raise AddressRefused(f"“{text[:60]}” is not an IP address.") from None
    if not _is_local(address) or address.is_multicast or address.is_unspecified:
        raise AddressRefused(
            f"{text} is a public address: the players' phones are served on the local network only."
        )
    return text


def describe(host: str) -> str:
    """In a sentence, who can reach a server on ``host``."""
    if host == ANY:
        return "Listening on every network this computer is on."
    address = ipaddress.ip_address(host)
    if address.is_loopback:
        return "Listening on this computer only (no local network found): phones cannot reach it."
    return (
        "Listening on the local network only: phones on the same Wi-Fi can join; the "
        "internet cannot."
    )
