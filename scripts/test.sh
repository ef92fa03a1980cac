#!/usr/bin/env bash
# `npm test`: typecheck, lint, then every test tier (unit, integration, e2e) in one vitest run.
# The run happens inside a private D-Bus session with an unlocked gnome-keyring, so the keychain tests
# talk to a real Secret Service, as the app does on a Linux desktop.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! node -e 'process.exit(+process.versions.node.split(".")[0] === 22 ? 0 : 1)' 2>/dev/null; then
  # shellcheck source=scripts/node22.sh
  source scripts/node22.sh
fi

# FAXDESK_SKIP_STATIC=1: tests only (npm run test:electron; the static checks run in npm test).
if [ "${FAXDESK_SKIP_STATIC:-}" != "1" ]; then
  # Typecheck, lint and the build of out/ (what the e2e and electron tiers load; their global setups
  # skip it once it is fresh) run side by side: each is mostly one process, and one after another they
  # left one of a CI machine's two cores idle. Each one's output is shown when it fails.
  static_logs=$(mktemp -d)
  timed() {
    local name=$1 start=$SECONDS
    shift
    if "$@" >"$static_logs/$name.log" 2>&1; then
      echo "== $name took $((SECONDS - start)) s"
    else
      echo "== $name FAILED after $((SECONDS - start)) s:"
      cat "$static_logs/$name.log"
      return 1
    fi
  }
  echo "== typecheck, lint and build"
  # The typecheck's four projects (npm run typecheck) in two lanes: one after another, the last ones ran
  # alone once lint was done, with a core idle.
  timed typecheck-src npm run --silent typecheck:src & typecheck_src_pid=$!
  timed typecheck-tests npm run --silent typecheck:tests & typecheck_tests_pid=$!
  timed lint npx eslint . --max-warnings 0 & lint_pid=$!
  timed build npx tsx -e 'require("./scripts/build-web").ensureWebBuild()' & build_pid=$!
  static_status=0
  for pid in "$typecheck_src_pid" "$typecheck_tests_pid" "$lint_pid" "$build_pid"; do wait "$pid" || static_status=1; done
  rm -rf "$static_logs"
  [ "$static_status" -eq 0 ] || exit 1
fi

mkdir -p .tmp
report=.tmp/vitest-report.json
rm -f "$report"
run_vitest=(npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@")

echo "== tests"
tests_start=$SECONDS
status=0
# Every temporary folder the tests make (data folders, Sandbox states, browser profiles, CUPS spools)
# goes in one folder for this run: removed when the run passes, kept (and named) when it fails, for
# looking into. Left in /tmp one by one, runs after runs had filled it with 13 GB.
run_tmp=$(mktemp -d -t faxdesk-test-run.XXXXXX)
# Open to all, sticky, as /tmp is: CUPS reads a file lpadmin makes there as its own user (lp).
chmod 1777 "$run_tmp"
keyring_home=
finish() {
  [ -n "$keyring_home" ] && rm -rf "$keyring_home"
  if [ "$status" -eq 0 ]; then rm -rf "$run_tmp"; else echo "The tests' temporary folders are kept in $run_tmp"; fi
}
trap finish EXIT
export TMPDIR=$run_tmp
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  # A throwaway keyring for this run only: its own folder (never the developer's real keyring, whose
  # password we do not know) and a known password, started unlocked.
  keyring_home=$(mktemp -d)
  dbus-run-session -- env XDG_DATA_HOME="$keyring_home" bash -c \
    'echo -n faxdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' _ "${run_vitest[@]}" || status=$?
else
  echo "NOTE: dbus-run-session or gnome-keyring-daemon is missing (apt-get install -y gnome-keyring dbus-x11);" \
       "keychain tests will fail unless FAXDESK_SKIP_KEYCHAIN=1." >&2
  "${run_vitest[@]}" || status=$?
fi

# Each tier's time, then one plain closing line that any CI can read.
if [ -f "$report" ]; then
  node scripts/test-summary.mjs "$report"
fi
echo "tests took $((SECONDS - tests_start)) s; npm test took $SECONDS s"
exit "$status"
