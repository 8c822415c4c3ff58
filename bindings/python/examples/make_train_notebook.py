#!/usr/bin/env python3
"""Writes train_from_zero.ipynb from train_from_zero.py (the same cell
format as make_notebook.py); --check fails when the notebook is stale."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import make_notebook  # noqa: E402

SCRIPT = os.path.join(HERE, "train_from_zero.py")
NOTEBOOK = os.path.join(HERE, "train_from_zero.ipynb")


def main():
    with open(SCRIPT, encoding="utf-8") as f:
        text = make_notebook.render(f.read())
    if "--check" in sys.argv:
        with open(NOTEBOOK, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("train_from_zero.ipynb is out of date: run make_train_notebook.py")
        return
    with open(NOTEBOOK, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
