"""What Debian's pebble (2.4) lacks, in front of it: ACME renewal information
(ARI, RFC 9773) and certificate profiles, as Let's Encrypt serves them.

Every request is passed to pebble with its Host header, so the URLs pebble
writes (and checks in each signed request) are this front's. Added:
- the directory names `renewalInfo` and offers the profiles `classic` and
  `shortlived` in `meta.profiles`;
- GET /renewal-info/ID answers the window in WINDOW_FILE (JSON: start, end,
  retryAfter in seconds, and `only`: the one ID it is for, the others
  getting the next day), 404 while the file does not exist;
- a new order's `profile` and `replaces` are echoed in pebble's answer, as
  RFC 9773 requires of a server that accepts `replaces`.
Each renewal-information ID asked and each new order's payload (of those
pebble accepted: it rejects some nonces) is written,
one JSON object a line, to LOG_FILE.

usage: ari_front.py PORT PEBBLE_PORT CERT KEY PEBBLE_CA WINDOW_FILE LOG_FILE
"""

import base64
import datetime
import http.client
import http.server
import json
import ssl
import sys
import threading

PORT, PEBBLE_PORT = int(sys.argv[1]), int(sys.argv[2])
CERT, KEY, PEBBLE_CA, WINDOW_FILE, LOG_FILE = sys.argv[3:8]
PROFILES = {"classic": "90 days", "shortlived": "6 days"}
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length"}
log_lock = threading.Lock()


def note(entry):
    with log_lock, open(LOG_FILE, "a", encoding="utf-8") as log:
        log.write(json.dumps(entry) + "\n")


def jws_payload(body):
    payload = json.loads(body)["payload"]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)) or b"null")


class Front(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def answer(self, status, headers, body):
        self.send_response(status)
        for name, value in headers:
            if name.lower() not in HOP_BY_HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def to_pebble(self, body):
        context = ssl.create_default_context(cafile=PEBBLE_CA)
        pebble = http.client.HTTPSConnection("127.0.0.1", PEBBLE_PORT, context=context, timeout=30)
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        pebble.request(self.command, self.path, body=body, headers=headers)
        reply = pebble.getresponse()
        answer = (reply.status, reply.getheaders(), reply.read())
        pebble.close()
        return answer

    def do_HEAD(self):
        status, headers, _ = self.to_pebble(None)
        self.send_response(status)
        for name, value in headers:
            if name.lower() not in HOP_BY_HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        if self.path.startswith("/renewal-info/"):
            asked = self.path.removeprefix("/renewal-info/")
            note({"renewalInfo": asked})
            try:
                with open(WINDOW_FILE, encoding="utf-8") as file:
                    window = json.load(file)
            except FileNotFoundError:
                return self.answer(404, [], b"")
            if window.get("only", asked) != asked:
                day = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)
                window = {**window, "start": day.isoformat(), "end": (day + datetime.timedelta(days=1)).isoformat()}
            body = {"suggestedWindow": {"start": window["start"], "end": window["end"]}}
            headers = [("Content-Type", "application/json"), ("Retry-After", str(window["retryAfter"]))]
            return self.answer(200, headers, json.dumps(body).encode())
        status, headers, body = self.to_pebble(None)
        if self.path == "/dir" and status == 200:
            directory = json.loads(body)
            directory["renewalInfo"] = f"https://{self.headers['Host']}/renewal-info"
            directory.setdefault("meta", {})["profiles"] = PROFILES
            body = json.dumps(directory).encode()
        self.answer(status, headers, body)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        status, headers, answer = self.to_pebble(body)
        if self.path == "/order-plz":
            if status == 201:
                payload = jws_payload(body)
                note({"newOrder": payload})
                order = json.loads(answer)
                order.update({key: payload[key] for key in ("profile", "replaces") if key in payload})
                answer = json.dumps(order).encode()
        self.answer(status, headers, answer)


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Front)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CERT, KEY)
server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
