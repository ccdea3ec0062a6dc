"""Rewards, the same in both environments.

`"win"` (the default): nothing until the game ends; then 1 shared among the winners (the seats
with the fewest points, C6): each winner gets 1 / (number of winners), every other seat 0. The
rewards of a game sum to 1.

`"points"`: at the end of every round (the game's last round too), each seat gets the average
of the other seats' point gains in that round minus its own gain, where a seat's gain is its
points after the round was scored minus its points when the round was dealt (so Kadabra's chips
given, staged or taken during the round count, and a chip returned by C5 or D3a is a negative
gain). Points are bad, so taking fewer points than the others is rewarded; the rewards of a
round sum to 0. Nothing else is rewarded, not even winning.
"""

from __future__ import annotations

REWARDS = ("win", "points")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    return reward


def win_rewards(winners, players: int) -> list[float]:
    """1 shared among `winners`, 0 to the other seats."""
    share = 1.0 / len(winners) if winners else 0.0
    out = [0.0] * players
    for s in winners:
        out[s] = share
    return out


def round_rewards(start, end) -> list[float]:
    """Each seat: the others' average gain from `start` to `end` points, minus its own."""
    gains = [e - s for s, e in zip(start, end)]
    total, others = sum(gains), len(gains) - 1
    return [(total - g) / others - g for g in gains]
