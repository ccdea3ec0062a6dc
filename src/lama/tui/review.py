"""A game's review (lama.review) as the terminal shows it (`lama review RECORD`): each seat's
win chance at the start and the end and what moved it (luck, its own decisions, the others'),
its decisions by class, the moments that changed the game most; and the curve as a figure."""

from __future__ import annotations

from rich.table import Table

from lama.i18n import N_, _
from lama.review.judge import CLASSES, THRESHOLDS

from .hints import action_words, seat_name
from .render import tell

CLASS_NAMES = {"best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
               "blunder": N_("blunder")}
KIND_NAMES = {"deal": N_("the deal"), "draw": N_("a draw"), "roll": N_("a roll"), "decision": N_("a decision")}


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def signed(x: float) -> str:
    return f"{x * 100:+.1f}%"


def totals_table(result, names, seats) -> Table:
    table = Table(title=_("Win chance: where it came from"), title_justify="left")
    table.add_column(_("player"), overflow="fold")
    for heading in (_("start"), _("end"), _("luck"), _("own moves"), _("others' moves")):
        table.add_column(heading, justify="right")
    for s in seats:
        t = result.seats[s]
        table.add_row(seat_name(s, names), pct(t.start), pct(t.end), signed(t.luck), signed(t.own), signed(t.others))
    return table


def classes_table(result, names, seats) -> Table:
    table = Table(title=_("Decisions by class"), title_justify="left")
    table.add_column(_("player"), overflow="fold")
    for name in CLASSES:
        table.add_column(_(CLASS_NAMES[name]), justify="right")
    table.add_column(_("lost per decision"), justify="right")
    for s in seats:
        decisions = result.seats[s].decisions
        counts = [sum(d.label == name for d in decisions) for name in CLASSES]
        mean = sum(d.lost for d in decisions) / len(decisions) if decisions else 0.0
        table.add_row(seat_name(s, names), *map(str, counts), pct(mean))
    return table


def step_words(step, names, game: str | None = None) -> str:
    """What happened at a step, in words: `Ann: play 3`, `the deal`, `Bob: a draw`."""
    if step.kind == "decision":
        return f"{seat_name(step.seat, names)}: {action_words(step.action, game, names)}"
    what = _(KIND_NAMES[step.kind])
    return what if step.seat is None else f"{seat_name(step.seat, names)}: {what}"


def where(step) -> str:
    """Round 2, move 14 (counted from 1; the record's move index over all rounds + 1)."""
    if step.move is None:
        return _("round {r}").format(r=step.round + 1)
    return _("round {r}, move {m}").format(r=step.round + 1, m=step.move + 1)


def moments_table(result, names, seat) -> Table:
    table = Table(title=_("The moments that changed the game most"), title_justify="left")
    table.add_column(_("when"), overflow="fold")
    table.add_column(_("what"), overflow="fold")
    table.add_column(_("change"), overflow="fold")
    for step in result.moments(seat=seat):
        who = [seat] if seat is not None else sorted(range(len(step.change)), key=lambda s: -abs(step.change[s]))[:2]
        change = ", ".join(f"{seat_name(s, names)} {signed(step.change[s])}" for s in who)
        table.add_row(where(step), step_words(step, names, result.game), change)
    return table


def decisions_table(result, names, seat) -> Table:
    """The seat's decisions that gave up more than a good one may."""
    table = Table(title=_("{name}: inaccuracies, mistakes and blunders").format(name=seat_name(seat, names)),
                  title_justify="left")
    table.add_column(_("when"), overflow="fold")
    table.add_column(_("move"), overflow="fold")
    table.add_column(_("best"), overflow="fold")
    table.add_column(_("lost"), justify="right")
    table.add_column(_("class"), overflow="fold")
    for d in result.seats[seat].decisions:
        if d.lost > THRESHOLDS[1]:
            table.add_row(where(d), action_words(d.action, result.game, names),
                          action_words(d.best, result.game, names), pct(d.lost),
                          _(CLASS_NAMES[d.label]))
    return table


def print_review(result, console, names=None, seat: int | None = None) -> None:
    seats = [seat] if seat is not None else list(range(len(result.seats)))
    console.print(totals_table(result, names, seats))
    tell(console, _("Luck: what the deals, draws and rolls brought, each against the average of what "
                    "could have come. Own and others' moves: what the decisions changed. Win chances "
                    "assume every seat plays as the {bot} bot from then on; luck, own and others add up "
                    "to end minus start.").format(bot="heuristic"), "dim")
    console.print(classes_table(result, names, seats))
    tell(console, _("A decision is judged from its player's view, by the hard bot's search: the win "
                    "chance given up against the best move. Good: up to {good}; inaccuracy: up to "
                    "{inaccuracy}; mistake: up to {mistake}; blunder: more.").format(
        good=pct(THRESHOLDS[1]), inaccuracy=pct(THRESHOLDS[2]), mistake=pct(THRESHOLDS[3])), "dim")
    console.print(moments_table(result, names, seat))
    if seat is not None:
        console.print(decisions_table(result, names, seat))


def plot_review(result, path, names=None) -> None:
    """The curve (every seat's win chance over the game's steps) as a PNG (or any format
    matplotlib writes by the name's suffix), the rounds' deals marked, the blunders dotted."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(9, 4.5))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    xs = range(len(result.curve))
    for s in range(len(result.seats)):
        line, = ax.plot(xs, [p[s] for p in result.curve], label=seat_name(s, names), linewidth=1.4)
        blunders = [d.index for d in result.seats[s].decisions if d.label == "blunder"]
        ax.plot(blunders, [result.curve[i][s] for i in blunders], "o", color=line.get_color(), markersize=5)
    for step in result.steps:
        if step.kind == "deal":
            ax.axvline(step.index, color="0.85", linewidth=0.8, zorder=0)
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(1, len(result.curve) - 1))
    ax.set_xlabel(_("steps of the game (the deals, decisions, draws and rolls); grey lines: new rounds"))
    ax.set_ylabel(_("win chance"))
    ax.set_title(_("Win chance over the game (dots: blunders)"))
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
