"""Invitation links and answer codes: a WebRTC offer and answer small enough for a QR code.

Two pages connect without a server by trading their session descriptions by hand. A
browser's description (SDP) is long, but a data channel needs only a few of its lines:
:func:`compact_sdp` keeps the ICE user fragment and password, the DTLS fingerprint and
role, the media id, the SCTP port and the candidates (each without its foundation,
component and extensions); :func:`expand_sdp` writes a description a browser accepts from
them. An :class:`Invitation` (host to guest: the game id, the seat, its secret and the
host's offer, and the game's and the seat's names to show the guest) and an
:class:`Answer` (guest to host: the game id, the seat, which offer it answers and the
guest's answer) travel as base64url text of their JSON compressed with
zlib (raw deflate with a preset dictionary of the usual words, then three bytes of
CRC-32 to notice a damaged code); the invitation as the
fragment of a link to the page (``...#join=<code>``), which is never sent to a server.

Reading a code is as careful as reading any message from outside: bounded before and
after decompression, exact types and ranges, and every text that reaches an SDP line
limited to the characters its line allows, so that a code cannot add lines of its own.

>>> sdp = "\\r\\n".join([
...     "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
...     "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
...     "a=candidate:78 1 udp 2113937151 ff29d130-7db3-4ed7-8c1f-012436e85575.local 52968 typ host generation 0",
...     "a=ice-ufrag:3v1z", "a=ice-pwd:+KkjPX4mTqJSdits7HRaNAU1", "a=fingerprint:sha-256 " + ":".join(["AB"] * 32),
...     "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", ""])
>>> offer = compact_sdp(sdp)
>>> offer["candidates"]
[['udp', 2113937151, 'ff29d130-7db3-4ed7-8c1f-012436e85575.local', 52968, 'host']]
>>> compact_sdp(expand_sdp(offer, "offer")) == offer
True
>>> code = encode_invitation(Invitation("18f3a2b1c", 1, "A" * 22, offer))
>>> decode_invitation(invitation_link("https://example.org/catan/", code)).seat
1
>>> named = decode_invitation(encode_invitation(Invitation("18f3a2b1c", 1, "A" * 22, offer, "Friday", "Ben\\u200b")))
>>> named.name, named.player
('Friday', 'Ben')
>>> decode_answer(code)
Traceback (most recent call last):
...
catan_web.peer.errors.PeerError: This is an invitation, not an answer code.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from catan_core.errors import FormatError
from catan_core.jsonread import Obj, is_int, parse
from catan_core.names import MAX_SEATS

from .errors import PeerError
from .protocol import is_game_id, is_secret

CODE_VERSION = 1
"""Version of the codes' format (their JSON and the compression dictionary)."""
MAX_CODE_CHARS = 4_000
"""Longest code read (a code with a dozen candidates has under 1000 characters)."""
MAX_CODE_JSON_CHARS = 4_000
"""Longest JSON a code may decompress to."""
MAX_CODE_DEPTH = 4
"""Nesting of a code's JSON: the code, its description, the candidates, one candidate."""
MAX_VERSION_CHARS = 20
"""Longest version number named in the error about a code of another version."""
MAX_CANDIDATES = 16
"""Most candidates a description keeps (a device has a few per network interface)."""
MAX_LABEL_CHARS = 40
"""Longest game or seat name an invitation carries (longer names are cut: they are only shown)."""
JOIN = "#join="
"""What precedes the code in an invitation link."""
OFFER, ANSWER = "offer", "answer"
SETUPS: dict[str, frozenset[str]] = {OFFER: frozenset({"actpass"}), ANSWER: frozenset({"active", "passive"})}
"""The DTLS roles an offer and an answer may take."""
FINGERPRINT_BYTES: dict[str, int] = {"sha-1": 20, "sha-224": 28, "sha-256": 32, "sha-384": 48, "sha-512": 64}
TRANSPORTS = ("udp", "tcp")
CANDIDATE_TYPES = ("host", "srflx", "prflx", "relay")
TCP_TYPES = ("active", "passive", "so")
MAX_PORT = 65_535
MAX_PRIORITY = (1 << 32) - 1
DATA_COMPONENT = "1"
"""ICE component of a data channel (RTP and RTCP share one with BUNDLE and rtcp-mux)."""
SDP_SESSION_ID = "1"
"""The ``o=`` line's session id of an expanded description (any number will do)."""
RAW_DEFLATE = -15
"""zlib's ``wbits`` for a raw deflate stream with the largest window (no zlib header or
Adler-32: the dictionary is implied and :data:`CHECK_BYTES` of CRC-32 follow instead)."""
CHECK_BYTES = 3
"""Bytes of the CRC-32 of a code's JSON appended to the compressed stream, so that a code
damaged on its way (a character changed in a chat) is refused rather than misread."""
ZDICT = (
    b'"candidates":[["udp",2113937151,"host"],["tcp",1518280447,"srflx","prflx","relay",'
    b'"raddr","0.0.0.0","active","passive","typ",".local",".local",'
    b'{"v":1,"t":"i","game":"","seat":0,"secret":"","ref":"","sdp":{"ufrag":"","pwd":"",'
    b'"fingerprint":"sha-256 ","setup":"actpass","setup":"active","mid":"0","sctp_port":5000,'
    b'"candidates":[["udp",21139'
)
"""Preset dictionary of the codes' compression: the words every code repeats, the most
likely last (part of :data:`CODE_VERSION`: changing it changes every code)."""
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")
_HEX = re.compile(r"[0-9A-F]+")
_MID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_ADDRESS = re.compile(r"[A-Za-z0-9.:-]{1,253}")
_CODE = re.compile(r"[A-Za-z0-9_-]+")
_WHITESPACE = re.compile(r"\s+")
MAX_UFRAG, MIN_UFRAG, MAX_PWD, MIN_PWD = 256, 4, 256, 22
"""Lengths of ICE user fragments and passwords (RFC 8839)."""

# --- session descriptions ------------------------------------------------------------------------


def _attributes(sdp: str) -> tuple[dict[str, str], list[str]]:
    """The attributes of the description's session part and of its first data channel
    section (the section's win), and that section's candidate lines (without
    ``a=candidate:``); other sections are skipped."""
    attributes: dict[str, str] = {}
    candidates: list[str] = []
    section = "session"
    found = False
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("m="):
            section = "data" if line.startswith("m=application") and not found else "other"
            found = found or section == "data"
        elif line.startswith("a=") and section != "other":
            name, _, value = line[2:].partition(":")
            if name == "candidate" and section == "data":
                candidates.append(value)
            else:
                attributes[name] = value
    return attributes, candidates


def _compact_candidate(line: str) -> list[Any] | None:
    """``[transport, priority, address, port, type]``, then ``raddr, rport`` when given,
    then ``tcptype`` for TCP; None for a candidate a data channel does not use."""
    parts = line.split()
    if len(parts) < 8 or parts[1] != DATA_COMPONENT or parts[6] != "typ" or parts[2].lower() not in TRANSPORTS:
        return None
    extras = dict(zip(parts[8::2], parts[9::2], strict=False))
    out: list[Any] = [parts[2].lower(), int(parts[3]), parts[4], int(parts[5]), parts[7]]
    if "raddr" in extras and "rport" in extras:
        out += [extras["raddr"], int(extras["rport"])]
    if out[0] == "tcp":
        out.append(extras.get("tcptype", "passive"))
    return out


def compact_sdp(sdp: str) -> dict[str, Any]:
    """What a data channel needs of ``sdp`` (a browser's offer or answer, with its
    candidates: read it once ICE gathering is complete). Raises :class:`PeerError`
    (``peer.no_candidates`` when the browser found no address, ``peer.malformed`` when
    anything else is missing)."""
    attributes, lines = _attributes(sdp)
    try:
        algorithm, _, digest = attributes["fingerprint"].partition(" ")
        compact: dict[str, Any] = {
            "ufrag": attributes["ice-ufrag"],
            "pwd": attributes["ice-pwd"],
            "fingerprint": algorithm.lower() + " " + digest.replace(":", "").upper(),
            "setup": attributes["setup"],
            "mid": attributes["mid"],
            "sctp_port": int(attributes["sctp-port"]),
            "candidates": [c for c in map(_compact_candidate, lines) if c is not None][:MAX_CANDIDATES],
        }
    except (KeyError, ValueError):
        raise PeerError("peer.malformed") from None
    if not compact["candidates"]:
        raise PeerError("peer.no_candidates")
    check_sdp(compact, OFFER if compact["setup"] in SETUPS[OFFER] else ANSWER)
    return compact


def _is_port(value: Any) -> bool:
    return is_int(value, 0, MAX_PORT + 1)


def _is_address(value: Any) -> bool:
    return isinstance(value, str) and _ADDRESS.fullmatch(value) is not None


def _is_candidate(value: Any) -> bool:
    if type(value) is not list or len(value) < 5:
        return False
    transport, priority, address, port, kind, *rest = value
    if transport == "tcp":
        if not rest or rest[-1] not in TCP_TYPES:
            return False
        rest = rest[:-1]
    return (
        transport in TRANSPORTS
        and is_int(priority, 0, MAX_PRIORITY + 1)
        and _is_address(address)
        and _is_port(port)
        and kind in CANDIDATE_TYPES
        and (rest == [] or (len(rest) == 2 and _is_address(rest[0]) and _is_port(rest[1])))
    )


def _is_fingerprint(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    algorithm, _, digest = value.partition(" ")
    size = FINGERPRINT_BYTES.get(algorithm)
    return size is not None and len(digest) == 2 * size and _HEX.fullmatch(digest) is not None


def _is_ice(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, str) and lo <= len(value) <= hi and _ICE_CHARS.fullmatch(value) is not None


def is_ufrag(value: Any) -> bool:
    """Whether ``value`` has the form of an ICE user fragment (what names an offer)."""
    return _is_ice(value, MIN_UFRAG, MAX_UFRAG)


def check_sdp(compact: Any, kind: str) -> None:
    """Refuse a compact description that is not exactly of :func:`compact_sdp`'s form for
    an ``kind`` (``"offer"`` or ``"answer"``) with :class:`PeerError` ``peer.malformed``."""
    try:
        obj = Obj(compact, "sdp")
        obj.only(("ufrag", "pwd", "fingerprint", "setup", "mid", "sctp_port", "candidates"))
        obj.get("ufrag", ok=is_ufrag)
        obj.get("pwd", ok=lambda v: _is_ice(v, MIN_PWD, MAX_PWD))
        obj.get("fingerprint", ok=_is_fingerprint)
        obj.str("setup", SETUPS[kind])
        obj.get("mid", ok=lambda v: isinstance(v, str) and _MID.fullmatch(v) is not None)
        obj.int("sctp_port", 1, MAX_PORT + 1)
        candidates = obj.list("candidates", MAX_CANDIDATES)
    except FormatError:
        raise PeerError("peer.malformed") from None
    if not candidates:
        raise PeerError("peer.no_candidates")
    if not all(_is_candidate(c) for c in candidates):
        raise PeerError("peer.malformed")


def _candidate_line(index: int, candidate: list[Any]) -> str:
    transport, priority, address, port, kind, *rest = candidate
    line = f"a=candidate:{index + 1} {DATA_COMPONENT} {transport} {priority} {address} {port} typ {kind}"
    if transport == "tcp":
        *rest, tcp_type = rest
    if rest:
        line += f" raddr {rest[0]} rport {rest[1]}"
    if transport == "tcp":
        line += f" tcptype {tcp_type}"
    return line


def expand_sdp(compact: Any, kind: str) -> str:
    """A session description of ``kind`` (``"offer"`` or ``"answer"``) that a browser
    accepts, from ``compact`` (checked first, see :func:`check_sdp`).

    It has no ``a=max-message-size``: the other side then sends messages of up to 64 KiB
    (RFC 8841), four times a :data:`~catan_web.peer.protocol.FRAME_CHARS` frame."""
    check_sdp(compact, kind)
    algorithm, digest = compact["fingerprint"].split(" ")
    mid = compact["mid"]
    lines = [
        "v=0",
        f"o=- {SDP_SESSION_ID} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {mid}",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(_candidate_line(i, c) for i, c in enumerate(compact["candidates"])),
        "a=end-of-candidates",
        f"a=ice-ufrag:{compact['ufrag']}",
        f"a=ice-pwd:{compact['pwd']}",
        f"a=fingerprint:{algorithm} " + ":".join(digest[i : i + 2] for i in range(0, len(digest), 2)),
        f"a=setup:{compact['setup']}",
        f"a=mid:{mid}",
        f"a=sctp-port:{compact['sctp_port']}",
    ]
    return "\r\n".join(lines) + "\r\n"


# --- codes -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Invitation:
    """Host to guest: play ``seat`` of game ``game`` with ``secret``; ``sdp`` is the host's
    compact offer for this guest's connection; ``name`` and ``player`` are the game's and
    the seat's names, only shown to the guest (as text) until the game itself arrives."""

    game: str
    seat: int
    secret: str
    sdp: dict[str, Any]
    name: str = ""
    player: str = ""


@dataclass(frozen=True)
class Answer:
    """Guest to host: the answer ``sdp`` (compact) to the host's offer whose ICE user
    fragment is ``ref``, from the guest invited to ``seat`` of game ``game``."""

    game: str
    seat: int
    ref: str
    sdp: dict[str, Any]


_INVITATION, _ANSWER = "i", "a"
"""The ``t`` field of the two kinds of code."""


def _encode(data: dict[str, Any]) -> str:
    text = json.dumps({"v": CODE_VERSION, **data}, separators=(",", ":"), ensure_ascii=True)
    raw = text.encode("ascii")
    packer = zlib.compressobj(level=9, wbits=RAW_DEFLATE, zdict=ZDICT)
    packed = packer.compress(raw) + packer.flush() + _check(raw)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _check(raw: bytes) -> bytes:
    """The check bytes of a code's JSON ``raw``."""
    return zlib.crc32(raw).to_bytes(4, "big")[:CHECK_BYTES]


def code_of(text: str) -> str:
    """The code in ``text``: an invitation link, or a code as pasted (spaces and line
    breaks a chat app added are dropped).

    >>> code_of("https://example.org/#join=abc "), code_of(" ab\\ncd ")
    ('abc', 'abcd')
    """
    text = _WHITESPACE.sub("", text)
    return text.rpartition(JOIN)[2]


def _decode(text: Any, kind: str) -> Obj:
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS:
        raise PeerError("peer.code_invalid")
    code = code_of(text)
    if not _CODE.fullmatch(code) or len(code) % 4 == 1:
        raise PeerError("peer.code_invalid")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unpacker = zlib.decompressobj(wbits=RAW_DEFLATE, zdict=ZDICT)
        raw = unpacker.decompress(packed, MAX_CODE_JSON_CHARS + 1)
        if len(raw) > MAX_CODE_JSON_CHARS or not unpacker.eof or unpacker.unused_data != _check(raw):
            raise PeerError("peer.code_invalid")
        obj = Obj(parse(raw.decode("ascii"), MAX_CODE_JSON_CHARS, MAX_CODE_DEPTH), "code")
        version = obj.get("v", ok=lambda v: type(v) is int)
        if version != CODE_VERSION:
            raise PeerError("peer.version", version=str(version)[:MAX_VERSION_CHARS])
        if obj.get("t") != kind:
            raise PeerError("peer.not_an_answer" if kind == _ANSWER else "peer.not_an_invitation")
    except (binascii.Error, zlib.error, UnicodeDecodeError, FormatError):
        raise PeerError("peer.code_invalid") from None
    return obj


def _fields(
    obj: Obj,
    key: str,
    ok: Callable[[Any], bool],
    kind: str,
    labels: tuple[str, ...] = (),
) -> tuple[Any, ...]:
    """The game id, the seat, the field ``key`` (checked with ``ok``), the description
    (of ``kind``, checked) and the optional texts ``labels`` ("" when absent) of a code."""
    try:
        obj.only(("v", "t", "game", "seat", "sdp", key, *labels))
        fields = obj.get("game", ok=is_game_id), obj.int("seat", 0, MAX_SEATS), obj.get(key, ok=ok), obj.get("sdp")
        texts = tuple(obj.get(label, default="", ok=is_label) for label in labels)
    except FormatError:
        raise PeerError("peer.code_invalid") from None
    check_sdp(fields[3], kind)
    return fields + texts


def label(text: str) -> str:
    """``text`` as an invitation may carry it: printable characters only, cut to
    :data:`MAX_LABEL_CHARS`.

    >>> label("Ana\\n" + "x" * 50) == "Ana" + "x" * 37
    True
    """
    return "".join(c for c in text if c.isprintable())[:MAX_LABEL_CHARS]


def is_label(value: Any) -> bool:
    """Whether ``value`` is a text :func:`label` leaves as it is."""
    return isinstance(value, str) and label(value) == value


_LABELS = ("name", "player")
"""The optional texts of an invitation."""


def encode_invitation(invitation: Invitation) -> str:
    """The code of ``invitation`` (put it in a link with :func:`invitation_link`)."""
    check_sdp(invitation.sdp, OFFER)
    texts = {key: label(getattr(invitation, key)) for key in _LABELS}
    return _encode(
        {
            "t": _INVITATION,
            "game": invitation.game,
            "seat": invitation.seat,
            "secret": invitation.secret,
            "sdp": invitation.sdp,
            **{key: value for key, value in texts.items() if value},
        }
    )


def decode_invitation(text: Any) -> Invitation:
    """Read an invitation from its code or link; :class:`PeerError` for anything else."""
    return Invitation(*_fields(_decode(text, _INVITATION), "secret", is_secret, OFFER, _LABELS))


def encode_answer(answer: Answer) -> str:
    """The code of ``answer``, for the guest to show (as text and as a QR code)."""
    check_sdp(answer.sdp, ANSWER)
    return _encode({"t": _ANSWER, "game": answer.game, "seat": answer.seat, "ref": answer.ref, "sdp": answer.sdp})


def decode_answer(text: Any) -> Answer:
    """Read an answer code as pasted or scanned; :class:`PeerError` for anything else."""
    return Answer(*_fields(_decode(text, _ANSWER), "ref", is_ufrag, ANSWER))


def invitation_link(page_url: str, code: str) -> str:
    """The link to ``page_url`` (its own fragment dropped) carrying the invitation ``code``."""
    return page_url.partition("#")[0] + JOIN + code
