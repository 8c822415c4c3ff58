using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // Compares the binding's view of the C structs with what a C compiler
    // makes of include/shogi.h (tests/layout.c, run by the stage script).
    internal static class LayoutTests
    {
        public static void RunAll(string layoutFile)
        {
            if (layoutFile == null)
                return; // no C compiler run: nothing to compare with
            Run("layout: C struct sizes and offsets match the binding", () =>
            {
                var errors = new List<string>();
                int compared = 0;
                foreach (string line in File.ReadAllLines(layoutFile))
                {
                    if (line.Trim().Length == 0)
                        continue;
                    string[] f = line.Split(' ');
                    string name = f[0];
                    long expected = long.Parse(f[1], CultureInfo.InvariantCulture);
                    long actual;
                    if (!Binding(name, out actual))
                    {
                        errors.Add(name + ": unknown to the binding");
                        continue;
                    }
                    compared++;
                    if (actual != expected)
                        errors.Add(string.Format("{0}: C {1}, binding {2}", name, expected, actual));
                }
                True(compared > 50, "only " + compared + " values compared");
                Equal(0, errors.Count, string.Join("; ", errors.ToArray()));
            });
        }

        private static bool Binding(string name, out long value)
        {
            value = -1;
            switch (name)
            {
                case "ErrorSize": value = Errors.StructSize; return true;
                case "ErrorMessage": value = 4; return true;
                case "MessageSize": value = Errors.MessageSize; return true;
                case "OptionsSize": value = Marshal.SizeOf(typeof(NativeEngineOptions)); return true;
                case "LimitsSize": value = Marshal.SizeOf(typeof(NativeSearchLimits)); return true;
                case "RecordNodeSize": value = Marshal.SizeOf(typeof(NativeRecordNode)); return true;
                case "PsvSize": value = TrainingData.PsvSize; return true;
                case "HcpeSize": value = TrainingData.HcpeSize; return true;
                case "MaxActive": value = Network.MaxActiveFeatures; return true;
            }
            if (name.StartsWith("Options.", StringComparison.Ordinal))
                return Offset(typeof(NativeEngineOptions), name.Substring(8), out value);
            if (name.StartsWith("RecordNode.", StringComparison.Ordinal))
                return Offset(typeof(NativeRecordNode), name.Substring(11), out value);
            if (name.StartsWith("Limits.", StringComparison.Ordinal))
                return Offset(typeof(NativeSearchLimits), name.Substring(7), out value);
            Type layout = typeof(EngineLayout);
            if (name.StartsWith("Progress.", StringComparison.Ordinal))
            {
                layout = typeof(ProgressLayout);
                name = name.Substring(9);
            }
            FieldInfo field = layout.GetField(name, BindingFlags.Public | BindingFlags.Static);
            if (field == null || !field.IsLiteral)
                return false;
            value = Convert.ToInt64(field.GetRawConstantValue(), CultureInfo.InvariantCulture);
            return true;
        }

        private static bool Offset(Type type, string field, out long value)
        {
            value = -1;
            if (type.GetField(field) == null)
                return false;
            value = Marshal.OffsetOf(type, field).ToInt64();
            return true;
        }
    }
}
