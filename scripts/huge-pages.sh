#!/usr/bin/env bash
# Runs a command with glibc's malloc asking the kernel for transparent huge pages (performance log §120): where
# the kernel offers them on request (its default, `madvise`), a 71 MB buffer takes 36 page faults
# instead of 17,000, and on virtual machines that trap every fault that is most of reading a large PDF.
# A GLIBC_TUNABLES already set is kept. Engines get the same setting from scrubbedEnv (run-command.ts).
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.hugetlb=1}"
exec "$@"
