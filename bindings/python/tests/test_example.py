"""The notebook is valid nbformat 4, agrees with the script, and runs."""

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(HERE), "examples")
sys.path.insert(0, EXAMPLES)

import make_notebook  # noqa: E402


def _load():
    with open(os.path.join(EXAMPLES, "notebook_example.ipynb"), encoding="utf-8") as f:
        return json.load(f)


def test_notebook_is_nbformat4():
    nb = _load()
    assert nb["nbformat"] == 4 and nb["nbformat_minor"] >= 0
    assert isinstance(nb["metadata"], dict)
    kinds = set()
    for c in nb["cells"]:
        assert c["cell_type"] in ("markdown", "code")
        kinds.add(c["cell_type"])
        assert isinstance(c["metadata"], dict)
        assert all(isinstance(s, str) for s in c["source"])
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and "execution_count" in c
    assert kinds == {"markdown", "code"}


def test_notebook_matches_script():
    with open(os.path.join(EXAMPLES, "notebook_example.py"), encoding="utf-8") as f:
        want = make_notebook.render(f.read())
    with open(os.path.join(EXAMPLES, "notebook_example.ipynb"), encoding="utf-8") as f:
        assert f.read() == want, "run examples/make_notebook.py"


def test_notebook_cells_run():
    pytest.importorskip("numpy")
    code = "\n\n".join("".join(c["source"]) for c in _load()["cells"] if c["cell_type"] == "code")
    import libshogi

    env = dict(os.environ)
    env["LIBSHOGI_LIBRARY"] = libshogi.library_path
    r = subprocess.run([sys.executable, "-c", "import sys; sys.argv += ['--quick']\n" + code],
                       cwd=EXAMPLES, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith("done")


def test_notebook_runs_headless_with_nbclient(monkeypatch):
    """The notebook itself, executed cell by cell in a Jupyter kernel
    (nbclient + ipykernel, as a user would run it), with the rich outputs
    a notebook shows: the board as SVG, the record and the search result
    as HTML."""
    import nbclient
    import nbformat

    import libshogi

    monkeypatch.setenv("LIBSHOGI_LIBRARY", libshogi.library_path)
    monkeypatch.setenv("LIBSHOGI_EXAMPLE_QUICK", "1")
    # the checkout's package stands for an installed one: the notebook must
    # use it as it is (never put its own path first)
    monkeypatch.setenv("PYTHONPATH", os.path.dirname(os.path.dirname(libshogi.__file__)))
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    nb = nbformat.read(os.path.join(EXAMPLES, "notebook_example.ipynb"), as_version=4)
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": EXAMPLES}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "accelerated: %s" % libshogi.accelerated in text
    assert "from " + libshogi.library_path in text
    assert text.rstrip().endswith("done")
    rich = [o.data for o in outputs if o.output_type == "execute_result"]
    assert any("image/svg+xml" in d for d in rich)  # the board
    htmls = [d["text/html"] for d in rich if "text/html" in d]
    assert any("libshogi.Record" in h and "<svg" in h for h in htmls)  # a board per ply
    assert any("bestmove" in h and "<svg" in h for h in htmls)  # the search result
