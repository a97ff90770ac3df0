# The Kilat server image: the web app and the server built once, served by one Node process.
FROM node:22-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm cache clean --force
ENV PORT=3000 HOST=0.0.0.0
EXPOSE 3000
CMD ["node", "--max-semi-space-size=4", "--v8-pool-size=1", "apps/server/dist/main.mjs"]
