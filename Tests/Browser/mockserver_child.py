"""`mockserver` as a child process on port 0, for the scripts under Tests/ that drive a real one:
the browser tests (through harness.py) and the image zoo's decoder checks (Tests/ImageZoo). No
third-party import, so any venv can use it."""

import json
import re
import signal
import subprocess
import threading
import urllib.request


def stop_child(process, stop_signal):
    """Sends `stop_signal`; kills the child if it has not exited 10 s later."""
    if process.poll() is None:
        process.send_signal(stop_signal)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class MockServerProcess:
    """`mockserver --port 0 --admin-port 0` (and `options`, e.g. `--tls-port 0 --tls-dir DIR`), its
    URLs read from its first line of output."""

    def __init__(self, executable, options=()):
        self.process = subprocess.Popen(
            [executable, "--port", "0", "--admin-port", "0", "--log-level", "warning", *options],
            # From another working directory: pages come from the resource bundle beside the binary.
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd="/")
        line = self.process.stdout.readline()
        match = re.search(r"listening on (http://\S+) \(admin (http://[^)\s,]+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"mockserver did not say where it listens: {line!r}")
        self.main, self.admin = match.group(1), match.group(2)
        self.second_line = self.process.stdout.readline().rstrip("\n")
        # Drain the rest of its output so it never blocks on a full pipe.
        self.reader = threading.Thread(target=self.process.stdout.read, daemon=True)
        self.reader.start()

    def stop(self):
        stop_child(self.process, signal.SIGINT)
        if getattr(self, "reader", None):
            self.reader.join(timeout=5)
        self.process.stdout.close()

    def admin_call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.admin + path, data=data, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def set_offline(self, offline):
        self.admin_call("POST", "/__admin/offline", {"offline": offline})

    def is_offline(self):
        return self.admin_call("GET", "/__admin/offline")["offline"]
