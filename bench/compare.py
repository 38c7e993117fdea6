#!/usr/bin/env python3
"""Serve the same bytes with portfolio, nginx and static-web-server and drive
each with wrk on loopback, side by side in one run.

    python3 bench/compare.py [--seconds 10] [--rounds 3] [--baseline OLD_BINARY] [--binary BINARY] [--hyper] [--paths /,bundle]
                             [--server-cpus 0 --client-cpus 1]

Needs: `cargo build --profile dist` (the binary to deploy); Debian's nginx, libnginx-mod-http-brotli-static
and wrk; `cargo install static-web-server` (its rows are left out without
it). `--hyper` adds rows for server/examples/bare_hyper.rs (build it with
`cargo build --profile dist -p portfolio-server --example bare_hyper`): hyper
alone answering with the bytes and headers portfolio sent, the stack's
ceiling. `--baseline` adds rows for another build of portfolio (say, the one
before a change), run in the same rounds. Prints one table: median req/s over
the rounds, p50/p99 latency of the median round, peak RSS of all the server's
processes under load (every server is started anew for every row), and the
ratio to nginx in the same run; then the time from exec to the first 200.
`--server-cpus` and `--client-cpus` pin every server and wrk to CPUs of
their own (`taskset -c`, lists such as 0 or 2-7): nginx runs a worker per
server CPU and wrk a thread per client CPU, so that no row measures the load
generator's share of the server's cores.
"""
import argparse
import http.client
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "dist" / "portfolio"
HYPER = ROOT / "target" / "dist" / "examples" / "bare_hyper"
# `taskset -c LIST` before each server's and wrk's command line, when pinned.
SERVER_PIN, CLIENT_PIN = [], []
SECURITY_HEADERS = None  # read from the running portfolio, so nginx sends the same


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, name, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except Exception:
            time.sleep(0.01)
    raise SystemExit(f"{name} did not answer on {url}")


def process_tree(pid):
    """The pid and its children (nginx: master and workers)."""
    pids = [pid]
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return pids + [int(c) for c in children]


def rss_kib(pids):
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


class Server:
    def __init__(self, name, argv, port, cwd=None):
        self.name, self.port = name, port
        self.process = subprocess.Popen([*SERVER_PIN, *argv], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(f"http://127.0.0.1:{port}/", name)

    def pids(self):
        return process_tree(self.process.pid)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=15)


def nginx_config(site, port, workdir, headers):
    modules = [p for p in ["/usr/lib/nginx/modules/ngx_http_brotli_static_module.so",
                           "/usr/share/nginx/modules/ngx_http_brotli_static_module.so"] if Path(p).exists()]
    if not modules:
        raise SystemExit("install libnginx-mod-http-brotli-static")
    add_headers = "\n".join(f'        add_header {name} "{value}" always;' for name, value in headers)
    config = f"""
load_module {modules[0]};
worker_processes {cpu_count(SERVER_PIN[-1]) if SERVER_PIN else "auto"};
pid {workdir}/nginx.pid;
error_log {workdir}/error.log error;
daemon off;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    charset utf-8;
    charset_types text/css application/javascript image/svg+xml text/plain application/xml application/json;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 100000;
    gzip_static on;
    brotli_static on;
    gzip_vary on;
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 60s;
    access_log off;
    client_body_temp_path {workdir}/body;
    proxy_temp_path {workdir}/proxy;
    fastcgi_temp_path {workdir}/fastcgi;
    uwsgi_temp_path {workdir}/uwsgi;
    scgi_temp_path {workdir}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {site};
        etag on;
{add_headers}
        location / {{
            add_header Cache-Control "no-cache" always;
{add_headers}
            try_files $uri $uri/index.html =404;
        }}
        location /static/ {{
            add_header Cache-Control "max-age=31536000, immutable" always;
{add_headers}
        }}
        error_page 404 /404.html;
    }}
}}
"""
    path = workdir / "nginx.conf"
    path.write_text(config)
    return path


def cpu_count(cpus):
    """How many CPUs a taskset list such as 0,2-5 names."""
    return sum(int(b) - int(a) + 1 for a, _, b in (part.partition("-") if "-" in part else (part, "", part)
                                                   for part in cpus.split(",")))


LATENCY = re.compile(r"^\s+(50|99)(?:\.000)?%\s+([\d.]+)(us|ms|s)\s*$", re.M)


def wrk(url, connections, encoding, seconds, pids):
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], rss_kib(pids))
            time.sleep(0.25)

    sampler = threading.Thread(target=sample)
    sampler.start()
    out = subprocess.run(
        [*CLIENT_PIN, "wrk", f"-t{cpu_count(CLIENT_PIN[-1]) if CLIENT_PIN else 2}", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", f"Accept-Encoding: {encoding}", url],
        capture_output=True, text=True, check=True).stdout
    done.set()
    sampler.join()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = {}
    for pct, value, unit in LATENCY.findall(out):
        latency[pct] = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise SystemExit(f"{url}: {errors.group(1)} non-2xx responses")
    return rps, latency.get("50"), latency.get("99"), peak[0]


def uncapped(binary):
    """The flag that lets wrk's hundreds of connections from one address in
    (a baseline built before the per-client cap has no such flag)."""
    help_text = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
    return ["--max-connections-per-client", "0"] if "--max-connections-per-client" in help_text else []


def record_answers(port, paths, folder):
    """Writes what portfolio answers to each path for each coding, as bare_hyper reads it."""
    folder.mkdir()
    routes = []
    for path in paths:
        for coding in ["br", "gzip", "identity"]:
            n = len(routes)
            # http.client, not urllib: urllib asks to close, and the answer would say so.
            connection = http.client.HTTPConnection("127.0.0.1", port)
            connection.request("GET", path, headers={"Accept-Encoding": coding})
            response = connection.getresponse()
            if response.status != 200:
                raise SystemExit(f"portfolio answered {response.status} to {path} ({coding}): nothing to record")
            (folder / f"{n}.body").write_bytes(response.read())
            # hyper writes its own Date and Content-Length.
            (folder / f"{n}.head").write_text("".join(
                f"{k}: {v}\n" for k, v in response.getheaders() if k.lower() not in {"date", "content-length"}),
                encoding="latin-1")
            connection.close()
            routes.append(f"{path}\t{coding}\t{n}\n")
    (folder / "routes").write_text("".join(routes))
    return folder


def startup_ms(runs=15):
    """Time from exec to the first 200 on /, median of `runs`."""
    times = []
    for _ in range(runs):
        port = free_port()
        started = time.monotonic()
        process = subprocess.Popen([BINARY, "--quiet", "--max-connections-per-client", "0", "--host", "127.0.0.1", "--port", str(port)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if s.recv(12).startswith(b"HTTP/1.1 200"):
                        break
            except OSError:
                time.sleep(0.0005)
        times.append((time.monotonic() - started) * 1000)
        process.terminate()
        process.wait()
    return statistics.median(times)


def main():
    global BINARY, SERVER_PIN, CLIENT_PIN
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10, help="length of each wrk run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each server in a rotated order")
    parser.add_argument("--connections", default="64,512")
    parser.add_argument("--paths", default="/,bundle", help="which rows: / and bundle (the main script)")
    parser.add_argument("--baseline", type=Path, help="another portfolio binary to measure beside this one")
    parser.add_argument("--hyper", action="store_true", help="measure bare hyper with portfolio's answers beside it")
    parser.add_argument("--binary", type=Path, default=BINARY,
                        help="the portfolio binary to measure (the static one: target/x86_64-unknown-linux-gnu/dist/portfolio)")
    parser.add_argument("--server-cpus", metavar="LIST", help="pin every server to these CPUs (taskset -c)")
    parser.add_argument("--client-cpus", metavar="LIST", help="pin wrk to these CPUs, a thread on each")
    args = parser.parse_args()
    SERVER_PIN = ["taskset", "-c", args.server_cpus] if args.server_cpus else []
    CLIENT_PIN = ["taskset", "-c", args.client_cpus] if args.client_cpus else []
    BINARY = args.binary.resolve()
    for tool in ["nginx", "wrk"]:
        if not shutil.which(tool):
            raise SystemExit(f"{tool} not found (see the docstring)")
    if not BINARY.exists():
        raise SystemExit(f"{BINARY} not found: run cargo build --profile dist first")
    if args.hyper and not HYPER.exists():
        raise SystemExit(f"{HYPER} not found: run cargo build --profile dist -p portfolio-server --example bare_hyper")
    if set(args.paths.split(",")) - {"/", "bundle"}:
        raise SystemExit(f"--paths takes / and bundle, not {args.paths}")

    workdir = Path(tempfile.mkdtemp(prefix="portfolio-bench-"))
    workdir.chmod(0o755)  # nginx workers run as www-data

    def export(binary, site):
        """Exports `binary`'s site into `site`; returns its main script (the largest)."""
        subprocess.run([binary, "export", site], check=True, stdout=subprocess.DEVNULL)
        return max((site / "static" / "js").glob("*.js"), key=lambda p: p.stat().st_size)

    site = workdir / "site"
    bundle = export(BINARY, site)
    paths = {"/": "/", "bundle": "/" + str(bundle.relative_to(site))}
    paths = {label: path for label, path in paths.items() if label in args.paths.split(",")}
    # The baseline may name its main script otherwise: its own, for its rows.
    baseline_bundle = None
    if args.baseline:
        baseline_site = workdir / "baseline-site"
        baseline_bundle = "/" + str(export(args.baseline, baseline_site).relative_to(baseline_site))

    # Each row starts every server anew, so a row's RSS is that load's and not
    # the high-water mark of an earlier row (freed memory is not always
    # returned to the system).
    def start_portfolio(binary=BINARY, name="portfolio"):
        port = free_port()
        return Server(name, [binary, "--quiet", *uncapped(binary), "--host", "127.0.0.1", "--port", str(port)], port)

    def start_nginx():
        port = free_port()
        return Server("nginx", ["nginx", "-c", str(nginx_config(site, port, workdir, headers))], port)

    def start_sws():
        port = free_port()
        return Server("sws", ["static-web-server", "--host", "127.0.0.1", "--port", str(port), "--root", str(site),
                              "--compression-static", "true", "--log-level", "error", "--page404", str(site / "404.html")], port)

    probe = start_portfolio()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{probe.port}/") as response:
            headers = [(k, v) for k, v in response.getheaders() if k.lower() in {
                "content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options",
                "cross-origin-opener-policy", "cross-origin-resource-policy", "permissions-policy"}]
        if args.hyper:
            answers = record_answers(probe.port, {"/", *paths.values()}, workdir / "answers")
    finally:
        probe.stop()

    def start_hyper():
        port = free_port()
        return Server("hyper", [HYPER, str(port), str(answers)], port)

    starters = [("portfolio", start_portfolio), ("nginx", start_nginx)]
    if args.hyper:
        starters.append(("hyper", start_hyper))
    if shutil.which("static-web-server"):
        starters.append(("sws", start_sws))
    if args.baseline:
        starters.append(("baseline", lambda: start_portfolio(args.baseline, "baseline")))
    results = {}
    pinned = f"servers on CPUs {args.server_cpus}, wrk on {args.client_cpus}; " if SERVER_PIN or CLIENT_PIN else ""
    print(f"# {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {pinned}{args.rounds} rounds x {args.seconds} s per row; "
          f"bundle /{bundle.relative_to(site)} ({bundle.stat().st_size} B identity)", flush=True)
    for round_index in range(args.rounds):
        order = starters[round_index % len(starters):] + starters[:round_index % len(starters)]
        for label, path in paths.items():
            for encoding in ["br, gzip", "gzip"]:
                for connections in [int(c) for c in args.connections.split(",")]:
                    for name, start in order:
                        server = start()
                        try:
                            own_path = baseline_bundle if name == "baseline" and label == "bundle" else path
                            url = f"http://127.0.0.1:{server.port}{own_path}"
                            key = (label, encoding, connections, name)
                            results.setdefault(key, []).append(wrk(url, connections, encoding, args.seconds, server.pids()))
                        finally:
                            server.stop()
        print(f"# round {round_index + 1} done", flush=True)

    print(f"{'path':7} {'encoding':9} {'conns':>5} {'server':10} {'req/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'RSS MB':>7} {'x nginx':>7} {'p99/ng':>6} {'RSS/ng':>6}")
    for label in paths:
        for encoding in ["br, gzip", "gzip"]:
            for connections in [int(c) for c in args.connections.split(",")]:
                rows = {}
                for name, _ in starters:
                    runs = results[(label, encoding, connections, name)]
                    median = sorted(runs, key=lambda r: r[0])[len(runs) // 2]
                    rows[name] = (statistics.median(r[0] for r in runs), median[1], median[2], max(r[3] for r in runs) / 1024)
                ng = rows["nginx"]
                for name, (rps, p50, p99, rss) in rows.items():
                    print(f"{label:7} {encoding:9} {connections:>5} {name:10} {rps:>9.0f} {p50:>7.2f} {p99:>7.2f} {rss:>7.1f} "
                          f"{rps / ng[0]:>7.2f} {p99 / ng[2]:>6.2f} {rss / ng[3]:>6.2f}")
    print(f"\nportfolio: exec to first 200 on /: {startup_ms():.1f} ms (median of 15)")
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
