# Included by _core.pyx.  Compiled helpers of the IR passes that measurement
# showed hot (see the functions' docstrings); empty until one is needed.
