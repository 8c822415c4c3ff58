using System;
using System.IO;
using System.Security.Cryptography;
using System.Text.RegularExpressions;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class EvaluationTests
    {
        // The checksum the provenance README documents for the embedded net.
        private static string ReadmeSha256(string testdata)
        {
            string readme = Path.Combine(testdata, "..", "..", "libshogi", "nnue", "defaultnet", "README.md");
            Match m = Regex.Match(File.ReadAllText(readme), @"SHA-256 of nn\.bin[^`]*`([0-9a-f]{64})`");
            True(m.Success, "the README gives the nn.bin SHA-256");
            return m.Groups[1].Value;
        }

        public static void RunAll(string testdata)
        {
            Run("evaluation: Network.Load(\"default\") is the embedded net with the README's checksum", () =>
            {
                using (var net = EvaluationNames.LoadDefault())
                {
                    string tmp = Path.GetTempFileName();
                    try
                    {
                        net.Save(tmp);
                        byte[] sum;
                        using (var sha = SHA256.Create())
                            sum = sha.ComputeHash(File.ReadAllBytes(tmp));
                        Equal(ReadmeSha256(testdata), BitConverter.ToString(sum).Replace("-", "").ToLowerInvariant(), "sha256");
                    }
                    finally
                    {
                        File.Delete(tmp);
                    }
                }
            });

            Run("evaluation: the engine reports builtin, default, network and file names", () =>
            {
                using (var net = EvaluationNames.LoadDefault())
                using (var withNet = new Engine(null, net))
                {
                    Equal("network", withNet.Evaluation, "a network handle");
                    withNet.SetOption("EvalFile", EvaluationNames.Builtin);
                    Equal("builtin", withNet.Evaluation, "EvalFile builtin wins over the handle");
                }
                using (var engine = new Engine())
                {
                    Equal("default", engine.Evaluation, "no network named: the default net");
                    engine.SetOption("EvalFile", EvaluationNames.Default);
                    Equal("default", engine.Evaluation, "EvalFile default");
                    var r = engine.Search(Position.FromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
                                          SearchLimits.ToDepth(2));
                    True(r.BestMove.Value != 0, "the default net searches");
                    engine.SetOption("EvalFile", EvaluationNames.Builtin);
                    Equal("builtin", engine.Evaluation, "EvalFile builtin");
                    Throws<ShogiIOException>(() => Network.Load(EvaluationNames.Builtin), "builtin is no network");
                }
            });
        }
    }
}
