module github.com/libshogi/libshogi

go 1.26.0

require (
	github.com/klauspost/compress v1.15.15
	github.com/minio/simdjson-go v0.4.5
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.44.0
)

require github.com/klauspost/cpuid/v2 v2.2.3 // indirect
