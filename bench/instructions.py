#!/usr/bin/env python3
"""Instructions per request, counted by callgrind: a deterministic measure of
the server's own CPU work, unaffected by other load on the machine.

    python3 bench/instructions.py [--requests 2000] [--connections 16] [--server-arg=--metrics=127.0.0.1:0]

Needs valgrind and a release build with symbols:

    CARGO_PROFILE_DIST_DEBUG=true CARGO_PROFILE_DIST_STRIP=false cargo build --profile dist

For each case (path × Accept-Encoding) the server runs twice under callgrind,
once with a short and once with a long fixed load of keep-alive requests; the
difference in instructions divided by the difference in requests is the cost
of one request, with start-up and shutdown cancelled out. Counts user-space
instructions of every thread of the server; the kernel's work (copying the
body into the socket) is not counted.
"""
import argparse
import re
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "dist" / "portfolio"
# The server's flags besides the address (--server-arg adds more); no
# per-client cap unless a --server-arg sets one.
SERVER_ARGS = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_response(sock, buffer):
    """Reads one response (Content-Length framed); returns (status, rest of buffer)."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("connection closed mid-response")
        buffer += chunk
    head, _, buffer = buffer.partition(b"\r\n\r\n")
    status = int(head[9:12])
    length = int(re.search(rb"(?im)^content-length:\s*(\d+)", head).group(1))
    while len(buffer) < length:
        chunk = sock.recv(max(65536, length - len(buffer)))
        if not chunk:
            raise SystemExit("connection closed mid-body")
        buffer += chunk
    return status, buffer[length:]


def load(port, path, encoding, requests, connections):
    """`requests` GETs over `connections` keep-alive connections, in rounds: one
    request on every connection, then every response read, so that the server
    finds several connections ready at once, as under wrk."""
    # What wrk sends: the request line, Host and the one header bench/compare.py adds.
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    if encoding:
        request += f"Accept-Encoding: {encoding}\r\n"
    request = (request + "\r\n").encode()
    socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(connections)]
    buffers = [b""] * connections
    if requests % connections:
        raise SystemExit("--requests must be a multiple of --connections")
    for _ in range(requests // connections):
        for s in socks:
            s.sendall(request)
        for c, s in enumerate(socks):
            status, buffers[c] = read_response(s, buffers[c])
            if status != 200:
                raise SystemExit(f"{path}: status {status}")
    for s in socks:
        s.close()


def instructions(port, path, encoding, requests, connections, extra, quiet=True):
    out = Path(tempfile.mkstemp(prefix="callgrind.")[1])
    server = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *extra,
                               str(BINARY), *(["--quiet"] if quiet else []), *SERVER_ARGS, "--host", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("server did not start under valgrind")
            time.sleep(0.05)
    load(port, path, encoding, requests, connections)
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=120)
    summary = [l for l in out.read_text(errors="replace").splitlines() if l.startswith(("summary:", "totals:"))]
    total = int(summary[-1].split()[1])
    return total, out


def function_costs(callgrind_file, inclusive):
    """Function → instructions, from callgrind_annotate (source paths shortened)."""
    text = subprocess.run(["callgrind_annotate", f"--inclusive={inclusive}", "--auto=no", "--threshold=100",
                           str(callgrind_file)],
                          capture_output=True, text=True, check=True).stdout
    costs = {}
    for line in text.splitlines():
        match = re.match(r"^\s*([\d,]+) \([^)]*\)\s+(?:\*\s+)?(.*)$", line)
        if match and "PROGRAM TOTALS" not in line and not match.group(2).startswith("=>"):
            name = match.group(2).split(" [")[0]
            name = re.sub(r"^(/[^:]*/)?([^/:]*\.rs|[^/:]*\.[cS]|\?\?\?):", "", name)
            cost = int(match.group(1).replace(",", ""))
            # Inlined code is listed once per source file: the parts add up to a
            # function's self cost, while each part's inclusive cost already
            # contains its callees, so take the largest.
            costs[name] = max(costs.get(name, 0), cost) if inclusive == "yes" else costs.get(name, 0) + cost
    return costs


def main():
    global BINARY, SERVER_ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000, help="requests of the long load")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--path", action="append", help="path(s) to measure; default / and the largest JS bundle")
    parser.add_argument("--binary", help="the server to measure (default: the dist build)")
    parser.add_argument("--access-log", action="store_true", help="run the server without --quiet")
    parser.add_argument("--server-arg", action="append", default=[], metavar="FLAG",
                        help="one more flag for the server, e.g. --server-arg=--metrics=127.0.0.1:0 (repeatable)")
    parser.add_argument("--keep", action="store_true", help="keep the long run's callgrind file")
    parser.add_argument("--top", type=int, default=0, metavar="N",
                        help="also print the N functions costing most per request (inclusive and self)")
    args = parser.parse_args()
    BINARY = Path(args.binary or BINARY)
    SERVER_ARGS = args.server_arg
    if not any(arg.startswith("--max-connections-per-client") for arg in SERVER_ARGS):
        SERVER_ARGS.append("--max-connections-per-client=0")
    if not BINARY.exists():
        raise SystemExit("build first (see the docstring)")
    paths = args.path
    if not paths:
        with tempfile.TemporaryDirectory() as site:
            subprocess.run([BINARY, "export", "--force", site], check=True, stdout=subprocess.DEVNULL)
            bundle = max((Path(site) / "static" / "js").glob("*.js"), key=lambda p: p.stat().st_size)
            paths = ["/", "/" + str(bundle.relative_to(site))]
    short = args.requests // 10 // args.connections * args.connections
    for path in paths:
        for encoding in ["br, gzip", "gzip"]:
            quiet = not args.access_log
            base, base_file = instructions(free_port(), path, encoding, short, args.connections, [], quiet)
            total, out = instructions(free_port(), path, encoding, args.requests, args.connections, [], quiet)
            per_request = (total - base) / (args.requests - short)
            kept = f"  ({out})" if args.keep else ""
            print(f"{path:40} {encoding:9} {per_request:>9.0f} instructions/request{kept}", flush=True)
            if args.top:
                for inclusive in ["yes", "no"]:
                    print(f"  per request, {'inclusive' if inclusive == 'yes' else 'self'}:")
                    before = function_costs(base_file, inclusive)
                    costs = {k: v - before.get(k, 0) for k, v in function_costs(out, inclusive).items()}
                    for name, cost in sorted(costs.items(), key=lambda kv: -kv[1])[:args.top]:
                        print(f"  {cost / (args.requests - short):>8.0f}  {name}")
            base_file.unlink()
            if not args.keep:
                out.unlink()


if __name__ == "__main__":
    main()
