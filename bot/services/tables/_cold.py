"""A cached table in a form the cyclic collector does not walk: its row packed to bytes (`TableCache`'s cold tier).

A built table is its row, its parsed engine state and what was worked out of
them: some 64 objects the collector walks on every full pass. Its row alone
says everything else (`TableStore.build` parses the state again), and packed
to bytes it is one object the collector never looks into. The row's values
are packed as a list, its seats as pairs: a frozen dataclass unpickles field
by field, three times slower than building it from its values.
"""

from __future__ import annotations

import pickle
from operator import attrgetter

from bot.storage import Seat, TableRecord

_FIELDS = tuple(TableRecord.__dataclass_fields__)
_VALUES = attrgetter(*_FIELDS)
_SEATS = _FIELDS.index("seats")


def pack(record: TableRecord) -> bytes:
    """The row as bytes (`unpack` gives back an equal row)."""
    values = list(_VALUES(record))
    values[_SEATS] = [(seat.user_id, seat.name) for seat in record.seats]
    return pickle.dumps(values, pickle.HIGHEST_PROTOCOL)


def unpack(packed: bytes) -> TableRecord:
    values = pickle.loads(packed)
    values[_SEATS] = [Seat(user_id, name) for user_id, name in values[_SEATS]]
    return TableRecord(*values)
