"""National variants from the seed documents (filled in below)."""

from __future__ import annotations
