"""The room server as an ASGI app: the built site and the rooms on one origin.

/rooms/ws          the websocket of the room protocol (server/PROTOCOL.md); `?lang=ja` for the words of a
                   refusal sent before the client's hello
/rooms/health      {"ok": true, "version": 1, "rooms": N}: the Play page asks it whether rooms are offered
/rooms/qr.svg      ?link=URL: the QR code of a room's link (this server's own pages only), drawn here
/healthz           200 when this process can reach its store (and its quick-match line), else 503
/metrics           the Prometheus text format (server/metrics.py)
/                  the built site (`GOLF_SITE`), exactly as a static host serves it
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

import segno
from prometheus_client import CONTENT_TYPE_LATEST
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from sixcardgolf.errors import LANGS

from . import protocol
from .errors import RoomError
from .hub import Client, Hub
from .outbox import Outbox
from .quickmatch import LocalQueue, MatchQueue, RedisQueue
from .settings import Settings
from .store import MemoryStore, RoomStore, SQLiteStore

log = logging.getLogger("sixcardgolf.rooms")
MAX_LINK_CHARS = 300


def make_store(settings: Settings) -> RoomStore:
    return MemoryStore() if settings.db == ":memory:" else SQLiteStore(settings.db)


def make_queue(settings: Settings) -> MatchQueue:
    """The quick-match line: in Redis (its own setting, else the rooms' Redis), or this process's own."""
    url = settings.queue_url or settings.store
    return RedisQueue.from_url(url) if url else LocalQueue()


def make_hub(settings: Settings) -> Hub:
    """The hub on the store the settings name: Redis (shared by several processes) or this process's own."""
    if settings.store:
        from .redis_store import RedisStore

        return Hub(settings, None, queue=make_queue(settings), shared=RedisStore(settings.store))
    return Hub(settings, make_store(settings), queue=make_queue(settings))


async def reachable(hub: Hub) -> bool:
    """Whether this process can reach what it keeps rooms in: the store (its `ping` if it has one, else a read;
    a shared store: a count of its rooms) and the quick-match line."""
    try:
        if hub.shared is not None:
            await asyncio.wait_for(hub.shared.count(), timeout=2)
        else:
            ping = getattr(hub.store, "ping", None)
            answer = ping() if callable(ping) else hub.store.get("HEALTH")  # type: ignore[union-attr]
            if inspect.isawaitable(answer):
                answer = await answer
            if ping is not None and answer is False:
                return False
        return await asyncio.wait_for(hub.quickmatch.queue.ping(), timeout=2)
    except Exception:  # any failure to reach them is the answer itself, never a traceback to the prober
        log.warning("health check: the store or the quick-match line cannot be reached", exc_info=True)
        return False


def create_app(settings: Settings | None = None, hub: Hub | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    hub = hub or make_hub(settings)

    def allowed_origin(origin: str | None, host: str | None) -> bool:
        """A page of this server's own site (its origin names the host the socket was opened on; the scheme is
        left out, since behind a TLS proxy the server itself speaks plain HTTP), or of an origin the settings
        name. No Origin at all is not a browser's page: a bot or a script, which could claim any origin."""
        if origin is None:
            return True
        origin = origin.rstrip("/")
        return (host is not None and urlsplit(origin).netloc == host) or origin in settings.origins

    async def rooms_socket(websocket: WebSocket) -> None:
        lang = websocket.query_params.get("lang", "en")
        lang = lang if lang in LANGS else "en"
        await websocket.accept()
        if not allowed_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
            refusal = RoomError("room.error.origin")
            await websocket.send_text(protocol.frame("error", key=refusal.key, error=refusal.message(lang)))
            await websocket.close(code=1008)
            return
        address = websocket.client.host if websocket.client else "?"
        # The hub never waits on this socket: its frames queue here (bounded), and a client that stops reading
        # is dropped when its queue is full (its reading is cancelled: the seat is held as for a lost line).
        outbox = Outbox(websocket.send_text, lambda code: websocket.close(code=code), settings.send_queue)
        client = hub.client(outbox.send, outbox.close, address)
        client.lang = lang
        reading = asyncio.create_task(read_frames(websocket, client))
        outbox.on_overflow = reading.cancel
        try:
            await reading
        except asyncio.CancelledError:
            if not outbox.overflowed:
                raise
            log.info("a client that stopped reading was dropped")
        finally:
            await outbox.stop()
            await hub.dropped(client)

    async def read_frames(websocket: WebSocket, client: Client) -> None:
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                frame = message.get("text")
                if frame is None:
                    frame = message.get("bytes") or b""
                await hub.receive(client, frame)
        except WebSocketDisconnect:
            pass

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "version": protocol.VERSION, "rooms": len(hub.rooms)})

    async def healthz(request: Request) -> Response:
        ok = await reachable(hub)
        return JSONResponse({"ok": ok}, status_code=200 if ok else 503)

    async def metrics(request: Request) -> Response:
        return Response(hub.ops.text(), media_type=CONTENT_TYPE_LATEST)

    async def qr(request: Request) -> Response:
        link = request.query_params.get("link", "")
        parts = urlsplit(link)
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        origin = f"{parts.scheme}://{parts.netloc}"
        if len(link) > MAX_LINK_CHARS or origin not in {own, *settings.origins}:
            return Response("link: expected a link to this site's own Play page", status_code=400)
        # A standalone SVG document (with its namespace): the page shows it as an <img>, which svg_inline's
        # namespace-less markup does not draw.
        drawn = io.BytesIO()
        segno.make(link, error="m").save(drawn, kind="svg", xmldecl=False, scale=6, border=2, dark="#000", light="#fff")
        return Response(
            drawn.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        clock = asyncio.create_task(hub.run_clock())
        try:
            yield
        finally:
            clock.cancel()
            await hub.close()

    routes: list[Route | WebSocketRoute | Mount] = [
        WebSocketRoute("/rooms/ws", rooms_socket),
        Route("/rooms/health", health),
        Route("/rooms/qr.svg", qr),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
    ]
    if settings.site and Path(settings.site).is_dir():
        routes.append(Mount("/", app=StaticFiles(directory=settings.site, html=True)))
    middleware = [Middleware(CORSMiddleware, allow_origins=list(settings.origins), allow_methods=["GET"])]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.hub = hub
    return app
