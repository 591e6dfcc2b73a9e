"""The ASGI app over real websockets (Starlette's test client) and a real uvicorn process: the site and the rooms
on one origin, the Origin check, the QR code, health, and a server killed mid-hole and started again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from websockets.sync import client as websockets

from server.app import create_app
from server.processes import RoomServer
from server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def client(tmp_path: Path, **settings: Any) -> TestClient:
    site = tmp_path / "site"
    (site / "play").mkdir(parents=True, exist_ok=True)
    (site / "play" / "index.html").write_text("<p>the Play page</p>", encoding="utf-8")
    return TestClient(create_app(Settings(db=":memory:", site=str(site), **settings)))


def test_the_site_and_the_rooms_on_one_origin(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        assert "the Play page" in http.get("/play/").text
        assert http.get("/rooms/health").json() == {"ok": True, "version": 1, "rooms": 0}
        with http.websocket_connect("/rooms/ws", headers={"Origin": "http://testserver"}) as ws:
            ws.send_text(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
            assert json.loads(ws.receive_text())["type"] == "welcome"
            ws.send_text(
                json.dumps({"type": "create", "setup": {"players": 2, "holes": 1}, "seats": ["person", "open"]})
            )
            joined = json.loads(ws.receive_text())
            assert joined["type"] == "joined"
        assert http.get("/rooms/health").json()["rooms"] == 1


def test_a_page_of_another_origin_is_refused_in_its_language(tmp_path: Path) -> None:
    with (
        client(tmp_path) as http,
        http.websocket_connect("/rooms/ws?lang=ja", headers={"Origin": "https://evil.example"}) as ws,
    ):
        refusal = json.loads(ws.receive_text())
        assert refusal["key"] == "room.error.origin" and "サーバー" in refusal["error"]
    with (
        client(tmp_path, origins=("https://golf.example",)) as http,
        http.websocket_connect("/rooms/ws", headers={"Origin": "https://golf.example"}) as ws,
    ):
        ws.send_text(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
        assert json.loads(ws.receive_text())["type"] == "welcome"


def test_the_qr_code_is_drawn_here_and_only_for_this_sites_links(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        answer = http.get("/rooms/qr.svg", params={"link": "http://testserver/play/#room=K7PQ2M"})
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.text.lstrip().startswith("<svg") and "<path" in answer.text
        assert 'xmlns="http://www.w3.org/2000/svg"' in answer.text  # an <img> draws only a namespaced SVG
        assert http.get("/rooms/qr.svg", params={"link": "https://evil.example/x"}).status_code == 400


def test_a_server_killed_mid_hole_comes_back_with_every_room(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = RoomServer({"GOLF_DB": str(tmp_path / "rooms.sqlite3"), "GOLF_SITE": ""}, log=log)
    server.start()
    url = server.ws_url
    try:
        with websockets.connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
            ws.recv()
            ws.send(json.dumps({"type": "create", "setup": {"players": 2, "holes": 3}, "seats": ["person", "easy"]}))
            joined = json.loads(ws.recv())
            state = json.loads(ws.recv())
            ws.send(json.dumps({"type": "start"}))
            state = json.loads(ws.recv())
            table = state["table"]
            for _ in range(5):
                ws.send(json.dumps({"type": "act", "action": table["observation"]["legal_actions"][0],
                                    "step": table["step"]}))  # fmt: skip
                table = json.loads(ws.recv())["table"]
        server.kill()
        server.start()
        with websockets.connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
            ws.recv()
            ws.send(json.dumps({"type": "join", "code": joined["code"], "token": joined["token"]}))
            assert json.loads(ws.recv())["seat"] == 0
            again = json.loads(ws.recv())["table"]
        for field in ("observation", "prompt", "step", "moves", "totals"):
            assert again[field] == table[field], field
    finally:
        server.kill()
    # What the server printed (its log) names neither a seat's token nor a room's code.
    printed = log.read_text(encoding="utf-8", errors="replace")
    assert "Serving http://" in printed
    assert joined["token"] not in printed and joined["code"] not in printed
