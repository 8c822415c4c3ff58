#!/usr/bin/env python3
"""Writes notebook_example.ipynb (nbformat 4) from notebook_example.py.

Cells are separated by "# %%" lines; "# %% [markdown]" cells hold their text
as "# " comment lines. The header comment block before the first cell is not
copied. Run it after editing the script; the tests check the two agree.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "notebook_example.py")
NOTEBOOK = os.path.join(HERE, "notebook_example.ipynb")


def cells_of(script_text):
    """[(kind, source text)] of the script's cells."""
    cells = []
    kind = None
    lines = []
    for line in script_text.splitlines():
        if line.startswith("# %%"):
            if kind is not None:
                cells.append((kind, lines))
            kind = "markdown" if "[markdown]" in line else "code"
            lines = []
        elif kind is not None:
            lines.append(line)
    if kind is not None:
        cells.append((kind, lines))
    out = []
    for kind, lines in cells:
        while lines and not lines[-1].strip():
            lines.pop()
        while lines and not lines[0].strip():
            lines.pop(0)
        if kind == "markdown":
            lines = [l[2:] if l.startswith("# ") else l.lstrip("#") for l in lines]
        out.append((kind, "\n".join(lines)))
    return out


def notebook(script_text):
    cells = []
    for kind, text in cells_of(script_text):
        src = [l + "\n" for l in text.split("\n")]
        src[-1] = src[-1][:-1]
        cell = {"cell_type": kind, "metadata": {}, "source": src}
        if kind == "code":
            cell["execution_count"] = None
            cell["outputs"] = []
        cells.append(cell)
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def render(script_text):
    nb = notebook(script_text)
    for i, c in enumerate(nb["cells"]):
        c["id"] = "cell-%d" % i  # nbformat 4.5 cell ids
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def main():
    with open(SCRIPT, encoding="utf-8") as f:
        text = render(f.read())
    if "--check" in sys.argv:
        with open(NOTEBOOK, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("notebook_example.ipynb is out of date: run make_notebook.py")
        return
    with open(NOTEBOOK, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
