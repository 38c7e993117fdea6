# The site as a container image: the fully static binary alone, FROM scratch
# (about 8 MB), run as an unprivileged user, plain HTTP on port 8080.
#
#   docker build -t portfolio .                 # builds the binary too (Rust, Node.js 26, Chromium)
#   docker build -t portfolio --build-arg BINARY=prebuilt .
#                                               # packs target/x86_64-unknown-linux-gnu/dist/portfolio (cargo static)
#   docker run -d -p 80:8080 portfolio
#
# HTTPS by ACME (port 8443 in the container) keeps its account and
# certificates in the volume /state:
#
#   docker run -d -p 80:8080 -p 443:8443 -v portfolio-state:/state portfolio \
#     --domain example.dev --acme-email you@example.dev

ARG BINARY=build

FROM docker.io/library/rust:1-bookworm AS build
# Node.js builds the web app; Chromium draws the articles' diagrams.
RUN curl -fsSL https://deb.nodesource.com/setup_26.x | bash - \
 && apt-get install -y --no-install-recommends nodejs chromium
WORKDIR /src
COPY . .
RUN cargo static --locked \
 && mkdir /out \
 && cp target/x86_64-unknown-linux-gnu/dist/portfolio /out/portfolio \
 && cp -r deploy/container/state /out/state

FROM scratch AS prebuilt
COPY target/x86_64-unknown-linux-gnu/dist/portfolio /out/portfolio
COPY deploy/container/state /out/state

FROM ${BINARY} AS binary

FROM scratch
COPY --from=binary /out/portfolio /portfolio
COPY --from=binary --chown=65534:65534 /out/state /state
USER 65534:65534
# As variables rather than arguments, so that `docker run … portfolio --domain …` keeps them.
ENV PORTFOLIO_PORT=8080 PORTFOLIO_HTTPS_PORT=8443 PORTFOLIO_STATE_DIR=/state
VOLUME /state
EXPOSE 8080 8443
ENTRYPOINT ["/portfolio"]
