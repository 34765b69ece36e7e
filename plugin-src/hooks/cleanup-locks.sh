#!/usr/bin/env bash
# SessionStart hook of the {{.Plugin.Name}} plugin (matcher: startup).
#
# Removes stale feature locks: {features}/*/.meta.json.lock entries (created
# with mkdir as an atomic lock around .meta.json writes) that are older than
# 10 minutes, left behind by a session that ended mid-write.
# Silent (its stdout would become session context) and always exits 0; does
# nothing when hooks/common.sh is missing.

set -u
exec >/dev/null 2>&1

case ${BASH_SOURCE[0]} in */*) hooks_dir=${BASH_SOURCE[0]%/*} ;; *) hooks_dir=. ;; esac
. "$hooks_dir/common.sh" || exit 0

start_dir=$(pwd -P) || exit 0
find_project "$start_dir"
read_artifacts_root

# remove_stale_locks DIR: removes the lock directories in DIR older than 10 minutes.
remove_stale_locks() {
  find "$1" -mindepth 2 -maxdepth 2 -name '.meta.json.lock' -mmin +10 -exec rm -rf -- {} + || true
}
each_features_dir remove_stale_locks
exit 0
