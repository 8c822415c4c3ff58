using System;
using System.Collections.Generic;

namespace LibShogi
{
    /// <summary>The kinds of engine option (USI's).</summary>
    public enum EngineOptionType
    {
        /// <summary>A number in Min..Max.</summary>
        Spin = 0,
        /// <summary>A boolean: "true" or "false".</summary>
        Check = 1,
        /// <summary>Any text ("&lt;empty&gt;" is empty).</summary>
        String = 2,
        /// <summary>One of Choices.</summary>
        Combo = 3,
        /// <summary>An action with no value.</summary>
        Button = 4,
        /// <summary>A file path.</summary>
        Filename = 5,
    }

    /// <summary>One option of the engine's option table (the one table that
    /// USI, the C ABI and the bindings read).</summary>
    public sealed class EngineOption
    {
        // Made by the library only.
        internal EngineOption() { }

        /// <summary>The option's name (USI spelling, compared without case).</summary>
        public string Name { get; internal set; }
        /// <summary>The option's type.</summary>
        public EngineOptionType Type { get; internal set; }
        /// <summary>The default value as USI writes it.</summary>
        public string Default { get; internal set; }
        /// <summary>A spin's range (0 for the other types).</summary>
        public long Min { get; internal set; }
        /// <summary>The largest value of a spin.</summary>
        public long Max { get; internal set; }
        /// <summary>A combo's values (empty for the other types).</summary>
        public string[] Choices { get; internal set; }
        /// <summary>A one-line help text.</summary>
        public string Help { get; internal set; }

        /// <summary>The USI "option" line of this option.</summary>
        public override string ToString()
        {
            return Name + " (" + Type + ", default " + Default + ")";
        }
    }

    public sealed partial class Engine
    {
        private const int OptionName = 0, OptionDefault = 1, OptionHelp = 2, OptionChoices = 3;

        /// <summary>The options every engine accepts, in the library's order.</summary>
        public static IReadOnlyList<EngineOption> Options
        {
            get
            {
                int n = (int)NativeMethods.shogi_option_count().ToUInt64();
                var list = new List<EngineOption>(n);
                for (int i = 0; i < n; i++)
                {
                    var index = (UIntPtr)(uint)i;
                    byte[] err = Errors.New();
                    NativeOptionInfo info;
                    Errors.Check(NativeMethods.shogi_option_info(index, out info, err), err);
                    string choices = OptionText(index, OptionChoices);
                    list.Add(new EngineOption
                    {
                        Name = OptionText(index, OptionName),
                        Type = (EngineOptionType)info.OptionType,
                        Default = OptionText(index, OptionDefault),
                        Min = info.Min,
                        Max = info.Max,
                        Choices = choices.Length == 0 ? new string[0] : choices.Split('\n'),
                        Help = OptionText(index, OptionHelp),
                    });
                }
                return list;
            }
        }

        private static string OptionText(UIntPtr index, int field)
        {
            return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                NativeMethods.shogi_option_text(index, field, buf, cap, out needed, err), 64);
        }

        /// <summary>Sets an option by its USI name (not while searching:
        /// ShogiStateException). An unknown name or a value out of range is a
        /// ShogiArgumentException and changes nothing. The struct fields of
        /// <see cref="EngineOptions"/> are options of the table too:
        /// a later <see cref="SetOptions"/> sets them all again.</summary>
        public void SetOption(string name, string value)
        {
            byte[] n = Utf8.Encode(name, "name"), v = Utf8.Encode(value, "value");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_engine_set_option(handle, n, v, err), err);
        }

        /// <summary>SetOption for a spin.</summary>
        public void SetOption(string name, long value)
        {
            SetOption(name, value.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        /// <summary>SetOption for a check.</summary>
        public void SetOption(string name, bool value)
        {
            SetOption(name, value ? "true" : "false");
        }

        /// <summary>An option's current value, as USI writes it.</summary>
        public string GetOption(string name)
        {
            byte[] n = Utf8.Encode(name, "name");
            return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                NativeMethods.shogi_engine_get_option(handle, n, buf, cap, out needed, err), 64);
        }
    }
}
