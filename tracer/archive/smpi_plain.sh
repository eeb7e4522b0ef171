#!/usr/bin/env bash
# Compiler and linker launcher of collscope-smpi-import in the SimGrid build: runs the smpicxx
# command as the plain compiler (SMPI_PRETEND_CC), since the tool runs after the simulation as an
# ordinary program. smpicxx then prints one warning per call saying exactly that ("pretends to be
# a regular compiler … not usable in SimGrid"), which is intended here: only that line is
# dropped; every other line, and the command's exit status, pass through.
set -o pipefail
SMPI_PRETEND_CC=1 "$@" | { grep -v '^Warning: smpicc pretends to be a regular compiler' || true; }
