"""The /stats chart: a player's chips won and lost over their recent cash
hands, one line climbing and falling hand by hand, each session shaded.

Drawn with matplotlib's Agg backend through its object interface (no pyplot,
no global state, safe to run in a worker thread). matplotlib is imported only
when a chart is drawn, so it costs the bot's start-up nothing.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from bot.i18n import number, t
from bot.render.views import ChipPoint

if TYPE_CHECKING:
    from matplotlib.axes import Axes

FILENAME: Final = "chips.png"
#: Inches and dots per inch: 800 x 360 pixels, sharp when Discord scales it down.
SIZE: Final = (8.0, 3.6)
DPI: Final = 100

_BACKGROUND: Final = "#2b2d31"  # Discord's dark theme, where most players read
_GRID: Final = "#4e5058"
_TEXT: Final = "#dbdee1"
_LINE: Final = "#f5c542"
_WON: Final = "#3ba55c"
_LOST: Final = "#ed4245"
_SESSION: Final = "#3a3c43"


def chips_chart(points: Sequence[ChipPoint], name: str, locale: str) -> bytes:
    """The chart of ``points`` (oldest first) as a PNG."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    totals = [0]
    for point in points:
        totals.append(totals[-1] + point.net)
    hands = list(range(len(totals)))
    figure = Figure(figsize=SIZE, dpi=DPI, facecolor=_BACKGROUND)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.set_facecolor(_BACKGROUND)
    _shade_sessions(axes, points, locale)
    axes.axhline(0, color=_GRID, linewidth=1)
    axes.fill_between(
        hands,
        totals,
        0,
        where=[v >= 0 for v in totals],
        color=_WON,
        alpha=0.25,
        interpolate=True,
        linewidth=0,
    )
    axes.fill_between(
        hands,
        totals,
        0,
        where=[v <= 0 for v in totals],
        color=_LOST,
        alpha=0.25,
        interpolate=True,
        linewidth=0,
    )
    axes.plot(hands, totals, color=_LINE, linewidth=2.2, solid_capstyle="round")
    axes.plot([hands[-1]], [totals[-1]], "o", color=_LINE, markersize=6)
    axes.annotate(
        number(totals[-1], locale, signed=True),
        (hands[-1], totals[-1]),
        textcoords="offset points",
        xytext=(-10, 10),
        ha="right",
        color=_LINE,
        fontsize=12,
        fontweight="bold",
        bbox={"boxstyle": "round,pad=0.25", "facecolor": _BACKGROUND, "edgecolor": "none"},
    )
    axes.set_title(
        t("stats.chart.title", locale, name=name, count=len(points)),
        color=_TEXT,
        fontsize=13,
        fontweight="bold",
        loc="left",
    )
    axes.set_xlabel(t("stats.chart.hands", locale), color=_TEXT)
    axes.set_ylabel(t("stats.chart.chips", locale), color=_TEXT)
    axes.set_xlim(0, max(1, hands[-1]) * 1.02)  # room for the last point
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: number(int(value), locale)))
    axes.tick_params(colors=_TEXT)
    axes.grid(axis="y", color=_GRID, linewidth=0.6, alpha=0.6)
    for spine in axes.spines.values():
        spine.set_visible(False)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", facecolor=_BACKGROUND)
    return buffer.getvalue()


def _shade_sessions(axes: Axes, points: Sequence[ChipPoint], locale: str) -> None:
    """Every other session on a lighter band, its number at the top."""
    starts: list[tuple[int, int]] = []  # (session, first hand: x of the point before it)
    for index, point in enumerate(points):
        if not starts or starts[-1][0] != point.session:
            starts.append((point.session, index))
    if len(starts) < 2:
        return
    ends = [start for _, start in starts[1:]] + [len(points)]
    for number_, ((_, start), end) in enumerate(zip(starts, ends, strict=True), start=1):
        if number_ % 2 == 0:
            axes.axvspan(start, end, color=_SESSION, linewidth=0, zorder=0)
        if end - start >= len(points) / 12:  # room to write it
            axes.text(
                (start + end) / 2,
                1.0,
                t("stats.chart.session", locale, n=number_),
                transform=axes.get_xaxis_transform(),
                ha="center",
                va="top",
                color=_TEXT,
                alpha=0.7,
                fontsize=9,
            )
