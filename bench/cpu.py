#!/usr/bin/env python3
"""CPU time per request, user and kernel, of portfolio (and nginx for scale)
under wrk: less sensitive to other load on the machine than req/s, and it
counts the kernel's share that callgrind does not see.

    python3 bench/cpu.py [--seconds 5] [--connections 64] [--nginx]

Prints, per path and encoding: req/s, CPU µs per request (user + system, all
threads), context switches per request, and wrk's own CPU µs per request
(the client shares the machine: what it spends on a server's answers is
taken from the server).
"""
import argparse
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except FileNotFoundError:
            pass
    return total / TICK


def switches(pids):
    total = 0
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                for line in (task / "status").read_text().splitlines():
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
            except FileNotFoundError:
                pass
    return total


def run(server, path, encoding, connections, seconds):
    pids = server.pids()
    cpu0, sw0, client0 = cpu_seconds(pids), switches(pids), resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H",
                          f"Accept-Encoding: {encoding}", f"http://127.0.0.1:{server.port}{path}"],
                         capture_output=True, text=True, check=True).stdout
    cpu1, sw1, client1 = cpu_seconds(pids), switches(pids), resource.getrusage(resource.RUSAGE_CHILDREN)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    p99 = re.search(r"99%\s+(\S+)", out).group(1)
    client = client1.ru_utime + client1.ru_stime - client0.ru_utime - client0.ru_stime
    return requests / seconds, (cpu1 - cpu0) / requests * 1e6, (sw1 - sw0) / requests, p99, client / requests * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", default="64")
    parser.add_argument("--nginx", action="store_true")
    parser.add_argument("--binary", default=str(compare.BINARY))
    parser.add_argument("--paths", default="/,bundle")
    parser.add_argument("--encodings", default="br, gzip;gzip", help="Accept-Encoding values, separated by ;")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="portfolio-cpu-"))
    workdir.chmod(0o755)
    site = workdir / "site"
    subprocess.run([args.binary, "export", site], check=True, stdout=subprocess.DEVNULL)
    bundle = max((site / "static" / "js").glob("*.js"), key=lambda p: p.stat().st_size)
    paths = {"/": "/", "bundle": "/" + str(bundle.relative_to(site))}
    port = compare.free_port()
    servers = [compare.Server("portfolio", [args.binary, "--quiet", "--max-connections-per-client", "0", "--host", "127.0.0.1", "--port", str(port)], port)]
    try:
        if args.nginx:
            headers = [("X-Content-Type-Options", "nosniff")]
            nport = compare.free_port()
            servers.append(compare.Server("nginx", ["nginx", "-c", str(compare.nginx_config(site, nport, workdir, headers))], nport))
        for label in args.paths.split(","):
            for encoding in args.encodings.split(";"):
                for connections in args.connections.split(","):
                    for server in servers:
                        rps, cpu, sw, p99, client = run(server, paths[label], encoding, int(connections), args.seconds)
                        print(f"{label:7} {encoding:9} {connections:>4} {server.name:10} {rps:>8.0f} req/s "
                              f"{cpu:>6.1f} µs CPU/req {sw:>5.2f} switches/req p99 {p99}, wrk {client:>5.1f} µs/req", flush=True)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
