"""The README's nginx example, run for real (slow: it starts nginx and two server processes): the configuration
block of server/README.md, with its ports replaced by free ones, proxies the site's HTTP, /healthz and a room's
websocket to the processes behind it, and answers /metrics to the loopback (the one address it allows)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.sync import client as websockets

from server.processes import ROOT, RoomServer, free_port, wait_for_port

README = ROOT / "server" / "README.md"


def readme_nginx_block() -> str:
    found = re.search(r"```nginx\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert found, "server/README.md has no nginx example"
    return found.group(1)


@pytest.mark.slow
def test_the_readmes_nginx_example_proxies_http_and_the_rooms_websocket(tmp_path: Path) -> None:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        pytest.fail("nginx is not installed: `apt-get install nginx-light` to run the README's example")
    servers = [RoomServer({"GOLF_SITE": "", "GOLF_DB": ":memory:"}) for _ in range(2)]
    listen = free_port()
    block = readme_nginx_block()
    for old, server in zip(("8001", "8002"), servers, strict=True):
        block = block.replace(f"127.0.0.1:{old}", f"127.0.0.1:{server.port}")
    block = re.sub(r"\s*server 127\.0\.0\.1:800[34][^\n]*\n", "\n", block)  # two processes here, not four
    block = block.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/logs/error.log;\nevents {{}}\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {tmp_path}/body;\nproxy_temp_path {tmp_path}/proxy;\n"
        f"{block}\n}}\n",
        encoding="utf-8",
    )
    for server in servers:
        server.start()
    proxy = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    try:
        wait_for_port(listen, proxy, "nginx")
        base = f"http://127.0.0.1:{listen}"
        with urllib.request.urlopen(f"{base}/healthz", timeout=10) as answer:
            assert answer.status == 200 and json.loads(answer.read()) == {"ok": True}
        with urllib.request.urlopen(f"{base}/metrics", timeout=10) as answer:  # the loopback itself may read it
            assert b"golf_rooms" in answer.read()
        with websockets.connect(f"ws://127.0.0.1:{listen}/rooms/ws", origin=base) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
            assert json.loads(ws.recv())["type"] == "welcome"
            ws.send(json.dumps({"type": "create", "setup": {"players": 2, "holes": 1}, "seats": ["person", "easy"]}))
            assert json.loads(ws.recv())["type"] == "joined"
            ws.send(json.dumps({"type": "start"}))
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                frame = json.loads(ws.recv(timeout=10))
                if frame["type"] == "state" and frame["table"]:
                    break
            assert frame["table"]["observation"]["players"] == 2
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        for server in servers:
            server.kill()
