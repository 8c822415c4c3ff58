using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // Compares the binding's P/Invoke declarations with the functions the
    // header declares: a declaration the header does not have is a bug; a
    // header function the binding lacks is listed (the header grows by
    // addition, and a new section may land before its binding).
    internal static class CoverageTests
    {
        public static void RunAll(string header)
        {
            if (header == null)
                return;
            Run("coverage: every P/Invoke names a function of include/shogi.h", () =>
            {
                var declared = new HashSet<string>();
                foreach (Match m in Regex.Matches(File.ReadAllText(header), @"SHOGI_API\b[^;(]*?\b(shogi_\w+)\s*\("))
                    declared.Add(m.Groups[1].Value);
                True(declared.Count > 40, "only " + declared.Count + " functions found in " + header);

                var bound = new HashSet<string>();
                Type native = typeof(Library).Assembly.GetType("LibShogi.NativeMethods", true);
                foreach (MethodInfo m in native.GetMethods(BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public))
                {
                    var import = (DllImportAttribute)Attribute.GetCustomAttribute(m, typeof(DllImportAttribute));
                    if (import == null)
                        continue;
                    bound.Add(string.IsNullOrEmpty(import.EntryPoint) ? m.Name : import.EntryPoint);
                }
                var extra = new List<string>();
                foreach (string name in bound)
                    if (!declared.Contains(name))
                        extra.Add(name);
                var missing = new List<string>();
                foreach (string name in declared)
                    if (!bound.Contains(name))
                        missing.Add(name);
                missing.Sort();
                if (missing.Count > 0)
                    Console.WriteLine("note: header functions without a binding: " + string.Join(", ", missing.ToArray()));
                else if (Verbose)
                    Console.WriteLine("coverage: all {0} header functions bound", declared.Count);
                Equal(0, extra.Count, "declared by the binding, not by the header: " + string.Join(", ", extra.ToArray()));
            });
        }
    }
}
