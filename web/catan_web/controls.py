"""The controls every screen shares, as HTML strings: command buttons (a disabled one shows
the reason and its "Why?" link to the rules almanac), titled sections, the notice bar and the
language menu.

Pure functions (testable in CPython) that need neither the engine's tables nor a game, so that
the home screen (:mod:`catan_web.home`) starts without them. A :class:`Reason` is why an
action is refused; :class:`~catan_web.session.Session` makes them from the engine's errors.
"""

from __future__ import annotations

from catan_core.errors import CatanError
from catan_core.i18n import LANGUAGE_NAMES

from .html import EMPTY, Markup, el, join
from .lazy import lazy_module
from .text import Text

almanac = lazy_module("catan_core.almanac")
"""Loaded when a reason or a link first needs it (the game page's home screen, whose "How to
play" links to the almanac, imports it as it starts)."""

ALMANAC_WINDOW = "catan-almanac"
"""The one browser tab that "Why?" links open the rules almanac in."""


class Reason(str):
    """Why an action is refused: the sentence (this string) and the engine's error behind it.

    A page reason that is no rule of the game (``ui.reason.*``) stays a plain string.
    """

    error: CatanError

    def __new__(cls, text: str, error: CatanError) -> Reason:
        reason = super().__new__(cls, text)
        reason.error = error
        return reason

    @property
    def key(self) -> str:
        """The engine's message key (``rule.distance``)."""
        return self.error.key

    @property
    def entry(self) -> str | None:
        """The rules almanac entry explaining the refusal (None when no entry does)."""
        entry: str | None = almanac.entry_for_error(self.error.key)
        return entry


def almanac_entry(reason: str | None) -> str | None:
    """The almanac entry behind ``reason`` (None for no reason or a page's own reason).

    >>> almanac_entry("Not your move."), almanac_entry(None)
    (None, None)
    """
    return reason.entry if isinstance(reason, Reason) else None


def why_link(text: Text, entry: str | None) -> Markup:
    """A "Why?" link opening the rules almanac at ``entry`` (nothing without an entry).

    >>> why_link(Text("de"), "settlements")
    Markup('<a href="almanac.html?lang=de#settlements" target="catan-almanac" class="why-link">Warum?</a>')
    >>> why_link(Text(), None)
    Markup('')
    """
    if not entry:
        return EMPTY
    return el(
        "a", text("embed.why"), href=almanac.almanac_url(entry, text.lang), target=ALMANAC_WINDOW, class_="why-link"
    )


def notice_bar(text: Text, message: str, entry: str | None) -> Markup:
    """The notice bar's contents: a button closing it, the message, and a "Why?" link when an
    almanac entry explains it.

    >>> print(notice_bar(Text(), "Too close.", None).replace("><", ">\\n<"))  # doctest: +NORMALIZE_WHITESPACE
    <button type="button" id="notice-close" class="notice-close" data-cmd="close_notice" aria-label="Close this message"
    title="Close this message">
    </button>
    <span class="notice-text">Too close.</span>
    """
    label = text("ui.notice.close")
    close = el(
        "button",
        "",
        type="button",
        id="notice-close",
        class_="notice-close",
        data_cmd="close_notice",
        aria_label=label,
        title=label,
    )
    link = why_link(text, entry)
    return close + el("span", message, class_="notice-text") + (" " + link if link else EMPTY)


def button(
    text: Text,
    label: str,
    cmd: str,
    arg: object = None,
    *,
    ident: str,
    reason: str | None = None,
    cls: str = "",
    pressed: bool | None = None,
    hint: str | None = None,
    disabled: bool = False,
    fields: str | None = None,
) -> Markup:
    """A command button; with a ``reason`` it is disabled and the reason is shown under it,
    with a "Why?" link when an almanac entry explains the rule (``data-entry`` names it).
    ``disabled`` disables it without a reason (a picker with no room left). ``fields`` names
    the fields (ids) whose values are the command's argument."""
    why = f"{ident}-why"
    out = el(
        "button",
        label,
        type="button",
        id=ident,
        class_=cls or None,
        data_cmd=cmd,
        data_arg=None if arg is None else str(arg),
        aria_disabled="true" if reason else None,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        aria_describedby=why if reason else None,
        title=hint,
        disabled=disabled,
        data_fields=fields,
    )
    if reason:
        entry = almanac_entry(reason)
        link = why_link(text, entry)
        out += el("small", el("span", reason, id=why, data_entry=entry), " " + link if link else None, class_="why")
    return out


def section(title: str, body: Markup, *, ident: str, cls: str = "") -> Markup:
    """A titled panel section."""
    return el(
        "section",
        el("h2", title, id=f"{ident}-title"),
        body,
        class_=f"card {cls}".strip(),
        aria_labelledby=f"{ident}-title",
        id=ident,
    )


def language_picker(text: Text, ident: str) -> Markup:
    """The language menu (each language named in its own words)."""
    options = join(
        el("option", name, value=code, lang=code, selected=code == text.lang) for code, name in LANGUAGE_NAMES.items()
    )
    return el(
        "label", text("lang.label"), " ", el("select", options, id=ident, data_change="lang"), class_="inline lang"
    )


def zoom_buttons(text: Text, level: int, levels: int) -> Markup:
    """Buttons shrinking and enlarging a board shown at zoom ``level`` of ``levels`` (the
    game page's and the editor's: each ends disabled at its end)."""
    sizes = (("out", "−", "ui.board.zoom_out", level <= 0), ("in", "+", "ui.board.zoom_in", level >= levels - 1))
    buttons = join(
        el(
            "button",
            sign,
            type="button",
            id=f"zoom-{way}",
            class_="zoom",
            data_cmd="zoom",
            data_arg=way,
            aria_label=text(key),
            title=text(key),
            disabled=at_end,
        )
        for way, sign, key, at_end in sizes
    )
    return el("div", buttons, class_="row", role="group", aria_label=text("ui.board.zoom_tools"))
