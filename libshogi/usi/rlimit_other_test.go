//go:build !linux

package usi

import "errors"

func limitAddressSpace(n uint64) error { return errors.New("RLIMIT_AS: Linux only") }
