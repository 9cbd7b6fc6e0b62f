"""catan_core: the complete base-game rules of Settlers of Catan in pure Python."""

__version__ = "0.1.0"
