import numpy as np
import numpy.typing as npt

def scan_csv_body(
    body: bytes | bytearray | memoryview | npt.NDArray[np.uint8], ncols: int, id_col: int, max_rows: int
) -> npt.NDArray[np.int64] | None: ...
