#!/usr/bin/env bash
# Static checks of the deployment kit in deploy/ (no Docker daemon needed). Each check skips with a
# printed reason when its tool is missing and fails when the tool finds a problem:
#   nginx -t                 deploy/nginx/vidshare.conf with each upstream file, dummy TLS files
#   systemd-analyze verify   deploy/systemd/*.service (any warning fails too)
#   docker-compose config    deploy/compose.yaml against compose's schema, with deploy/env.example
#   hadolint                 deploy/Dockerfile; without it, a structural check of what the kit relies on
# and, always, that the nginx example matches the app (tus path, body limit).
set -uo pipefail
cd "$(dirname "$0")/.."

deploy=deploy
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "[deploy-kit] ok: $1"; }
skip() { echo "[skip] deploy kit: $1"; }
fail() {
  echo "[deploy-kit] FAILED: $1" >&2
  failed=1
}
# Runs a command; fails the check when it exits non-zero or prints anything (warnings included).
quiet() {
  local name=$1 out
  shift
  if out=$("$@" 2>&1) && [ -z "$out" ]; then pass "$name"; else fail "$name"$'\n'"$out"; fi
}

# --- nginx -t: the site is an http-context file, so a wrapper includes it with an upstream file.
# Debian puts nginx in /usr/sbin, which a non-root PATH may lack.
nginx=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; })
if [ -n "$nginx" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
    -keyout "$tmp/vidshare.key" -out "$tmp/vidshare.crt" >/dev/null 2>&1 || fail "openssl could not make a test certificate"
  sed "s#/etc/nginx/certs/#$tmp/#g" "$deploy/nginx/vidshare.conf" >"$tmp/site.conf"
  # nginx -t resolves upstream host names: the compose service names become 127.0.0.1.
  sed -E 's/server (api-[0-9]+):/server 127.0.0.1:/' "$deploy/nginx/upstreams-compose.conf" >"$tmp/upstreams-compose.conf"
  for upstreams in "$PWD/$deploy/nginx/upstreams-local.conf" "$tmp/upstreams-compose.conf"; do
    cat >"$tmp/nginx.conf" <<EOF
pid $tmp/nginx.pid;
events {}
http {
  include /etc/nginx/mime.types;
  include $upstreams;
  include $tmp/site.conf;
}
EOF
    [ -f /etc/nginx/mime.types ] || sed -i '/mime.types/d' "$tmp/nginx.conf"
    quiet "nginx -t: vidshare.conf with $(basename "$upstreams")" "$nginx" -t -q -e stderr -p "$tmp" -c "$tmp/nginx.conf"
  done
else
  skip "nginx -t skipped: nginx is not installed (apt-get install -y nginx)"
fi

# --- systemd-analyze verify: works without systemd running; unknown keys are only warnings, so any output fails.
if command -v systemd-analyze >/dev/null 2>&1; then
  units=("$deploy"/systemd/*.service)
  node_path=$(command -v node)
  if [ "$node_path" != /usr/bin/node ]; then
    # The units name /usr/bin/node (Debian's); verify checks that ExecStart exists, so point copies at this node.
    mkdir "$tmp/systemd"
    for unit in "${units[@]}"; do sed "s#^ExecStart=/usr/bin/node #ExecStart=$node_path #" "$unit" >"$tmp/systemd/$(basename "$unit")"; done
    units=("$tmp"/systemd/*.service)
  fi
  quiet "systemd-analyze verify: $(cd "$deploy/systemd" && echo *.service)" systemd-analyze verify "${units[@]}"
else
  skip "systemd-analyze verify skipped: systemd-analyze is not installed"
fi

# --- compose: docker-compose v1 (Debian's docker-compose) or the docker CLI's compose plugin; neither needs a daemon.
compose=()
if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
fi
if [ ${#compose[@]} -gt 0 ]; then
  quiet "${compose[*]} config: compose.yaml" "${compose[@]}" -f "$deploy/compose.yaml" --env-file "$deploy/env.example" config -q
else
  skip "compose file check skipped: neither docker-compose nor docker compose is installed (apt-get install -y docker-compose)"
fi

# --- Dockerfile
if command -v hadolint >/dev/null 2>&1; then
  quiet "hadolint: Dockerfile" hadolint "$deploy/Dockerfile"
else
  echo "[deploy-kit] hadolint is not installed (not in Debian or npm): structural check of the Dockerfile instead"
  failed_before=$failed
  dockerfile="$deploy/Dockerfile"
  need() {
    grep -Eq "$2" "$dockerfile" || fail "Dockerfile: $1"
  }
  need "a build stage named build" '^FROM .+ AS build$'
  need "a runtime stage" '^FROM .+ AS runtime$'
  need "npm ci in the build stage" '^RUN npm ci'
  need "npm run build" 'npm run build'
  need "ffmpeg in the runtime image" 'apt-get install .*ffmpeg'
  need "a non-root USER" '^USER [a-z]'
  need "HEALTHCHECK on the liveness endpoint" '/api/v1/healthcheck'"'"
  need "EXPOSE 3000" '^EXPOSE 3000$'
  need "DATA_DIR=/data" 'DATA_DIR=/data'
  need "a /data volume" '^VOLUME \["/data"\]$'
  [ "$(grep -c '^FROM ' "$dockerfile")" -eq 2 ] || fail "Dockerfile: two stages expected"
  grep -Eq '^USER root' "$dockerfile" && fail "Dockerfile: the runtime runs as root"
  # The runtime runs TypeScript through tsx, and the build drops dev dependencies: tsx must be a dependency.
  node -e 'process.exit(require("./package.json").dependencies?.tsx ? 0 : 1)' || fail "package.json: tsx must be in dependencies (the runtime image has no devDependencies)"
  # Every path the build context must provide exists and is not excluded by .dockerignore.
  while read -r src; do
    [ -e "$src" ] || fail "Dockerfile: COPY $src: no such path in the repository"
    grep -qx "$src" .dockerignore && fail "Dockerfile: COPY $src, but .dockerignore excludes it"
  done < <(awk '/^COPY / && !/--from=/ { for (i = 2; i < NF; i++) if ($i != ".") print $i }' "$dockerfile")
  # What the runtime copies from the build exists there: the repository's folders, or what npm makes.
  while read -r src; do
    case "$src" in node_modules | dist | dist-ssr) continue ;; esac
    [ -e "$src" ] || fail "Dockerfile: COPY --from=build /app/$src: no such path in the repository"
    grep -qx "$src" .dockerignore && fail "Dockerfile: the runtime needs $src, but .dockerignore excludes it"
  done < <(awk '/^COPY --from=build/ { for (i = 3; i < NF; i++) { p = $i; sub("^/app/", "", p); print p } }' "$dockerfile")
  [ "$failed" -eq "$failed_before" ] && pass "Dockerfile structure"
fi

# --- The nginx example against the app: the tus path, and a body limit above the app's largest body.
limits=$(node --import tsx --input-type=module -e '
const { TUS_UPLOADS_PATH } = await import("./contract/offline.ts");
const { LIMITS } = await import("./contract/limits.ts");
console.log(TUS_UPLOADS_PATH, LIMITS.videoBytes + LIMITS.imageBytes + 1024 * 1024);
' 2>&1) || fail "could not read the limits from contract/: $limits"
read -r tus_path largest_body <<<"$limits"
site="$deploy/nginx/vidshare.conf"
failed_before=$failed
grep -q "location $tus_path " "$site" || fail "vidshare.conf: no location for the tus path $tus_path"
max=$(sed -nE 's/^ *client_max_body_size ([0-9]+)m;/\1/p' "$site" | head -1)
if [ -z "$max" ]; then
  fail "vidshare.conf: no client_max_body_size in megabytes"
elif [ $((max * 1024 * 1024)) -lt "$largest_body" ]; then
  fail "vidshare.conf: client_max_body_size ${max}m is below the app's largest body ($largest_body bytes)"
elif [ "$failed" -eq "$failed_before" ]; then
  pass "vidshare.conf matches the app (tus at $tus_path, ${max}m >= $largest_body bytes)"
fi

exit "$failed"
