package dataset

import "fmt"

// Batch rows are filled by the decode thread count of goroutines, each
// taking a contiguous range of rows (features and planes are per row).

// minRowsPerJob keeps small batches on the calling goroutine.
const minRowsPerJob = 32

type fillJob struct{ lo, hi int }

// startFillers launches the fill goroutines (none for one thread).
func (st *Stream) startFillers() {
	if st.opts.Threads < 2 {
		return
	}
	st.fillJobs = make(chan fillJob, st.opts.Threads)
	for i := 0; i < st.opts.Threads; i++ {
		go func() {
			for j := range st.fillJobs {
				st.fillRange(j.lo, j.hi)
			}
		}()
	}
}

// fillRange fills rows lo..hi-1 on a fill goroutine; a panic (a bug)
// is kept for Next to report instead of ending the process.
func (st *Stream) fillRange(lo, hi int) {
	defer st.fillWG.Done()
	defer func() {
		if r := recover(); r != nil {
			err := fmt.Errorf("dataset: internal error filling a batch: %v", r)
			st.fillErr.CompareAndSwap(nil, &err)
		}
	}()
	st.batch.fillRows(st.rows, lo, hi, st.fs)
}

// fill writes rows into the batch, split across the fill goroutines.
func (st *Stream) fill(rows []Sample) {
	n := len(rows)
	jobs := st.opts.Threads
	if st.fillJobs == nil || n < 2*minRowsPerJob {
		st.batch.fillRows(rows, 0, n, st.fs) // on the caller's goroutine: its own recover applies
		return
	}
	if jobs > n/minRowsPerJob {
		jobs = n / minRowsPerJob
	}
	st.fillWG.Add(jobs)
	for k := 0; k < jobs; k++ {
		st.fillJobs <- fillJob{k * n / jobs, (k + 1) * n / jobs}
	}
	st.fillWG.Wait()
}
