package mate

import "time"

const (
	benchTableMB   = 1024
	benchTimeLimit = 60 * time.Second
)
