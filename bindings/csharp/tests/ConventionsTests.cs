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
                Record r;
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
