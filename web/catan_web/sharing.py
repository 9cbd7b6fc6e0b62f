"""Sharing what a page shows, with no server: an address of this site holding the position in
its fragment (a share link of :mod:`catan_core.share`), a field to copy it from, and its QR
code for a phone's camera. Also the notice line the editor and the replay viewer share.

Pure functions returning :class:`~catan_web.html.Markup` (testable in CPython). The page's
address (``base``, the site's folder) comes from the browser's host
(:attr:`catan_web.controller.PageController.base`).

>>> site_address("https://example.org/catan/", "replay.html", "g1.eNq", "step=4")
'https://example.org/catan/replay.html?step=4#g1.eNq'
>>> from catan_web.text import Text
>>> panel = share_panel(Text(), "Share this step", "https://example.org/catan/replay.html#g1.eNq", ident="share")
>>> 'id="share-link"' in panel, panel.count("<svg"), 'data-cmd="share_close"' in panel
(True, 1, True)
>>> "too long" in qr_figure(Text(), "https://example.org/#" + "x" * 1500, "Code", "qr")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from catan_core.i18n import LANGUAGES

from .commands import Command, choice, nothing, text as text_arg
from .controls import button, notice_bar
from .effects import Copy, Focus
from .html import EMPTY, Markup, el, trusted
from .patch import Framed
from .text import Msg, Text

if TYPE_CHECKING:
    from .settings import SettingsStore

QR_LEVEL = "M"
"""The QR codes' error correction (15 % of the code may be damaged), as network play's."""
QR_MODULE_PX = 3
"""Pixels per module of a QR code (the image is scaled down to fit a narrow screen)."""
QR_MAX_VERSION = 25
"""The largest QR code drawn (117 modules a side: about 1,000 characters at level M); a
longer link is shared as a link only (a phone's camera struggles with denser codes)."""
QR_KEPT = 8
"""QR codes kept once drawn."""
LINK_ROWS = 3
"""Rows of a field showing a link or a snippet."""


class Note(NamedTuple):
    """The notice line: a sentence (read in the page's language when drawn), its kind
    (``error``, ``info``, ``warn``) and the rules almanac entry its "Why?" link opens."""

    message: Msg
    kind: str = "error"
    entry: str | None = None


def notice(text: Text, note: Note | None) -> Framed:
    """The notice region: hidden without a notice."""
    if note is None:
        return Framed((("class", "notice"), ("hidden", "")), EMPTY)
    return Framed((("class", f"notice {note.kind}"),), notice_bar(text, text.msg(note.message), note.entry))


def site_address(base: str, page: str, link: str = "", query: str = "") -> str:
    """The address of ``page`` of the site at ``base`` with ``query`` and the share ``link``
    in its fragment."""
    return base + page + ("?" + query if query else "") + ("#" + link if link else "")


def copy_field(text: Text, label: str, value: str, ident: str, *, cmd: str = "copy", rows: int = LINK_ROWS) -> Markup:
    """A read-only field showing ``value`` (a link, a snippet, a scenario) under ``label``,
    with a button copying it (command ``cmd`` with the field's id)."""
    area = el(
        "textarea",
        value,
        id=ident,
        rows=str(rows),
        readonly=True,
        spellcheck="false",
        autocomplete="off",
        class_="code",
    )
    return el(
        "div",
        el("label", label, area, for_=ident, class_="code-label"),
        button(text, text("share.copy"), cmd, ident, ident=f"{ident}-copy"),
        class_="copy-field",
    )


def qr_figure(text: Text, address: str, label: str, ident: str) -> Markup:
    """``address`` as a QR code named ``label``, or a sentence saying that the link is too
    long for a code (past :data:`QR_MAX_VERSION`)."""
    image = qr_svg(address, label)
    if image is None:
        return el("p", text("share.qr_too_long"), class_="muted", id=ident)
    return el("figure", trusted(image), class_="qr", id=ident)


@lru_cache(maxsize=QR_KEPT)
def qr_svg(address: str, label: str) -> str | None:
    """The QR code of ``address`` as SVG (None when too long for a comfortable code), worked
    out once: a page draws its share panel again at every command while it is open."""
    from .qr import DataTooLong, encode, to_svg

    try:
        code = encode(address, QR_LEVEL)
    except DataTooLong:
        return None
    return to_svg(code, module=QR_MODULE_PX, label=label) if code.version <= QR_MAX_VERSION else None


def share_panel(
    text: Text,
    heading: str,
    address: str,
    *,
    ident: str,
    note: str = "",
    close: str = "share_close",
    copy: str = "copy",
) -> Markup:
    """The share panel: ``heading``, a ``note`` on what the link holds, the link with its
    Copy button (command ``copy``), its QR code, and a button closing the panel (``close``)."""
    return el(
        "section",
        el("h2", heading, id=f"{ident}-title"),
        el("p", note, class_="muted small") if note else None,
        copy_field(text, text("share.link"), address, f"{ident}-link", cmd=copy),
        el("p", text("share.link_help"), class_="muted small"),
        qr_figure(text, address, text("share.qr_label", title=heading), f"{ident}-qr"),
        button(text, text("share.close"), close, ident=f"{ident}-close"),
        class_="card share-panel",
        id=ident,
        aria_labelledby=f"{ident}-title",
    )


# --- the commands of a page with a notice line, a language and a share panel ------------------


class SharingTable(Protocol):
    """The controller of a page with a notice line, a language menu and a share panel (the
    editor's, the replay viewer's), as these commands see it."""

    @property
    def settings(self) -> SettingsStore:
        """The settings every page shares (the language)."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the page's state (``lang``, ``sharing``, ``notice``)."""

    def emit(self, effect: Any) -> None:
        """Ask the browser for ``effect`` once the command is done."""

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice line."""

    def clear_notice(self) -> None:
        """Hide the notice line."""


def lang(page: SharingTable, chosen: str) -> None:
    """Switch every text to ``chosen`` (remembered for every page)."""
    page.edit(lang=chosen)
    page.settings.remember(lang=chosen)


def close_notice(page: SharingTable, _: None) -> None:
    """The person closed the notice."""
    page.clear_notice()


def copy(page: SharingTable, field: str) -> None:
    """Copy the text of the read-only field ``field`` (a link, a snippet, a scenario)."""
    page.emit(Copy(field))
    page.notify(Msg("share.copied"), "info")


def share_close(page: SharingTable, _: None) -> None:
    """Close the share panel."""
    page.edit(sharing="")
    page.emit(Focus("#share-open"))


COMMANDS: tuple[Command[Any], ...] = (
    Command("lang", choice(*LANGUAGES), lang),
    Command("close_notice", nothing, close_notice),
    Command("copy", text_arg, copy),
    Command("share_close", nothing, share_close),
)
"""The commands of a page with a notice line, a language menu and a share panel."""
