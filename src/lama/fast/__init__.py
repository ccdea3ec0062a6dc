"""lama.fast: the rules compiled (numba), for millions of games: the search bots' playouts,
the vector environments and the statistics at scale. The rules core (lama.core, lama.games)
is the reference; this is its one compiled twin, held to it step by step by the differential
tests (tests/fast). Layout of a state: layout.py; the card games: cards.py; dice: dice.py.

Rules only: the compiled bots live with the bots (lama.bots.compiled), the compiled drivers
with their drivers (lama.sim.compiled_match, lama.envs.batch and compiled_observe)."""
