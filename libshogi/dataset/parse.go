package dataset

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseOptions reads options written as "key=value" pairs separated by
// spaces or semicolons, the form the C ABI and the bindings pass:
//
//	format=auto|psv|hcpe|hcpe3  batch_size=N  threads=N  shuffle=N  seed=N
//	shuffle_files=0|1 (a new file order each epoch)
//	epochs=N (negative: forever)  features=HalfKP
//	layout=padded,csr,planes,planes_u8,planes_bits (any of them, joined by ',' or '+')
//	skip_in_check=0|1  skip_capture=0|1  skip_promotion=0|1
//	max_abs_score=N  min_ply=N  skip_fraction=F
//
// Unknown keys and malformed values are errors that name them.
func ParseOptions(s string) (Options, error) {
	var o Options
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return o, fmt.Errorf("dataset: option %q is not key=value", f)
		}
		if err := o.set(strings.ToLower(k), v); err != nil {
			return o, fmt.Errorf("dataset: option %s: %w", k, err)
		}
	}
	return o, nil
}

func (o *Options) set(k, v string) error {
	num := func(dst *int) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%q is not an integer", v)
		}
		*dst = n
		return nil
	}
	flag := func(dst *bool) error {
		switch v {
		case "1", "true", "yes", "on":
			*dst = true
		case "0", "false", "no", "off":
			*dst = false
		default:
			return fmt.Errorf("%q is not a boolean (0 or 1)", v)
		}
		return nil
	}
	switch k {
	case "format":
		f, err := ParseFormat(v)
		o.Format = f
		return err
	case "batch_size":
		return num(&o.BatchSize)
	case "threads":
		return num(&o.Threads)
	case "shuffle":
		return num(&o.ShuffleBuffer)
	case "seed":
		n, err := strconv.ParseUint(v, 0, 64)
		if err != nil {
			return fmt.Errorf("%q is not an unsigned integer", v)
		}
		o.Seed = n
	case "epochs":
		return num(&o.Epochs)
	case "shuffle_files":
		return flag(&o.ShuffleFiles)
	case "features":
		o.FeatureSet = v
	case "layout":
		o.Layout = 0
		for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '+' || r == '|' }) {
			switch strings.ToLower(part) {
			case "padded":
				o.Layout |= LayoutPadded
			case "csr":
				o.Layout |= LayoutCSR
			case "planes":
				o.Layout |= LayoutPlanes
			case "planes_u8":
				o.Layout |= LayoutPlanesU8
			case "planes_bits":
				o.Layout |= LayoutPlanesBits
			default:
				return fmt.Errorf("unknown layout %q (padded, csr, planes, planes_u8, planes_bits)", part)
			}
		}
	case "skip_in_check":
		return flag(&o.Filters.SkipInCheck)
	case "skip_capture":
		return flag(&o.Filters.SkipCapture)
	case "skip_promotion":
		return flag(&o.Filters.SkipPromotion)
	case "max_abs_score":
		return num(&o.Filters.MaxAbsScore)
	case "min_ply":
		return num(&o.Filters.MinPly)
	case "skip_fraction":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", v)
		}
		o.Filters.SkipFraction = f
	default:
		return fmt.Errorf("unknown option")
	}
	return nil
}
