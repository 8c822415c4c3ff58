"""Progress for long bulk calls: the work is cut into chunks (one library
call each) and reported after each chunk - through tqdm when it is
installed, else a line on stderr. progress=False (the default of every bulk
function) is one library call and no report."""

import sys

CHUNK = 1 << 16


class _Stderr(object):
    """A minimal stand-in for tqdm: "desc: done/total (pct%)" on stderr."""

    def __init__(self, total, desc):
        self.total, self.desc, self.n = total, desc, 0

    def update(self, k):
        self.n += k
        sys.stderr.write("\r%s: %d/%d (%d%%)" % (self.desc, self.n, self.total, 100 * self.n // max(1, self.total)))
        sys.stderr.flush()

    def close(self):
        sys.stderr.write("\n")
        sys.stderr.flush()


def _bar(total, desc):
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _Stderr(total, desc)
    return tqdm(total=total, desc=desc, unit="rec")


def ranges(n, progress, desc, chunk=None):
    """(start, stop) ranges covering n items: one range when progress is
    false, else chunks with a report after each. progress may be True
    (tqdm or stderr) or a callable(done, total)."""
    if not progress or n == 0:
        yield 0, n
        return
    chunk = chunk or CHUNK
    bar = None if callable(progress) and progress is not True else _bar(n, desc)
    try:
        for start in range(0, n, chunk):
            stop = min(n, start + chunk)
            yield start, stop
            if bar is None:
                progress(stop, n)
            else:
                bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()
