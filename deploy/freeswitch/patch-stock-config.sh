#!/bin/sh
# Prepares a stock FreeSWITCH 1.10 configuration (the vanilla /etc/freeswitch) for the platform.
# Idempotent: running it again changes nothing. Usage:
#   patch-stock-config.sh <freeswitch conf dir, e.g. /etc/freeswitch> [<FREESWITCH_CONF_DIR of the platform>]
# What it does (docs/freeswitch.md explains why):
#   1. vars.xml: sets callcenter_conf_dir to the platform's folder (the line the include files use).
#   2. copies the include files of this folder (directory, dialplan, public DIDs, gateways, queues).
#   3. sip_profiles/internal.xml: removes force-register-domain, force-subscription-domain and
#      force-register-db-domain (they check every REGISTER against the default domain: 403 for tenants).
#   4. dialplan/public.xml: removes the demo rules public_extensions and public_conference_extensions
#      (they run before the tenants' DIDs and send 1000-1019 / 3500-3819 to the demo context).
#   5. directory/default/: disables the demo users (1000-1019 with password 1234, brian, default,
#      example.com, skinny-example) by renaming them to *.xml.disabled.
#   6. creates the platform's folder and its subfolders (an include of a missing folder is an error
#      on every reloadxml; an empty one is not).
set -eu

conf=${1:?usage: $0 <freeswitch conf dir> [<platform FREESWITCH_CONF_DIR>]}
platform=${2:-/var/lib/callcenter/freeswitch}
here=$(cd "$(dirname "$0")" && pwd)

[ -f "$conf/vars.xml" ] || { echo "$conf/vars.xml not found: give the FreeSWITCH configuration folder" >&2; exit 1; }
case $platform in
  /*) ;;
  *) echo "the platform folder must be an absolute path (the same one on both hosts)" >&2; exit 1 ;;
esac
case $platform in
  *[!A-Za-z0-9/._-]*) echo "the platform folder may only contain letters, digits and / . _ -" >&2; exit 1 ;;
esac

# 1. The vars.xml line, right after <include> (replaced if it names another folder).
line="<X-PRE-PROCESS cmd=\"set\" data=\"callcenter_conf_dir=$platform\"/>"
if grep -q 'data="callcenter_conf_dir=' "$conf/vars.xml"; then
  sed -i "s#<X-PRE-PROCESS cmd=\"set\" data=\"callcenter_conf_dir=[^\"]*\"/>#$line#" "$conf/vars.xml"
else
  sed -i "0,/<include>/s#<include>#<include>\n  $line#" "$conf/vars.xml"
fi

# 2. The include files.
for file in directory/callcenter.xml dialplan/callcenter.xml dialplan/public/00_callcenter.xml \
  sip_profiles/external/callcenter.xml autoload_configs/callcenter.conf.xml; do
  mkdir -p "$conf/$(dirname "$file")"
  cp "$here/$file" "$conf/$file"
done

# 3. No forced registration domain: each tenant's phones register in their own domain.
if [ -f "$conf/sip_profiles/internal.xml" ]; then
  sed -i -E '/<param name="force-(register|subscription|register-db)-domain"[^>]*\/>/d' "$conf/sip_profiles/internal.xml"
fi

# 4. The demo rules of the public context.
if [ -f "$conf/dialplan/public.xml" ]; then
  sed -i -E '/<extension name="public_(conference_)?extensions">/,/<\/extension>/d' "$conf/dialplan/public.xml"
fi

# 5. The demo users.
if [ -d "$conf/directory/default" ]; then
  for user in 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 \
    brian default example.com skinny-example; do
    if [ -f "$conf/directory/default/$user.xml" ]; then mv "$conf/directory/default/$user.xml" "$conf/directory/default/$user.xml.disabled"; fi
  done
fi

# 6. The platform's folders.
mkdir -p "$platform/directory" "$platform/dialplan/public" "$platform/gateways" "$platform/callcenter" "$platform/sounds" "$platform/recordings"

echo "patched $conf for the platform's folder $platform"
