# Cardroom bot image: the same entry point as `cardroom run`, as a non-root user,
# with the SQLite database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    CARDROOM_DATABASE=/var/lib/cardroom/cardroom.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY cogs ./cogs
# Not tools/ (the bench, the emoji drawer): `cardroom bench` and `cardroom emojis` say they are not installed.
COPY data/locales ./data/locales
COPY data/cards ./data/cards
COPY data/emojis ./data/emojis
COPY data/paces.json ./data/paces.json
# Editable install keeps `data/` (catalogues, card data) beside the code, where the bot reads it.
RUN pip install -e . \
 && useradd --system --uid 10001 --home-dir /var/lib/cardroom --create-home cardroom \
 && chown -R cardroom:cardroom /var/lib/cardroom

USER cardroom
VOLUME ["/var/lib/cardroom"]
# Alive when the operator port (CARDROOM_METRICS_PORT, if set) answers /healthz; Compose asks /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.observe.probe", "/healthz"]
ENTRYPOINT ["cardroom"]
CMD ["run"]
