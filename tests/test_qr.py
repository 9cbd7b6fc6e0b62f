"""The QR code generator (web/catan_web/qr.py): known answers from ISO/IEC 18004 and its
worked examples, the symbol's structure read back with this file's own reading of the
standard, and decoding by an independent reader, jsQR (npm, run by node in one process)."""

from __future__ import annotations

import base64
import json
import random
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from catan_web import qr  # noqa: E402

HELLO_DATA = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
"""The data codewords of "HELLO WORLD" at 1-M (alphanumeric mode, padded)."""
HELLO_ECC = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
"""Its 10 error-correction codewords."""

FORMAT_TABLE = {
    "L": "111011111000100 111001011110011 111110110101010 111100010011101 "
         "110011000101111 110001100011000 110110001000001 110100101110110",
    "M": "101010000010010 101000100100101 101111001111100 101101101001011 "
         "100010111111001 100000011001110 100111110010111 100101010100000",
    "Q": "011010101011111 011000001101000 011111100110001 011101000000110 "
         "010010010110100 010000110000011 010111011011010 010101111101101",
    "H": "001011010001001 001001110111110 001110011100111 001100111010000 "
         "000011101100010 000001001010101 000110100001100 000100000111011",
}
"""The 32 format-information strings (most significant bit first), masks 0 to 7."""

MASKS = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i * j) % 3 + (i + j) % 2) % 2 == 0,
)
"""The data mask conditions of ISO/IEC 18004 Table 10 (i the row, j the column)."""

BYTE_CAPACITY = {"L": (17, 2953), "M": (14, 2331), "Q": (11, 1663), "H": (7, 1273)}
ALPHANUMERIC_CAPACITY = {"L": (25, 4296), "M": (20, 3391), "Q": (16, 2420), "H": (10, 1852)}
"""Characters that versions 1 and 40 hold, by level (ISO/IEC 18004 Table 7)."""


def bits(matrix: tuple[tuple[bool, ...], ...], cells: list[tuple[int, int]]) -> int:
    """The modules at (row, col) ``cells`` as a number, the first one the most significant."""
    value = 0
    for row, col in cells:
        value = value << 1 | matrix[row][col]
    return value


def format_cells(size: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where the two copies of the format information are, most significant bit first."""
    first = [(8, c) for c in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(r, 8) for r in range(5, -1, -1)]
    second = [(r, 8) for r in range(size - 1, size - 8, -1)] + [(8, c) for c in range(size - 8, size)]
    return first, second


def version_cells(size: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where the two copies of the version information are, most significant bit first."""
    top_right = [(r, c) for r in range(5, -1, -1) for c in range(size - 9, size - 12, -1)]
    return top_right, [(c, r) for r, c in top_right]


# --- known answers ----------------------------------------------------------------------


def test_reed_solomon_of_hello_world_1m() -> None:
    assert list(qr.reed_solomon(bytes(HELLO_DATA), 10)) == HELLO_ECC


def test_generator_polynomials_have_the_right_roots() -> None:
    for degree, logs in qr.GENERATOR_LOGS.items():
        coefficients = [1] + [qr.EXP[g] for g in logs]
        for i in range(degree):
            value = 0
            for c in coefficients:  # Horner's rule at x = 2**i
                value = (qr.EXP[qr.LOG[value] + i] if value else 0) ^ c
            assert value == 0, (degree, i)


def test_gf_tables_are_inverse() -> None:
    assert sorted(qr.EXP[:255]) == list(range(1, 256))
    assert all(qr.EXP[qr.LOG[a]] == a for a in range(1, 256))
    assert qr.EXP[8] == 0x1D  # x**8 reduced by x**8 + x**4 + x**3 + x**2 + 1


def test_format_information_strings() -> None:
    for ecc, row in FORMAT_TABLE.items():
        assert [f"{qr.format_bits(ecc, mask):015b}" for mask in range(8)] == row.split()
    codes = [int(code, 2) for row in FORMAT_TABLE.values() for code in row.split()]
    assert min((a ^ b).bit_count() for a in codes for b in codes if a != b) == 7


def test_version_information() -> None:
    assert f"{qr.version_bits(7):018b}" == "000111110010010100"
    assert f"{qr.version_bits(40):018b}" == "101000110001101001"
    codes = [qr.version_bits(v) for v in range(7, 41)]
    assert all(code >> 12 == v for v, code in zip(range(7, 41), codes))
    assert min((a ^ b).bit_count() for a in codes for b in codes if a != b) == 8


def test_alignment_positions_follow_the_standard_spacing() -> None:
    for version, centres in enumerate(qr.ALIGNMENT_POSITIONS, 1):
        if version == 1:
            assert centres == ()
            continue
        count = version // 7 + 2
        size = 17 + 4 * version
        step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
        assert centres == (6, *range(size - 7 - (count - 2) * step, size - 6, step)), version


def test_capacity_tables_match_the_symbol() -> None:
    for version in range(1, 41):
        layout = qr._layout(version)
        assert len(layout.data_slots) // 8 == qr.TOTAL_CODEWORDS[version - 1]
        assert len(layout.data_slots) % 8 in (0, 3, 4, 7)  # remainder bits
        assert len(set(layout.data_slots)) == len(layout.data_slots)


def test_hello_world_1m_codewords_read_back_from_the_symbol() -> None:
    code = qr.encode("HELLO WORLD", "M")
    assert (code.version, code.size) == (1, 21)
    info = bits(code.modules, format_cells(21)[0]) ^ 0b101010000010010
    assert info >> 13 == 0b00  # M
    mask = MASKS[info >> 10 & 0b111]
    assert info >> 10 & 0b111 == code.mask

    def function(r: int, c: int) -> bool:
        return r == 6 or c == 6 or (r < 9 and c < 9) or (r < 9 and c > 12) or (r > 12 and c < 9)

    stream, upward = [], True
    for right in (20, 18, 16, 14, 12, 10, 8, 5, 3, 1):
        for r in range(20, -1, -1) if upward else range(21):
            stream += [code.modules[r][c] ^ mask(r, c) for c in (right, right - 1) if not function(r, c)]
        upward = not upward
    assert len(stream) == 26 * 8
    codewords = [int("".join(str(int(b)) for b in stream[i:i + 8]), 2) for i in range(0, len(stream), 8)]
    assert codewords == HELLO_DATA + HELLO_ECC


# --- structure ----------------------------------------------------------------------------

FINDER = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]
ALIGNMENT = ["#####", "#...#", "#.#.#", "#...#", "#####"]


def picture(code: qr.QrCode, top: int, left: int, height: int, width: int) -> list[str]:
    rows = code.modules[top:top + height]
    return ["".join("#" if dark else "." for dark in row[left:left + width]) for row in rows]


STRUCTURE_CASES = [("HELLO WORLD", "Q", None), ("Catan", "L", 7), ("x" * 300, "H", None), ("Catan", "M", 40)]


@pytest.mark.parametrize(("text", "ecc", "version"), STRUCTURE_CASES)
def test_function_patterns(text: str, ecc: str, version: int | None) -> None:
    code = qr.encode(text, ecc, version=version)
    n, v = code.size, code.version
    assert n == 17 + 4 * v and all(len(row) == n for row in code.modules)
    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):
        assert picture(code, top, left, 7, 7) == FINDER
    for row, col in ((7, 0), (7, n - 8), (n - 8, 0)):  # separators
        assert picture(code, row, col, 1, 8) == ["." * 8]
    for row, col in ((0, 7), (0, n - 8), (n - 8, 7)):
        assert picture(code, row, col, 8, 1) == ["."] * 8
    timing = "".join("#" if i % 2 == 0 else "." for i in range(8, n - 8))
    assert picture(code, 6, 8, 1, n - 16) == [timing]
    assert "".join(picture(code, 8, 6, n - 16, 1)) == timing
    assert code.modules[4 * v + 9][8]  # the dark module
    centres = qr.ALIGNMENT_POSITIONS[v - 1]
    for row in centres:
        for col in centres:
            if (row, col) not in {(6, 6), (6, n - 7), (n - 7, 6)}:
                assert picture(code, row - 2, col - 2, 5, 5) == ALIGNMENT, (row, col)


@pytest.mark.parametrize(("text", "ecc", "version"), STRUCTURE_CASES)
def test_format_and_version_information_read_back(text: str, ecc: str, version: int | None) -> None:
    code = qr.encode(text, ecc, version=version)
    first, second = (bits(code.modules, cells) for cells in format_cells(code.size))
    assert first == second == int(FORMAT_TABLE[ecc].split()[code.mask], 2)
    assert code.ecc == ecc
    if code.version >= 7:
        copies = {bits(code.modules, cells) for cells in version_cells(code.size)}
        assert copies == {qr.version_bits(code.version)}


def test_forced_mask_is_used_and_written() -> None:
    for mask in range(8):
        code = qr.encode("Catan", "Q", mask=mask)
        assert code.mask == mask
        assert bits(code.modules, format_cells(code.size)[0]) == int(FORMAT_TABLE["Q"].split()[mask], 2)


def reference_penalty(modules: tuple[tuple[bool, ...], ...]) -> int:
    """The four penalty rules read literally, module by module (the quiet zone is light)."""
    n = len(modules)
    lines = [list(row) for row in modules] + [list(col) for col in zip(*modules)]
    score = 0
    for line in lines:
        start = 0
        for i in range(1, n + 1):
            if i == n or line[i] != line[start]:
                if i - start >= 5:
                    score += 3 + (i - start - 5)
                start = i
        padded = [False] * 4 + line + [False] * 4
        pattern = [True, False, True, True, True, False, True]
        for i in range(len(padded) - 10):
            window = padded[i:i + 11]
            score += 40 * (window == pattern + [False] * 4) + 40 * (window == [False] * 4 + pattern)
    for r in range(n - 1):
        for c in range(n - 1):
            score += 3 * (modules[r][c] == modules[r][c + 1] == modules[r + 1][c] == modules[r + 1][c + 1])
    dark = Fraction(sum(map(sum, modules)), n * n)
    return score + 10 * int(abs(dark * 100 - 50) // 5)


PENALTY_CASES = [("HELLO WORLD", "Q"), ("https://example.org/catan/#join=abc", "M"), ("ä" * 90, "L")]


@pytest.mark.parametrize(("text", "ecc"), PENALTY_CASES)
def test_the_mask_with_the_lowest_penalty_is_chosen(text: str, ecc: str) -> None:
    chosen = qr.encode(text, ecc)
    scores = []
    for mask in range(8):
        code = qr.encode(text, ecc, mask=mask)
        flat = b"".join(bytes(row) for row in code.modules)
        scores.append(reference_penalty(code.modules))
        assert qr._penalty(flat, qr._layout(code.version)) == scores[-1], mask
    assert chosen.mask == scores.index(min(scores))
    assert chosen == qr.encode(text, ecc, mask=chosen.mask)


# --- versions, modes and limits ----------------------------------------------------------


@pytest.mark.parametrize("ecc", qr.ECC_LEVELS)
def test_smallest_version_is_chosen(ecc: str) -> None:
    v1, v40 = BYTE_CAPACITY[ecc]
    assert qr.encode("a" * v1, ecc).version == 1
    assert qr.encode("a" * (v1 + 1), ecc).version == 2
    assert qr.encode("a" * v40, ecc).version == 40
    a1, a40 = ALPHANUMERIC_CAPACITY[ecc]
    assert qr.encode("A" * a1, ecc).version == 1
    assert qr.encode("A" * (a1 + 1), ecc).version == 2
    assert qr.encode("A" * a40, ecc).version == 40
    for length in (100, 500, 1000):
        smallest = qr.encode("a" * length, ecc).version
        assert qr.encode("a" * length, ecc, version=smallest + 1).version == smallest + 1
        with pytest.raises(qr.DataTooLong):
            qr.encode("a" * length, ecc, version=smallest - 1)


@pytest.mark.parametrize("ecc", qr.ECC_LEVELS)
def test_too_long_text_is_refused(ecc: str) -> None:
    with pytest.raises(qr.DataTooLong, match=f"level {ecc}"):
        qr.encode("a" * (BYTE_CAPACITY[ecc][1] + 1), ecc)
    with pytest.raises(ValueError):  # DataTooLong is a ValueError
        qr.encode("A" * (ALPHANUMERIC_CAPACITY[ecc][1] + 1), ecc)


def test_bad_arguments_are_refused() -> None:
    for kwargs in ({"ecc": "X"}, {"version": 0}, {"version": 41}, {"mask": 8}, {"mask": -1}):
        with pytest.raises(ValueError):
            qr.encode("Catan", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        qr.to_svg(qr.encode("Catan"), module=0)


def test_modes() -> None:
    assert qr._segment("HTTPS://EXAMPLE.ORG/$%*+-.:").mode == qr.MODE_ALPHANUMERIC
    assert qr._segment("https://example.org/").mode == qr.MODE_BYTE
    assert not qr._segment("https://example.org/").utf8
    assert qr._segment("नमस्ते").utf8 and qr._segment("नमस्ते").characters == 18
    assert not qr._segment("नमस्ते".encode()).utf8
    assert qr._segment(b"ABC").mode == qr.MODE_BYTE


# --- SVG ----------------------------------------------------------------------------------


def test_svg_draws_exactly_the_dark_modules_inside_a_quiet_zone() -> None:
    code = qr.encode("https://example.org/catan/#join=" + "Zx9_" * 40, "Q")
    svg = qr.to_svg(code, module=3, label='Scan "me" & <join>')
    side = code.size + 8
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert f'viewBox="0 0 {side} {side}"' in svg and f'width="{side * 3}" height="{side * 3}"' in svg
    assert 'role="img"' in svg and 'aria-label="Scan &quot;me&quot; &amp; &lt;join&gt;"' in svg
    assert 'shape-rendering="crispEdges"' in svg and f'<rect width="{side}" height="{side}" fill="#fff"/>' in svg
    assert svg.count("<path") == 1
    drawn, x, y = set(), 0, 0
    for dx, dy, width, back in re.findall(r"m(-?\d+) (-?\d+)h(\d+)v1h(-\d+)z", re.search(r'd="([^"]*)"', svg)[1]):
        x, y = x + int(dx), y + int(dy)
        assert int(back) == -int(width)
        drawn |= {(y, x + i) for i in range(int(width))}
    dark = {(r + 4, c + 4) for r, row in enumerate(code.modules) for c, on in enumerate(row) if on}
    assert drawn == dark


# --- decoding with jsQR -------------------------------------------------------------------

DECODER = r"""
const jsQR = require("jsqr");
const quiet = 4;
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const results = cases.map(({ rows, scale }) => {
  const side = (rows.length + 2 * quiet) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] !== "1") continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (((y + quiet) * scale + dy) * side + (x + quiet) * scale) * 4;
        for (let i = 0; i < scale * 4; i++) if (i % 4 !== 3) rgba[start + i] = 0;
      }
    }
  });
  const found = jsQR(rgba, side, side, { inversionAttempts: "dontInvert" });
  return found && {
    text: found.data, bytes: found.binaryData, version: found.version,
    chunks: found.chunks.map((c) => (c.type === "eci" ? "eci" + c.assignmentNumber : c.type)),
  };
});
process.stdout.write(JSON.stringify(results));
"""
SCALE = 3
"""Pixels per module in the images given to jsQR."""

PRINTABLE = "".join(chr(c) for c in range(32, 127))
DEVANAGARI = "कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौंः्।०१२३४५६७८९ "
MIXED = "é€ñü中文😀" + DEVANAGARI + "abc "


def cases() -> list[tuple[str | bytes, str, int | None, int | None]]:
    """(text, level, version, mask) to encode and decode: random ASCII, UTF-8, alphanumeric and
    binary texts of 1 to about 1500 bytes at every level, plus forced masks and versions."""
    rnd = random.Random(18004)
    out: list[tuple[str | bytes, str, int | None, int | None]] = []
    for ecc in qr.ECC_LEVELS:
        limit = BYTE_CAPACITY[ecc][1]
        for length in (1, 2, 9, 17, 40, 130, 320, 700, 1100, 1500):
            out.append(("".join(rnd.choice(PRINTABLE) for _ in range(min(length, limit))), ecc, None, None))
        for chars in (1, 12, 90, 240, 500):
            text = "".join(rnd.choice(DEVANAGARI if chars % 2 == 0 else MIXED) for _ in range(chars))
            while len(text.encode()) > limit - 3:
                text = text[:-1]
            out.append((text, ecc, None, None))
        for length in (1, 2, 11, 60, 400, 1700):
            out.append(("".join(rnd.choice(qr.ALPHANUMERIC) for _ in range(length)), ecc, None, None))
    link = "https://example.org/catan/#join=" + base64.urlsafe_b64encode(rnd.randbytes(650)).decode().rstrip("=")
    out += [(link, "M", None, None), (link, "L", None, None), (link.upper(), "M", None, None)]
    out += [(bytes(range(256)) * 2, "Q", None, None), (bytes(rnd.randrange(256) for _ in range(999)), "L", None, None)]
    out += [("HELLO, Catan! नमस्ते", "M", None, mask) for mask in range(8)]
    out += [("x" * 200, "H", 16, mask) for mask in range(8)]
    out += [("Catan", "Q", version, None) for version in (7, 10, 26, 27, 40)]
    out += [("".join(rnd.choice(PRINTABLE) for _ in range(2953)), "L", None, None)]
    return out


CASES = cases()


@pytest.fixture(scope="module")
def decoded() -> tuple[tuple[qr.QrCode, dict | None], ...]:
    """Every case encoded, drawn and decoded by jsQR, in one node process."""
    assert shutil.which("node"), "node is needed to decode the QR codes (jsQR)"
    codes = [qr.encode(text, ecc, version=version, mask=mask) for text, ecc, version, mask in CASES]
    images = [{"rows": ["".join("01"[m] for m in row) for row in code.modules], "scale": SCALE} for code in codes]
    run = subprocess.run(
        ["node", "-e", DECODER], cwd=ROOT, input=json.dumps(images), capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, f"node failed (is jsqr installed? run npm ci): {run.stderr[-2000:]}"
    return tuple(zip(codes, json.loads(run.stdout)))


def test_enough_cases() -> None:
    levels = {ecc for _, ecc, _, _ in CASES}
    lengths = [len(t if isinstance(t, bytes) else t.encode()) for t, _, _, _ in CASES]
    assert levels == set(qr.ECC_LEVELS) and min(lengths) == 1 and max(lengths) >= 1500
    assert sum(1 for t, _, _, _ in CASES if isinstance(t, str) and not t.isascii()) >= 20


@pytest.mark.parametrize("index", range(len(CASES)), ids=lambda i: f"{CASES[i][1]}-{len(CASES[i][0])}-{i}")
def test_jsqr_decodes(index: int, decoded: tuple[tuple[qr.QrCode, dict | None], ...]) -> None:
    text, ecc, version, mask = CASES[index]
    code, found = decoded[index]
    assert found is not None, f"jsQR found no code in version {code.version}-{ecc} mask {code.mask}"
    assert found["version"] == code.version and code.ecc == ecc
    if version is not None:
        assert code.version == version
    if mask is not None:
        assert code.mask == mask
    if isinstance(text, bytes):
        assert bytes(found["bytes"]) == text and found["chunks"] == ["byte"]
        return
    assert found["text"] == text
    if not text.isascii():
        assert found["chunks"] == ["eci26", "byte"]
    else:
        assert found["chunks"] == ["alphanumeric" if set(text) <= set(qr.ALPHANUMERIC) else "byte"]


def gf_multiply(a: int, b: int) -> int:
    """a * b in GF(256) modulo x**8 + x**4 + x**3 + x**2 + 1, bit by bit."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11D
        b >>= 1
    return product


POWERS_OF_TWO = [1]
for _ in range(40):
    POWERS_OF_TWO.append(gf_multiply(POWERS_OF_TWO[-1], 2))


@pytest.mark.parametrize("index", range(0, len(CASES), 7))
def test_every_block_is_an_error_free_codeword(index: int) -> None:
    """The codewords read back (unmasked with the format's mask) split into blocks whose
    polynomials vanish at 2**0 .. 2**(n-1): no error for a reader to correct."""
    code = qr.encode(*CASES[index][:2], version=CASES[index][2], mask=CASES[index][3])
    n, layout = code.size, qr._layout(code.version)
    mask = MASKS[code.mask]
    stream = "".join(str(int(code.modules[s // n][s % n] ^ mask(s // n, s % n))) for s in layout.data_slots)
    total = qr.TOTAL_CODEWORDS[code.version - 1]
    codewords = [int(stream[i:i + 8], 2) for i in range(0, total * 8, 8)]
    blocks, degree = qr.ECC_BLOCKS[code.ecc][code.version - 1], qr.ECC_CODEWORDS_PER_BLOCK[code.ecc][code.version - 1]
    data_total = total - blocks * degree
    lengths = [data_total // blocks + (b >= blocks - data_total % blocks) for b in range(blocks)]
    pieces: list[list[int]] = [[] for _ in range(blocks)]
    it = iter(codewords)
    for i in range(max(lengths)):
        for b in range(blocks):
            if i < lengths[b]:
                pieces[b].append(next(it))
    for _ in range(degree):
        for piece in pieces:
            piece.append(next(it))
    for piece in pieces:
        for root in POWERS_OF_TWO[:degree]:
            value = 0
            for c in piece:
                value = gf_multiply(value, root) ^ c
            assert value == 0
