"""Headless Chromium (from apt) driven over the DevTools protocol, with the standard library.

Used by `tools/players_page_check.py`. Starts `chromium` with the flags that
keep it off the network (no background networking, no component updates, no
sync, no first-run page) and a new empty profile folder, connects to its
DevTools websocket on 127.0.0.1, and offers `Page`: navigate, evaluate a
JavaScript expression, set the viewport, take a PNG screenshot.

The websocket client is the few lines a DevTools session needs (text frames,
masked from the client; no extensions). This is not a package module: it is
imported by the tools/ scripts, which Python runs with tools/ on sys.path.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",  # a container's /dev/shm may be 64 MB: Chromium's pages crash
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium() -> str:
    """The chromium program; installs Debian's package when missing and running as root."""
    found = find_chromium()
    if found:
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing chromium from apt …", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
        found = find_chromium()
    if not found:
        raise SystemExit(
            "headless Chromium is needed: install it with 'sudo apt-get install chromium'"
        )
    return found


class WebSocket:
    """A client websocket carrying text frames (RFC 6455), enough for DevTools."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        m = re.match(r"ws://([^:/]+):(\d+)(/.*)", url)
        if m is None:
            raise ValueError(url)
        host, port, path = m.group(1), int(m.group(2)), m.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def send(self, text: str) -> None:
        data = text.encode()
        header = bytearray([0x81])
        if len(data) < 126:
            header.append(0x80 | len(data))
        elif len(data) < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack(">H", len(data))
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", len(data))
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            data += chunk
        return data

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("DevTools closed the websocket")
            if opcode in (0x9, 0xA):  # ping, pong: not used by DevTools
                continue
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.sock.close()


class Browser:
    """One headless Chromium with a new empty profile; `page()` opens a tab."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="organizer-chromium-")
        self.proc = subprocess.Popen(
            [ensure_chromium(), *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its helpers in a process group of their own: `close`
        )
        assert self.proc.stderr is not None
        deadline = time.monotonic() + 60
        url = None
        while url is None and time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line and self.proc.poll() is not None:
                break
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            url = m.group(1) if m else None
        if url is None:
            self.close()
            raise SystemExit("headless Chromium did not start (no DevTools address)")
        self.ws = WebSocket(url)
        self._id = 0

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.receive())
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result

    def page(self) -> Page:
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        return Page(self, session)

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                self.ws.close()
        finally:
            self._stop_every_process()
            deadline = time.monotonic() + 5
            while True:  # what a helper wrote on its way out, where /proc cannot tell
                shutil.rmtree(self.profile, ignore_errors=True)
                if not os.path.exists(self.profile) or time.monotonic() > deadline:
                    break
                time.sleep(0.1)

    def _stop_every_process(self) -> None:
        """Stop the browser and every helper of its process group, and wait for them.

        Why: Chromium's zygote, renderers and utility processes (its process group) and
        its crash handler (a session of its own) outlive the browser process by a moment
        and still write into the profile folder. Waiting for the browser alone, then
        removing the folder, left it behind under load: the suite's leftover check failed
        a CI run on an `organizer-chromium-*` folder.
        """
        group = self.proc.pid  # its own session: the group's id is the browser's pid
        for sig in (signal.SIGTERM, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, sig)
            for pid in _still_running(group, self.profile):  # the crash handler, outside it
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and (
                self.proc.poll() is None or _still_running(group, self.profile)
            ):
                time.sleep(0.05)
            if self.proc.poll() is not None and not _still_running(group, self.profile):
                break
        self.proc.wait(timeout=20)


def _still_running(group: int, profile: str) -> list[int]:
    """The processes of `group`, or naming `profile` on their command line (the crash
    handler leaves the group but writes into the profile), that still run (zombies do not
    count); none where there is no /proc to ask."""
    running = []
    for process in Path("/proc").glob("[0-9]*"):
        try:
            fields = (process / "stat").read_text().rsplit(")", 1)[1].split()
            named = profile.encode() in (process / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue  # gone meanwhile
        state, process_group = fields[0], int(fields[2])
        if state != "Z" and (process_group == group or named):
            running.append(int(process.name))
    return running


class Page:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        return self.browser.call(method, self.session, **params)

    def viewport(self, width: int, height: int, *, mobile: bool) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    def scripts(self, enabled: bool) -> None:
        self.call("Emulation.setScriptExecutionDisabled", value=not enabled)

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str, *, timeout: float = 20.0) -> None:
        self.call("Page.navigate", url=url)
        deadline = time.monotonic() + timeout
        time.sleep(0.2)
        while self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not load")
            time.sleep(0.1)

    def screenshot(self, path: Path, *, full_page: bool = False) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", **params)["data"]
        path.write_bytes(base64.b64decode(data))
        print(path)
        return path
