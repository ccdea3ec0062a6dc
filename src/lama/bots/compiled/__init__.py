"""The bots compiled (numba), on the engine's state (lama.fast): each beside its Python twin in
lama.bots, its constants taken from it.

- policies.py: the `random`, `heuristic` and `easy` bots as policies on action ids (the twins
  of random_bot.py, the heuristics, levels.py), for whole games in compiled code
  (lama.sim.compiled_match) and the vector environments' opponents (lama.envs.batch); each
  family's heuristic beside it: policies_cards.py (heuristic_cards.py, heuristic_party.py),
  policies_kadabra.py (heuristic_kadabra.py, and Kadabra's moves in the cards' search),
  policies_dice.py (heuristic_dice.py, its lookahead and memo), sharing policies_common.py;
- cards.py and dice.py: the `hard` bot's rollout searches (the compiled twins of
  rollout.evaluate_actions), sharing search.py: the value of a round's end, sequential halving,
  the engine rules of a view's game; in cards.py also the duel of two moves that is the `neural`
  level's second look (`Duel`);
- forward.py: the `neural` network's forward pass for one row, block by block;
- neural.py: the `neural` bot's inputs read from engine states (its features, number for number)
  and its choice over a batch of rows, one numpy forward pass (the vector environments'
  `neural` opponents).
"""
