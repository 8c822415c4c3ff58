//go:build !linux && !windows

package search

// allocClusters takes the table from the Go heap on other systems (a size
// the system cannot give ends the process there).
func allocClusters(n uint64) ([]ttCluster, func(), error) { return make([]ttCluster, n), nil, nil }
