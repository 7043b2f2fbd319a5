# syntax=docker/dockerfile:1
# Build stage: dev dependencies and the build (`npm run build`: nest build, then scripts/ builds the holder app from
# libs/); then only production dependencies are kept for the runtime stage.
# npm ci runs no install script: better-sqlite3 13 ships its native module prebuilt for Node-API (linux x64 and arm64,
# glibc and musl), which any Node 22+ loads, and the `node` package's install is a Node 24 for machines whose own is
# older: this image's is 24. The one addon compiled is pkcs11js, the PKCS#11 binding for keys in an HSM
# (docs/operations.md), by `npm rebuild` with the full image's Python, make and g++ (the slim one has none), against
# the headers of the image's own Node: it is Node-API, so the runtime stage's Node 24 loads it.
FROM node:24-bookworm AS build
# The image's Node headers, where node-gyp would otherwise download them.
ARG npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
RUN npm rebuild pkcs11js
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY scripts scripts
COPY src src
COPY libs libs
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: no dev dependencies (the image's own Node 24 runs it), a non-root user, data under /var/lib/idflow.
# No VOLUME: an instance of a scaled-out deployment keeps nothing of its own; the embedded default mounts a volume
# there (docs/operations.md, Deploying).
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/idflow
WORKDIR /app
RUN useradd --system --uid 10001 --home-dir /app idflow \
  && mkdir -p /var/lib/idflow \
  && chown idflow /var/lib/idflow
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
USER idflow
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# The operator CLI in the image: docker run --rm idflow node dist/src/cli/main.js <command>
CMD ["node", "dist/src/main.js"]
