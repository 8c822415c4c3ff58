// LibShogi binding tests. Usage:
//   mono LibShogi.Tests.exe [--testdata DIR] [--perft-max-nodes N]
//                           [--layout FILE] [--header shogi.h] [-v]
// DIR holds perft.tsv and nnue-golden.tsv (default: $LIBSHOGI_TESTDATA, or
// tests/testdata found upwards from the program's folder and the current
// folder). FILE is the output of tests/layout.c (the C struct layouts);
// --header compares the P/Invoke declarations with the header's functions.
// Prints "N passed, N failed"; exits 1 if anything failed.
using System;
using System.IO;

namespace LibShogi.Tests
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            string testdata = Environment.GetEnvironmentVariable("LIBSHOGI_TESTDATA");
            string layout = null, header = null;
            ulong perftMaxNodes = 5000000;
            for (int i = 0; i < args.Length; i++)
            {
                switch (args[i])
                {
                    case "--testdata":
                        testdata = args[++i];
                        break;
                    case "--perft-max-nodes":
                        perftMaxNodes = ulong.Parse(args[++i]);
                        break;
                    case "--layout":
                        layout = args[++i];
                        break;
                    case "--header":
                        header = args[++i];
                        break;
                    case "-v":
                        Harness.Verbose = true;
                        break;
                    default:
                        Console.Error.WriteLine("unknown argument " + args[i]);
                        return 2;
                }
            }
            if (string.IsNullOrEmpty(testdata))
                testdata = FindTestdata();
            Console.WriteLine("libshogi {0} (ABI {1}.{2}), test data {3}", Library.Version,
                              Library.AbiVersion >> 16, Library.AbiVersion & 0xffff, testdata ?? "(not found)");
            testdata = testdata ?? "tests/testdata";

            LayoutTests.RunAll(layout);
            CoverageTests.RunAll(header);
            PositionTests.RunAll(testdata, perftMaxNodes);
            NetworkTests.RunAll(testdata);
            NnueArchTests.RunAll(testdata);
            RecordTests.RunAll(testdata);
            EngineTests.RunAll();
            OptionsTests.RunAll();
            RecordListsTests.RunAll();
            SelfPlayTests.RunAll();
            DatasetTests.RunAll();
            PlanesBitsTests.RunAll();
            BookTests.RunAll(testdata);
            SearchAsyncTests.RunAll();
            BoardModelTests.RunAll();
            ConventionsTests.RunAll();
            RecordTreeTests.RunAll();
            MateTests.RunAll();
            EvalBackendTests.RunAll();
            EvalStackPlyTests.RunAll();
            EvaluationTests.RunAll(testdata);

            if (Harness.KnownIssues.Count > 0)
                Console.WriteLine("known library issues (not counted): " + string.Join(", ", Harness.KnownIssues.ToArray()));
            if (Harness.Failed > 0)
                Console.WriteLine("failed: " + string.Join(", ", Harness.Failures.ToArray()));
            Console.WriteLine("{0} passed, {1} failed", Harness.Passed, Harness.Failed);
            return Harness.Failed == 0 ? 0 : 1;
        }

        private static string FindTestdata()
        {
            foreach (string start in new[] { AppDomain.CurrentDomain.BaseDirectory, Directory.GetCurrentDirectory() })
            {
                for (var dir = new DirectoryInfo(start); dir != null; dir = dir.Parent)
                {
                    foreach (string rel in new[] { "tests/testdata" })
                    {
                        string candidate = Path.Combine(dir.FullName, rel);
                        if (File.Exists(Path.Combine(candidate, "perft.tsv")))
                            return Path.GetFullPath(candidate);
                    }
                }
            }
            return null;
        }
    }
}
