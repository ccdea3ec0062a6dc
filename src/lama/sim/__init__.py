"""Simulation drivers: benchmarks (and later tournaments and a fast engine)."""
