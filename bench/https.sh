#!/usr/bin/env bash
# HTTPS side by side: portfolio and nginx (Debian, with brotli_static) serve
# the same exported files with the same ECDSA P-256 certificate, 2 workers
# each, driven by h2load (Debian's nghttp2-client) with one client thread.
# Rounds alternate between the servers; each prints new TLS connections per
# second, the server's CPU time per new connection, and HTTP/2 keep-alive
# req/s on the home page and on the largest script. h2load's OpenSSL 3.0
# offers no ML-KEM, so the key exchanges themselves are compared with
# rustls' client (examples/handshakes.rs): X25519MLKEM768 (portfolio only;
# this nginx's OpenSSL has no ML-KEM) and X25519, server CPU per handshake.
#
#     bash bench/https.sh [ROUNDS]      (after `cargo build --profile dist`)
#
# A rate ending in "!" had non-2xx answers. Only ratios within one run mean
# much on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
BINARY=$PWD/target/dist/portfolio
cargo build --release --quiet --example handshakes
HANDSHAKES=$PWD/target/release/examples/handshakes
WORK=$(mktemp -d)
chmod 755 "$WORK" # nginx workers run as www-data
trap 'kill $NGINX $PORTFOLIO 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$WORK"' EXIT
NGINX= PORTFOLIO=

"$BINARY" export "$WORK/site" >/dev/null
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
NGINX_PORT=$(free_port)
# The security headers portfolio sends (the `/*` block of the export's _headers), for nginx to send too.
HEADERS=$(awk '$0 == "/*" { on = 1; next } /^\// { on = 0 } on { sub(/^  /, ""); name = $0; sub(/:.*/, "", name); value = $0; sub(/^[^:]*: /, "", value); printf "add_header %s \"%s\" always;\n      ", name, value }' "$WORK/site/_headers")
mkdir -p "$WORK/nginx"
cat > "$WORK/nginx/nginx.conf" <<EOF
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes 2;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 8192; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=1000 inactive=60s;
  server {
    listen 127.0.0.1:$NGINX_PORT ssl http2;
    ssl_certificate $WORK/cert.pem;
    ssl_certificate_key $WORK/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    root $WORK/site;
    gzip_static on;
    brotli_static on;
    location / {
      try_files \$uri \$uri/index.html =404;
      $HEADERS
      add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;
    }
  }
}
EOF
nginx -p "$WORK/nginx/" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' & NGINX=$!
"$BINARY" -q --max-connections-per-client 0 --host 127.0.0.1 --port 0 --https-port 0 --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" \
  > "$WORK/portfolio.log" & PORTFOLIO=$!
sleep 1
PORTFOLIO_PORT=$(grep -o 'https://[^ ]*' "$WORK/portfolio.log" | sed 's/.*://')
BUNDLE=$(cd "$WORK/site" && ls -S static/js/*.js | head -1)
ACCEPT='accept-encoding: gzip, deflate, br'

# req/s from h2load's summary, with "!" unless every answer was a 2xx.
rate() {
  local out; out=$(cat)
  local r; r=$(echo "$out" | grep -o 'finished in [^,]*, [0-9.]* req/s' | awk '{print $4}')
  echo "$out" | grep -q 'status codes: [0-9]* 2xx, 0 3xx, 0 4xx, 0 5xx' && echo "$r" || echo "$r!"
}
# CPU ticks (1/100 s) used so far by the given processes.
ticks() {
  local total=0
  for pid in "$@"; do
    set -- $(sed 's/.*) //' "/proc/$pid/stat")
    total=$((total + ${12} + ${13}))
  done
  echo $total
}
server_pids() { if [ "$1" = nginx ]; then pgrep -P $NGINX; else echo $PORTFOLIO; fi; }

CONNECTIONS=2000
echo "uptime: $(uptime)"
for round in $(seq "$ROUNDS"); do
  for server in portfolio nginx; do
    port=$PORTFOLIO_PORT; [ $server = nginx ] && port=$NGINX_PORT
    before=$(ticks $(server_pids $server))
    handshakes=$(h2load -t 1 -c $CONNECTIONS -n $CONNECTIONS -m 1 -H "$ACCEPT" "https://127.0.0.1:$port/robots.txt" 2>&1 | rate)
    after=$(ticks $(server_pids $server))
    cpu_us=$(( (after - before) * 10000 / CONNECTIONS ))
    home=$(h2load -t 1 -c 8 -m 16 -n 200000 -H "$ACCEPT" "https://127.0.0.1:$port/" 2>&1 | rate)
    bundle=$(h2load -t 1 -c 8 -m 16 -n 20000 -H "$ACCEPT" "https://127.0.0.1:$port/$BUNDLE" 2>&1 | rate)
    echo "round $round $server: new-connections/s $handshakes  server-cpu-us/connection $cpu_us  home-req/s $home  bundle-req/s $bundle"
    for group in X25519MLKEM768 X25519; do
      [ $server = nginx ] && [ $group = X25519MLKEM768 ] && continue
      before=$(ticks $(server_pids $server))
      per_second=$("$HANDSHAKES" "$port" $CONNECTIONS $group)
      after=$(ticks $(server_pids $server))
      echo "round $round $server $group: handshakes/s $per_second  server-cpu-us/handshake $(( (after - before) * 10000 / CONNECTIONS ))"
    done
  done
done
