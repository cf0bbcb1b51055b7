#!/usr/bin/env bash
# Builds a real FreeSWITCH 1.10.12 once per machine, for the real-switch tests (test/realswitch).
# The sources are the unmodified tarballs kept beside the repository (never committed): found from
# FREESWITCH_SOURCES_DIR, else in a `shared/switch-sources/freeswitch-1.10.12` folder of the
# repository or of one of its parents. The build goes into a cache folder outside the repository,
# named after the sources' hash (and this recipe's version), and is reused while the hash matches:
#   ${FREESWITCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/callcenter-freeswitch}/<hash>/
# Prints the prefix of the built switch on its last line. Exit 0: built (or already built);
# exit 3: cannot build here (no sources, or Debian packages missing and not root), said plainly.
# With --check it only says whether the build is there (exit 0 with its prefix, else 3), never builds.
set -euo pipefail

check=false
[ "${1:-}" = "--check" ] && check=true

recipe=1 # bump when the recipe below changes, to rebuild on every machine
repo="$(cd "$(dirname "$0")/.." && pwd)"

find_sources() {
  if [ -n "${FREESWITCH_SOURCES_DIR:-}" ]; then echo "$FREESWITCH_SOURCES_DIR"; return; fi
  local dir="$repo"
  while [ "$dir" != "/" ]; do
    if [ -f "$dir/shared/switch-sources/freeswitch-1.10.12/freeswitch.tar.gz" ]; then
      echo "$dir/shared/switch-sources/freeswitch-1.10.12"; return
    fi
    dir="$(dirname "$dir")"
  done
}
sources="$(find_sources)"
if [ -z "$sources" ] || [ ! -f "$sources/freeswitch.tar.gz" ]; then
  echo "real switch: no FreeSWITCH sources found (set FREESWITCH_SOURCES_DIR); not built" >&2
  exit 3
fi

hash="$( (echo "recipe $recipe"; cd "$sources" && sha256sum sofia-sip.tar.gz spandsp.tar.gz freeswitch.tar.gz) | sha256sum | cut -c1-16)"
cache="${FREESWITCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/callcenter-freeswitch}"
prefix="$cache/$hash"
if [ -f "$prefix/.built" ]; then echo "$prefix"; exit 0; fi
if $check; then echo "real switch: not built (run scripts/build-real-switch.sh)" >&2; exit 3; fi

# Debian packages: the build's (the sources' README) and the tests' phones, carrier and audio tools.
packages=(build-essential autoconf automake libtool pkg-config libssl-dev libcurl4-openssl-dev
  libtool-bin libpcre3-dev libspeex-dev libspeexdsp-dev libldns-dev libedit-dev libsqlite3-dev libsndfile1-dev
  libtiff-dev libjpeg-dev uuid-dev zlib1g-dev yasm libopus-dev liblua5.2-dev
  baresip sip-tester sox libsox-fmt-all)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "real switch: not built and Debian packages missing (${missing[*]}); run this script as root once" >&2
    exit 3
  fi
  echo "real switch: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# One build at a time per machine (parallel test runs wait for it, then reuse it).
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
if [ -f "$prefix/.built" ]; then echo "$prefix"; exit 0; fi

echo "real switch: building FreeSWITCH 1.10.12 into $prefix (a few minutes)" >&2
rm -rf "$prefix"
build="$cache/build-$hash"
rm -rf "$build" && mkdir -p "$build" "$prefix"
cd "$build"
for t in sofia-sip spandsp freeswitch; do tar xzf "$sources/$t.tar.gz"; done
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# Everything in one private prefix, found at run time through the rpath (no ldconfig, no /usr/local).
export LDFLAGS="-Wl,-rpath,$prefix/lib"
export CPPFLAGS="-I$prefix/include"
jobs="${FREESWITCH_BUILD_JOBS:-2}"
log="$build/build.log"
step() { echo "real switch: $*" >&2; }
for d in sofia-sip spandsp; do
  step "building $d"
  (cd "$d" && ./bootstrap.sh && ./configure --prefix="$prefix" --disable-static && make -j"$jobs" && make install) >>"$log" 2>&1 \
    || { tail -n 40 "$log" >&2; exit 1; }
done
cd freeswitch
step "building freeswitch"
cat > modules.conf <<'MODULES'
applications/mod_commands
applications/mod_dptools
applications/mod_callcenter
applications/mod_spandsp
applications/mod_expr
applications/mod_hash
applications/mod_db
applications/mod_conference
dialplans/mod_dialplan_xml
event_handlers/mod_event_socket
endpoints/mod_sofia
endpoints/mod_loopback
formats/mod_sndfile
formats/mod_tone_stream
formats/mod_native_file
formats/mod_local_stream
loggers/mod_console
loggers/mod_logfile
say/mod_say_en
MODULES
(./bootstrap.sh -j && ./configure --prefix="$prefix" --disable-libvpx --without-pgsql \
  && make -j"$jobs" && make install) >>"$log" 2>&1 || { tail -n 60 "$log" >&2; exit 1; }
# The stock configuration the tests start from, as the packages install it (conf/vanilla).
rm -rf "$prefix/conf-vanilla" && cp -r conf/vanilla "$prefix/conf-vanilla"
cd / && rm -rf "$build"
touch "$prefix/.built"
step "built"
echo "$prefix"
