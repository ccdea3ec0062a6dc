"""lama: Reiner Knizia's L.A.M.A. family of games."""

__version__ = "0.1.0"
