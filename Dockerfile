# One image for the app and the worker; docker-compose.yml runs it as both.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY src ./src
COPY worker ./worker
COPY migrations ./migrations
USER node
EXPOSE 3000
# The app migrates before it listens; the worker service overrides the command.
CMD ["sh", "-c", "node --import tsx src/server/cli/migrate.ts && node --import tsx src/server/cli/seed.ts && exec node --import tsx src/server/main.ts"]
