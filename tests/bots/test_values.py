"""The search bots' round values (bots/values.py)."""

from __future__ import annotations

import pytest

from lama.bots.values import BINS, FALLBACK, SHARPEN, fitted_temperatures, round_values, temperature_bin, temperatures
from lama.games import GAMES


def test_bins_count_the_leaders_distance_to_the_target():
    assert temperature_bin(40, 39) == 0 and temperature_bin(40, 35) == 0 and temperature_bin(40, 34) == 1
    assert temperature_bin(40, 0) == BINS - 1 and temperature_bin(60, 0) == BINS - 1
    assert temperature_bin(40, 45) == 0  # never below the first bin


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("players", range(2, 7))
def test_every_game_and_player_count_has_fitted_temperatures_that_grow_with_the_distance(game_id, players):
    temps = fitted_temperatures(game_id, players)
    assert len(temps) == BINS and all(t > 0 for t in temps)
    assert list(temps) == sorted(temps)
    assert temperatures(game_id, players) == tuple(SHARPEN * t for t in temps)


def test_an_unknown_game_falls_back_to_one_temperature():
    assert fitted_temperatures("chess", 4) == (FALLBACK,) * BINS


def test_values_are_chances_that_favour_fewer_points_more_near_the_end():
    temps = temperatures("lama", 4)
    early = round_values([0, 5, 5, 5], 40, temps)
    late = round_values([30, 35, 35, 38], 40, temps)
    assert sum(early) == pytest.approx(1) and sum(late) == pytest.approx(1)
    assert early[0] > early[1] == early[2] == early[3]
    assert late[0] / late[1] > early[0] / early[1]  # five points matter more near the target
