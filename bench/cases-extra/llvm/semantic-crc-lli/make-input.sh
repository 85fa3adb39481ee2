#!/bin/sh
# Regenerates input.ll from bench/ddmt/programs/crc.c (see ../semantic-input.sh).
set -e
here=$(cd "$(dirname "$0")" && pwd -P)
exec "$here/../semantic-input.sh" crc "$here/input.ll"
