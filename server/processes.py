"""Child processes for the tests, the benchmarks and the soak: the room server (`python -m server`) and a private
Redis (Debian's `redis-server`), each on a free loopback port, each waited for until it answers and stopped by
whoever started it. Never a service left running: a test or a benchmark owns every process it starts.

Written here once so that the server's tests, the rooms' browser tests, `bench/rooms_load.py` and the soak all
start, kill (SIGKILL: as a crash or a power cut) and restart the same way.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root: the server is started from here, with the engine and `server` importable."""

START_SECONDS = 30.0


def free_port() -> int:
    """A TCP port nobody listens on at 127.0.0.1 now (the kernel's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _last_lines(log: Path | None, count: int = 20) -> str:
    if log is None or not log.exists():
        return ""
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()[-count:]
    return "; its last output:\n" + "\n".join(lines) if lines else ""


def wait_for_port(
    port: int, process: subprocess.Popen[bytes], what: str, seconds: float = START_SECONDS, log: Path | None = None
) -> None:
    """Until something accepts on 127.0.0.1:port; a process that exits first, or the time running out, raises
    with the end of what the process printed (`log`), so a failed start says why."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"{what} exited with status {process.returncode} before it listened on port {port}{_last_lines(log)}"
            )
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    process.kill()
    process.wait(timeout=10)
    raise RuntimeError(f"{what} did not listen on port {port} within {seconds:.0f} s{_last_lines(log)}")


class _Child:
    """One child process on one port, which can be killed and started again on the same port."""

    what = "a child process"

    def __init__(self, port: int | None = None, log: Path | None = None) -> None:
        self.port = port or free_port()
        # Without a log of the caller's, the output goes to a file of its own (never the terminal), kept for the
        # error of a failed start.
        if log is None:
            handle, name = tempfile.mkstemp(prefix="golf-child-", suffix=".log")
            os.close(handle)
            log = Path(name)
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        raise NotImplementedError

    def environment(self) -> dict[str, str]:
        return dict(os.environ)

    def start(self) -> None:
        self.launch()
        self.wait()

    def launch(self) -> None:
        """Start the process without waiting for it (`wait`): several children start side by side."""
        assert self.process is None, f"{self.what} is already running"
        with self.log.open("ab") as out:  # the child holds its own copy of the descriptor
            self.process = subprocess.Popen(self.command(), cwd=ROOT, env=self.environment(), stdout=out, stderr=out)

    def wait(self) -> None:
        assert self.process is not None, f"{self.what} was not launched"
        wait_for_port(self.port, self.process, self.what, log=self.log)

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 10 s."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None

    @property
    def pid(self) -> int:
        assert self.process is not None, f"{self.what} is not running"
        return self.process.pid

    def __enter__(self) -> _Child:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.kill()


def start_all(children: list[_Child]) -> None:
    """Start every child at once and wait for each (a second server costs no second start-up wait)."""
    for child in children:
        child.launch()
    for child in children:
        child.wait()


class RoomServer(_Child):
    """`python -m server` with its settings as environment variables (server/settings.py), e.g.
    `RoomServer({"GOLF_DB": str(path), "GOLF_SITE": ""})`."""

    what = "the room server"

    def __init__(self, settings: dict[str, str] | None = None, port: int | None = None, log: Path | None = None):
        super().__init__(port, log)
        self.settings = dict(settings or {})

    def command(self) -> list[str]:
        return [sys.executable, "-m", "server"]

    def environment(self) -> dict[str, str]:
        # The repository first; whatever the caller's PYTHONPATH adds stays after it (a package tried before it is
        # installed in the project's environment, as the benchmarks may).
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        return {**os.environ, **self.settings, "PORT": str(self.port), "PYTHONPATH": path}

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/rooms/ws"

    def __enter__(self) -> RoomServer:
        self.start()
        return self


def redis_server_path() -> str:
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("redis-server is not installed: run `make setup` (tools/setup-system.sh installs it)")
    return found


class RedisServer(_Child):
    """A private `redis-server` on a free loopback port with its files in a temporary folder of its own, which
    `close()` removes. `appendonly=True` keeps every write in the append-only file (fsync every second, or with
    `fsync="always"` before each answer), so a restart on the same folder has the data back; without it nothing
    is written to disk at all."""

    what = "redis-server"

    def __init__(self, appendonly: bool = False, port: int | None = None, folder: Path | None = None,
                 fsync: str = "everysec") -> None:  # fmt: skip
        self._own_folder = folder is None
        self.folder = folder or Path(tempfile.mkdtemp(prefix="golf-redis-"))
        super().__init__(port, self.folder / "redis.log")
        self.appendonly = appendonly
        self.fsync = fsync  # "always": every write on disk before Redis answers it (a kill -9 loses nothing)

    def command(self) -> list[str]:
        return [redis_server_path(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                "--save", "", "--appendonly", "yes" if self.appendonly else "no", "--appendfsync", self.fsync,
                "--protected-mode", "yes", "--daemonize", "no"]  # fmt: skip

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def wait(self) -> None:
        super().wait()
        self._wait_for_ping()

    def _wait_for_ping(self) -> None:
        """Listening is not ready: while it loads its append-only file Redis answers LOADING; wait for PONG."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as line:
                    line.sendall(b"PING\r\n")
                    if line.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not answer PING within {START_SECONDS:.0f} s")

    def close(self) -> None:
        self.kill()
        if self._own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
