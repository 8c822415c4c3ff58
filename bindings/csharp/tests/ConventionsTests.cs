// .NET conventions of the binding: exceptions derive from the matching
// .NET types, missing files are FileNotFoundException everywhere, and no
// public type name clashes with System, System.Drawing or WinForms types.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class ConventionsTests
    {
        // PascalCase: an upper-case first letter, no underscore (generic
        // types end in `N).
        private static bool Pascal(string name)
        {
            int tick = name.IndexOf('`');
            if (tick >= 0)
                name = name.Substring(0, tick);
            return name.Length > 0 && char.IsUpper(name[0]) && name.IndexOf('_') < 0;
        }

        private static bool Camel(string name)
        {
            return !string.IsNullOrEmpty(name) && char.IsLower(name[0]) && name.IndexOf('_') < 0;
        }

        public static void RunAll()
        {
            Run("conventions: library errors derive from the matching .NET exceptions", () =>
            {
                using (var p = new Position())
                {
                    ArgumentException a = Throws<ShogiArgumentException>(() => p.Perft(-1), "perft -1");
                    Equal(Status.InvalidArgument, ((IShogiError)a).Status, "status");
                    Throws<IllegalMoveException>(() => p.DoMove("5e5d"), "illegal move");
                    InvalidOperationException s = Throws<ShogiStateException>(() => p.UndoMove(), "undo at start");
                    True(s is IShogiError, "state error is IShogiError");
                    FormatException f = Throws<ShogiParseException>(() => Position.FromSfen("not a sfen"), "parse");
                    True(f.Message.Length > 0, "parse message");
                }
                True(typeof(ArgumentException).IsAssignableFrom(typeof(IllegalMoveException)), "illegal move is ArgumentException");
                True(typeof(IOException).IsAssignableFrom(typeof(ShogiIOException)), "io");
                True(typeof(NotSupportedException).IsAssignableFrom(typeof(ShogiUnsupportedException)), "unsupported");
                True(typeof(InvalidOperationException).IsAssignableFrom(typeof(ShogiBadHandleException)), "bad handle");
                foreach (Status st in Enum.GetValues(typeof(Status)))
                    if (st != Status.Ok)
                        True(ShogiException.FromStatus(st, "m") is IShogiError, "IShogiError for " + st);
            });
            Run("conventions: a missing file is FileNotFoundException for records and networks", () =>
            {
                string missing = Path.Combine(Path.GetTempPath(), "libshogi-cs-missing-" + Guid.NewGuid().ToString("N"));
                Equal(missing + ".kif", Throws<FileNotFoundException>(() => Record.Load(missing + ".kif"), "record").FileName, "record name");
                Equal(missing + ".bin", Throws<FileNotFoundException>(() => Network.Load(missing + ".bin"), "network").FileName, "network name");
                Equal(missing + ".bin", Throws<FileNotFoundException>(() => Network.Load(missing + ".bin", "halfkp_256x2-32-32"),
                                                                      "network with arch").FileName, "network with arch name");
                Equal(missing + ".db", Throws<FileNotFoundException>(() => new Book(missing + ".db"), "book").FileName, "book name");
                Equal(missing + ".db", Throws<FileNotFoundException>(() => Book.Convert(missing + ".db", missing + ".ybb"),
                                                                     "book convert").FileName, "book convert name");
                Equal(missing + ".db", Throws<FileNotFoundException>(() => Book.Merge(new[] { missing + ".db" }, missing + ".ybb"),
                                                                     "book merge").FileName, "book merge name");
                Equal(missing + ".bin", Throws<FileNotFoundException>(() => new Dataset(new[] { missing + ".bin" }, ""),
                                                                      "dataset").FileName, "dataset name");
                True(!File.Exists(missing + ".ybb"), "nothing written for a missing source");
            });
            Run("conventions: Try* parsers return false with the reason", () =>
            {
                Position p;
                string error;
                True(Position.TryFromSfen(PositionTests.StartSfen, out p, out error) && error == null, "start sfen");
                using (p)
                    Equal(PositionTests.StartSfen, p.Sfen, "sfen");
                foreach (string bad in new[] { null, "", "9/9/9 b - 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1" })
                {
                    True(!Position.TryFromSfen(bad, out p, out error), "accepted " + bad);
                    True(p == null && !string.IsNullOrEmpty(error), "no reason for " + bad);
                }
                Move move;
                using (var start = new Position())
                {
                    True(start.TryParseMove("7g7f", out move) && move.ToUsi() == "7g7f", "7g7f");
                    foreach (string bad in new[] { null, "", "7g7e", "xyz" })
                    {
                        True(!start.TryParseMove(bad, out move), "move accepted: " + bad);
                        Equal(Move.None, move, "move on failure");
                        True(!start.IsLegal(bad), "legal: " + bad);
                    }
                }
                Square square;
                True(!Square.TryParseUsi(null, out square) && !Square.TryParseUsi("0a", out square), "square accepted");
                Record r;
                True(!Record.TryParse(null, RecordFormat.Auto, out r, out error) && r == null && error != null, "null record text");
                True(Record.TryParse(RecordTests.Csa, RecordFormat.Csa, out r, out error), "csa: " + error);
                using (r)
                    Equal(4, r.Moves.Length, "moves");
                True(!Record.TryParse("P1 this is not CSA\n+9999ZZ\n", RecordFormat.Csa, out r, out error), "junk accepted");
                True(r == null && !string.IsNullOrEmpty(error), "no reason for junk");
            });
            Run("loader: the Windows DLL is picked by process bitness", () =>
            {
                string[] x86 = NativeLibraryLoader.WindowsCandidates("C:\\app", false);
                string[] x64 = NativeLibraryLoader.WindowsCandidates("C:\\app", true);
                Equal(Path.Combine(Path.Combine("C:\\app", "x86"), "shogi.dll"), x86[0], "x86 first");
                Equal(Path.Combine(Path.Combine("C:\\app", "x64"), "shogi.dll"), x64[0], "x64 first");
                Contains("win-x86", x86[1], "x86 NuGet layout");
                Contains("win-x64", x64[1], "x64 NuGet layout");
                Equal("shogi.dll", x64[x64.Length - 1], "plain name last");
                Equal(IntPtr.Size == 8 ? "x64" : "x86", NativeLibraryLoader.WindowsArchitecture(Environment.Is64BitProcess), "this process");
            });
            Run("conventions: public names follow the .NET naming guidelines", () =>
            {
                var bad = new List<string>();
                const BindingFlags declared = BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static |
                                              BindingFlags.DeclaredOnly;
                int members = 0;
                foreach (Type t in typeof(Position).Assembly.GetExportedTypes())
                {
                    if (!Pascal(t.Name))
                        bad.Add("type " + t.FullName);
                    foreach (MemberInfo m in t.GetMembers(declared))
                    {
                        members++;
                        var method = m as MethodBase;
                        if (method != null && method.IsSpecialName)
                            continue; // accessors, operators, constructors
                        if (m is FieldInfo && ((FieldInfo)m).IsSpecialName)
                            continue; // an enum's value__
                        if (!Pascal(m.Name))
                            bad.Add(t.Name + "." + m.Name);
                        var field = m as FieldInfo;
                        if (field != null && !t.IsEnum && !field.IsLiteral && !(field.IsStatic && field.IsInitOnly))
                            bad.Add(t.Name + "." + m.Name + " (a mutable public field: make it a property)");
                        if (method != null)
                            foreach (ParameterInfo p in method.GetParameters())
                                if (!Camel(p.Name))
                                    bad.Add(t.Name + "." + m.Name + "(" + p.Name + ")");
                    }
                    foreach (ConstructorInfo c in t.GetConstructors())
                        foreach (ParameterInfo p in c.GetParameters())
                            if (!Camel(p.Name))
                                bad.Add(t.Name + ".ctor(" + p.Name + ")");
                }
                True(members > 500, "public members found: " + members);
                Equal("", string.Join(", ", bad.ToArray()), "names against the guidelines");
            });
            Run("conventions: no public type clashes with System, System.Drawing or WinForms", () =>
            {
                var names = new HashSet<string>();
                var assemblies = new List<Assembly> { typeof(object).Assembly, typeof(Uri).Assembly };
                foreach (string name in new[] { "System.Drawing", "System.Windows.Forms" })
                {
                    try
                    {
                        assemblies.Add(Assembly.Load(name + ", Version=4.0.0.0, Culture=neutral, PublicKeyToken=" +
                                                     (name == "System.Drawing" ? "b03f5f7f11d50a3a" : "b77a5c561934e089")));
                    }
                    catch (Exception e)
                    {
                        throw new AssertionException("cannot load " + name + ": " + e.Message);
                    }
                }
                foreach (Assembly asm in assemblies)
                    foreach (Type t in asm.GetExportedTypes())
                        if (t.Namespace == "System" || t.Namespace == "System.Drawing" || t.Namespace == "System.Windows.Forms")
                            names.Add(t.Name);
                True(names.Contains("Color") && names.Contains("Button"), "reference names loaded");
                var clashes = new List<string>();
                foreach (Type t in typeof(Position).Assembly.GetExportedTypes())
                    if (names.Contains(t.Name))
                        clashes.Add(t.FullName);
                Equal("", string.Join(", ", clashes.ToArray()), "clashing public types");
            });
        }
    }
}
