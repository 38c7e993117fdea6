#!/usr/bin/env python3
"""Instructions per request, counted by callgrind: a deterministic measure of
the server's own CPU work, unaffected by other load on the machine.

    python3 bench/instructions.py [--requests 2000] [--connections 16] [--server-arg=--metrics=127.0.0.1:0] [--hyper] [--syscalls]

Needs valgrind and a release build with symbols:

    CARGO_PROFILE_DIST_DEBUG=true CARGO_PROFILE_DIST_STRIP=false cargo build --profile dist

`--hyper` measures server/examples/bare_hyper.rs beside it (hyper alone,
answering with the bytes and headers portfolio sent: build it the same way
with `-p portfolio-server --example bare_hyper`), and prints the ratio.
`--syscalls` also counts the system calls per request of each, with
`strace -c -f` over the same two loads (needs strace).

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
HYPER = ROOT / "target" / "dist" / "examples" / "bare_hyper"
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


def wait_for(port):
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"no server listening on {port} after 60 s")
            time.sleep(0.05)


def portfolio_command(port, quiet=True):
    return [str(BINARY), *(["--quiet"] if quiet else []), *SERVER_ARGS, "--host", "127.0.0.1", "--port", str(port)]


def under(tool, command, port, path, encoding, requests, connections):
    """Runs `command` (listening on `port`) under `tool`, a valgrind or strace
    command line, through the fixed load, and stops it."""
    server = subprocess.Popen([*tool, *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port)
    load(port, path, encoding, requests, connections)
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=120)
    except subprocess.TimeoutExpired:
        # bare_hyper has no graceful stop; valgrind and strace still write their counts.
        server.kill()
        server.wait()


def instructions(command, port, path, encoding, requests, connections):
    out = Path(tempfile.mkstemp(prefix="callgrind.")[1])
    under(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"], command, port, path, encoding, requests,
          connections)
    summary = [l for l in out.read_text(errors="replace").splitlines() if l.startswith(("summary:", "totals:"))]
    total = int(summary[-1].split()[1])
    return total, out


def syscalls(command, port, path, encoding, requests, connections):
    """System calls of every thread under the load, from strace's summary:
    attached once the server listens, so start-up is not counted."""
    out = Path(tempfile.mkstemp(prefix="strace.")[1])
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port)
    strace = subprocess.Popen(["strace", "-c", "-f", "-o", str(out), "-p", str(server.pid)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)  # every thread attached
    load(port, path, encoding, requests, connections)
    strace.send_signal(signal.SIGINT)
    strace.wait(timeout=60)
    server.kill()
    server.wait()
    # The summary's last line: % time, seconds, usecs/call, calls, [errors,] "total".
    lines = out.read_text().strip().splitlines()
    out.unlink()
    if not lines or lines[-1].split()[-1] != "total":
        raise SystemExit(f"no strace summary: {lines[-1:]}")
    return int(lines[-1].split()[3])


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
    global BINARY, HYPER, SERVER_ARGS
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
    parser.add_argument("--hyper", action="store_true", help="measure bare hyper with portfolio's answers beside it")
    parser.add_argument("--hyper-binary", help="the bare_hyper build to use (default: the dist build's)")
    parser.add_argument("--syscalls", action="store_true", help="also count system calls per request (strace -c -f)")
    args = parser.parse_args()
    BINARY = Path(args.binary or BINARY)
    HYPER = Path(args.hyper_binary or HYPER)
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
    answers = tempfile.TemporaryDirectory()
    servers = [("portfolio", lambda port: portfolio_command(port, quiet=not args.access_log))]
    if args.hyper:
        if not HYPER.exists():
            raise SystemExit(f"{HYPER} not found: build it (see the docstring)")
        from compare import record_answers  # noqa: E402 (bench/ is the script's folder)
        port = free_port()
        probe = subprocess.Popen(portfolio_command(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(port)
            record_answers(port, paths, Path(answers.name) / "answers")
        finally:
            probe.terminate()
            probe.wait()
        servers.append(("bare hyper", lambda port: [str(HYPER), str(port), str(Path(answers.name) / "answers")]))
    for path in paths:
        for encoding in ["br, gzip", "gzip"]:
            ours = None
            for name, command in servers:
                base, base_file = instructions(command(port := free_port()), port, path, encoding, short, args.connections)
                total, out = instructions(command(port := free_port()), port, path, encoding, args.requests,
                                          args.connections)
                per_request = (total - base) / (args.requests - short)
                ours = ours or per_request
                ratio = f"  (portfolio: {ours / per_request:.3f}×)" if name != "portfolio" else ""
                kept = f"  ({out})" if args.keep else ""
                line = f"{path:40} {encoding:9} {name:10} {per_request:>9.0f} instructions/request{ratio}{kept}"
                if args.syscalls:
                    calls = [syscalls(command(port := free_port()), port, path, encoding, n, args.connections)
                             for n in (short, args.requests)]
                    line += f"  {(calls[1] - calls[0]) / (args.requests - short):.2f} system calls/request"
                print(line, flush=True)
                if args.top:
                    for inclusive in ["yes", "no"]:
                        print(f"  per request, {'inclusive' if inclusive == 'yes' else 'self'}:")
                        before = function_costs(base_file, inclusive)
                        costs = {k: v - before.get(k, 0) for k, v in function_costs(out, inclusive).items()}
                        for fn, cost in sorted(costs.items(), key=lambda kv: -kv[1])[:args.top]:
                            print(f"  {cost / (args.requests - short):>8.0f}  {fn}")
                base_file.unlink()
                if not args.keep:
                    out.unlink()


if __name__ == "__main__":
    main()
