#!/usr/bin/env python3
"""A greedy client against a visitor, measured: 2,100 keep-alive connections
from 127.0.0.1, each sending GET /robots.txt every 2 s for 16 s, while a
visitor from 127.0.0.2 opens a new connection every 0.4 s. Prints how many
visits got the home page within 1 s, and what the crowd got. Run it on two
builds to compare (tests/fair_share.rs asserts the same scenario).

    python3 bench/lockout.py target/release/portfolio
"""
import asyncio, socket, subprocess, sys, time, resource
resource.setrlimit(resource.RLIMIT_NOFILE, (8192, 8192))
binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/portfolio"
proc = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--quiet"], stdout=subprocess.PIPE, text=True)
port = int(proc.stdout.readline().split("http://127.0.0.1:")[1].split()[0])
REQ = b"GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n"
stats = {"answered": 0, "cut": 0}

async def read_answer(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    await reader.readexactly(length)

async def greedy(offset, until):
    await asyncio.sleep(offset)
    conn = None
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            if conn is None:
                sock = socket.socket(); sock.setblocking(False); sock.bind(("127.0.0.1", 0))
                await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
                conn = await asyncio.open_connection(sock=sock)
            reader, writer = conn
            writer.write(REQ); await writer.drain()
            await asyncio.wait_for(read_answer(reader), 5)
            stats["answered"] += 1
        except Exception:
            stats["cut"] += 1; conn = None
        await asyncio.sleep(max(0, 2 - (time.monotonic() - started)))

async def visit():
    started = time.monotonic()
    try:
        sock = socket.socket(); sock.setblocking(False); sock.bind(("127.0.0.2", 0))
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port)), 1)
        reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); await writer.drain()
        data = await asyncio.wait_for(reader.read(), max(0.01, 1 - (time.monotonic() - started)))
        writer.close()
        return data.startswith(b"HTTP/1.1 200") and time.monotonic() - started < 1
    except Exception:
        return False

async def main():
    until = time.monotonic() + 16
    crowd = [asyncio.create_task(greedy(2 * i / 2100, until)) for i in range(2100)]
    await asyncio.sleep(2.5)
    visits = []
    while time.monotonic() + 2 < until:
        t = time.monotonic()
        visits.append(await visit())
        await asyncio.sleep(max(0, 0.4 - (time.monotonic() - t)))
    await asyncio.gather(*crowd)
    print(f"{binary}: {sum(visits)} of {len(visits)} visits from 127.0.0.2 answered within 1 s; the crowd: {stats['answered']} answers, {stats['cut']} refused or cut")
asyncio.run(main())
proc.terminate()
