#!/bin/sh
# Regenerates input.ll from bench/ddmt/programs/matrix.c (see ../semantic-input.sh).
set -e
here=$(cd "$(dirname "$0")" && pwd -P)
exec "$here/../semantic-input.sh" matrix "$here/input.ll"
