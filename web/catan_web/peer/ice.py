"""The optional STUN and TURN servers a person may name for playing over the internet.

By default the pages use none: two devices on the same network connect with their local
addresses, and the site contacts no server the person did not configure. Across the
internet a STUN server tells each device its public address, and a TURN server relays the
game when no direct path exists (the only one of them that carries the game's messages,
encrypted end to end all the same). This module reads what a person typed into the
settings: addresses ``stun:host[:port]``, ``turn:host[:port][?transport=udp|tcp]`` or
``turns:...`` only, a few of them, of bounded length, and the TURN user name and password
(which every TURN server asks for); anything else is refused, saying why.

>>> servers = IceServers.parse("stun:stun.example.org:3478\\n turn:turn.example.org?transport=tcp", "ana", "pw")
>>> servers.to_rtc()  # doctest: +NORMALIZE_WHITESPACE
[{'urls': ['stun:stun.example.org:3478']},
 {'urls': ['turn:turn.example.org?transport=tcp'], 'username': 'ana', 'credential': 'pw'}]
>>> IceServers.parse("https://evil.example/")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
catan_web.peer.errors.PeerError: Not a STUN or TURN server address: https://evil.example/. Write stun:host:port, ...
>>> IceServers().to_rtc()
[]
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from catan_core.jsonread import Obj

from .errors import PeerError

MAX_ICE_URLS = 4
"""Most server addresses kept (one STUN and one TURN server are usually enough)."""
MAX_ICE_URL_CHARS = 200
"""Longest server address."""
MAX_ICE_LOGIN_CHARS = 200
"""Longest TURN user name or password."""
MAX_PORT = 65_535
STUN_SCHEME = "stun"
TURN_SCHEMES = ("turn", "turns")
_ICE_URL = re.compile(
    r"(?P<scheme>stun|turns?):(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])"
    r"(?::(?P<port>[0-9]{1,5}))?(?P<query>\?transport=(?:udp|tcp))?"
)
"""A STUN or TURN address (RFC 7064, RFC 7065): scheme, host name or address, port, and for
TURN the transport; nothing else (no user part, no path, no other query)."""


def check_url(url: str) -> str:
    """``url`` when it is a STUN or TURN server address; :class:`PeerError` ``peer.ice_url`` otherwise.

    >>> check_url("turns:[2001:db8::1]:5349")
    'turns:[2001:db8::1]:5349'
    >>> check_url("stun:example.org?transport=udp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    catan_web.peer.errors.PeerError: Not a STUN or TURN server address: stun:example.org?transport=udp. Write ...
    """
    match = _ICE_URL.fullmatch(url) if len(url) <= MAX_ICE_URL_CHARS else None
    port = match and match["port"]
    if (
        match is None
        or (port is not None and not 0 < int(port) <= MAX_PORT)
        or (match["scheme"] == STUN_SCHEME and match["query"] is not None)
    ):
        raise PeerError("peer.ice_url", url=url[:MAX_ICE_URL_CHARS])
    return url


def _login(value: str) -> str:
    """A TURN user name or password as typed (spaces around it dropped), checked."""
    value = value.strip()
    if len(value) > MAX_ICE_LOGIN_CHARS or not value.isprintable():
        raise PeerError("peer.ice_login", limit=MAX_ICE_LOGIN_CHARS)
    return value


class IceServers(NamedTuple):
    """The servers a person named: addresses, and the TURN user name and password."""

    urls: tuple[str, ...] = ()
    username: str = ""
    credential: str = ""

    @classmethod
    def parse(cls, urls: str, username: str = "", credential: str = "") -> IceServers:
        """The servers typed in the settings: ``urls`` one per line (or separated by spaces
        or commas). Raises :class:`PeerError` naming the first thing that is wrong."""
        found = tuple(check_url(url) for url in re.split(r"[\s,]+", urls) if url)
        if len(found) > MAX_ICE_URLS:
            raise PeerError("peer.ice_too_many", limit=MAX_ICE_URLS)
        servers = cls(found, _login(username), _login(credential))
        if servers.turn and not (servers.username and servers.credential):
            raise PeerError("peer.ice_login", limit=MAX_ICE_LOGIN_CHARS)
        return servers

    @property
    def stun(self) -> tuple[str, ...]:
        """The STUN addresses."""
        return tuple(url for url in self.urls if url.startswith(STUN_SCHEME + ":"))

    @property
    def turn(self) -> tuple[str, ...]:
        """The TURN addresses."""
        return tuple(url for url in self.urls if url.startswith(tuple(scheme + ":" for scheme in TURN_SCHEMES)))

    def to_rtc(self) -> list[dict[str, Any]]:
        """The ``iceServers`` of an ``RTCPeerConnection`` (an empty list: no server at all)."""
        servers: list[dict[str, Any]] = []
        if self.stun:
            servers.append({"urls": list(self.stun)})
        if self.turn:
            servers.append({"urls": list(self.turn), "username": self.username, "credential": self.credential})
        return servers

    def to_json(self) -> dict[str, Any]:
        """These servers as JSON-ready data (for the settings)."""
        return {"urls": list(self.urls), "username": self.username, "credential": self.credential}

    @classmethod
    def read(cls, obj: Obj) -> IceServers:
        """The servers kept in the settings; :class:`~catan_core.errors.FormatError` for a
        value of the wrong type, :class:`PeerError` for one this version does not accept."""
        urls = obj.list("urls", MAX_ICE_URLS)
        if not all(isinstance(url, str) for url in urls):
            raise obj.fail("urls")
        username = obj.str("username", max_len=MAX_ICE_LOGIN_CHARS, default="")
        credential = obj.str("credential", max_len=MAX_ICE_LOGIN_CHARS, default="")
        return cls.parse("\n".join(urls), username, credential)
