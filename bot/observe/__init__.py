"""What an operator's tools read: Prometheus metrics, health checks and JSON log lines (`docs/operating.md`)."""
