"""Screenshots of the built docs in a real browser, headless Chromium, to look at by eye.

Build the HTML first, then run this (CI does not)::

    sphinx-build -W --keep-going -q -b html docs docs/_build/html
    python docs/screenshots.py                      # docs/_build/html -> docs/_build/screenshots
    python docs/screenshots.py --dark solver.html   # other pages, in furo's dark theme

It needs a ``chromium`` on the PATH (Debian: ``apt-get install chromium``) and Pillow, which
comes with matplotlib in the ``docs`` extra. Each page is saved whole, as ``NAME.png``, and
in screen-high parts, ``NAME-1.png``, ``NAME-2.png``..., which an image viewer shows at full
size. With no pages named it takes the landing page, a profile page, the tutorial, the
simulation page and, when it was built, the gallery (``pictures.html``).

The browser is driven over the DevTools protocol on a pipe (no port, no web driver): each
page is loaded 1440 CSS pixels wide (``--width``), measured once its fonts are ready, and
captured from top to bottom.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from PIL import Image

__all__ = ["DEFAULT_PAGES", "Browser", "main"]

DEFAULT_PAGES = (
    "index.html",
    "profiles/pagat.html",
    "tutorial.html",
    "simulation.html",
    "pictures.html",
)
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT = 60.0  # seconds to wait for any one answer of the browser


class Browser:
    """Headless Chromium, driven over the DevTools protocol on a pipe (no port, no driver).

    Chromium reads commands on its file descriptor 3 and answers on 4, one JSON message
    each, ended by a NUL byte; a shell gives it this process's pipes there.
    """

    def __init__(self, executable: str, profile: Path) -> None:
        flags = [
            "--headless",
            "--no-sandbox",  # needed as root, harmless otherwise
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
        ]
        self._process = subprocess.Popen(
            ["sh", "-c", 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null', "sh", executable, *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._ids = 0
        self._buffer = b""
        self._events: list[dict[str, Any]] = []

    def _receive(self) -> dict[str, Any]:
        assert self._process.stdout is not None
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._process.stdout], [], [], TIMEOUT)
            chunk = os.read(self._process.stdout.fileno(), 1 << 16) if ready else b""
            if not chunk or time.monotonic() > deadline:
                raise RuntimeError("the browser stopped answering")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        answer: dict[str, Any] = json.loads(message)
        return answer

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and return its result; events that come first are kept."""
        assert self._process.stdin is not None
        self._ids += 1
        command = {"id": self._ids, "method": method, "params": params}
        if session is not None:
            command["sessionId"] = session
        self._process.stdin.write(json.dumps(command).encode() + b"\0")
        self._process.stdin.flush()
        while True:
            message = self._receive()
            if message.get("id") != self._ids:
                self._events.append(message)
            elif "error" in message:
                raise RuntimeError(f"{method}: {message['error']}")
            else:
                result: dict[str, Any] = message["result"]
                return result

    def wait_for(self, event: str, session: str) -> None:
        """Wait until the page of ``session`` fires ``event`` (or had fired it)."""
        while True:
            found = [
                m for m in self._events if (m.get("method"), m.get("sessionId")) == (event, session)
            ]
            if found:
                self._events = [m for m in self._events if m not in found]
                return
            self._events.append(self._receive())

    def screenshot(self, url: str, out: Path, *, width: int, dark: bool) -> tuple[int, int]:
        """Save the whole page at ``url``, ``width`` CSS pixels wide, as a PNG; its size."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.enable", session)
        screen = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}
        self.send("Emulation.setDeviceMetricsOverride", session, **screen)
        scheme = "dark" if dark else "light"
        features = [{"name": "prefers-color-scheme", "value": scheme}]
        self.send("Emulation.setEmulatedMedia", session, features=features)
        self.send("Page.navigate", session, url=url)
        self.wait_for("Page.loadEventFired", session)
        measure = "document.fonts.ready.then(() => document.documentElement.scrollHeight)"
        found = self.send("Runtime.evaluate", session, expression=measure, awaitPromise=True)
        screen["height"] = int(found["result"]["value"])
        self.send("Emulation.setDeviceMetricsOverride", session, **screen)  # the whole page
        shot = self.send("Page.captureScreenshot", session, format="png")
        out.write_bytes(base64.b64decode(shot["data"]))
        self.send("Target.closeTarget", targetId=target)
        return width, screen["height"]

    def close(self) -> None:
        """Close the browser and wait for it to end."""
        try:
            self.send("Browser.close")
        except (RuntimeError, BrokenPipeError):
            self._process.kill()
        self._process.wait(timeout=TIMEOUT)


def _parts(image: Path, height: int) -> list[Path]:
    with Image.open(image) as whole:
        count = -(-whole.height // height)
        parts = []
        for index in range(count):
            part = image.with_name(f"{image.stem}-{index + 1}.png")
            box = (0, index * height, whole.width, min(whole.height, (index + 1) * height))
            whole.crop(box).save(part)
            parts.append(part)
    return parts


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots; print where each went. 1 if a named page or the browser is missing."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", help="pages under --html (default: a few)")
    parser.add_argument("--html", type=Path, default=Path("docs/_build/html"))
    parser.add_argument("--out", type=Path, default=Path("docs/_build/screenshots"))
    parser.add_argument("--width", type=int, default=1440)  # wide enough for both sidebars
    parser.add_argument("--part-height", type=int, default=1200, help="0: whole pages only")
    parser.add_argument("--dark", action="store_true", help="furo's dark theme")
    args = parser.parse_args(argv)

    executable = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    if executable is None:
        print("no chromium on the PATH (Debian: apt-get install chromium)", file=sys.stderr)
        return 1
    names = args.pages or [name for name in DEFAULT_PAGES if (args.html / name).exists()]
    missing = [name for name in names if not (args.html / name).exists()]
    if missing:
        print(f"not built: {', '.join(missing)} (under {args.html})", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(executable, Path(profile))
        try:
            for name in names:
                stem = name.removesuffix(".html").replace("/", "-")
                out = args.out / f"{stem}{'-dark' if args.dark else ''}.png"
                url = (args.html / name).resolve().as_uri()
                width, height = browser.screenshot(url, out, width=args.width, dark=args.dark)
                parts = _parts(out, args.part_height) if args.part_height else []
                print(f"{out} ({width}x{height}" + (f", {len(parts)} parts)" if parts else ")"))
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
