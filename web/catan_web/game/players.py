"""The players strip (the regions ``scores-title``, ``strip-seats`` and ``strip-foot``): every
seat's public facts at a glance, always in view (at the top of the
side column on a wide screen, stuck to the top of a phone's screen while it scrolls).

One line per seat: its mark and name, its points, then small figures with an icon each (cards
in hand, development cards, knights played, road length), the awards it holds, and a mark on
the seat that must act now. The figures are drawn for the eye; each line also says them in
words for a screen reader (:func:`seat_words`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ..html import EMPTY, Markup, el, join, trusted
from ..patch import Keyed
from .coach import tracker_line
from .parts import seat_label

if TYPE_CHECKING:
    from catan_core.views import PlayerView

    from .scene import Scene

ICON_PX = 14
"""Size of the strip's icons, in CSS pixels."""


ICON_PATHS: dict[str, str] = {
    "points": '<path d="M8 1.5l2 4.2 4.6.6-3.4 3.2.9 4.6L8 11.9l-4.1 2.2.9-4.6L1.4 6.3 6 5.7z" fill="currentColor"/>',
    "cards": '<rect x="2" y="3.5" width="7.5" height="11" rx="1.2"/>'
    '<path d="M6.5 3.5V2.2a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v9.6a1 1 0 0 1-1 1h-4"/>',
    "dev": '<rect x="3" y="1.5" width="10" height="13" rx="1.5"/><path d="M8 4.5v4M8 11v.5"/>',
    "knights": '<path d="M8 1.5l5.5 2v4.2c0 3.3-2.4 5.6-5.5 6.8-3.1-1.2-5.5-3.5-5.5-6.8V3.5z"/>',
    "road": '<path d="M3 14.5L7 1.5M13 14.5L9 1.5M8 5v2M8 10v2"/>',
    "acting": '<path d="M4 2.5l9 5.5-9 5.5z" fill="currentColor"/>',
}
"""The small line icons of the strip and the bank's row: SVG shapes on a 16 x 16 grid, drawn
in the text colour."""


def icon_symbols() -> Markup:
    """Every icon as an SVG ``<symbol>``, written once in the page's layout; the icons drawn
    after refer to them (:data:`ICONS`), so a line of the strip stays short."""
    symbols = "".join(
        f'<symbol id="icon-{name}" viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.6"'
        f' stroke-linejoin="round">{paths}</symbol>'
        for name, paths in ICON_PATHS.items()
    )
    return trusted(
        f'<svg class="icon-symbols" width="0" height="0" aria-hidden="true" focusable="false">{symbols}</svg>'
    )


ICONS: dict[str, Markup] = {
    name: trusted(
        f'<svg class="icon" width="{ICON_PX}" height="{ICON_PX}" aria-hidden="true"><use href="#icon-{name}"/></svg>'
    )
    for name in ICON_PATHS
}
"""The icons, by name, as drawn in the strip and the bank's row."""
FIGURES: tuple[str, ...] = ("cards", "dev", "knights", "road")
"""The small figures of each seat, in order (their icons are :data:`ICONS`)."""
AWARDS: tuple[tuple[str, str], ...] = (("longest_road", "road"), ("largest_army", "knights"))
"""The awards (a :class:`~catan_core.views.PlayerView` flag) and the icon of each."""


def figures(pv: PlayerView) -> dict[str, int]:
    """A seat's small figures, by name."""
    return {"cards": pv.hand_size, "dev": pv.dev_cards, "knights": pv.knights, "road": pv.road_length}


def shown_points(scene: Scene, pv: PlayerView) -> tuple[int, int]:
    """The points the strip shows for a seat, and how many of them only its player sees
    (victory point cards; once the game is over every card is revealed and counts)."""
    if pv.points is None:
        return pv.public_points, 0
    if scene.view.phase == "over":
        return pv.points, 0
    return pv.public_points, pv.points - pv.public_points


def seat_words(scene: Scene, pv: PlayerView, kind: str, acting: bool) -> str:
    """What a seat's line says, in words (a screen reader's reading of the strip)."""
    text = scene.text
    points, hidden = shown_points(scene, pv)
    words = [
        text("ui.strip.seat", player=pv.seat, kind=kind, points=points, **figures(pv)),
        *(text("ui.score." + award) for award, _ in AWARDS if getattr(pv, award)),
    ]
    if hidden:
        words.append(text("ui.strip.hidden", count=hidden))
    if acting:
        words.append(text("ui.strip.acting"))
    return " ".join(words)


def seat_line(scene: Scene, pv: PlayerView) -> Markup:
    """One seat's line of the strip (its name, points and figures are parts kept each by what
    it reads, per seat: an action mostly changes one of them)."""
    view, q = scene.view, pv.seat
    kind, acting = seat_kind(scene, q), is_acting(scene, q)
    points, hidden = shown_points(scene, pv)
    current = q == view.current and view.phase != "over"
    awards = tuple(getattr(pv, award) for award, _ in AWARDS)
    return el(
        "li",
        scene.part(seat_who, (kind, acting), q),
        scene.part(seat_points, (points, hidden), q),
        scene.part(seat_figures, (tuple(figures(pv).values()), awards), q),
        tracker_line(scene, q),
        el("span", seat_words(scene, pv, kind, acting), class_="visually-hidden"),
        class_=" ".join(name for name, on in (("seat", True), ("current", current), ("acting", acting)) if on),
        data_seat=str(q),
        aria_current="true" if current else None,
    )


def seat_who(scene: Scene, q: int) -> Markup:
    """Seat ``q``'s mark and name, with the mark of the seat that acts, named by its kind."""
    mark = el("span", ICONS["acting"], class_="acting-mark") if is_acting(scene, q) else None
    return el("span", seat_label(scene.session.game, q), mark, class_="who", title=seat_kind(scene, q))


def seat_kind(scene: Scene, q: int) -> str:
    """Who plays seat ``q``, in words (a person, a computer player, another device)."""
    kind = "net.kind_remote" if scene.session.plays_elsewhere(q) else "ui.kind." + scene.view.seats[q].kind
    return scene.text(kind)


def is_acting(scene: Scene, q: int) -> bool:
    """Whether seat ``q`` must act now."""
    view = scene.view
    return q == view.to_act and view.phase != "over"


def seat_points(scene: Scene, q: int) -> Markup:
    """Seat ``q``'s points (and those only its player sees)."""
    points, hidden = shown_points(scene, scene.view.players[q])
    extra = el("small", f"+{hidden}", class_="hidden-points") if hidden else EMPTY
    return el("span", ICONS["points"], str(points), extra, class_="pts", title=scene.text("ui.score.points"))


def seat_figures(scene: Scene, q: int) -> Markup:
    """Seat ``q``'s small figures and the awards it holds."""
    text, pv = scene.text, scene.view.players[q]
    figure_marks = join(
        el("span", ICONS[name], str(count), class_=f"stat {name}", title=text("ui.score." + name))
        for name, count in figures(pv).items()
    )
    awards = join(
        el("span", ICONS[icon_name], class_=f"award {award}", title=text("ui.score." + award))
        for award, icon_name in AWARDS
        if getattr(pv, award)
    )
    return el("span", figure_marks, class_="stats") + el("span", awards, class_="awards")


def seat_line_reads(scene: Scene, pv: PlayerView) -> tuple[object, ...]:
    """What :func:`seat_line` reads of a seat (the key of its memo): the game at the table, the
    seat's public facts, whether it acts or plays now, whether the game is over, and with the
    card tracker on beside another seat than the viewer's, the position (the tracker reads
    the log)."""
    view, q = scene.view, pv.seat
    tracking = scene.state.coach.tracker and scene.session.viewer not in (None, q)
    return scene.table, pv, view.to_act == q, view.current == q, view.phase == "over", tracking and scene.moment


def seat_lines(scene: Scene) -> Keyed:
    """The strip's seats, one line each, matched by seat (a move redraws only the lines it
    changed; a line is made again only when what it reads changed)."""
    keep = scene.memo.keep
    items = tuple(
        (f"seat-{pv.seat}", keep(f"seat-{pv.seat}", seat_line_reads(scene, pv), partial(seat_line, scene, pv)))
        for pv in scene.view.players
    )
    return Keyed("ol", (("class", "strip-seats"),), items)


def strip_foot_reads(scene: Scene) -> tuple[object, ...]:
    """What :func:`strip_foot` reads (the key of its memo)."""
    return scene.words, scene.view.options.vp_target


def strip_foot(scene: Scene) -> Markup:
    """Under the seats: what the icons stand for, and the points that win."""
    text = scene.text
    for_eye = join(el("span", ICONS[name], text("ui.score." + name), class_="stat") for name in FIGURES)
    legend = el("p", for_eye, class_="strip-legend", aria_hidden="true")
    return legend + el(
        "p", text("ui.score.target", count=scene.view.options.vp_target), class_="muted small strip-target"
    )
