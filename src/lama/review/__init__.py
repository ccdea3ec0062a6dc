"""Game review (issue 39): each seat's win chance over a finished game, the win chance each
decision gave up, each chance event's luck, and the totals that add up to the result.

- chances.py: the reference win chance of a full state (every card known): compiled playouts
  of the `heuristic` in every seat to the round's end, valued with the fitted temperatures;
- judge.py: a decision judged from its seat's view (the `hard` search's estimates) and classed;
- game.py: the review of a record (the curve, the decisions, the luck, the totals).
"""
