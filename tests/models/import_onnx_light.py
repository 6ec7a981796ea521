"""Regenerate a torch-dialect model here from one of ONNX's "light" models.

The light models ship in the ``onnx`` wheel (``onnx/backend/test/data/light``):
the real architectures of the ONNX model zoo with their weights replaced by
constant fills, so they are small.  They use opset 9, which IREE's ONNX
importer does not lower (``onnx.MaxPool`` of opset 9 is illegal), so the
model is first converted to opset 17 with ONNX's own version converter.

With constant weights every channel of every layer holds the same values,
so a final ``Softmax`` over the classes returns exactly 1/classes whatever
happened before it: an output that cannot show a wrong memory plan.  The
final ``Softmax`` is therefore dropped and the model returns its logits,
which depend on every activation.

    python tests/models/import_onnx_light.py inception_v1 tests/models/inception_v1.mlir

needs ``onnx`` and ``iree-base-compiler==3.13.0`` (``iree-import-onnx``).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

OPSET = 17


def main(name: str, out: str) -> None:
    import onnx
    from onnx import version_converter

    src = Path(onnx.__file__).parent / "backend" / "test" / "data" / "light" / f"light_{name}.onnx"
    model = version_converter.convert_version(onnx.load(str(src)), OPSET)
    graph = model.graph
    last = graph.node[-1]
    if last.op_type == "Softmax" and list(last.output) == [graph.output[0].name]:
        graph.output[0].name = last.input[0]
        graph.node.remove(last)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, f"{name}.onnx")
        onnx.save(model, str(path))
        importer = Path(sys.executable).with_name("iree-import-onnx")
        subprocess.run([str(importer), str(path), "-o", out], check=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
