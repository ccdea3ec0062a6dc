"""The environments' text rendering (`render_mode="ansi"`): the public table and the hand of
the seat whose view is rendered, nothing else. Seats are numbered from 1 here, as people read
them (lama.core.seats); the API and the action ids count from 0."""

from __future__ import annotations

from lama.core.seats import action_text, word


def render_view(view, name: str = "") -> str:
    """A few lines of plain text for `view` (a lama.core.View; seat None: only the public table)."""
    n = view.players
    title = name or view.game
    if view.finished:
        status = "game over, won by " + ", ".join(word(s) for s in view.winners)
    elif view.to_move is None:
        status = "chance to resolve"
    else:
        status = f"{word(view.to_move)} to move"
    lines = [f"{title}: round {view.round + 1}, target {view.target}, {status}"]
    dice = bool(view.dice)
    for s in range(n):
        marks = []
        if view.quit[s]:
            marks.append("quit")
        if view.magic_chip == s:
            marks.append("magic chip")
        if view.forced_draw == s:
            marks.append("must draw")
        size = view.hand_sizes[s] if view.hand_sizes else 0
        cards = " ".join(view.displays[s]) if dice else f"{size} cards"
        pointer = ">" if view.to_move == s else " "
        lines.append(f"{pointer} {word(s)}: {view.points[s]:>3} points  {cards}"
                     + (f"  ({', '.join(marks)})" if marks else ""))
    if dice:
        lines.append(f"llama row: {' '.join(view.row) or '-'}   roll: {' '.join(view.roll) if view.roll else '-'}")
        lines.append(f"discarded this round: {' '.join(view.discard_pile) or '-'}")
    else:
        lines.append(f"top: {view.top or '-'}   draw pile: {view.pile_size} cards")
        lines.append(f"discard pile: {' '.join(view.discard_pile) or '-'}")
        if view.stage is not None:
            whites, blacks = view.stage
            lines.append(f"stage: {whites} white, {blacks} black{'  (magic show!)' if view.show else ''}")
        if view.seat is not None:
            lines.append(f"hand of {word(view.seat)}: {' '.join(view.hand) or '-'}")
    if view.legal_actions:
        lines.append("legal: " + ", ".join(action_text(a) for a in view.legal_actions))
    return "\n".join(lines) + "\n"
