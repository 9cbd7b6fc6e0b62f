"""QR codes (Model 2, ISO/IEC 18004) as module matrices and SVG, in pure Python.

The page shows invitation links and answer codes as QR codes that a phone's camera reads,
with no network: :func:`encode` turns a text into a :class:`QrCode` (a matrix of dark and
light modules) and :func:`to_svg` draws it.

A text made only of the 45 characters of :data:`ALPHANUMERIC` goes in alphanumeric mode;
anything else in byte mode as UTF-8 (with the ECI designator for UTF-8 when the text is not
plain ASCII; ``bytes`` go in byte mode as they are). The smallest version (size) that holds
the text at the chosen error-correction level is used, and of the eight masks the one whose
symbol scores the lowest penalty.

The module matrix is kept flat while it is built: one byte (0 or 1) per module, row after
row. Masks are applied, and the penalty's runs and 2x2 blocks counted, on that byte string
read as a little-endian integer, so that Python's big-integer operations do the work of a
loop over the modules.

>>> code = encode("HELLO WORLD", "Q")
>>> code.version, code.ecc, code.size, code.mask
(1, 'Q', 21, 0)
>>> print("\\n".join("".join("#" if dark else "." for dark in row[:8]) for row in code.modules[:8]))
#######.
#.....#.
#.###.#.
#.###.#.
#.###.#.
#.....#.
#######.
........
>>> encode("https://example.org/catan/#join=" + "A" * 900).version
25
>>> svg = to_svg(code, module=2, label="Join <game>")
>>> print(svg[:svg.index("<path")].replace('" ', '"\\n  ').replace("><", ">\\n<"))
<svg xmlns="http://www.w3.org/2000/svg"
  viewBox="0 0 29 29"
  width="58"
  height="58"
  role="img"
  aria-label="Join &lt;game&gt;"
  shape-rendering="crispEdges">
<rect width="29"
  height="29"
  fill="#fff"/>
>>> svg[svg.index("<path"):svg.index("<path") + 40]  # the top row: #######.##....#######
'<path d="m4 4h7v1h-7zm8 0h2v1h-2zm6 0h7v'
>>> encode("x" * 3000)
Traceback (most recent call last):
...
catan_web.qr.DataTooLong: too long for a QR code at level M: needs 3003 data codewords, version 40 holds 2334
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .html import escape

# --- versions, error-correction levels and their block structure (ISO/IEC 18004 tables) ---

MIN_VERSION, MAX_VERSION = 1, 40
SIZE_BASE, SIZE_STEP = 17, 4
"""A version ``v`` symbol is ``SIZE_BASE + SIZE_STEP * v`` modules wide (21 to 177)."""

ECC_LEVELS: tuple[str, ...] = ("L", "M", "Q", "H")
"""Error-correction levels, from about 7% to about 30% of the codewords recoverable."""

ECC_FORMAT_BITS: dict[str, int] = {"L": 0b01, "M": 0b00, "Q": 0b11, "H": 0b10}
"""The two bits that name each level in the format information."""

TOTAL_CODEWORDS: tuple[int, ...] = (
    26,
    44,
    70,
    100,
    134,
    172,
    196,
    242,
    292,
    346,
    404,
    466,
    532,
    581,
    655,
    733,
    815,
    901,
    991,
    1085,
    1156,
    1258,
    1364,
    1474,
    1588,
    1706,
    1828,
    1921,
    2051,
    2185,
    2323,
    2465,
    2611,
    2761,
    2876,
    3034,
    3196,
    3362,
    3532,
    3706,
)
"""Data and error-correction codewords together, by version (index ``version - 1``)."""

ECC_CODEWORDS_PER_BLOCK: dict[str, tuple[int, ...]] = {
    "L": (
        7,
        10,
        15,
        20,
        26,
        18,
        20,
        24,
        30,
        18,
        20,
        24,
        26,
        30,
        22,
        24,
        28,
        30,
        28,
        28,
        28,
        28,
        30,
        30,
        26,
        28,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
    ),
    "M": (
        10,
        16,
        26,
        18,
        24,
        16,
        18,
        22,
        22,
        26,
        30,
        22,
        22,
        24,
        24,
        28,
        28,
        26,
        26,
        26,
        26,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
        28,
    ),
    "Q": (
        13,
        22,
        18,
        26,
        18,
        24,
        18,
        22,
        20,
        24,
        28,
        26,
        24,
        20,
        30,
        24,
        28,
        28,
        26,
        30,
        28,
        30,
        30,
        30,
        30,
        28,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
    ),
    "H": (
        17,
        28,
        22,
        16,
        22,
        28,
        26,
        26,
        24,
        28,
        24,
        28,
        22,
        24,
        24,
        30,
        28,
        28,
        26,
        28,
        30,
        24,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
        30,
    ),
}
"""Error-correction codewords in each block, by level and version (index ``version - 1``)."""

ECC_BLOCKS: dict[str, tuple[int, ...]] = {
    "L": (
        1,
        1,
        1,
        1,
        1,
        2,
        2,
        2,
        2,
        4,
        4,
        4,
        4,
        4,
        6,
        6,
        6,
        6,
        7,
        8,
        8,
        9,
        9,
        10,
        12,
        12,
        12,
        13,
        14,
        15,
        16,
        17,
        18,
        19,
        19,
        20,
        21,
        22,
        24,
        25,
    ),
    "M": (
        1,
        1,
        1,
        2,
        2,
        4,
        4,
        4,
        5,
        5,
        5,
        8,
        9,
        9,
        10,
        10,
        11,
        13,
        14,
        16,
        17,
        17,
        18,
        20,
        21,
        23,
        25,
        26,
        28,
        29,
        31,
        33,
        35,
        37,
        38,
        40,
        43,
        45,
        47,
        49,
    ),
    "Q": (
        1,
        1,
        2,
        2,
        4,
        4,
        6,
        6,
        8,
        8,
        8,
        10,
        12,
        16,
        12,
        17,
        16,
        18,
        21,
        20,
        23,
        23,
        25,
        27,
        29,
        34,
        34,
        35,
        38,
        40,
        43,
        45,
        48,
        51,
        53,
        56,
        59,
        62,
        65,
        68,
    ),
    "H": (
        1,
        1,
        2,
        4,
        4,
        4,
        5,
        6,
        8,
        8,
        11,
        11,
        16,
        16,
        18,
        16,
        19,
        21,
        25,
        25,
        25,
        34,
        30,
        32,
        35,
        37,
        40,
        42,
        45,
        48,
        51,
        54,
        57,
        60,
        63,
        66,
        70,
        74,
        77,
        81,
    ),
}
"""Blocks the codewords are split into, by level and version (index ``version - 1``).

When the data codewords do not divide evenly, the last blocks hold one more each."""

DATA_CODEWORDS: dict[str, tuple[int, ...]] = {
    level: tuple(
        total - blocks * per_block
        for total, blocks, per_block in zip(
            TOTAL_CODEWORDS, ECC_BLOCKS[level], ECC_CODEWORDS_PER_BLOCK[level], strict=False
        )
    )
    for level in ECC_LEVELS
}
"""Data codewords a symbol holds, by level and version (index ``version - 1``)."""

ALIGNMENT_POSITIONS: tuple[tuple[int, ...], ...] = (
    (),
    (6, 18),
    (6, 22),
    (6, 26),
    (6, 30),
    (6, 34),
    (6, 22, 38),
    (6, 24, 42),
    (6, 26, 46),
    (6, 28, 50),
    (6, 30, 54),
    (6, 32, 58),
    (6, 34, 62),
    (6, 26, 46, 66),
    (6, 26, 48, 70),
    (6, 26, 50, 74),
    (6, 30, 54, 78),
    (6, 30, 56, 82),
    (6, 30, 58, 86),
    (6, 34, 62, 90),
    (6, 28, 50, 72, 94),
    (6, 26, 50, 74, 98),
    (6, 30, 54, 78, 102),
    (6, 28, 54, 80, 106),
    (6, 32, 58, 84, 110),
    (6, 30, 58, 86, 114),
    (6, 34, 62, 90, 118),
    (6, 26, 50, 74, 98, 122),
    (6, 30, 54, 78, 102, 126),
    (6, 26, 52, 78, 104, 130),
    (6, 30, 56, 82, 108, 134),
    (6, 34, 60, 86, 112, 138),
    (6, 30, 58, 86, 114, 142),
    (6, 34, 62, 90, 118, 146),
    (6, 30, 54, 78, 102, 126, 150),
    (6, 24, 50, 76, 102, 128, 154),
    (6, 28, 54, 80, 106, 132, 158),
    (6, 32, 58, 84, 110, 136, 162),
    (6, 26, 54, 82, 110, 138, 166),
    (6, 30, 58, 86, 114, 142, 170),
)
"""Row and column centres of the alignment patterns, by version (index ``version - 1``):
one pattern at each pair, except the three that would overlap a finder pattern."""

# --- Reed-Solomon codes over GF(256) ---------------------------------------------------

GF_POLYNOMIAL = 0x11D
"""x^8 + x^4 + x^3 + x^2 + 1, the field's reducing polynomial; x (2) generates the field."""
GF_ORDER = 255
"""Non-zero elements of GF(256)."""
BYTE_BITS = 8


def _exp_log() -> tuple[tuple[int, ...], tuple[int, ...]]:
    exp, value = [], 1
    for _ in range(GF_ORDER):
        exp.append(value)
        value <<= 1
        if value >> BYTE_BITS:
            value ^= GF_POLYNOMIAL
    log = [0] * (GF_ORDER + 1)
    for power, element in enumerate(exp):
        log[element] = power
    return tuple(exp * 2), tuple(log)


EXP: tuple[int, ...]
LOG: tuple[int, ...]
EXP, LOG = _exp_log()
"""``EXP[i]`` is 2**i in GF(256), written out twice so that ``EXP[LOG[a] + LOG[b]]`` is the
product ``a * b`` without a modulo; ``LOG`` is its inverse (``LOG[0]`` is unused)."""


def _generator(degree: int) -> tuple[int, ...]:
    """Coefficients of (x - 2**0)(x - 2**1)...(x - 2**(degree-1)), highest power first."""
    poly = [1]
    for i in range(degree):  # multiply by (x - 2**i), which is (x + 2**i) in GF(256)
        poly = [a ^ (EXP[LOG[b] + i] if b else 0) for a, b in zip([*poly, 0], [0, *poly], strict=False)]
    return tuple(poly)


GENERATOR_LOGS: dict[int, tuple[int, ...]] = {
    degree: tuple(LOG[c] for c in _generator(degree)[1:])
    for degree in sorted({n for table in ECC_CODEWORDS_PER_BLOCK.values() for n in table})
}
"""The generator polynomial of each error-correction length in use, as the logarithms of its
coefficients after the leading 1 (highest power first; none of them is 0)."""


def reed_solomon(data: bytes, degree: int) -> bytes:
    """The ``degree`` error-correction codewords of a block of ``data`` codewords: the remainder
    of ``data * x**degree`` divided by the generator polynomial.

    >>> list(reed_solomon(bytes([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]), 10))
    [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
    """
    generator = GENERATOR_LOGS[degree]
    remainder = [0] * degree
    for byte in data:
        factor = byte ^ remainder[0]
        del remainder[0]
        remainder.append(0)
        if factor:
            shift = LOG[factor]
            remainder = [r ^ EXP[shift + g] for r, g in zip(remainder, generator, strict=False)]
    return bytes(remainder)


# --- format and version information (BCH codes) --------------------------------------

FORMAT_GENERATOR, FORMAT_ECC_BITS, FORMAT_XOR = 0x537, 10, 0x5412
"""Format information: 5 bits (level, mask) + 10 BCH(15,5) bits, XOR-ed with 101010000010010."""
FORMAT_LENGTH = 15
MASK_BITS = 3
VERSION_GENERATOR, VERSION_ECC_BITS = 0x1F25, 12
"""Version information: 6 bits (the version) + 12 BCH(18,6) bits."""
VERSION_LENGTH = 18
MIN_VERSION_INFO = 7
"""Versions from 7 up carry version information."""


def _bch(value: int, generator: int, ecc_bits: int) -> int:
    """``value`` followed by the ``ecc_bits`` remainder of ``value * x**ecc_bits`` divided by
    ``generator`` (polynomials over GF(2) as bits)."""
    remainder = value << ecc_bits
    degree = generator.bit_length() - 1
    while remainder.bit_length() > degree:
        remainder ^= generator << (remainder.bit_length() - 1 - degree)
    return value << ecc_bits | remainder


def format_bits(ecc: str, mask: int) -> int:
    """The 15 format-information bits of a symbol at level ``ecc`` with mask ``mask``.

    >>> f"{format_bits('M', 0):015b}", f"{format_bits('L', 4):015b}"
    ('101010000010010', '110011000101111')
    """
    return _bch(ECC_FORMAT_BITS[ecc] << MASK_BITS | mask, FORMAT_GENERATOR, FORMAT_ECC_BITS) ^ FORMAT_XOR


def version_bits(version: int) -> int:
    """The 18 version-information bits of a symbol of ``version`` (7 and up).

    >>> f"{version_bits(7):018b}"
    '000111110010010100'
    """
    return _bch(version, VERSION_GENERATOR, VERSION_ECC_BITS)


# --- masks and their penalty ----------------------------------------------------------

MASK_PATTERNS: tuple[Callable[[int, int], bool], ...] = (
    lambda row, col: (row + col) % 2 == 0,
    lambda row, col: row % 2 == 0,
    lambda row, col: col % 3 == 0,
    lambda row, col: (row + col) % 3 == 0,
    lambda row, col: (row // 2 + col // 3) % 2 == 0,
    lambda row, col: row * col % 2 + row * col % 3 == 0,
    lambda row, col: (row * col % 2 + row * col % 3) % 2 == 0,
    lambda row, col: ((row + col) % 2 + row * col % 3) % 2 == 0,
)
"""Whether each mask flips the data module at (row, col)."""
MASK_PERIOD = 12
"""Every mask repeats itself every 12 rows (the least common multiple of 2, 3, 4 and 6)."""

RUN_LENGTH, RUN_PENALTY = 5, 3
"""Rule 1: a run of 5 or more same-coloured modules in a row or column costs 3, plus 1 for each
module past 5."""
BLOCK_PENALTY = 3
"""Rule 2: each 2x2 block of one colour (blocks may overlap) costs 3."""
FINDER_LIKE = bytes((1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0))
FINDER_PENALTY = 40
"""Rule 3: dark-light-dark-light-dark in the ratio 1:1:3:1:1 with 4 light modules on one side,
in a row or column, costs 40 (once for each side that has them; the quiet zone is light)."""
BALANCE_STEP, BALANCE_PENALTY = 5, 10
"""Rule 4: each full 5% that the share of dark modules is away from 50% costs 10."""
PERCENT = 100

QUIET_ZONE = 4
"""Light modules around a symbol, on every side."""
LIGHT, DARK, LINE_BREAK = b"\x00", b"\x01", b"\x02"
_BIT_BYTES = bytes.maketrans(b"01", LIGHT + DARK)

# --- function patterns and the data area ----------------------------------------------

FINDER_CENTRE = 3
"""Finder patterns are 7x7, centred 3 modules in from the corners; with their separators they
are rings at distance 0-4 from the centre, light at :data:`FINDER_LIGHT_RINGS`."""
FINDER_LIGHT_RINGS = (2, 4)
FINDER_SIZE = 7
ALIGNMENT_RADIUS, ALIGNMENT_LIGHT_RING = 2, 1
"""Alignment patterns are 5x5: dark centre, light ring, dark ring."""
TIMING = 6
"""The row and the column of the timing patterns (dark on even positions)."""
FORMAT_LINE = 8
"""The row and the column beside the finders that hold the format information."""
FORMAT_SPLIT = 8
"""Format bits 0-7 run along one finder, bits 8-14 along the other (in each copy)."""
VERSION_BLOCK_OFFSET, VERSION_BLOCK_WIDTH = 11, 3
"""Version information is a 6x3 block 11 modules in from the right (and its transpose at the bottom)."""


class _Layout(NamedTuple):
    """What every symbol of one version shares (see :func:`_layout`)."""

    size: int
    base: bytes
    """Function patterns drawn; format information and the data area light."""
    data_slots: tuple[int, ...]
    """Indices of the data area's modules, in the order codeword bits fill them."""
    format_slots: tuple[tuple[int, ...], tuple[int, ...]]
    """Indices of format bits 0 to 14, in each of the two copies."""
    mask_flips: tuple[int, ...]
    """For each mask, the modules of the data area it flips (little-endian, a 1-byte each)."""
    all_modules: int
    """A 1-byte for every module (little-endian)."""
    has_right: int
    """A 1-byte for every module with a neighbour on its right (little-endian)."""
    has_below: int
    """A 1-byte for every module with a neighbour below it (little-endian)."""


@cache
def _layout(version: int) -> _Layout:
    """The function patterns, data area and masks of ``version`` (computed once per version)."""
    size = SIZE_BASE + SIZE_STEP * version
    dark, function = bytearray(size * size), bytearray(size * size)

    def put(row: int, col: int, on: bool) -> None:
        dark[row * size + col], function[row * size + col] = on, True

    for i in range(size):
        put(TIMING, i, i % 2 == 0)
        put(i, TIMING, i % 2 == 0)
    far = size - 1 - FINDER_CENTRE
    reach = max(FINDER_LIGHT_RINGS)
    for row, col in ((FINDER_CENTRE, FINDER_CENTRE), (FINDER_CENTRE, far), (far, FINDER_CENTRE)):
        for dr in range(-reach, reach + 1):
            for dc in range(-reach, reach + 1):
                if 0 <= row + dr < size and 0 <= col + dc < size:
                    put(row + dr, col + dc, max(abs(dr), abs(dc)) not in FINDER_LIGHT_RINGS)
    centres = ALIGNMENT_POSITIONS[version - 1]
    corners = {(centres[0], centres[0]), (centres[0], centres[-1]), (centres[-1], centres[0])} if centres else set()
    for row in centres:
        for col in centres:
            if (row, col) not in corners:
                for dr in range(-ALIGNMENT_RADIUS, ALIGNMENT_RADIUS + 1):
                    for dc in range(-ALIGNMENT_RADIUS, ALIGNMENT_RADIUS + 1):
                        put(row + dr, col + dc, max(abs(dr), abs(dc)) != ALIGNMENT_LIGHT_RING)
    near = [(row, FORMAT_LINE) for row in range(FORMAT_LINE + 1) if row != TIMING]
    near += [(FORMAT_LINE, col) for col in range(FORMAT_LINE - 1, -1, -1) if col != TIMING]
    split = [(FORMAT_LINE, size - 1 - i) for i in range(FORMAT_SPLIT)]
    split += [(size - FORMAT_LENGTH + i, FORMAT_LINE) for i in range(FORMAT_SPLIT, FORMAT_LENGTH)]
    for row, col in near + split:
        put(row, col, False)
    put(size - FINDER_SIZE - 1, FORMAT_LINE, True)  # the dark module, beside the bottom-left finder
    if version >= MIN_VERSION_INFO:
        info = version_bits(version)
        for i in range(VERSION_LENGTH):
            across, down = size - VERSION_BLOCK_OFFSET + i % VERSION_BLOCK_WIDTH, i // VERSION_BLOCK_WIDTH
            put(down, across, info >> i & 1 == 1)
            put(across, down, info >> i & 1 == 1)

    slots = []
    upward = True
    right = size - 1
    while right > 0:
        if right == TIMING:
            right -= 1
        for row in range(size - 1, -1, -1) if upward else range(size):
            slots += [row * size + col for col in (right, right - 1) if not function[row * size + col]]
        upward = not upward
        right -= 2

    data_area = int.from_bytes(bytes(1 - f for f in function), "little")
    flips = []
    for flip in MASK_PATTERNS:
        rows = [bytes(flip(row, col) for col in range(size)) for row in range(MASK_PERIOD)]
        flips.append(int.from_bytes(b"".join(rows[row % MASK_PERIOD] for row in range(size)), "little") & data_area)
    return _Layout(
        size=size,
        base=bytes(dark),
        data_slots=tuple(slots),
        format_slots=(tuple(r * size + c for r, c in near), tuple(r * size + c for r, c in split)),
        mask_flips=tuple(flips),
        all_modules=int.from_bytes(DARK * (size * size), "little"),
        has_right=int.from_bytes((DARK * (size - 1) + LIGHT) * size, "little"),
        has_below=int.from_bytes(DARK * (size * (size - 1)), "little"),
    )


def _penalty(grid: bytes, layout: _Layout) -> int:
    """The mask penalty (ISO/IEC 18004 rules 1 to 4) of a finished symbol.

    Rules 1 and 2 work on ``grid`` read as a little-endian integer, one byte per module:
    shifting it right by 8 bits puts each module's right-hand neighbour in its place, by
    ``8 * size`` bits the one below it.
    """
    size = layout.size
    dark = int.from_bytes(grid, "little")
    right, down = BYTE_BITS, BYTE_BITS * size
    score = 0
    for step, neighbours in ((right, layout.has_right), (down, layout.has_below)):
        same = neighbours & ~(dark ^ dark >> step)  # the module is the colour of the next one
        windows = same  # the module starts RUN_LENGTH modules of one colour
        for k in range(1, RUN_LENGTH - 1):
            windows &= same >> k * step
        starts = windows & ~(same << step)  # ... and the run starts there
        # A run of n >= RUN_LENGTH modules costs RUN_PENALTY + n - RUN_LENGTH: one for each of
        # its n - RUN_LENGTH + 1 windows, plus RUN_PENALTY - 1 at its start.
        score += windows.bit_count() + (RUN_PENALTY - 1) * starts.bit_count()
    corners = layout.has_right & layout.has_below
    for colour in (dark, dark ^ layout.all_modules):
        block = colour & colour >> right & colour >> down & colour >> (down + right) & corners
        score += BLOCK_PENALTY * block.bit_count()
    lines = [grid[i : i + size] for i in range(0, size * size, size)] + [grid[col::size] for col in range(size)]
    quiet = LIGHT * QUIET_ZONE
    framed = quiet + (quiet + LINE_BREAK + quiet).join(lines) + quiet
    score += FINDER_PENALTY * (framed.count(FINDER_LIKE) + framed.count(FINDER_LIKE[::-1]))
    total = size * size
    steps = abs(2 * dark.bit_count() - total) * PERCENT // (2 * total * BALANCE_STEP)
    return score + BALANCE_PENALTY * steps


# --- encoding text into codewords -----------------------------------------------------

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
"""The characters of alphanumeric mode, by value; two characters take 11 bits, one 6."""
ALPHANUMERIC_PAIR_BITS, ALPHANUMERIC_SINGLE_BITS = 11, 6
MODE_BITS = 4
MODE_ALPHANUMERIC, MODE_BYTE, MODE_ECI = 0b0010, 0b0100, 0b0111
ECI_UTF8, ECI_DESIGNATOR_BITS = 26, 8
"""ECI assignment 26 declares UTF-8 (byte mode is otherwise ISO-8859-1); it fits one byte."""
COUNT_BITS: dict[int, tuple[int, int, int]] = {MODE_ALPHANUMERIC: (9, 11, 13), MODE_BYTE: (8, 16, 16)}
"""Bits of the character count, for versions 1-9, 10-26 and 27-40."""
COUNT_BITS_LAST_VERSIONS = (9, 26)
TERMINATOR_BITS = 4
PAD_CODEWORDS = bytes((0xEC, 0x11))
"""Codewords that fill the rest of the data capacity, alternately."""


class DataTooLong(ValueError):
    """The text does not fit a QR code of the requested level (or version)."""


class _Segment(NamedTuple):
    """A text as one segment: its mode, character count and data bits."""

    mode: int
    characters: int
    bits: int
    length: int
    """How many bits ``bits`` has (leading zeros included)."""
    utf8: bool
    """Whether the segment is preceded by the ECI designator for UTF-8."""

    def count_bits(self, version: int) -> int:
        """Bits of the character count at ``version``."""
        return COUNT_BITS[self.mode][sum(version > last for last in COUNT_BITS_LAST_VERSIONS)]

    def header_length(self, version: int) -> int:
        """Bits of the ECI designator, mode indicator and character count at ``version``."""
        eci = MODE_BITS + ECI_DESIGNATOR_BITS if self.utf8 else 0
        return eci + MODE_BITS + self.count_bits(version)


def _segment(text: str | bytes) -> _Segment:
    """Alphanumeric mode for a text made only of :data:`ALPHANUMERIC`, else byte mode."""
    if isinstance(text, str) and text and all(ch in ALPHANUMERIC for ch in text):
        bits, length = 0, 0
        values = [ALPHANUMERIC.index(ch) for ch in text]
        for first, second in zip(values[::2], values[1::2], strict=False):
            bits = bits << ALPHANUMERIC_PAIR_BITS | first * len(ALPHANUMERIC) + second
            length += ALPHANUMERIC_PAIR_BITS
        if len(text) % 2:
            bits = bits << ALPHANUMERIC_SINGLE_BITS | values[-1]
            length += ALPHANUMERIC_SINGLE_BITS
        return _Segment(MODE_ALPHANUMERIC, len(text), bits, length, False)
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    utf8 = isinstance(text, str) and not text.isascii()
    return _Segment(MODE_BYTE, len(data), int.from_bytes(data, "big"), len(data) * BYTE_BITS, utf8)


def _data_codewords(segment: _Segment, ecc: str, version: int) -> bytes:
    """The segment with its header, terminator and padding: the symbol's data codewords."""
    capacity = DATA_CODEWORDS[ecc][version - 1]
    bits, length = 0, 0
    if segment.utf8:
        bits, length = MODE_ECI << ECI_DESIGNATOR_BITS | ECI_UTF8, MODE_BITS + ECI_DESIGNATOR_BITS
    count_bits = segment.count_bits(version)
    bits = ((bits << MODE_BITS | segment.mode) << count_bits | segment.characters) << segment.length | segment.bits
    length += MODE_BITS + count_bits + segment.length
    padding = min(TERMINATOR_BITS, capacity * BYTE_BITS - length)
    padding += -(length + padding) % BYTE_BITS
    data = (bits << padding).to_bytes((length + padding) // BYTE_BITS, "big")
    fill = capacity - len(data)
    return data + PAD_CODEWORDS * (fill // len(PAD_CODEWORDS)) + PAD_CODEWORDS[: fill % len(PAD_CODEWORDS)]


def _fit(segment: _Segment, ecc: str, version: int | None) -> int:
    """The smallest version that holds ``segment`` at level ``ecc`` (or check ``version``)."""
    versions = range(MIN_VERSION, MAX_VERSION + 1) if version is None else (version,)
    for v in versions:
        if segment.header_length(v) + segment.length <= DATA_CODEWORDS[ecc][v - 1] * BYTE_BITS:
            return v
    last = versions[-1]
    needed = -(-(segment.header_length(last) + segment.length) // BYTE_BITS)
    raise DataTooLong(
        f"too long for a QR code at level {ecc}: needs {needed} data codewords, "
        f"version {last} holds {DATA_CODEWORDS[ecc][last - 1]}"
    )


def _interleave(data: bytes, ecc: str, version: int) -> bytes:
    """The data codewords split into blocks, each block's error correction added, and all of
    them interleaved (data first, then error correction) in the order they are placed."""
    blocks = ECC_BLOCKS[ecc][version - 1]
    degree = ECC_CODEWORDS_PER_BLOCK[ecc][version - 1]
    short_blocks = blocks - TOTAL_CODEWORDS[version - 1] % blocks
    short_length = TOTAL_CODEWORDS[version - 1] // blocks - degree
    pieces, start = [], 0
    for block in range(blocks):
        end = start + short_length + (block >= short_blocks)
        pieces.append(data[start:end])
        start = end
    out = bytearray()
    for i in range(short_length + 1):
        out.extend(piece[i] for piece in pieces if i < len(piece))
    checks = [reed_solomon(piece, degree) for piece in pieces]
    for i in range(degree):
        out.extend(check[i] for check in checks)
    return bytes(out)


# --- the symbol ---------------------------------------------------------------------


@dataclass(frozen=True)
class QrCode:
    """A QR code symbol: ``modules[row][col]`` is True for a dark module (no quiet zone)."""

    version: int
    ecc: str
    mask: int
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        """Modules on each side (``17 + 4 * version``)."""
        return len(self.modules)


def _masked(grid: int, layout: _Layout, ecc: str, mask: int) -> bytes:
    """The symbol whose unmasked modules are ``grid`` (little-endian), with ``mask`` applied and
    its format information drawn."""
    modules = bytearray((grid ^ layout.mask_flips[mask]).to_bytes(layout.size * layout.size, "little"))
    info = format_bits(ecc, mask)
    for copy in layout.format_slots:
        for i, slot in enumerate(copy):
            modules[slot] = info >> i & 1
    return bytes(modules)


def encode(text: str | bytes, ecc: str = "M", *, version: int | None = None, mask: int | None = None) -> QrCode:
    """The QR code of ``text`` at error-correction level ``ecc`` (L, M, Q or H).

    The smallest version that holds it is used unless ``version`` is given, and the mask with
    the lowest penalty unless ``mask`` (0-7) is given. Raises :class:`DataTooLong` when the text
    does not fit.

    >>> encode("HELLO WORLD", "H", version=3, mask=2).size
    29
    >>> encode("a" * 15, version=1)
    Traceback (most recent call last):
    ...
    catan_web.qr.DataTooLong: too long for a QR code at level M: needs 17 data codewords, version 1 holds 16
    """
    if ecc not in ECC_LEVELS:
        raise ValueError(f"unknown error-correction level {ecc!r} (not one of {', '.join(ECC_LEVELS)})")
    if version is not None and not MIN_VERSION <= version <= MAX_VERSION:
        raise ValueError(f"version {version} is not between {MIN_VERSION} and {MAX_VERSION}")
    if mask is not None and mask not in range(len(MASK_PATTERNS)):
        raise ValueError(f"mask {mask} is not between 0 and {len(MASK_PATTERNS) - 1}")
    segment = _segment(text)
    version = _fit(segment, ecc, version)
    codewords = _interleave(_data_codewords(segment, ecc, version), ecc, version)
    layout = _layout(version)
    bits = format(int.from_bytes(codewords, "big"), f"0{len(codewords) * BYTE_BITS}b").encode().translate(_BIT_BYTES)
    placed = bytearray(layout.base)
    for slot, bit in zip(layout.data_slots, bits, strict=False):
        placed[slot] = bit
    grid = int.from_bytes(placed, "little")
    if mask is None:
        mask = min(range(len(MASK_PATTERNS)), key=lambda m: _penalty(_masked(grid, layout, ecc, m), layout))
    modules = _masked(grid, layout, ecc, mask)
    size = layout.size
    rows = tuple(tuple(map(bool, modules[i : i + size])) for i in range(0, size * size, size))
    return QrCode(version, ecc, mask, rows)


def to_svg(code: QrCode, *, module: int = 4, label: str = "") -> str:
    """An SVG image of ``code``: ``module`` pixels per module, a light quiet zone around it, the
    dark modules as one path (a rectangle for each horizontal run), ``label`` as its accessible name.

    >>> svg = to_svg(encode("HI"), module=1, label="Q & A")
    >>> svg.count("<path"), 'aria-label="Q &amp; A"' in svg, svg.endswith("</svg>")
    (1, True, True)
    """
    if module < 1:
        raise ValueError(f"module size {module} is not a positive number of pixels")
    side = code.size + 2 * QUIET_ZONE
    path, x0, y0 = [], 0, 0
    for y, row in enumerate(code.modules, QUIET_ZONE):
        x = 0
        while x < code.size:
            if not row[x]:
                x += 1
                continue
            end = x
            while end < code.size and row[end]:
                end += 1
            path.append(f"m{x + QUIET_ZONE - x0} {y - y0}h{end - x}v1h{x - end}z")
            x0, y0, x = x + QUIET_ZONE, y, end
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side * module}" '
        f'height="{side * module}" role="img" aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path d="{"".join(path)}" fill="#000"/></svg>'
    )
