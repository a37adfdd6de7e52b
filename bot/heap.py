"""The heap after start-up.

Everything loaded at start (modules, pydantic's schemas, the catalogues, the card data, the engines' registry)
lives as long as the process. `settle` moves it out of the cyclic collector's sight (`gc.freeze`), so the
collections that moves trigger (each move allocates thousands of short-lived objects) no longer walk it: in the
bench about 0.15 ms less per move. Nothing is leaked: frozen objects are still freed by reference counting.
"""

from __future__ import annotations

import gc


def settle() -> int:
    """Collect once, then freeze what survived; the number of objects frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
