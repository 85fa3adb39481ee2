#!/bin/sh
# Regenerates input.ll from bench/ddmt/programs/interp.c (see ../semantic-input.sh).
set -e
here=$(cd "$(dirname "$0")" && pwd -P)
exec "$here/../semantic-input.sh" interp "$here/input.ll"
