package mate

import "time"

// The setting: a 1 GB table and 60 s per problem.

const (
	benchTableMB   = 1024
	benchTimeLimit = 60 * time.Second
)
