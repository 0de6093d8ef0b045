"""Chess tournament calculation service."""

__version__ = "0.1.0"
