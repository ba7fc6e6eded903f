#!/usr/bin/env bash
# Every test: typecheck, unit/API/engine tests on PGlite, the database-facing tests again on a real
# PostgreSQL started on loopback, the README's production start on that PostgreSQL, then the browser
# tests against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"

echo "== typecheck (server and packages) and the server's layers (decision 143)"
npm run -s typecheck
npm run -s lint:deps

echo "== build (typechecks the web app first)"
npm run -s build

echo "== unit, API and engine tests (PGlite)"
npx vitest run --reporter=default --reporter=json --outputFile="$results/main.json"

echo "== database and API tests on PostgreSQL"
eval "$(bash scripts/postgres.sh start)"
trap 'bash scripts/postgres.sh stop' EXIT
TEST_DATABASE_URL="$PG_URL" npx vitest run packages/db apps/server/src --reporter=default --reporter=json --outputFile="$results/postgres.json"

echo "== production start on PostgreSQL (a fresh clone of HEAD, started as the README says, then scaled out)"
TEST_DATABASE_URL="$PG_URL" npx vitest run --config scripts/production-start.vitest.config.ts --reporter=default --reporter=json --outputFile="$results/production.json"

echo "== browser tests (Chromium)"
npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile="$results/e2e.json"

npx tsx scripts/summarise-tests.ts "$results"
