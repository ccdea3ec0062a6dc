"""Play in the terminal."""
