package selfplay

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

// Options as text, for the C ABI and the bindings: one "key=value" a line
// (or separated by ';'), keys as the CLI's flags ('_' and '-' alike).

// LoadEval reads an evaluation name: "" or "builtin" for the built-in
// evaluation (nil), "test" for the test net (seed 1), "default" for the
// net built into the library, else an nn.bin file.
func LoadEval(name string) (*nnue.Net, error) {
	switch name {
	case "", "builtin":
		return nil, nil
	case "test":
		return nnue.MakeTestNet("test", 1)
	}
	return nnue.Load(name)
}

// ParseOptionText splits option text into key/value pairs.
func ParseOptionText(text string) ([][2]string, error) {
	var kv [][2]string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("option %q is not key=value", line)
		}
		kv = append(kv, [2]string{strings.ReplaceAll(strings.TrimSpace(k), "_", "-"), strings.TrimSpace(v)})
	}
	return kv, nil
}

type setter[T any] func(c *T, v string) error

func intField[T any](f func(c *T) *int) setter[T] {
	return func(c *T, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return err
		}
		*f(c) = n
		return nil
	}
}

func int64Field[T any](f func(c *T) *int64) setter[T] {
	return func(c *T, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return err
		}
		*f(c) = n
		return nil
	}
}

func boolField[T any](f func(c *T) *bool) setter[T] {
	return func(c *T, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return err
		}
		*f(c) = b
		return nil
	}
}

func ruleField[T any](f func(c *T) *board.EnteringKingRule) setter[T] {
	return func(c *T, v string) error {
		r, ok := board.ParseEnteringKingRule(v)
		if !ok {
			return fmt.Errorf("not a rule (none, CSARule27, CSARule24, CSARule27H, CSARule24H, TryRule)")
		}
		*f(c) = r
		return nil
	}
}

func formatField[T any](f func(c *T) *Format) setter[T] {
	return func(c *T, v string) error {
		m := map[string]Format{"psv": FormatPSV, "hcpe": FormatHCPE, "both": FormatPSV | FormatHCPE}
		x, ok := m[strings.ToLower(v)]
		if !ok {
			return fmt.Errorf("psv, hcpe or both")
		}
		*f(c) = x
		return nil
	}
}

func apply[T any](c *T, table map[string]setter[T], text string) error {
	kv, err := ParseOptionText(text)
	if err != nil {
		return err
	}
	for _, p := range kv {
		set, ok := table[p[0]]
		if !ok {
			return fmt.Errorf("unknown option %q", p[0])
		}
		if err := set(c, p[1]); err != nil {
			return fmt.Errorf("option %s=%q: %v", p[0], p[1], err)
		}
	}
	return nil
}

func engineFields[T any](e func(c *T) *EngineConfig) map[string]setter[T] {
	return map[string]setter[T]{
		"depth":   intField(func(c *T) *int { return &e(c).Limits.Depth }),
		"fvscale": intField(func(c *T) *int { return &e(c).FVScale }),
		"hash":    intField(func(c *T) *int { return &e(c).HashMB }),
		"mix": func(c *T, v string) error {
			m, err := parseMix(v)
			e(c).MaterialMix = m
			return err
		},
		"nodes": func(c *T, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			e(c).Limits.Nodes = n
			return err
		},
	}
}

// parseMix reads a material mix: a percentage, 0..nnue.MaxMaterialMix.
func parseMix(v string) (*int, error) {
	m, err := strconv.Atoi(v)
	if err != nil || m < 0 || m > nnue.MaxMaterialMix {
		return nil, fmt.Errorf("a material mix is a percentage, 0..%d", nnue.MaxMaterialMix)
	}
	return &m, nil
}

var gensfenOptions = func() map[string]setter[GensfenConfig] {
	eng := func(c *GensfenConfig) *EngineConfig { return &c.Engine }
	t := engineFields(eng)
	for k, v := range map[string]setter[GensfenConfig]{
		"net": func(c *GensfenConfig, v string) error {
			n, err := LoadEval(v)
			c.Engine.Net, c.EvalName = n, v
			return err
		},
		"eval-name":      func(c *GensfenConfig, v string) error { c.EvalName = v; return nil },
		"threads":        intField(func(c *GensfenConfig) *int { return &c.Threads }),
		"games":          int64Field(func(c *GensfenConfig) *int64 { return &c.Games }),
		"positions":      int64Field(func(c *GensfenConfig) *int64 { return &c.Positions }),
		"seed":           func(c *GensfenConfig, v string) (err error) { c.Seed, err = strconv.ParseUint(v, 10, 64); return },
		"random-moves":   intField(func(c *GensfenConfig) *int { return &c.RandomMoves }),
		"random-maxply":  intField(func(c *GensfenConfig) *int { return &c.RandomMaxPly }),
		"multipv":        intField(func(c *GensfenConfig) *int { return &c.MultiPV }),
		"multipv-plies":  intField(func(c *GensfenConfig) *int { return &c.MultiPVPlies }),
		"multipv-margin": intField(func(c *GensfenConfig) *int { return &c.MultiPVMargin }),
		"write-minply":   intField(func(c *GensfenConfig) *int { return &c.WriteMinPly }),
		"keep-in-check":  boolField(func(c *GensfenConfig) *bool { return &c.KeepInCheck }),
		"skip-noisy":     boolField(func(c *GensfenConfig) *bool { return &c.SkipNoisy }),
		"score-limit":    intField(func(c *GensfenConfig) *int { return &c.ScoreLimit }),
		"dedup":          boolField(func(c *GensfenConfig) *bool { return &c.Dedup }),
		"eval-limit":     intField(func(c *GensfenConfig) *int { return &c.Rules.EvalLimit }),
		"max-ply":        intField(func(c *GensfenConfig) *int { return &c.Rules.MaxPly }),
		"rule":           ruleField(func(c *GensfenConfig) *board.EnteringKingRule { return &c.Rules.EnteringKing }),
		"o":              func(c *GensfenConfig, v string) error { c.Dir = v; return nil },
		"prefix":         func(c *GensfenConfig, v string) error { c.Prefix = v; return nil },
		"format":         formatField(func(c *GensfenConfig) *Format { return &c.Formats }),
		"shard-size":     int64Field(func(c *GensfenConfig) *int64 { return &c.ShardRecords }),
		"start": func(c *GensfenConfig, v string) (err error) {
			c.Starts, err = StartsFrom(v)
			return err
		},
	} {
		t[k] = v
	}
	return t
}()

// StartsFrom reads a start-set name: "startpos" (nil), a handicap name, or
// a file of start lines.
func StartsFrom(s string) ([]*board.Position, error) {
	if s == "" || s == "startpos" {
		return nil, nil
	}
	if _, ok := board.FindHandicap(s); ok {
		p, err := board.FromHandicap(s)
		return []*board.Position{p}, err
	}
	return ReadStartsFile(s)
}

// DefaultGensfenConfig has the CLI's defaults (no limit, no target).
func DefaultGensfenConfig() GensfenConfig {
	return GensfenConfig{
		Engine: EngineConfig{HashMB: 4}, EvalName: "builtin", Threads: 1, Seed: 1,
		Rules:         Rules{EnteringKing: board.RuleCSA27, MaxPly: 320, EvalLimit: 3000},
		MultiPVMargin: 100, WriteMinPly: 16, Dir: ".", Prefix: "gensfen", Formats: FormatPSV, ShardRecords: 10_000_000,
	}
}

// ApplyGensfenOptions sets cfg from option text (keys: the flags of
// "shogi gensfen": depth, nodes, net, threads, games, positions, o, prefix,
// format, …).
func ApplyGensfenOptions(cfg *GensfenConfig, text string) error {
	return apply(cfg, gensfenOptions, text)
}

var rescoreOptions = func() map[string]setter[RescoreConfig] {
	t := engineFields(func(c *RescoreConfig) *EngineConfig { return &c.Engine })
	t["net"] = func(c *RescoreConfig, v string) (err error) { c.Engine.Net, err = LoadEval(v); return }
	t["threads"] = intField(func(c *RescoreConfig) *int { return &c.Threads })
	t["rule"] = ruleField(func(c *RescoreConfig) *board.EnteringKingRule { return &c.Rules.EnteringKing })
	t["input"] = func(c *RescoreConfig, v string) error { c.Input = v; return nil }
	t["output"] = func(c *RescoreConfig, v string) error { c.Output = v; return nil }
	t["format"] = formatField(func(c *RescoreConfig) *Format { return &c.Format })
	return t
}()

// ApplyRescoreOptions sets cfg from option text (depth, nodes, net, hash,
// threads, rule, input, output, format).
func ApplyRescoreOptions(cfg *RescoreConfig, text string) error {
	return apply(cfg, rescoreOptions, text)
}

var matchOptions = map[string]setter[MatchConfig]{
	"a":            func(c *MatchConfig, v string) (err error) { c.A, err = ParsePlayerSpec(v); return },
	"b":            func(c *MatchConfig, v string) (err error) { c.B, err = ParsePlayerSpec(v); return },
	"pairs":        intField(func(c *MatchConfig) *int { return &c.Pairs }),
	"concurrency":  intField(func(c *MatchConfig) *int { return &c.Concurrency }),
	"openings":     func(c *MatchConfig, v string) (err error) { c.Openings, err = StartsFrom(v); return },
	"rule":         ruleField(func(c *MatchConfig) *board.EnteringKingRule { return &c.Rules.EnteringKing }),
	"max-ply":      intField(func(c *MatchConfig) *int { return &c.Rules.MaxPly }),
	"resign":       intField(func(c *MatchConfig) *int { return &c.Rules.EvalLimit }),
	"resign-moves": intField(func(c *MatchConfig) *int { return &c.Rules.EvalLimitMoves }),
	"save":         func(c *MatchConfig, v string) error { c.SaveDir = v; return nil },
	"save-format":  func(c *MatchConfig, v string) error { c.SaveFormat = v; return nil },
	"sprt": func(c *MatchConfig, v string) error {
		s, err := ParseSPRT(v)
		c.SPRT = s
		return err
	},
}

// DefaultMatchConfig has the CLI's defaults (players not set).
func DefaultMatchConfig() MatchConfig {
	return MatchConfig{Pairs: 50, Rules: Rules{EnteringKing: board.RuleCSA27, MaxPly: 320, EvalLimitMoves: 3}, SaveFormat: "csa"}
}

// ApplyMatchOptions sets cfg from option text (a, b: player specifications
// as ParsePlayerSpec reads them; pairs, concurrency, openings, rule,
// max-ply, resign, resign-moves, sprt, save, save-format).
func ApplyMatchOptions(cfg *MatchConfig, text string) error {
	return apply(cfg, matchOptions, text)
}

// ParseSPRT reads "elo0,elo1,alpha,beta".
func ParseSPRT(v string) (*SPRT, error) {
	var s SPRT
	n, err := fmt.Sscanf(strings.ReplaceAll(v, ",", " "), "%g %g %g %g", &s.Elo0, &s.Elo1, &s.Alpha, &s.Beta)
	if err != nil || n != 4 || s.Alpha <= 0 || s.Alpha >= 1 || s.Beta <= 0 || s.Beta >= 1 || s.Elo1 <= s.Elo0 {
		return nil, fmt.Errorf("sprt %q: elo0,elo1,alpha,beta with elo0 < elo1 and 0 < alpha, beta < 1", v)
	}
	return &s, nil
}

// PlayerSpecHelp describes ParsePlayerSpec's format.
const PlayerSpecHelp = `A player is a comma-separated list of key=value:
  name=TEXT        name in the records
  net=FILE|default|test|builtin, fvscale=N, threads=N, hash=MB   an in-process engine (the default)
  mix=PERCENT      the share of the built-in material evaluation blended into the net's
                   (default: the net's own, 25 for the default net, 0 for a file)
  usi=COMMAND      an external USI engine (the command and its arguments, split at spaces)
  option:NAME=VAL  a USI setoption (repeatable)
  depth=D | nodes=N | movetime=MS | byoyomi=MS   the limit of each move (a USI engine gets
                   movetime and byoyomi both as "go btime 0 wtime 0 byoyomi MS"; in-process,
                   byoyomi uses the engine's clock management as a GUI game would)
  timeout=MS       USI: the silence after which the engine loses (default: movetime + 1000, or 60000)
Examples: net=nn.bin,depth=8   "usi=/opt/yaneuraou/YaneuraOu,option:EvalDir=eval,movetime=100"`

// playerKeys are the keys of PlayerSpecHelp.
var playerKeys = map[string]bool{"name": true, "net": true, "fvscale": true, "threads": true, "hash": true,
	"mix": true, "usi": true, "depth": true, "nodes": true, "movetime": true, "byoyomi": true, "timeout": true}

// ParsePlayerSpec reads a player specification (see PlayerSpecHelp).
func ParsePlayerSpec(spec string) (PlayerSpec, error) {
	var ps PlayerSpec
	kv := map[string]string{}
	var opts [][2]string
	for _, f := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(f), "=")
		if !ok {
			return ps, fmt.Errorf("player %q: %q is not key=value", spec, f)
		}
		if name, isOpt := strings.CutPrefix(k, "option:"); isOpt {
			opts = append(opts, [2]string{name, v})
			continue
		}
		if !playerKeys[k] {
			return ps, fmt.Errorf("player %q: unknown key %q", spec, k)
		}
		kv[k] = v
	}
	num := func(k string, def int) (int, error) {
		s, ok := kv[k]
		if !ok {
			return def, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("player %q: %s=%q is not a non-negative number", spec, k, s)
		}
		return n, nil
	}
	var lim search.Limits
	var mt int
	var err error
	if lim.Depth, err = num("depth", 0); err != nil {
		return ps, err
	}
	nodes, err := num("nodes", 0)
	if err != nil {
		return ps, err
	}
	if mt, err = num("movetime", 0); err != nil {
		return ps, err
	}
	byo, err := num("byoyomi", 0)
	if err != nil {
		return ps, err
	}
	lim.Nodes, lim.MoveTime = uint64(nodes), time.Duration(mt)*time.Millisecond
	lim.Byoyomi = [2]time.Duration{time.Duration(byo) * time.Millisecond, time.Duration(byo) * time.Millisecond}
	if lim.Depth == 0 && nodes == 0 && mt == 0 && byo == 0 {
		return ps, fmt.Errorf("player %q: give depth, nodes, movetime or byoyomi", spec)
	}
	if mt == 0 {
		mt = byo
	}
	if cmd, ok := kv["usi"]; ok {
		f := strings.Fields(cmd)
		if len(f) == 0 {
			return ps, fmt.Errorf("player %q: empty usi command", spec)
		}
		to, err := num("timeout", 0)
		if err != nil {
			return ps, err
		}
		c := &USIConfig{Name: kv["name"], Command: f[0], Args: f[1:], Options: opts, Limits: lim}
		if to > 0 {
			c.MoveTimeout = time.Duration(to) * time.Millisecond
			if mt > 0 {
				c.MoveMargin = max(c.MoveTimeout-lim.MoveTime, time.Millisecond)
			}
		}
		ps.USI = c
		return ps, nil
	}
	if len(opts) > 0 {
		return ps, fmt.Errorf("player %q: option: is for usi engines", spec)
	}
	fv, err := num("fvscale", nnue.DefaultFVScale)
	if err != nil {
		return ps, err
	}
	if err := nnue.CheckFVScale(fv); err != nil {
		return ps, err
	}
	net, err := LoadEval(kv["net"])
	if err != nil {
		return ps, err
	}
	threads, err := num("threads", 1)
	if err != nil {
		return ps, err
	}
	hash, err := num("hash", 16)
	if err != nil {
		return ps, err
	}
	var mix *int
	if v, ok := kv["mix"]; ok {
		if mix, err = parseMix(v); err != nil {
			return ps, fmt.Errorf("player %q: mix=%q: %v", spec, v, err)
		}
	}
	name := kv["name"]
	if name == "" {
		name = "libshogi " + map[bool]string{true: "builtin", false: kv["net"]}[kv["net"] == ""]
	}
	ps.Engine = &EngineConfig{Name: name, Net: net, FVScale: fv, MaterialMix: mix, Threads: max(threads, 1), HashMB: max(hash, 1), Limits: lim}
	return ps, nil
}

// NetID names a network by a hash of its parameters (every 1021st
// transformer weight and everything else), for the fingerprint of a run
// whose net came without a name.
func NetID(n *nnue.Net) string {
	if n == nil {
		return "builtin"
	}
	h := fnv.New64a()
	var b [2]byte
	put := func(v int16) { b[0], b[1] = byte(v), byte(v>>8); h.Write(b[:]) }
	for _, v := range n.FTBias {
		put(v)
	}
	for i := 0; i < len(n.FTWeight); i += 1021 {
		put(n.FTWeight[i])
	}
	for _, l := range n.Layers {
		for _, v := range l.Bias {
			put(int16(v))
			put(int16(v >> 16))
		}
		for _, v := range l.Weight {
			put(int16(v))
		}
	}
	return fmt.Sprintf("net:%s:%016x", n.ArchString, h.Sum64())
}
