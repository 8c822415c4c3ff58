# Sourced by the stages that run Windows programs under Wine.
#
# wineserver_keep WINE: start one persistent wineserver for $WINEPREFIX.
# Without it each program starts a server that exits 3 s after the
# program ends, and a program launched while that server is exiting can
# fail before running a line (ctest once showed "Failed 0.00 sec" with no
# output for c_nnue). wineserver_stop ends it (and the services with it);
# call it from the stage's EXIT trap.
wineserver_keep() {
  _shogi_wineserver=$(command -v wineserver || command -v "$(dirname "$1")/wineserver" || true)
  # (its own stdio: a daemon holding the stage's output pipe would keep
  # the test command waiting; already running for this prefix is fine)
  if [ -n "$_shogi_wineserver" ]; then
    "$_shogi_wineserver" -p </dev/null >/dev/null 2>&1 || true
    # Boot the prefix now, on null stdio: the services Wine starts with the
    # first program (services.exe, winedevice.exe, ...) live as long as
    # the server, and they inherit that program's stdio; started by a
    # $(wine ...) they would hold its pipe open and the stage would hang.
    timeout 300 "$1" wineboot </dev/null >/dev/null 2>&1 || true
  fi
}
wineserver_stop() {
  if [ -n "${_shogi_wineserver:-}" ]; then
    "$_shogi_wineserver" -k </dev/null >/dev/null 2>&1 || true
  fi
}
