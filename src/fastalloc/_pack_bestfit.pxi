# Included by _core.pyx: the "best-fit" packing strategy (see _core.pyx for the shared helpers).
