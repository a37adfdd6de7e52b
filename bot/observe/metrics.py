"""The bot's Prometheus metrics, in one registry of its own (the official client, `prometheus_client`).

Every metric is declared here, once, with its help text; the code that does the work counts it where it happens
(a move's commit, a deadline fired, a computer's decision, an interaction answered). What is read rather than
counted (gateway latency, shard state, tables held, the database's pending deadlines) is a `Sampled` gauge whose value
is asked for at each scrape, from a source the bot registers when it starts. The shard label is `-` where a figure is
the whole process's.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable
from typing import Final

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

REGISTRY: Final = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)  # resident memory, CPU seconds, open files
PlatformCollector(registry=REGISTRY)

# Latency buckets in seconds: an interaction must be answered within 3 s; most answers take milliseconds.
_FAST: Final = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)

MOVES = Counter("cardroom_moves_committed", "Moves committed, by game", ["game"], registry=REGISTRY)
COMMIT_SECONDS = Histogram(
    "cardroom_commit_seconds", "Time to commit a move's transaction", buckets=_FAST, registry=REGISTRY
)
INTERACTIONS = Counter(
    "cardroom_interactions",
    "Interactions, by kind (command, component, autocomplete, modal) and outcome (answered, refused, late, stale,"
    " forged, failed)",
    ["kind", "outcome"],
    registry=REGISTRY,
)
ANSWER_SECONDS = Histogram(
    "cardroom_answer_seconds",
    "From an interaction's creation (Discord's clock) to the bot's answer",
    ["kind"],
    buckets=_FAST,
    registry=REGISTRY,
)
DEADLINES_FIRED = Counter("cardroom_deadlines_fired", "Deadlines fired, by kind", ["kind"], registry=REGISTRY)
DEADLINE_DELAY = Histogram(
    "cardroom_deadline_delay_seconds",
    "How late a deadline fired after it fell due",
    buckets=(0.1, 0.5, 1.0, 2.0, 5.0, 15.0, 60.0, 300.0),
    registry=REGISTRY,
)
COMPUTER_DECISIONS = Counter(
    "cardroom_computer_decisions", "Computer players' decisions, by game", ["game"], registry=REGISTRY
)
COMPUTER_SECONDS = Histogram(
    "cardroom_computer_decision_seconds",
    "Time from asking a computer player to its action, hand-over included",
    buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, 1.1, 1.5, 2.0, 5.0),
    registry=REGISTRY,
)
NOTIFICATIONS = Counter(
    "cardroom_notifications",
    "Turn notifications, by way (channel, dm, digest) and outcome (sent, held, refused)",
    ["way", "outcome"],
    registry=REGISTRY,
)
TABLE_EDITS = Counter(
    "cardroom_table_edits",
    "Table messages, by result (edited, coalesced into a waiting edit, posted, reposted)",
    ["result"],
    registry=REGISTRY,
)
CACHE = Counter("cardroom_table_cache", "Table look-ups, by result (hit, load)", ["result"], registry=REGISTRY)
REST = Counter(
    "cardroom_rest_requests",
    "Discord REST requests, by status class (2xx, 4xx, 429, 5xx)",
    ["status"],
    registry=REGISTRY,
)
GC_PAUSES = Histogram(
    "cardroom_gc_pause_seconds",
    "The cyclic collector's pauses, by generation",
    ["generation"],
    buckets=(0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5),
    registry=REGISTRY,
)

Sample = tuple[tuple[str, ...], float]  # label values, value


class Sampled(Collector):
    """A gauge read at each scrape from a source the running bot registers (`source`); none registered: no sample."""

    def __init__(self, name: str, documentation: str, labels: Iterable[str] = ()) -> None:
        self.name = name
        self.documentation = documentation
        self.labels = list(labels)
        self.source: Callable[[], Iterable[Sample]] | None = None
        REGISTRY.register(self)

    def collect(self) -> Iterable[Metric]:
        family = GaugeMetricFamily(self.name, self.documentation, labels=self.labels)
        if self.source is not None:
            for values, value in self.source():
                family.add_metric(list(values), value)
        yield family

    def describe(self) -> Iterable[Metric]:
        yield GaugeMetricFamily(self.name, self.documentation, labels=self.labels)


GATEWAY_LATENCY = Sampled("cardroom_gateway_latency_seconds", "Each shard's gateway heartbeat latency", ["shard"])
SHARD_CONNECTED = Sampled("cardroom_shard_connected", "1 while a shard is connected to the gateway", ["shard"])
TABLES_HELD = Sampled("cardroom_tables_held", "Tables held in the process's cache, by tier (hot, cold)", ["tier"])
DEADLINES_PENDING = Sampled(
    "cardroom_deadlines_pending",
    "Deadlines of this process's shards waiting in the database (pending) and already due (overdue), by kind",
    ["kind", "state"],
)
TABLES_OPEN = Sampled("cardroom_tables_open", "Lobbies and running tables in the database")
READY = Sampled("cardroom_ready", "1 when the process is ready: logged in, shards connected, the database answering")


def exposition() -> bytes:
    """The registry in Prometheus's text format (what `/metrics` answers)."""
    return generate_latest(REGISTRY)


class GcPauses:
    """Times each pass of the cyclic collector (`gc.callbacks`) into `GC_PAUSES`; `start` and `stop` are idempotent."""

    def __init__(self) -> None:
        self._began: float | None = None

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        elif self._began is not None:
            GC_PAUSES.labels(str(info.get("generation", -1))).observe(time.perf_counter() - self._began)
            self._began = None

    def start(self) -> None:
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)
