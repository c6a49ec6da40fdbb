# syntax=docker/dockerfile:1
# Nestbox in a container: built from source in one stage, run from another that holds only
# what the server needs (its production dependencies, the built server, shared code and web
# app), as an unprivileged user, with its data in the /data volume.

ARG NODE_IMAGE=node:22-slim

# Tools for native modules (better-sqlite3) when no prebuilt binary fits the platform.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/complete-lockfile.mjs scripts/
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Everything, to build the server, the shared code and the web app.
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies only.
FROM toolchain AS deps
RUN npm ci --omit=dev --workspace @nestbox/server --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    NESTBOX_DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/packages/shared/package.json ./packages/shared/
COPY --from=build --chown=root:root /app/packages/shared/dist ./packages/shared/dist
COPY --from=build --chown=root:root /app/packages/server/package.json ./packages/server/
COPY --from=build --chown=root:root /app/packages/server/dist ./packages/server/dist
COPY --from=build --chown=root:root /app/packages/web/dist ./packages/web/dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "packages/server/dist/server.js"]
