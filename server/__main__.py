"""`python -m server`: the built site and the rooms on http://GOLF_HOST:PORT (server/settings.py lists the
settings). The rooms live in this process and its SQLite file, or (`STORE=redis://…`) in a Redis shared with other
processes (server/README.md says how to host either)."""

from __future__ import annotations

import logging

import uvicorn

from .app import create_app
from .settings import Settings


def main() -> None:
    settings = Settings.from_env()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    # The room events are one JSON object a line (server/metrics.py), ready for a log shipper: no prefix.
    events = logging.getLogger("sixcardgolf.rooms.events")
    plain = logging.StreamHandler()
    plain.setFormatter(logging.Formatter("%(message)s"))
    events.addHandler(plain)
    events.propagate = False
    print(f"Serving http://{settings.host}:{settings.port} (the site and its rooms; Ctrl-C stops)", flush=True)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws="websockets-sansio",
        ws_max_size=64 * 1024,  # a frame larger than this closes its own socket (1009); the protocol reads 8,000
        # No per-message compression: deflating every state frame (a few kilobytes, four a move) was an eighth of
        # the server's time per move (bench/results/rooms_load.md); the frames cost a few kilobytes more instead.
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,  # the access log would carry each page's address: nothing secret, but nothing needed
    )


if __name__ == "__main__":
    main()
