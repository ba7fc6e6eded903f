#!/usr/bin/env bash
# Node as the server runs (`npm run serve`): TypeScript through tsx, huge pages for malloc (performance log §120)
# and the memory flags of performance log §099 and §105 (a 2 MB young generation, PGlite's WebAssembly on the
# baseline compiler only, V8 tuned for size), with the old generation let grow by a quarter before a full
# collection (performance log §125: tuned for size alone, it collects every few megabytes during a large job).
# The benches run through it too, so their figures are the served app's. Arguments: Node options, if
# any, then the script and its arguments.
exec bash "$(dirname "$0")/huge-pages.sh" node --import tsx --max-semi-space-size=2 --liftoff-only --optimize-for-size --heap-growing-percent=25 "$@"
